import { compile, type MatchFunction, match, type PathFunction } from 'path-to-regexp';
import {
  findRoute,
  ROUTES,
  type RouteDef,
  type RouteName,
  type RouteParams,
  type RoutePath,
  specPathPart,
} from './route-table';

export interface RouteMatch {
  route: RouteDef;
  params: RouteParams;
}

/**
 * Converts a spec path to path-to-regexp v8 syntax: the query part is dropped and each optional
 * segment '/:x?' becomes the optional group '{/:x}'.
 */
export function toPattern(specPath: string): string {
  return specPathPart(specPath).replace(/\/:(\w+)\?/g, '{/:$1}');
}

interface Compiled {
  route: RouteDef;
  match: MatchFunction<Partial<Record<string, string>>>;
  compile: PathFunction<Partial<Record<string, string>>>;
}

// Case-insensitive (notifications link to /admin/jupiterCertifikat), trailing slash tolerated.
const COMPILED: Compiled[] = ROUTES.map((route) => {
  const pattern = toPattern(route.path);
  return { route, match: match(pattern, { sensitive: false, trailing: true }), compile: compile(pattern) };
});
const compiledByName = new Map(COMPILED.map((c) => [c.route.name, c]));

function splitUrl(url: string): { pathname: string; search: string } {
  const noHash = url.split('#', 1)[0] ?? '';
  const q = noHash.indexOf('?');
  return q < 0 ? { pathname: noHash, search: '' } : { pathname: noHash.slice(0, q), search: noHash.slice(q) };
}

/**
 * Finds the route of a URL path (a query string and hash are allowed; only declared query params,
 * i.e. /stslogin's userid, are read). Params are decoded and must satisfy the route's schema, so
 * '/virksomheder/abc' or a malformed escape matches nothing.
 */
export function matchRoute(url: string): RouteMatch | null {
  const { pathname, search } = splitUrl(url);
  for (const c of COMPILED) {
    let result: ReturnType<typeof c.match>;
    try {
      result = c.match(pathname);
    } catch {
      continue; // URIError from decoding a malformed escape
    }
    if (!result) continue;
    const raw: Record<string, string> = {};
    for (const [k, v] of Object.entries(result.params)) if (typeof v === 'string') raw[k] = v;
    if (c.route.query.length > 0) {
      const query = new URLSearchParams(search);
      for (const k of c.route.query) {
        const v = query.get(k);
        if (v) raw[k] = v;
      }
    }
    const parsed = c.route.params.safeParse(raw);
    if (parsed.success) return { route: c.route, params: parsed.data };
  }
  return null;
}

export type ParamInput = Readonly<Record<string, string | number | null | undefined>>;

/**
 * Writes the URL of a route exactly as the spec writes its path ('/vandanlaeg/42/indtag/7'),
 * omitting absent optional params and URI-encoding values. Throws on params the route's schema
 * refuses (a missing id, a non-numeric id, an unknown param).
 */
export function buildPath(target: RouteName | RoutePath | RouteDef, params: ParamInput = {}): string {
  const route = typeof target === 'string' ? findRoute(target) : target;
  const c = route && compiledByName.get(route.name);
  if (!route || !c) throw new Error(`buildPath: unknown route ${String(target)}`);
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    // A path segment of just '.' or '..' (also written %2E) is removed by every URL parser, so such a
    // value cannot travel in the path: it is left out, as an absent optional value is.
    if (v !== undefined && v !== null && v !== '' && v !== '.' && v !== '..') clean[k] = String(v);
  }
  const parsed = route.params.safeParse(clean);
  if (!parsed.success) {
    throw new Error(`buildPath(${route.name}): invalid params ${JSON.stringify(params)}`);
  }
  const pathParams: Record<string, string> = {};
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(parsed.data)) {
    if (route.query.includes(k)) query.set(k, v);
    else pathParams[k] = v;
  }
  const qs = query.toString();
  return c.compile(pathParams) + (qs ? `?${qs}` : '');
}
