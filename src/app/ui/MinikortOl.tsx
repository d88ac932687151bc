import 'ol/ol.css';
import { defaults as standardKontroller } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import type { Extent } from 'ol/extent';
import Feature from 'ol/Feature';
import WKT from 'ol/format/WKT';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import { get as hentProjektion } from 'ol/proj';
import { register } from 'ol/proj/proj4';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import View from 'ol/View';
import proj4 from 'proj4';
import { useEffect, useRef, useState } from 'react';
import type { Punkt } from '../../contract/minimap-url';
import { DANMARK_UDSTRAEKNING, gitterAfstand, gitterTekst, koordinatTekst } from '../lib/koordinater';

/**
 * The OpenLayers part of the small map (a chunk of its own, loaded by Minikort): EPSG:25832 from
 * proj4, registered once; only vector layers (the metric grid and the record's geometry), so it needs
 * no tile server and makes no request.
 */
const EPSG = 'EPSG:25832';
if (!proj4.defs(EPSG))
  proj4.defs(EPSG, '+proj=utm +zone=32 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs');
register(proj4);
const projektion = hentProjektion(EPSG);
if (!projektion) throw new Error(`${EPSG} kunne ikke registreres`);
/** The map may pan a little beyond Denmark's extent, never far away. */
const MAKS_UDSTRAEKNING: Extent = [
  DANMARK_UDSTRAEKNING[0] - 50_000,
  DANMARK_UDSTRAEKNING[1] - 50_000,
  DANMARK_UDSTRAEKNING[2] + 50_000,
  DANMARK_UDSTRAEKNING[3] + 50_000,
];
projektion.setExtent(MAKS_UDSTRAEKNING);

/** The grid lines of a spacing over an extent. */
function gitterLinjer(e: Extent, afstand: number): Feature<LineString>[] {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = e;
  const linjer: Feature<LineString>[] = [];
  for (let x = Math.floor(x0 / afstand) * afstand; x <= x1; x += afstand)
    linjer.push(
      new Feature(
        new LineString([
          [x, y0],
          [x, y1],
        ]),
      ),
    );
  for (let y = Math.floor(y0 / afstand) * afstand; y <= y1; y += afstand)
    linjer.push(
      new Feature(
        new LineString([
          [x0, y],
          [x1, y],
        ]),
      ),
    );
  return linjer;
}

const GITTER_STIL = new Style({ stroke: new Stroke({ color: 'rgba(91, 103, 112, 0.28)', width: 1 }) });
const GEOMETRI_STIL = new Style({
  stroke: new Stroke({ color: '#1d64b3', width: 2 }),
  fill: new Fill({ color: 'rgba(29, 100, 179, 0.15)' }),
  image: new CircleStyle({
    radius: 6,
    fill: new Fill({ color: '#1d64b3' }),
    stroke: new Stroke({ color: '#ffffff', width: 2 }),
  }),
});

export default function MinikortOl({ punkt, wkt, navn }: { punkt: Punkt; wkt: string | null; navn: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [afstand, setAfstand] = useState<number | null>(null);

  useEffect(() => {
    const target = ref.current;
    if (!target) return;
    const geometri = new VectorSource<Feature>();
    const figur = wkt ? new WKT().readFeature(wkt, { dataProjection: EPSG, featureProjection: EPSG }) : null;
    if (figur) geometri.addFeature(figur);
    else geometri.addFeature(new Feature(new Point([punkt.x, punkt.y])));
    const gitter = new VectorSource<Feature<LineString>>();
    const map = new OlMap({
      target,
      controls: standardKontroller({ attribution: false, rotate: false }).extend([
        new ScaleLine({ units: 'metric', minWidth: 80 }),
      ]),
      layers: [
        new VectorLayer({ source: gitter, style: GITTER_STIL }),
        new VectorLayer({ source: geometri, style: GEOMETRI_STIL }),
      ],
      view: new View({
        projection: EPSG,
        center: [punkt.x, punkt.y],
        resolution: 2,
        minResolution: 0.25,
        maxResolution: 200,
        extent: MAKS_UDSTRAEKNING,
        constrainOnlyCenter: true,
      }),
    });
    const extent = figur ? geometri.getExtent() : null;
    if (extent) {
      map
        .getView()
        .fit(extent, { padding: [24, 24, 24, 24], maxZoom: 28, size: map.getSize() ?? [320, 220] });
    }
    const tegnGitter = () => {
      const size = map.getSize();
      const view = map.getView();
      const opl = view.getResolution();
      if (!size || !opl) return;
      const a = gitterAfstand(opl);
      gitter.clear(true);
      gitter.addFeatures(gitterLinjer(view.calculateExtent(size), a));
      setAfstand(a);
    };
    map.on('moveend', tegnGitter);
    tegnGitter();
    return () => {
      map.un('moveend', tegnGitter);
      map.setTarget(undefined);
      map.dispose();
    };
  }, [punkt.x, punkt.y, wkt]);

  return (
    <div className="minikort-ol-ramme">
      <div
        ref={ref}
        className="minikort-ol"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map takes + and − for zoom when it has focus
        tabIndex={0}
        role="application"
        aria-label={`Kort over ${navn}: ${koordinatTekst(punkt)}. Zoom med + og −, flyt med piletasterne.`}
        data-testid="minikort-ol"
        data-x={punkt.x}
        data-y={punkt.y}
      />
      {afstand !== null && (
        <span className="minikort-gitter muted small" data-testid="minikort-gitter">
          {gitterTekst(afstand)}
        </span>
      )}
    </div>
  );
}
