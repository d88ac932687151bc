import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harAdgang, ressourcerFor } from '../../src/contract/roles';
import { TokenService } from '../../src/server/auth/tokens';
import { DEMO_BRUGERE } from '../../src/server/db/demo-brugere';
import { virksomhed } from '../../src/server/db/schema';
import type { RegisteredRoute } from '../../src/server/http/route-registry';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The access matrix, generated from the routes the app registers (app.registeredRoutes): every /api
 * route not marked public refuses a missing, forged or expired token; every route that declares an
 * access right refuses a demo user lacking it; every GET route whose path parameter names a
 * customer-owned row (a kundeId, a company id) answers 404 to another customer. A new route is
 * covered the day it is added. Cross-customer cases that need a request body are in the area's
 * own test files (virksomhed, registreringer, validering, validering-fortryd, lookups, session).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

const SKIVE = 779;
const HERNING = 657;

/**
 * Path parameters that take a word, not an id: `{type}` of the SAT record paths
 * (`satresultat/{type}/list/{id}`) names the owner's kind; any other parameter gets 1.
 */
const PARAM_VALUES: Record<string, string> = { type: 'virksomhed' };
const standardVaerdi = (param: string) => PARAM_VALUES[param] ?? 1;

/** The route's path with every parameter replaced by the value the function gives for its name. */
function urlFor(route: RegisteredRoute, value: (param: string) => string | number = standardVaerdi): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => String(value(name)));
}

const params = (route: RegisteredRoute) => [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

/**
 * A path parameter that names a row of the company table, which holds companies, farms and water
 * plants: `virksomhedId`, `anlaegId`, `:id` right after `virksomhed/`, or `:id` of a
 * `{art}/{type}/list/:id` path (with PARAM_VALUES.type, a company).
 */
const isCompanyParam = (route: RegisteredRoute, param: string) =>
  ['virksomhedid', 'anlaegid'].includes(param.toLowerCase()) ||
  new RegExp(`/virksomhed/:${param}(/|$)`, 'i').test(route.url) ||
  new RegExp(`/:type/list/:${param}$`).test(route.url);

/**
 * The query a GET route cannot be answered without (its own customer must get 200 before another
 * customer's 404 means anything). A new route that needs one fails the 404 check, naming itself.
 */
const REQUIRED_QUERY: Record<string, string> = {
  'GET /api/sagsbehandler/list/:kundeid': '?type=Virksomhed',
  'GET /api/satgebyrtype/lookup/:kundeid': '?date=2026-01-01',
};

/**
 * GET routes with a kundeId and a second customer-owned row id the generator cannot choose (the row
 * must be the owner customer's): another customer's ids are tested in the named area test file.
 */
const EGEN_TEST: Record<string, string> = {
  'GET /api/kontrolpunkt/templatedata/list/:kundeid/:tilsynid': 'tests/api/dokument-api.test.ts',
};

const label = (route: RegisteredRoute) => `${route.method} ${route.url}`;

describe('access matrix of every registered /api route', () => {
  let t: TestApp;
  let protectedRoutes: RegisteredRoute[];
  let expired: string;
  let forged: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.ready();
    protectedRoutes = t.app.registeredRoutes.filter(
      (r) => r.url.toLowerCase().startsWith('/api/') && !r.public,
    );
    const claims = decodeJwt(await t.tokenFor('admin'));
    const { exp: _exp, iat: _iat, sub: _sub, ...rest } = claims;
    expired = await t.tokens.sign(rest as never, -60);
    forged = await new TokenService(randomBytes(32), 3600).sign(rest as never);
  });
  afterAll(async () => t?.close());

  const call = (route: RegisteredRoute, token?: string, url = urlFor(route)) =>
    t.app.inject({
      method: route.method as Method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('finds the routes: the calls of spec 000 §7 and every area are among them', () => {
    expect(protectedRoutes.length).toBeGreaterThan(80);
    const names = protectedRoutes.map((r) => `${r.method} ${r.url.toLowerCase()}`);
    for (const expected of [
      'GET /api/login/changemunicipality',
      'PUT /api/bruger/gemopsaetning',
      'GET /api/bruger/hentkundeopsaetning/:kundeid',
      'POST /api/logbog',
      'GET /api/soeg',
      'GET /api/virksomhed/:id',
      'PUT /api/vandproeve/godkend/:kundeid',
    ]) {
      expect(names).toContain(expected);
    }
    // The public ones are exactly the sign-in calls, the probes and the token-in-query event streams.
    const open = t.app.registeredRoutes
      .filter((r) => r.url.toLowerCase().startsWith('/api/') && r.public)
      .map((r) => `${r.method} ${r.url.toLowerCase()}`)
      .sort();
    expect(open).toEqual(
      [
        'GET /api/login/version',
        'GET /api/test/klar',
        'GET /api/test/ping',
        'GET /api/validering/haendelser',
        'GET /api/naervaer/haendelser',
        'POST /api/login',
        'POST /api/login/sts',
      ].sort(),
    );
  });

  it('answers 401 without a token', async () => {
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      const r = await call(route);
      if (r.statusCode !== 401 || r.headers.mwtokenexpired !== undefined) {
        wrong.push(`${label(route)}: ${r.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 to a token signed with another secret', async () => {
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      const r = await call(route, forged);
      if (r.statusCode !== 401 || r.headers.mwtokenexpired !== undefined) {
        wrong.push(`${label(route)}: ${r.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 with mwtokenexpired: true to an expired token', async () => {
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      const r = await call(route, expired);
      const message = JSON.parse(r.body).message;
      if (
        r.statusCode !== 401 ||
        r.headers.mwtokenexpired !== 'true' ||
        message !== 'Din session er udløbet. Log venligst ind igen.'
      ) {
        wrong.push(`${label(route)}: ${r.statusCode} ${r.headers.mwtokenexpired} ${message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a demo user lacking the declared right, and lets one holding it past', async () => {
    const withRight = protectedRoutes.filter((r) => r.access);
    expect(withRight.length).toBeGreaterThan(10);
    const tokens = new Map<string, string>();
    const tokenFor = async (username: string) => {
      if (!tokens.has(username)) tokens.set(username, await t.tokenFor(username));
      return tokens.get(username)!;
    };
    const wrong: string[] = [];
    for (const route of withRight) {
      const rule = route.access!;
      const lacking = DEMO_BRUGERE.find((b) => !harAdgang(ressourcerFor(b.roller), rule));
      const holding = DEMO_BRUGERE.find(
        (b) => b.username !== 'admin' && harAdgang(ressourcerFor(b.roller), rule),
      );
      if (!lacking) {
        wrong.push(`${label(route)}: no demo user lacks ${rule}`);
        continue;
      }
      const refused = await call(route, await tokenFor(lacking.username));
      const message = String(JSON.parse(refused.body).message);
      if (refused.statusCode !== 403 || !message.startsWith('Der er ikke de fornødne rettigheder')) {
        wrong.push(`${label(route)} as ${lacking.username}: ${refused.statusCode} ${message}`);
      }
      const allowed = await call(route, await tokenFor(holding?.username ?? 'admin'));
      if (allowed.statusCode === 401 || allowed.statusCode === 403) {
        wrong.push(`${label(route)} as ${holding?.username ?? 'admin'}: ${allowed.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers 404 to another customer's kundeId or company id, which its own customer is served", async () => {
    const herning = await t.kundeId(HERNING);
    const skive = await t.kundeId(SKIVE);
    const herningCompanies = await t.database.db
      .select({ id: virksomhed.id, type: virksomhed.type })
      .from(virksomhed)
      .where(and(eq(virksomhed.kundeId, herning), eq(virksomhed.slettet, false)));
    // One company, one farm and one water plant of Herning: a route serves at least one of them.
    const candidates = [1, 2, 3]
      .map((type) => herningCompanies.find((v) => v.type === type)?.id)
      .filter((id): id is number => id !== undefined);
    expect(candidates).toHaveLength(3);
    const owner = await t.tokenFor('admin', HERNING);
    const other = await t.tokenFor('admin', SKIVE);
    expect(skive).not.toBe(herning);

    const generated = protectedRoutes.filter(
      (r) =>
        r.method === 'GET' &&
        !EGEN_TEST[`${r.method} ${r.url.toLowerCase()}`] &&
        params(r).some((p) => p.toLowerCase() === 'kundeid' || isCompanyParam(r, p)),
    );
    expect(generated.length).toBeGreaterThan(8);
    const byHand = protectedRoutes.filter((r) => params(r).length > 0 && !generated.includes(r));
    console.log(
      `Another customer's id, generated for ${generated.length} GET routes. Routes with a parameter ` +
        `left to their area's own tests (${byHand.length}):\n${byHand.map((r) => `  ${label(r)}`).join('\n')}`,
    );
    const wrong: string[] = [];
    for (const route of generated) {
      const companyIds = params(route).some((p) => isCompanyParam(route, p)) ? candidates : [0];
      let served = false;
      for (const companyId of companyIds) {
        const url =
          urlFor(route, (p) =>
            p.toLowerCase() === 'kundeid'
              ? herning
              : isCompanyParam(route, p)
                ? companyId
                : standardVaerdi(p),
          ) + (REQUIRED_QUERY[`${route.method} ${route.url.toLowerCase()}`] ?? '');
        const own = await call(route, owner, url);
        if (own.statusCode !== 200) continue;
        served = true;
        const foreign = await call(route, other, url);
        if (foreign.statusCode !== 404)
          wrong.push(`${label(route)} ${url} from Skive: ${foreign.statusCode}`);
      }
      if (!served) {
        wrong.push(
          `${label(route)}: Herning's own id is not served (200) either; a required query? see REQUIRED_QUERY`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a malformed authorization header and a token with alg none', async () => {
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify(decodeJwt(forged)),
    ).toString('base64url')}.`;
    for (const header of ['Bearer', 'Basic abc', `Bearer ${none}`, 'Bearer a.b.c']) {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/emne/list',
        headers: { authorization: header },
      });
      expect(r.statusCode).toBe(401);
    }
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const r = await t.kald('GET', '/api/findes/ikke', await t.tokenFor('admin'));
    expect(r.statusCode).toBe(404);
  });
});

describe('500 answers', () => {
  it('carry FejlBesked, and a stack trace only for a system admin', async () => {
    const t = await createTestApp('pglite');
    const admin = await t.tokenFor('admin');
    const vand = await t.tokenFor('vand');
    await t.database.close(); // every query now fails: a real unexpected error
    const forUser = await t.kald('GET', '/api/emne/list', vand);
    expect(forUser.statusCode).toBe(500);
    const body = JSON.parse(forUser.body);
    expect(body.FejlBesked).toBe(
      'Der opstod en uventet fejl, prøv igen. Kontakt support hvis problemet fortsætter.',
    );
    expect(body.stackTrace).toBeUndefined();
    expect(forUser.body).not.toMatch(/at .*\.ts:\d+/);
    const forAdmin = await t.kald('GET', '/api/emne/list', admin);
    expect(JSON.parse(forAdmin.body).stackTrace).toEqual(expect.any(String));
    await t.app.close();
  });
});
