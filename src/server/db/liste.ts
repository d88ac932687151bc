import { type SQL, sql } from 'drizzle-orm';
import {
  type FilterRegler,
  type KolonneFilter,
  type ListeQuery,
  parseKolonneFilter,
  type Side,
} from '../../contract/liste';

/**
 * The SQL side of the list stack (src/contract/liste.ts): paging, the sort from a whitelist, the
 * column filters, and the paged answer from rows that carry a window count.
 */

/** LIMIT/OFFSET of a page. */
export const sidePart = (q: Pick<ListeQuery, 'start' | 'take'>): SQL =>
  sql`limit ${q.take} offset ${q.start}`;

/**
 * ORDER BY from the list's sort whitelist: each column maps to its sort expressions (a text in
 * Danish order has two). Empty values last in both directions; `tiebreak` (an id) last, so that
 * pages never overlap. Columns in `aldrigTomme` (never empty, e.g. a required name) get no
 * 'nulls last', so that a descending sort can read their index backwards.
 */
export function sorteringSql<S extends string>(
  kolonner: Record<S, SQL[]>,
  q: Pick<ListeQuery<S>, 'sortByColumn' | 'sortDirection'>,
  tiebreak: SQL,
  aldrigTomme: readonly S[] = [],
): SQL {
  const dir = q.sortDirection === 'DESC' ? sql`desc` : sql`asc`;
  const nulls = aldrigTomme.includes(q.sortByColumn) ? sql`` : sql` nulls last`;
  return sql`order by ${sql.join(
    kolonner[q.sortByColumn].map((k) => sql`${k} ${dir}${nulls}`),
    sql`, `,
  )}, ${tiebreak} ${dir}`;
}

/**
 * The WHERE parts of the column filters: each parsed against the list's rules (the query schema
 * has refused invalid ones already) and turned into SQL by the list's own function.
 */
export function kolonneFiltreSql<F extends string>(
  regler: FilterRegler<F>,
  filteredColumns: readonly string[],
  tilSql: (f: KolonneFilter<F>) => SQL,
): SQL[] {
  const dele: SQL[] = [];
  for (const text of filteredColumns) {
    const f = parseKolonneFilter(regler, text);
    if (f) dele.push(tilSql(f));
  }
  return dele;
}

/** `column in (...)`, each value a parameter. */
export const inListe = (column: SQL, values: readonly (string | number)[]): SQL =>
  sql`${column} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** The paged answer of rows that carry the window count `count(*) over () as total`. */
export function sideAf<R extends { total?: unknown }, T>(rows: readonly R[], map: (r: R) => T): Side<T> {
  return { totalCount: rows.length > 0 ? Number(rows[0]!.total) : 0, items: rows.map(map) };
}
