CREATE TABLE "administrative_oplysninger" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"navn" text NOT NULL,
	"afsender" text NOT NULL,
	"adresse" text,
	"postnr_by" text,
	"telefon" text,
	"email" text,
	"web" text,
	"underskrift_navn" text,
	"underskrift_titel" text,
	"logo" "bytea",
	"logo_mime_type" text,
	"standard" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bruger_admin_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"bruger_id" integer NOT NULL,
	"udfoert_af" integer,
	"tidspunkt" timestamp with time zone DEFAULT now() NOT NULL,
	"handling" text NOT NULL,
	"foer" jsonb,
	"efter" jsonb
);
--> statement-breakpoint
CREATE TABLE "dma_indberetning" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"virksomhed_id" integer NOT NULL,
	"registrering_id" integer,
	"sendt" timestamp with time zone DEFAULT now() NOT NULL,
	"bruger_id" integer,
	"status" text NOT NULL,
	"fejl_kode" text,
	"fejl_tekst" text
);
--> statement-breakpoint
CREATE TABLE "dokument_skabelon" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"dokument_type" text NOT NULL,
	"navn" text NOT NULL,
	"filnavn" text NOT NULL,
	"indhold" "bytea" NOT NULL,
	"stoerrelse" integer NOT NULL,
	"felter" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"aktiv" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT nextval('record_version') NOT NULL,
	"oprettet" timestamp with time zone DEFAULT now() NOT NULL,
	"oprettet_af" integer
);
--> statement-breakpoint
CREATE TABLE "jupiter_certifikat" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"subjekt" text NOT NULL,
	"udsteder" text NOT NULL,
	"serienummer" text NOT NULL,
	"fingeraftryk" text NOT NULL,
	"gyldig_fra" timestamp with time zone NOT NULL,
	"gyldig_til" timestamp with time zone NOT NULL,
	"certifikat_pem" text NOT NULL,
	"noegle_krypteret" text NOT NULL,
	"aktiv" boolean DEFAULT true NOT NULL,
	"oprettet" timestamp with time zone DEFAULT now() NOT NULL,
	"oprettet_af" integer
);
--> statement-breakpoint
CREATE TABLE "kontrolpunkt" (
	"id" serial PRIMARY KEY NOT NULL,
	"skabelon_id" integer NOT NULL,
	"emne_kode" text NOT NULL,
	"tekst" text NOT NULL,
	"sortering" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kontrolpunkt_skabelon" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"navn" text NOT NULL,
	"virksomhedstype" smallint NOT NULL,
	"aktiv" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_forsoeg" (
	"noegle" text PRIMARY KEY NOT NULL,
	"antal" integer NOT NULL,
	"nulstilles" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minimap_kobling" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"visningssted" text NOT NULL,
	"navn" text NOT NULL,
	"url" text NOT NULL,
	"aktiv" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifikation_laest" (
	"notifikation_id" integer NOT NULL,
	"bruger_id" integer NOT NULL,
	"laest" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifikation_laest_notifikation_id_bruger_id_pk" PRIMARY KEY("notifikation_id","bruger_id")
);
--> statement-breakpoint
CREATE TABLE "tilsyn_kontrolpunkt" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"registrering_id" integer NOT NULL,
	"kontrolpunkt_id" integer NOT NULL,
	"resultat" text,
	"bemaerkning" text,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tilsyn_rapport_tekst" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"emne_kode" text NOT NULL,
	"titel" text NOT NULL,
	"tekst" text NOT NULL,
	"aktiv" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bruger_kunde" ADD COLUMN "suspenderet_til" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifikation" ADD COLUMN "noegle" text;--> statement-breakpoint
ALTER TABLE "notifikation" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "administrative_oplysninger" ADD CONSTRAINT "administrative_oplysninger_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bruger_admin_log" ADD CONSTRAINT "bruger_admin_log_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bruger_admin_log" ADD CONSTRAINT "bruger_admin_log_udfoert_af_bruger_id_fk" FOREIGN KEY ("udfoert_af") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dma_indberetning" ADD CONSTRAINT "dma_indberetning_virksomhed_id_virksomhed_id_fk" FOREIGN KEY ("virksomhed_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dma_indberetning" ADD CONSTRAINT "dma_indberetning_registrering_id_registrering_id_fk" FOREIGN KEY ("registrering_id") REFERENCES "public"."registrering"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dma_indberetning" ADD CONSTRAINT "dma_indberetning_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dokument_skabelon" ADD CONSTRAINT "dokument_skabelon_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dokument_skabelon" ADD CONSTRAINT "dokument_skabelon_oprettet_af_bruger_id_fk" FOREIGN KEY ("oprettet_af") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jupiter_certifikat" ADD CONSTRAINT "jupiter_certifikat_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jupiter_certifikat" ADD CONSTRAINT "jupiter_certifikat_oprettet_af_bruger_id_fk" FOREIGN KEY ("oprettet_af") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kontrolpunkt" ADD CONSTRAINT "kontrolpunkt_skabelon_id_kontrolpunkt_skabelon_id_fk" FOREIGN KEY ("skabelon_id") REFERENCES "public"."kontrolpunkt_skabelon"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kontrolpunkt_skabelon" ADD CONSTRAINT "kontrolpunkt_skabelon_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minimap_kobling" ADD CONSTRAINT "minimap_kobling_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifikation_laest" ADD CONSTRAINT "notifikation_laest_notifikation_id_notifikation_id_fk" FOREIGN KEY ("notifikation_id") REFERENCES "public"."notifikation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifikation_laest" ADD CONSTRAINT "notifikation_laest_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tilsyn_kontrolpunkt" ADD CONSTRAINT "tilsyn_kontrolpunkt_registrering_id_registrering_id_fk" FOREIGN KEY ("registrering_id") REFERENCES "public"."registrering"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tilsyn_kontrolpunkt" ADD CONSTRAINT "tilsyn_kontrolpunkt_kontrolpunkt_id_kontrolpunkt_id_fk" FOREIGN KEY ("kontrolpunkt_id") REFERENCES "public"."kontrolpunkt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tilsyn_rapport_tekst" ADD CONSTRAINT "tilsyn_rapport_tekst_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "administrative_oplysninger_kunde_idx" ON "administrative_oplysninger" USING btree ("kunde_id");--> statement-breakpoint
CREATE INDEX "bruger_admin_log_kunde_idx" ON "bruger_admin_log" USING btree ("kunde_id","tidspunkt");--> statement-breakpoint
CREATE INDEX "dma_indberetning_virksomhed_idx" ON "dma_indberetning" USING btree ("virksomhed_id","sendt");--> statement-breakpoint
CREATE INDEX "dma_indberetning_kunde_idx" ON "dma_indberetning" USING btree ("kunde_id","sendt");--> statement-breakpoint
CREATE INDEX "dokument_skabelon_kunde_idx" ON "dokument_skabelon" USING btree ("kunde_id","dokument_type");--> statement-breakpoint
CREATE INDEX "jupiter_certifikat_kunde_idx" ON "jupiter_certifikat" USING btree ("kunde_id","aktiv");--> statement-breakpoint
CREATE INDEX "kontrolpunkt_skabelon_idx" ON "kontrolpunkt" USING btree ("skabelon_id","sortering");--> statement-breakpoint
CREATE INDEX "kontrolpunkt_skabelon_kunde_idx" ON "kontrolpunkt_skabelon" USING btree ("kunde_id");--> statement-breakpoint
CREATE INDEX "minimap_kobling_kunde_idx" ON "minimap_kobling" USING btree ("kunde_id","visningssted");--> statement-breakpoint
CREATE UNIQUE INDEX "tilsyn_kontrolpunkt_unik_idx" ON "tilsyn_kontrolpunkt" USING btree ("registrering_id","kontrolpunkt_id");--> statement-breakpoint
CREATE INDEX "tilsyn_rapport_tekst_kunde_idx" ON "tilsyn_rapport_tekst" USING btree ("kunde_id","emne_kode");--> statement-breakpoint
CREATE UNIQUE INDEX "notifikation_noegle_idx" ON "notifikation" USING btree ("kunde_id","type","noegle") WHERE "notifikation"."noegle" is not null;