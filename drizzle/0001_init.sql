CREATE TABLE "ad_hoc_opgave" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"virksomhed_id" integer NOT NULL,
	"emne" text NOT NULL,
	"notat" text NOT NULL,
	"bruger_id" integer,
	"dato" timestamp with time zone DEFAULT now() NOT NULL,
	"frist" date,
	"udfoert" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boring" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"vandanlaeg_id" integer NOT NULL,
	"dgu_nr" text NOT NULL,
	"navn" text,
	"terraenkote" double precision,
	"dybde" double precision,
	"bore_dato" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bruger" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"navn" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"opsaetning" text,
	"oprettet" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bruger_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "bruger_kunde" (
	"bruger_id" integer NOT NULL,
	"kunde_id" integer NOT NULL,
	"roller" jsonb NOT NULL,
	"kunde_opsaetning" text,
	CONSTRAINT "bruger_kunde_bruger_id_kunde_id_pk" PRIMARY KEY("bruger_id","kunde_id")
);
--> statement-breakpoint
CREATE TABLE "emne" (
	"id" serial PRIMARY KEY NOT NULL,
	"kode" text NOT NULL,
	"navn" text NOT NULL,
	CONSTRAINT "emne_kode_unique" UNIQUE("kode")
);
--> statement-breakpoint
CREATE TABLE "frase" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"emne_id" integer NOT NULL,
	"titel" text NOT NULL,
	"tekst" text NOT NULL,
	"aktiv" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indtag" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"boring_id" integer NOT NULL,
	"indtagsnr" integer NOT NULL,
	"jupiter_id" text,
	"filter_top" double precision,
	"filter_bund" double precision
);
--> statement-breakpoint
CREATE TABLE "kontaktperson" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"virksomhed_id" integer NOT NULL,
	"navn" text NOT NULL,
	"email" text,
	"telefon" text,
	"rolle" text,
	"jupiter_kontaktperson_id" text
);
--> statement-breakpoint
CREATE TABLE "kunde" (
	"id" serial PRIMARY KEY NOT NULL,
	"navn" text NOT NULL,
	"kunde_nr" integer NOT NULL,
	"moduler" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"oekonomi_integration" boolean DEFAULT false NOT NULL,
	CONSTRAINT "kunde_kunde_nr_unique" UNIQUE("kunde_nr")
);
--> statement-breakpoint
CREATE TABLE "logbog" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"virksomhed_id" integer NOT NULL,
	"emne" text NOT NULL,
	"notat" text NOT NULL,
	"bruger_id" integer,
	"dato" timestamp with time zone DEFAULT now() NOT NULL,
	"automatisk" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifikation" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"bruger_id" integer,
	"type" smallint NOT NULL,
	"oprettet" timestamp with time zone DEFAULT now() NOT NULL,
	"beskrivelse" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oppumpet_maengde" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"vandanlaeg_id" integer NOT NULL,
	"indtag_id" integer,
	"startdato" date NOT NULL,
	"slutdato" date NOT NULL,
	"maalerstand_start" double precision,
	"maalerstand_slut" double precision,
	"omregningsfaktor" double precision DEFAULT 1 NOT NULL,
	"grundvand" boolean DEFAULT true NOT NULL,
	"overfladevand" boolean DEFAULT false NOT NULL,
	"vandmaengde_oppumpet" double precision NOT NULL,
	"vandvaerkets_eget_forbrug" double precision,
	"forsyning" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bemaerkning" text,
	"indberetter" text,
	"indberettet_dato" timestamp with time zone DEFAULT now() NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"besluttet_af_bruger_id" integer,
	"besluttet_dato" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pejling" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"vandanlaeg_id" integer NOT NULL,
	"indtag_id" integer NOT NULL,
	"pejletidspunkt" timestamp with time zone NOT NULL,
	"vandstand_under_terraen" double precision NOT NULL,
	"grundvandskote" double precision,
	"situation" smallint,
	"pejlemetode" text,
	"bemaerkning" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"besluttet_af_bruger_id" integer,
	"besluttet_dato" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sts_billet" (
	"id" text PRIMARY KEY NOT NULL,
	"bruger_id" integer NOT NULL,
	"udloeber" timestamp with time zone NOT NULL,
	"brugt" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_besked" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer,
	"titel" text NOT NULL,
	"tekst" text NOT NULL,
	"alvorlighed" text DEFAULT 'info' NOT NULL,
	"gyldig_fra" timestamp with time zone NOT NULL,
	"gyldig_til" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tilsyn_konklusion" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"kode" text NOT NULL,
	"navn" text NOT NULL,
	"aktiv" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virksomhed" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"navn" text NOT NULL,
	"cvr_nr" text,
	"p_nr" text,
	"chr_nr" text,
	"jupiter_id" text,
	"anlaegsnr" text,
	"vejnavn" text,
	"husnummer" text,
	"postnummer" text,
	"postdistrikt" text,
	"adresse" text,
	"dawa_adresse_id" text,
	"x" double precision,
	"y" double precision,
	"branche_kode" text,
	"branche_navn" text,
	"kategori" text,
	"omfattet_af_brugerbetaling" boolean DEFAULT false NOT NULL,
	"primaer_sagsbehandler_id" integer,
	"etablerings_dato" date,
	"ophoert_dato" date,
	"slettet" boolean DEFAULT false NOT NULL,
	"basis" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"opdateret" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_hoc_opgave" ADD CONSTRAINT "ad_hoc_opgave_virksomhed_id_virksomhed_id_fk" FOREIGN KEY ("virksomhed_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_hoc_opgave" ADD CONSTRAINT "ad_hoc_opgave_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boring" ADD CONSTRAINT "boring_vandanlaeg_id_virksomhed_id_fk" FOREIGN KEY ("vandanlaeg_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bruger_kunde" ADD CONSTRAINT "bruger_kunde_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bruger_kunde" ADD CONSTRAINT "bruger_kunde_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frase" ADD CONSTRAINT "frase_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frase" ADD CONSTRAINT "frase_emne_id_emne_id_fk" FOREIGN KEY ("emne_id") REFERENCES "public"."emne"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indtag" ADD CONSTRAINT "indtag_boring_id_boring_id_fk" FOREIGN KEY ("boring_id") REFERENCES "public"."boring"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kontaktperson" ADD CONSTRAINT "kontaktperson_virksomhed_id_virksomhed_id_fk" FOREIGN KEY ("virksomhed_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbog" ADD CONSTRAINT "logbog_virksomhed_id_virksomhed_id_fk" FOREIGN KEY ("virksomhed_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbog" ADD CONSTRAINT "logbog_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifikation" ADD CONSTRAINT "notifikation_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifikation" ADD CONSTRAINT "notifikation_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oppumpet_maengde" ADD CONSTRAINT "oppumpet_maengde_vandanlaeg_id_virksomhed_id_fk" FOREIGN KEY ("vandanlaeg_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oppumpet_maengde" ADD CONSTRAINT "oppumpet_maengde_indtag_id_indtag_id_fk" FOREIGN KEY ("indtag_id") REFERENCES "public"."indtag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oppumpet_maengde" ADD CONSTRAINT "oppumpet_maengde_besluttet_af_bruger_id_bruger_id_fk" FOREIGN KEY ("besluttet_af_bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pejling" ADD CONSTRAINT "pejling_vandanlaeg_id_virksomhed_id_fk" FOREIGN KEY ("vandanlaeg_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pejling" ADD CONSTRAINT "pejling_indtag_id_indtag_id_fk" FOREIGN KEY ("indtag_id") REFERENCES "public"."indtag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pejling" ADD CONSTRAINT "pejling_besluttet_af_bruger_id_bruger_id_fk" FOREIGN KEY ("besluttet_af_bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sts_billet" ADD CONSTRAINT "sts_billet_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_besked" ADD CONSTRAINT "system_besked_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tilsyn_konklusion" ADD CONSTRAINT "tilsyn_konklusion_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virksomhed" ADD CONSTRAINT "virksomhed_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virksomhed" ADD CONSTRAINT "virksomhed_primaer_sagsbehandler_id_bruger_id_fk" FOREIGN KEY ("primaer_sagsbehandler_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adhoc_virksomhed_idx" ON "ad_hoc_opgave" USING btree ("virksomhed_id","dato");--> statement-breakpoint
CREATE INDEX "boring_vandanlaeg_idx" ON "boring" USING btree ("vandanlaeg_id");--> statement-breakpoint
CREATE INDEX "frase_kunde_emne_idx" ON "frase" USING btree ("kunde_id","emne_id");--> statement-breakpoint
CREATE INDEX "indtag_boring_idx" ON "indtag" USING btree ("boring_id");--> statement-breakpoint
CREATE INDEX "kontaktperson_virksomhed_idx" ON "kontaktperson" USING btree ("virksomhed_id");--> statement-breakpoint
CREATE INDEX "logbog_virksomhed_idx" ON "logbog" USING btree ("virksomhed_id","dato");--> statement-breakpoint
CREATE INDEX "notifikation_kunde_idx" ON "notifikation" USING btree ("kunde_id","oprettet");--> statement-breakpoint
CREATE INDEX "oppumpet_kunde_status_idx" ON "oppumpet_maengde" USING btree ("kunde_id","status");--> statement-breakpoint
CREATE INDEX "oppumpet_anlaeg_idx" ON "oppumpet_maengde" USING btree ("vandanlaeg_id","indtag_id","startdato");--> statement-breakpoint
CREATE INDEX "pejling_kunde_status_idx" ON "pejling" USING btree ("kunde_id","status");--> statement-breakpoint
CREATE INDEX "pejling_indtag_idx" ON "pejling" USING btree ("indtag_id","pejletidspunkt");--> statement-breakpoint
CREATE UNIQUE INDEX "tilsyn_konklusion_kode_idx" ON "tilsyn_konklusion" USING btree ("kunde_id","kode");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_navn_idx" ON "virksomhed" USING btree ("kunde_id","type","navn");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_cvr_idx" ON "virksomhed" USING btree ("kunde_id","cvr_nr");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_pnr_idx" ON "virksomhed" USING btree ("kunde_id","p_nr");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_chr_idx" ON "virksomhed" USING btree ("kunde_id","chr_nr");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_jupiter_idx" ON "virksomhed" USING btree ("kunde_id","jupiter_id");--> statement-breakpoint
CREATE INDEX "virksomhed_navn_trgm_idx" ON "virksomhed" USING gin ("navn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "virksomhed_adresse_trgm_idx" ON "virksomhed" USING gin ("adresse" gin_trgm_ops);