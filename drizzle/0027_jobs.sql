-- Long jobs (issue 32): work longer than an interactive call (the year's plan, invoice proposals, the
-- transfer of a batch) runs as a job in the server process after its start answered 202. One row per
-- run: its progress (done of total), who started it, its result or its error. The unique partial index
-- lets one run of a kind and key (a period, a year, a batch) be 'koerer' per customer at a time, so a
-- second start is refused atomically (409) by the insert itself. `ret` is the right of the call that
-- started it, which reading the job also needs. `hjerteslag` is refreshed while the
-- run lives; a run left 'koerer' by a stopped process is marked 'fejlet' (src/server/jobs/jobs.ts).
CREATE TABLE "job" (
	"id" serial PRIMARY KEY NOT NULL,
	"kunde_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"titel" text NOT NULL,
	"ret" text NOT NULL,
	"status" text DEFAULT 'koerer' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hjerteslag" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"error" text,
	CONSTRAINT "job_status_check" CHECK ("job"."status" in ('koerer', 'faerdig', 'fejlet'))
);
--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_kunde_id_kunde_id_fk" FOREIGN KEY ("kunde_id") REFERENCES "public"."kunde"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_started_by_bruger_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."bruger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_koerer_idx" ON "job" USING btree ("kunde_id","kind","key") WHERE "job"."status" = 'koerer';--> statement-breakpoint
CREATE INDEX "job_kunde_idx" ON "job" USING btree ("kunde_id","kind","key","id");
