-- Versions unique across all records (one sequence): existing rows are renumbered once.
CREATE SEQUENCE "public"."record_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "boring" ALTER COLUMN "version" SET DEFAULT nextval('record_version');--> statement-breakpoint
ALTER TABLE "frase" ALTER COLUMN "version" SET DEFAULT nextval('record_version');--> statement-breakpoint
ALTER TABLE "oppumpet_maengde" ALTER COLUMN "version" SET DEFAULT nextval('record_version');--> statement-breakpoint
ALTER TABLE "pejling" ALTER COLUMN "version" SET DEFAULT nextval('record_version');--> statement-breakpoint
ALTER TABLE "registrering" ALTER COLUMN "version" SET DEFAULT nextval('record_version');--> statement-breakpoint
ALTER TABLE "vandproeve" ALTER COLUMN "version" SET DEFAULT nextval('record_version');--> statement-breakpoint
ALTER TABLE "virksomhed" ALTER COLUMN "version" SET DEFAULT nextval('record_version');--> statement-breakpoint
UPDATE "virksomhed" SET "version" = nextval('record_version');--> statement-breakpoint
UPDATE "registrering" SET "version" = nextval('record_version');--> statement-breakpoint
UPDATE "boring" SET "version" = nextval('record_version');--> statement-breakpoint
UPDATE "oppumpet_maengde" SET "version" = nextval('record_version');--> statement-breakpoint
UPDATE "pejling" SET "version" = nextval('record_version');--> statement-breakpoint
UPDATE "vandproeve" SET "version" = nextval('record_version');--> statement-breakpoint
UPDATE "frase" SET "version" = nextval('record_version');
