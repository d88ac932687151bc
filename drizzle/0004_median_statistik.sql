CREATE TABLE "validering_statistik" (
	"kunde_id" integer NOT NULL,
	"art" text NOT NULL,
	"serie_id" integer NOT NULL,
	"gruppe1" integer NOT NULL,
	"gruppe2" integer NOT NULL,
	"median" double precision,
	"mad" double precision,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "validering_statistik_kunde_id_art_serie_id_gruppe1_gruppe2_pk" PRIMARY KEY("kunde_id","art","serie_id","gruppe1","gruppe2")
);
--> statement-breakpoint
CREATE INDEX "validering_statistik_aendret_idx" ON "validering_statistik" USING btree ("kunde_id") WHERE gruppe1 = -1 AND gruppe2 = -1;--> statement-breakpoint
-- The median test's statistics are kept per series: every statement that inserts, updates or deletes
-- approved (status 1) rows marks the series it touched (a row with gruppe1 = gruppe2 = -1); the
-- marked series are recomputed by src/server/validering/median.ts before the statistics are read,
-- and by every decision in its own transaction.
CREATE FUNCTION validering_statistik_marker_oppumpet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO validering_statistik (kunde_id, art, serie_id, gruppe1, gruppe2)
    SELECT DISTINCT kunde_id, CASE WHEN indtag_id IS NULL THEN 'anlaeg' ELSE 'indtag' END,
           COALESCE(indtag_id, vandanlaeg_id), -1, -1
    FROM ny WHERE status = 1
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO validering_statistik (kunde_id, art, serie_id, gruppe1, gruppe2)
    SELECT DISTINCT kunde_id, CASE WHEN indtag_id IS NULL THEN 'anlaeg' ELSE 'indtag' END,
           COALESCE(indtag_id, vandanlaeg_id), -1, -1
    FROM gammel WHERE status = 1
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION validering_statistik_marker_pejling() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO validering_statistik (kunde_id, art, serie_id, gruppe1, gruppe2)
    SELECT DISTINCT kunde_id, 'pejling', indtag_id, -1, -1 FROM ny WHERE status = 1
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO validering_statistik (kunde_id, art, serie_id, gruppe1, gruppe2)
    SELECT DISTINCT kunde_id, 'pejling', indtag_id, -1, -1 FROM gammel WHERE status = 1
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER oppumpet_statistik_ins AFTER INSERT ON oppumpet_maengde REFERENCING NEW TABLE AS ny
  FOR EACH STATEMENT EXECUTE FUNCTION validering_statistik_marker_oppumpet();
--> statement-breakpoint
CREATE TRIGGER oppumpet_statistik_upd AFTER UPDATE ON oppumpet_maengde REFERENCING OLD TABLE AS gammel NEW TABLE AS ny
  FOR EACH STATEMENT EXECUTE FUNCTION validering_statistik_marker_oppumpet();
--> statement-breakpoint
CREATE TRIGGER oppumpet_statistik_del AFTER DELETE ON oppumpet_maengde REFERENCING OLD TABLE AS gammel
  FOR EACH STATEMENT EXECUTE FUNCTION validering_statistik_marker_oppumpet();
--> statement-breakpoint
CREATE TRIGGER pejling_statistik_ins AFTER INSERT ON pejling REFERENCING NEW TABLE AS ny
  FOR EACH STATEMENT EXECUTE FUNCTION validering_statistik_marker_pejling();
--> statement-breakpoint
CREATE TRIGGER pejling_statistik_upd AFTER UPDATE ON pejling REFERENCING OLD TABLE AS gammel NEW TABLE AS ny
  FOR EACH STATEMENT EXECUTE FUNCTION validering_statistik_marker_pejling();
--> statement-breakpoint
CREATE TRIGGER pejling_statistik_del AFTER DELETE ON pejling REFERENCING OLD TABLE AS gammel
  FOR EACH STATEMENT EXECUTE FUNCTION validering_statistik_marker_pejling();
--> statement-breakpoint
-- Existing data: mark every series with approved history (built on first use or by efterSeed).
INSERT INTO validering_statistik (kunde_id, art, serie_id, gruppe1, gruppe2)
SELECT DISTINCT kunde_id, CASE WHEN indtag_id IS NULL THEN 'anlaeg' ELSE 'indtag' END,
       COALESCE(indtag_id, vandanlaeg_id), -1, -1
FROM oppumpet_maengde WHERE status = 1
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO validering_statistik (kunde_id, art, serie_id, gruppe1, gruppe2)
SELECT DISTINCT kunde_id, 'pejling', indtag_id, -1, -1 FROM pejling WHERE status = 1
ON CONFLICT DO NOTHING;
