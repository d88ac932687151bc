import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AnyEndpoint, endpoint } from '../../src/contract/endpoint';
import { harAdgang, ROLLER, ressourcerFor } from '../../src/contract/roles';
import {
  byggOpenApi,
  endpointTabel,
  medEndpointTabel,
  type OpenApiDokument,
  type Operation,
  openApiSti,
  stiParametre,
} from '../../src/server/http/openapi';
import type { RegisteredRoute } from '../../src/server/http/route-registry';
import { appVersion } from '../../src/server/version';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The API reference (GET /api/openapi.json, src/server/http/openapi.ts) against the routes the app
 * registers: every declared /api route is an operation with its right and the Danish error
 * answers, every schema is valid JSON Schema 2020-12 (checked by Ajv against the meta-schema),
 * docs/api.md's endpoint table is the one the document gives, and a client built from the document
 * alone calls every GET operation and gets answers that match the document.
 * Run: npx vitest run tests/api/openapi.test.ts
 */

type Schema = Record<string, unknown>;
type Metode = 'get' | 'post' | 'put' | 'delete';

const API_DOC = path.resolve(process.cwd(), 'docs/api.md');

/** Every operation of the document with its path and method. */
function operationer(dok: OpenApiDokument): { sti: string; metode: Metode; op: Operation }[] {
  return Object.entries(dok.paths).flatMap(([sti, ops]) =>
    Object.entries(ops).map(([metode, op]) => ({ sti, metode: metode as Metode, op })),
  );
}

/** Resolves a local reference ('#/components/…') in the document; undefined when it points nowhere. */
function slaaOp(dok: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = dok;
  for (const del of ref.slice(2).split('/')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[del.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node;
}

/** Every `$ref` value anywhere in a JSON value. */
function refs(v: unknown, ud: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) refs(x, ud);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') ud.push(x);
      else refs(x, ud);
    }
  }
  return ud;
}

/** The schemas an operation carries: parameters, request body and answers (references resolved). */
function skemaer(dok: OpenApiDokument, op: Operation): { hvor: string; skema: Schema }[] {
  const ud: { hvor: string; skema: Schema }[] = [];
  for (const p of op.parameters ?? []) ud.push({ hvor: `${p.in} ${p.name}`, skema: p.schema });
  for (const [type, c] of Object.entries(op.requestBody?.content ?? {}))
    ud.push({ hvor: `body ${type}`, skema: c.schema });
  for (const [status, svar] of Object.entries(op.responses)) {
    const løst = ('$ref' in (svar as Schema) ? slaaOp(dok, (svar as { $ref: string }).$ref) : svar) as {
      content?: Record<string, { schema: Schema }>;
    };
    for (const [type, c] of Object.entries(løst?.content ?? {})) {
      const skema = '$ref' in c.schema ? (slaaOp(dok, c.schema.$ref as string) as Schema) : c.schema;
      ud.push({ hvor: `${status} ${type}`, skema });
    }
  }
  return ud;
}

/**
 * A value a client would send for a parameter, from its schema alone: the customer's own id for a
 * kundeId, else an enum's first value, a constant, a number at its lower bound, a date, a word.
 */
function vaerdi(navn: string, s: Schema, kundeId: number): string {
  if (navn.toLowerCase() === 'kundeid') return String(kundeId);
  if (Array.isArray(s.enum)) return String(s.enum[0]);
  if (s.const !== undefined) return String(s.const);
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    const valg = s[k];
    if (Array.isArray(valg) && valg.length > 0) return vaerdi(navn, valg[0] as Schema, kundeId);
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'integer' || type === 'number') {
    const min =
      typeof s.minimum === 'number'
        ? s.minimum
        : typeof s.exclusiveMinimum === 'number'
          ? s.exclusiveMinimum + 1
          : 1;
    return String(Math.max(1, min));
  }
  if (type === 'boolean') return 'true';
  if (type === 'array') return vaerdi(navn, (s.items ?? {}) as Schema, kundeId);
  if (s.format === 'date' || /dato|date/i.test(navn)) return '2026-01-01';
  if (typeof s.pattern === 'string' && /\\d\{4\}-\\d\{2\}-\\d\{2\}/.test(s.pattern)) return '2026-01-01';
  return 'a';
}

/** The URL of a GET operation with its path filled in and its required query parameters given. */
function url(sti: string, op: Operation, kundeId: number): string {
  const params = op.parameters ?? [];
  const fyldt = sti.replace(/\{([^}]+)\}/g, (_m, navn: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === navn);
    return encodeURIComponent(vaerdi(navn, p?.schema ?? {}, kundeId));
  });
  const query = params
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(vaerdi(p.name, p.schema, kundeId))}`);
  return `/api${fyldt}${query.length ? `?${query.join('&')}` : ''}`;
}

const nyAjv = () => new Ajv2020({ strict: false, validateFormats: false, allErrors: false });

describe('the OpenAPI document of every registered /api route', () => {
  let t: TestApp;
  let ruter: RegisteredRoute[];
  let dok: OpenApiDokument;
  let admin: string;
  let kundeId: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.ready();
    ruter = t.app.registeredRoutes.filter((r) => r.url.toLowerCase().startsWith('/api/'));
    admin = await t.tokenFor('admin');
    kundeId = Number(decodeJwt(admin).customerId);
    const r = await t.kald('GET', '/api/openapi.json', await t.tokenFor('laeser'));
    expect(r.statusCode).toBe(200);
    dok = r.json();
  });
  afterAll(async () => t?.close());

  it('is served at GET /api/openapi.json to any signed-in user, not without a token', async () => {
    const uden = await t.kald('GET', '/api/openapi.json');
    expect(uden.statusCode).toBe(401);
    const r = await t.kald('GET', '/api/openapi.json', admin);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    // Exactly the document the registered routes give, built at the first request and kept.
    expect(r.body).toBe(JSON.stringify(dok));
    const { dokument, erstatninger } = byggOpenApi(ruter, appVersion({ revision: undefined }).version);
    expect(dok).toEqual(JSON.parse(JSON.stringify(dokument)));
    expect(erstatninger).toEqual([]);
    expect(dok.openapi).toBe('3.1.0');
    expect(dok.servers).toEqual([{ url: '/api' }]);
  });

  it('has one operation per registered /api route, each declared in src/contract', () => {
    const ops = operationer(dok);
    console.log(
      `OpenAPI: ${ops.length} operations on ${Object.keys(dok.paths).length} paths, ${ruter.length} registered /api routes`,
    );
    expect(ops.length).toBe(ruter.length);
    const resumeer = new Set(ops.map(({ op }) => op.summary));
    const mangler = ruter
      .filter((r) => !r.endpoint || !resumeer.has(`${r.method} ${openApiSti(r.url.slice(4))}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(mangler).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes paths in OpenAPI form, each template parameter declared once as a required path parameter', () => {
    const forkerte: string[] = [];
    const former = new Map<string, string>();
    for (const sti of Object.keys(dok.paths)) {
      if (!/^(\/([^/:{}?]+|\{[A-Za-z0-9_]+\}))+$/.test(sti)) forkerte.push(`form: ${sti}`);
      // OpenAPI: two paths that differ only in their parameters' names are the same path.
      const form = sti.replace(/\{[^}]+\}/g, '{}');
      if (former.has(form)) forkerte.push(`same as ${former.get(form)}: ${sti}`);
      former.set(form, sti);
    }
    for (const { sti, metode, op } of operationer(dok)) {
      const navne = [...sti.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const stiParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      if (
        JSON.stringify(stiParams.map((p) => p.name)) !== JSON.stringify(navne) ||
        stiParams.some((p) => !p.required)
      ) {
        forkerte.push(`${metode} ${sti}: ${stiParams.map((p) => p.name).join(',')}`);
      }
      const noegler = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      if (new Set(noegler).size !== noegler.length) forkerte.push(`${metode} ${sti}: duplicate parameter`);
    }
    expect(forkerte).toEqual([]);
  });

  it("states each operation's right and the roles that grant it, as the route checks it", () => {
    const forkerte: string[] = [];
    for (const rute of ruter) {
      const op = operationer(dok).find(
        (o) => o.op.summary === `${rute.method} ${openApiSti(rute.url.slice(4))}`,
      )?.op;
      if (!op) continue;
      const hvem = `${rute.method} ${rute.url}`;
      if (rute.public) {
        if (JSON.stringify(op.security) !== '[]' || op['x-rettighed'] !== null)
          forkerte.push(`${hvem}: public`);
        continue;
      }
      if (op.security !== undefined) forkerte.push(`${hvem}: security`);
      if (op['x-rettighed'] !== (rute.access ?? null))
        forkerte.push(`${hvem}: x-rettighed ${op['x-rettighed']}`);
      if (rute.access) {
        const giver = ROLLER.filter((rolle) => harAdgang(ressourcerFor([rolle]), rute.access!));
        if (JSON.stringify(op['x-roller']) !== JSON.stringify(giver)) forkerte.push(`${hvem}: x-roller`);
        if (!op.description.includes(rute.access.split('||')[0]!)) forkerte.push(`${hvem}: description`);
      } else if (op['x-roller'] !== null) forkerte.push(`${hvem}: x-roller without a rule`);
    }
    expect(forkerte).toEqual([]);
    expect(dok.security).toEqual([{ bearer: [] }]);
    expect(dok.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('answers with the Danish error shapes: 400 problem details, 401 with mwtokenexpired, 403, 404, 409', () => {
    const p = dok.components.schemas.ProblemDetaljer as { required: string[] };
    expect(p.required).toEqual(['title', 'status', 'errors']);
    expect(dok.components.responses.IkkeLoggetInd).toMatchObject({
      headers: { mwtokenexpired: { schema: { enum: ['true'] } } },
    });
    const forkerte: string[] = [];
    for (const { sti, metode, op } of operationer(dok)) {
      const har = (status: string, navn: string) =>
        (op.responses[status] as { $ref?: string } | undefined)?.$ref === `#/components/responses/${navn}`;
      const offentlig = op.security?.length === 0;
      const ok =
        har('400', 'Ugyldig') &&
        har('500', 'UventetFejl') &&
        (offentlig || (har('401', 'IkkeLoggetInd') && har('403', 'IngenAdgang'))) &&
        (!sti.includes('{') || har('404', 'IkkeFundet')) &&
        (metode === 'get' || har('409', 'Konflikt'));
      if (!ok) forkerte.push(`${metode} ${sti}`);
    }
    expect(forkerte).toEqual([]);
  });

  it('holds only valid JSON Schema 2020-12 and references that resolve', () => {
    const brudte = refs(dok).filter((r) => slaaOp(dok, r) === undefined);
    expect(brudte).toEqual([]);
    expect(JSON.stringify(dok)).not.toContain('"$defs"');
    const ajv = nyAjv();
    const ugyldige: string[] = [];
    let antal = 0;
    for (const { sti, metode, op } of operationer(dok)) {
      for (const { hvor, skema } of skemaer(dok, op)) {
        antal++;
        if (!ajv.validateSchema(skema)) ugyldige.push(`${metode} ${sti} ${hvor}: ${ajv.errorsText()}`);
      }
    }
    console.log(`OpenAPI: ${antal} schemas checked against the JSON Schema 2020-12 meta-schema`);
    expect(antal).toBeGreaterThan(ruter.length);
    expect(ugyldige).toEqual([]);
  });

  it("is the source of docs/api.md's endpoint table (npm run docs:api writes it)", () => {
    const side = readFileSync(API_DOC, 'utf8');
    const ventet = medEndpointTabel(side, endpointTabel(dok));
    if (ventet !== side) {
      const ny = ventet.split('\n');
      const gammel = side.split('\n');
      const i = ny.findIndex((l, n) => l !== gammel[n]);
      throw new Error(
        `docs/api.md's endpoint table differs from the code at line ${i + 1}:\n  page: ${gammel[i]}\n  code: ${ny[i]}\nRun: npm run docs:api`,
      );
    }
    expect(side).toContain(`| GET | \`/openapi.json\` | token |`);
  });

  it('lets a client built from the document alone call every GET operation: never 5xx, and 200s match the document', async () => {
    const ajv = nyAjv();
    const svar: Record<number, number> = {};
    const fejl: string[] = [];
    let kontrolleret = 0;
    const gets = operationer(dok).filter(
      ({ metode, op }) =>
        metode === 'get' &&
        !Object.keys((op.responses['200'] as { content?: object })?.content ?? {}).includes(
          'text/event-stream',
        ),
    );
    for (const { sti, op } of gets) {
      const adresse = url(sti, op, kundeId);
      const r = await t.kald('GET', adresse, admin);
      svar[r.statusCode] = (svar[r.statusCode] ?? 0) + 1;
      if (r.statusCode >= 500) fejl.push(`${adresse}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      const skema = (
        op.responses[String(r.statusCode)] as { content?: Record<string, { schema: Schema }> } | undefined
      )?.content?.['application/json']?.schema;
      if (r.statusCode === 200 && skema && op.operationId !== 'get_openapi_json') {
        const valider: ValidateFunction = ajv.compile(skema);
        kontrolleret++;
        if (!valider(r.json()))
          fejl.push(`${adresse}: the answer does not match the document: ${ajv.errorsText(valider.errors)}`);
      }
    }
    console.log(
      `OpenAPI client: ${gets.length} GET operations called, answers by status ${JSON.stringify(svar)}, ${kontrolleret} JSON answers checked against the document`,
    );
    expect(fejl).toEqual([]);
    // Most GETs reach their handler and answer: a client from the document is not just collecting 404s.
    expect(kontrolleret).toBeGreaterThan(gets.length / 3);
  });

  it('documents the error answers as the server sends them (400 problem details, 401 mwtokenexpired)', async () => {
    const ajv = nyAjv();
    const problem = ajv.compile(dok.components.schemas.ProblemDetaljer!);
    const heltalsSti = operationer(dok).find(
      ({ metode, sti, op }) =>
        metode === 'get' &&
        /\{id\}$/.test(sti) &&
        op.parameters?.some((p) => p.name === 'id' && p.schema.type === 'integer'),
    )!;
    const r = await t.kald('GET', `/api${heltalsSti.sti.replace('{id}', 'abc')}`, admin);
    expect(r.statusCode).toBe(400);
    expect(problem(r.json()), ajv.errorsText(problem.errors)).toBe(true);

    const { exp: _e, iat: _i, sub: _s, ...claims } = decodeJwt(admin);
    const udloebet = await t.tokens.sign(claims as never, -60);
    const u = await t.kald('GET', '/api/openapi.json', udloebet);
    expect(u.statusCode).toBe(401);
    expect(u.headers.mwtokenexpired).toBe('true');
    expect(ajv.compile(dok.components.schemas.IkkeLoggetInd!)(u.json())).toBe(true);
  });
});

describe('byggOpenApi on declarations made for the test', () => {
  /** The route `serve` registers for a declaration. */
  const rute = (ep: AnyEndpoint): RegisteredRoute => ({
    method: ep.method,
    url: `/api${ep.path}`,
    public: ep.public === true,
    declared: true,
    ...(ep.access ? { access: ep.access } : {}),
    endpoint: ep,
  });

  it('names a schema zod cannot write, and puts an open schema in its place', () => {
    type Node = { navn: string; boern: Node[] };
    const node: z.ZodType<Node> = z.lazy(() => z.object({ navn: z.string(), boern: z.array(node) }));
    const { dokument, erstatninger } = byggOpenApi(
      [
        rute(
          endpoint({ method: 'POST', path: '/proeve/dato', body: z.object({ naar: z.date() }), status: 201 }),
        ),
        rute(endpoint({ method: 'GET', path: '/proeve/trae', answer: node })),
        rute(
          endpoint({
            method: 'GET',
            path: '/proeve/ok/:id',
            params: z.object({ id: z.coerce.number().int() }),
          }),
        ),
      ],
      '0',
    );
    expect(erstatninger.map((e) => `${e.rute} ${e.plads}`)).toEqual([
      'POST /proeve/dato body',
      'GET /proeve/trae answer',
    ]);
    const body = dokument.paths['/proeve/dato']!.post!.requestBody!.content['application/json']!.schema;
    expect(body.description).toMatch(/kan ikke skrives helt/);
    const trae = dokument.paths['/proeve/trae']!.get!.responses['200'] as { content: Record<string, object> };
    expect(JSON.stringify(trae)).not.toContain('$ref');
    expect(JSON.stringify(dokument)).not.toContain('$defs');
    expect(dokument.paths['/proeve/ok/{id}']!.get!.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer' }) },
    ]);
  });

  it('merges two paths that differ only in parameter names, keeping what the declaration calls each', () => {
    const { dokument } = byggOpenApi(
      [
        rute(
          endpoint({
            method: 'PUT',
            path: '/skabelon/:id',
            params: z.object({ id: z.number() }),
            body: z.object({}),
            access: 'KOMMUNE_ADMIN',
          }),
        ),
        rute(
          endpoint({
            method: 'POST',
            path: '/skabelon/:kundeId',
            params: z.object({ kundeId: z.number() }),
            status: 201,
          }),
        ),
      ],
      '0',
    );
    expect(Object.keys(dokument.paths)).toEqual(['/skabelon/{id}']);
    const post = dokument.paths['/skabelon/{id}']!.post!;
    expect(post.summary).toBe('POST /skabelon/{kundeId}');
    expect(post.parameters).toEqual([
      expect.objectContaining({ name: 'id', description: 'kundeId i erklæringen' }),
    ]);
    expect(dokument.paths['/skabelon/{id}']!.put!['x-roller']).toEqual(['KommuneAdmin']);
    expect(endpointTabel(dokument)).toContain('| POST | `/skabelon/{kundeId}` | token | 201 |');
    expect(stiParametre('/a/:x/b/:y')).toEqual(['x', 'y']);
  });
});
