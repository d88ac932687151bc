import { lazy } from 'react';
import { views as admin } from './features/admin/views';
import { views as affaldstilsyn } from './features/affaldstilsyn/views';
import { views as fakturering } from './features/fakturering/views';
import { views as frister } from './features/frister/views';
import { views as planlaegning } from './features/planlaegning/views';
import { views as rapport } from './features/rapport/views';
import { views as systemadmin } from './features/systemadmin/views';
import { views as validering } from './features/validering/views';
import { views as vandanlaeg } from './features/vandanlaeg/views';
import { views as virksomhed } from './features/virksomhed/views';
import { views as virksomhedListe } from './features/virksomhed-liste/views';
import type { RouteDef, ViewRouteName } from './routes/route-table';
import { HomeView } from './shell/views/HomeView';
import { IngenAdgangView, NotFoundView } from './shell/views/StatusViews';
import { TAB_REGLER } from './tab-regler';
import type { FeatureViews, ViewComponent } from './workspace/tile-api';
import type { Visninger } from './workspace/visninger';

/**
 * Which view renders a route inside a tile. Each feature registers its own views in its views.ts;
 * this table, part of the app's composition root (the only client code that imports every feature),
 * composes them with the shell's and names every other route explicitly as not built yet; the
 * workspace receives it through workspace/visninger.ts (./WorkspaceRoot.tsx registers it). It must cover every route a tile shows (routes that only redirect never reach a view), so a
 * route added to the table without a view or a mark is a type error here, not a silent fallback.
 */
export const IKKE_BYGGET = 'ikke bygget';
export type IkkeBygget = typeof IKKE_BYGGET;

const shell = {
  home: HomeView,
  ingenadgang: IngenAdgangView,
  notfound: NotFoundView,
} satisfies FeatureViews;

/** Areas whose screens are not built yet: they show their overview (title and tabs). */
export const IKKE_BYGGET_ENDNU = [
  // Session screens are shown outside the workspace; a tile sent there shows the overview.
  'login',
  'swecologin',
  'stslogin',
  'stserror',
  'logout',
] as const satisfies readonly ViewRouteName[];

const ikkeBygget = Object.fromEntries(IKKE_BYGGET_ENDNU.map((name) => [name, IKKE_BYGGET])) as Record<
  (typeof IKKE_BYGGET_ENDNU)[number],
  IkkeBygget
>;

/** Every route a tile shows: a view, or the explicit mark. */
export const VIEWS = {
  ...shell,
  ...systemadmin,
  ...virksomhedListe,
  ...virksomhed,
  ...validering,
  ...vandanlaeg,
  ...affaldstilsyn,
  ...planlaegning,
  ...fakturering,
  ...rapport,
  ...frister,
  ...admin,
  ...ikkeBygget,
} satisfies Record<ViewRouteName, ViewComponent | IkkeBygget>;

/** The shared view of every route marked as not built. */
const RouteOverview = lazy(() => import('./workspace/RouteOverview'));

/**
 * The view of a route. A route that only redirects has none: the guard follows the redirect before
 * a tile renders, so asking for one is a programming error.
 */
export function viewFor(route: RouteDef): ViewComponent {
  const view: ViewComponent | IkkeBygget | undefined = (
    VIEWS as Partial<Record<string, ViewComponent | IkkeBygget>>
  )[route.name];
  if (view === undefined) throw new Error(`Ruten ${route.name} har ingen visning (den viderestiller)`);
  return view === IKKE_BYGGET ? RouteOverview : view;
}

/** What the composition root registers with the workspace (./WorkspaceRoot.tsx; tests register it too). */
export const APPENS_VISNINGER: Visninger = { viewFor, tabRegler: TAB_REGLER };
