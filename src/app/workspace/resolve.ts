import type { Ressource } from '../../contract/roles';
import { resolveNavigation } from '../routes/guard';
import type { RouteDef, RouteParams } from '../routes/route-table';

export interface ResolvedTile {
  route: RouteDef | null;
  params: RouteParams;
  /** Where the tile must go instead (route redirect, /404, /ingenadgang), when it must. */
  redirectTo: string | null;
}

/**
 * A tile's route through the same guard as the address bar (spec 000 §2.1): redirects, refused
 * access to /ingenadgang, unknown paths to /404. The user is signed in inside the workspace.
 */
export function resolveTilePath(path: string, ressourcer: ReadonlySet<Ressource>): ResolvedTile {
  const result = resolveNavigation({
    url: path,
    hasToken: true,
    activeUserLoaded: true,
    ressourcer,
  });
  const decision = result.decision;
  if (decision.kind !== 'allow') return { route: null, params: {}, redirectTo: null };
  const redirectTo = decision.path !== path ? decision.path : null;
  return { route: decision.route, params: decision.params, redirectTo };
}
