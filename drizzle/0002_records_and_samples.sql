CREATE TABLE "cvr_aendring" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"virksomhed_id" integer NOT NULL,
	"felt" text NOT NULL,
	"gammel_vaerdi" text,
	"ny_vaerdi" text,
	"registreret" timestamp with time zone DEFAULT now() NOT NULL,
	"overtaget" boolean DEFAULT false NOT NULL,
	"bruger_id" integer
);
--> statement-breakpoint
CREATE TABLE "mail_udsendelse" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"vandanlaeg_id" integer NOT NULL,
	"aar" integer NOT NULL,
	"modtager" text NOT NULL,
	"emne" text NOT NULL,
	"sendt" timestamp with time zone DEFAULT now() NOT NULL,
	"bruger_id" integer
);
--> statement-breakpoint
CREATE TABLE "registrering" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"virksomhed_id" integer NOT NULL,
	"art" text NOT NULL,
	"titel" text NOT NULL,
	"dato" date,
	"sagsbehandler_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"slettet" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"oprettet" timestamp with time zone DEFAULT now() NOT NULL,
	"oprettet_af" integer,
	"opdateret" timestamp with time zone DEFAULT now() NOT NULL,
	"opdateret_af" integer
);
--> statement-breakpoint
CREATE TABLE "vandproeve" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"vandanlaeg_id" integer NOT NULL,
	"indtag_id" integer,
	"proevested" text NOT NULL,
	"proevetype" text NOT NULL,
	"udtaget" timestamp with time zone NOT NULL,
	"laboratorium" text NOT NULL,
	"analyser" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bemaerkning" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"besluttet_af_bruger_id" integer,
	"besluttet_dato" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cvr_aendring" ADD CONSTRAINT "cvr_aendring_virksomhed_id_virksomhed_id_fk" FOREIGN KEY ("virksomhed_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cvr_aendring" ADD CONSTRAINT "cvr_aendring_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_udsendelse" ADD CONSTRAINT "mail_udsendelse_vandanlaeg_id_virksomhed_id_fk" FOREIGN KEY ("vandanlaeg_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_udsendelse" ADD CONSTRAINT "mail_udsendelse_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrering" ADD CONSTRAINT "registrering_virksomhed_id_virksomhed_id_fk" FOREIGN KEY ("virksomhed_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrering" ADD CONSTRAINT "registrering_sagsbehandler_id_bruger_id_fk" FOREIGN KEY ("sagsbehandler_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrering" ADD CONSTRAINT "registrering_oprettet_af_bruger_id_fk" FOREIGN KEY ("oprettet_af") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrering" ADD CONSTRAINT "registrering_opdateret_af_bruger_id_fk" FOREIGN KEY ("opdateret_af") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vandproeve" ADD CONSTRAINT "vandproeve_vandanlaeg_id_virksomhed_id_fk" FOREIGN KEY ("vandanlaeg_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vandproeve" ADD CONSTRAINT "vandproeve_indtag_id_indtag_id_fk" FOREIGN KEY ("indtag_id") REFERENCES "public"."indtag"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vandproeve" ADD CONSTRAINT "vandproeve_besluttet_af_bruger_id_bruger_id_fk" FOREIGN KEY ("besluttet_af_bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cvr_aendring_virksomhed_idx" ON "cvr_aendring" USING btree ("virksomhed_id","registreret");--> statement-breakpoint
CREATE INDEX "mail_udsendelse_kunde_aar_idx" ON "mail_udsendelse" USING btree ("kunde_id","aar","vandanlaeg_id");--> statement-breakpoint
CREATE INDEX "registrering_virksomhed_art_idx" ON "registrering" USING btree ("virksomhed_id","art","dato");--> statement-breakpoint
CREATE INDEX "registrering_kunde_art_idx" ON "registrering" USING btree ("kunde_id","art","dato");--> statement-breakpoint
CREATE INDEX "vandproeve_kunde_status_idx" ON "vandproeve" USING btree ("kunde_id","status","udtaget");