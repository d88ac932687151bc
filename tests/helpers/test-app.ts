import { Blob } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/server/app';
import { issueToken } from '../../src/server/auth/issue-token';
import { TokenService } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase, queryRows } from '../../src/server/db/client';
import { bruger, kunde, virksomhed } from '../../src/server/db/schema';
import { databaseUrl, medKlient } from './postgres-cluster';

/** The databases the API tests run on: PGlite always, PostgreSQL when a cluster was started. */
export function dbTargets(): ('pglite' | 'postgres')[] {
  return inject('pgUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh database with the test data, seeded once for the run (global-setup.ts): PGlite loaded
 * from the seeded dump, PostgreSQL a copy of the seeded template. A database per test app keeps
 * test files independent.
 */
export async function openSeededTarget(target: 'pglite' | 'postgres'): Promise<Database> {
  if (target === 'pglite') {
    // Node's Blob, also where a component test's environment (jsdom) has its own.
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openDatabase({ dataDir: 'memory://', loadDataDir: dump as unknown as globalThis.Blob });
  }
  const base = inject('pgUrl');
  const name = `mw_test_${randomBytes(6).toString('hex')}`;
  await medKlient(base, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`));
  const database = await openDatabase({ databaseUrl: databaseUrl(base, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await medKlient(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  tokens: TokenService;
  /** A valid token for a demo user, in their n-th customer (default: their first). */
  tokenFor(username: string, kundeNr?: number): Promise<string>;
  kundeId(kundeNr: number): Promise<number>;
  brugerId(username: string): Promise<number>;
  /**
   * One request to the app, as the holder of `token` (none: no Authorization header), with
   * `payload` as its JSON body when given.
   */
  kald(
    method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** The not deleted company of `type` with the lowest id in a customer (by id), that meets `where`. */
  forsteVirksomhed(kundeId: number, type: number, where?: SQL): Promise<typeof virksomhed.$inferSelect>;
  close(): Promise<void>;
}

export async function createTestApp(
  target: 'pglite' | 'postgres' = 'pglite',
  env: Record<string, string> = {},
  /** The server's clock, for rules with a time window (default: the system clock). */
  clock?: () => Date,
  /** More options for buildApp: a log stream to capture, a password hasher that counts, template budgets. */
  appOptions: Pick<
    BuildAppOptions,
    'logger' | 'passwordHasher' | 'integrations' | 'docx' | 'jobFremskridtMs'
  > = {},
): Promise<TestApp> {
  const database = await openSeededTarget(target);
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO_MODE: 'true',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  });
  const tokens = new TokenService(randomBytes(32), config.tokenTtlSeconds);
  const app = await buildApp({ db: database.db, tokens, config, clock, ...appOptions });
  const kundeId = async (kundeNr: number) => {
    const [row] = await database.db.select({ id: kunde.id }).from(kunde).where(eq(kunde.kundeNr, kundeNr));
    if (!row) throw new Error(`no kunde ${kundeNr}`);
    return row.id;
  };
  const brugerId = async (username: string) => {
    const [row] = await database.db
      .select({ id: bruger.id })
      .from(bruger)
      .where(eq(bruger.username, username));
    if (!row) throw new Error(`no bruger ${username}`);
    return row.id;
  };
  return {
    app,
    database,
    tokens,
    kundeId,
    brugerId,
    async tokenFor(username, kundeNr) {
      const result = await issueToken(
        database.db,
        tokens,
        await brugerId(username),
        kundeNr === undefined ? undefined : await kundeId(kundeNr),
      );
      if (!result.ok) throw new Error(`cannot issue token for ${username}: ${result.reason}`);
      return result.token;
    },
    kald(method, url, token, payload) {
      return app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    async forsteVirksomhed(kundeId, type, where) {
      const [row] = await database.db
        .select()
        .from(virksomhed)
        .where(
          and(
            eq(virksomhed.kundeId, kundeId),
            eq(virksomhed.type, type),
            eq(virksomhed.slettet, false),
            where,
          ),
        )
        .orderBy(virksomhed.id)
        .limit(1);
      if (!row) throw new Error(`no company of type ${type} in kunde ${kundeId}`);
      return row;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A test app on `target` for one describe block: made in beforeAll with a token for each of `users`,
 * closed in afterAll. `req` sends to /api/`url` as one of the users (none: without a token); `rows`
 * runs a query on the app's database. `t` is the app, inside the block's tests and later hooks;
 * `kunde` holds the ids of the demo customers Skive (779) and Herning (657), set in the same beforeAll.
 */
export function testAppForBlok(target: 'pglite' | 'postgres', users: string[]) {
  let app: TestApp | undefined;
  const tok: Record<string, string> = {};
  const kunde = { skive: 0, herning: 0 };
  beforeAll(async () => {
    app = await createTestApp(target);
    for (const u of users) tok[u] = await app.tokenFor(u);
    kunde.skive = await app.kundeId(779);
    kunde.herning = await app.kundeId(657);
  });
  afterAll(async () => app?.close());
  const started = () => {
    if (!app) throw new Error('the test app is not started yet');
    return app;
  };
  return {
    get t() {
      return started();
    },
    tok,
    kunde,
    req: (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: string, payload?: unknown) =>
      started().kald(method, `/api/${url}`, user ? tok[user] : undefined, payload),
    rows: <T>(q: SQL) => queryRows<T>(started().database.db, q),
  };
}
