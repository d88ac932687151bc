import { type SQL, sql } from 'drizzle-orm';
import { VALIDERING_STATUS } from '../../contract/validering';
import { type Db, erPglite, queryRows } from '../db/client';

/**
 * The median test, computed in the database from precomputed statistics of the approved history
 * (table validering_statistik, kept by opdaterStatistik; docs/decisions.md 'Validation of water data'):
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
    konsistens: sql.raw(`${MEDIAN_REGEL.konsistens}::float8`),
    minHistorik: sql.raw(String(MEDIAN_REGEL.minHistorik)),
  };
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
 * Each pending row's answer (a MedianResultat as JSON text) with its series (s): the pending rows
 * (one pass) joined to their group's precomputed statistics. A group without approved history has
 * no row: n = 0, no median. The answer is built here, in the database, and handed over as text:
 * a queue has up to 100,000 entries, and building, checking and serialising that many objects in
 * the server cost more than the query. Written by hand rather than with json_build_object, which
 * puts a space around every ':' and ','. float8 as text is its shortest exact form (a valid JSON
 * number: the values are finite), which parses to the same number; afvigelse and robustZ are the
 * same float8 operations in the same order as computed in JavaScript before.
 */
function svarSql(
  kundeId: number,
  art: MedianArt,
  opts: { ids?: readonly number[] | null; serier?: readonly number[] | null },
): SQL {
  const { skala, konsistens, minHistorik } = konstanter();
  const regel = art === 'pejling' ? MEDIAN_REGEL.pejling : MEDIAN_REGEL.oppumpet;
  const minAbsolut = sql.raw(`${regel.minAbsolut}::float8`);
  const minRelativ = sql.raw(`${regel.minRelativ}::float8`);
  return sql`
    WITH r AS (${raekkerSql(kundeId, art, VALIDERING_STATUS.AFVENTER, opts)}),
    t AS (
      SELECT r.s, r.id, r.x, st.median AS med, st.mad, COALESCE(st.n, 0) AS n,
             COALESCE(st.n, 0) >= ${minHistorik} AS nok
      FROM r
      LEFT JOIN validering_statistik st
        ON st.kunde_id = ${kundeId} AND st.art = ${art}::text AND st.serie_id = r.s
           AND st.gruppe1 = r.g1 AND st.gruppe2 = r.g2
    )
    SELECT s, id,
           '{"id":' || id || ',"vaerdi":' || x || ',"median":' || COALESCE(med::text, 'null')
           || ',"mad":' || COALESCE(mad::text, 'null') || ',"afvigelse":' || COALESCE((x - med)::text, 'null')
           || ',"robustZ":' || COALESCE(CASE WHEN nok AND ${konsistens} * mad > 0
                                             THEN abs(x - med) / (${konsistens} * mad) END::text, 'null')
           || ',"antalHistorik":' || n
           || ',"markeret":' || COALESCE(nok AND abs(x - med) > ${skala} * mad
                                         AND abs(x - med) > greatest(${minAbsolut}, ${minRelativ} * abs(med)), false)
           || ',"bemaerkning":' || CASE WHEN nok THEN 'null' ELSE ${JSON.stringify(FOR_LIDT_HISTORIK)}::text END
           || ',"enhed":' || ${JSON.stringify(regel.enhed)}::text || '}' AS svar
    FROM t`;
}

/**
 * Brings the kept answers (mediantest_svar) of one customer's queue up to date: every series marked
 * as changed has its answer (its pending entries' answers, by id) recomputed from its pending rows
 * and (already refreshed) statistics. The markers are taken by deleting them, so a writer that
 * marks meanwhile leaves a new marker for the next reader. Call after opdaterStatistik, in the same
 * transaction.
 */
async function opdaterSvar(db: Db, kundeId: number, art: MedianArt): Promise<number> {
  const maerker = await queryRows<{ serie_id: number }>(
    db,
    sql`DELETE FROM mediantest_svar WHERE kunde_id = ${kundeId} AND art = ${art} AND aendret
        RETURNING serie_id`,
  );
  if (maerker.length === 0) return 0;
  const serier = maerker.map((m) => Number(m.serie_id));
  await db.execute(
    sql`DELETE FROM mediantest_svar
        WHERE kunde_id = ${kundeId} AND art = ${art} AND NOT aendret AND serie_id = ANY(${intArray(serier)}::int[])`,
  );
  await db.execute(sql`
    INSERT INTO mediantest_svar (kunde_id, art, aendret, serie_id, tekst)
    SELECT ${kundeId}::int, ${art}::text, false, s, string_agg(svar, ',' ORDER BY id)
    FROM (${svarSql(kundeId, art, { serier })}) l
    GROUP BY s`);
  return serier.length;
}

/**
 * Every marked statistic and answer of every customer (after a seed or a migration that marks
 * them all), each customer's queue in its own transaction. Returns the series recomputed.
 */
export async function opdaterMediantest(db: Db): Promise<{ statistik: number; svar: number }> {
  const statistik = await opdaterStatistik(db);
  let svar = 0;
  const koeer = await queryRows<{ kunde_id: number; art: MedianArt }>(
    db,
    sql`SELECT DISTINCT kunde_id, art FROM mediantest_svar WHERE aendret`,
  );
  for (const k of koeer) {
    svar += await db.transaction((tx) => opdaterSvar(tx as unknown as Db, Number(k.kunde_id), k.art));
  }
  return { statistik, svar };
}

/**
 * Warms PGlite for the median test at start: runs every queue's median test once (the kept answers
 * brought up to date and read; the answers are dropped). PGlite is PostgreSQL compiled to
 * WebAssembly, and V8 compiles its functions on first use and optimises them once they run hot: the
 * first median test after a start paid for that (515–640 ms on the large data set against ~210 ms
 * warm; docs/decisions.md 'Warming PGlite at start'). Returns the queues run.
 */
export async function opvarmMediantest(db: Db): Promise<number> {
  const koeer = await queryRows<{ kunde_id: number; art: MedianArt }>(
    db,
    sql`SELECT DISTINCT kunde_id, art FROM mediantest_svar`,
  );
  for (const k of koeer) await medianTest(db, Number(k.kunde_id), k.art, null);
  return koeer.length;
}

/**
 * Runs the median test for the customer's pending entries of a queue: the given ids (those not
 * pending or not in the queue are left out of the answer), or every pending entry when ids is null.
 * The answer is the JSON text of a MedianResultat[] (medianSvarSchema), ordered by series (plant or
 * intake) and id, ready to send as it is.
 */
export async function medianTest(
  db: Db,
  kundeId: number,
  art: MedianArt,
  ids: readonly number[] | null,
): Promise<string> {
  const pglite = erPglite(db);
  const dele = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await opdaterStatistik(t, kundeId);
    // Chosen entries are tested directly; every pending entry is read from the kept answers.
    if (ids) {
      return queryRows<{ j: string | null }>(
        t,
        sql`SELECT string_agg(svar, ',' ORDER BY s, id) AS j FROM (${svarSql(kundeId, art, { ids })}) l`,
      );
    }
    await opdaterSvar(t, kundeId, art);
    // Read as one text on PGlite, one row per series on PostgreSQL: each engine's faster way
    // (node-postgres takes longer to receive one 12 MB text than 5,000 rows; PGlite the reverse).
    const kept = sql`FROM mediantest_svar WHERE kunde_id = ${kundeId} AND art = ${art} AND NOT aendret`;
    return queryRows<{ j: string | null }>(
      t,
      pglite
        ? sql`SELECT string_agg(tekst, ',' ORDER BY serie_id) AS j ${kept}`
        : sql`SELECT tekst AS j ${kept} ORDER BY serie_id`,
    );
  });
  // Joined (and bracketed) here: in the database that would copy the whole text once more.
  return `[${dele.flatMap((r) => (r.j === null ? [] : [r.j])).join(',')}]`;
}
