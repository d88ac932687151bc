import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../src/server/auth/tokens';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Every protected call of spec 000 §7: each must refuse a missing, expired or forged token. */
const PROTECTED: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/login/ChangeMunicipality?municipalityId=1' },
  { method: 'GET', url: '/api/Bruger/HentOpsaetning' },
  { method: 'PUT', url: '/api/Bruger/GemOpsaetning', payload: { opsaetning: '{}' } },
  { method: 'GET', url: '/api/Bruger/HentKundeOpsaetning/1' },
  { method: 'PUT', url: '/api/Bruger/GemKundeOpsaetning', payload: { kundeId: 1, opsaetning: '{}' } },
  { method: 'GET', url: '/api/adresse/1' },
  { method: 'GET', url: '/api/SystemBesked/HentSystemBeskeder/1' },
  { method: 'GET', url: '/api/emne/list' },
  { method: 'GET', url: '/api/frase/list/1' },
  { method: 'GET', url: '/api/tilsyn/tilsynKonklusion/1' },
  { method: 'GET', url: '/api/logbog/list/1' },
  { method: 'POST', url: '/api/logbog', payload: { virksomhedId: 1, emne: 'a', notat: 'b' } },
  { method: 'GET', url: '/api/AdHocOpgave/list/1' },
  { method: 'POST', url: '/api/AdHocOpgave', payload: { virksomhedId: 1, emne: 'a', notat: 'b' } },
  { method: 'GET', url: '/api/bruger/GetAvailableMunicipalitiesForUser' },
  { method: 'GET', url: '/api/notification/list' },
  { method: 'GET', url: '/api/soeg?tekst=skive' },
];

describe('token checks on every protected call', () => {
  let t: TestApp;
  let expired: string;
  let forged: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const claims = decodeJwt(await t.tokenFor('admin'));
    const { exp: _exp, iat: _iat, sub: _sub, ...rest } = claims;
    expired = await t.tokens.sign(rest as never, -60);
    forged = await new TokenService(randomBytes(32), 3600).sign(rest as never);
  });
  afterAll(async () => t?.close());

  it.each(PROTECTED)('$method $url: no token 401', async ({ method, url, payload }) => {
    const r = await t.app.inject({ method, url, payload });
    expect(r.statusCode).toBe(401);
    expect(r.headers.mwtokenexpired).toBeUndefined();
  });
  it.each(PROTECTED)(
    '$method $url: expired token 401 with mwtokenexpired',
    async ({ method, url, payload }) => {
      const r = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${expired}` } });
      expect(r.statusCode).toBe(401);
      expect(r.headers.mwtokenexpired).toBe('true');
    },
  );
  it.each(PROTECTED)('$method $url: forged token 401', async ({ method, url, payload }) => {
    const r = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${forged}` } });
    expect(r.statusCode).toBe(401);
    expect(r.headers.mwtokenexpired).toBeUndefined();
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
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/findes/ikke',
      headers: { authorization: `Bearer ${await t.tokenFor('admin')}` },
    });
    expect(r.statusCode).toBe(404);
  });
});

describe('500 answers', () => {
  it('carry FejlBesked, and a stack trace only for a system admin', async () => {
    const t = await createTestApp('pglite');
    const admin = await t.tokenFor('admin');
    const vand = await t.tokenFor('vand');
    await t.database.close(); // every query now fails: a real unexpected error
    const forUser = await t.app.inject({
      method: 'GET',
      url: '/api/emne/list',
      headers: { authorization: `Bearer ${vand}` },
    });
    expect(forUser.statusCode).toBe(500);
    const body = JSON.parse(forUser.body);
    expect(body.FejlBesked).toBe(
      'Der opstod en uventet fejl, prøv igen. Kontakt support hvis problemet fortsætter.',
    );
    expect(body.stackTrace).toBeUndefined();
    expect(forUser.body).not.toMatch(/at .*\.ts:\d+/);
    const forAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/emne/list',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(JSON.parse(forAdmin.body).stackTrace).toEqual(expect.any(String));
    await t.app.close();
  });
});
