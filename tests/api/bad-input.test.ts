import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as common from '../../src/contract/common';
import * as lookups from '../../src/contract/lookups';
import * as notes from '../../src/contract/notes';
import * as registre from '../../src/contract/registre';
import * as registreringer from '../../src/contract/registreringer';
import * as session from '../../src/contract/session';
import * as soeg from '../../src/contract/soeg';
import * as validering from '../../src/contract/validering';
import * as virksomhed from '../../src/contract/virksomhed';
import * as virksomhedListe from '../../src/contract/virksomhed-liste';
import { LOOKUP_KATALOG } from '../../src/server/catalog/lookups';
import { queryRows } from '../../src/server/db/client';
import { formatProblemErrors } from '../../src/server/http/errors';
import { hubFor } from '../../src/server/realtime';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/**
 * Issue 9 item 4: bad input answers a clear Danish 400, never a 500, on both databases. Each case
 * below was a 500 (or a silent change of the text, or an English message) before the fix.
 */

const INT4_OVER = 2 ** 31;
/** zod's and Fastify's English defaults; none may reach a user. */
const ENGELSK =
  /Invalid|expected|received|Too big|Too small|Required|Unexpected|Body |Unsupported|is not|must|cannot|Request/;

interface Problem {
  title: string;
  status: number;
  errors: Record<string, string[]>;
}

/** Every message of a 400 answer, checked to be Danish (none of zod's English defaults). */
function beskeder(p: Problem): string[] {
  return Object.values(p.errors).flat();
}

/** Field names declared anywhere in the contracts: every key of every object schema, however nested. */
function feltnavne(): string[] {
  const navne = new Set<string>();
  const set = new Set<unknown>();
  const gaa = (s: unknown) => {
    if (!s || typeof s !== 'object' || set.has(s) || !('_zod' in s)) return;
    set.add(s);
    const def = (s as { _zod: { def: Record<string, unknown> } })._zod.def;
    if (def.shape && typeof def.shape === 'object') {
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        navne.add(k);
        gaa(v);
      }
    }
    for (const key of ['element', 'innerType', 'in', 'out', 'left', 'right', 'valueType', 'keyType'])
      gaa(def[key]);
    if (Array.isArray(def.options)) for (const o of def.options) gaa(o);
  };
  for (const mod of [
    common,
    lookups,
    notes,
    registre,
    registreringer,
    session,
    soeg,
    validering,
    virksomhed,
    virksomhedListe,
  ])
    for (const v of Object.values(mod)) if (v instanceof z.ZodType) gaa(v);
  for (const art of registreringer.REGISTRERING_ARTER) gaa(registreringer.retSchema(art));
  navne.add('token');
  navne.add('username');
  navne.add('password');
  return [...navne].sort();
}

/** The routes of the app as [method, path] pairs, read from Fastify's route tree. */
function ruter(tree: string): [string, string][] {
  const ud: [string, string][] = [];
  const stak: string[] = [];
  for (const linje of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(linje);
    if (!m) continue;
    const niveau = m[1]!.length / 4;
    stak.length = niveau;
    stak.push(m[2]!);
    if (m[3]) for (const method of m[3].split(', ')) ud.push([method, stak.join('')]);
  }
  return ud;
}

describe('Danish messages for schemas without their own (src/contract/zod-da.ts)', () => {
  const besked = (schema: z.ZodType, value: unknown) => {
    const r = schema.safeParse(value);
    if (r.success) throw new Error('expected a failure');
    return r.error.issues.map((i) => i.message).join(' | ');
  };
  it.each([
    [z.string(), undefined, 'Feltet er påkrævet'],
    [z.string(), 5, 'Skal være tekst'],
    [z.coerce.number(), 'x', 'Skal være et tal'],
    [z.number().int(), 1.5, 'Skal være et helt tal'],
    [z.number().max(common.INT4_MAX), INT4_OVER, 'Må højst være 2.147.483.647'],
    [z.number().positive(), 0, 'Skal være større end 0'],
    [z.string().min(1), '', 'Feltet skal udfyldes'],
    [z.string().max(100), 'x'.repeat(101), 'Må højst være 100 tegn'],
    [z.array(z.number()).min(1), [], 'Må ikke være tom'],
    [z.array(z.number()).max(1), [1, 2], 'Må højst have 1 element'],
    [z.enum(['ASC', 'DESC']), 'x', "Skal være en af værdierne 'ASC', 'DESC'"],
    [z.boolean(), 'ja', 'Skal være ja eller nej (true/false)'],
    [z.object({ a: z.string() }), null, 'Skal være et objekt med felter'],
    [z.object({}).strict(), { x: 1 }, "Ukendt felt: 'x'"],
    [z.email(), 'x', 'Skal være en e-mailadresse'],
    [z.uuid(), 'x', 'Skal være et gyldigt id (UUID)'],
    [z.iso.date(), 'x', 'Skal være en dato (ÅÅÅÅ-MM-DD)'],
    [z.string().regex(/^\d+$/), 'x', 'Har ikke det rigtige format'],
    [z.union([z.string(), z.number()]), true, 'Ugyldig værdi'],
  ] as [z.ZodType, unknown, string][])('%#: %s', (schema, value, forventet) => {
    expect(besked(schema, value)).toBe(forventet);
  });
  it('the shared date schema takes 1755-01-01 to 9999-12-31 and real calendar days only', () => {
    const dato = common.datoSchema();
    expect(dato.safeParse('1755-01-01').success).toBe(true);
    expect(dato.safeParse('9999-12-31').success).toBe(true);
    expect(dato.safeParse('2024-02-29').success).toBe(true);
    expect(besked(dato, '0000-01-01')).toBe(common.DATO_INTERVAL_FEJL);
    expect(besked(dato, '1754-12-31')).toBe(common.DATO_INTERVAL_FEJL);
    expect(besked(dato, '2023-02-29')).toBe('Skal være en dato (ÅÅÅÅ-MM-DD)');
    expect(besked(dato, '10000-01-01')).toBe('Skal være en dato (ÅÅÅÅ-MM-DD)');
  });
});

describe.each(dbTargets())('bad input on %s', (target) => {
  let t: TestApp;
  let skive: number;
  let firma: number;
  let admin: string;
  let vand: string;
  beforeAll(async () => {
    t = await createTestApp(target);
    skive = await t.kundeId(779);
    admin = await t.tokenFor('admin');
    vand = await t.tokenFor('vand');
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM virksomhed WHERE kunde_id = ${skive} AND type = 1 AND NOT slettet ORDER BY id LIMIT 1`,
    );
    firma = Number(row!.id);
  });
  afterAll(async () => t?.close());

  const send = async (opts: InjectOptions & { token?: string | null }) => {
    const { token = admin, ...rest } = opts;
    const r = await t.app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(rest.headers ?? {}) },
    });
    let body: unknown;
    try {
      body = JSON.parse(r.body);
    } catch {
      body = r.body;
    }
    return { status: r.statusCode, body: body as Problem & { message?: string }, raw: r };
  };
  /** Asserts a Danish 400 whose errors name the field. */
  const er400 = (r: { status: number; body: Problem }, felt: string) => {
    expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(400);
    expect(Object.keys(r.body.errors)).toContain(felt);
    for (const b of beskeder(r.body)) expect(b).not.toMatch(ENGELSK);
  };

  describe('U+0000 in any text, query or sign-in field', () => {
    it('in the palette search text (was a 500)', async () => {
      er400(await send({ method: 'GET', url: '/api/soeg?tekst=a%00b' }), 'tekst');
    });
    it('in a JSON body: a log entry', async () => {
      const r = await send({
        method: 'POST',
        url: '/api/logbog',
        payload: { virksomhedId: firma, emne: 'a\u0000b', notat: 'tekst' },
      });
      er400(r, 'emne');
      expect(r.body.errors.emne![0]).toMatch(/nul-tegn/);
    });
    it('nested in a JSON body: a record kind list field', async () => {
      const r = await send({
        method: 'PUT',
        url: `/api/virksomhed/${firma}/basis`,
        payload: { version: 1, lokalitet: { matrikler: ['1a', 'b\u0000'] } },
      });
      er400(r, 'lokalitet.matrikler.1');
    });
    it('in a path parameter', async () => {
      er400(await send({ method: 'GET', url: '/api/dmalookup/a%00b' }), 'name');
    });
    it('in the password sign-in (was a 500)', async () => {
      er400(
        await send({
          method: 'POST',
          url: '/api/login',
          token: null,
          payload: { username: 'ad\u0000min', password: 'x' },
        }),
        'username',
      );
    });
    it('in the built-in sign-on form (was a 500)', async () => {
      const r = await send({
        method: 'POST',
        url: '/sso/login',
        token: null,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=ad%00min&password=x',
      });
      er400(r, 'username');
    });
    it('in the one-time sign-on id', async () => {
      er400(
        await send({ method: 'POST', url: '/api/login/sts', token: null, payload: { stsId: 'a\u0000' } }),
        'stsId',
      );
    });
    it('in the event stream token', async () => {
      er400(
        await send({ method: 'GET', url: '/api/validering/haendelser?token=a%00b', token: null }),
        'token',
      );
    });
    it('in the company list filter and in a repeated query parameter', async () => {
      const liste = `/api/virksomhed/list?kundeId=${skive}&virksomhedsType=1`;
      er400(await send({ method: 'GET', url: `${liste}&filter=a%00b` }), 'filter');
      er400(
        await send({
          method: 'GET',
          url: `${liste}&filteredColumns=kategori:1a&filteredColumns=a%00`,
        }),
        'filteredColumns.1',
      );
    });
  });

  describe('lone UTF-16 surrogates', () => {
    it('in a field stored as JSON: a record (was a 500)', async () => {
      const [type] = LOOKUP_KATALOG.get('dmalookup/risikoscoretype')!.filter((i) => i.aktiv);
      const r = await send({
        method: 'POST',
        url: `/api/virksomhed/${firma}/risikovurdering`,
        payload: {
          titel: 'Vurdering',
          risikoscoretypeId: type!.id,
          dato: '2026-01-02',
          score: 3,
          begrundelse: 'høj \ud800 risiko',
        },
      });
      er400(r, 'begrundelse');
      expect(r.body.errors.begrundelse![0]).toMatch(/surrogat/);
    });
    it('in a text column: refused, not silently changed to U+FFFD', async () => {
      const r = await send({
        method: 'POST',
        url: '/api/logbog',
        payload: { virksomhedId: firma, emne: 'Surrogat', notat: 'slut \udc00' },
      });
      er400(r, 'notat');
      const rows = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM logbog WHERE emne = 'Surrogat'`,
      );
      expect(Number(rows[0]!.n)).toBe(0);
    });
    it('a surrogate pair (an emoji) is kept', async () => {
      const r = await send({
        method: 'POST',
        url: '/api/logbog',
        payload: { virksomhedId: firma, emne: 'Emoji', notat: 'fint 😀 vejr' },
      });
      expect(r.status).toBe(201);
      expect((r.body as unknown as { notat: string }).notat).toBe('fint 😀 vejr');
    });
    it('in a JSON object key', async () => {
      const r = await send({
        method: 'POST',
        url: '/api/logbog',
        headers: { 'content-type': 'application/json' },
        payload: `{"virksomhedId":${firma},"emne":"a","notat":"b","\\ud800":1}`,
      });
      expect(r.status).toBe(400);
    });
  });

  describe('integers the database stores are bounded', () => {
    const KALD = [
      'OppumpedeVandmaengderValidering/Godkend',
      'OppumpedeVandmaengderValidering/Forkast',
      'IndtagNiveauValidering/Godkend',
      'IndtagNiveauValidering/Forkast',
      'Pejling/Godkend',
      'Pejling/Forkast',
      'Vandproeve/Godkend',
      'Vandproeve/Forkast',
    ];
    it.each(KALD)('%s: version 2^31 answers 400 (was a 500)', async (kald) => {
      const r = await send({
        method: 'PUT',
        url: `/api/${kald}/${skive}`,
        token: vand,
        payload: { poster: [{ id: 1, version: INT4_OVER }] },
      });
      er400(r, 'poster.0.version');
    });
    it('a record version and a delete version of 2^31', async () => {
      er400(
        await send({
          method: 'PUT',
          url: `/api/virksomhed/${firma}/basis`,
          payload: { version: INT4_OVER },
        }),
        'version',
      );
      er400(await send({ method: 'DELETE', url: `/api/tilsyn/1?version=${INT4_OVER}` }), 'version');
      er400(
        await send({
          method: 'POST',
          url: '/api/Virksomhed/OpdaterValgteCVROplysningerForVirksomhed?virksomhedid=1',
          payload: { version: INT4_OVER, felter: ['navn'] },
        }),
        'version',
      );
    });
  });

  describe('dates are bounded to what the database accepts', () => {
    it('an ad hoc task deadline 0000-01-01 answers 400 (was a 500)', async () => {
      const r = await send({
        method: 'POST',
        url: '/api/AdHocOpgave',
        payload: { virksomhedId: firma, emne: 'Frist', notat: 'x', frist: '0000-01-01' },
      });
      er400(r, 'frist');
    });
    it('a valid deadline is kept', async () => {
      const r = await send({
        method: 'POST',
        url: '/api/AdHocOpgave',
        payload: { virksomhedId: firma, emne: 'Frist', notat: 'x', frist: '2026-05-31' },
      });
      expect(r.status).toBe(201);
      expect((r.body as unknown as { frist: string }).frist).toBe('2026-05-31');
    });
    it('an establishment date 0000-01-01 from a DAWA address answers 400', async () => {
      const r = await send({
        method: 'POST',
        url: `/api/Virksomhed/OpretVirksomhedFraDawaData?Navn=X&dawaAdresseId=0a3f50a0-0000-32b8-e044-0003ba298018&dawaAdresseType=adresse&etableringsDato=0000-01-01&opretterId=1&kommuneId=779&virksomhedsType=1`,
      });
      er400(r, 'etableringsDato');
    });
  });

  describe('every 400 message is Danish', () => {
    it('a number that is not a number, a missing text, a wrong type', async () => {
      const a = await send({ method: 'GET', url: '/api/soeg?tekst=a&antal=x' });
      er400(a, 'antal');
      const b = await send({ method: 'POST', url: '/api/logbog', payload: { virksomhedId: firma } });
      er400(b, 'emne');
      expect(b.body.errors.emne).toEqual(['Feltet er påkrævet']);
      const c = await send({
        method: 'POST',
        url: '/api/logbog',
        payload: { virksomhedId: firma, emne: 7, notat: [] },
      });
      er400(c, 'notat');
      expect(c.body.errors.emne).toEqual(['Skal være tekst']);
    });
    it("Fastify's own client errors: malformed JSON, an empty body, a broken %-code", async () => {
      const json = { 'content-type': 'application/json' };
      const a = await send({ method: 'POST', url: '/api/logbog', headers: json, payload: '{"emne":' });
      expect(a.body.errors).toEqual({ request: ['Indholdet er ikke gyldig JSON'] });
      const b = await send({ method: 'POST', url: '/api/logbog', headers: json, payload: '' });
      er400(b, 'request');
      const c = await send({ method: 'GET', url: '/api/soeg%zz?tekst=a' });
      expect(c.body).toEqual({
        title: 'Ugyldig forespørgsel',
        status: 400,
        errors: { request: ['Adressen indeholder en ugyldig %-kode'] },
      });
    });
  });

  describe('error answers stay small', () => {
    it('a huge GetMedian body answers one short error (was 3.3 MB listing 100,000 entries)', async () => {
      const ids = Array.from({ length: 100_000 }, () => 'x');
      const r = await send({
        method: 'PUT',
        url: `/api/PejlingValidering/GetMedian/${skive}`,
        token: vand,
        payload: { ids },
      });
      er400(r, 'ids');
      expect(r.body.errors).toEqual({ ids: ['Højst 10000 poster ad gangen'] });
    });
    it('a body with thousands of bad entries lists at most 20 fields and a note', async () => {
      const ids = Array.from({ length: 10_000 }, () => 'x');
      const r = await send({
        method: 'PUT',
        url: `/api/PejlingValidering/GetMedian/${skive}`,
        token: vand,
        payload: { ids },
      });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.errors)).toHaveLength(21);
      expect(r.body.errors['ids.0']).toEqual(['Skal være et tal']);
      expect(r.body.errors.øvrige).toEqual(['9.980 felter mere har fejl; flere fejl vises ikke']);
      expect(r.raw.body.length).toBeLessThan(2_000);
    });
    it('more ids than one queue page answers 400', async () => {
      const ids = Array.from({ length: validering.MAKS_POSTER_PR_BESLUTNING + 1 }, (_, i) => i + 1);
      er400(
        await send({
          method: 'PUT',
          url: `/api/PejlingValidering/GetMedian/${skive}`,
          token: vand,
          payload: { ids },
        }),
        'ids',
      );
    });
    it('caps the fields, the messages per field and the length of each message', () => {
      const mange = Array.from({ length: 50 }, (_, i) => ({ field: `f${i}`, message: 'Ugyldig værdi' }));
      const a = formatProblemErrors(mange);
      expect(Object.keys(a)).toHaveLength(21);
      expect(a.øvrige).toEqual(['30 felter mere har fejl; flere fejl vises ikke']);
      const lang = formatProblemErrors([
        ...Array.from({ length: 10 }, () => ({ field: 'x', message: 'Ugyldig værdi' })),
        { field: 'y', message: 'æ'.repeat(10_000) },
      ]);
      expect(lang.x!.length).toBeLessThanOrEqual(5);
      expect(lang.y![0]!.length).toBeLessThanOrEqual(300);
    });
  });

  describe('numbers beyond their columns (issue 31)', () => {
    it('an owner id above int4 on a water plant record kind: 400 on virksomhedId', async () => {
      const r = await send({
        method: 'POST',
        url: '/api/VandanlaegTilsyn',
        token: vand,
        payload: { virksomhedId: 2_147_483_648, titel: 'x', dato: '2026-01-01' },
      });
      er400(r, 'virksomhedId');
    });
    it('a version above int4 on a template rename and a control-point save: 400 on the version', async () => {
      const skab = await send({
        method: 'PUT',
        url: '/api/dokumentskabelon/1',
        token: admin,
        payload: { navn: 'x', aktiv: true, version: 2_147_483_648 },
      });
      er400(skab, 'version');
      const kp = await send({
        method: 'PUT',
        url: '/api/kontrolpunkt/tilsyn/1',
        token: admin,
        payload: {
          punkter: [{ kontrolpunktId: 1, resultat: null, bemaerkning: null, version: 2_147_483_648 }],
        },
      });
      er400(kp, 'punkter.0.version');
    });
    it('an extraction method beyond smallint on a pumped-quantity period: 400', async () => {
      const r = await send({
        method: 'POST',
        url: '/api/OppumpedeVandmaengder',
        token: vand,
        payload: { jupiterIndvindingsmetodeId: 32_768 },
      });
      er400(r, 'jupiterIndvindingsmetodeId');
    });
  });

  describe('HEAD on the event stream', () => {
    it('answers at once with the stream headers and holds no subscription', async () => {
      const r = await send({
        method: 'HEAD',
        url: `/api/validering/haendelser?token=${encodeURIComponent(vand)}`,
        token: null,
      });
      expect(r.status).toBe(200);
      expect(r.raw.headers['content-type']).toMatch(/text\/event-stream/);
      expect(r.raw.body).toBe('');
      expect(hubFor(t.database.db).antal(skive)).toBe(0);
    });
    it('refuses a HEAD without a valid token like GET', async () => {
      const r = await send({ method: 'HEAD', url: '/api/validering/haendelser?token=x', token: null });
      expect(r.status).toBe(401);
    });
  });

  describe('broad check over every registered route', () => {
    it('never answers 500, and every 400 message is Danish', async () => {
      await t.app.ready();
      const routes = ruter(t.app.printRoutes({ commonPrefix: false }));
      const navne = feltnavne();
      const param = (navn: string) =>
        ({ kundeId: String(skive), name: 'virksomhedsgrupper', status: '404' })[navn] ?? String(firma);
      const query = (v: string) => navne.map((n) => `${n}=${v}`).join('&');
      const body = (v: unknown) => Object.fromEntries(navne.map((n) => [n, v]));
      const bad = ['a\u0000b', 'a\ud800b', 'b\udc00'];
      let antal = 0;
      let antal400 = 0;
      const fejl: string[] = [];
      for (const [method, path] of routes) {
        const url = path.replace(/:(\w+)/g, (_, n: string) => param(n));
        const nulUrl = path.replace(/:(\w+)/g, 'a%00b');
        const harBody = method === 'POST' || method === 'PUT' || method === 'DELETE';
        const varianter: InjectOptions[] = [
          { url: `${url}?${query('a%00b')}` },
          { url: `${url}?${query('%ED%A0%80')}` },
          { url: `${url}?${query('2147483648')}` },
          { url: `${url}?${query('0000-01-01')}` },
          { url: `${url}?${query('x')}` },
          { url },
        ];
        if (nulUrl !== path) varianter.push({ url: nulUrl });
        if (harBody) {
          for (const v of [...bad, INT4_OVER, '0000-01-01', true, {}, []])
            varianter.push({ url, payload: body(v) }, { url, payload: [v] as unknown as object });
          varianter.push(
            { url, payload: {} },
            { url, payload: '{"a":', headers: { 'content-type': 'application/json' } },
            { url, payload: '', headers: { 'content-type': 'application/json' } },
            { url, payload: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } },
            { url, payload: 'tekst', headers: { 'content-type': 'text/plain' } },
          );
        }
        for (const v of varianter) {
          const r = await send({ ...v, method: method as InjectOptions['method'] });
          antal++;
          const tekst = `${method} ${v.url?.toString().slice(0, 80)} ${JSON.stringify(v.payload ?? null).slice(0, 40)} → ${r.status}`;
          if (r.status >= 500) fejl.push(`${tekst} ${r.raw.body.slice(0, 200)}`);
          if (r.status >= 400 && r.status < 500 && typeof r.body === 'object') {
            if (r.status === 400) antal400++;
            const tekster = [r.body.title, r.body.message, ...(r.body.errors ? beskeder(r.body) : [])];
            for (const b of tekster) if (b && ENGELSK.test(b)) fejl.push(`${tekst}: ${b}`);
            if (r.raw.body.length > 8_000) fejl.push(`${tekst}: ${r.raw.body.length} tegn`);
          }
        }
      }
      console.log(`broad check on ${target}: ${routes.length} routes, ${antal} answers, ${antal400} 400s`);
      expect(fejl).toEqual([]);
      expect(routes.length).toBeGreaterThan(100);
    }, 300_000);
  });
});
