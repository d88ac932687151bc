-- The company list's text filter as one lower-cased text (soegetekst), kept at the end of the list's sort
-- indexes with slettet: a broad search walks the sort index and filters each entry with a plain LIKE
-- without reading the table (index-only), instead of two ILIKEs on each table row (issue 16).
DROP INDEX "virksomhed_kunde_type_navn_sortering_idx";--> statement-breakpoint
DROP INDEX "virksomhed_kunde_type_postnummer_idx";--> statement-breakpoint
DROP INDEX "virksomhed_kunde_type_postnummer_desc_idx";--> statement-breakpoint
DROP INDEX "virksomhed_kunde_type_by_idx";--> statement-breakpoint
DROP INDEX "virksomhed_kunde_type_by_desc_idx";--> statement-breakpoint
DROP INDEX "virksomhed_kunde_type_adresse_idx";--> statement-breakpoint
DROP INDEX "virksomhed_kunde_type_adresse_desc_idx";--> statement-breakpoint
ALTER TABLE "virksomhed" ADD COLUMN "soegetekst" text GENERATED ALWAYS AS (lower("navn") || chr(1) || lower(coalesce("adresse", ''))) STORED;--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_navn_sortering_idx" ON "virksomhed" USING btree ("kunde_id","type","navn_sortering" collate "C","navn" collate "C","id","slettet","soegetekst");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_postnummer_idx" ON "virksomhed" USING btree ("kunde_id","type","postnummer","id","slettet","soegetekst");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_postnummer_desc_idx" ON "virksomhed" USING btree ("kunde_id","type","postnummer" DESC NULLS LAST,"id" desc,"slettet","soegetekst");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_by_idx" ON "virksomhed" USING btree ("kunde_id","type","postdistrikt_sortering" collate "C","postdistrikt" collate "C","id","slettet","soegetekst");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_by_desc_idx" ON "virksomhed" USING btree ("kunde_id","type","postdistrikt_sortering" collate "C" desc nulls last,"postdistrikt" collate "C" desc nulls last,"id" desc,"slettet","soegetekst");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_adresse_idx" ON "virksomhed" USING btree ("kunde_id","type","adresse_sortering" collate "C","adresse" collate "C","id","slettet","soegetekst");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_adresse_desc_idx" ON "virksomhed" USING btree ("kunde_id","type","adresse_sortering" collate "C" desc nulls last,"adresse" collate "C" desc nulls last,"id" desc,"slettet","soegetekst");