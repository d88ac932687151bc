CREATE TABLE "mediantest_svar" (
	"kunde_id" integer NOT NULL,
	"art" text NOT NULL,
	"aendret" boolean NOT NULL,
	"serie_id" integer NOT NULL,
	"tekst" text,
	CONSTRAINT "mediantest_svar_kunde_id_art_aendret_serie_id_pk" PRIMARY KEY("kunde_id","art","aendret","serie_id")
);
--> statement-breakpoint
CREATE INDEX "mediantest_svar_aendret_idx" ON "mediantest_svar" USING btree ("kunde_id","art") WHERE aendret;--> statement-breakpoint
-- The triggers of migration 0004 also mark the series' answer (mediantest_svar, aendret = true)
-- whenever a pending (0) or approved (1) row of it is inserted, updated or deleted: its pending
-- entries or its statistics, and so its answer, may have changed. The statistics' markers stay as
-- they were (approved rows only).
CREATE OR REPLACE FUNCTION validering_statistik_marker_oppumpet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO validering_statistik (kunde_id, art, serie_id, gruppe1, gruppe2)
    SELECT DISTINCT kunde_id, CASE WHEN indtag_id IS NULL THEN 'anlaeg' ELSE 'indtag' END,
           COALESCE(indtag_id, vandanlaeg_id), -1, -1
    FROM ny WHERE status = 1
    ON CONFLICT DO NOTHING;
    INSERT INTO mediantest_svar (kunde_id, art, aendret, serie_id)
    SELECT DISTINCT kunde_id, CASE WHEN indtag_id IS NULL THEN 'anlaeg' ELSE 'indtag' END, true,
           COALESCE(indtag_id, vandanlaeg_id)
    FROM ny WHERE status IN (0, 1)
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO validering_statistik (kunde_id, art, serie_id, gruppe1, gruppe2)
    SELECT DISTINCT kunde_id, CASE WHEN indtag_id IS NULL THEN 'anlaeg' ELSE 'indtag' END,
           COALESCE(indtag_id, vandanlaeg_id), -1, -1
    FROM gammel WHERE status = 1
    ON CONFLICT DO NOTHING;
    INSERT INTO mediantest_svar (kunde_id, art, aendret, serie_id)
    SELECT DISTINCT kunde_id, CASE WHEN indtag_id IS NULL THEN 'anlaeg' ELSE 'indtag' END, true,
           COALESCE(indtag_id, vandanlaeg_id)
    FROM gammel WHERE status IN (0, 1)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION validering_statistik_marker_pejling() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO validering_statistik (kunde_id, art, serie_id, gruppe1, gruppe2)
    SELECT DISTINCT kunde_id, 'pejling', indtag_id, -1, -1 FROM ny WHERE status = 1
    ON CONFLICT DO NOTHING;
    INSERT INTO mediantest_svar (kunde_id, art, aendret, serie_id)
    SELECT DISTINCT kunde_id, 'pejling', true, indtag_id FROM ny WHERE status IN (0, 1)
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO validering_statistik (kunde_id, art, serie_id, gruppe1, gruppe2)
    SELECT DISTINCT kunde_id, 'pejling', indtag_id, -1, -1 FROM gammel WHERE status = 1
    ON CONFLICT DO NOTHING;
    INSERT INTO mediantest_svar (kunde_id, art, aendret, serie_id)
    SELECT DISTINCT kunde_id, 'pejling', true, indtag_id FROM gammel WHERE status IN (0, 1)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Existing data: mark every series with pending entries (its answer is built on first use or by
-- efterSeed).
INSERT INTO mediantest_svar (kunde_id, art, aendret, serie_id)
SELECT DISTINCT kunde_id, CASE WHEN indtag_id IS NULL THEN 'anlaeg' ELSE 'indtag' END, true,
       COALESCE(indtag_id, vandanlaeg_id)
FROM oppumpet_maengde WHERE status = 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO mediantest_svar (kunde_id, art, aendret, serie_id)
SELECT DISTINCT kunde_id, 'pejling', true, indtag_id FROM pejling WHERE status = 0
ON CONFLICT DO NOTHING;
