import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ADGANGSKODE, DEMO_BRUGERE, DEMO_KUNDER } from '../../src/server/db/demo-brugere';
import { freePort } from '../helpers/postgres-cluster';

const pgUrl = inject('pgUrl');

interface Server {
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the real server (`tsx src/server/main.ts`) as its own process on the given database. */
function startServer(databaseUrl: string, port: number, dataDir: string): Server {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
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
  return { port, child, output: () => output, exited };
}

/** Polls the readiness call until it answers 200; fails as soon as the process exits. */
async function ready(server: Server): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`The server on port ${server.port} exited (${exitCode}):\n${server.output()}`);
    }
    try {
      const r = await fetch(`http://127.0.0.1:${server.port}/api/test/klar`);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/**
 * Two processes starting at the same moment on an empty PostgreSQL database: the start-up lock makes
 * one migrate and seed while the other waits, then finds the data. Without it, one crashes in the
 * migration (a table or the migrations' own table created twice) or in the seed (unique keys).
 */
describe.runIf(pgUrl)('start-up of two servers on one empty PostgreSQL database', () => {
  const name = `mw_start_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mw-start-'));
  const servers: Server[] = [];

  const admin = async <T>(fn: (c: pg.Client) => Promise<T>, database = 'postgres'): Promise<T> => {
    const c = new pg.Client({ connectionString: pgUrl.replace(/\/postgres$/, `/${database}`) });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };

  afterAll(async () => {
    await Promise.all(servers.map(stop));
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('both become ready, migrations run once and the demo data is seeded once', async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = pgUrl.replace(/\/postgres$/, `/${name}`);
    const [p1, p2] = [await freePort(), await freePort()];
    servers.push(
      startServer(url, p1, path.join(dataDir, 'a')),
      startServer(url, p2, path.join(dataDir, 'b')),
    );
    await Promise.all(servers.map(ready));

    const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] };
    const counts = await admin(async (c) => {
      const one = async (q: string) => Number((await c.query(q)).rows[0].n);
      return {
        migrations: await one('SELECT count(*) AS n FROM drizzle.__drizzle_migrations'),
        kunder: await one('SELECT count(*) AS n FROM kunde'),
        demobrugere: await one(
          `SELECT count(*) AS n FROM bruger WHERE username = ANY('{${DEMO_BRUGERE.map((b) => b.username).join(',')}}')`,
        ),
        emner: await one('SELECT count(*) - count(DISTINCT kode) AS n FROM emne'),
        globaleBeskeder: await one('SELECT count(*) AS n FROM system_besked WHERE kunde_id IS NULL'),
      };
    }, name);
    expect(counts).toEqual({
      migrations: journal.entries.length,
      kunder: DEMO_KUNDER.length,
      demobrugere: DEMO_BRUGERE.length,
      emner: 0,
      globaleBeskeder: 1,
    });
    const outputs = servers.map((s) => s.output());
    expect(outputs.filter((o) => o.includes('Demodata oprettet.'))).toHaveLength(1);
    // And both serve: a demo user signs in on each.
    for (const s of servers) {
      const r = await fetch(`http://127.0.0.1:${s.port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_ADGANGSKODE }),
      });
      expect(r.status).toBe(200);
    }
  }, 300_000);
});
