-- Planning by the order (issue 29). The risk score is the guide's: the weighted total of the
-- parameters A–E on the scale 1–5 with two decimals (BEK 1536/2019 bilag 1; miljotilsynsvejledning.dk
-- 3.3.3). Records stored before held this product's own 0–100 figure, which the planner read as
-- 1 + 4 · s / 100 (45 ↔ 2,8, 65 ↔ 3,6) and rounded to tenths. The same formula, unrounded
-- (scoreFraGammelSkala in src/contract/tilsynsplan-regler.ts), gives every stored whole number its own
-- figure with two decimals, so no record loses what it meant. planlagt_tilsyn.score was already on
-- the scale 1–5 (rounded to tenths, the figure the row was planned from) and keeps its value.
UPDATE "registrering"
SET "data" = jsonb_set("data", '{score}', to_jsonb(round(1 + ("data"->>'score')::numeric * 0.04, 2)))
WHERE "art" = 'risikovurdering' AND jsonb_typeof("data"->'score') = 'number';
--> statement-breakpoint
-- Category 1's yearly share of physical inspections (1a and 1b together) is a setting of the planning
-- period: the figure is not confirmed, 40 % is the default (docs/decisions.md).
ALTER TABLE "planlaegningsperiode" ADD COLUMN "kategori1_andel_pct" smallint DEFAULT 40 NOT NULL;
