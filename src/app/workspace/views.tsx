import { lazy } from 'react';
import type { RouteDef } from '../routes/route-table';
import { HomeView } from '../shell/views/HomeView';
import { IngenAdgangView, NotFoundView } from '../shell/views/StatusViews';
import type { ViewComponent } from './tile-api';

/**
 * Which view renders a route inside a tile. Feature views are loaded lazily, so the first screen
 * stays small; routes whose screens are not built yet show their overview (title and tabs).
 */
const RouteOverview = lazy(() => import('./RouteOverview'));
const Kundemoduler = lazy(() => import('../features/systemadmin/KundemodulerView'));
const VirksomhedListe = lazy(() => import('../features/virksomhed-liste/VirksomhedListeView'));

const VIEWS: Record<string, ViewComponent> = {
  home: HomeView,
  ingenadgang: IngenAdgangView,
  notfound: NotFoundView,
  virksomheder: VirksomhedListe,
  landbrug: VirksomhedListe,
  systemadmin: Kundemoduler,
  kundemoduler: Kundemoduler,
};

export function viewFor(route: RouteDef): ViewComponent {
  return VIEWS[route.name] ?? RouteOverview;
}
