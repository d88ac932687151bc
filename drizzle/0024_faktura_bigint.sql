-- A SAT fee at its allowed maximum (100.000,00 kr. an hour × 1.000 hours = 10.000.000.000 øre) is
-- beyond int4: an invoice line's rate column holds it as bigint, like its amount (issue 31).
ALTER TABLE "faktura_linje" ALTER COLUMN "sats_oere" SET DATA TYPE bigint;
