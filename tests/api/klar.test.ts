import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { TokenService } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import { type Db, queryRows } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { IKKE_KLAR } from '../../src/server/routes/klar';
import { freePort } from '../helpers/postgres-cluster';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/** Readiness (GET test/klar) for a load balancer: 200 while the database answers, else 503. */
describe.each(dbTargets())('readiness on %s', (target) => {
  let t: TestApp;
  let lukket = false;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    if (!lukket) await t?.close();
    else await t.app.close();
  });

  const klar = () => t.app.inject({ method: 'GET', url: '/api/test/klar' });
  const ping = () => t.app.inject({ method: 'GET', url: '/api/test/ping' });
  /** Runs `fn` on a connection to the cluster's postgres database, with the name of this app's database. */
  const somAdmin = async (fn: (admin: pg.Client, navn: string) => Promise<unknown>) => {
    const [{ navn }] = (await queryRows<{ navn: string }>(
      t.database.db,
      sql`SELECT current_database() AS navn`,
    )) as [{ navn: string }];
    const admin = new pg.Client({ connectionString: inject('pgUrl') });
    await admin.connect();
    try {
      await fn(admin, navn);
    } finally {
      await admin.end();
    }
  };

  it('answers 200 { klar: true } without a token while the database answers', async () => {
    const r = await klar();
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ klar: true });
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it.runIf(target === 'postgres')(
    'answers 503 while the database refuses connections, and 200 again when it is back',
    async () => {
      await somAdmin(async (admin, navn) => {
        try {
          await admin.query(`ALTER DATABASE ${navn} ALLOW_CONNECTIONS false`);
          await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [navn],
          );
          const r = await klar();
          expect(r.statusCode).toBe(503);
          expect(json(r)).toEqual({ klar: false, status: 503, message: IKKE_KLAR });
          // Liveness stays 200: the process answers, only the database is gone.
          expect((await ping()).statusCode).toBe(200);
        } finally {
          await admin.query(`ALTER DATABASE ${navn} ALLOW_CONNECTIONS true`);
        }
      });
      expect((await klar()).statusCode).toBe(200);
    },
  );

  // Last: closes the database of this app.
  it('answers 503 with a Danish message once the database is closed (liveness stays 200)', async () => {
    if (target === 'postgres') {
      await somAdmin((admin, navn) => admin.query(`DROP DATABASE ${navn} WITH (FORCE)`));
    } else {
      await t.database.close();
      lukket = true;
    }
    const r = await klar();
    expect(r.statusCode).toBe(503);
    expect(json(r)).toEqual({ klar: false, status: 503, message: IKKE_KLAR });
    expect((await ping()).statusCode).toBe(200);
  });
});

/** A server that is gone (nothing listens) or hangs (accepts and never answers). */
describe('readiness against a PostgreSQL server that is gone or hangs', () => {
  let hul: Server;
  const sockets = new Set<Socket>();
  let hulPort: number;
  beforeAll(async () => {
    hul = createServer((s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => hul.listen(0, '127.0.0.1', resolve));
    hulPort = (hul.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => hul.close(resolve));
  });

  async function appOn(port: number) {
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    pool.on('error', () => {});
    const app = await buildApp({
      db: drizzle(pool, { schema }) as unknown as Db,
      tokens: new TokenService(randomBytes(32), 60),
      config: loadConfig({ NODE_ENV: 'test' }),
    });
    return {
      klar: () => app.inject({ method: 'GET', url: '/api/test/klar' }),
      async close() {
        await app.close();
        for (const s of sockets) s.destroy();
        await pool.end();
      },
    };
  }

  it('answers 503 when nothing listens at the database address', async () => {
    const a = await appOn(await freePort());
    try {
      const r = await a.klar();
      expect(r.statusCode).toBe(503);
      expect(json(r).message).toBe(IKKE_KLAR);
    } finally {
      await a.close();
    }
  });

  it('answers 503 when the database server accepts but never answers (the query times out)', async () => {
    const a = await appOn(hulPort);
    try {
      const r = await a.klar();
      expect(r.statusCode).toBe(503);
      expect(json(r)).toEqual({ klar: false, status: 503, message: IKKE_KLAR });
    } finally {
      await a.close();
    }
  });
});
