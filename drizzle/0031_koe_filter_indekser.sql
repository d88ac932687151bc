-- A validation queue's free-text filter (src/server/routes/validering-data.ts `tekstfilter`) is an OR
-- of the plant found by name or number, the intake found by its borehole's DGU number, and the entry's
-- own reporter. With an index on each arm PostgreSQL combines them (BitmapOr) and reads only the
-- matching entries instead of every pending entry of the customer (docs/decisions.md 'Queue filter
-- by plant'). Pending entries only: the queues show status 0, the decided lists take no text filter.
CREATE INDEX IF NOT EXISTS "oppumpet_afventer_indberetter_trgm_idx" ON "oppumpet_maengde" USING gin ("indberetter" gin_trgm_ops) WHERE "status" = 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oppumpet_indtag_idx" ON "oppumpet_maengde" USING btree ("indtag_id") WHERE "indtag_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pejling_afventer_anlaeg_idx" ON "pejling" USING btree ("vandanlaeg_id") WHERE "status" = 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "boring_dgu_trgm_idx" ON "boring" USING gin ("dgu_nr" gin_trgm_ops);
