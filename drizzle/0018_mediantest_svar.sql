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
-- A series' answer is marked (mediantest_svar, aendret = true) whenever a pending (0) or approved (1)
-- row of it is inserted, updated or deleted: its pending entries or its statistics, and so its
-- answer, may have changed. Triggers of their own beside those of migration 0004, which mark the
-- statistics (approved rows only) and stay as they were. `ny` and `gammel` are the statement's
-- transition tables; an INSERT has no `gammel` and a DELETE no `ny`, hence the branches.
CREATE FUNCTION mediantest_svar_marker_oppumpet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO mediantest_svar (kunde_id, art, aendret, serie_id)
    SELECT DISTINCT kunde_id, CASE WHEN indtag_id IS NULL THEN 'anlaeg' ELSE 'indtag' END, true,
           COALESCE(indtag_id, vandanlaeg_id)
    FROM ny WHERE status IN (0, 1)
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
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
CREATE FUNCTION mediantest_svar_marker_pejling() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO mediantest_svar (kunde_id, art, aendret, serie_id)
    SELECT DISTINCT kunde_id, 'pejling', true, indtag_id FROM ny WHERE status IN (0, 1)
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO mediantest_svar (kunde_id, art, aendret, serie_id)
    SELECT DISTINCT kunde_id, 'pejling', true, indtag_id FROM gammel WHERE status IN (0, 1)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER oppumpet_svar_ins AFTER INSERT ON oppumpet_maengde REFERENCING NEW TABLE AS ny
  FOR EACH STATEMENT EXECUTE FUNCTION mediantest_svar_marker_oppumpet();
--> statement-breakpoint
CREATE TRIGGER oppumpet_svar_upd AFTER UPDATE ON oppumpet_maengde REFERENCING OLD TABLE AS gammel NEW TABLE AS ny
  FOR EACH STATEMENT EXECUTE FUNCTION mediantest_svar_marker_oppumpet();
--> statement-breakpoint
CREATE TRIGGER oppumpet_svar_del AFTER DELETE ON oppumpet_maengde REFERENCING OLD TABLE AS gammel
  FOR EACH STATEMENT EXECUTE FUNCTION mediantest_svar_marker_oppumpet();
--> statement-breakpoint
CREATE TRIGGER pejling_svar_ins AFTER INSERT ON pejling REFERENCING NEW TABLE AS ny
  FOR EACH STATEMENT EXECUTE FUNCTION mediantest_svar_marker_pejling();
--> statement-breakpoint
CREATE TRIGGER pejling_svar_upd AFTER UPDATE ON pejling REFERENCING OLD TABLE AS gammel NEW TABLE AS ny
  FOR EACH STATEMENT EXECUTE FUNCTION mediantest_svar_marker_pejling();
--> statement-breakpoint
CREATE TRIGGER pejling_svar_del AFTER DELETE ON pejling REFERENCING OLD TABLE AS gammel
  FOR EACH STATEMENT EXECUTE FUNCTION mediantest_svar_marker_pejling();
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
