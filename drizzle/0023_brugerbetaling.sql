-- User payment by the order (issue 29).
--
-- A livestock farm's approval work is charged at 80 % of its whole amount, outside services inside
-- the approval included (1.000,00 kr. × 57,79 % × 80 %): a line now holds the share of its kind
-- (andel_bp) and the approval's share on top of it (husdyr_andel_bp), since 57,79 % × 80 % is not a
-- whole number of basis points. Until now only an hours line could carry the approval's share, in
-- andel_bp (an hours line's share was 100 % otherwise): such lines, credit notes included, move it
-- to husdyr_andel_bp and get 100 % of their kind. The amounts and explanations stored are untouched,
-- and amount = sats × andel × husdyr_andel as before.
ALTER TABLE "faktura_linje" ADD COLUMN "husdyr_andel_bp" integer;
--> statement-breakpoint
UPDATE "faktura_linje" SET "husdyr_andel_bp" = "andel_bp", "andel_bp" = 10000
WHERE "kilde" = 'timer' AND "andel_bp" <> 10000;
--> statement-breakpoint
-- Where a year's rates come from (the ministry's publication), or why they are an assumption; a rate
-- entered before has no source recorded (null).
ALTER TABLE "brugerbetaling_sats" ADD COLUMN "kilde" text;
