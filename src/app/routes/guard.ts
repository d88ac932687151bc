import type { Ressource } from '../../contract/roles';
import { canAccess } from './access';
import { buildPath, matchRoute } from './match';
import { findRoute, type RouteDef, type RouteParams } from './route-table';

/** The only routes reachable without a token (spec 000 §2.1). */
export const ROUTES_WITHOUT_TOKEN: ReadonlySet<string> = new Set([
  'login',
  'stslogin',
  'stserror',
  'swecologin',
  'logout',
]);

export interface GuardInput {
  /** pathname plus search, e.g. '/stslogin?userid=abc'. */
  url: string;
  hasToken: boolean;
  activeUserLoaded: boolean;
  ressourcer: ReadonlySet<Ressource>;
}

export type RedirectReason = 'login' | 'redirect' | 'ingenadgang' | '404';

export type GuardDecision =
  /** path: the canonical spec spelling of the URL (case and trailing slash normalised), with search. */
  | { kind: 'allow'; route: RouteDef; params: RouteParams; path: string; search: string }
  | { kind: 'redirect'; to: string; reason: RedirectReason }
  /** Load the active user, then run the guard again. */
  | { kind: 'loadUser' };

export interface GuardResult {
  decision: GuardDecision;
  /** The full requested path, to store locally on every navigation. */
  requestedRoute: string;
  /**
   * The URL (path + query) a visitor without a token asked for when the guard sends them to /login:
   * the post-login target, handed to the session machine before the redirect (LOGIN_REQUIRED).
   */
  signInTarget: string | null;
}

function searchOf(url: string): string {
  const noHash = url.split('#', 1)[0] ?? '';
  const q = noHash.indexOf('?');
  return q < 0 ? '' : noHash.slice(q);
}

/**
 * One step of the route guard of spec 000 §2.1, in the spec's order. The stored post-login target
 * is not the guard's: the session machine keeps it and follows it once the user is loaded (one
 * owner, so the target is neither taken twice nor lost between the two; docs/decisions.md).
 */
export function guard(input: GuardInput): GuardResult {
  const { url } = input;
  const result = (decision: GuardDecision, signInTarget: string | null = null): GuardResult => ({
    decision,
    requestedRoute: url,
    signInTarget,
  });
  const matched = matchRoute(url);

  if (!input.hasToken) {
    if (matched && ROUTES_WITHOUT_TOKEN.has(matched.route.name)) return result(allow(matched, url));
    return result({ kind: 'redirect', to: '/login', reason: 'login' }, url);
  }

  if (!input.activeUserLoaded) return result({ kind: 'loadUser' });
  if (!matched) return result({ kind: 'redirect', to: '/404', reason: '404' });
  if (!canAccess(matched.route, input.ressourcer)) {
    return result({ kind: 'redirect', to: '/ingenadgang', reason: 'ingenadgang' });
  }
  const redirectTo = matched.route.redirect && findRoute(matched.route.redirect);
  if (redirectTo) {
    return result({ kind: 'redirect', to: buildPath(redirectTo, matched.params), reason: 'redirect' });
  }
  return result(allow(matched, url));
}

function allow(matched: { route: RouteDef; params: RouteParams }, url: string): GuardDecision {
  const search = searchOf(url);
  const path = buildPath(matched.route, matched.params);
  // buildPath already writes declared query params (stslogin's userid); keep other searches as given.
  return {
    kind: 'allow',
    route: matched.route,
    params: matched.params,
    path: matched.route.query.length > 0 ? path : path + search,
    search,
  };
}

export interface ResolvedNavigation extends GuardResult {
  /** Every redirect followed, in order. */
  redirects: string[];
}

/**
 * Runs the guard and follows its redirects until it allows a route or asks for the active user.
 * requestedRoute stays the URL originally asked for.
 */
export function resolveNavigation(input: GuardInput, maxSteps = 8): ResolvedNavigation {
  const redirects: string[] = [];
  let current = input;
  let signInTarget: string | null = null;
  for (let step = 0; step < maxSteps; step++) {
    const r = guard(current);
    signInTarget ??= r.signInTarget;
    if (r.decision.kind !== 'redirect') {
      return { decision: r.decision, requestedRoute: input.url, signInTarget, redirects };
    }
    redirects.push(r.decision.to);
    current = { ...current, url: r.decision.to };
  }
  throw new Error(`Route guard: too many redirects from ${input.url}: ${redirects.join(' -> ')}`);
}
