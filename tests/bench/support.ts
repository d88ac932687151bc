import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The large generated data set (100,000 companies and farms, 1,000,000 pumped quantities in Skive). */
export const BENCH_DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? '.bench-data');

/** Seeds the large data set once (about 90 s); later runs reuse it. */
export function ensureBenchData(): string {
  if (!existsSync(path.join(BENCH_DATA_DIR, 'PG_VERSION'))) {
    console.log(`Genererer det store datasæt i ${BENCH_DATA_DIR} (første gang, et par minutter) …`);
    execFileSync(
      'npx',
      ['tsx', 'src/server/db/seed-cli.ts', '--scale', 'large', '--data-dir', BENCH_DATA_DIR],
      {
        stdio: 'inherit',
      },
    );
  }
  return BENCH_DATA_DIR;
}

/** Builds the client when dist/ is missing (the palette bench drives the real UI). */
export function ensureClientBuild(): void {
  if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
}

export interface BenchServer {
  url: string;
  /** The server's own process (node running src/server/main.ts): its CPU and RSS are read from /proc. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the real server on the bench data: the PGlite data set in BENCH_DATA_DIR, or, with
 * `databaseUrl`, that PostgreSQL database (with a signing secret and a DATA_DIR of its own, removed
 * on stop); resolves once it answers test/ping.
 */
export async function startBenchServer(opts: {
  port: number;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const dataDir = opts.databaseUrl ? mkdtempSync(path.join(os.tmpdir(), 'mw-bench-')) : BENCH_DATA_DIR;
  // node itself with tsx's loader (not npx tsx, whose node runs the server as a grandchild): the
  // child's pid is the server's.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      DATA_DIR: dataDir,
      // Empty: PGlite in DATA_DIR (a DATABASE_URL in the caller's environment must not win).
      DATABASE_URL: opts.databaseUrl ?? '',
      ...(opts.databaseUrl ? { JWT_SECRET: randomBytes(32).toString('hex') } : {}),
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so stopping it stops whatever it started too.
    detached: true,
  });
  const url = `http://localhost:${opts.port}`;
  const ryd = () => {
    if (opts.databaseUrl) rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        ryd();
        return resolve();
      }
      child.once('exit', () => {
        ryd();
        resolve();
      });
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/test/ping`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() >= deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`Serveren på port ${opts.port} svarede ikke på /api/test/ping`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid!, stop };
}

/** Percentile of sorted-ascending numbers (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const round1 = (v: number) => Math.round(v * 10) / 10;

/** A row's median, 95th percentile and maximum (ms, one decimal) of sorted-ascending times. */
export const fordeling = (sorted: readonly number[]) => ({
  median_ms: round1(percentile(sorted, 50)),
  p95_ms: round1(percentile(sorted, 95)),
  max_ms: round1(sorted.at(-1) ?? Number.NaN),
});
