-- Contact persons join the one versioned update and soft delete: a volatile default (nextval) is
-- evaluated per existing row, so every existing contact gets its own version from the sequence.
ALTER TABLE "kontaktperson" ADD COLUMN "slettet" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kontaktperson" ADD COLUMN "version" integer DEFAULT nextval('record_version') NOT NULL;