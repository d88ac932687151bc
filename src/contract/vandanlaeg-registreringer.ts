import { z } from 'zod';
import { idParamsSchema } from './common';
import { endpoint } from './endpoint';
import { type FeltDef, foer } from './felter';
import { dagenFoer } from './format';
import {
  alleTjek,
  gyldigTilTjek,
  HAANDHAEVELSE_NAVNE,
  HAANDHAEVELSE_STATUS,
  ikkeFoer,
  lookupFelt,
  meddeltTjek,
} from './kind-dele';
import { lookupListeSchema } from './lookups';
import {
  type AnyRecordKind,
  bemaerkningFelt as bemaerkning,
  defineRecordKind,
  recordSchema,
  sagsbehandlerFelt as sagsbehandler,
  titelFelt as titel,
  VANDANLAEG_EJER,
} from './record-kind';
import { VAND_LAES } from './roles';
import { iDanmarkBoks, UDEN_FOR_DANMARK, vandFelt, vandLookupKilde as vl } from './vandanlaeg';

/**
 * A water plant's record kinds (spec 001 §3, §7 'Water plants'), declared on the shared record kind
 * (./record-kind) with the plant as owner: permits, inspections, enforcement, the Diadem orders and
 * frequencies with their dispensations, imported and exported quantities and fixed sampling sites.
 * Their endpoints are the specification's (`GET {art}/list/{id}`, `POST {art}`, `PUT|DELETE {art}/{id}`);
 * the few calls beside them (a borehole's permits, the permit of a year, the dispensations of an
 * order, the Diadem substances) are declared at the end.
 */

// ---------------------------------------------------------------- Diadem substances

/**
 * The substances (parameters) Diadem orders, frequencies and dispensations name: the drinking-water
 * parameters of the control programme most often ordered or dispensed from. Stored by name (the
 * field's value); `GET DiademStof/list/{id}` answers them as lookup items.
 */
export const DIADEM_STOFFER = [
  'Coliforme bakterier',
  'E. coli',
  'Kimtal ved 22 °C',
  'Enterokokker',
  'Nitrat',
  'Nitrit',
  'Ammonium',
  'Arsen',
  'Nikkel',
  'Fluorid',
  'Bor',
  'Jern',
  'Mangan',
  'Sulfat',
  'Chlorid',
  'Pesticider og nedbrydningsprodukter',
  'Desphenyl-chloridazon',
  'DMS (N,N-dimethylsulfamid)',
  'PFAS (sum af 22)',
  'Chlorerede opløsningsmidler',
  'Vinylchlorid',
  'Total organisk kulstof (NVOC)',
] as const;

const stof = (label = 'Stof / parameter', paakraevet = false): FeltDef => ({
  navn: 'stof',
  label,
  type: { kind: 'valg', valg: DIADEM_STOFFER, paakraevet },
  maerker: ['J'],
});

// ---------------------------------------------------------------- permits

/**
 * The permit purpose every permit save carries (spec 001 §5: a fixed id, not shown): 1, abstraction
 * ('Indvinding' — a water plant's permits are abstraction permits under the water supply act § 20).
 */
export const TILLADELSESFORMAAL_INDVINDING = 1;

export const TILLADELSE_STATUS = ['Gældende', 'Udløbet'] as const;
export type TilladelseStatus = (typeof TILLADELSE_STATUS)[number];

/** The last day a permit is in force: its end date, or the revocation date when that comes first. */
export function tilladelseSlut(v: Readonly<Record<string, unknown>>): string | null {
  const slut = typeof v.slutdato === 'string' && v.slutdato ? v.slutdato.slice(0, 10) : null;
  if (v.tilbagekaldt !== true) return slut;
  const tilbage = typeof v.tilbagekaldtDato === 'string' && v.tilbagekaldtDato ? v.tilbagekaldtDato : null;
  // Revoked without a date: not in force at all (the day before it started).
  if (!tilbage) return '0001-01-01';
  // In force until the day before the revocation.
  const d = dagenFoer(tilbage);
  return slut && slut < d ? slut : d;
}

/** tilladelseIKraft: has the permit started on or before `iDag` and not ended, or been revoked, before it? */
export function tilladelseIKraft(v: Readonly<Record<string, unknown>>, iDag: string): boolean {
  const start = typeof v.dato === 'string' && v.dato ? v.dato.slice(0, 10) : null;
  const slut = tilladelseSlut(v);
  return start !== null && start <= iDag && (slut === null || slut >= iDag);
}

/**
 * Gældende while the permit is not revoked (or revoked from a later date) and its end date has not
 * passed (a permit that starts later is Gældende too); Udløbet otherwise.
 */
export function tilladelseStatus(v: Readonly<Record<string, unknown>>, iDag: string): TilladelseStatus {
  const slut = tilladelseSlut(v);
  return slut === null || slut >= iDag ? 'Gældende' : 'Udløbet';
}

/** Do two periods (start, last day or null for open) share a day? */
export function perioderOverlapper(
  a: { start: string; slut: string | null },
  b: { start: string; slut: string | null },
): boolean {
  return (a.slut === null || b.start <= a.slut) && (b.slut === null || a.start <= b.slut);
}

export const VANDANLAEG_TILLADELSE = defineRecordKind({
  owner: VANDANLAEG_EJER,
  art: 'VandanlaegTilladelse',
  fane: { segment: 'tilladelser', param: 'tilladelseid' },
  navn: 'Tilladelse',
  flertal: 'Tilladelser',
  nyLabel: 'Ny tilladelse',
  felter: [
    titel('Betegnelse'),
    vandFelt('tilladelsestypeId', 'Tilladelsestype', 'jupitertilladelsetype', { paakraevet: true }),
    { navn: 'dato', label: 'Startdato', type: { kind: 'dato', paakraevet: true }, maerker: ['J'] },
    { navn: 'slutdato', label: 'Slutdato', type: { kind: 'dato' }, maerker: ['J'] },
    {
      navn: 'vandmaengdeM3Aar',
      label: 'Tilladt mængde',
      type: { kind: 'tal', paakraevet: true, min: 0, max: 1_000_000_000, enhed: 'm³/år' },
      maerker: ['J'],
    },
    {
      navn: 'vandmaengdeM3Time',
      label: 'Tilladt mængde pr. time',
      type: { kind: 'tal', min: 0, max: 1_000_000, enhed: 'm³/time' },
      maerker: ['J'],
    },
    {
      navn: 'boringIds',
      label: 'Boringer',
      type: { kind: 'lookup', kilde: { special: 'boring' }, flere: true },
      maerker: ['J'],
    },
    { navn: 'tilbagekaldt', label: 'Tilbagekaldt', type: { kind: 'jaNej' }, maerker: ['J'] },
    { navn: 'tilbagekaldtDato', label: 'Tilbagekaldt dato', type: { kind: 'dato' }, maerker: ['J'] },
    { navn: 'journalNr', label: 'Journalnr.', type: { kind: 'tekst', max: 60 } },
    sagsbehandler,
    bemaerkning,
    {
      navn: 'tilladelsesformaalId',
      label: 'Tilladelsesformål',
      type: { kind: 'tal', paakraevet: true, heltal: true },
    },
    {
      navn: 'status',
      label: 'Status',
      type: { kind: 'valg', valg: TILLADELSE_STATUS },
      skrivebeskyttet: true,
    },
  ],
  tjek: (v) => {
    const fejl: [string, string][] = [];
    if (foer(v, 'dato', 'slutdato')) fejl.push(['slutdato', 'Slutdatoen må ikke ligge før startdatoen']);
    if (v.tilbagekaldt === true && !v.tilbagekaldtDato)
      fejl.push(['tilbagekaldtDato', 'Angiv datoen tilladelsen blev tilbagekaldt']);
    if (v.tilbagekaldt !== true && v.tilbagekaldtDato)
      fejl.push(['tilbagekaldtDato', 'Kun en tilbagekaldt tilladelse har en tilbagekaldt dato']);
    if (foer(v, 'dato', 'tilbagekaldtDato')) fejl.push(['tilbagekaldtDato', 'Må ikke ligge før startdatoen']);
    if (v.tilladelsesformaalId !== TILLADELSESFORMAAL_INDVINDING)
      fejl.push(['tilladelsesformaalId', 'En tilladelse på et vandanlæg er altid en indvindingstilladelse']);
    return fejl;
  },
  nyeStandard: { tilladelsesformaalId: TILLADELSESFORMAAL_INDVINDING },
  afled: (v, iDag) => ({ status: tilladelseStatus(v, iDag) }),
  listeFelter: ['titel', 'tilladelsestypeId', 'dato', 'slutdato', 'vandmaengdeM3Aar', 'status'],
});

// ---------------------------------------------------------------- inspections and enforcement

export const VANDANLAEG_TILSYN = defineRecordKind({
  owner: VANDANLAEG_EJER,
  art: 'VandanlaegTilsyn',
  fane: { segment: 'tilsyn', param: 'tilsynid' },
  navn: 'Tilsyn',
  flertal: 'Tilsyn / opfølgning',
  nyLabel: 'Nyt tilsyn',
  felter: [
    titel(),
    lookupFelt('tilsynstypeId', 'Tilsynstype', vl('vandanlaegtilsynstype'), { paakraevet: true }),
    { navn: 'planlagtDato', label: 'Planlagt dato', type: { kind: 'dato' } },
    { navn: 'dato', label: 'Udført dato', type: { kind: 'dato' } },
    { navn: 'udfoertAf', label: 'Udført af', type: { kind: 'tekst', max: 200 } },
    sagsbehandler,
    { navn: 'opfoelgning', label: 'Opfølgning', type: { kind: 'tekst', max: 4000, flerlinjet: true } },
    { navn: 'frist', label: 'Frist for opfølgning', type: { kind: 'dato' } },
    bemaerkning,
  ],
  tjek: ikkeFoer('dato', 'frist', 'Fristen må ikke ligge før tilsynsdatoen'),
  listeFelter: ['dato', 'titel', 'tilsynstypeId', 'udfoertAf', 'frist', 'sagsbehandlerId'],
});

export { HAANDHAEVELSE_STATUS };

export const VANDANLAEG_HAANDHAEVELSE = defineRecordKind({
  owner: VANDANLAEG_EJER,
  art: 'VandanlaegHaandhaevelse',
  fane: { segment: 'haandhaevelser', param: 'haandhaevelseid' },
  ...HAANDHAEVELSE_NAVNE,
  felter: [
    titel(),
    lookupFelt('haandhaevelsestypeId', 'Håndhævelsestype', vl('vandanlaegHaandhaevelseType'), {
      paakraevet: true,
    }),
    { navn: 'dato', label: 'Startdato', type: { kind: 'dato', paakraevet: true } },
    { navn: 'frist', label: 'Frist (deadline)', type: { kind: 'dato' } },
    { navn: 'status', label: 'Status', type: { kind: 'valg', valg: HAANDHAEVELSE_STATUS, paakraevet: true } },
    { navn: 'efterkommetDato', label: 'Efterkommet dato', type: { kind: 'dato' } },
    sagsbehandler,
    bemaerkning,
  ],
  tjek: alleTjek(
    ikkeFoer('dato', 'frist', 'Fristen må ikke ligge før startdatoen'),
    ikkeFoer('dato', 'efterkommetDato', 'Må ikke ligge før startdatoen'),
    (v) =>
      v.status === 'Efterkommet' && !v.efterkommetDato
        ? [['efterkommetDato', 'Angiv hvornår håndhævelsen blev efterkommet']]
        : [],
  ),
  nyeStandard: { status: 'Åben' },
  listeFelter: ['dato', 'titel', 'haandhaevelsestypeId', 'frist', 'status', 'sagsbehandlerId'],
});

// ---------------------------------------------------------------- Diadem

export const DIADEM_ANALYSEFREKVENS = defineRecordKind({
  owner: VANDANLAEG_EJER,
  art: 'DiademAnalysefrekvens',
  fane: { segment: 'diadem' },
  navn: 'Analysefrekvens',
  flertal: 'Analysefrekvenser',
  nyLabel: 'Ny analysefrekvens',
  felter: [
    titel('Analyseprogram'),
    stof(),
    {
      navn: 'antalPrAar',
      label: 'Prøver pr. år',
      type: { kind: 'tal', paakraevet: true, min: 0, max: 365 },
      maerker: ['J'],
    },
    { navn: 'dato', label: 'Gældende fra', type: { kind: 'dato', paakraevet: true }, maerker: ['J'] },
    { navn: 'gyldigTil', label: 'Gældende til', type: { kind: 'dato' }, maerker: ['J'] },
    bemaerkning,
  ],
  tjek: gyldigTilTjek,
  listeFelter: ['titel', 'stof', 'antalPrAar', 'dato', 'gyldigTil'],
});

const paabudFelter = (boring: boolean): FeltDef[] => [
  titel('Påbud'),
  ...(boring
    ? [
        {
          navn: 'boringId',
          label: 'Boring',
          type: { kind: 'lookup', kilde: { special: 'boring' }, paakraevet: true },
          maerker: ['J'],
        } satisfies FeltDef,
      ]
    : []),
  stof(),
  { navn: 'dato', label: 'Meddelt dato', type: { kind: 'dato', paakraevet: true }, maerker: ['J'] },
  { navn: 'frist', label: 'Frist', type: { kind: 'dato' }, maerker: ['J'] },
  { navn: 'efterkommetDato', label: 'Efterkommet dato', type: { kind: 'dato' } },
  sagsbehandler,
  bemaerkning,
];

/** A Diadem order of the plant or of one of its boreholes (`boringId` names it). */
const paabud = <A extends string>(art: A, navn: string, nyLabel: string, boring: boolean) =>
  defineRecordKind({
    owner: VANDANLAEG_EJER,
    art,
    fane: { segment: 'diadem' },
    navn,
    flertal: navn,
    nyLabel,
    felter: paabudFelter(boring),
    tjek: meddeltTjek,
    listeFelter: ['dato', 'titel', ...(boring ? ['boringId'] : []), 'stof', 'frist', 'efterkommetDato'],
  });

export const DIADEM_ANLAEGSPAABUD = paabud('DiademAnlaegspaabud', 'Anlægspåbud', 'Nyt anlægspåbud', false);
export const DIADEM_BORINGSPAABUD = paabud('DiademBoringspaabud', 'Boringspåbud', 'Nyt boringspåbud', true);

const dispensationFelter: FeltDef[] = [
  titel('Dispensation'),
  {
    navn: 'paabudId',
    label: 'Påbud',
    type: { kind: 'tal', paakraevet: true, heltal: true, min: 1, max: 2_147_483_647 },
  },
  stof(),
  { navn: 'dato', label: 'Gældende fra', type: { kind: 'dato', paakraevet: true }, maerker: ['J'] },
  { navn: 'gyldigTil', label: 'Gældende til', type: { kind: 'dato' }, maerker: ['J'] },
  {
    navn: 'tilladtVaerdi',
    label: 'Tilladt værdi',
    type: { kind: 'tal', min: 0, max: 1_000_000 },
    maerker: ['J'],
  },
  { navn: 'enhed', label: 'Enhed', type: { kind: 'tekst', max: 30 } },
  bemaerkning,
];

/** Dispensations of an order; `paabudId` names the order (listed per order, not per plant). */
const dispensation = <A extends string>(art: A, logEmne: string) =>
  defineRecordKind({
    owner: VANDANLAEG_EJER,
    art,
    fane: { segment: 'diadem' },
    navn: 'Dispensation',
    flertal: 'Dispensationer',
    nyLabel: 'Ny dispensation',
    felter: dispensationFelter,
    tjek: gyldigTilTjek,
    egenListe: true,
    logEmne,
    listeFelter: ['dato', 'titel', 'stof', 'tilladtVaerdi', 'gyldigTil'],
  });

/** Dispensations of a plant order. */
export const DIADEM_ANLAEGSPAABUD_DISPENSATION = dispensation(
  'DiademAnlaegspaabudDispensation',
  'Dispensation (anlægspåbud)',
);
/** Dispensations of a borehole order. */
export const DIADEM_BORINGSPAABUD_DISPENSATION = dispensation(
  'DiademBoringspaabudDispensation',
  'Dispensation (boringspåbud)',
);

/** The order kind a dispensation kind belongs to. */
export const DISPENSATION_PAABUD: Readonly<Record<string, AnyRecordKind>> = {
  [DIADEM_ANLAEGSPAABUD_DISPENSATION.art]: DIADEM_ANLAEGSPAABUD,
  [DIADEM_BORINGSPAABUD_DISPENSATION.art]: DIADEM_BORINGSPAABUD,
};

// ---------------------------------------------------------------- quantities and sampling sites

export const IMPORT_EKSPORT_RETNING = ['Importeret fra', 'Eksporteret til'] as const;

export const IMPORT_EKSPORT_VANDMAENGDER = defineRecordKind({
  owner: VANDANLAEG_EJER,
  art: 'ImportEksportVandmaengder',
  fane: { segment: 'maengder' },
  navn: 'Import/eksport',
  flertal: 'Importeret og eksporteret vand',
  nyLabel: 'Ny import/eksport',
  felter: [
    {
      navn: 'retning',
      label: 'Retning',
      type: { kind: 'valg', valg: IMPORT_EKSPORT_RETNING, paakraevet: true },
      maerker: ['J'],
    },
    titel('Andet anlæg (navn)'),
    { navn: 'andetAnlaegJupiterId', label: 'Andet anlægs Jupiter-id', type: { kind: 'tekst', max: 30 } },
    { navn: 'dato', label: 'Periode fra', type: { kind: 'dato', paakraevet: true }, maerker: ['J'] },
    { navn: 'periodeTil', label: 'Periode til', type: { kind: 'dato', paakraevet: true }, maerker: ['J'] },
    {
      navn: 'maengde',
      label: 'Mængde',
      type: { kind: 'tal', paakraevet: true, min: 0, max: 1_000_000_000, enhed: 'm³' },
      maerker: ['J'],
    },
    bemaerkning,
  ],
  tjek: ikkeFoer('dato', 'periodeTil', 'Må ikke ligge før periodens start'),
  listeFelter: ['dato', 'periodeTil', 'retning', 'titel', 'maengde'],
});

export const STEDTYPER = [
  'Boring / indtag',
  'Tappested',
  'Afgang fra vandværk',
  'Ledningsnet',
  'Andet',
] as const;

export const FASTMAALESTATION = defineRecordKind({
  owner: VANDANLAEG_EJER,
  art: 'Fastmaalestation',
  fane: { segment: 'fasteproevetagningssteder' },
  navn: 'Fast prøvetagningssted',
  flertal: 'Faste prøvetagningssteder',
  nyLabel: 'Nyt prøvetagningssted',
  felter: [
    titel('Navn'),
    {
      navn: 'stedtype',
      label: 'Stedtype',
      type: { kind: 'valg', valg: STEDTYPER, paakraevet: true },
      maerker: ['J'],
    },
    {
      navn: 'boringId',
      label: 'Boring / indtag',
      type: { kind: 'lookup', kilde: { special: 'boring' } },
      maerker: ['J'],
    },
    { navn: 'tappested', label: 'Tappested', type: { kind: 'tekst', max: 200 } },
    {
      navn: 'x',
      label: 'Koordinat x (EPSG:25832)',
      type: { kind: 'tal', min: 0, max: 10_000_000, enhed: 'm' },
    },
    {
      navn: 'y',
      label: 'Koordinat y (EPSG:25832)',
      type: { kind: 'tal', min: 0, max: 10_000_000, enhed: 'm' },
    },
    { navn: 'aktiv', label: 'Aktiv', type: { kind: 'jaNej' } },
    { navn: 'dato', label: 'Oprettet dato', type: { kind: 'dato' } },
    bemaerkning,
  ],
  tjek: (v) => {
    const fejl: [string, string][] = [];
    if (v.stedtype === 'Boring / indtag' && !v.boringId)
      fejl.push(['boringId', 'Vælg boringen prøverne tages fra']);
    if (v.stedtype === 'Tappested' && !v.tappested) fejl.push(['tappested', 'Angiv tappestedet']);
    const harX = typeof v.x === 'number';
    const harY = typeof v.y === 'number';
    if (harX !== harY) fejl.push([harX ? 'y' : 'x', 'Angiv både x og y, eller ingen af dem']);
    if (harX && harY) {
      const x = v.x as number;
      const y = v.y as number;
      // The box here (the form); the server checks the shape of Denmark on save.
      if (!iDanmarkBoks(x, y)) fejl.push(['x', UDEN_FOR_DANMARK]);
    }
    return fejl;
  },
  nyeStandard: { aktiv: true },
  listeFelter: ['titel', 'stedtype', 'boringId', 'tappested', 'aktiv'],
});

/** Every record kind of a water plant, in the order their tabs show them. */
export const VANDANLAEG_ARTER = [
  VANDANLAEG_TILLADELSE,
  VANDANLAEG_TILSYN,
  VANDANLAEG_HAANDHAEVELSE,
  DIADEM_ANALYSEFREKVENS,
  DIADEM_ANLAEGSPAABUD,
  DIADEM_BORINGSPAABUD,
  DIADEM_ANLAEGSPAABUD_DISPENSATION,
  DIADEM_BORINGSPAABUD_DISPENSATION,
  IMPORT_EKSPORT_VANDMAENGDER,
  FASTMAALESTATION,
] as const;

// ---------------------------------------------------------------- the calls beside the kinds

const tilladelseSchema = recordSchema(VANDANLAEG_TILLADELSE);

/** GET VandanlaegTilladelse/boringstilladelser/{id}: the live permits that cover borehole {id}. */
export const hentBoringstilladelser = endpoint({
  method: 'GET',
  path: '/VandanlaegTilladelse/boringstilladelser/:id',
  params: idParamsSchema,
  answer: z.array(tilladelseSchema),
  access: VAND_LAES,
});

const isoDag = z
  .string({ error: 'Skal være en dato (ÅÅÅÅ-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Skal være en dato (ÅÅÅÅ-MM-DD)')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Ugyldig dato');

export const periodeQuerySchema = z
  .object({ start: isoDag, slut: isoDag })
  .refine((q) => q.start <= q.slut, { path: ['slut'], message: 'Slut må ikke ligge før start' });

/**
 * GET VandanlaegTilladelse/LatestVandanlaegtilladelseByYear/{id}?start&slut: of plant {id}'s live
 * permits in force some day of [start, slut], the one that started last; null when none.
 */
export const hentTilladelseForPeriode = endpoint({
  method: 'GET',
  path: '/VandanlaegTilladelse/LatestVandanlaegtilladelseByYear/:id',
  params: idParamsSchema,
  query: periodeQuerySchema,
  answer: tilladelseSchema.nullable(),
  access: VAND_LAES,
});

/** GET {art}/list/{id}: the dispensations of order {id}. */
const dispensationListe = (kind: AnyRecordKind) =>
  endpoint({
    method: 'GET',
    path: `/${kind.art}/list/:id`,
    params: idParamsSchema,
    answer: z.array(recordSchema(kind)),
    access: VAND_LAES,
  });

/** GET DiademAnlaegspaabudDispensation/list/{id}: the dispensations of plant order {id}. */
export const hentAnlaegspaabudDispensationer = dispensationListe(DIADEM_ANLAEGSPAABUD_DISPENSATION);
/** GET DiademBoringspaabudDispensation/list/{id}: the dispensations of borehole order {id}. */
export const hentBoringspaabudDispensationer = dispensationListe(DIADEM_BORINGSPAABUD_DISPENSATION);

/** The dispensation list of each dispensation kind. */
export const DISPENSATION_LISTER = {
  [DIADEM_ANLAEGSPAABUD_DISPENSATION.art]: hentAnlaegspaabudDispensationer,
  [DIADEM_BORINGSPAABUD_DISPENSATION.art]: hentBoringspaabudDispensationer,
} as const;

/** GET DiademStof/list/{id}: the Diadem substances (the same list for every plant {id}). */
export const hentDiademStoffer = endpoint({
  method: 'GET',
  path: '/DiademStof/list/:id',
  params: idParamsSchema,
  answer: lookupListeSchema,
  access: VAND_LAES,
});

/** The substances as lookup items (id 1.., kode = navn, the value stored on a record). */
export const DIADEM_STOF_LISTE = DIADEM_STOFFER.map((navn, i) => ({
  id: i + 1,
  brugerId: null,
  kode: navn,
  navn,
  beskrivelse: null,
  prioritet: i,
  dmaKode: false,
  aktiv: true,
}));
