import { ExternalLink, TriangleAlert } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { MinimapKobling } from '../../contract/minimap';
import { bygMinimapUrl, type Punkt } from '../../contract/minimap-url';
import { erIDanmark, KOORDINAT_UDEN_FOR_DANMARK, koordinatTekst, punkterIWkt } from '../lib/koordinater';
import './Minikort.css';

/** OpenLayers and proj4 are a chunk of their own, fetched when a tile first shows a map. */
const MinikortOl = lazy(() => import('./MinikortOl'));

export interface MinikortProps {
  /** The record's coordinate (EPSG:25832); null when it has none. */
  punkt: Punkt | null;
  /** A WKT geometry in EPSG:25832 drawn instead of the point when it is more than a point. */
  wkt?: string | null;
  /** What the map shows, for its label ('Vandværket Nord'). */
  navn: string;
  /** What has no coordinate ('Vandanlægget'), for the text shown instead of a map. */
  hvad: string;
  /** The customer's active map links of the display location (lib/koordinater-links useMinimapLinks). */
  links: readonly MinimapKobling[];
  /** The links could not be fetched. */
  linksFejl?: boolean;
}

/**
 * A small map of a record with a location, drawn locally (no tile server, no network): the point or
 * geometry on a metric grid with a scale line, zoomed with + and − when it has focus, the coordinate
 * as text, and beside it the customer's map links for the display location ('Åbn i …'). A coordinate
 * outside Denmark shows a Danish warning instead of a map in the wrong place.
 */
export function Minikort({ punkt, wkt, navn, hvad, links, linksFejl }: MinikortProps) {
  const geometri = wkt ? punkterIWkt(wkt) : null;
  // A geometry of more than one point is drawn as it is; a point WKT adds nothing to the coordinate.
  const brugWkt = wkt && geometri && geometri.length > 1 ? wkt : null;
  const punkter = brugWkt ? geometri! : punkt ? [punkt] : [];
  if (punkter.length === 0)
    return (
      <p className="minikort-tom muted" data-testid="minikort-tom">
        {hvad} har ingen koordinat, så der er intet kort.
      </p>
    );
  const center = punkt ?? punkter[0]!;
  if (!punkter.every(erIDanmark))
    return (
      <p className="form-alert minikort-advarsel" role="alert" data-testid="minikort-advarsel">
        <TriangleAlert size={14} aria-hidden="true" /> {KOORDINAT_UDEN_FOR_DANMARK} ({koordinatTekst(center)})
      </p>
    );
  return (
    <div className="minikort" data-testid="minikort">
      <div className="minikort-kort">
        <Suspense fallback={<div className="minikort-indlaeser muted">Indlæser kort …</div>}>
          <MinikortOl punkt={center} wkt={brugWkt} navn={navn} />
        </Suspense>
      </div>
      <div className="minikort-side">
        <p className="minikort-koordinat" data-testid="minikort-koordinat">
          {koordinatTekst(center)}
        </p>
        <p className="muted small">Zoom med + og − når kortet har fokus; træk for at flytte.</p>
        {linksFejl && <p className="muted small">Kortlinks kunne ikke hentes.</p>}
        {links.length > 0 && (
          <ul className="minikort-links" aria-label="Kortlinks">
            {links.map((l) => (
              <li key={l.id}>
                <a href={bygMinimapUrl(l.url, center)} target="_blank" rel="noopener noreferrer">
                  <ExternalLink size={13} aria-hidden="true" /> Åbn i {l.navn}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
