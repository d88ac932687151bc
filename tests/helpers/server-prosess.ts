import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { databaseUrl, freePort, medKlient } from './postgres-cluster';

export { databaseUrl, medKlient } from './postgres-cluster';

/**
 * Real server processes (`tsx src/server/main.ts`) for the tests that need more than one process on
 * one PostgreSQL database (tests/api/startup.test.ts, multi-process.test.ts).
 */
export interface ServerProcess {
  port: number;
  base: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the server as its own process on `databaseUrl`. Processes of one test share `jwtSecret`;
 * without one the process gets no JWT_SECRET at all (the configuration test's refused start).
 */
export function startServer(opts: {
  databaseUrl: string;
  port: number;
  dataDir: string;
  jwtSecret?: string;
  env?: Record<string, string>;
}): ServerProcess {
  const { JWT_SECRET: _arvet, ...arvetEnv } = process.env;
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
    env: {
      ...arvetEnv,
      NODE_ENV: 'test',
      DATABASE_URL: opts.databaseUrl,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      ...(opts.jwtSecret === undefined ? {} : { JWT_SECRET: opts.jwtSecret }),
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { port: opts.port, base: `http://127.0.0.1:${opts.port}`, child, output: () => output, exited };
}

/** A secret for the processes of one test (one for all of them, as in production). */
export const nytSecret = () => randomBytes(32).toString('hex');

/** Polls the readiness call until it answers 200; fails as soon as the process exits. */
export async function ready(server: ServerProcess): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`The server on port ${server.port} exited (${exitCode}):\n${server.output()}`);
    }
    try {
      const r = await fetch(`${server.base}/api/test/klar`);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** Collects the events of a server-sent event stream (`event:` and JSON `data:` of each block). */
export async function holdStroem(url: string) {
  const ctrl = new AbortController();
  const res = await fetch(url, { signal: ctrl.signal });
  const events: { event: string; data: unknown }[] = [];
  const tilstand = { lukket: false };
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            tilstand.lukket = true;
            break;
          }
          buf += dec.decode(value, { stream: true });
          let i = buf.indexOf('\n\n');
          while (i >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const ev = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (ev && data) events.push({ event: ev, data: JSON.parse(data) });
            i = buf.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  /** `lukket()`: the server ended the stream. */
  return { res, events, close: () => ctrl.abort(), lukket: () => tilstand.lukket };
}

/** Resolves when `pred` holds; rejects after `timeoutMs` with `hvad` in the message. */
export async function venterPaa(pred: () => boolean, timeoutMs: number, hvad: string): Promise<void> {
  const slut = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() >= slut) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${hvad}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Two server processes on one fresh database of the cluster at `pgUrl` (tests/api/*-process tests). */
export interface ToProcesser {
  a: ServerProcess;
  b: ServerProcess;
  /** The database's name (for a test that acts on its connections). */
  database: string;
  /** Stops both, drops the database and removes the data folders. */
  stop(): Promise<void>;
}

/**
 * A fresh database `<prefix>_<random>` seeded with the small test data set (the processes then find it
 * and skip the demo seed, which on PostgreSQL takes many seconds), and two processes on it sharing one
 * JWT secret, as behind a balancer; resolves when both are ready. `demodata`: the database starts
 * empty, the first process seeds the demo data and the second starts once the first is ready.
 */
export async function toProcesser(
  pgUrl: string,
  prefix: string,
  env: Record<string, string> = {},
  demodata = false,
): Promise<ToProcesser> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  await medKlient(pgUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(pgUrl, name);
  if (!demodata) {
    const database = await openDatabase({ databaseUrl: url });
    try {
      await seedDatabase(database.db, { scale: 'test', passwordHashCost: 'fast' });
    } finally {
      await database.close();
    }
  }
  const jwtSecret = nytSecret();
  const start = async (navn: string) =>
    startServer({
      databaseUrl: url,
      port: await freePort(),
      dataDir: path.join(dataDir, navn),
      jwtSecret,
      env,
    });
  const a = await start('a');
  if (demodata) await ready(a);
  const b = await start('b');
  await Promise.all([ready(a), ready(b)]);
  return {
    a,
    b,
    database: name,
    async stop() {
      await Promise.all([a, b].map(stop));
      await medKlient(pgUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
