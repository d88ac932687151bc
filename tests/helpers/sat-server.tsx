import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { issueToken } from '../../src/server/auth/issue-token';
import { TokenService } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { bruger } from '../../src/server/db/schema';
import { createSatSimulator, type SatSimulator } from '../../src/server/integrations/sat';
import { type AppKald, koblAppFetch } from './api-fetch';
import { openSeededTarget } from './test-app';

/**
 * The real server for the SAT component tests: the app on a seeded in-memory PGlite with the SAT
 * simulator the test controls, and a fetch that hands the client's /api/ calls to it (app.inject),
 * as the signed-in demo user. Nothing of the server is replaced; only the network between the two.
 */
export interface SatServer {
  app: FastifyInstance;
  database: Database;
  sat: SatSimulator;
  /** The user's id and customer as the server knows them (the client's session must match). */
  brugerId: number;
  kundeId: number;
  /** Every call the client made: method and path after /api/ (with the query). */
  kald: AppKald[];
  /** One call of the test itself (set-up) as the user; answers the parsed JSON and the status. */
  api<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  /** Routes the client's fetch to the app (call in each test: the component harness unstubs globals). */
  kobl(): void;
  close(): Promise<void>;
}

export async function startSatServer(
  username = 'affald',
  env: Record<string, string> = {},
): Promise<SatServer> {
  const database = await openSeededTarget('pglite');
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO_MODE: 'true',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  });
  // The key as an array of the test environment's own Uint8Array (jsdom's), which jose checks for.
  const tokens = new TokenService(new Uint8Array(randomBytes(32)), config.tokenTtlSeconds);
  const sat = createSatSimulator();
  const app = await buildApp({ db: database.db, tokens, config, integrations: { sat } });
  const [b] = await database.db.select({ id: bruger.id }).from(bruger).where(eq(bruger.username, username));
  if (!b) throw new Error(`no bruger ${username}`);
  const issued = await issueToken(database.db, tokens, b.id);
  if (!issued.ok) throw new Error(`cannot issue token for ${username}: ${issued.reason}`);
  const token = issued.token;
  const kundeId = Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).customerId);
  const kald: SatServer['kald'] = [];

  const inject = async (method: string, path: string, body: string | undefined) => {
    const res = await app.inject({
      method: method as 'GET',
      url: `/api/${path}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: body } : {}),
    });
    return res;
  };

  return {
    app,
    database,
    sat,
    brugerId: b.id,
    kundeId,
    kald,
    async api<T>(method: string, path: string, body?: unknown) {
      const res = await inject(method, path, body === undefined ? undefined : JSON.stringify(body));
      return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : undefined) as T };
    },
    kobl() {
      koblAppFetch(kald, (method, path, init) =>
        inject(method, path, typeof init?.body === 'string' ? init.body : undefined),
      );
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
