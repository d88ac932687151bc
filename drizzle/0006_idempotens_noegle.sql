CREATE TABLE "idempotens_noegle" (
	"kunde_id" integer NOT NULL,
	"bruger_id" integer NOT NULL,
	"noegle" text NOT NULL,
	"metode" text NOT NULL,
	"sti" text NOT NULL,
	"fingeraftryk" text NOT NULL,
	"reservation" text NOT NULL,
	"status" smallint,
	"svar" text,
	"indholdstype" text,
	"oprettet" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotens_noegle_kunde_id_bruger_id_noegle_pk" PRIMARY KEY("kunde_id","bruger_id","noegle")
);
--> statement-breakpoint
ALTER TABLE "idempotens_noegle" ADD CONSTRAINT "idempotens_noegle_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotens_noegle" ADD CONSTRAINT "idempotens_noegle_bruger_id_bruger_id_fk" FOREIGN KEY ("bruger_id") REFERENCES "public"."bruger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotens_noegle_oprettet_idx" ON "idempotens_noegle" USING btree ("oprettet");