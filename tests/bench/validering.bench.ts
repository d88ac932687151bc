/**
 * Benchmark of the validation queues on the large data set (./.bench-data, or BENCH_DATA_DIR;
 * seeded first if absent): Skive has about 100,000 pending pumped quantities (61,000 plant level,
 * 38,000 intake level) over 1,000,000 rows.
 *
 * - The median test over every pending entry (medianTest with no ids: the kept answers, brought up
 *   to date first), plant and intake level; target < 500 ms for the 100,000 together. The same
 *   over HTTP (PUT .../GetMedian, the whole JSON answer read), and once after 1,000 decisions
 *   (their series recomputed first).
 * - The median test of one screenful (the 1,000 entries the client sends).
 * - Approving 1,000 selected entries (PUT .../Godkend: the atomic UPDATE, the log rows, the refresh
 *   of the median statistics of the affected series); target < 300 ms. The state is restored after
 *   each run: the entries are put back in the queue with their version, and the log rows removed.
 *
 * Rows: one per measurement, with the median and best of the runs and the verdict against target.
 * The first median test after the database is opened is reported on its own (cold: plans, caches,
 * PGlite's first large allocations and the statistics check paid once after a restart), then the
 * warm runs. On PGlite and on a throwaway PostgreSQL cluster (`--db`), each seeded with the large
 * data set.
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { BeslutningBody } from '../../src/contract/validering';
import type { SessionUser } from '../../src/server/auth/session-user';
import { type Database, queryRows } from '../../src/server/db/client';
import { beslut } from '../../src/server/routes/validering-beslut';
import {
  intArray,
  medianTest,
  opdaterMediantest,
  opdaterStatistik,
} from '../../src/server/validering/median';
import { BENCH_DATA, paaDatabaserne, startBenchApp } from './api-bench';
import type { BenchOptions } from './run';
import { round1 } from './support';

const RUNS = 3;
/** Approvals: the first after opening is cold (the table's five indexes unread); five give a fair median. */
const GODKEND_RUNS = 5;
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

/** One row: the median and best of the runs and the verdict against the target. */
function raekke(
  db: Database['kind'],
  target: string,
  poster: number,
  ms: number[],
  maalMs: number | null,
  note = '',
): Record<string, unknown> {
  const m = median(ms);
  return {
    bench: BENCH,
    db,
    target,
    poster,
    'median ms': round1(m),
    'bedste ms': round1(Math.min(...ms)),
    'mål ms': maalMs ?? '',
    ok: maalMs === null ? '' : m < maalMs ? 'ja' : 'nej',
    note,
  };
}

export default async function validering(opts: BenchOptions): Promise<Record<string, unknown>[]> {
  const rows = await paaDatabaserne(opts, maalPaa);
  // After the bench's own database is closed: a start opens the data directory in its own process.
  if (opts.databases.includes('pglite')) rows.push(...maalStarter());
  return rows;
}

const START_RUNS = 3;

/**
 * The first median test after a start of PGlite, in new processes (mediantest-start.ts): as the
 * server starts (the median test warmed at start, opvarmMediantest) and without that warming.
 */
function maalStarter(): Record<string, unknown>[] {
  const start = (uden: boolean) => {
    const args = [
      'tsx',
      'tests/bench/mediantest-start.ts',
      BENCH_DATA,
      '779',
      ...(uden ? ['--uden-opvarmning'] : []),
    ];
    const ud = execFileSync('npx', args, { encoding: 'utf8' }).trim().split('\n').at(-1)!;
    return JSON.parse(ud) as { aabnetMs: number; opvarmningMs: number; medianMs: number; poster: number };
  };
  const rows: Record<string, unknown>[] = [];
  for (const uden of [true, false]) {
    const runs = Array.from({ length: START_RUNS }, () => start(uden));
    rows.push(
      raekke(
        'pglite',
        uden
          ? 'mediantest, alle afventende i alt, første efter start uden opvarmning (ny proces)'
          : 'mediantest, alle afventende i alt, første efter start (ny proces, som serveren starter)',
        runs[0]!.poster,
        runs.map((r) => r.medianMs),
        uden ? null : 500,
        `${START_RUNS} starter; åbnet på ${round1(median(runs.map((r) => r.aabnetMs)))} ms${
          uden ? '' : `, opvarmning ${round1(median(runs.map((r) => r.opvarmningMs)))} ms`
        }`,
      ),
    );
  }
  return rows;
}

async function maalPaa(database: Database): Promise<Record<string, unknown>[]> {
  const { db } = database;
  const rows: Record<string, unknown>[] = [];
  const row = (target: string, poster: number, ms: number[], maalMs: number | null, note = '') =>
    rows.push(raekke(database.kind, target, poster, ms, maalMs, note));
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

  // The precomputed statistics of the approved history and the kept answers: built once (after the
  // seed, or on first use after migrations 0004 and 0018); a second call finds nothing marked.
  const t0 = performance.now();
  const { statistik, svar } = await opdaterMediantest(db);
  row(
    'mediantestens statistik og svar, opbygning (én gang)',
    statistik + svar,
    [performance.now() - t0],
    null,
    'serier',
  );

  // The first median test after the database was opened (cold), then the warm runs. The answer is
  // the JSON text the route sends; it is read here (outside the timing) only to count.
  // Only the counts are kept: 100,000 parsed answers held to the end would slow every later
  // measurement of this process through garbage collection.
  const laes = (svar: string) => {
    const r = JSON.parse(svar) as { markeret: boolean }[];
    return { length: r.length, markeret: r.filter((x) => x.markeret).length };
  };
  const kold = performance.now();
  const koldA = await medianTest(db, kundeId, 'anlaeg', null);
  const koldI = await medianTest(db, kundeId, 'indtag', null);
  const koldMs = performance.now() - kold;
  row(
    'mediantest, alle afventende i alt, første efter åbning i bench-processen',
    laes(koldA).length + laes(koldI).length,
    [koldMs],
    null,
  );

  // Median test over every pending entry of both levels.
  const anlaeg = await maal(() => medianTest(db, kundeId, 'anlaeg', null));
  const indtag = await maal(() => medianTest(db, kundeId, 'indtag', null));
  const svarA = laes(anlaeg.result);
  const svarI = laes(indtag.result);
  row('mediantest, alle afventende, anlæg', svarA.length, anlaeg.ms, null, `${svarA.markeret} markeret`);
  row(
    'mediantest, alle afventende, boring/indtag',
    svarI.length,
    indtag.ms,
    null,
    `${svarI.markeret} markeret`,
  );
  row(
    'mediantest, alle afventende i alt',
    svarA.length + svarI.length,
    anlaeg.ms.map((v, i) => v + indtag.ms[i]!),
    500,
  );

  // The same over HTTP, as a client sees it: the PUT on the real server, until the whole answer
  // (12 MB of JSON for the plant level) is read.
  const api = await startBenchApp(db, 'vand');
  try {
    const put = async (koe: string) => {
      const r = await fetch(`http://127.0.0.1:${api.port}/api/${koe}/GetMedian/${kundeId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      const tekst = await r.text();
      if (r.status !== 200) throw new Error(`GetMedian svarede ${r.status}`);
      return tekst.length;
    };
    const httpA = await maal(() => put('OppumpedeVandmaengderValidering'));
    const httpI = await maal(() => put('IndtagNiveauValidering'));
    const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB JSON`;
    row('mediantest over HTTP, alle afventende, anlæg', svarA.length, httpA.ms, null, mb(httpA.result));
    row(
      'mediantest over HTTP, alle afventende, boring/indtag',
      svarI.length,
      httpI.ms,
      null,
      mb(httpI.result),
    );
  } finally {
    await api.app.close();
  }

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
  for (let i = 0; i < GODKEND_RUNS; i++) {
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
  row(
    'godkend 1.000 valgte (UPDATE, logbog)',
    ids.length,
    ms,
    300,
    `${GODKEND_RUNS} kørsler, den første ${round1(ms[0]!)} ms; tilstanden genskabt efter hver`,
  );

  // The next test over every pending entry after those decisions: the series they touched are
  // marked, and their kept answers are recomputed first (the rest are read as kept).
  const [{ m: maerket } = { m: 0 }] = await queryRows<{ m: number }>(
    db,
    sql`SELECT count(*)::int AS m FROM mediantest_svar WHERE kunde_id = ${kundeId} AND art = 'anlaeg' AND aendret`,
  );
  const efter = await maal(() => medianTest(db, kundeId, 'anlaeg', null), 1);
  row(
    'mediantest, alle afventende, anlæg, efter beslutningerne',
    laes(efter.result).length,
    efter.ms,
    null,
    `${maerket} serier genberegnet`,
  );
  return rows;
}
