import { harAdgang, type Ressource } from '../../contract/roles';
import { canAccess } from './access';
import { buildPath } from './match';
import { ROUTES, type RouteDef, type RouteName, type RouteParams } from './route-table';

export interface TabFlags {
  /** The customer's economic-integration flag (loaded on entering /fakturering). */
  oekonomiIntegration?: boolean;
  /** basis.omfattetAfBrugerbetaling of the open company or farm. */
  omfattetAfBrugerbetaling?: boolean;
}

export interface TabContext {
  ressourcer: ReadonlySet<Ressource>;
  flags?: TabFlags;
}

export interface VisibleTab {
  route: RouteDef;
  enabled: boolean;
}

/** Extra visibility rules beyond route access (spec 000 §2.3 and §6). */
const VISIBLE_WHEN: Partial<Record<RouteName, (ctx: TabContext) => boolean>> = {
  'admin-minimapkoblinger': (c) => harAdgang(c.ressourcer, 'KOMMUNE_ADMIN'),
  'frister-dmastatus': (c) => harAdgang(c.ressourcer, 'SAGSBEHANDLER_LANDBRUG||SAGSBEHANDLER_VIRKSOMHED'),
  'frister-jupiterstatus': (c) => harAdgang(c.ressourcer, 'SAGSBEHANDLER_VANDANLAEG'),
  'fakturering-fakturafejledeoversigt': (c) => c.flags?.oekonomiIntegration === true,
};

/** Tabs shown but disabled unless a flag holds. */
const ENABLED_WHEN: Partial<Record<RouteName, (ctx: TabContext) => boolean>> = {
  'virksomhed-brugerbetaling': (c) => c.flags?.omfattetAfBrugerbetaling === true,
  'landbrug-brugerbetaling': (c) => c.flags?.omfattetAfBrugerbetaling === true,
};

/**
 * The tabs (child routes) of a route the user sees, in spec order. A tab is hidden when the user
 * may not open its route (BrugerAdministration, JupiterCertifikat, gebyrtyper) or when its
 * visibility rule fails.
 */
export function visibleTabs(parentRouteName: RouteName, ctx: TabContext): VisibleTab[] {
  return ROUTES.filter((r) => r.parent === parentRouteName)
    .filter((r) => canAccess(r, ctx.ressourcer) && (VISIBLE_WHEN[r.name as RouteName]?.(ctx) ?? true))
    .map((route) => ({ route, enabled: ENABLED_WHEN[route.name as RouteName]?.(ctx) ?? true }));
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
