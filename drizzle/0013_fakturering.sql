CREATE TABLE "afregning_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"art" text NOT NULL,
	"status" text NOT NULL,
	"aar" integer NOT NULL,
	"oprettet" timestamp with time zone DEFAULT now() NOT NULL,
	"oprettet_af" integer NOT NULL,
	"overfoert" timestamp with time zone,
	"krediterer_batch_id" integer,
	"aarsag" text,
	"annulleret_af" integer,
	"annulleret" timestamp with time zone,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brugerbetaling_sats" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"aar" integer NOT NULL,
	"timesats_oere" integer NOT NULL,
	"fremmed_andel_bp" integer NOT NULL,
	"husdyr_godkendelse_andel_bp" integer NOT NULL,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faktura" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"virksomhed_id" integer NOT NULL,
	"aar" integer NOT NULL,
	"art" text DEFAULT 'faktura' NOT NULL,
	"status" text NOT NULL,
	"batch_id" integer,
	"total_oere" bigint NOT NULL,
	"timer_halve" integer NOT NULL,
	"antal_linjer" integer NOT NULL,
	"krediterer_faktura_id" integer,
	"fakturanummer" text,
	"fejl" text,
	"forsoeg" integer DEFAULT 0 NOT NULL,
	"oprettet" timestamp with time zone DEFAULT now() NOT NULL,
	"godkendt_af" integer,
	"godkendt" timestamp with time zone,
	"overfoert" timestamp with time zone,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faktura_linje" (
	"id" serial PRIMARY KEY NOT NULL,
	"faktura_id" integer NOT NULL,
	"kilde" text NOT NULL,
	"registrering_id" integer,
	"dato" date NOT NULL,
	"tekst" text NOT NULL,
	"kategori" text,
	"timer_halve" integer,
	"sats_oere" integer NOT NULL,
	"andel_bp" integer NOT NULL,
	"beloeb_oere" bigint NOT NULL,
	"forklaring" text NOT NULL,
	"krediterer_linje_id" integer,
	"aktiv" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oekonomi_overfoersel" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"faktura_id" integer NOT NULL,
	"status" text NOT NULL,
	"besked" text,
	"fakturanummer" text,
	"tidspunkt" timestamp with time zone DEFAULT now() NOT NULL,
	"bruger_id" integer
);
--> statement-breakpoint
ALTER TABLE "afregning_batch" ADD CONSTRAINT "afregning_batch_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "afregning_batch" ADD CONSTRAINT "afregning_batch_oprettet_af_bruger_id_fk" FOREIGN KEY ("oprettet_af") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "afregning_batch" ADD CONSTRAINT "afregning_batch_annulleret_af_bruger_id_fk" FOREIGN KEY ("annulleret_af") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brugerbetaling_sats" ADD CONSTRAINT "brugerbetaling_sats_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faktura" ADD CONSTRAINT "faktura_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faktura" ADD CONSTRAINT "faktura_virksomhed_id_virksomhed_id_fk" FOREIGN KEY ("virksomhed_id") REFERENCES "public"."virksomhed"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faktura" ADD CONSTRAINT "faktura_batch_id_afregning_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."afregning_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faktura" ADD CONSTRAINT "faktura_godkendt_af_bruger_id_fk" FOREIGN KEY ("godkendt_af") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faktura_linje" ADD CONSTRAINT "faktura_linje_faktura_id_faktura_id_fk" FOREIGN KEY ("faktura_id") REFERENCES "public"."faktura"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faktura_linje" ADD CONSTRAINT "faktura_linje_registrering_id_registrering_id_fk" FOREIGN KEY ("registrering_id") REFERENCES "public"."registrering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oekonomi_overfoersel" ADD CONSTRAINT "oekonomi_overfoersel_faktura_id_faktura_id_fk" FOREIGN KEY ("faktura_id") REFERENCES "public"."faktura"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oekonomi_overfoersel" ADD CONSTRAINT "oekonomi_overfoersel_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "afregning_batch_kunde_idx" ON "afregning_batch" USING btree ("kunde_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "brugerbetaling_sats_kunde_aar_idx" ON "brugerbetaling_sats" USING btree ("kunde_id","aar");--> statement-breakpoint
CREATE INDEX "faktura_kunde_status_idx" ON "faktura" USING btree ("kunde_id","status","aar");--> statement-breakpoint
CREATE INDEX "faktura_batch_idx" ON "faktura" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "faktura_virksomhed_idx" ON "faktura" USING btree ("virksomhed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "faktura_krediterer_idx" ON "faktura" USING btree ("krediterer_faktura_id");--> statement-breakpoint
CREATE INDEX "faktura_linje_faktura_idx" ON "faktura_linje" USING btree ("faktura_id");--> statement-breakpoint
CREATE UNIQUE INDEX "faktura_linje_registrering_aktiv_idx" ON "faktura_linje" USING btree ("registrering_id") WHERE "faktura_linje"."aktiv" and "faktura_linje"."registrering_id" is not null;--> statement-breakpoint
CREATE INDEX "oekonomi_overfoersel_faktura_idx" ON "oekonomi_overfoersel" USING btree ("faktura_id","tidspunkt");