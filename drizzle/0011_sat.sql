CREATE TABLE "sat_gebyr_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"navn" text NOT NULL,
	"art" text NOT NULL,
	"sats_oere" integer NOT NULL,
	"gyldig_fra" date NOT NULL,
	"gyldig_til" date,
	"aktiv" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT nextval('record_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sat_overfoersel" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"resultat_id" integer NOT NULL,
	"handling" text NOT NULL,
	"status" text NOT NULL,
	"besked" text,
	"sat_id" text,
	"tidspunkt" timestamp with time zone DEFAULT now() NOT NULL,
	"bruger_id" integer
);
--> statement-breakpoint
CREATE TABLE "sat_tilsynsperiode" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"navn" text NOT NULL,
	"aar" integer NOT NULL,
	"startdato" date NOT NULL,
	"slutdato" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sat_virksomhed" (
	"virksomhed_id" integer PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"sat_tilsynsperiode_id" integer NOT NULL,
	"fra_sat_liste" boolean DEFAULT false NOT NULL,
	"udvalgt_dato" date,
	"deadline_dato" date,
	"risikoscore" double precision,
	"udvaelgelsesmetode" text,
	"er_landbrug" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sat_gebyr_type" ADD CONSTRAINT "sat_gebyr_type_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sat_overfoersel" ADD CONSTRAINT "sat_overfoersel_resultat_id_registrering_id_fk" FOREIGN KEY ("resultat_id") REFERENCES "public"."registrering"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sat_overfoersel" ADD CONSTRAINT "sat_overfoersel_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sat_tilsynsperiode" ADD CONSTRAINT "sat_tilsynsperiode_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sat_virksomhed" ADD CONSTRAINT "sat_virksomhed_virksomhed_id_virksomhed_id_fk" FOREIGN KEY ("virksomhed_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sat_virksomhed" ADD CONSTRAINT "sat_virksomhed_sat_tilsynsperiode_id_sat_tilsynsperiode_id_fk" FOREIGN KEY ("sat_tilsynsperiode_id") REFERENCES "public"."sat_tilsynsperiode"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sat_gebyr_type_kunde_idx" ON "sat_gebyr_type" USING btree ("kunde_id","gyldig_fra");--> statement-breakpoint
CREATE INDEX "sat_overfoersel_resultat_idx" ON "sat_overfoersel" USING btree ("resultat_id","tidspunkt");--> statement-breakpoint
CREATE INDEX "sat_tilsynsperiode_kunde_idx" ON "sat_tilsynsperiode" USING btree ("kunde_id","startdato");--> statement-breakpoint
CREATE INDEX "sat_virksomhed_periode_idx" ON "sat_virksomhed" USING btree ("kunde_id","sat_tilsynsperiode_id");--> statement-breakpoint
CREATE INDEX "sat_virksomhed_deadline_idx" ON "sat_virksomhed" USING btree ("kunde_id","deadline_dato");--> statement-breakpoint
CREATE UNIQUE INDEX "registrering_satresultat_unik_idx" ON "registrering" USING btree ("virksomhed_id") WHERE "registrering"."art" = 'satresultat' and not "registrering"."slettet";