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

const VirksomhedStamoplysninger = lazy(() => import('../features/virksomhed/StamoplysningerView'));
const VirksomhedTilsyn = lazy(() => import('../features/virksomhed/TilsynView'));
const VirksomhedHaandhaevelser = lazy(() => import('../features/virksomhed/HaandhaevelserView'));
const VirksomhedAfgoerelser = lazy(() => import('../features/virksomhed/AfgoerelserView'));
const VirksomhedRisikovurdering = lazy(() => import('../features/virksomhed/RisikovurderingView'));
const VirksomhedFyringsanlaeg = lazy(() => import('../features/virksomhed/FyringsanlaegView'));
const VirksomhedBrugerbetaling = lazy(() => import('../features/virksomhed/BrugerbetalingView'));
const VirksomhedOpbevaringslagre = lazy(() => import('../features/virksomhed/OpbevaringslagreView'));
const LandbrugDyrehold = lazy(() => import('../features/virksomhed/DyreholdView'));

const ValideringVandproever = lazy(() => import('../features/validering/VandproeverView'));
const ValideringEmail = lazy(() => import('../features/validering/EmailVandanlaegView'));
const ValideringAnlaeg = lazy(() => import('../features/validering/OppumpedeAnlaegView'));
const ValideringIndtag = lazy(() => import('../features/validering/OppumpedeIndtagView'));
const ValideringPejlinger = lazy(() => import('../features/validering/PejlingerView'));
const ValideringKontaktpersoner = lazy(() => import('../features/validering/KontaktpersonerView'));

const VIEWS: Record<string, ViewComponent> = {
  home: HomeView,
  ingenadgang: IngenAdgangView,
  notfound: NotFoundView,
  'validering-vandproever': ValideringVandproever,
  'validering-emailvandanlaeg': ValideringEmail,
  'validering-oppumpedemaengeranlaeg': ValideringAnlaeg,
  'validering-oppumpedemaengderboringindtag': ValideringIndtag,
  'validering-pejlinger': ValideringPejlinger,
  'validering-kontaktpersoner': ValideringKontaktpersoner,
  'virksomhed-stamoplysninger': VirksomhedStamoplysninger,
  'virksomhed-tilsyn': VirksomhedTilsyn,
  'virksomhed-haandhaevelser': VirksomhedHaandhaevelser,
  'virksomhed-afgoerelser': VirksomhedAfgoerelser,
  'virksomhed-risikovurdering': VirksomhedRisikovurdering,
  'virksomhed-fyringsanlaeg': VirksomhedFyringsanlaeg,
  'virksomhed-brugerbetaling': VirksomhedBrugerbetaling,
  'virksomhed-opbevaringslagre': VirksomhedOpbevaringslagre,
  'landbrug-stamoplysninger': VirksomhedStamoplysninger,
  'landbrug-tilsyn': VirksomhedTilsyn,
  'landbrug-haandhaevelser': VirksomhedHaandhaevelser,
  'landbrug-afgoerelser': VirksomhedAfgoerelser,
  'landbrug-risikovurdering': VirksomhedRisikovurdering,
  'landbrug-fyringsanlaeg': VirksomhedFyringsanlaeg,
  'landbrug-brugerbetaling': VirksomhedBrugerbetaling,
  'landbrug-opbevaringslagre': VirksomhedOpbevaringslagre,
  'landbrug-dyrehold': LandbrugDyrehold,
  virksomheder: VirksomhedListe,
  landbrug: VirksomhedListe,
  systemadmin: Kundemoduler,
  kundemoduler: Kundemoduler,
};

export function viewFor(route: RouteDef): ViewComponent {
  return VIEWS[route.name] ?? RouteOverview;
}
