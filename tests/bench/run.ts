/**
 * The benchmark runner (`npm run bench`): runs every *.bench.ts in tests/bench and prints one table.
 *
 *   npm run bench [-- --only NAME[,NAME…]] [--duration SECONDS] [--db pglite|postgres|both] [--database-url URL]
 *                    [--brugere N] [--taenketid MIN-MAX] [--gentag N]   (the mixed-load bench, blandet.bench.ts)
 *                    [--profil]   (the API-vs-direct benches: where the CPU per call goes, profil.ts)
 *
 * A bench module exports `run(options): Promise<BenchRow[]>` (or a default export of that shape).
 * Loopback only, fixed duration per target; the runner exits when the benches are done.
 * With PostgreSQL in --db, one server serves the whole run: --database-url, or one throwaway
 * cluster started when the first bench needs it, seeded once and stopped at the end.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { FaellesPostgres } from './faelles-postgres';

export interface BenchOptions {
  /** Seconds each target runs. */
  duration: number;
  /** Which databases to run on. */
  databases: ('pglite' | 'postgres')[];
  /** A seeded (or empty) PostgreSQL database to use instead of a throwaway cluster. */
  databaseUrl?: string;
  /**
   * The run's one PostgreSQL (--database-url, or a throwaway cluster started on first use), shared
   * by every bench of the run: the large data set seeded once, fresh databases for benches on data
   * of their own. The runner stops it when the run ends.
   */
  postgres: FaellesPostgres;
  /** Simulated users of the mixed-load bench (--brugere); unset: its defaults per database. */
  brugere?: number;
  /** Think time of the mixed-load bench's users, seconds (--taenketid MIN-MAX). */
  taenketid?: [number, number];
  /** How many times the mixed-load bench runs its load on each database (--gentag; default 1). */
  gentag?: number;
  /** The API-vs-direct benches profile both runs and print where the CPU per call goes (--profil). */
  profil?: boolean;
  log(msg: string): void;
}

export interface BenchRow {
  bench: string;
  db: 'pglite' | 'postgres';
  target: string;
  /** Concurrent requests in flight. */
  concurrency: number;
  requests: number;
  p50: number;
  p99: number;
  /** Requests per second. */
  rps: number;
  /** Free text: the API's throughput as a ratio to the direct query's, target verdicts ... */
  note?: string;
}

/** Other row shapes are printed with console.table. */
export type BenchFn = (opts: BenchOptions) => Promise<BenchRow[] | Record<string, unknown>[]>;

const isBenchRow = (r: unknown): r is BenchRow =>
  typeof r === 'object' &&
  r !== null &&
  'bench' in r &&
  'target' in r &&
  'p50' in r &&
  'p99' in r &&
  'rps' in r;

/** Percentile of sorted numbers (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/**
 * Runs `task` from `concurrency` loops for `seconds`, bounded: no loop starts a call after the
 * deadline. Latencies in milliseconds.
 */
export async function closedLoop(
  task: (i: number) => Promise<unknown>,
  concurrency: number,
  seconds: number,
): Promise<{ latencies: number[]; rps: number; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const i = n++;
        const s = performance.now();
        try {
          await task(i);
          latencies.push(performance.now() - s);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, rps: latencies.length / elapsed, errors };
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '–');

export function printTable(rows: BenchRow[]): void {
  const header = ['bench', 'db', 'target', 'conc.', 'requests', 'p50 ms', 'p99 ms', 'req/s', 'note'];
  const body = rows.map((r) => [
    r.bench,
    r.db,
    r.target,
    String(r.concurrency),
    String(r.requests),
    fmt(r.p50, 2),
    fmt(r.p99, 2),
    fmt(r.rps, 0),
    r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 3 && i <= 7 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const b of body) console.log(line(b));
  console.log('');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
      db: { type: 'string', default: process.env.BENCH_DB ?? 'both' },
      'database-url': { type: 'string' },
      brugere: { type: 'string' },
      taenketid: { type: 'string' },
      gentag: { type: 'string' },
      profil: { type: 'boolean' },
    },
  });
  const gentag = values.gentag === undefined ? undefined : Number(values.gentag);
  if (gentag !== undefined && (!Number.isInteger(gentag) || gentag < 1 || gentag > 10))
    throw new Error('--gentag: 1–10');
  const brugere = values.brugere === undefined ? undefined : Number(values.brugere);
  if (brugere !== undefined && (!Number.isInteger(brugere) || brugere < 1 || brugere > 500))
    throw new Error('--brugere: 1–500');
  const taenketid = values.taenketid?.split('-').map(Number) as [number, number] | undefined;
  if (
    taenketid &&
    (taenketid.length !== 2 ||
      !taenketid.every((t) => Number.isFinite(t) && t >= 0) ||
      taenketid[0] > taenketid[1])
  )
    throw new Error('--taenketid: MIN-MAX i sekunder, fx 1-3');
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0 || duration > 120)
    throw new Error('--duration: 1–120 sekunder');
  const databases =
    values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres'];
  if (!databases.every((d) => d === 'pglite' || d === 'postgres'))
    throw new Error('--db: pglite, postgres eller both');
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => !values.only || values.only.split(',').some((o) => o && f.includes(o)))
    .sort();
  if (files.length === 0) throw new Error('Ingen benchmarks fundet');
  const rows: BenchRow[] = [];
  const others: Record<string, unknown>[] = [];
  const postgres = new FaellesPostgres(values['database-url']);
  // An interrupted run stops its cluster too (pg_ctl runs it in the background).
  const afbryd = () => {
    postgres.stop();
    process.exit(130);
  };
  process.once('SIGINT', afbryd);
  process.once('SIGTERM', afbryd);
  try {
    await koer();
  } finally {
    postgres.stop();
  }

  async function koer(): Promise<void> {
    for (const file of files) {
      const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
        run?: BenchFn;
        default?: BenchFn;
      };
      const fn = mod.run ?? mod.default;
      if (typeof fn !== 'function') throw new Error(`${file} eksporterer ingen run-funktion`);
      console.log(`\n== ${file} ==`);
      const t0 = performance.now();
      const result = await fn({
        duration,
        databases: [...databases],
        databaseUrl: values['database-url'],
        postgres,
        brugere,
        taenketid,
        gentag,
        profil: values.profil,
        log: (m) => console.log(`  [${((performance.now() - t0) / 1000).toFixed(0)}s] ${m}`),
      });
      const own = result.filter(isBenchRow);
      const rest = result.filter((r) => !isBenchRow(r)) as Record<string, unknown>[];
      rows.push(...own);
      others.push(...rest);
      if (own.length > 0) printTable(own);
      if (rest.length > 0) console.table(rest);
    }
    if (files.length > 1) {
      console.log('== Alle ==');
      if (rows.length > 0) printTable(rows);
      if (others.length > 0) console.table(others);
    }
  }
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  main().then(
    // A bench may have set the exit code (foerste-js over its limit).
    () => process.exit(process.exitCode ?? 0),
    (e: unknown) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
      process.exit(1);
    },
  );
}
