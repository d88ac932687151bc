/**
 * Danish order for texts, shared by the client and the server's in-memory sorts (docs/decisions.md,
 * Database): letter case and accents do not count, æ, ø and å come after z ('aa' counts as å, as in
 * Aalborg), ä and ö sort as æ and ø, ü as y, and numbers by value ('Vej 9' before 'Vej 10').
 * Texts that differ only in case or accents keep a fixed order (by code unit), the same tie-break as
 * the database's ORDER BY (src/server/db/sortering.ts), so lists sorted here and there agree.
 */
const kollator = new Intl.Collator('da', { sensitivity: 'base', numeric: true });

/** Compares two texts in Danish order; a comparer for Array.prototype.sort. */
export function sammenlignDansk(a: string, b: string): number {
  return kollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
