import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DbSignInCounters,
  FOR_MANGE_FORSOEG,
  lagretNoegle,
  SignInLimit,
} from '../../src/server/auth/sign-in-limit';
import { loadConfig } from '../../src/server/config';
import { queryRows } from '../../src/server/db/client';
import { DEMO_BRUGERE } from '../../src/server/db/demo-brugere';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const LIMIT = '30';

/** One sign-in attempt on one of the three sign-in routes, with a wrong password or an unknown id. */
function attempt(
  t: TestApp,
  route: 'login' | 'sts' | 'sso',
  opts: { username?: string; password?: string; remoteAddress?: string; forwardedFor?: string } = {},
) {
  const username = opts.username ?? 'ingen';
  const password = opts.password ?? 'forkert';
  const headers: Record<string, string> = opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {};
  const base = { method: 'POST' as const, remoteAddress: opts.remoteAddress };
  if (route === 'login')
    return t.app.inject({ ...base, url: '/api/login', headers, payload: { username, password } });
  if (route === 'sts') {
    return t.app.inject({
      ...base,
      url: '/api/login/sts',
      headers,
      payload: { stsId: `ukendt-${username}` },
    });
  }
  return t.app.inject({
    ...base,
    url: '/sso/login',
    headers: { ...headers, ...FORM },
    payload: `username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}`,
  });
}

const ROUTES = ['login', 'sts', 'sso'] as const;
/**
 * Existing users, tried with a wrong password, spread so that no one user nears the limit. (An
 * unknown user costs a verification against the full-cost dummy hash, which would only slow the test.)
 */
const OTHER_USERS = DEMO_BRUGERE.map((u) => u.username).filter((u) => u !== 'vand');
const someUser = (i: number) => OTHER_USERS[i % OTHER_USERS.length]!;

describe.each(dbTargets())('the sign-in limit, across routes, on %s', (target) => {
  let now = Date.parse('2025-03-01T10:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT }, () => new Date(now));
  });
  afterAll(async () => t?.close());

  it('limits the 31st attempt from one address, spread over the three sign-in routes', async () => {
    const remoteAddress = '10.1.1.1';
    for (let i = 0; i < 30; i++) {
      const r = await attempt(t, ROUTES[i % 3]!, { username: someUser(i), remoteAddress });
      expect(r.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const api = await attempt(t, 'login', { username: 'vand', password: 'demo', remoteAddress });
    expect(api.statusCode).toBe(429);
    expect(api.json()).toEqual({ status: 429, message: FOR_MANGE_FORSOEG });
    expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    const form = await attempt(t, 'sso', { username: 'vand', password: 'demo', remoteAddress });
    expect(form.statusCode).toBe(429);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.body).toContain(FOR_MANGE_FORSOEG);
    // Another address is not affected.
    const other = await attempt(t, 'login', {
      username: 'vand',
      password: 'demo',
      remoteAddress: '10.1.1.2',
    });
    expect(other.statusCode).toBe(200);

    // A minute later the address may try again.
    now += 61_000;
    const later = await attempt(t, 'login', { username: 'vand', password: 'demo', remoteAddress });
    expect(later.statusCode).toBe(200);
  });

  it('with TRUST_PROXY off, a forged X-Forwarded-For does not escape the limit', async () => {
    const remoteAddress = '10.2.2.2';
    for (let i = 0; i < 30; i++) {
      const r = await attempt(t, ROUTES[i % 3]!, {
        username: someUser(i),
        remoteAddress,
        forwardedFor: `198.51.100.${i + 1}`,
      });
      expect(r.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const r = await attempt(t, 'sts', { remoteAddress, forwardedFor: '198.51.100.200' });
    expect(r.statusCode).toBe(429);
  });
});

describe.each(dbTargets())('the sign-in limit per username, behind a trusted proxy, on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    // app.inject comes from 127.0.0.1: that is the proxy, and X-Forwarded-For names the client.
    t = await createTestApp(target, { LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('limits attempts against one username from many addresses', async () => {
    for (let i = 0; i < 30; i++) {
      // The same user however it is spelt: the lookup ignores case.
      const username = ['vand', 'VAND', ' Vand '][i % 3]!;
      const r = await attempt(t, i % 2 ? 'sso' : 'login', { username, forwardedFor: `203.0.113.${i + 1}` });
      expect(r.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const right = await attempt(t, 'login', {
      username: 'vand',
      password: 'demo',
      forwardedFor: '203.0.113.99',
    });
    expect(right.statusCode).toBe(429);
    const form = await attempt(t, 'sso', {
      username: 'vand',
      password: 'demo',
      forwardedFor: '203.0.113.98',
    });
    expect(form.statusCode).toBe(429);
    // Another user from the same new address is not affected.
    const other = await attempt(t, 'login', {
      username: 'laeser',
      password: 'demo',
      forwardedFor: '203.0.113.99',
    });
    expect(other.statusCode).toBe(200);
  });

  it('counts per forwarded address when the proxy is trusted', async () => {
    for (let i = 0; i < 30; i++) {
      const r = await attempt(t, ROUTES[i % 3]!, { username: someUser(i), forwardedFor: '192.0.2.7' });
      expect(r.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expect((await attempt(t, 'login', { username: 'x1', forwardedFor: '192.0.2.7' })).statusCode).toBe(429);
    // The proxy's own address carries many clients: the next client through it is let in.
    expect((await attempt(t, 'login', { username: 'x2', forwardedFor: '192.0.2.8' })).statusCode).toBe(401);
    // A client that adds its own X-Forwarded-For entry is still known by the address the proxy saw.
    const spoof = await attempt(t, 'login', { username: 'x3', forwardedFor: '192.0.2.55, 192.0.2.7' });
    expect(spoof.statusCode).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  const parse = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
  it('is off by default and for false/0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('0')).toBe(false);
  });
  it('takes a list of addresses, CIDRs and proxy-addr names', () => {
    expect(parse('10.0.0.1, 172.16.0.0/12,loopback,::1,fd00::/8')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });
  it('refuses a hop count, true and malformed addresses with a Danish message', () => {
    for (const bad of ['1', 'true', '10.0.0.0/33', '10.0.0', 'proxy.local']) {
      expect(() => parse(bad), bad).toThrow(/TRUST_PROXY skal være false eller en kommasepareret liste/);
    }
  });
});

describe.each(dbTargets())('the sign-in counters in the database (login_forsoeg), on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  it('keeps one window per key from its first attempt, and forgets expired keys', async () => {
    let now = Date.parse('2025-06-01T08:00:00Z');
    const limit = new SignInLimit({
      maxPerWindow: 2,
      windowMs: 1000,
      store: new DbSignInCounters(t.database.db),
      now: () => now,
    });
    expect(await limit.attempt({ address: 'a', username: 'u' })).toEqual({ allowed: true });
    now += 500;
    expect(await limit.attempt({ address: 'b', username: 'U ' })).toEqual({ allowed: true });
    expect(await limit.attempt({ address: 'c', username: 'u' })).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    // Address c alone has had one attempt.
    expect(await limit.attempt({ address: 'c' })).toEqual({ allowed: true });
    now += 500;
    expect(await limit.attempt({ address: 'd', username: 'u' })).toEqual({ allowed: true });
  });

  it('counts each key on its own, resets a key whose window ended, and stores no key in clear', async () => {
    const store = new DbSignInCounters(t.database.db);
    const t0 = Date.parse('2025-06-02T08:00:00Z');
    expect(await store.increment(['adresse:x', 'bruger:per'], 60_000, t0)).toEqual([
      { count: 1, resetAt: t0 + 60_000 },
      { count: 1, resetAt: t0 + 60_000 },
    ]);
    expect(await store.increment(['adresse:y', 'bruger:per'], 60_000, t0 + 10_000)).toEqual([
      { count: 1, resetAt: t0 + 70_000 },
      { count: 2, resetAt: t0 + 60_000 },
    ]);
    // At the window's end the key starts again at 1 with a new window.
    expect(await store.increment(['bruger:per'], 60_000, t0 + 60_000)).toEqual([
      { count: 1, resetAt: t0 + 120_000 },
    ]);
    const rows = await queryRows<{ noegle: string }>(t.database.db, sql`SELECT noegle FROM login_forsoeg`);
    expect(rows.map((r) => r.noegle)).toContain(lagretNoegle('bruger:per'));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.noegle))).toBe(true);
  });

  it('sweeps expired rows, at most once per window', async () => {
    const db = t.database.db;
    const store = new DbSignInCounters(db);
    const t0 = Date.parse('2025-06-03T08:00:00Z');
    await store.increment(['adresse:sweep-1'], 1000, t0);
    await store.increment(['adresse:sweep-2'], 1000, t0 + 500);
    const har = async (key: string) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM login_forsoeg WHERE noegle = ${lagretNoegle(key)}`,
        )
      )[0]!.n;
    // t0 + 1000: the first window has ended, and a window has passed since the last sweep.
    await store.increment(['adresse:sweep-3'], 1000, t0 + 1000);
    expect(await har('adresse:sweep-1')).toBe(0);
    expect(await har('adresse:sweep-2')).toBe(1);
  });

  it('counts concurrent attempts exactly (one atomic upsert per attempt)', async () => {
    const store = new DbSignInCounters(t.database.db);
    const t0 = Date.parse('2025-06-04T08:00:00Z');
    const svar = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.increment(['bruger:samtidig', `adresse:${i}`], 60_000, t0)),
    );
    expect(svar.map((s) => s[0]!.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});
