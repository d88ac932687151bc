-- The pending pumped quantities (status 0 = Afventer) as a compact covering index: the median test
-- over every pending entry reads it with an index-only scan (about 450 index blocks for Skive's
-- 61,000 plant-level entries) instead of visiting a heap page per entry (3,000+ blocks), which is
-- what a cold first run after a restart pays for on PGlite. Drizzle's index builder has no INCLUDE,
-- hence a hand-written migration (issue 16).
CREATE INDEX "oppumpet_afventer_idx" ON "oppumpet_maengde" USING btree ("kunde_id", ("indtag_id" IS NULL))
  INCLUDE ("vandanlaeg_id", "indtag_id", "startdato", "slutdato", "vandmaengde_oppumpet")
  WHERE "status" = 0;
