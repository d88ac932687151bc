import { detailPath, ENTITETER, type EntitetArt } from '../../contract/entitet';
import { documentTitle, PRODUCT_NAME } from '../lib/product';
import type { RouteDef, RouteParams } from '../routes/route-table';
import type { RecentItem } from '../session/recent';
import { tileHeading } from './Tile';

/** The kinds whose detail pages are titled by the entity: the title rule does not apply there (spec 000 §1). */
const TITEL_FRA_ENTITET: ReadonlySet<EntitetArt> = new Set(['virksomhed', 'landbrug', 'vandanlaeg']);
/** The kinds whose records opened in a tile join the recent items (their views name the tile). */
const SENESTE_ENTITETER: ReadonlySet<EntitetArt> = new Set(['virksomhed', 'landbrug']);

/** The entity kind of a route that shows one record (a detail route or its tab), if it is one of these. */
function visesEntitet(route: RouteDef | null, arter: ReadonlySet<EntitetArt>): EntitetArt | undefined {
  const art = route?.kind === 'list' ? undefined : route?.entitet;
  return art && arter.has(art) ? art : undefined;
}

/**
 * The browser tab's title for the focused tile: on a company, farm or water-plant page the tile's
 * heading once the view has named the record, otherwise the title rule (product - customer).
 */
export function dokumentTitel(
  route: RouteDef | null,
  entityTitle: string | null,
  kundeNavn: string | null | undefined,
): string {
  if (visesEntitet(route, TITEL_FRA_ENTITET) && entityTitle)
    return `${tileHeading(route, entityTitle)} - ${PRODUCT_NAME}`;
  return documentTitle(kundeNavn);
}

/** The recent item of a company or farm shown in a tile named `title`; null for any other route. */
export function senesteFor(route: RouteDef | null, params: RouteParams, title: string): RecentItem | null {
  const art = visesEntitet(route, SENESTE_ENTITETER);
  if (!art || !params.id) return null;
  const entitet = ENTITETER[art];
  return { path: detailPath(entitet, params.id), label: title, group: entitet.titelEntal };
}
