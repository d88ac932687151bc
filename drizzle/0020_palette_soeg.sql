-- The palette's search (GET /api/soeg) as one call: its ranking levels run in order inside the
-- database, each stopping at a cap, and the search stops as soon as enough distinct entities were
-- found. One statement instead of one a level, and plans kept for the session: planning each level's
-- query (the company table has many indexes) cost more than running it (issue 16). The route decides
-- which levels apply (numbers, DGU numbers, trigram and similar-name levels) and ranks the result.
CREATE TYPE palette_treffer AS (
  id integer,
  type smallint,
  navn text,
  adresse text,
  p_nr text,
  cvr_nr text,
  chr_nr text,
  jupiter_id text,
  lighed real,
  niveau integer
);
--> statement-breakpoint
CREATE FUNCTION palette_soeg(
  p_kunde integer,
  p_typer smallint[],
  p_tekst text,
  p_antal integer,
  -- The text without spaces when it is a number (CVR, P, CHR, Jupiter id), else null.
  p_cifre text,
  -- The water plants' row type when the text may be a borehole's DGU number, else null.
  p_dgu_type smallint,
  -- The LIKE pattern 'contains the text' over soegetekst, or null (too short for trigrams).
  p_indeholder text,
  -- Similar names (typos), searched only when nothing else matched.
  p_lighed boolean
) RETURNS SETOF palette_treffer
LANGUAGE plpgsql STABLE
-- Plans made once per session: every condition below is one an index serves with a parameter (a
-- name prefix as a range, not LIKE). The trigram levels plan per call (see below).
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  fundet integer[] := '{}';
  lo text := lower(p_tekst);
  -- Everything that starts with lo sorts below lo followed by the last code point.
  hi text := lower(p_tekst) || chr(1114111);
  praefiks text := replace(replace(replace(lower(p_tekst), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  r palette_treffer;
BEGIN
  -- 0: an exact number.
  FOR r IN
    SELECT k.id, k.type, k.navn, k.adresse, k.p_nr, k.cvr_nr, k.chr_nr, k.jupiter_id, k.lighed, 0
    FROM (
      SELECT v.id, v.type, v.navn, v.navn_sortering, v.adresse, v.p_nr, v.cvr_nr, v.chr_nr, v.jupiter_id,
             similarity(v.navn, p_tekst) AS lighed
      FROM virksomhed v
      WHERE v.kunde_id = p_kunde AND NOT v.slettet AND v.type = ANY (p_typer)
        AND (v.anlaegsnr = p_tekst OR v.cvr_nr = p_cifre OR v.p_nr = p_cifre OR v.chr_nr = p_cifre
             OR v.jupiter_id = p_cifre)
      LIMIT 50
    ) k
    ORDER BY k.lighed DESC, k.navn_sortering COLLATE "C", k.navn COLLATE "C", k.id
    LIMIT p_antal
  LOOP
    CONTINUE WHEN r.id = ANY (fundet);
    fundet := fundet || r.id;
    RETURN NEXT r;
  END LOOP;

  -- 0 as well: a water plant by a borehole's DGU number (spaces dropped on both sides), probed per
  -- plant of the customer through the borehole's plant index. Planned with its number: a plan for
  -- any number reads every borehole.
  IF p_dgu_type IS NOT NULL THEN
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
    FOR r IN
      SELECT k.id, k.type, k.navn, k.adresse, k.p_nr, k.cvr_nr, k.chr_nr, k.jupiter_id, k.lighed, 0
      FROM (
        SELECT v.id, v.type, v.navn, v.navn_sortering, v.adresse, v.p_nr, v.cvr_nr, v.chr_nr, v.jupiter_id,
               similarity(v.navn, p_tekst) AS lighed
        FROM virksomhed v
        WHERE v.kunde_id = p_kunde AND NOT v.slettet AND v.type = ANY (p_typer) AND v.type = p_dgu_type
          AND EXISTS (SELECT 1 FROM boring b WHERE b.vandanlaeg_id = v.id AND replace(b.dgu_nr, ' ', '') = p_cifre)
        LIMIT 50
      ) k
      ORDER BY k.lighed DESC, k.navn_sortering COLLATE "C", k.navn COLLATE "C", k.id
      LIMIT p_antal
    LOOP
      CONTINUE WHEN r.id = ANY (fundet);
      fundet := fundet || r.id;
      RETURN NEXT r;
    END LOOP;
    PERFORM set_config('plan_cache_mode', 'force_generic_plan', true);
  END IF;
  IF cardinality(fundet) >= p_antal THEN RETURN; END IF;

  -- 1: the name starts with the text.
  FOR r IN
    SELECT k.id, k.type, k.navn, k.adresse, k.p_nr, k.cvr_nr, k.chr_nr, k.jupiter_id, k.lighed, 1
    FROM (
      SELECT v.id, v.type, v.navn, v.navn_sortering, v.adresse, v.p_nr, v.cvr_nr, v.chr_nr, v.jupiter_id,
             similarity(v.navn, p_tekst) AS lighed
      FROM virksomhed v
      WHERE v.kunde_id = p_kunde AND NOT v.slettet AND v.type = ANY (p_typer)
        AND lower(v.navn) ~>=~ lo AND lower(v.navn) ~<~ hi AND lower(v.navn) LIKE praefiks
      LIMIT 50
    ) k
    ORDER BY k.lighed DESC, k.navn_sortering COLLATE "C", k.navn COLLATE "C", k.id
    LIMIT p_antal
  LOOP
    CONTINUE WHEN r.id = ANY (fundet);
    fundet := fundet || r.id;
    RETURN NEXT r;
  END LOOP;
  IF cardinality(fundet) >= p_antal THEN RETURN; END IF;

  -- 2: the address starts with the text (a street typed from its start, before the trigram level).
  FOR r IN
    SELECT k.id, k.type, k.navn, k.adresse, k.p_nr, k.cvr_nr, k.chr_nr, k.jupiter_id, k.lighed, 2
    FROM (
      SELECT v.id, v.type, v.navn, v.navn_sortering, v.adresse, v.p_nr, v.cvr_nr, v.chr_nr, v.jupiter_id,
             similarity(v.navn, p_tekst) AS lighed
      FROM virksomhed v
      WHERE v.kunde_id = p_kunde AND NOT v.slettet AND v.type = ANY (p_typer)
        AND lower(v.adresse) ~>=~ lo AND lower(v.adresse) ~<~ hi AND lower(v.adresse) LIKE praefiks
      LIMIT 50
    ) k
    ORDER BY k.lighed DESC, k.navn_sortering COLLATE "C", k.navn COLLATE "C", k.id
    LIMIT p_antal
  LOOP
    CONTINUE WHEN r.id = ANY (fundet);
    fundet := fundet || r.id;
    RETURN NEXT r;
  END LOOP;
  IF cardinality(fundet) >= p_antal OR p_indeholder IS NULL THEN RETURN; END IF;

  -- The trigram levels are planned with their text: how selective a pattern is decides the plan.
  PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);

  -- 3: name or address contains the text.
  FOR r IN
    SELECT k.id, k.type, k.navn, k.adresse, k.p_nr, k.cvr_nr, k.chr_nr, k.jupiter_id, k.lighed, 3
    FROM (
      SELECT v.id, v.type, v.navn, v.navn_sortering, v.adresse, v.p_nr, v.cvr_nr, v.chr_nr, v.jupiter_id,
             similarity(v.navn, p_tekst) AS lighed
      FROM virksomhed v
      WHERE v.kunde_id = p_kunde AND NOT v.slettet AND v.type = ANY (p_typer)
        AND v.soegetekst LIKE lower(p_indeholder)
      LIMIT 100
    ) k
    ORDER BY k.lighed DESC, k.navn_sortering COLLATE "C", k.navn COLLATE "C", k.id
    LIMIT p_antal
  LOOP
    CONTINUE WHEN r.id = ANY (fundet);
    fundet := fundet || r.id;
    RETURN NEXT r;
  END LOOP;
  IF cardinality(fundet) > 0 OR NOT p_lighed THEN RETURN; END IF;

  -- 4: similar names, only when nothing matched the text itself.
  FOR r IN
    SELECT k.id, k.type, k.navn, k.adresse, k.p_nr, k.cvr_nr, k.chr_nr, k.jupiter_id, k.lighed, 4
    FROM (
      SELECT v.id, v.type, v.navn, v.navn_sortering, v.adresse, v.p_nr, v.cvr_nr, v.chr_nr, v.jupiter_id,
             similarity(v.navn, p_tekst) AS lighed
      FROM virksomhed v
      WHERE v.kunde_id = p_kunde AND NOT v.slettet AND v.type = ANY (p_typer) AND v.navn % p_tekst
      LIMIT 50
    ) k
    ORDER BY k.lighed DESC, k.navn_sortering COLLATE "C", k.navn COLLATE "C", k.id
    LIMIT p_antal
  LOOP
    RETURN NEXT r;
  END LOOP;
END
$$;
