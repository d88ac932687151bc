CREATE TABLE "opfoelgning_oekonomi" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"periode_id" integer NOT NULL,
	"tekst" text NOT NULL,
	"planlagte_timer_halve" integer NOT NULL,
	"registrerede_timer_halve" integer NOT NULL,
	"fakturerede_timer_halve" integer NOT NULL,
	"planlagt_beloeb_oere" bigint NOT NULL,
	"faktureret_beloeb_oere" bigint NOT NULL,
	"bemaerkning" text,
	"slettet" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planlaegning_ressource" (
	"id" serial PRIMARY KEY NOT NULL,
	"periode_id" integer NOT NULL,
	"bruger_id" integer NOT NULL,
	"timer_til_raadighed_halve" integer NOT NULL,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planlaegningsperiode" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"aar" integer NOT NULL,
	"navn" text NOT NULL,
	"startdato" date NOT NULL,
	"slutdato" date NOT NULL,
	"genereret" timestamp with time zone,
	"genereret_af" integer,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planlagt_tilsyn" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"periode_id" integer NOT NULL,
	"virksomhed_id" integer NOT NULL,
	"kategori" text NOT NULL,
	"tilsynstype" text NOT NULL,
	"fysisk" boolean DEFAULT true NOT NULL,
	"score" double precision,
	"begrundelse" text NOT NULL,
	"prioritet" integer,
	"valgt" boolean DEFAULT false NOT NULL,
	"timer_halve" integer NOT NULL,
	"sagsbehandler_id" integer,
	"udfoert_registrering_id" integer
);
--> statement-breakpoint
ALTER TABLE "opfoelgning_oekonomi" ADD CONSTRAINT "opfoelgning_oekonomi_periode_id_planlaegningsperiode_id_fk" FOREIGN KEY ("periode_id") REFERENCES "public"."planlaegningsperiode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planlaegning_ressource" ADD CONSTRAINT "planlaegning_ressource_periode_id_planlaegningsperiode_id_fk" FOREIGN KEY ("periode_id") REFERENCES "public"."planlaegningsperiode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planlaegning_ressource" ADD CONSTRAINT "planlaegning_ressource_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planlaegningsperiode" ADD CONSTRAINT "planlaegningsperiode_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planlaegningsperiode" ADD CONSTRAINT "planlaegningsperiode_genereret_af_bruger_id_fk" FOREIGN KEY ("genereret_af") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planlagt_tilsyn" ADD CONSTRAINT "planlagt_tilsyn_periode_id_planlaegningsperiode_id_fk" FOREIGN KEY ("periode_id") REFERENCES "public"."planlaegningsperiode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planlagt_tilsyn" ADD CONSTRAINT "planlagt_tilsyn_virksomhed_id_virksomhed_id_fk" FOREIGN KEY ("virksomhed_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planlagt_tilsyn" ADD CONSTRAINT "planlagt_tilsyn_sagsbehandler_id_bruger_id_fk" FOREIGN KEY ("sagsbehandler_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planlagt_tilsyn" ADD CONSTRAINT "planlagt_tilsyn_udfoert_registrering_id_registrering_id_fk" FOREIGN KEY ("udfoert_registrering_id") REFERENCES "public"."registrering"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opfoelgning_oekonomi_periode_idx" ON "opfoelgning_oekonomi" USING btree ("periode_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planlaegning_ressource_periode_bruger_idx" ON "planlaegning_ressource" USING btree ("periode_id","bruger_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planlaegningsperiode_kunde_aar_idx" ON "planlaegningsperiode" USING btree ("kunde_id","aar");--> statement-breakpoint
CREATE INDEX "planlagt_tilsyn_periode_idx" ON "planlagt_tilsyn" USING btree ("periode_id","kategori","score");--> statement-breakpoint
CREATE UNIQUE INDEX "planlagt_tilsyn_periode_virksomhed_idx" ON "planlagt_tilsyn" USING btree ("periode_id","virksomhed_id");--> statement-breakpoint
CREATE INDEX "planlagt_tilsyn_sagsbehandler_idx" ON "planlagt_tilsyn" USING btree ("periode_id","sagsbehandler_id");