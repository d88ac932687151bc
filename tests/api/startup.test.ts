import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ADGANGSKODE, DEMO_BRUGERE, DEMO_KUNDER } from '../../src/server/db/demo-brugere';
import { freePort } from '../helpers/postgres-cluster';
import {
  databaseUrl,
  medKlient,
  nytSecret,
  ready,
  type ServerProcess,
  startServer,
  stop,
} from '../helpers/server-prosess';

const pgUrl = inject('pgUrl');

/**
 * Two processes starting at the same moment on an empty PostgreSQL database: the start-up lock makes
 * one migrate and seed while the other waits, then finds the data. Without it, one crashes in the
 * migration (a table or the migrations' own table created twice) or in the seed (unique keys).
 */
describe.runIf(pgUrl)('start-up of two servers on one empty PostgreSQL database', () => {
  const name = `mw_start_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mw-start-'));
  const servers: ServerProcess[] = [];
  const admin = <T>(fn: Parameters<typeof medKlient<T>>[1], database?: string) =>
    medKlient(pgUrl, fn, database);

  afterAll(async () => {
    await Promise.all(servers.map(stop));
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('both become ready, migrations run once and the demo data is seeded once', async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = databaseUrl(pgUrl, name);
    const [p1, p2] = [await freePort(), await freePort()];
    // One signing secret for both, as behind a balancer: a token from one is good on the other.
    const jwtSecret = nytSecret();
    servers.push(
      startServer({ databaseUrl: url, port: p1, dataDir: path.join(dataDir, 'a'), jwtSecret }),
      startServer({ databaseUrl: url, port: p2, dataDir: path.join(dataDir, 'b'), jwtSecret }),
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
    // And both serve: a demo user signs in on each, and the token of one is accepted by the other.
    const tokens: string[] = [];
    for (const s of servers) {
      const r = await fetch(`${s.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_ADGANGSKODE }),
      });
      expect(r.status).toBe(200);
      tokens.push(((await r.json()) as { data: string }).data);
    }
    for (const [i, s] of servers.entries()) {
      const r = await fetch(`${s.base}/api/Bruger/HentOpsaetning`, {
        headers: { authorization: `Bearer ${tokens[1 - i]}` },
      });
      expect(r.status, `a token of the other process on port ${s.port}`).toBe(200);
    }
  }, 300_000);
});
