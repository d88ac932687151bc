CREATE TABLE "arbejdsomraade" (
	"id" serial PRIMARY KEY NOT NULL,
	"bruger_id" integer NOT NULL,
	"kunde_id" integer NOT NULL,
	"navn" text NOT NULL,
	"navn_sortering" text GENERATED ALWAYS AS (dansk_sortering("navn")) STORED,
	"layout" text NOT NULL,
	"start" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT nextval('record_version') NOT NULL,
	"aendret" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arbejdsomraade" ADD CONSTRAINT "arbejdsomraade_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arbejdsomraade" ADD CONSTRAINT "arbejdsomraade_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "arbejdsomraade_bruger_kunde_navn_idx" ON "arbejdsomraade" USING btree ("bruger_id","kunde_id",lower("navn"));--> statement-breakpoint
CREATE UNIQUE INDEX "arbejdsomraade_bruger_kunde_start_idx" ON "arbejdsomraade" USING btree ("bruger_id","kunde_id") WHERE "arbejdsomraade"."start";