import type { RouteDef } from '../routes/route-table';
import type { TabRegler } from '../routes/tabs';
import type { ViewComponent } from './tile-api';

/**
 * What the workspace shows in its tiles comes from above it: the app's composition root
 * (src/app/WorkspaceRoot.tsx) composes the features' views (src/app/views.tsx) and tab rules
 * (src/app/tab-regler.ts) and registers them here before the first tile renders. The workspace
 * imports no feature (tests/unit/boundaries.test.ts, the client's layers).
 */
export interface Visninger {
  /** The view of a route shown in a tile; a route that only redirects has none (it throws). */
  viewFor(route: RouteDef): ViewComponent;
  /** The tab rules the features declare, for the tab bar, the tab commands and the tab shortcuts. */
  tabRegler: TabRegler;
}

let registreret: Visninger | null = null;

/** Called once by the composition root; a later call replaces the registration (tests). */
export function registrerVisninger(visninger: Visninger): void {
  registreret = visninger;
}

function visninger(): Visninger {
  if (registreret === null)
    throw new Error('Arbejdsområdets visninger er ikke registreret: kald registrerVisninger først');
  return registreret;
}

/** The view of a route, as registered. */
export const viewFor = (route: RouteDef): ViewComponent => visninger().viewFor(route);

/** The features' tab rules, as registered. */
export const tabRegler = (): TabRegler => visninger().tabRegler;
