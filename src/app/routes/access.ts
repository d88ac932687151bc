import { harAdgang, type Ressource } from '../../contract/roles';
import { findRoute, type RouteDef } from './route-table';

/**
 * Tabs the specification shows only to some of those who may open their parent ('tab visible with …'
 * in spec 000 §2.3). Their server calls refuse everyone else, so the rule is the route's too: a link
 * to the tab sends the others to 'Ingen adgang' instead of a screen that cannot load.
 */
const TAB_REGEL: Readonly<Record<string, string>> = {
  'admin-minimapkoblinger': 'KOMMUNE_ADMIN',
  'frister-dmastatus': 'SAGSBEHANDLER_LANDBRUG||SAGSBEHANDLER_VIRKSOMHED',
  'frister-jupiterstatus': 'SAGSBEHANDLER_VANDANLAEG',
};

/**
 * The rules a route requires, each of which must hold (spec 000 §2.1). A public route requires
 * nothing ([]); a route with its own rule requires that rule; a route without one requires the
 * rules of all its ancestors.
 */
export function effectiveRule(route: RouteDef): string[] {
  if (route.access.type === 'public') return [];
  if (route.access.type === 'rule') return [route.access.rule];
  const rules: string[] = [];
  const seen = new Set<string>([route.name]);
  let parentName: string | undefined = route.access.parent;
  while (parentName) {
    const parent = findRoute(parentName);
    if (!parent || seen.has(parentName))
      throw new Error(`Route ${route.name}: bad parent chain at ${parentName}`);
    seen.add(parentName);
    if (parent.access.type === 'rule') rules.unshift(parent.access.rule);
    parentName = parent.parent;
  }
  const tabRegel = TAB_REGEL[route.name];
  return tabRegel ? [...rules, tabRegel] : rules;
}

/** Whether a user with these resources may open the route. */
export function canAccess(route: RouteDef, ressourcer: ReadonlySet<Ressource>): boolean {
  return effectiveRule(route).every((rule) => harAdgang(ressourcer, rule));
}
