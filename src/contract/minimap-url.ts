/**
 * The pure part of map links (no zod, no endpoints, so the small map's wrapper stays light): the
 * placeholders of a URL template, building a link for a point, checking a template, and Denmark's
 * extent in EPSG:25832. src/contract/minimap.ts declares the endpoints and re-exports this.
 */

/** The placeholders a template may hold. */
export const PLADSHOLDERE = ['x', 'y', 'zoom', 'bbox'] as const;
export type Pladsholder = (typeof PLADSHOLDERE)[number];

export const MAKS_URL_LAENGDE = 2000;

/**
 * Denmark's extent in EPSG:25832 as Septima's map widget gives it (xmin, ymin, xmax, ymax). A point
 * outside is a wrong coordinate (swapped x/y, a geographic degree, a missing digit): no map, no link.
 */
export const DANMARK_UDSTRAEKNING = [445_058, 6_066_492, 890_702, 6_400_726] as const;

/** A point in EPSG:25832 (UTM zone 32N, metres). */
export interface Punkt {
  x: number;
  y: number;
}

export interface KortUdsnit {
  /** The zoom level put into `{zoom}` (a whole number, 0–22). */
  zoom?: number;
  /** Half the width of the square put into `{bbox}`, in metres. */
  halvBredde?: number;
}

/** The zoom a link opens with, and the square around the point (500 × 500 m) for `{bbox}`. */
export const STANDARD_ZOOM = 12;
export const STANDARD_HALV_BREDDE = 250;

/** A coordinate as it goes into a URL: metres with at most 2 decimals, a dot as decimal mark. */
export const koordinatIUrl = (n: number): string => String(Math.round(n * 100) / 100);

/**
 * The link of a template for a point: each placeholder replaced by its value, URL-encoded
 * (`{bbox}` becomes `xmin,ymin,xmax,ymax`, its commas encoded as %2C).
 */
export function bygMinimapUrl(skabelon: string, punkt: Punkt, udsnit: KortUdsnit = {}): string {
  const zoom = udsnit.zoom ?? STANDARD_ZOOM;
  const h = udsnit.halvBredde ?? STANDARD_HALV_BREDDE;
  const vaerdier: Record<Pladsholder, string> = {
    x: koordinatIUrl(punkt.x),
    y: koordinatIUrl(punkt.y),
    zoom: String(Math.round(zoom)),
    bbox: [punkt.x - h, punkt.y - h, punkt.x + h, punkt.y + h].map(koordinatIUrl).join(','),
  };
  return skabelon.replace(/\{([a-z]+)\}/gi, (hel, navn: string) => {
    const v = vaerdier[navn.toLowerCase() as Pladsholder];
    return v === undefined ? hel : encodeURIComponent(v);
  });
}

/** A point in Denmark used to check that a template gives a valid URL (Skive). */
const PROEVEPUNKT: Punkt = { x: 497_500.5, y: 6_267_000.25 };

/**
 * What is wrong with a URL template, in Danish; empty when it is fine: https only, a host, no user
 * name or password, only the known placeholders, `{x}` and `{y}` (or `{bbox}`) present, and a valid
 * URL once they are filled in.
 */
export function tjekUrlSkabelon(skabelon: string): string[] {
  const fejl: string[] = [];
  const s = skabelon.trim();
  if (s === '') return ['URL-skabelonen er påkrævet'];
  if (s.length > MAKS_URL_LAENGDE) return [`URL-skabelonen må højst være ${MAKS_URL_LAENGDE} tegn`];
  if (/\s/.test(s)) fejl.push('URL-skabelonen må ikke indeholde mellemrum');
  if (!/^https:\/\//i.test(s)) fejl.push('URL-skabelonen skal begynde med https://');
  const fundne = [...s.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
  const ukendte = [...new Set(fundne.filter((n) => !(PLADSHOLDERE as readonly string[]).includes(n)))];
  if (ukendte.length > 0)
    fejl.push(
      `Ukendt pladsholder: ${ukendte.map((n) => `{${n}}`).join(', ')} (tilladt: {x}, {y}, {zoom} og {bbox})`,
    );
  const uden = s.replace(/\{[^{}]*\}/g, '');
  if (uden.includes('{') || uden.includes('}'))
    fejl.push('URL-skabelonen har en krøllet parentes uden partner');
  const har = (n: Pladsholder) => fundne.includes(n);
  if (!(har('x') && har('y')) && !har('bbox'))
    fejl.push('URL-skabelonen skal indeholde både {x} og {y} (eller {bbox}), så kortet viser stedet');
  else if (har('x') !== har('y')) fejl.push('URL-skabelonen skal indeholde både {x} og {y}');
  if (fejl.length > 0) return fejl;
  let url: URL;
  try {
    url = new URL(bygMinimapUrl(s, PROEVEPUNKT));
  } catch {
    return ['URL-skabelonen giver ikke en gyldig adresse'];
  }
  if (url.protocol !== 'https:') fejl.push('URL-skabelonen skal begynde med https://');
  if (url.hostname === '' || !url.hostname.includes('.'))
    fejl.push('URL-skabelonen skal have et værtsnavn, fx https://kort.kommune.dk/');
  if (url.username !== '' || url.password !== '')
    fejl.push('URL-skabelonen må ikke indeholde brugernavn eller adgangskode');
  return fejl;
}
