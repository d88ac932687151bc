import { formatTal } from '../../contract/format';
import { DANMARK_UDSTRAEKNING, type Punkt } from '../../contract/minimap-url';

export { DANMARK_UDSTRAEKNING };

/**
 * Coordinates of records with a location (EPSG:25832, UTM zone 32N, metres): the sanity box the
 * small map trusts, a WKT geometry's points, and how a coordinate is written on screen. Pure, so the
 * map's wrapper decides without loading OpenLayers.
 */

export const KOORDINAT_UDEN_FOR_DANMARK =
  'Koordinaten ligger uden for Danmark (EPSG:25832) og vises ikke på kortet. Kontrollér x og y – er de byttet om?';

export const erIDanmark = (p: Punkt): boolean => {
  const [xMin, yMin, xMax, yMax] = DANMARK_UDSTRAEKNING;
  return (
    Number.isFinite(p.x) && Number.isFinite(p.y) && p.x >= xMin && p.x <= xMax && p.y >= yMin && p.y <= yMax
  );
};

/** The points of a WKT geometry (POINT, LINESTRING, POLYGON, MULTI…), in order; null when it is not WKT. */
export function punkterIWkt(wkt: string): Punkt[] | null {
  const s = wkt.trim();
  const m = /^(MULTI)?(POINT|LINESTRING|POLYGON)\s*(Z|M|ZM)?\s*\((.*)\)$/is.exec(s);
  if (!m) return null;
  const medZ = (m[3] ?? '').length > 0;
  const punkter: Punkt[] = [];
  for (const par of (m[4] ?? '').replace(/[()]/g, '').split(',')) {
    const tal = par.trim().split(/\s+/).map(Number);
    if (tal.length < 2 || tal.length > (medZ ? 4 : 2) || tal.some((n) => !Number.isFinite(n))) return null;
    punkter.push({ x: tal[0]!, y: tal[1]! });
  }
  return punkter.length > 0 ? punkter : null;
}

/** A coordinate as the screen writes it: da-DK, two decimals at most ('512.345,6'). */
export const formatKoordinat = (n: number): string => formatTal(n, 2);

/** 'x 512.345,6 · y 6.234.567,8 (EPSG:25832)'. */
export const koordinatTekst = (p: Punkt): string =>
  `x ${formatKoordinat(p.x)} · y ${formatKoordinat(p.y)} (EPSG:25832)`;

/** Grid spacings of the small map in metres; it uses the smallest that leaves about 70 px between lines. */
const AFSTANDE = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];
const MIN_PIXEL = 70;

/** The grid spacing for a resolution (metres per pixel). */
export const gitterAfstand = (opl: number): number =>
  AFSTANDE.find((a) => a / opl >= MIN_PIXEL) ?? AFSTANDE[AFSTANDE.length - 1]!;

/** 'Gitter 100 m', 'Gitter 2 km'. */
export const gitterTekst = (m: number): string =>
  `Gitter ${m >= 1000 ? `${formatTal(m / 1000)} km` : `${m} m`}`;
