import { type SQL, sql } from 'drizzle-orm';
import { type MedianResultat, VALIDERING_STATUS } from '../../contract/validering';
import { type Db, queryRows } from '../db/client';

/**
 * The median test, computed in the database from precomputed statistics of the approved history
 * (table validering_statistik, kept by opdaterStatistik; docs/validering-notes.md):
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
 * The rows of a queue's series with their comparison group (s = series, g1, g2) and tested value x:
 *
 * - anlaeg / indtag: s = the plant (plant level) or the intake (intake level), g1 = the period length
 *   in whole months, g2 = the start month; x = the daily rate. (days / 30.44 is computed in float8:
 *   for a whole number of days it is never within 0.003 of a half, so it rounds as numeric does.)
 * - pejling: s = the intake, g1 = the situation (-1 for none), g2 = 0; x = the depth below ground.
 */
function raekkerSql(
  kundeId: number,
  art: MedianArt,
  status: typeof VALIDERING_STATUS.AFVENTER | typeof VALIDERING_STATUS.GODKENDT,
  opts: { ids?: readonly number[] | null; serier?: readonly number[] | null },
): SQL {
  const ids = opts.ids ? sql`AND o.id = ANY(${intArray(opts.ids)}::int[])` : sql``;
  if (art === 'pejling') {
    const serier = opts.serier ? sql`AND o.indtag_id = ANY(${intArray(opts.serier)}::int[])` : sql``;
    return sql`
      SELECT o.id, o.indtag_id AS s, COALESCE(o.situation, -1)::int AS g1, 0 AS g2,
             o.vandstand_under_terraen AS x
      FROM pejling o
      WHERE o.kunde_id = ${kundeId} AND o.status = ${status} ${ids} ${serier}`;
  }
  const niveau = art === 'anlaeg' ? sql`o.indtag_id IS NULL` : sql`o.indtag_id IS NOT NULL`;
  const kolonne = art === 'anlaeg' ? sql`o.vandanlaeg_id` : sql`o.indtag_id`;
  const serier = opts.serier ? sql`AND ${kolonne} = ANY(${intArray(opts.serier)}::int[])` : sql``;
  return sql`
    SELECT o.id, ${kolonne} AS s,
           round((o.slutdato - o.startdato + 1)::float8 / 30.44)::int AS g1,
           extract(month FROM o.startdato)::int AS g2,
           o.vandmaengde_oppumpet / (o.slutdato - o.startdato + 1) AS x
    FROM oppumpet_maengde o
    WHERE o.kunde_id = ${kundeId} AND o.status = ${status} AND ${niveau} ${ids} ${serier}`;
}

/** Above this many changed series the statistics table is analysed after the refresh (a build). */
const ANALYSER_OVER = 500;

/**
 * Brings the precomputed statistics (validering_statistik) up to date: every series marked as
 * changed (a row with gruppe1 = gruppe2 = -1, written by the triggers of migration 0004 whenever an
 * approved row is inserted, updated or deleted) has all its groups recomputed from its approved
 * history: the values of each group sorted into an array, the median read from the middle of the
 * array (the value percentile_cont(0.5) gives), the MAD as percentile_cont(0.5) of |v − median|.
 * For one customer, or every customer (after a seed). Runs in a transaction (a savepoint when
 * called inside one, as the decisions do), so the statistics change together with the rows.
 */
export async function opdaterStatistik(db: Db, kundeId: number | null = null): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const kunde = kundeId === null ? sql`` : sql`AND kunde_id = ${kundeId}`;
    const maerker = await queryRows<{ kunde_id: number; art: MedianArt; serie_id: number }>(
      t,
      sql`DELETE FROM validering_statistik WHERE gruppe1 = -1 AND gruppe2 = -1 ${kunde}
          RETURNING kunde_id, art, serie_id`,
    );
    if (maerker.length === 0) return 0;
    const grupper = new Map<string, { kunde: number; art: MedianArt; serier: number[] }>();
    for (const m of maerker) {
      const noegle = `${m.kunde_id}:${m.art}`;
      const g = grupper.get(noegle) ?? { kunde: Number(m.kunde_id), art: m.art, serier: [] };
      g.serier.push(Number(m.serie_id));
      grupper.set(noegle, g);
    }
    for (const { kunde: k, art, serier } of grupper.values()) {
      await t.execute(
        sql`DELETE FROM validering_statistik
            WHERE kunde_id = ${k} AND art = ${art} AND serie_id = ANY(${intArray(serier)}::int[])`,
      );
      await t.execute(sql`
        INSERT INTO validering_statistik (kunde_id, art, serie_id, gruppe1, gruppe2, median, mad, n)
        WITH r AS (${raekkerSql(k, art, VALIDERING_STATUS.GODKENDT, { serier })}),
        h AS (SELECT s, g1, g2, array_agg(x ORDER BY x) AS arr FROM r GROUP BY s, g1, g2),
        m AS (
          SELECT h.*, cardinality(arr) AS n,
                 (arr[(cardinality(arr) + 1) / 2] + arr[(cardinality(arr) + 2) / 2]) / 2 AS med
          FROM h
        )
        SELECT ${k}::int, ${art}::text, s, g1, g2, med,
               (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY abs(v - m.med)) FROM unnest(m.arr) AS v),
               n
        FROM m`);
    }
    if (maerker.length > ANALYSER_OVER) await t.execute(sql`ANALYZE validering_statistik`);
    return maerker.length;
  });
}

/**
 * The flags: the pending rows (one pass) joined to their group's precomputed statistics. A group
 * without approved history has no row: n = 0, no median. Answered as one text,
 * 'id,x,med,mad,n,markeret,id,…' (an empty field is NULL): on PGlite, handing over 100,000 rows one by
 * one costs more than the query. float8 as text is the same shortest exact form the drivers parse
 * row by row, so the numbers are the same.
 */
function testSql(kundeId: number, art: MedianArt, ids: readonly number[] | null): SQL {
  const { skala, minHistorik } = konstanter();
  const regel = art === 'pejling' ? MEDIAN_REGEL.pejling : MEDIAN_REGEL.oppumpet;
  const minAbsolut = sql.raw(`${regel.minAbsolut}::float8`);
  const minRelativ = sql.raw(`${regel.minRelativ}::float8`);
  return sql`
    WITH r AS (${raekkerSql(kundeId, art, VALIDERING_STATUS.AFVENTER, { ids })}),
    t AS (
      SELECT r.id, r.x, st.median AS med, st.mad, COALESCE(st.n, 0) AS n,
             (COALESCE(st.n, 0) >= ${minHistorik}
               AND abs(r.x - st.median) > ${skala} * st.mad
               AND abs(r.x - st.median) > greatest(${minAbsolut}, ${minRelativ} * abs(st.median))) AS markeret
      FROM r
      LEFT JOIN validering_statistik st
        ON st.kunde_id = ${kundeId} AND st.art = ${art}::text AND st.serie_id = r.s
           AND st.gruppe1 = r.g1 AND st.gruppe2 = r.g2
    )
    SELECT string_agg(id || ',' || x || ',' || COALESCE(med::text, '') || ',' || COALESCE(mad::text, '')
                      || ',' || n || ',' || COALESCE(markeret::text, ''), ',') AS j
    FROM t`;
}

const talEllerNull = (v: string) => (v === '' ? null : Number(v));

/** Reads the answer of testSql (six fields per entry), ordered by id. */
function tolk(tekst: string): Raekke[] {
  const f = tekst.split(',');
  const rows: Raekke[] = new Array(f.length / 6);
  for (let i = 0, j = 0; i + 5 < f.length; i += 6, j++) {
    rows[j] = {
      id: Number(f[i]),
      x: Number(f[i + 1]),
      med: talEllerNull(f[i + 2]!),
      mad: talEllerNull(f[i + 3]!),
      n: Number(f[i + 4]),
      markeret: f[i + 5] === 'true',
    };
  }
  return rows.sort((a, b) => a.id - b.id);
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
  const rows = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await opdaterStatistik(t, kundeId);
    const [svar] = await queryRows<{ j: string | null }>(t, testSql(kundeId, art, ids));
    return svar?.j ? tolk(svar.j) : [];
  });
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
