import { z } from 'zod';
import { idParamsSchema, idSchema, kundeIdParamsSchema } from './common';
import { endpoint } from './endpoint';
import { type FeltDef, inputSchema, outputShape, type Tjek, versionSchema } from './felter';
import { type ListeDef, listeQuerySchema, sideSchema } from './liste';
import { lookupListeSchema } from './lookups';
import { anyRecordSchema } from './record-kind';

/**
 * SAT companies (spec 001 §3 'SAT company and result', §7 'SAT'): the waste-inspection programme.
 * A SAT company is a row of the company table with row type 4 (contract/entitet.ts) plus its SAT
 * fields; its result, follow-up inspections, enforcement and fees are record kinds
 * (./sat-registreringer.ts). This module declares the periods, the SAT company itself, how SAT
 * companies are created, the list and the calls to the national SAT system. Only
 * SAGSBEHANDLER_AFFALD reads or acts.
 */
export const SAT_RET = 'SAGSBEHANDLER_AFFALD';

// ---------------------------------------------------------------- constants of the domain

/** Result categories (spec 001 §3): how the company came to be inspected. */
export const SAT_RESULTAT_KATEGORIER = [
  'UdtrukketAfSAT',
  'DelAfMiljoeTilsyn',
  'Paragraf8',
  'BygOgKonstruktion',
  'AndreTemaer',
  'IkkeAngivet',
] as const;
export type SatResultatKategori = (typeof SAT_RESULTAT_KATEGORIER)[number];

/** The Danish label of each category. */
export const SAT_KATEGORI_TEKST: Record<SatResultatKategori, string> = {
  UdtrukketAfSAT: 'Udtrukket af SAT',
  DelAfMiljoeTilsyn: 'Del af miljøtilsyn',
  Paragraf8: '§ 8-tilsyn',
  BygOgKonstruktion: 'Bygge- og anlægsaffald (tema)',
  AndreTemaer: 'Andre temaer',
  IkkeAngivet: 'Ikke angivet',
};

/** The only categories a SAT farm's result may have (spec 001 §3). */
export const SAT_LANDBRUG_KATEGORIER: readonly SatResultatKategori[] = ['DelAfMiljoeTilsyn', 'Paragraf8'];
export const SAT_LANDBRUG_KATEGORI_FEJL =
  'Et landbrug kan kun have kategorien Del af miljøtilsyn eller § 8-tilsyn';

/** The 18 waste fractions, in the spec's order; the flag of each is `affaldsfraktion_<navn>`. */
export const AFFALDSFRAKTIONER = [
  'Madaffald',
  'Papir',
  'Pap',
  'Glas',
  'Metal',
  'Plastic',
  'Madogdrikkekarton',
  'Farligtaffald',
  'Tekstiler',
  'Restaffald',
  'Haveaffald',
  'Klinisk',
  'Elektronik',
  'Trae',
  'Pvc',
  'Byggeanlaegsaffald',
  'Speciel',
  'Andet',
] as const;
export type Affaldsfraktion = (typeof AFFALDSFRAKTIONER)[number];
export const fraktionFelt = (f: Affaldsfraktion) => `affaldsfraktion_${f}` as const;

/** Danish labels of the fractions as the toggle grid shows them. */
export const AFFALDSFRAKTION_TEKST: Record<Affaldsfraktion, string> = {
  Madaffald: 'Madaffald',
  Papir: 'Papir',
  Pap: 'Pap',
  Glas: 'Glas',
  Metal: 'Metal',
  Plastic: 'Plast',
  Madogdrikkekarton: 'Mad- og drikkekartoner',
  Farligtaffald: 'Farligt affald',
  Tekstiler: 'Tekstiler',
  Restaffald: 'Restaffald',
  Haveaffald: 'Haveaffald',
  Klinisk: 'Klinisk risikoaffald',
  Elektronik: 'Elektronikaffald',
  Trae: 'Træ',
  Pvc: 'PVC',
  Byggeanlaegsaffald: 'Bygge- og anlægsaffald',
  Speciel: 'Specialaffald',
  Andet: 'Andet',
};

/** How a company was selected (udvælgelsesmetode). */
export const UDVAELGELSESMETODER = [
  'Risikobaseret',
  'Stikprøve',
  'Tematiseret',
  'Del af miljøtilsyn',
  'Kommunens eget valg',
] as const;

/**
 * A SAT company's status (satStatus), derived from its data so it can never disagree with them:
 * the furthest step reached. Udvalgt: selected, no performed result; Udført: the result has a
 * performed date; Overført: the result is in the national SAT system; Faktureret: a fee is invoiced.
 */
export const SAT_STATUSSER = ['Udvalgt', 'Udført', 'Overført', 'Faktureret'] as const;
export type SatStatus = (typeof SAT_STATUSSER)[number];

/** A fee type's kind (display labels of spec 001 §3: Timesats gebyr / Fast gebyr). */
export const GEBYR_ARTER = ['timesats', 'fast'] as const;
export type GebyrArt = (typeof GEBYR_ARTER)[number];
export const GEBYR_ART_TEKST: Record<GebyrArt, string> = { timesats: 'Timesats gebyr', fast: 'Fast gebyr' };

/**
 * A fee in øre: hours × the hourly rate, or the fixed fee. Hours are registered in half hours, so
 * the product is whole øre; rounded to the øre all the same.
 */
export function gebyrBeloebOere(art: GebyrArt, satsOere: number, timeantal: number | null): number {
  return art === 'fast' ? satsOere : Math.round(satsOere * (timeantal ?? 0));
}

// ---------------------------------------------------------------- lookups

/** GET SATResultatType/lookup: the result types (a fixed list, FASTE_LOOKUPS.satResultatTyper). */
export const SAT_RESULTAT_TYPE_STI = 'SATResultatType/lookup';

// A `kundeId` in a path must be the active customer's (another answers 404).

/** GET SATTilsynsperiode/tilsynsperiodelookup/{kundeId}: the periods as lookup items, newest first. */
export const hentTilsynsperiodeLookup = endpoint({
  method: 'GET',
  path: '/SATTilsynsperiode/tilsynsperiodelookup/:kundeId',
  params: kundeIdParamsSchema,
  answer: lookupListeSchema,
  access: SAT_RET,
});

/** A period with its board: how many of its companies reached each step. */
export const satTilsynsperiodeSchema = z.object({
  id: z.number(),
  navn: z.string(),
  aar: z.number(),
  startdato: z.string(),
  slutdato: z.string(),
  antalUdvalgt: z.number(),
  antalUdfoert: z.number(),
  antalOverfoert: z.number(),
  antalFaktureret: z.number(),
  /** Companies whose deadline has passed without a performed result. */
  antalOverskredet: z.number(),
});
export type SatTilsynsperiode = z.infer<typeof satTilsynsperiodeSchema>;

/** GET SATTilsynsperiode/tilsynsperioder/{kundeId}: the periods with their boards, newest first. */
export const hentTilsynsperioder = endpoint({
  method: 'GET',
  path: '/SATTilsynsperiode/tilsynsperioder/:kundeId',
  params: kundeIdParamsSchema,
  answer: z.array(satTilsynsperiodeSchema),
  access: SAT_RET,
});

/** GET satgebyrtype/lookup/{kundeId}?date: the fee types valid on the date (YYYY-MM-DD). */
export const gebyrTypeSchema = z.object({
  id: z.number(),
  navn: z.string(),
  art: z.enum(GEBYR_ARTER),
  satsOere: z.number(),
  gyldigFra: z.string(),
  gyldigTil: z.string().nullable(),
});
export type GebyrType = z.infer<typeof gebyrTypeSchema>;
export const hentGebyrTypeLookup = endpoint({
  method: 'GET',
  path: '/satgebyrtype/lookup/:kundeId',
  params: kundeIdParamsSchema,
  query: z.object({
    date: z
      .string({ error: 'Vælg en dato' })
      .regex(/^\d{4}-\d{2}-\d{2}/, 'Ugyldig dato (ÅÅÅÅ-MM-DD)')
      .transform((s) => s.slice(0, 10)),
  }),
  // Lookup items (navn carries the rate) with the type's own fields beside them.
  answer: z.array(
    lookupListeSchema.element.extend(gebyrTypeSchema.pick({ art: true, satsOere: true }).shape),
  ),
  access: SAT_RET,
});

// ---------------------------------------------------------------- the SAT company

/**
 * The SAT company's editable fields in the field language (the form and the server's checks).
 * `satTilsynsperiodeId` takes the customer's periods (special lookup 'satTilsynsperiode').
 */
export const SAT_VIRKSOMHED_FELTER: readonly FeltDef[] = [
  {
    navn: 'virksomhedsnavn',
    label: 'Virksomhedsnavn',
    type: { kind: 'tekst', max: 200, paakraevet: true },
    maerker: ['S'],
  },
  { navn: 'cvrNr', label: 'CVR-nr.', type: { kind: 'tekst', max: 8, format: 'cvr' }, maerker: ['S'] },
  {
    navn: 'pNr',
    label: 'P-nr.',
    type: { kind: 'tekst', max: 10, format: 'pnr', paakraevet: true },
    maerker: ['S'],
  },
  {
    navn: 'satTilsynsperiodeId',
    label: 'Tilsynsperiode',
    type: { kind: 'lookup', kilde: { special: 'satTilsynsperiode' }, paakraevet: true },
  },
  { navn: 'udvalgtDato', label: 'Udvalgt dato', type: { kind: 'dato' } },
  { navn: 'deadlineDato', label: 'Deadline', type: { kind: 'dato' } },
  { navn: 'risikoscore', label: 'Risikoscore', type: { kind: 'tal', min: 0, max: 100 } },
  {
    navn: 'udvaelgelsesmetode',
    label: 'Udvælgelsesmetode',
    type: { kind: 'valg', valg: UDVAELGELSESMETODER },
  },
  { navn: 'erLandbrug', label: 'Landbrug', type: { kind: 'jaNej' } },
];

/** The deadline may not lie before the selection date. */
export const satVirksomhedTjek: Tjek = (v) =>
  typeof v.udvalgtDato === 'string' && typeof v.deadlineDato === 'string' && v.deadlineDato < v.udvalgtDato
    ? [['deadlineDato', 'Deadline må ikke ligge før udvalgt dato']]
    : [];

/** One call to the national SAT system, as the company's transfer history shows it. */
export const satOverfoerselSchema = z.object({
  tidspunkt: z.string(),
  handling: z.enum(['overfoer', 'slet']),
  status: z.enum(['OK', 'Fejl', 'Timeout']),
  besked: z.string().nullable(),
  bruger: z.string().nullable(),
});

/** GET satvirksomhed/{id} (spec 001 §3 'SAT company'). */
export const satVirksomhedSchema = z.object({
  id: z.number(),
  ...outputShape(SAT_VIRKSOMHED_FELTER),
  satTilsynsperiode: z.string(),
  fraSatListe: z.boolean(),
  /** False for a company from Miljøstyrelsen's list: its master data are the ministry's. */
  satVirksomhedKanAendres: z.boolean(),
  satStatus: z.enum(SAT_STATUSSER),
  adresse: z.string().nullable(),
  /** The result (a `satresultat` record) or null. */
  satResult: anyRecordSchema.nullable(),
  /** The fees (`satgebyr` records), newest first. */
  gebyrer: z.array(anyRecordSchema),
  /** The calls to the SAT system about the result, newest first. */
  overfoersler: z.array(satOverfoerselSchema),
  version: z.number(),
});
export type SatVirksomhed = z.infer<typeof satVirksomhedSchema>;

export const hentSatVirksomhed = endpoint({
  method: 'GET',
  path: '/satvirksomhed/:id',
  params: idParamsSchema,
  answer: satVirksomhedSchema,
  access: SAT_RET,
});

/** PUT satvirksomhed/{id}: the fields with the version edited (stale → 409; not changeable → 400). */
export const satVirksomhedInputSchema = inputSchema(SAT_VIRKSOMHED_FELTER, satVirksomhedTjek, {
  version: versionSchema,
});
export const gemSatVirksomhed = endpoint({
  method: 'PUT',
  path: '/satvirksomhed/:id',
  params: idParamsSchema,
  body: satVirksomhedInputSchema,
  answer: satVirksomhedSchema,
  access: SAT_RET,
});
export const SAT_KAN_IKKE_AENDRES =
  'SAT-virksomheden kommer fra Miljøstyrelsens liste og kan ikke ændres her';

// ---------------------------------------------------------------- creating SAT companies

/** The fields of a manual creation (the same as an edit, without a version). */
export const opretSatVirksomhedSchema = inputSchema(SAT_VIRKSOMHED_FELTER, satVirksomhedTjek, {
  adresse: z.string().trim().max(300, 'Må højst være 300 tegn').nullable().optional(),
});

/**
 * POST SATVirksomhed/ValidateOpretSATVirksomhed: the checks of a manual creation without creating
 * anything. Errors answer 400 (problem details, a Danish message per field); warnings do not stop a
 * creation (the P-number is already a SAT company in another period).
 */
export const validerOpretSatVirksomhed = endpoint({
  method: 'POST',
  path: '/SATVirksomhed/ValidateOpretSATVirksomhed',
  body: opretSatVirksomhedSchema,
  answer: z.object({ gyldig: z.literal(true), advarsler: z.array(z.string()) }),
  access: SAT_RET,
});

/** POST SATVirksomhed/OpretSATVirksomhedManuelt: the same checks, then the company (201). */
export const opretSatVirksomhedManuelt = endpoint({
  method: 'POST',
  path: '/SATVirksomhed/OpretSATVirksomhedManuelt',
  body: opretSatVirksomhedSchema,
  answer: satVirksomhedSchema,
  status: 201,
  access: SAT_RET,
});

/** One line of Miljøstyrelsen's list of selected companies (fraSatListe). */
export const satListeLinjeSchema = z.object({
  pNr: z
    .string()
    .trim()
    .regex(/^1\d{9}$/, 'P-nummeret skal være 10 cifre og begynde med 1'),
  risikoscore: z.number().min(0).max(100).nullable().optional(),
  udvaelgelsesmetode: z.enum(UDVAELGELSESMETODER).nullable().optional(),
  deadlineDato: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ugyldig dato (ÅÅÅÅ-MM-DD)')
    .nullable()
    .optional(),
});
export type SatListeLinje = z.infer<typeof satListeLinjeSchema>;

/**
 * POST SATVirksomhed/OpretSATVirksomhederFraCVR?KundeId&satTilsynsperiodeId: SAT companies of a
 * period from P-numbers looked up in the company register. With `proevekoersel` nothing is created:
 * the answer sorts every P-number into new, already a SAT company of the period, outside the
 * municipality, or unknown to the register. `fraSatListe`: the lines came from Miljøstyrelsen's list
 * (risk score, method and deadline are the list's, and the companies cannot be edited).
 */
export const opretFraCvrQuerySchema = z.preprocess(
  (q) =>
    q && typeof q === 'object'
      ? Object.fromEntries(Object.entries(q).map(([k, v]) => [k.toLowerCase(), v]))
      : q,
  z.object({ kundeid: idSchema, sattilsynsperiodeid: idSchema }),
);
export const opretFraCvrBodySchema = z.object({
  linjer: z
    .array(satListeLinjeSchema, { error: 'Angiv mindst ét P-nummer' })
    .min(1, 'Angiv mindst ét P-nummer')
    .max(2000, 'Højst 2000 P-numre ad gangen'),
  proevekoersel: z.boolean().default(false),
  fraSatListe: z.boolean().default(false),
  udvalgtDato: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ugyldig dato (ÅÅÅÅ-MM-DD)')
    .nullable()
    .optional(),
});
export const fraCvrEnhedSchema = z.object({
  pNr: z.string(),
  cvrNr: z.string().nullable(),
  navn: z.string().nullable(),
  adresse: z.string().nullable(),
  kommune: z.string().nullable(),
  /** The SAT company (new ones only when created; existing ones always). */
  satVirksomhedId: z.number().nullable(),
});
export const opretFraCvrSvarSchema = z.object({
  proevekoersel: z.boolean(),
  nye: z.array(fraCvrEnhedSchema),
  findes: z.array(fraCvrEnhedSchema),
  udenforKommune: z.array(fraCvrEnhedSchema),
  ukendte: z.array(fraCvrEnhedSchema),
});
export type OpretFraCvrSvar = z.infer<typeof opretFraCvrSvarSchema>;
export const opretSatVirksomhederFraCvr = endpoint({
  method: 'POST',
  path: '/SATVirksomhed/OpretSATVirksomhederFraCVR',
  query: opretFraCvrQuerySchema,
  body: opretFraCvrBodySchema,
  answer: opretFraCvrSvarSchema,
  access: SAT_RET,
});

// ---------------------------------------------------------------- the list

export const satListeRaekkeSchema = z.object({
  id: z.number(),
  virksomhedsnavn: z.string(),
  cvrNr: z.string().nullable(),
  pNr: z.string().nullable(),
  udvalgtDato: z.string().nullable(),
  deadlineDato: z.string().nullable(),
  risikoscore: z.number().nullable(),
  udvaelgelsesmetode: z.string().nullable(),
  satStatus: z.enum(SAT_STATUSSER),
  /** The result's category, null without a result. */
  kategori: z.enum(SAT_RESULTAT_KATEGORIER).nullable(),
  /** When the result was transferred to the SAT system, null when not. */
  overfoertDato: z.string().nullable(),
  satTilsynsperiodeId: z.number(),
});
export type SatListeRaekke = z.infer<typeof satListeRaekkeSchema>;

export const SAT_SORT_KOLONNER = [
  'virksomhedsnavn',
  'cvrNr',
  'pNr',
  'udvalgtDato',
  'deadlineDato',
  'risikoscore',
  'udvaelgelsesmetode',
  'satStatus',
  'kategori',
  'overfoertDato',
] as const;
export type SatSortKolonne = (typeof SAT_SORT_KOLONNER)[number];

/**
 * Column filters (filteredColumns `kolonne:værdi|værdi`):
 *   periode:<id>   satStatus:Udvalgt|Udført|Overført|Faktureret
 *   deadline:overskredet|30dage|ingen (passed without a performed result / within 30 days / none set)
 *   overfoert:true|false   kategori:<category>|ingen
 */
export const SAT_FILTER_KOLONNER = ['periode', 'satStatus', 'deadline', 'overfoert', 'kategori'] as const;
export type SatFilterKolonne = (typeof SAT_FILTER_KOLONNER)[number];

export const satListeDef: ListeDef<SatSortKolonne, SatFilterKolonne> = {
  sortKolonner: SAT_SORT_KOLONNER,
  standardSort: 'deadlineDato',
  filterRegler: {
    periode: (v) => /^[1-9]\d{0,9}$/.test(v),
    satStatus: (v) => (SAT_STATUSSER as readonly string[]).includes(v),
    deadline: (v) => v === 'overskredet' || v === '30dage' || v === 'ingen',
    overfoert: (v) => v === 'true' || v === 'false',
    kategori: (v) => v === 'ingen' || (SAT_RESULTAT_KATEGORIER as readonly string[]).includes(v),
  },
  standardTake: 50,
  maxTake: 500,
  filterMaks: 100,
};

/** GET satvirksomhed/liste?kundeid: the SAT companies (not a call of the spec, whose list path is not shown). */
export const satListeQuerySchema = listeQuerySchema(satListeDef).extend({ kundeid: idSchema });
export type SatListeQuery = z.input<typeof satListeQuerySchema>;
export const hentSatListe = endpoint({
  method: 'GET',
  path: '/satvirksomhed/liste',
  query: satListeQuerySchema,
  answer: sideSchema(satListeRaekkeSchema),
  access: SAT_RET,
});

// ---------------------------------------------------------------- the national SAT system

/**
 * POST satresultat/OpretOpdaterSATResultatISAT/{id}: sends the result to the SAT system (create or
 * update there; the system keys it by our result id, so a retry after a timeout transfers it once)
 * and records `overfoertTilMiljoestyrelsenDato` (and `oprettetMiljoestyrelsenDato` the first time).
 * A failure or timeout answers 502/504 with a Danish message and leaves the result as it was.
 * POST satresultat/SletSATResultatISAT/{id}: removes it there and clears both dates.
 * Both carry the result's version (stale → 409).
 */
export const satOverfoerBodySchema = z.object({
  version: versionSchema,
});
export const overfoerSatResultat = endpoint({
  method: 'POST',
  path: '/satresultat/OpretOpdaterSATResultatISAT/:id',
  params: idParamsSchema,
  body: satOverfoerBodySchema,
  answer: anyRecordSchema,
  access: SAT_RET,
});
export const sletSatResultatISat = endpoint({
  method: 'POST',
  path: '/satresultat/SletSATResultatISAT/:id',
  params: idParamsSchema,
  body: satOverfoerBodySchema,
  answer: anyRecordSchema,
  access: SAT_RET,
});
