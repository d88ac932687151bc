import { type SQL, sql } from 'drizzle-orm';
import type { MedianResultat } from '../../contract/validering';
import { type Db, queryRows } from '../db/client';

/**
 * The median test, computed in the database in one SQL statement (docs/validering-notes.md):
 *
 * - Pumped quantities: the tested value is the daily rate, vandmaengdeOppumpet / days of the period.
 *   Comparable history: the same plant (plant level) or intake (intake level), status approved, same
 *   period length in whole months (round(days / 30.44)) and same start month of the year, so that a
 *   3rd quarter is compared with earlier 3rd quarters and a July with earlier Julys.
 * - Water-level readings: the tested value is the depth below ground (m); comparable history: the
 *   same intake, approved, same situation (I ro / I drift).
 * - median = the median of the history (the value percentile_cont(0.5) gives, read from the
 *   middle of the sorted values), MAD = percentile_cont(0.5) of |h − median|.
 *   Flag when |x − median| > K · 1.4826 · MAD  and  |x − median| > the minimum residual
 *   (quantities: max(1 m³/døgn, 15 % of |median|); readings: 0.5 m).
 * - Fewer than MIN_HISTORIK comparable approved entries: 'for lidt historik', never flagged.
 */
export const MEDIAN_REGEL = {
  k: 3.5,
  /** Makes the MAD a consistent estimator of the standard deviation for normal data. */
  konsistens: 1.4826,
  minHistorik: 4,
  oppumpet: { minAbsolut: 1, minRelativ: 0.15, enhed: 'm³/døgn' },
  pejling: { minAbsolut: 0.5, minRelativ: 0, enhed: 'm u.t.' },
} as const;

export const FOR_LIDT_HISTORIK = 'for lidt historik';

export type MedianArt = 'anlaeg' | 'indtag' | 'pejling';

/** An int[] parameter as text ('{1,2,3}'): the same on PGlite and node-postgres. */
export const intArray = (ids: readonly number[]) => `{${ids.map((i) => Math.trunc(i)).join(',')}}`;

/** The rule's constants as SQL literals (they are ours, not input; typed so no operator is ambiguous). */
function konstanter() {
  return {
    skala: sql.raw(`${MEDIAN_REGEL.k * MEDIAN_REGEL.konsistens}::float8`),
    minHistorik: sql.raw(String(MEDIAN_REGEL.minHistorik)),
  };
}

interface Raekke {
  id: number;
  x: number;
  med: number | null;
  mad: number | null;
  n: number;
  markeret: boolean;
}

/**
 * The statistics in one statement, with no join the planner could get wrong when it lacks
 * statistics (PGlite has no autovacuum): one scan of the series' rows (pending and approved) into r;
 * the approved values of each comparison group sorted into an array (h); the median read from the
 * middle of the array (the value percentile_cont(0.5) gives) and the MAD as percentile_cont(0.5) of
 * |v − median| over the group's array (s); the group's figures carried to its pending rows by a
 * window over the union of both (u, w).
 */
function statistikSql(opts: {
  raekker: SQL;
  gruppe: SQL;
  minAbsolut: number;
  minRelativ: number;
  ids: readonly number[] | null;
}): SQL {
  const { skala, minHistorik } = konstanter();
  const minAbsolut = sql.raw(`${opts.minAbsolut}::float8`);
  const minRelativ = sql.raw(`${opts.minRelativ}::float8`);
  const g = opts.gruppe;
  const udvalg = opts.ids ? sql`AND id = ANY(${intArray(opts.ids)}::int[])` : sql``;
  return sql`
    WITH r AS (${opts.raekker}),
    h AS (
      SELECT ${g}, array_agg(x ORDER BY x) AS arr FROM r WHERE status = 1 GROUP BY ${g}
    ),
    s AS (
      SELECT h.*, cardinality(arr) AS n,
             (arr[(cardinality(arr) + 1) / 2] + arr[(cardinality(arr) + 2) / 2]) / 2 AS med
      FROM h
    ),
    u AS (
      SELECT ${g}, id, x, NULL::float8 AS med, NULL::float8 AS mad, NULL::int AS n
      FROM r WHERE status = 0 ${udvalg}
      UNION ALL
      SELECT ${g}, NULL::int, NULL::float8, med,
             (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY abs(v - s.med)) FROM unnest(s.arr) AS v),
             n
      FROM s
    ),
    w AS (
      SELECT id, x, max(med) OVER grp AS med, max(mad) OVER grp AS mad, COALESCE(max(n) OVER grp, 0) AS n
      FROM u WINDOW grp AS (PARTITION BY ${g})
    )
    SELECT id, x, med, mad, n,
           (n >= ${minHistorik}
             AND abs(x - med) > ${skala} * mad
             AND abs(x - med) > greatest(${minAbsolut}, ${minRelativ} * abs(med))) AS markeret
    FROM w
    WHERE id IS NOT NULL
    ORDER BY id`;
}

/** The series (plants or intakes) the given entries belong to: the scan is limited to them. */
async function serier(
  db: Db,
  tabel: 'oppumpet_maengde' | 'pejling',
  kolonne: 'vandanlaeg_id' | 'indtag_id',
  kundeId: number,
  ids: readonly number[],
) {
  const rows = await queryRows<{ s: number }>(
    db,
    sql`SELECT DISTINCT ${sql.raw(kolonne)} AS s FROM ${sql.raw(tabel)}
        WHERE kunde_id = ${kundeId} AND id = ANY(${intArray(ids)}::int[]) AND status = 0`,
  );
  return rows.map((r) => Number(r.s));
}

function oppumpetSql(
  kundeId: number,
  art: 'anlaeg' | 'indtag',
  ids: readonly number[] | null,
  serie: number[] | null,
): SQL {
  const niveau = art === 'anlaeg' ? sql`o.indtag_id IS NULL` : sql`o.indtag_id IS NOT NULL`;
  const kolonne = art === 'anlaeg' ? sql`o.vandanlaeg_id` : sql`o.indtag_id`;
  const udvalg = serie ? sql`AND ${kolonne} = ANY(${intArray(serie)}::int[])` : sql``;
  return statistikSql({
    raekker: sql`
      SELECT o.id, o.status, o.vandanlaeg_id AS a, COALESCE(o.indtag_id, 0) AS i,
             round((o.slutdato - o.startdato + 1) / 30.44)::int AS mdr,
             extract(month FROM o.startdato)::int AS smd,
             o.vandmaengde_oppumpet / (o.slutdato - o.startdato + 1) AS x
      FROM oppumpet_maengde o
      WHERE o.kunde_id = ${kundeId} AND o.status IN (0, 1) AND ${niveau} ${udvalg}`,
    gruppe: sql.raw('a, i, mdr, smd'),
    minAbsolut: MEDIAN_REGEL.oppumpet.minAbsolut,
    minRelativ: MEDIAN_REGEL.oppumpet.minRelativ,
    ids,
  });
}

function pejlingSql(kundeId: number, ids: readonly number[] | null, serie: number[] | null): SQL {
  const udvalg = serie ? sql`AND o.indtag_id = ANY(${intArray(serie)}::int[])` : sql``;
  return statistikSql({
    raekker: sql`
      SELECT o.id, o.status, o.indtag_id AS i, COALESCE(o.situation, -1) AS s,
             o.vandstand_under_terraen AS x
      FROM pejling o
      WHERE o.kunde_id = ${kundeId} AND o.status IN (0, 1) ${udvalg}`,
    gruppe: sql.raw('i, s'),
    minAbsolut: MEDIAN_REGEL.pejling.minAbsolut,
    minRelativ: MEDIAN_REGEL.pejling.minRelativ,
    ids,
  });
}

/**
 * Runs the median test for the customer's pending entries of a queue: the given ids (those not
 * pending or not in the queue are left out of the answer), or every pending entry when ids is null.
 */
export async function medianTest(
  db: Db,
  kundeId: number,
  art: MedianArt,
  ids: readonly number[] | null,
): Promise<MedianResultat[]> {
  let serie: number[] | null = null;
  if (ids) {
    serie =
      art === 'pejling'
        ? await serier(db, 'pejling', 'indtag_id', kundeId, ids)
        : await serier(
            db,
            'oppumpet_maengde',
            art === 'anlaeg' ? 'vandanlaeg_id' : 'indtag_id',
            kundeId,
            ids,
          );
    if (serie.length === 0) return [];
  }
  const query = art === 'pejling' ? pejlingSql(kundeId, ids, serie) : oppumpetSql(kundeId, art, ids, serie);
  const rows = await queryRows<Raekke>(db, query);
  const enhed = art === 'pejling' ? MEDIAN_REGEL.pejling.enhed : MEDIAN_REGEL.oppumpet.enhed;
  return rows.map((r) => {
    const n = Number(r.n);
    const nok = n >= MEDIAN_REGEL.minHistorik;
    const med = r.med === null ? null : Number(r.med);
    const mad = r.mad === null ? null : Number(r.mad);
    const x = Number(r.x);
    const afvigelse = med === null ? null : x - med;
    const skala = mad === null ? 0 : MEDIAN_REGEL.konsistens * mad;
    return {
      id: Number(r.id),
      vaerdi: x,
      median: med,
      mad,
      afvigelse,
      robustZ: nok && afvigelse !== null && skala > 0 ? Math.abs(afvigelse) / skala : null,
      antalHistorik: n,
      markeret: nok && r.markeret === true,
      bemaerkning: nok ? null : FOR_LIDT_HISTORIK,
      enhed,
    };
  });
}
