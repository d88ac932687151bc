/**
 * The rules of a water plant's report to Jupiter (issue 29), pure, each with its source in
 * docs/decisions.md ('Jupiter by the law') and a unit test named after it
 * (tests/unit/jupiter-regler.test.ts). Jupiter-klar (./jupiter.ts), the borehole's save
 * (./vand-data.ts), the basis save and the Jupiter simulator apply them; none restates them.
 */

// ---------------------------------------------------------------------------------------------
// DGU numbers (GEUS): atlas sheet, '.', serial number, an optional letter

/**
 * A DGU number as GEUS writes it: the atlas (map) sheet of 1–3 digits, a dot, the serial number of
 * 1–5 digits and an optional letter; spaces are allowed around each part, as Jupiter itself pads
 * them (' 38.  770' is 38.770).
 */
const DGU_FORM = /^\s*\d{1,3}\s*\.\s*\d{1,5}\s*[A-Za-zÆØÅæøå]?\s*$/;

export const DGU_UGYLDIG =
  'DGU-nr. skal skrives som bladnummer, punktum og løbenummer, fx 193.123 eller 38.770A (1–3 cifre, punktum, 1–5 cifre og evt. et bogstav)';

/** dguNrGyldigt: is `nr` a DGU number (atlas sheet 1–3 digits, '.', serial 1–5 digits, optional letter)? */
export function dguNrGyldigt(nr: string): boolean {
  return DGU_FORM.test(nr);
}

/** A DGU number without its spaces, as Jupiter's answer names the borehole: ' 38.  770' → '38.770'. */
export const dguNrKort = (nr: string): string => nr.replace(/\s+/g, '');

// ---------------------------------------------------------------------------------------------
// CTRLPROGRAM (DRWPLANT.CTRLPROGRAM, Miljøportal 28 March 2023) by the plant's company type

/** Jupiter's CTRLPROGRAM code list (1–10). */
export const CTRLPROGRAM_KODER = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** Indvindingsformål 1: drinking-water supply. */
export const FORMAAL_DRIKKEVAND = 1;

/**
 * Which CTRLPROGRAM codes fit a plant's primary company type (primaerVirksomhedstype), and whether
 * the type requires one. Required for the drinking-water plants: an almen plant has the control
 * programme of almen vandforsyning (1); an ikke-alment vandværk (3–9 properties) one of the
 * ikke-almen programmes (2–4, by quantity and commercial/public activity). Irrigation takes
 * 'Ikke drikkevand – ingen krav' (9); industry and nurseries, which may supply drinking water or
 * food production, the ikke-almen, food and 'ikke drikkevand' codes. A type not listed here is not
 * narrowed. Sources and what is not confirmed: docs/decisions.md.
 */
export const CTRLPROGRAM_KRAV: Readonly<
  Record<string, { navn: string; paakraevet: boolean; tilladte: readonly number[] }>
> = {
  V01: { navn: 'alment vandværk', paakraevet: true, tilladte: [1] },
  V02: { navn: 'ikke-alment vandværk', paakraevet: true, tilladte: [2, 3, 4] },
  V10: { navn: 'markvandingsanlæg', paakraevet: false, tilladte: [9] },
  V20: { navn: 'indvinding til erhverv og industri', paakraevet: false, tilladte: [2, 3, 6, 7, 8, 9, 10] },
  V30: { navn: 'indvinding til gartneri', paakraevet: false, tilladte: [6, 7, 8, 9, 10] },
};

const eller = (l: readonly number[]) =>
  l.length === 1 ? String(l[0]) : `${l.slice(0, -1).join(', ')} eller ${l[l.length - 1]}`;

/**
 * ctrlprogramPasser: what is wrong with a plant's CTRLPROGRAM for its company type and purpose, or
 * null. 'mangler' when the type requires one (V01, V02) or the purpose is drinking water and none
 * is given; 'ugyldig' when the code is not in Jupiter's list 1–10 or does not fit the type.
 */
export function ctrlprogramPasser(p: {
  virksomhedstype: unknown;
  formaalId: unknown;
  ctrlprogram: unknown;
}): { art: 'mangler' | 'ugyldig'; besked: string } | null {
  const krav = typeof p.virksomhedstype === 'string' ? CTRLPROGRAM_KRAV[p.virksomhedstype] : undefined;
  const c = p.ctrlprogram;
  if (c === null || c === undefined || c === '') {
    if (krav?.paakraevet)
      return {
        art: 'mangler',
        besked: `Kontrolprogram (CTRLPROGRAM) skal udfyldes for et ${krav.navn} (${p.virksomhedstype as string})`,
      };
    if (p.formaalId === FORMAAL_DRIKKEVAND)
      return {
        art: 'mangler',
        besked: 'Kontrolprogram (CTRLPROGRAM) skal udfyldes for et anlæg til drikkevandsforsyning',
      };
    return null;
  }
  if (typeof c !== 'number' || !(CTRLPROGRAM_KODER as readonly number[]).includes(c))
    return {
      art: 'ugyldig',
      besked: `Kontrolprogram ${typeof c === 'string' ? `'${c}'` : String(c)} findes ikke: Jupiters kodeliste går fra 1 til 10`,
    };
  if (krav && !krav.tilladte.includes(c))
    return {
      art: 'ugyldig',
      besked: `Kontrolprogram ${c} passer ikke til et ${krav.navn} (${p.virksomhedstype as string}): vælg ${eller(krav.tilladte)}`,
    };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Points in polygons (the shape of Denmark is the server's: src/server/geo/danmark.ts)

/** A polygon: its outer ring, then its holes; a ring is a closed list of [x, y]. */
export type Polygon = readonly (readonly (readonly [number, number])[])[];

/** Is (x, y) inside the ring (even–odd rule; a point exactly on an edge may fall either way)? */
function iRing(x: number, y: number, ring: readonly (readonly [number, number])[]): boolean {
  let inde = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inde = !inde;
  }
  return inde;
}

/** punktIPolygoner: does (x, y) lie in one of the polygons (inside its outer ring, outside its holes)? */
export function punktIPolygoner(x: number, y: number, polygoner: readonly Polygon[]): boolean {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  return polygoner.some(
    (p) => p[0] !== undefined && iRing(x, y, p[0]) && !p.slice(1).some((hul) => iRing(x, y, hul)),
  );
}
