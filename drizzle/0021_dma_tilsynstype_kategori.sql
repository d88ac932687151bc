-- Miljøtilsynsbekendtgørelsen (BEK 1536/2019) § 14 and DMA: an inspection's *tilsynstype* is fysisk or
-- administrativt and its *tilsynskategori* basis, prioriteret, kampagne, opstart, § 9 or øvrige. Until
-- now the two lookups were named the other way round. The lookup ids stayed with their codes, so every
-- company and farm inspection keeps its meaning by swapping the two keys of its data.
UPDATE "registrering"
SET "data" = ("data" - 'tilsynstypeId' - 'tilsynskategoriId')
  || CASE WHEN "data" ? 'tilsynskategoriId' THEN jsonb_build_object('tilsynstypeId', "data"->'tilsynskategoriId') ELSE '{}'::jsonb END
  || CASE WHEN "data" ? 'tilsynstypeId' THEN jsonb_build_object('tilsynskategoriId', "data"->'tilsynstypeId') ELSE '{}'::jsonb END
WHERE "art" = 'tilsyn' AND ("data" ? 'tilsynstypeId' OR "data" ? 'tilsynskategoriId');
