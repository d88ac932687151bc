/**
 * Writes src/server/geo/danmark-25832.json: Denmark's land and territorial waters (12 nautical
 * miles, with the median lines towards Sweden and Germany) as polygons in EPSG:25832, the shape the
 * server checks a coordinate against (src/server/geo/danmark.ts).
 *
 * Source: the devDependency @geo-maps/countries-maritime-10m 0.6.0 (feature A3 'DNK'), OpenStreetMap's
 * national boundary of Denmark simplified to 10 m; data © OpenStreetMap contributors, ODbL 1.0
 * (code MIT). Reprojected from WGS84 with proj4 and rounded to whole metres. Run once when the
 * source changes:  npx tsx scripts/danmark-form.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import proj4 from 'proj4';

const KILDE = '@geo-maps/countries-maritime-10m';
const UD = new URL('../src/server/geo/danmark-25832.json', import.meta.url);

proj4.defs(
  'EPSG:25832',
  '+proj=utm +zone=32 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs',
);

type Ring = [number, number][];
interface Feature {
  properties: { A3?: string };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}

const require = createRequire(import.meta.url);
const sti = require.resolve(`${KILDE}/map.geo.json`);
const version = (
  JSON.parse(readFileSync(require.resolve(`${KILDE}/package.json`), 'utf8')) as { version: string }
).version;
const kort = JSON.parse(readFileSync(sti, 'utf8')) as { features: Feature[] };
const dk = kort.features.find((f) => f.properties.A3 === 'DNK');
if (!dk) throw new Error(`${KILDE}: no feature with A3 'DNK'`);

const polygoner = dk.geometry.type === 'Polygon' ? [dk.geometry.coordinates] : dk.geometry.coordinates;
const tilUtm = (ring: Ring): Ring =>
  ring.map(([lon, lat]) => {
    const [x, y] = proj4('EPSG:4326', 'EPSG:25832', [lon, lat]) as [number, number];
    return [Math.round(x), Math.round(y)];
  });
const ud = polygoner.map((p) => p.map(tilUtm));

let xMin = Infinity;
let yMin = Infinity;
let xMax = -Infinity;
let yMax = -Infinity;
for (const p of ud)
  for (const [x, y] of p[0]!) {
    xMin = Math.min(xMin, x);
    yMin = Math.min(yMin, y);
    xMax = Math.max(xMax, x);
    yMax = Math.max(yMax, y);
  }

const data = {
  beskrivelse:
    'Danmarks landområde og søterritorium (12 sømil), EPSG:25832, hele meter; scripts/danmark-form.ts',
  kilde: `${KILDE} ${version} (feature A3 'DNK'): OpenStreetMap, forenklet til 10 m`,
  licens: 'Data © OpenStreetMap contributors, Open Database License (ODbL) 1.0',
  epsg: 25832,
  udstraekning: [xMin, yMin, xMax, yMax],
  /** Polygons, each an outer ring followed by its holes; a ring is 'x y,x y,…' (closed), one string so the file stays small. */
  polygoner: ud.map((p) => p.map((ring) => ring.map(([x, y]) => `${x} ${y}`).join(','))),
};
writeFileSync(UD, `${JSON.stringify(data)}\n`);
console.log(
  `${UD.pathname}: ${ud.length} polygons, ${ud.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0)} points, extent ${data.udstraekning.join(', ')}`,
);
