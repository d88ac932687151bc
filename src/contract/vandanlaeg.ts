import { z } from 'zod';
import { idParamsSchema, idSchema } from './common';
import { endpoint } from './endpoint';
import {
  type FeltDef,
  foer,
  inputSchema,
  type LookupKilde,
  outputShape,
  type Tjek,
  versionSchema,
} from './felter';
import { parseDanskTalStreng } from './format';
import { type LookupValg, lookupFelt } from './kind-dele';
import { type ListeDef, listeQuerySchema, sideSchema } from './liste';
import { lookupListeSchema } from './lookups';
import { dawaAdresseListeSchema, dawaSoegQuerySchema } from './registre';
import { VAND_LAES, VAND_RET } from './roles';

/**
 * A water plant (spec 001 §3 'Water plant'): its basis, address, coordinate, locality, over- and
 * under-plants and contacts; GET Vandanlaeg/{id}, PUT vandanlaeg/{id}/basis, the plant list and the
 * MWVandanlaegLookUp lists. The basis fields are written in the field language of ./felter.
 */

// ---------------------------------------------------------------- lookups

/** The lists served under GET MWVandanlaegLookUp/list/{name} (spec 001 §7 plus the Jupiter lists the basis needs). */
export const VANDANLAEG_LOOKUPS = [
  'jupitervirksomhedstype',
  'jupiteranlaegsart',
  'jupiteraktivstatus',
  'jupiterforsyningsart',
  'vandanlaegHaandhaevelseType',
  'jupitertilladelsetype',
  'vandanlaegtilsynstype',
  'jupitervandtype',
  'jupiterindvindingsformaal',
  'jupiterctrlprogram',
  'jupiterkoordinatmetode',
  'kommune',
] as const;
export type VandanlaegLookup = (typeof VANDANLAEG_LOOKUPS)[number];

/** The API path (relative to /api/) of a water-plant list. */
export const vandLookupSti = (name: VandanlaegLookup) => `MWVandanlaegLookUp/list/${name}`;
/** A water-plant list as a lookup field's source. */
export const vandLookupKilde = (name: VandanlaegLookup): LookupKilde => ({ path: vandLookupSti(name) });
const vl = vandLookupKilde;

/** A field chosen from a water-plant list, marked J (Jupiter gets it). */
export const vandFelt = (
  navn: string,
  label: string,
  liste: VandanlaegLookup,
  valg: LookupValg = {},
): FeltDef => lookupFelt(navn, label, vl(liste), valg, ['J']);

/** GET MWVandanlaegLookUp/list/{name}: a water-plant list (any signed-in user). */
export const hentVandanlaegLookup = endpoint({
  method: 'GET',
  path: '/MWVandanlaegLookUp/list/:name',
  params: z.object({ name: z.string().min(1).max(80) }),
  answer: lookupListeSchema,
});

/**
 * GET MWVandanlaegLookUp/list/jupitermuligevirksomhedstype/{formaalId}: the company types that fit
 * an abstraction purpose (the basis form narrows primaerVirksomhedstype by jupiterIndvindingsformaalId).
 */
export const hentMuligeVirksomhedstyper = endpoint({
  method: 'GET',
  path: '/MWVandanlaegLookUp/list/jupitermuligevirksomhedstype/:formaalId',
  params: z.object({ formaalId: idSchema }),
  answer: lookupListeSchema,
});

// ---------------------------------------------------------------- basis

/**
 * Every basis field of spec 001 §3 the form edits, in the form's order. J marks the fields Jupiter
 * needs for a report (the 'Jupiter-klar' check reads them); D the ones DMA gets (cvrNr, pNr).
 */
export const VANDANLAEG_BASIS_FELTER: readonly FeltDef[] = [
  {
    navn: 'anlaegsnavn',
    label: 'Anlægsnavn',
    type: { kind: 'tekst', max: 200, paakraevet: true },
    maerker: ['J'],
  },
  { navn: 'anlaegsnr', label: 'Anlægsnr.', type: { kind: 'tekst', max: 30 } },
  { navn: 'jupiterId', label: 'Jupiter-id', type: { kind: 'tekst', max: 30 }, maerker: ['J'] },
  vandFelt('jupiterIndvindingsformaalId', 'Indvindingsformål', 'jupiterindvindingsformaal'),
  vandFelt('primaerVirksomhedstype', 'Primær virksomhedstype', 'jupitervirksomhedstype', { vaerdi: 'kode' }),
  vandFelt('oevrigeVandanlaegVirksomhedstyper', 'Øvrige virksomhedstyper', 'jupitervirksomhedstype', {
    vaerdi: 'kode',
    flere: true,
  }),
  vandFelt('jupiterAnlaegsartId', 'Anlægsart', 'jupiteranlaegsart'),
  vandFelt('jupiterAktivStatusId', 'Aktiv status', 'jupiteraktivstatus'),
  { navn: 'startdato', label: 'Startdato', type: { kind: 'dato' }, maerker: ['J'] },
  { navn: 'slutdato', label: 'Slutdato', type: { kind: 'dato' }, maerker: ['J'] },
  vandFelt('jupiterVandtypeId', 'Vandtype', 'jupitervandtype'),
  vandFelt('jupiterCTRLPROGRAMId', 'Kontrolprogram', 'jupiterctrlprogram'),
  vandFelt('jupiterKoordinatMetodeId', 'Koordinatmetode', 'jupiterkoordinatmetode'),
  {
    navn: 'vandmaengdeM3Aar',
    label: 'Tilladt vandmængde',
    type: { kind: 'tal', min: 0, max: 1_000_000_000, enhed: 'm³/år' },
    maerker: ['J'],
  },
  {
    navn: 'udloebsdatoPaaGaeldendeTilladelse',
    label: 'Udløb af gældende tilladelse',
    type: { kind: 'dato' },
  },
  vandFelt('beliggenhedsKommuneId', 'Beliggenhedskommune', 'kommune'),
  vandFelt('analysegodkendeKommuneId', 'Analysegodkendende kommune', 'kommune'),
  {
    navn: 'sagsbehandlerListe',
    label: 'Sagsbehandlere',
    type: { kind: 'lookup', kilde: { special: 'sagsbehandler' }, flere: true },
  },
  { navn: 'journalNr', label: 'Journalnr.', type: { kind: 'tekst', max: 60 } },
  { navn: 'cvrNr', label: 'CVR-nummer', type: { kind: 'tekst', max: 8, format: 'cvr' }, maerker: ['D', 'J'] },
  { navn: 'pNr', label: 'P-nummer', type: { kind: 'tekst', max: 10, format: 'pnr' }, maerker: ['D'] },
  // The owner, as vandforsyningsloven § 24 d, stk. 1, nr. 4 has the yearly report carry it.
  { navn: 'ejerNavn', label: 'Ejers navn', type: { kind: 'tekst', max: 200 }, maerker: ['J'] },
  {
    navn: 'ejerCvrCprNr',
    label: 'Ejers CVR- eller CPR-nr.',
    type: { kind: 'tekst', max: 11, format: 'cvrCpr' },
    maerker: ['J'],
  },
  { navn: 'ejerAdresse', label: 'Ejers adresse', type: { kind: 'tekst', max: 300 }, maerker: ['J'] },
  { navn: 'hjemmeside', label: 'Hjemmeside', type: { kind: 'tekst', max: 300 } },
  { navn: 'udledning', label: 'Udledning', type: { kind: 'jaNej' } },
  { navn: 'indberetning', label: 'Indberettes til Jupiter', type: { kind: 'jaNej' } },
  {
    navn: 'jupiterBemaerkning',
    label: 'Bemærkning til Jupiter',
    type: { kind: 'tekst', max: 1000, flerlinjet: true },
    maerker: ['J'],
  },
  { navn: 'bemaerkning', label: 'Bemærkning', type: { kind: 'tekst', max: 4000, flerlinjet: true } },
  {
    navn: 'jupiterIndberetningStatus',
    label: 'Jupiter-indberetningsstatus',
    type: { kind: 'tekst', max: 100 },
    skrivebeskyttet: true,
  },
];

/** The basis fields kept in columns of `virksomhed` as well (navn = anlaegsnavn). */
export const VANDANLAEG_KOLONNE_FELTER = ['anlaegsnavn', 'anlaegsnr', 'jupiterId', 'cvrNr', 'pNr'] as const;

export const vandanlaegBasisTjek: Tjek = (v) => {
  const fejl: [string, string][] = [];
  if (foer(v, 'startdato', 'slutdato')) fejl.push(['slutdato', 'Slutdatoen må ikke ligge før startdatoen']);
  return fejl;
};

// ---------------------------------------------------------------- coordinates (EPSG:25832)

/**
 * The box around Denmark's land and territorial waters in EPSG:25832 (UTM zone 32N, metres): the
 * extent of the shape the server checks against (src/server/geo/danmark.ts, rounded outward). The
 * form refuses a coordinate outside the box at once (a swapped x and y); the server refuses one
 * outside the shape (Malmö, Flensburg, Göteborg lie inside the box). docs/decisions.md.
 */
export const DANMARK_BOKS = { xMin: 418_000, xMax: 916_000, yMin: 6_037_000, yMax: 6_425_000 } as const;
export const UDEN_FOR_DANMARK = 'Koordinaten ligger uden for Danmarks land- og søterritorium (EPSG:25832)';

/** In the box around Denmark (the form's quick check; the server checks the shape). */
export const iDanmarkBoks = (x: number, y: number): boolean =>
  x >= DANMARK_BOKS.xMin && x <= DANMARK_BOKS.xMax && y >= DANMARK_BOKS.yMin && y <= DANMARK_BOKS.yMax;

/**
 * Cleans a coordinate typed the Danish way (spec 001 §5): a dot among the first `heltal` characters
 * (6 for x, 7 for y: the integer digits of a Danish UTM coordinate) is a thousands separator and is
 * dropped; a dot after them, or a comma, is the decimal mark. Null when it is not a number.
 */
export function rensKoordinat(input: string | number, heltal: 6 | 7): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  const s = input.replace(/\s+/g, '');
  if (s === '') return null;
  // Dots in the integer part are thousands separators ('6.234.567,89', '512.345').
  if (s.slice(0, heltal).includes('.') || s.includes(',')) return parseDanskTalStreng(s);
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const koordinatVaerdi = (navn: 'x' | 'y', heltal: 6 | 7, min: number, max: number) =>
  z
    .union([z.string().max(40, 'Højst 40 tegn'), z.number()], { error: `${navn} skal være et tal` })
    .transform((v, ctx) => {
      const n = rensKoordinat(v, heltal);
      if (n === null) {
        ctx.addIssue({
          code: 'custom',
          message: `${navn} skal være et tal (fx ${navn === 'x' ? '512.345,6' : '6.234.567,8'})`,
        });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: UDEN_FOR_DANMARK });
        return z.NEVER;
      }
      return Math.round(n * 100) / 100;
    });

/** A coordinate as the form sends it: Danish text or a number, checked to lie in Denmark. */
export const koordinatInputSchema = z.object({
  x: koordinatVaerdi('x', 6, DANMARK_BOKS.xMin, DANMARK_BOKS.xMax),
  y: koordinatVaerdi('y', 7, DANMARK_BOKS.yMin, DANMARK_BOKS.yMax),
});

/** The address chosen from DAWA: the server fetches it (kept as it is when the body leaves it out). */
export const dawaValgSchema = z.object({
  dawaAdresseId: z.string().uuid('Ugyldigt adresse-id'),
  dawaAdresseType: z.enum(['adresse', 'adgangsadresse'], {
    error: 'dawaAdresseType skal være adresse eller adgangsadresse',
  }),
});

const linjer = (max: number) =>
  z
    .array(z.string().trim().max(200, 'En linje må højst være 200 tegn'), { error: 'Skal være en liste' })
    .max(max, `Højst ${max} linjer`)
    .transform((v) => v.filter((s) => s !== ''));

/** The fields beside the basis that the basis form edits: over-plant, address, coordinate, locality. */
const basisEkstra = {
  overanlaegVirksomhedId: idSchema.nullable().optional(),
  /** undefined: keep; null: no address; otherwise the DAWA address chosen. */
  adresse: dawaValgSchema.nullable().optional(),
  /** undefined: keep; null: no coordinate. */
  koordinat: koordinatInputSchema.nullable().optional(),
  matrikler: linjer(50).optional(),
  bfeNr: z
    .string()
    .trim()
    .max(20, 'Højst 20 tegn')
    .regex(/^\d*$/, 'BFE-nummeret skal være cifre')
    .nullable()
    .optional(),
};

/** PUT vandanlaeg/{id}/basis: the editable basis, the version that was edited, and optionally address, coordinate, locality. */
export const vandanlaegBasisInputSchema = inputSchema(VANDANLAEG_BASIS_FELTER, vandanlaegBasisTjek, {
  version: versionSchema,
  ...basisEkstra,
});
/** The same rules without the version: what the form checks before it saves. */
export const vandanlaegBasisFormSchema = inputSchema(
  VANDANLAEG_BASIS_FELTER,
  vandanlaegBasisTjek,
  basisEkstra,
);
export type VandanlaegBasisInput = z.input<typeof vandanlaegBasisInputSchema>;

// ---------------------------------------------------------------- the plant

export interface VandanlaegBasis {
  anlaegsnavn: string;
  primaerVirksomhedstype: string | null;
  oevrigeVandanlaegVirksomhedstyper: string[];
  jupiterId: string | null;
  anlaegsnr: string | null;
  sagsbehandlerListe: number[];
  jupiterAktivStatusId: number | null;
  startdato: string | null;
  slutdato: string | null;
  jupiterAnlaegsartId: number | null;
  jupiterVandtypeId: number | null;
  jupiterIndvindingsformaalId: number | null;
  jupiterCTRLPROGRAMId: number | null;
  jupiterKoordinatMetodeId: number | null;
  vandmaengdeM3Aar: number | null;
  udloebsdatoPaaGaeldendeTilladelse: string | null;
  overanlaegVirksomhedId: number | null;
  udledning: boolean;
  hjemmeside: string | null;
  jupiterBemaerkning: string | null;
  bemaerkning: string | null;
  beliggenhedsKommuneId: number | null;
  analysegodkendeKommuneId: number | null;
  journalNr: string | null;
  jupiterIndberetningStatus: string | null;
  indberetning: boolean;
  slettet: boolean;
  virksomhedstype: number;
  cvrNr: string | null;
  pNr: string | null;
  ejerNavn: string | null;
  ejerCvrCprNr: string | null;
  ejerAdresse: string | null;
}

export const vandanlaegBasisSchema = z.object({
  ...outputShape(VANDANLAEG_BASIS_FELTER),
  anlaegsnavn: z.string(),
  overanlaegVirksomhedId: z.number().nullable(),
  slettet: z.boolean(),
  virksomhedstype: z.number(),
}) as unknown as z.ZodType<VandanlaegBasis>;

/** The address (spec 001 §3 'Address'). */
export const vandanlaegAdresseSchema = z.object({
  dawaAdresseId: z.string().nullable(),
  vejnavn: z.string().nullable(),
  husnummer: z.string().nullable(),
  etage: z.string().nullable(),
  sideDoer: z.string().nullable(),
  postnummer: z.string().nullable(),
  city: z.string().nullable(),
  fuldeAdresse: z.string().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  supplerendebynavn: z.string().nullable(),
});
export type VandanlaegAdresse = z.infer<typeof vandanlaegAdresseSchema>;

/** A contact person with the Jupiter contact type (kontaktpersontype/listjupiter). */
export const vandanlaegKontaktSchema = z.object({
  id: z.number(),
  navn: z.string(),
  email: z.string().nullable(),
  telefon: z.string().nullable(),
  kontaktType: z.string().nullable(),
  jupiterId: z.string().nullable(),
});
export type VandanlaegKontakt = z.infer<typeof vandanlaegKontaktSchema>;

/** The latest report to Jupiter (table jupiter_indberetning), or null when never reported. */
export const jupiterStatusSchema = z.object({
  status: z.string(),
  sendt: z.string(),
  fejlTypeKode: z.string().nullable(),
  fejlTypeTekst: z.string().nullable(),
});

/** GET Vandanlaeg/{id}: the water plant. Its records (permits, boreholes, quantities ...) have their own calls. */
export const vandanlaegSchema = z.object({
  id: z.number(),
  type: z.number(),
  version: z.number(),
  opdateret: z.string(),
  basis: vandanlaegBasisSchema,
  adresseId: z.string().nullable(),
  adresse: vandanlaegAdresseSchema,
  koordinat: z.object({ id: z.number(), x: z.number(), y: z.number() }).nullable(),
  wkt: z.string().nullable(),
  matrikler: z.array(z.string()),
  lokalitet: z.object({
    id: z.number(),
    adresse: z.string().nullable(),
    dawaAdresseId: z.string().nullable(),
    matrikler: z.array(z.string()),
    bfeNr: z.string().nullable(),
  }),
  overanlaeg: z.object({ id: z.number(), navn: z.string() }).nullable(),
  underanlaeg: z.array(z.object({ id: z.number(), navn: z.string(), anlaegsnr: z.string().nullable() })),
  kontaktpersonListe: z.array(vandanlaegKontaktSchema),
  jupiterStatus: jupiterStatusSchema.nullable(),
  /** Names of the case workers the basis refers to. */
  sagsbehandlere: z.array(z.object({ brugerId: z.number(), navn: z.string() })),
  slettet: z.boolean(),
});
export type Vandanlaeg = z.infer<typeof vandanlaegSchema>;

/** The 409 message when the plant was changed by someone else since it was opened. */
export const VANDANLAEG_KONFLIKT =
  'Vandanlægget er ændret af en anden bruger siden du åbnede det. Dine ændringer er ikke gemt; genindlæs for at se de nye oplysninger.';

/** GET Vandanlaeg/{id} (404 for an id that is not a water plant of the active customer). */
export const hentVandanlaeg = endpoint({
  method: 'GET',
  path: '/Vandanlaeg/:id',
  params: idParamsSchema,
  answer: vandanlaegSchema,
  access: VAND_LAES,
});

/** PUT vandanlaeg/{id}/basis: the basis with the version that was edited (stale → 409). */
export const gemVandanlaegBasis = endpoint({
  method: 'PUT',
  path: '/vandanlaeg/:id/basis',
  params: idParamsSchema,
  body: vandanlaegBasisInputSchema,
  answer: vandanlaegSchema,
  access: VAND_RET,
});

// ---------------------------------------------------------------- the list

export const vandanlaegListeRaekkeSchema = z.object({
  id: z.number(),
  anlaegsnavn: z.string(),
  anlaegsnr: z.string().nullable(),
  jupiterId: z.string().nullable(),
  primaerVirksomhedstype: z.string().nullable(),
  adresse: z.string().nullable(),
  sagsbehandler: z.string().nullable(),
  jupiterStatus: z.string().nullable(),
  tilladtMaengde: z.number().nullable(),
  udloebsdato: z.string().nullable(),
  senestePeriode: z.string().nullable(),
  afventer: z.number(),
});
export type VandanlaegListeRaekke = z.infer<typeof vandanlaegListeRaekkeSchema>;
export const vandanlaegListeSchema = sideSchema(vandanlaegListeRaekkeSchema);

export const VANDANLAEG_SORT_KOLONNER = [
  'anlaegsnavn',
  'anlaegsnr',
  'jupiterId',
  'primaerVirksomhedstype',
  'adresse',
  'sagsbehandler',
  'jupiterStatus',
  'tilladtMaengde',
  'udloebsdato',
  'senestePeriode',
  'afventer',
] as const;
export type VandanlaegSortKolonne = (typeof VANDANLAEG_SORT_KOLONNER)[number];

/**
 * Column filters (filteredColumns `kolonne:værdi|værdi`):
 *   primaerVirksomhedstype:V01|V10   sagsbehandler:<brugerId>|ingen   jupiterStatus:OK|Fejl|ingen
 *   afventer:true|false   udloebet:true|false (the valid permit's expiry lies before today)
 */
export const VANDANLAEG_FILTER_KOLONNER = [
  'primaerVirksomhedstype',
  'sagsbehandler',
  'jupiterStatus',
  'afventer',
  'udloebet',
] as const;
export type VandanlaegFilterKolonne = (typeof VANDANLAEG_FILTER_KOLONNER)[number];

const BOOL = (v: string) => v === 'true' || v === 'false';

export const vandanlaegListeDef: ListeDef<VandanlaegSortKolonne, VandanlaegFilterKolonne> = {
  sortKolonner: VANDANLAEG_SORT_KOLONNER,
  filterRegler: {
    primaerVirksomhedstype: (v) => /^[A-Z0-9_]{1,20}$/.test(v),
    sagsbehandler: (v) => v === 'ingen' || /^[1-9]\d{0,9}$/.test(v),
    jupiterStatus: (v) => v === 'OK' || v === 'Fejl' || v === 'ingen',
    afventer: BOOL,
    udloebet: BOOL,
  },
  standardTake: 50,
  maxTake: 500,
  filterMaks: 100,
};

/** GET Vandanlaeg/HentVandanlaegListe?kundeid: the active customer's plants (kundeid must be it). */
export const vandanlaegListeQuerySchema = listeQuerySchema(vandanlaegListeDef).extend({ kundeid: idSchema });
export type VandanlaegListeQuery = z.input<typeof vandanlaegListeQuerySchema>;

export const hentVandanlaegListe = endpoint({
  method: 'GET',
  path: '/Vandanlaeg/HentVandanlaegListe',
  query: vandanlaegListeQuerySchema,
  answer: vandanlaegListeSchema,
  access: VAND_LAES,
});

/**
 * GET Vandanlaeg/dawa/adresser?q=: addresses in the active customer's municipality for a plant's
 * address (not in the spec's call list: docs/api.md); the company search needs the company rights.
 */
export const soegVandanlaegDawa = endpoint({
  method: 'GET',
  path: '/Vandanlaeg/dawa/adresser',
  query: dawaSoegQuerySchema,
  answer: dawaAdresseListeSchema,
  access: VAND_RET,
});
