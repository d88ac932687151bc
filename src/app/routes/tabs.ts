import type { Ressource } from '../../contract/roles';
import { canAccess } from './access';
import { buildPath } from './match';
import { ROUTES, type RouteDef, type RouteName, type RouteParams } from './route-table';

/**
 * What the view open in a tile has published about its record for the tab bar (e.g. the company's
 * omfattetAfBrugerbetaling). The workspace passes it through unread: only the tab rules that the
 * feature owning the record declares (see TabRegler) give the keys a meaning.
 */
export type TabFlags = Readonly<Record<string, unknown>>;

export interface TabContext {
  ressourcer: ReadonlySet<Ressource>;
  flags?: TabFlags;
  /** The tab rules features declare (src/app/tab-regler.ts composes them). */
  regler: TabRegler;
}

/** A tab's extra rule beyond route access: hidden unless `synlig`, shown but disabled unless `aktiv`. */
export interface TabRegel {
  synlig?(ctx: TabContext): boolean;
  aktiv?(ctx: TabContext): boolean;
}
export type TabRegler = Partial<Record<RouteName, TabRegel>>;

export interface VisibleTab {
  route: RouteDef;
  enabled: boolean;
}

const regelFor = (route: RouteDef, ctx: TabContext, som: keyof TabRegel): boolean => {
  const name = route.name as RouteName;
  return ctx.regler[name]?.[som]?.(ctx) ?? true;
};

/**
 * The tabs (child routes) of a route the user sees, in spec order. A tab is hidden when the user
 * may not open its route (BrugerAdministration, JupiterCertifikat, gebyrtyper, the status tabs of
 * /frister, see access.ts) or when a visibility rule a feature declares fails.
 */
export function visibleTabs(parentRouteName: RouteName, ctx: TabContext): VisibleTab[] {
  return ROUTES.filter((r) => r.parent === parentRouteName)
    .filter((r) => canAccess(r, ctx.ressourcer) && regelFor(r, ctx, 'synlig'))
    .map((route) => ({ route, enabled: regelFor(route, ctx, 'aktiv') }));
}

/**
 * The tabs beside a tab route (its parent's tabs), as links for the same entity: only the entity's
 * own id carries over; record ids belong to one tab. Empty for a route that is not a tab.
 */
export function siblingTabs(route: RouteDef, params: RouteParams, ctx: TabContext) {
  if (route.kind !== 'tab' || !route.parent) return [];
  const base: Record<string, string> = params.id ? { id: params.id } : {};
  return visibleTabs(route.parent as RouteName, ctx).map(({ route: tab, enabled }) => ({
    route: tab,
    enabled,
    href: buildPath(tab, base),
  }));
}
