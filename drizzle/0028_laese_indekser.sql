-- A validation queue's free-text filter matches the plant's number as well as its name: a trigram
-- index on the number (water plants only) lets the plant part of the filter be found from the two
-- indexes instead of a scan of every company (docs/decisions.md 'Queue filter by plant').
CREATE INDEX IF NOT EXISTS "virksomhed_anlaegsnr_trgm_idx" ON "virksomhed" USING gin ("anlaegsnr" gin_trgm_ops) WHERE "anlaegsnr" IS NOT NULL;
--> statement-breakpoint
-- The water reports' year filter compares the period's start date with the years' bounds
-- (src/server/rapport/motor.ts `aarAf`): an index on the customer and the date serves it.
CREATE INDEX IF NOT EXISTS "oppumpet_kunde_startdato_idx" ON "oppumpet_maengde" USING btree ("kunde_id","startdato");
