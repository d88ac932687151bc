CREATE SEQUENCE "public"."oekonomi_simulator_nr" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "oekonomi_simulator_faktura" (
	"kunde_nr" integer NOT NULL,
	"noegle" text NOT NULL,
	"fakturanummer" text NOT NULL,
	"input" jsonb NOT NULL,
	"oprettet" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oekonomi_simulator_faktura_kunde_nr_noegle_pk" PRIMARY KEY("kunde_nr","noegle"),
	CONSTRAINT "oekonomi_simulator_faktura_fakturanummer_unique" UNIQUE("fakturanummer")
);
