import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Danish order in SQL, the same on PGlite and PostgreSQL whatever the server's collation (PGlite has
 * no ICU locale data; docs/decisions.md, Database). `dansk_sortering(text)` (migration
 * 0007_dansk_sortering) makes a key that sorts in byte order (COLLATE "C") as the client's comparer
 * (src/contract/sortering.ts) sorts the texts: case and accents ignored, æ ø å after z, 'aa' as å,
 * numbers by value. Large tables store the key in a generated column (virksomhed.navn_sortering and
 * the like, bruger.navn_sortering), so a sort reads it instead of computing it for every row.
 */

/** The Danish sort key of a text, computed per row. */
const danskNoegle = (tekst: SQLWrapper): SQL => sql`dansk_sortering(${tekst})`;

/**
 * The ORDER BY expressions that sort a text in Danish order (ascending; add a direction to each for
 * another): its key, then the text itself, both in byte order, so texts that differ only in case or
 * accents keep a fixed order (the client breaks such ties the same way). `noegle` is the text's
 * stored key column, if it has one. End the ORDER BY with the row's id.
 * For Drizzle: `.orderBy(...danskOrden(tabel.navn), tabel.id)`; in SQL: danskOrdenSql.
 */
export function danskOrden(tekst: SQLWrapper, noegle?: SQLWrapper): [SQL, SQL] {
  return [sql`${noegle ?? danskNoegle(tekst)} collate "C"`, sql`${tekst} collate "C"`];
}

/** danskOrden as one SQL fragment, for an ORDER BY written in SQL. */
export const danskOrdenSql = (tekst: SQLWrapper, noegle?: SQLWrapper): SQL =>
  sql.join(danskOrden(tekst, noegle), sql`, `);
