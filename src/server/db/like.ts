import { type SQL, sql } from 'drizzle-orm';

/** Escapes LIKE/ILIKE wildcards in user text, so '%' and '_' are matched literally. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The (I)LIKE pattern 'contains the text'. */
export const containsPattern = (s: string) => `%${likeEscape(s)}%`;

/**
 * `soegetekst` (a company's lower-cased name, U+0001, its address) contains the text: the same
 * matches as name ILIKE or address ILIKE. A text holding U+0001 matches neither.
 */
export const soegetekstIndeholder = (soegetekst: SQL, tekst: string): SQL =>
  sql`${soegetekst} like lower(${containsPattern(tekst.replaceAll('\u0001', ''))})`;
