/**
 * Sign-in timing (issue 9, item 6): the built-in sign-on form and POST /api/login answer an unknown
 * username after the same password-hash work as a known one, so the answer time does not tell which
 * usernames exist. Users hashed at the normal argon2 cost, the test-scale demo data, app.inject; on
 * an in-memory PGlite and on a fresh database of its own on the run's PostgreSQL (where the sign-in
 * counters live in the database; dropped after).
 *
 *   npm run bench -- --only log-ind [--db pglite|postgres|both]
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/server/app';
import { TokenService } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { paaEgneDatabaser } from './faelles-postgres';
import type { BenchOptions } from './run';
import { round1 } from './support';

const BENCH = 'log-ind';
const RUNS = 7;

export default async function logInd(opts: BenchOptions): Promise<Record<string, unknown>[]> {
  return paaEgneDatabaser(opts, 'mw_bench_log_ind', maal);
}

async function maal(database: Database): Promise<Record<string, unknown>[]> {
  await seedDatabase(database.db, { scale: 'test', passwordHashCost: 'normal' });
  const config = loadConfig({ NODE_ENV: 'test', DEMO_MODE: 'true', LOGIN_RATE_LIMIT_PER_MINUTE: '100000' });
  const app = await buildApp({ db: database.db, tokens: new TokenService(randomBytes(32), 3600), config });
  const rows: Record<string, unknown>[] = [];
  const median = async (send: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await send();
      ms.push(performance.now() - t);
    }
    return round1(ms.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!);
  };
  try {
    for (const [who, username] of [
      ['kendt bruger, forkert adgangskode', 'virksomhed'],
      ['ukendt bruger', 'findes-ikke'],
    ] as const) {
      const form = await median(() =>
        app.inject({
          method: 'POST',
          url: '/sso/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `username=${username}&password=forkert`,
        }),
      );
      const api = await median(() =>
        app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'forkert' } }),
      );
      rows.push({
        bench: BENCH,
        db: database.kind,
        target: who,
        'sso/login median ms': form,
        'api/login median ms': api,
      });
    }
  } finally {
    await app.close();
  }
  return rows;
}
