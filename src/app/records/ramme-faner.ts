import { detailPath, ENTITETER, type EntitetArt, type EntitetDescriptor } from '../../contract/entitet';
import type { AnyRecordKind, RecordFane } from '../../contract/record-kind';
import { ROUTES, type RouteDef, type RouteParams, type ViewRouteName } from '../routes/route-table';
import type { ViewComponent } from '../workspace/tile-api';
import type { RecordValg } from './RegistreringTab';

/**
 * An owner's tabs derived from its record kinds: each kind declares its tab (`fane`: path segment
 * and record-id parameter, src/contract/record-kind.ts), and the route table holds the
 * specification's paths. From the two come the view of each record tab, the address of a record
 * and the path a timeline entry links to: a new kind is one declaration.
 */

/** A kind's tab as a route pattern of the owner: `/virksomheder/:id/tilsyn/:tilsynid?`. */
const faneMoenster = (entitet: EntitetDescriptor, fane: RecordFane) =>
  `${entitet.sti}/:id/${fane.segment}${fane.param ? `/:${fane.param}?` : ''}`;

/** The address of a kind's tab on one owner, with a record selected when the tab selects by its address. */
export function faneSti(
  entitet: EntitetDescriptor,
  ejerId: number,
  fane: RecordFane,
  recordId?: number | null,
): string {
  return detailPath(entitet, ejerId, `${fane.segment}${fane.param && recordId ? `/${recordId}` : ''}`);
}

/**
 * The path a timeline entry of record kind `art` links to: the record on its kind's tab, or the tab
 * when the tab has no record id in its address; null for a kind without a tab.
 */
export function registreringSti(
  entitet: EntitetDescriptor,
  ejerId: number,
  arter: readonly AnyRecordKind[],
  art: string,
  registreringId: number,
): string | null {
  const fane = arter.find((k) => k.art === art)?.fane;
  return fane ? faneSti(entitet, ejerId, fane, registreringId) : null;
}

/** The record kind whose tab a route is (the kind that selects its records by the route's id). */
export function artAfRute<K extends AnyRecordKind>(route: RouteDef, arter: readonly K[]): K | undefined {
  const entitet = route.entitet ? ENTITETER[route.entitet] : undefined;
  if (!entitet) return undefined;
  const fundne = arter.filter((k) => k.fane?.param && faneMoenster(entitet, k.fane) === route.path);
  if (fundne.length > 1) throw new Error(`Fanen ${route.name} vises af flere registreringsarter`);
  return fundne[0];
}

/** Like artAfRute, for a view registered only for such routes. */
export function kraevArt<K extends AnyRecordKind>(route: RouteDef, arter: readonly K[]): K {
  const kind = artAfRute(route, arter);
  if (!kind) throw new Error(`Fanen ${route.name} viser ingen registreringsart`);
  return kind;
}

/** The tab routes of the entity kinds an owner view serves, in the route table's order. */
export const faneRuter = (entiteter: readonly EntitetArt[]) =>
  ROUTES.filter((r) => r.kind === 'tab' && r.entitet !== undefined && entiteter.includes(r.entitet));

/**
 * The views of an owner's tabs: the feature's own (and its other views, passed through) where it has one, and the owner's record view
 * (which finds its kind from the route, kraevArt) for every tab a record kind of the owner declares.
 * A tab with neither is an error when the module loads, so the route table and the kinds cannot
 * drift apart unnoticed. `N`: the route names the result covers (checked by tests/unit/routes-views).
 */
export function faneVisninger<N extends ViewRouteName>(
  entiteter: readonly EntitetArt[],
  arter: readonly AnyRecordKind[],
  egne: { readonly [K in N]?: ViewComponent },
  registrering: ViewComponent,
): Record<N, ViewComponent> {
  const egneViews: Partial<Record<string, ViewComponent>> = egne;
  const ruter = faneRuter(entiteter);
  const faner = new Set(ruter.map((r) => r.name));
  // The feature's other views (its list) first, then the tabs in the route table's order.
  const views = Object.fromEntries(Object.entries(egneViews).filter(([navn]) => !faner.has(navn)));
  for (const route of ruter) {
    const egen = egneViews[route.name];
    if (egen) views[route.name] = egen;
    else if (artAfRute(route, arter)) views[route.name] = registrering;
    else throw new Error(`Fanen ${route.name} har hverken en visning eller en registreringsart`);
  }
  return views as Record<N, ViewComponent>;
}

/** The selection of a record tab from the route: the id in its address, and moving to another record. */
export function faneValg(
  tile: { navigate(path: string): void; openBeside(path: string): void },
  entitet: EntitetDescriptor,
  ejerId: number,
  kind: AnyRecordKind,
  params: RouteParams,
): RecordValg {
  const fane = kind.fane;
  if (!fane) throw new Error(`Registreringsarten ${kind.art} har ingen fane`);
  const idTekst = fane.param ? params[fane.param] : undefined;
  return {
    id: idTekst && /^\d+$/.test(idTekst) ? Number(idTekst) : null,
    vaelg: (id) => tile.navigate(faneSti(entitet, ejerId, fane, id)),
    aabnBeside: (id) => tile.openBeside(faneSti(entitet, ejerId, fane, id)),
  };
}

/**
 * Where an owner opened under another kind's address moves to (a company under /landbrug): the same
 * tab of its own kind, or the kind's default tab where it has no such tab (a company's dyrehold).
 */
export function flytTil(entitet: EntitetDescriptor, id: number, routePath: string): string {
  const segment = routePath.split('/')[3];
  const harFanen = faneRuter([entitet.art]).some((r) => r.path.split('/')[3] === segment);
  return detailPath(entitet, id, segment && harFanen ? segment : undefined);
}
