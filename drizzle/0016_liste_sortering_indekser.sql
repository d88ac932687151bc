-- Sort indexes of the company list (issue 16): a broad search sorted by postal code, town or address
-- pages from these in sort order instead of reading and sorting every match; one per direction, as
-- empty values come last in both.
CREATE INDEX "virksomhed_kunde_type_postnummer_idx" ON "virksomhed" USING btree ("kunde_id","type","postnummer","id");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_postnummer_desc_idx" ON "virksomhed" USING btree ("kunde_id","type","postnummer" DESC NULLS LAST,"id" desc);--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_by_idx" ON "virksomhed" USING btree ("kunde_id","type","postdistrikt_sortering" collate "C","postdistrikt" collate "C","id");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_by_desc_idx" ON "virksomhed" USING btree ("kunde_id","type","postdistrikt_sortering" collate "C" desc nulls last,"postdistrikt" collate "C" desc nulls last,"id" desc);--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_adresse_idx" ON "virksomhed" USING btree ("kunde_id","type","adresse_sortering" collate "C","adresse" collate "C","id");--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_adresse_desc_idx" ON "virksomhed" USING btree ("kunde_id","type","adresse_sortering" collate "C" desc nulls last,"adresse" collate "C" desc nulls last,"id" desc);