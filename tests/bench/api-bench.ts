import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { issueToken } from '../../src/server/auth/issue-token';
import { TokenService } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import { bruger, kunde } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { type Fordeling, forskelLinjer, medProfil } from './profil';
import { type BenchOptions, type BenchRow, closedLoop, percentile } from './run';

/**
 * What the API benchmarks share: the large data set on PGlite (./.bench-data, seeded first if
 * absent) and on PostgreSQL (the run's one server, see faelles-postgres.ts); the real app
 * on loopback with a signed-in user; autocannon against the API and a closed loop against the same
 * query run directly on the database, side by side.
 */

/** The large data set; BENCH_DATA_DIR points elsewhere (e.g. a copy no other process has open). */
export const BENCH_DATA = process.env.BENCH_DATA_DIR ?? './.bench-data';

export interface BenchApp {
  app: FastifyInstance;
  port: number;
  token: string;
  kundeId: number;
  kundeNavn: string;
}

/** The app on a free loopback port, and a token for `username` at the customer with `kundeNr`. */
export async function startBenchApp(db: Database['db'], username: string, kundeNr = 779): Promise<BenchApp> {
  const config = loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'false', LOG_LEVEL: 'warn' });
  const tokens = new TokenService(randomBytes(32), 3600);
  const app = await buildApp({ db, tokens, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const [k] = await db.select().from(kunde).where(eq(kunde.kundeNr, kundeNr));
  const [b] = await db
    .select()
    .from(bruger)
    .where(and(eq(bruger.username, username)));
  if (!k || !b) throw new Error(`Benchmark-data mangler kunde ${kundeNr} eller brugeren ${username}`);
  const issued = await issueToken(db, tokens, b.id, k.id);
  if (!issued.ok) throw new Error(`Kan ikke udstede token: ${issued.reason}`);
  return { app, port, token: issued.token, kundeId: k.id, kundeNavn: k.navn };
}

/**
 * The API under load: GET requests in turn from `concurrency` connections for the run's duration.
 * The load generator runs in its own worker thread, as a real client runs outside the server: on
 * the server's own event loop it would take the time it measures (and PGlite runs on that loop too).
 */
export async function cannon(
  a: { bench: string; db: BenchRow['db']; port: number; concurrency: number },
  opts: BenchOptions,
  target: string,
  paths: readonly string[],
  headers: Record<string, string>,
): Promise<BenchRow> {
  opts.log(`${target} …`);
  const { svar: r, fordeling } = await maaske(opts, () =>
    autocannon({
      url: `http://127.0.0.1:${a.port}`,
      connections: a.concurrency,
      workers: 1,
      duration: opts.duration,
      headers,
      requests: paths.map((path) => ({ method: 'GET', path })),
    }),
  );
  const ok = r.non2xx === 0 && r.errors === 0;
  return medFordeling(fordeling, {
    bench: a.bench,
    db: a.db,
    target,
    concurrency: a.concurrency,
    requests: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.total / (r.duration || opts.duration),
    note: ok ? '' : `${r.non2xx} ikke-2xx, ${r.errors} fejl`,
  });
}

/** The same work run directly on the database in a closed loop. */
export async function direkte(
  a: { bench: string; db: BenchRow['db']; concurrency: number },
  opts: BenchOptions,
  target: string,
  task: (i: number) => Promise<unknown>,
): Promise<BenchRow> {
  opts.log(`${target} …`);
  const { svar: d, fordeling } = await maaske(opts, () => closedLoop(task, a.concurrency, opts.duration));
  return medFordeling(fordeling, {
    bench: a.bench,
    db: a.db,
    target,
    concurrency: a.concurrency,
    requests: d.latencies.length,
    p50: percentile(d.latencies, 50),
    p99: percentile(d.latencies, 99),
    rps: d.rps,
    note: d.errors ? `${d.errors} fejl` : '',
  });
}

/** Each row's CPU profile by package, when the run has --profil (profil.ts). */
const fordelinger = new WeakMap<BenchRow, Fordeling>();

async function maaske<T>(
  opts: BenchOptions,
  fn: () => Promise<T>,
): Promise<{ svar: T; fordeling?: Fordeling }> {
  return opts.profil ? medProfil(fn) : { svar: await fn() };
}

function medFordeling(fordeling: Fordeling | undefined, row: BenchRow): BenchRow {
  if (fordeling) fordelinger.set(row, fordeling);
  return row;
}

/** With --profil: where the API's CPU per call goes beside the direct reads' (profil.ts). */
export function profilForskel(opts: BenchOptions, api: BenchRow, direct: BenchRow): void {
  const a = fordelinger.get(api);
  const d = fordelinger.get(direct);
  if (!a || !d) return;
  opts.log(`CPU-profil: ${api.target} mod ${direct.target}`);
  for (const l of forskelLinjer(
    { fordeling: a, kald: api.requests },
    { fordeling: d, kald: direct.requests },
  ))
    opts.log(`  ${l}`);
}

/**
 * Runs `measure` on each database the options name, on the large data set (on PostgreSQL the run's
 * shared server, seeded once per run).
 */
export async function paaDatabaserne<R = BenchRow>(
  opts: BenchOptions,
  measure: (database: Database, opts: BenchOptions) => Promise<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  if (opts.databases.includes('pglite')) {
    const fresh = !existsSync(BENCH_DATA);
    if (fresh) opts.log(`${BENCH_DATA} findes ikke: genererer det store datasæt (ca. 90–120 s) …`);
    const database = await openDatabase({ dataDir: BENCH_DATA });
    try {
      const s = await seedDatabase(database.db, {
        scale: 'large',
        passwordHashCost: 'fast',
        log: fresh ? opts.log : undefined,
      });
      if (!s.skipped) opts.log(`seedet på ${s.seconds} s`);
      rows.push(...(await measure(database, opts)));
    } finally {
      await database.close();
    }
  }
  if (opts.databases.includes('postgres')) {
    // The run's shared server, seeded with the large data set by the first bench that needs it.
    const url = await opts.postgres.storeData(opts.log);
    if (!url) return rows;
    const database = await openDatabase({ databaseUrl: url });
    try {
      rows.push(...(await measure(database, opts)));
    } finally {
      await database.close();
    }
  }
  return rows;
}

/** Runs `task` `n` times in turn; the times in ms, sorted (for a fixed number of heavy runs). */
export async function tider(n: number, task: () => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await task();
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b);
}

/** A result row of runs in turn (concurrency 1): p50, p99 and runs per second. */
export function tidsRaekke(
  bench: string,
  db: BenchRow['db'],
  target: string,
  ms: number[],
  note = '',
): BenchRow {
  const sum = ms.reduce((s, x) => s + x, 0);
  return {
    bench,
    db,
    target,
    concurrency: 1,
    requests: ms.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    rps: ms.length / (sum / 1000),
    note,
  };
}
