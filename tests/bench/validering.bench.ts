/**
 * Benchmark of the validation queues on the large data set (./.bench-data, or BENCH_DATA_DIR;
 * seeded first if absent): Skive has about 100,000 pending pumped quantities (61,000 plant level,
 * 38,000 intake level) over 1,000,000 rows.
 *
 * - The median test over every pending entry (PUT .../GetMedian with no ids), plant and intake
 *   level; target < 500 ms for the 100,000 together.
 * - The median test of one screenful (the 1,000 entries the client sends).
 * - Approving 1,000 selected entries (PUT .../Godkend: the atomic UPDATE, the log rows, the refresh
 *   of the median statistics of the affected series); target
 *   < 300 ms. The state is restored after each run: the entries are put back in the queue with
 *   their version, and the log rows removed.
 *
 * Rows: one per measurement, with the median and best of the runs and the verdict against target.
 * The first median test after the database is opened is reported on its own (cold: plans, caches
 * and the statistics check paid once after a restart), then the warm runs. On PGlite and on a
 * throwaway PostgreSQL cluster (`--db`), each seeded with the large data set.
 */
import { sql } from 'drizzle-orm';
import type { BeslutningBody } from '../../src/contract/validering';
import type { SessionUser } from '../../src/server/auth/session-user';
import { type Database, queryRows } from '../../src/server/db/client';
import { beslut } from '../../src/server/routes/validering-beslut';
import { intArray, medianTest, opdaterStatistik } from '../../src/server/validering/median';
import { paaDatabaserne } from './api-bench';
import type { BenchOptions } from './run';
import { round1 } from './support';

const RUNS = 3;
const BENCH = 'validering';

async function maal<T>(fn: () => Promise<T>, runs = RUNS): Promise<{ ms: number[]; result: T }> {
  const ms: number[] = [];
  let result!: T;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    result = await fn();
    ms.push(performance.now() - t0);
  }
  return { ms, result };
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

export default function validering(opts: BenchOptions): Promise<Record<string, unknown>[]> {
  return paaDatabaserne(opts, maalPaa);
}

async function maalPaa(database: Database): Promise<Record<string, unknown>[]> {
  const { db } = database;
  const rows: Record<string, unknown>[] = [];
  const row = (target: string, poster: number, ms: number[], maalMs: number | null, note = '') => {
    const m = median(ms);
    rows.push({
      bench: BENCH,
      db: database.kind,
      target,
      poster,
      'median ms': round1(m),
      'bedste ms': round1(Math.min(...ms)),
      'mål ms': maalMs ?? '',
      ok: maalMs === null ? '' : m < maalMs ? 'ja' : 'nej',
      note,
    });
  };
  const [k] = await queryRows<{ id: number; navn: string }>(
    db,
    sql`SELECT id, navn FROM kunde WHERE kunde_nr = 779`,
  );
  const kundeId = Number(k!.id);
  const [vand] = await queryRows<{ id: number }>(db, sql`SELECT id FROM bruger WHERE username = 'vand'`);
  const user: SessionUser = {
    brugerId: Number(vand!.id),
    username: 'vand',
    kundeId,
    kundeNavn: k!.navn,
    kundeNr: '779',
    roller: ['SagsbehandlerVandanlaeg'],
    moduler: [],
    ressourcer: new Set(['SAGSBEHANDLER_VANDANLAEG', 'SAGSBEHANDLER_VANDANLAEG_LAES']),
  };

  // The precomputed statistics of the approved history: built once (after the seed, or on first
  // use after migration 0004); a second call finds nothing marked.
  const t0 = performance.now();
  const serier = await opdaterStatistik(db);
  row('mediantestens statistik, opbygning (én gang)', serier, [performance.now() - t0], null, 'serier');

  // The first median test after the database was opened (cold), then the warm runs.
  const kold = performance.now();
  const koldA = await medianTest(db, kundeId, 'anlaeg', null);
  const koldI = await medianTest(db, kundeId, 'indtag', null);
  row(
    'mediantest, alle afventende i alt, kold (første efter start)',
    koldA.length + koldI.length,
    [performance.now() - kold],
    500,
  );

  // Median test over every pending entry of both levels.
  const anlaeg = await maal(() => medianTest(db, kundeId, 'anlaeg', null));
  const indtag = await maal(() => medianTest(db, kundeId, 'indtag', null));
  const nA = anlaeg.result.length;
  const nI = indtag.result.length;
  const flag = (r: { markeret: boolean }[]) => r.filter((x) => x.markeret).length;
  row('mediantest, alle afventende, anlæg', nA, anlaeg.ms, null, `${flag(anlaeg.result)} markeret`);
  row('mediantest, alle afventende, boring/indtag', nI, indtag.ms, null, `${flag(indtag.result)} markeret`);
  row(
    'mediantest, alle afventende i alt',
    nA + nI,
    anlaeg.ms.map((v, i) => v + indtag.ms[i]!),
    500,
  );

  // One screenful: the first 1,000 pending entries of the plant-level queue.
  const side = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM oppumpet_maengde WHERE kunde_id = ${kundeId} AND status = 0 AND indtag_id IS NULL
          ORDER BY vandanlaeg_id, startdato LIMIT 1000`,
  );
  const ids = side.map((r) => Number(r.id));
  const skaerm = await maal(() => medianTest(db, kundeId, 'anlaeg', ids));
  row('mediantest, 1.000 valgte (én skærm)', ids.length, skaerm.ms, null);

  // Approving 1,000 selected entries, restored after each run.
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const poster = await queryRows<{ id: number; version: number }>(
      db,
      sql`SELECT id, version FROM oppumpet_maengde WHERE id = ANY(${intArray(ids)}::int[])`,
    );
    const [{ m: logFoer } = { m: 0 }] = await queryRows<{ m: number }>(
      db,
      sql`SELECT COALESCE(max(id), 0) AS m FROM logbog`,
    );
    const body: BeslutningBody = {
      poster: poster.map((p) => ({ id: Number(p.id), version: Number(p.version) })),
    };
    const t0 = performance.now();
    const svar = await beslut(db, user, 'anlaeg', 1, body);
    ms.push(performance.now() - t0);
    if (svar.besluttet.length !== ids.length)
      throw new Error(`godkendte ${svar.besluttet.length} af ${ids.length}`);
    await db.execute(
      sql`UPDATE oppumpet_maengde SET status = 0, besluttet_af_bruger_id = NULL, besluttet_dato = NULL,
                   version = version - 1
            WHERE id = ANY(${intArray(ids)}::int[])`,
    );
    await opdaterStatistik(db, kundeId);
    await db.execute(sql`DELETE FROM logbog WHERE id > ${Number(logFoer)}`);
  }
  row('godkend 1.000 valgte (UPDATE, logbog)', ids.length, ms, 300, 'tilstanden genskabt efter hver kørsel');
  return rows;
}
