-- The water report's yearly summary (issue 32; docs/decisions.md 'Report pages from a summary'): per
-- customer, plant, year of the start date and validation status, how many plant-level pumped
-- quantities there are and their sum. Kept by statement triggers on oppumpet_maengde, as the median
-- statistics are, so a grouped report page by plant and year adds up some thousand summary rows
-- instead of the month rows behind them (46,548 for two years of the large data set). The sum is
-- numeric: adding and subtracting each change leaves no rounding behind. A row whose count falls to
-- 0 stays (and is not reported); the report reads rows with a count above 0.
CREATE TABLE "oppumpet_aar" (
	"kunde_id" integer NOT NULL,
	"aar" integer NOT NULL,
	"vandanlaeg_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"antal" integer DEFAULT 0 NOT NULL,
	"vandmaengde" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "oppumpet_aar_pk" PRIMARY KEY("kunde_id","aar","vandanlaeg_id","status")
);
--> statement-breakpoint
CREATE FUNCTION oppumpet_aar_opdater() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each statement's rows, grouped, added (new) and subtracted (old); ordered so that concurrent
  -- statements lock the summary rows in one order.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO oppumpet_aar AS s (kunde_id, aar, vandanlaeg_id, status, antal, vandmaengde)
    SELECT kunde_id, extract(year from startdato)::int, vandanlaeg_id, status, count(*),
           sum(vandmaengde_oppumpet::numeric)
    FROM ny WHERE indtag_id IS NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (kunde_id, aar, vandanlaeg_id, status)
    DO UPDATE SET antal = s.antal + excluded.antal, vandmaengde = s.vandmaengde + excluded.vandmaengde;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO oppumpet_aar AS s (kunde_id, aar, vandanlaeg_id, status, antal, vandmaengde)
    SELECT kunde_id, extract(year from startdato)::int, vandanlaeg_id, status, -count(*),
           -sum(vandmaengde_oppumpet::numeric)
    FROM gammel WHERE indtag_id IS NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (kunde_id, aar, vandanlaeg_id, status)
    DO UPDATE SET antal = s.antal + excluded.antal, vandmaengde = s.vandmaengde + excluded.vandmaengde;
  ELSE
    -- An update that changes none of the summary's columns nets to nothing and writes nothing.
    INSERT INTO oppumpet_aar AS s (kunde_id, aar, vandanlaeg_id, status, antal, vandmaengde)
    SELECT kunde_id, aar, vandanlaeg_id, status, sum(antal), sum(vandmaengde)
    FROM (
      SELECT kunde_id, extract(year from startdato)::int AS aar, vandanlaeg_id, status, 1 AS antal,
             vandmaengde_oppumpet::numeric AS vandmaengde
      FROM ny WHERE indtag_id IS NULL
      UNION ALL
      SELECT kunde_id, extract(year from startdato)::int, vandanlaeg_id, status, -1,
             -(vandmaengde_oppumpet::numeric)
      FROM gammel WHERE indtag_id IS NULL
    ) d
    GROUP BY 1, 2, 3, 4 HAVING sum(antal) <> 0 OR sum(vandmaengde) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (kunde_id, aar, vandanlaeg_id, status)
    DO UPDATE SET antal = s.antal + excluded.antal, vandmaengde = s.vandmaengde + excluded.vandmaengde;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER oppumpet_aar_ins AFTER INSERT ON oppumpet_maengde REFERENCING NEW TABLE AS ny
  FOR EACH STATEMENT EXECUTE FUNCTION oppumpet_aar_opdater();
--> statement-breakpoint
CREATE TRIGGER oppumpet_aar_upd AFTER UPDATE ON oppumpet_maengde REFERENCING OLD TABLE AS gammel NEW TABLE AS ny
  FOR EACH STATEMENT EXECUTE FUNCTION oppumpet_aar_opdater();
--> statement-breakpoint
CREATE TRIGGER oppumpet_aar_del AFTER DELETE ON oppumpet_maengde REFERENCING OLD TABLE AS gammel
  FOR EACH STATEMENT EXECUTE FUNCTION oppumpet_aar_opdater();
--> statement-breakpoint
-- Existing data.
INSERT INTO oppumpet_aar (kunde_id, aar, vandanlaeg_id, status, antal, vandmaengde)
SELECT kunde_id, extract(year from startdato)::int, vandanlaeg_id, status, count(*),
       sum(vandmaengde_oppumpet::numeric)
FROM oppumpet_maengde WHERE indtag_id IS NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Statistics for the planner now (PGlite runs no autovacuum; a seed ends with VACUUM ANALYZE).
ANALYZE "oppumpet_aar";
