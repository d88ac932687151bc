import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/server/http/route-registry';
import { laesSpecFil } from '../helpers/spec-filer';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Holds the registered /api routes against every call the specification names (spec/api-calls.tsv,
 * read through tests/helpers/spec-filer.ts: MW_SPEC_DIR or ../shared/spec) and against what
 * docs/api.md claims: the coverage figure it states and the additions it lists. Run: npx vitest run tests/api/route-coverage.test.ts
 */

interface Call {
  method: string;
  /** As written, relative to /api/. */
  path: string;
}

/** Lower-case segments, every parameter ({x} or :x) as '{}', the query string dropped. */
function segments(p: string): string[] {
  return p
    .split('?')[0]!
    .toLowerCase()
    .replace(/^\/?(api\/)?/, '')
    .replace(/\/$/, '')
    .split('/')
    .map((s) => (/^\{[^}]*\}$/.test(s) || s.startsWith(':') ? '{}' : s));
}

/** The registered route that serves a call: same method, each segment equal or a route parameter. */
function servingRoute(routes: readonly RegisteredRoute[], call: Call): RegisteredRoute | undefined {
  const want = segments(call.path);
  return routes.find((r) => {
    if (r.method !== call.method.toUpperCase()) return false;
    const have = segments(r.url);
    return have.length === want.length && have.every((s, i) => s === want[i] || s === '{}');
  });
}

/** Where a route parameter takes a literal of the call (dmalookup/:name), a URL to try it with. */
function literalInParam(route: RegisteredRoute, call: Call): string | undefined {
  const have = segments(route.url);
  const want = segments(call.path);
  if (!have.some((s, i) => s === '{}' && want[i] !== '{}')) return undefined;
  const written = call.path.split('?')[0]!.split('/');
  return `/api/${written.map((s, i) => (want[i] === '{}' ? '1' : s)).join('/')}`;
}

const SPEC_CALLS: Call[] = laesSpecFil('api-calls.tsv')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [method, p] = line.split('\t');
    return { method: method!.trim(), path: p!.trim() };
  });

const API_DOC = readFileSync(path.resolve(process.cwd(), 'docs/api.md'), 'utf8');

/** The calls of docs/api.md's table of additions: `METHOD path` (or `GET`/`POST path`) in each row. */
function documentedAdditions(): Call[] {
  const calls: Call[] = [];
  const section = (API_DOC.split('## Our additions')[1] ?? '').split('\n');
  const start = section.findIndex((l) => l.startsWith('|'));
  const end = section.findIndex((l, i) => i > start && !l.startsWith('|'));
  for (const row of start < 0 ? [] : section.slice(start, end < 0 ? undefined : end)) {
    const cells = row.split('|').map((c) => c.trim());
    const callsCell = cells[2] ?? '';
    // {art}: the record kinds the row names after "record kinds:".
    const kinds = /record kinds: ([a-z, ]+)/.exec(cells[3] ?? '')?.[1]?.split(', ') ?? [];
    let methods: string[] = [];
    for (const span of callsCell.match(/`[^`]+`/g) ?? []) {
      const text = span.slice(1, -1);
      const m = /^(GET|POST|PUT|DELETE)(?: (.+))?$/.exec(text);
      if (!m) continue;
      methods.push(m[1]!);
      if (!m[2]) continue;
      const paths = m[2].includes('{art}') ? kinds.map((k) => m[2]!.replace('{art}', k)) : [m[2]];
      if (paths.length === 0) throw new Error(`docs/api.md: {art} without record kinds in: ${row}`);
      for (const method of methods) for (const p of paths) calls.push({ method, path: p });
      methods = [];
    }
  }
  return calls;
}

describe('registered routes against the specification and docs/api.md', () => {
  let t: TestApp;
  let routes: readonly RegisteredRoute[];
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.ready();
    routes = t.app.registeredRoutes.filter((r) => r.url.toLowerCase().startsWith('/api/'));
  });
  afterAll(async () => t?.close());

  it('reads the 183 calls of the specification', () => {
    expect(SPEC_CALLS).toHaveLength(183);
    for (const c of SPEC_CALLS) expect(['GET', 'POST', 'PUT', 'DELETE']).toContain(c.method);
  });

  it('prints the coverage, and docs/api.md states exactly that figure', async () => {
    const admin = await t.tokenFor('admin');
    const served: Call[] = [];
    const missing: Call[] = [];
    for (const call of SPEC_CALLS) {
      const route = servingRoute(routes, call);
      let ok = route !== undefined;
      // A route parameter standing for a literal of the call (a lookup name): the call itself must answer.
      const url = route && literalInParam(route, call);
      if (url && call.method === 'GET') {
        const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
        ok = r.statusCode !== 404;
      }
      (ok ? served : missing).push(call);
    }
    const figure = `${served.length}/${SPEC_CALLS.length}`;
    console.log(
      `API coverage: ${figure} calls of spec/api-calls.tsv are served.\n` +
        `Not served (${missing.length}):\n${missing.map((c) => `  ${c.method} ${c.path}`).join('\n')}`,
    );
    const stated = /Coverage: \*\*(\d+)\/(\d+)\*\*/.exec(API_DOC);
    expect(stated, 'docs/api.md states "Coverage: **N/183**"').not.toBeNull();
    expect(`${stated![1]}/${stated![2]}`).toBe(figure);
    expect(API_DOC).not.toMatch(/every call[^.]*is served/i);
  });

  it('registers every /api route from an endpoint declared in src/contract', () => {
    const undeclared = routes.filter((r) => !r.declared).map((r) => `${r.method} ${r.url}`);
    console.log(`Endpoints declared in src/contract: ${routes.length - undeclared.length}/${routes.length}`);
    expect(undeclared).toEqual([]);
  });

  it('serves every addition docs/api.md lists', () => {
    const additions = documentedAdditions();
    expect(additions.length).toBeGreaterThanOrEqual(10);
    const unserved = additions.filter((c) => !servingRoute(routes, c)).map((c) => `${c.method} ${c.path}`);
    expect(unserved).toEqual([]);
  });

  it('matches paths case-insensitively and parameters by position only', () => {
    const sample: RegisteredRoute[] = [
      { method: 'GET', url: '/api/frase/list/:kundeId', public: false, declared: true },
      { method: 'GET', url: '/api/dmalookup/:name', public: false, declared: true },
    ];
    expect(servingRoute(sample, { method: 'GET', path: 'Frase/List/{kundeId}?emneId' })).toBe(sample[0]);
    expect(servingRoute(sample, { method: 'PUT', path: 'frase/list/{kundeId}' })).toBeUndefined();
    expect(servingRoute(sample, { method: 'GET', path: 'frase/list' })).toBeUndefined();
    expect(literalInParam(sample[1]!, { method: 'GET', path: 'dmalookup/dmaStatus' })).toBe(
      '/api/dmalookup/dmaStatus',
    );
    expect(literalInParam(sample[0]!, { method: 'GET', path: 'frase/list/{kundeId}' })).toBeUndefined();
  });
});
