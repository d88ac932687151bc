import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './endpoint';
import { BATCH_STATUSSER, FAKTURA_STATUSSER } from './faktura-status';
import { type FeltDef, versionSchema } from './felter';
import { jobSchema } from './jobs';
import { type ListeDef, listeQuerySchema, sideSchema } from './liste';
import { defineRecordKind, type FormFelt, KUNDE_EJER } from './record-kind';
import { GEBYR_ART_TEKST, GEBYR_ARTER } from './sat';

/**
 * Invoicing user payment (issue 13, spec 000 §6 '/fakturering', spec 001 §9): invoice proposals
 * built from the user-payment records of a settlement period (1 November to 1 November), approved
 * into batches, transferred to the economy system, credited or cancelled; failed transfers fixed and
 * retried; fee types and the yearly rates. The spec's calls are `Brugerbetaling/BrugOIR`,
 * `Brugerbetaling/KrediterBatch` and `Brugerbetaling/AnnullerFakturering`; the rest are additions
 * (docs/api.md). Money is integer øre everywhere; hours are counted in half hours.
 */
export const FAKTURERING_RET = 'SAGSBEHANDLER_LANDBRUG||SAGSBEHANDLER_VIRKSOMHED||OKONOMI_ADMIN';
/** Fee types and rates are the economy administrator's. */
export const GEBYRTYPE_RET = 'OKONOMI_ADMIN';

const aarSchema = z.coerce
  .number({ error: 'Afregningsåret skal være et tal' })
  .int({ error: 'Afregningsåret skal være et helt tal' })
  .min(2000, { error: 'Afregningsåret skal ligge mellem 2000 og 2100' })
  .max(2100, { error: 'Afregningsåret skal ligge mellem 2000 og 2100' });

// ---------------------------------------------------------------- the economic flag

/** GET Brugerbetaling/BrugOIR?kundeId (spec): whether the customer transfers to an economy system. */
export const hentBrugOIR = endpoint({
  method: 'GET',
  path: '/Brugerbetaling/BrugOIR',
  query: z.object({ kundeId: idSchema }),
  answer: z.boolean(),
  access: FAKTURERING_RET,
});

// ---------------------------------------------------------------- settlement periods and rates

/**
 * The rates of one calendar year: the ministry's hourly rate for work done in the year (1 January to
 * 1 January, `til` exclusive), and the shares. A settlement year's proposals charge each piece of
 * work at the rate of the year it was done in (`satsAarAf`). Shares are in basis points.
 */
export const afregningsaarSchema = z.object({
  aar: z.number(),
  /** First day the rates apply to (YYYY-MM-DD): 1 January. */
  fra: z.string(),
  /** The day after the last (YYYY-MM-DD), exclusive: 1 January the year after. */
  til: z.string(),
  timesatsOere: z.number(),
  /** Share of outside services (fremmede tjenesteydelser) charged, basis points (5779 = 57,79 %). */
  fremmedAndelBp: z.number(),
  /** Share charged for approvals of livestock farms, basis points (8000 = 80 %). */
  husdyrGodkendelseAndelBp: z.number(),
  /** Where the figures come from (the ministry's publication), or why they are an assumption. */
  kilde: z.string().nullable(),
  version: z.number(),
});
export type Afregningsaar = z.infer<typeof afregningsaarSchema>;

/** GET fakturering/satser (addition): the years with rates, newest first. */
export const hentSatser = endpoint({
  method: 'GET',
  path: '/fakturering/satser',
  answer: z.array(afregningsaarSchema),
  access: FAKTURERING_RET,
});

/** A share in hundredths of a per cent (basis points): 10000 = 100 %, 5779 = 57,79 %. */
const andelBp = (navn: string) =>
  z
    .number({ error: `${navn} skal være et tal` })
    .int({ error: `${navn} skal angives i hundrededele procent` })
    .min(0, { error: `${navn} må ikke være negativ` })
    .max(10000, { error: `${navn} må højst være 100 %` });
const oereSchema = (navn: string, max = 100_000_000) =>
  z
    .number({ error: `${navn} skal være et beløb i øre` })
    .int({ error: `${navn} skal være et helt antal øre` })
    .min(0, { error: `${navn} må ikke være negativ` })
    .max(max, { error: `${navn} er for stor` });

export const satsInputSchema = z.object({
  timesatsOere: oereSchema('Timesatsen', 10_000_000),
  fremmedAndelBp: andelBp('Andelen for fremmede ydelser'),
  husdyrGodkendelseAndelBp: andelBp('Andelen for husdyrgodkendelser'),
  kilde: z
    .string({ error: 'Kilden skal være en tekst' })
    .trim()
    .max(500, { error: 'Kilden må højst være 500 tegn' })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  /** The version edited; omitted when the year has no rates yet. */
  version: versionSchema.optional(),
});
export type SatsInput = z.infer<typeof satsInputSchema>;

/**
 * A year's rates as its form shows them (the body above checks them): money typed as kroner, the
 * shares as per cent. The year is the path's, typed only for a year without rates.
 */
export const SATS_FELTER: readonly FeltDef[] = [
  {
    navn: 'timesatsOere',
    label: 'Timesats (kr. pr. time)',
    type: { kind: 'beloeb', paakraevet: true, max: 10_000_000 },
  },
  {
    navn: 'fremmedAndelBp',
    label: 'Andel for fremmede ydelser (%)',
    type: { kind: 'procent', paakraevet: true },
  },
  {
    navn: 'husdyrGodkendelseAndelBp',
    label: 'Andel for husdyrgodkendelser (%)',
    type: { kind: 'procent', paakraevet: true },
  },
  { navn: 'kilde', label: 'Kilde', type: { kind: 'tekst', max: 500 } },
];
export const SATS_FORM_FELTER: Readonly<Record<string, FormFelt>> = {
  timesatsOere: { visTolkning: true },
  fremmedAndelBp: { hint: 'Den del af regningen ekskl. moms, der opkræves' },
  husdyrGodkendelseAndelBp: { hint: 'Den del af hele beløbet for godkendelse af husdyrbrug, der opkræves' },
  kilde: { hint: 'Hvor taksten er offentliggjort (fx Miljøstyrelsens nyhed), eller at den er en antagelse' },
};

/** The calendar year of a year's rates. */
const satsAarSchema = z.coerce
  .number({ error: 'Året skal være et tal' })
  .int({ error: 'Året skal være et helt tal' })
  .min(2000, { error: 'Året skal ligge mellem 2000 og 2100' })
  .max(2100, { error: 'Året skal ligge mellem 2000 og 2100' });

/** PUT fakturering/satser/{aar} (addition): sets a year's rates (stale version → 409). */
export const gemSatser = endpoint({
  method: 'PUT',
  path: '/fakturering/satser/:aar',
  params: z.object({ aar: satsAarSchema }),
  body: satsInputSchema,
  answer: afregningsaarSchema,
  access: GEBYRTYPE_RET,
});

// ---------------------------------------------------------------- fee types (SAT)

export const gebyrTypeAdminSchema = z.object({
  id: z.number(),
  navn: z.string(),
  art: z.enum(GEBYR_ARTER),
  satsOere: z.number(),
  gyldigFra: z.string(),
  gyldigTil: z.string().nullable(),
  aktiv: z.boolean(),
  /** Fees registered with the type (a used type can be closed, not deleted). */
  antalGebyrer: z.number(),
  version: z.number(),
});
export type GebyrTypeAdmin = z.infer<typeof gebyrTypeAdminSchema>;

const datoFelt = (navn: string) =>
  z
    .string({ error: `${navn} er påkrævet` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${navn} skal være en dato` });

export const gebyrTypeInputSchema = z.object({
  navn: z
    .string({ error: 'Navnet er påkrævet' })
    .trim()
    .min(1, { error: 'Navnet er påkrævet' })
    .max(100, { error: 'Navnet må højst være 100 tegn' }),
  art: z.enum(GEBYR_ARTER, { error: 'Vælg timesats eller fast gebyr' }),
  satsOere: oereSchema('Satsen', 10_000_000),
  gyldigFra: datoFelt('Gyldig fra'),
  gyldigTil: datoFelt('Gyldig til').nullable(),
  aktiv: z.boolean(),
});
export type GebyrTypeInput = z.infer<typeof gebyrTypeInputSchema>;

/** GET fakturering/gebyrtyper (addition): every fee type of the customer, active or not. */
export const hentGebyrTyper = endpoint({
  method: 'GET',
  path: '/fakturering/gebyrtyper',
  answer: z.array(gebyrTypeAdminSchema),
  access: GEBYRTYPE_RET,
});

/** POST fakturering/gebyrtyper (addition). 201. */
export const opretGebyrType = endpoint({
  method: 'POST',
  path: '/fakturering/gebyrtyper',
  body: gebyrTypeInputSchema,
  answer: gebyrTypeAdminSchema,
  status: 201,
  access: GEBYRTYPE_RET,
});

/** PUT fakturering/gebyrtyper/{id} (addition): with the version edited (stale → 409). */
export const gemGebyrType = endpoint({
  method: 'PUT',
  path: '/fakturering/gebyrtyper/:id',
  params: z.object({ id: idSchema }),
  body: gebyrTypeInputSchema.extend({ version: versionSchema }),
  answer: gebyrTypeAdminSchema,
  access: GEBYRTYPE_RET,
});

export const GEBYRTYPE_KONFLIKT = 'Gebyrtypen er ændret af en anden. Genindlæs og prøv igen.';

/**
 * A SAT fee type as a record kind of the customer (owner KUNDE_EJER, table `sat_gebyr_type`, every
 * field its own column, so the SAT fees and the invoice run read the real columns): its endpoints
 * above are the ones served, on the generic path. The rate is money (øre typed as kroner); the fees
 * using a type are counted, never written. Closed (gyldig til, not active), never deleted.
 */
export const GEBYRTYPE = defineRecordKind({
  owner: KUNDE_EJER,
  art: 'gebyrtype',
  navn: 'Gebyrtype',
  flertal: 'Gebyrtyper',
  nyLabel: 'Ny gebyrtype',
  felter: [
    { navn: 'navn', label: 'Navn', type: { kind: 'tekst', max: 100, paakraevet: true } },
    {
      navn: 'art',
      label: 'Art',
      type: { kind: 'valg', valg: GEBYR_ARTER, tekster: GEBYR_ART_TEKST, paakraevet: true, radio: true },
    },
    { navn: 'satsOere', label: 'Sats', type: { kind: 'beloeb', paakraevet: true, max: 10_000_000 } },
    { navn: 'gyldigFra', label: 'Gyldig fra', type: { kind: 'dato', paakraevet: true } },
    { navn: 'gyldigTil', label: 'Gyldig til', type: { kind: 'dato' } },
    { navn: 'aktiv', label: 'Aktiv', type: { kind: 'jaNej' } },
    { navn: 'antalGebyrer', label: 'Gebyrer', type: { kind: 'tal' }, skrivebeskyttet: true },
  ],
  listeFelter: ['navn', 'art', 'satsOere', 'gyldigFra', 'gyldigTil', 'aktiv', 'antalGebyrer'],
  formFelter: {
    navn: { bred: true },
    satsOere: {
      labelEfter: { felt: 'art', labels: { timesats: 'Sats pr. time (kr.)', fast: 'Beløb (kr.)' } },
      visTolkning: true,
    },
    gyldigTil: { hint: 'Tom: gælder indtil videre' },
    aktiv: { label: 'Aktiv (kan vælges på nye gebyrer)' },
    antalGebyrer: { kunListe: true },
  },
  titelFelt: 'navn',
  bestemt: { gemt: 'Gebyrtypen', slettet: 'Gebyrtypen' },
  nyeStandard: { art: 'timesats', aktiv: true },
  egne: { liste: hentGebyrTyper, opret: opretGebyrType, ret: gemGebyrType },
  konflikt: GEBYRTYPE_KONFLIKT,
});

// ---------------------------------------------------------------- invoices and proposals

/** An invoice's statuses and their transitions, and a batch's: src/contract/faktura-status.ts. */
export const FAKTURA_ARTER = ['faktura', 'kredit'] as const;
export type FakturaArt = (typeof FAKTURA_ARTER)[number];

/** Where a line comes from. */
export const LINJE_KILDER = ['timer', 'fast', 'fremmed', 'sat'] as const;
export type LinjeKilde = (typeof LINJE_KILDER)[number];

/** One invoice line; it explains itself: hours × rate × share = amount. */
export const fakturaLinjeSchema = z.object({
  id: z.number(),
  kilde: z.enum(LINJE_KILDER),
  /** The user-payment record (brugerbetaling or satgebyr) it bills; null on no line today. */
  registreringId: z.number().nullable(),
  dato: z.string(),
  tekst: z.string(),
  /** The time category's name, or the fee type's. */
  kategori: z.string().nullable(),
  /** Hours in half hours (rounded per day to the nearest half hour); null for fixed amounts. */
  timerHalve: z.number().nullable(),
  /** Rate in øre per hour, or the fixed or bought amount in øre. */
  satsOere: z.number(),
  /**
   * Share of its kind charged, basis points (10000 = 100 %): 57,79 % of an outside service, 0 % of
   * work on a complaint not marked justified, else 100 %.
   */
  andelBp: z.number(),
  /** The livestock approval's share (80 %) applied on top, on a farm's approval work; else null. */
  husdyrAndelBp: z.number().nullable(),
  beloebOere: z.number(),
  /** How the amount came about, in words: '3,5 t à 433,41 kr. × 80 % (husdyrgodkendelse)'. */
  forklaring: z.string(),
  /** On a credit note: the original line it credits. */
  kreditererLinjeId: z.number().nullable(),
});
export type FakturaLinje = z.infer<typeof fakturaLinjeSchema>;

/** One invoice (proposal, approved, transferred, failed or credited) as the lists show it. */
export const fakturaRaekkeSchema = z.object({
  id: z.number(),
  art: z.enum(FAKTURA_ARTER),
  status: z.enum(FAKTURA_STATUSSER),
  aar: z.number(),
  virksomhedId: z.number(),
  virksomhedsnavn: z.string(),
  /** 'virksomhed', 'landbrug' or 'satvirksomhed'. */
  virksomhedstype: z.string(),
  cvrNr: z.string().nullable(),
  /** Payer type (betalerTypeKode) and reference (EAN, CPR…) as on the company. */
  betalerTypeKode: z.string().nullable(),
  betalingsReference: z.string().nullable(),
  antalLinjer: z.number(),
  timerHalve: z.number(),
  totalOere: z.number(),
  batchId: z.number().nullable(),
  /** The economy system's invoice number once transferred. */
  fakturanummer: z.string().nullable(),
  /** The economy system's reason for the last failed transfer. */
  fejl: z.string().nullable(),
  forsoeg: z.number(),
  /** A credit note: the invoice it credits; an invoice: its credit note. */
  kreditererFakturaId: z.number().nullable(),
  krediteretAfFakturaId: z.number().nullable(),
  godkendtAf: z.string().nullable(),
  godkendt: z.string().nullable(),
  overfoert: z.string().nullable(),
  version: z.number(),
});
export type FakturaRaekke = z.infer<typeof fakturaRaekkeSchema>;

export const fakturaSchema = fakturaRaekkeSchema.extend({ linjer: z.array(fakturaLinjeSchema) });
export type Faktura = z.infer<typeof fakturaSchema>;

export const FAKTURA_SORT_KOLONNER = [
  'virksomhedsnavn',
  'cvrNr',
  'totalOere',
  'timerHalve',
  'antalLinjer',
  'status',
  'fakturanummer',
  'godkendt',
  'overfoert',
  'id',
] as const;
export type FakturaSortKolonne = (typeof FAKTURA_SORT_KOLONNER)[number];
/** Column filters: status:…|…, art:faktura|kredit, aar:2026, batch:<id>, type:virksomhed|landbrug|satvirksomhed. */
export const FAKTURA_FILTER_KOLONNER = ['status', 'art', 'aar', 'batch', 'type'] as const;
export type FakturaFilterKolonne = (typeof FAKTURA_FILTER_KOLONNER)[number];

export const fakturaListeDef: ListeDef<FakturaSortKolonne, FakturaFilterKolonne> = {
  sortKolonner: FAKTURA_SORT_KOLONNER,
  standardSort: 'virksomhedsnavn',
  filterRegler: {
    status: (v) => (FAKTURA_STATUSSER as readonly string[]).includes(v),
    art: (v) => (FAKTURA_ARTER as readonly string[]).includes(v),
    aar: (v) => /^\d{4}$/.test(v),
    batch: (v) => /^[1-9]\d{0,9}$/.test(v),
    type: (v) => v === 'virksomhed' || v === 'landbrug' || v === 'satvirksomhed',
  },
  standardTake: 50,
  maxTake: 500,
  filterMaks: 100,
};
export const fakturaListeQuerySchema = listeQuerySchema(fakturaListeDef);
export type FakturaListeQuery = z.input<typeof fakturaListeQuerySchema>;

/** The page plus the sums of every matching invoice (not only the page), so totals reconcile. */
export const fakturaSideSchema = sideSchema(fakturaRaekkeSchema).extend({
  sumOere: z.number(),
  sumTimerHalve: z.number(),
});
export type FakturaSide = z.infer<typeof fakturaSideSchema>;

/** GET fakturering/fakturaer (addition): invoices and proposals, paged, filtered by the columns. */
export const hentFakturaer = endpoint({
  method: 'GET',
  path: '/fakturering/fakturaer',
  query: fakturaListeQuerySchema,
  answer: fakturaSideSchema,
  access: FAKTURERING_RET,
});

/** GET fakturering/fakturaer/{id} (addition): one invoice with its lines. */
export const hentFaktura = endpoint({
  method: 'GET',
  path: '/fakturering/fakturaer/:id',
  params: z.object({ id: idSchema }),
  answer: fakturaSchema,
  access: FAKTURERING_RET,
});

export const danForslagSvarSchema = z.object({
  aar: z.number(),
  /** Proposals now in status forslag for the year. */
  antalForslag: z.number(),
  /** Records billed by the proposals. */
  antalLinjer: z.number(),
  /** Draft proposals replaced by this run (approved ones are never touched). */
  erstattede: z.number(),
  totalOere: z.number(),
  /** Records left out of the run because their stored amount cannot be billed, each named. */
  udeladte: z.array(z.object({ registreringId: z.number(), tekst: z.string() })),
});
export type DanForslagSvar = z.infer<typeof danForslagSvarSchema>;

/**
 * POST fakturering/forslag/dan (addition): (re)builds the year's proposals in one transaction from
 * the records of the period not yet on an approved invoice. Drafts are replaced; approved, transferred
 * and credited invoices are never touched.
 */
export const danForslag = endpoint({
  method: 'POST',
  path: '/fakturering/forslag/dan',
  body: z.object({ aar: aarSchema }),
  answer: danForslagSvarSchema,
  access: FAKTURERING_RET,
});

/**
 * POST fakturering/forslag/dan/job (addition, issue 32): the same run as a job. Answers 202 with the job
 * at once; `GET job/{id}` tells its progress (companies) and, when done, the answer of `danForslag` as
 * its result. A second start for the same year while it runs answers 409.
 */
export const danForslagJob = endpoint({
  method: 'POST',
  path: '/fakturering/forslag/dan/job',
  body: z.object({ aar: aarSchema }),
  answer: jobSchema,
  status: 202,
  access: FAKTURERING_RET,
});

export const batchSchema = z.object({
  id: z.number(),
  art: z.enum(FAKTURA_ARTER),
  /**
   * 'godkendt' (awaiting transfer), 'fejlet' (sent, none taken: awaiting a transfer that goes
   * through), 'overfoert', 'delvist' (some transferred, some failed), 'annulleret', 'krediteret'.
   */
  status: z.enum(BATCH_STATUSSER),
  aar: z.number(),
  antal: z.number(),
  totalOere: z.number(),
  oprettet: z.string(),
  oprettetAf: z.string(),
  overfoert: z.string().nullable(),
  /** A credit batch: the batch it credits; a credited batch: its credit batch. */
  kreditererBatchId: z.number().nullable(),
  krediteretAfBatchId: z.number().nullable(),
  /** The reason given when crediting or cancelling. */
  aarsag: z.string().nullable(),
  /**
   * An invoice batch with credited invoices: the sum of their credit notes (negative øre), whatever
   * credit batch holds them; null when none of its invoices is credited (and on a credit batch).
   */
  krediteretOere: z.number().nullable(),
  version: z.number(),
});
export type Batch = z.infer<typeof batchSchema>;

/**
 * POST fakturering/forslag/godkend (addition): approves the chosen proposals (each with the version
 * seen) or all of the year's, into one new batch. A proposal someone else approved meanwhile → 409,
 * so two users approving at once make one invoice.
 */
export const godkendForslag = endpoint({
  method: 'POST',
  path: '/fakturering/forslag/godkend',
  body: z.union([
    z.object({
      forslag: z
        .array(z.object({ id: idSchema, version: versionSchema }), { error: 'Vælg mindst ét forslag' })
        .min(1, { error: 'Vælg mindst ét forslag' })
        .max(5000, { error: 'Højst 5000 forslag ad gangen' }),
    }),
    z.object({ alle: z.literal(true), aar: aarSchema }),
  ]),
  answer: batchSchema,
  status: 201,
  access: FAKTURERING_RET,
});

export const BATCH_SORT_KOLONNER = ['id', 'oprettet', 'overfoert', 'totalOere', 'antal', 'status'] as const;
export type BatchSortKolonne = (typeof BATCH_SORT_KOLONNER)[number];
export const BATCH_FILTER_KOLONNER = ['status', 'art', 'aar'] as const;
export type BatchFilterKolonne = (typeof BATCH_FILTER_KOLONNER)[number];
export const batchListeDef: ListeDef<BatchSortKolonne, BatchFilterKolonne> = {
  sortKolonner: BATCH_SORT_KOLONNER,
  standardSort: 'id',
  standardRetning: 'DESC',
  filterRegler: {
    status: (v) => (BATCH_STATUSSER as readonly string[]).includes(v),
    art: (v) => (FAKTURA_ARTER as readonly string[]).includes(v),
    aar: (v) => /^\d{4}$/.test(v),
  },
  standardTake: 50,
  maxTake: 500,
  filterMaks: 100,
};
export const batchListeQuerySchema = listeQuerySchema(batchListeDef);

/** GET fakturering/batches (addition): the batches, newest first. */
export const hentBatches = endpoint({
  method: 'GET',
  path: '/fakturering/batches',
  query: batchListeQuerySchema,
  answer: sideSchema(batchSchema),
  access: FAKTURERING_RET,
});

export const overfoerSvarSchema = z.object({
  batch: batchSchema,
  overfoert: z.number(),
  fejlet: z.number(),
});
export type OverfoerSvar = z.infer<typeof overfoerSvarSchema>;

/**
 * POST fakturering/batches/{id}/overfoer (addition): sends the batch's approved invoices to the
 * economy system. Each invoice carries its own idempotency key, so a repeat never bills twice.
 */
export const overfoerBatch = endpoint({
  method: 'POST',
  path: '/fakturering/batches/:id/overfoer',
  params: z.object({ id: idSchema }),
  body: z.object({ version: versionSchema }),
  answer: overfoerSvarSchema,
  access: FAKTURERING_RET,
});

/**
 * POST fakturering/batches/{id}/overfoer/job (addition, issue 32): the same transfer as a job. The batch
 * is claimed before the answer (stale or nothing to send 409), then 202 with the job; `GET job/{id}`
 * tells its progress (invoices) and, when done, the answer of `overfoerBatch` as its result.
 */
export const overfoerBatchJob = endpoint({
  method: 'POST',
  path: '/fakturering/batches/:id/overfoer/job',
  params: z.object({ id: idSchema }),
  body: z.object({ version: versionSchema }),
  answer: jobSchema,
  status: 202,
  access: FAKTURERING_RET,
});

/**
 * GET Brugerbetaling/AnnullerFakturering?afregningBatchId (spec): cancels a batch before transfer;
 * its proposals return to forslag. A batch with a transferred invoice answers 409.
 */
export const annullerFakturering = endpoint({
  method: 'GET',
  path: '/Brugerbetaling/AnnullerFakturering',
  query: z.object({
    afregningBatchId: idSchema,
    aarsag: z.string().trim().max(500, { error: 'Årsagen må højst være 500 tegn' }).optional(),
  }),
  answer: batchSchema,
  access: FAKTURERING_RET,
});

/**
 * GET Brugerbetaling/KrediterBatch?batchId (spec): credits every transferred invoice of a batch with
 * a credit note referencing the original lines (amounts negated, so each pair sums to zero), in a
 * new credit batch awaiting transfer. The reason is required. The records billed become billable again.
 */
export const krediterBatch = endpoint({
  method: 'GET',
  path: '/Brugerbetaling/KrediterBatch',
  query: z.object({
    batchId: idSchema,
    aarsag: z
      .string({ error: 'Angiv en årsag til krediteringen' })
      .trim()
      .min(1, { error: 'Angiv en årsag til krediteringen' })
      .max(500, { error: 'Årsagen må højst være 500 tegn' }),
  }),
  answer: batchSchema,
  access: FAKTURERING_RET,
});

/** POST fakturering/fakturaer/{id}/genoverfoer (addition): retries a failed transfer (idempotent). */
export const genoverfoerFaktura = endpoint({
  method: 'POST',
  path: '/fakturering/fakturaer/:id/genoverfoer',
  params: z.object({ id: idSchema }),
  body: z.object({ version: versionSchema }),
  answer: fakturaRaekkeSchema,
  access: FAKTURERING_RET,
});

export const BETALER_TYPER = ['CVR', 'CPR', 'EAN', 'UDLAND'] as const;
export const betalerInputSchema = z.object({
  betalerTypeKode: z.enum(BETALER_TYPER, { error: 'Vælg betalertype' }),
  betalingsReference: z
    .string()
    .trim()
    .max(60, { error: 'Betalingsreferencen må højst være 60 tegn' })
    .nullable(),
  cvrNr: z
    .string()
    .trim()
    .regex(/^\d{8}$/, { error: 'CVR-nummeret skal være 8 cifre' })
    .nullable(),
  /** The company's version seen (stale → 409). */
  virksomhedVersion: versionSchema,
});
export type BetalerInput = z.infer<typeof betalerInputSchema>;

/** The payer data of a failed invoice's company, for the fix form. */
export const betalerSchema = z.object({
  virksomhedId: z.number(),
  virksomhedsnavn: z.string(),
  betalerTypeKode: z.string().nullable(),
  betalingsReference: z.string().nullable(),
  cvrNr: z.string().nullable(),
  virksomhedVersion: z.number(),
});
export type Betaler = z.infer<typeof betalerSchema>;

/** GET fakturering/fakturaer/{id}/betaler (addition): the payer data of the invoice's company. */
export const hentBetaler = endpoint({
  method: 'GET',
  path: '/fakturering/fakturaer/:id/betaler',
  params: z.object({ id: idSchema }),
  answer: betalerSchema,
  access: FAKTURERING_RET,
});

/**
 * PUT fakturering/fakturaer/{id}/betaler (addition): fixes the payer data on the invoice's company
 * (logged in the company's log), so a failed transfer can be retried.
 */
export const gemBetaler = endpoint({
  method: 'PUT',
  path: '/fakturering/fakturaer/:id/betaler',
  params: z.object({ id: idSchema }),
  body: betalerInputSchema,
  answer: betalerSchema,
  access: FAKTURERING_RET,
});

// ---------------------------------------------------------------- economic follow-up

/** What the system itself knows of a planning period's year: registered and invoiced. */
export const oekonomiSummerSchema = z.object({
  periodeId: z.number(),
  aar: z.number(),
  /** Hours planned by the year's plan (half hours). */
  planlagteTimerHalve: z.number(),
  /** Hours registered on user-payment records dated in the calendar year (half hours). */
  registreredeTimerHalve: z.number(),
  /** Hours and amounts on transferred invoices of the settlement year, credit notes subtracted. */
  faktureredeTimerHalve: z.number(),
  faktureretBeloebOere: z.number(),
});
export type OekonomiSummer = z.infer<typeof oekonomiSummerSchema>;

/** GET fakturering/opfoelgning/{periodeId} (addition): the computed figures beside the period's rows. */
export const hentOekonomiSummer = endpoint({
  method: 'GET',
  path: '/fakturering/opfoelgning/:periodeId',
  params: z.object({ periodeId: idSchema }),
  answer: oekonomiSummerSchema,
  access: `${FAKTURERING_RET}||SAGSBEHANDLER_AARSPLAN`,
});
