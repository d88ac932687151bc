-- Danish sort order on any database (docs/decisions.md, Database). ORDER BY dansk_sortering(x) COLLATE "C"
-- sorts texts as ICU's Danish collation does at base strength with numeric ordering, i.e. as the
-- client's Intl.Collator('da', { sensitivity: 'base', numeric: true }) (src/contract/sortering.ts):
-- without regard to case or accents; æ (ä), ø (ö) and å (aa) after z; ü as y; numbers by value;
-- spaces and punctuation before digits, digits before letters. The key is meant for byte order only
-- and never shown: letters a-z, æ ø å as U+0080..U+0082, punctuation as control characters ranked in
-- ICU's order, numbers padded to 15 digits. It needs no ICU data and no server collation, so PGlite and
-- PostgreSQL sort alike. The work is split into SQL functions that PostgreSQL inlines, so that the
-- key costs a few string operations per row, not a function call.

-- Letters and the common punctuation: 'aa' is å (as ICU: aa, Aa and AA, not aA), ASCII case folded,
-- the Danish letters and é, ü mapped, and the usual punctuation ranked.
CREATE OR REPLACE FUNCTION public.dansk_sortering_grund(tekst text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(replace(replace(replace(tekst, 'AA', 'å'), 'Aa', 'å'), 'aa', 'å') COLLATE "C"), 'æ', E'\u0080'), 'Æ', E'\u0080'), 'ä', E'\u0080'), 'Ä', E'\u0080'), 'ø', E'\u0081'), 'Ø', E'\u0081'), 'ö', E'\u0081'), 'Ö', E'\u0081'), 'å', E'\u0082'), 'Å', E'\u0082'), 'é', 'e'), 'É', 'e'), 'ü', 'y'), 'Ü', 'y'), ' ', E'\x02'), '-', E'\x04'), ',', E'\x07'), '.', E'\x0C'), '''', E'\x0E'), '(', E'\x12'), ')', E'\x13'), '/', E'\x1B'), '&', E'\x1D')
$$;--> statement-breakpoint

-- Everything else, only when the text has it (translate's cost grows with the list): other accented
-- Latin letters to their base letter, letters that sort as two (ß, þ, œ, ĳ), the rarer punctuation
-- ranked, soft hyphens dropped.
CREATE OR REPLACE FUNCTION public.dansk_sortering_tekst(tekst text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN tekst ~ '[\x09\x21-\x25\x2A\x2B\x3A-\x40\x5B-\x60\x7B-\x7E\u00A0-\u00C3\u00C7\u00C8\u00CA-\u00D5\u00D7\u00D9-\u00DB\u00DD-\u00E3\u00E7\u00E8\u00EA-\u00F5\u00F9-\u00FB\u00FD-\u00FF\u0100-\u024F\u1E9E\u2010-\u20AC]'
    THEN translate(replace(replace(replace(replace(replace(replace(replace(replace(public.dansk_sortering_grund(tekst), 'ß', 'ss'), 'ẞ', 'ss'), 'Þ', 'th'), 'þ', 'th'), 'Œ', 'oe'), 'œ', 'oe'), 'Ĳ', 'ij'), 'ĳ', 'ij'),
      'ªºÀÁÂÃÇÈÊËÌÍÎÏÐÑÒÓÔÕÙÚÛÝàáâãçèêëìíîïðñòóôõùúûýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľĿŀŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǢǣǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻǼǽǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ'
        || E'\t\u00A0_–—;:!?…‘’"“”«»[]{}§@*\\#%`^°©®+×<=>|~$£€\u00AD',
      E'aoaaaaceeeiiiidnoooouuuyaaaaceeeiiiidnoooouuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiijjkkllllllllllnnnnnnoooo\u0081\u0081rrrrrrssssssssttttuuuuuuuuyyuuwwyyyzzzzzzsoouuaaiioouuyyyyyyyy\u0080\u0080aa\u0080\u0080ggkkoooojggnn\u0082\u0082\u0080\u0080\u0081\u0081aaaaeeeeiiiioooorrrruuuusstthhaaee\u0081\u0081ooooooyy'
        || E'\x01\x02\x03\x05\x06\x08\x09\x0A\x0B\x0D\x0E\x0E\x0F\x0F\x0F\x10\x11\x14\x15\x16\x17\x18\x19\x1A\x1C\x1E\x1F\x20\x21\x22\x23\x24\x25\x26\x27\x28\x29\x2A\x2B\x2C\x2D\x2E')
    ELSE public.dansk_sortering_grund(tekst) END
$$;--> statement-breakpoint

-- Numbers by value: every run of digits padded to 15 digits, leading zeros dropped down to 15.
CREATE OR REPLACE FUNCTION public.dansk_sortering_tal(noegle text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(noegle, '(?<![0-9])(?=[0-9])', '00000000000000', 'g'),
                        '(?<![0-9])0+(?=[0-9]{15})', '', 'g')
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.dansk_sortering(tekst text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN tekst ~ '[0-9]'
    THEN public.dansk_sortering_tal(public.dansk_sortering_tekst(tekst))
    ELSE public.dansk_sortering_tekst(tekst) END
$$;
--> statement-breakpoint
DROP INDEX "virksomhed_kunde_type_navn_idx";--> statement-breakpoint
ALTER TABLE "bruger" ADD COLUMN "navn_sortering" text GENERATED ALWAYS AS (dansk_sortering("navn")) STORED;--> statement-breakpoint
ALTER TABLE "virksomhed" ADD COLUMN "navn_sortering" text GENERATED ALWAYS AS (dansk_sortering("navn")) STORED;--> statement-breakpoint
ALTER TABLE "virksomhed" ADD COLUMN "adresse_sortering" text GENERATED ALWAYS AS (dansk_sortering("adresse")) STORED;--> statement-breakpoint
ALTER TABLE "virksomhed" ADD COLUMN "postdistrikt_sortering" text GENERATED ALWAYS AS (dansk_sortering("postdistrikt")) STORED;--> statement-breakpoint
ALTER TABLE "virksomhed" ADD COLUMN "branche_navn_sortering" text GENERATED ALWAYS AS (dansk_sortering("branche_navn")) STORED;--> statement-breakpoint
CREATE INDEX "virksomhed_kunde_type_navn_sortering_idx" ON "virksomhed" USING btree ("kunde_id","type","navn_sortering" collate "C","navn" collate "C","id");