CREATE TABLE "fil" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"virksomhed_id" integer NOT NULL,
	"ejer_art" text NOT NULL,
	"ejer_id" integer NOT NULL,
	"filnavn" text,
	"mime_type" text NOT NULL,
	"stoerrelse" integer NOT NULL,
	"indhold" "bytea" NOT NULL,
	"slettet" boolean DEFAULT false NOT NULL,
	"oprettet" timestamp with time zone DEFAULT now() NOT NULL,
	"oprettet_af" integer
);
--> statement-breakpoint
CREATE TABLE "jupiter_indberetning" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"vandanlaeg_id" integer NOT NULL,
	"sendt" timestamp with time zone DEFAULT now() NOT NULL,
	"bruger_id" integer,
	"status" text NOT NULL,
	"fejl_type_kode" text,
	"fejl_type_tekst" text,
	"element_status" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oppumpet_maengde" ADD COLUMN "vandvaerkets_eget_forbrug_bemaerkning" text;--> statement-breakpoint
ALTER TABLE "oppumpet_maengde" ADD COLUMN "filterskylning" double precision;--> statement-breakpoint
ALTER TABLE "oppumpet_maengde" ADD COLUMN "jupiter_indvindingsmetode_id" smallint;--> statement-breakpoint
ALTER TABLE "oppumpet_maengde" ADD COLUMN "kontrolleret" boolean;--> statement-breakpoint
ALTER TABLE "oppumpet_maengde" ADD COLUMN "kontrolleret_tekst" text;--> statement-breakpoint
ALTER TABLE "oppumpet_maengde" ADD COLUMN "maalerskift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fil" ADD CONSTRAINT "fil_virksomhed_id_virksomhed_id_fk" FOREIGN KEY ("virksomhed_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fil" ADD CONSTRAINT "fil_oprettet_af_bruger_id_fk" FOREIGN KEY ("oprettet_af") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jupiter_indberetning" ADD CONSTRAINT "jupiter_indberetning_vandanlaeg_id_virksomhed_id_fk" FOREIGN KEY ("vandanlaeg_id") REFERENCES "public"."virksomhed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jupiter_indberetning" ADD CONSTRAINT "jupiter_indberetning_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fil_ejer_idx" ON "fil" USING btree ("kunde_id","ejer_art","ejer_id");--> statement-breakpoint
CREATE INDEX "jupiter_indberetning_anlaeg_idx" ON "jupiter_indberetning" USING btree ("vandanlaeg_id","sendt");