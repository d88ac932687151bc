import { z } from 'zod';
import { endpoint } from './endpoint';
import type { FristStatus } from './frister-regler';
import { type ListeDef, listeQuerySchema, queryBoolean, sideSchema } from './liste';
import './zod-da';

/**
 * Deadlines (issue 15): the follow-up list /frister/opfoelgning, the DMA status /frister/dmastatus,
 * the Jupiter status /frister/jupiterstatus, and the notification read marks (additions).
 */

/** Any read right of companies, farms or water plants (the route's rule), or the SAT right. */
export const FRISTER_LAES =
  'SAGSBEHANDLER_VIRKSOMHED_LAES||SAGSBEHANDLER_LANDBRUG_LAES||SAGSBEHANDLER_VANDANLAEG_LAES||SAGSBEHANDLER_AFFALD';
/** DMA status: the company or farm caseworker (spec 000 §2.3). */
export const DMA_RET = 'SAGSBEHANDLER_LANDBRUG||SAGSBEHANDLER_VIRKSOMHED';
/** Jupiter status: the water-plant caseworker. */
export const JUPITER_RET = 'SAGSBEHANDLER_VANDANLAEG';

// ---------------------------------------------------------------- the follow-up list

/** The kinds of deadline the list computes. */
export const FRIST_ARTER = ['rapport', 'dma', 'haandhaevelse', 'adhoc', 'aarlig'] as const;
export type FristArt = (typeof FRIST_ARTER)[number];
export const FRIST_ART_TEKST: Record<FristArt, string> = {
  rapport: 'Tilsynsrapport',
  dma: 'DMA',
  haandhaevelse: 'Håndhævelse',
  adhoc: 'Ad hoc-opgave',
  aarlig: 'Årlig frist',
};
export const FRIST_STATUSSER = ['overskredet', 'snart', 'god tid'] as const satisfies readonly FristStatus[];
export const FRIST_STATUS_TEKST: Record<FristStatus, string> = {
  overskredet: 'Overskredet',
  snart: 'Snart',
  'god tid': 'Senere',
};

export const OPFOELGNING_SORT = ['frist', 'art', 'virksomhed', 'sagsbehandler'] as const;
export type OpfoelgningSort = (typeof OPFOELGNING_SORT)[number];
export type OpfoelgningFilter = 'art' | 'sagsbehandler' | 'status';

export const opfoelgningListeDef: ListeDef<OpfoelgningSort, OpfoelgningFilter> = {
  sortKolonner: OPFOELGNING_SORT,
  filterRegler: {
    art: (v) => (FRIST_ARTER as readonly string[]).includes(v),
    sagsbehandler: (v) => /^[1-9]\d{0,9}$/.test(v),
    status: (v) => (FRIST_STATUSSER as readonly string[]).includes(v),
  },
  standardTake: 50,
  maxTake: 500,
  filterMaks: 100,
};

export const opfoelgningQuerySchema = listeQuerySchema(opfoelgningListeDef).extend({
  /** Also the deadlines that are met (report sent, published, complied with, done). */
  visOpfyldte: queryBoolean.optional(),
});
export type OpfoelgningQuery = z.input<typeof opfoelgningQuerySchema>;

export const fristRaekkeSchema = z.object({
  /** Unique in the list: kind and record id ('rapport:12', 'aarlig:jupiterKommune'). */
  noegle: z.string(),
  art: z.enum(FRIST_ARTER),
  tekst: z.string(),
  /** ISO date, already moved to a working day where the rule says so. */
  frist: z.string(),
  dageTilbage: z.number().int(),
  status: z.enum(FRIST_STATUSSER),
  opfyldt: z.boolean(),
  virksomhedId: z.number().nullable(),
  virksomhedsnavn: z.string().nullable(),
  sagsbehandlerId: z.number().nullable(),
  sagsbehandler: z.string().nullable(),
  /** The route of the record's tile (the company's inspection tab …); null for a yearly date. */
  sti: z.string().nullable(),
});
export type FristRaekke = z.infer<typeof fristRaekkeSchema>;

/** GET frister/opfoelgning (addition): a page of the computed deadlines. */
export const hentOpfoelgning = endpoint({
  method: 'GET',
  path: '/frister/opfoelgning',
  query: opfoelgningQuerySchema,
  answer: sideSchema(fristRaekkeSchema),
  access: FRISTER_LAES,
});

// ---------------------------------------------------------------- DMA status

export const DMA_STATUSSER = ['kanIkke', 'Fejl', 'afventer', 'OK'] as const;
export type DmaRaekkeStatus = (typeof DMA_STATUSSER)[number];
/** The status of one DMA report (dma_indberetning.status). */
export type DmaStatus = Extract<DmaRaekkeStatus, 'OK' | 'Fejl' | 'kanIkke'>;
export const DMA_STATUS_TEKST: Record<DmaRaekkeStatus, string> = {
  kanIkke: 'Kan ikke offentliggøres',
  Fejl: 'Fejl',
  afventer: 'Ikke sendt',
  OK: 'OK',
};

export const dmaRaekkeSchema = z.object({
  /** The inspection reported. */
  tilsynId: z.number(),
  tilsynTitel: z.string(),
  tilsynsdato: z.string().nullable(),
  virksomhedId: z.number(),
  virksomhedsnavn: z.string(),
  virksomhedType: z.number(),
  /** The DMA master data the company lacks (labels); non-empty means 'kan ikke offentliggøres'. */
  mangler: z.array(z.string()),
  status: z.enum(DMA_STATUSSER),
  /** The latest report: when, by whom, and why it failed. */
  sendt: z.string().nullable(),
  sendtAf: z.string().nullable(),
  fejlKode: z.string().nullable(),
  fejlTekst: z.string().nullable(),
  antalForsoeg: z.number(),
  dmaFrist: z.string().nullable(),
  sti: z.string(),
});
export type DmaRaekke = z.infer<typeof dmaRaekkeSchema>;

export const dmaStatusSchema = z.object({
  raekker: z.array(dmaRaekkeSchema),
  /** More rows matched than the list holds. */
  afkortet: z.boolean(),
});

/** GET frister/dmastatus (addition). */
export const hentDmaStatus = endpoint({
  method: 'GET',
  path: '/frister/dmastatus',
  answer: dmaStatusSchema,
  access: DMA_RET,
});

export const dmaSendBodySchema = z.object({
  tilsynIds: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, 'Vælg mindst ét tilsyn')
    .max(200, 'Højst 200 tilsyn ad gangen'),
});

export const dmaSendResultatSchema = z.object({
  tilsynId: z.number(),
  status: z.enum(['OK', 'Fejl', 'kanIkke']),
  besked: z.string().nullable(),
});
export type DmaSendResultat = z.infer<typeof dmaSendResultatSchema>;

/** POST frister/dmastatus/send (addition): sends (or resends) the inspections' reports to DMA. */
export const sendTilDma = endpoint({
  method: 'POST',
  path: '/frister/dmastatus/send',
  body: dmaSendBodySchema,
  answer: z.object({ resultater: z.array(dmaSendResultatSchema) }),
  access: DMA_RET,
});

// ---------------------------------------------------------------- Jupiter status

export const jupiterStatusRaekkeSchema = z.object({
  vandanlaegId: z.number(),
  navn: z.string(),
  jupiterId: z.string().nullable(),
  sendt: z.string(),
  sendtAf: z.string().nullable(),
  status: z.enum(['OK', 'Fejl']),
  fejlTypeKode: z.string().nullable(),
  fejlTypeTekst: z.string().nullable(),
  antalFejl: z.number(),
  version: z.number(),
});
export type JupiterStatusRaekke = z.infer<typeof jupiterStatusRaekkeSchema>;

export const jupiterStatusSchema = z.object({
  grupper: z.array(
    z.object({
      fejlTypeKode: z.string().nullable(),
      fejlTypeTekst: z.string(),
      antal: z.number(),
    }),
  ),
  raekker: z.array(jupiterStatusRaekkeSchema),
});

/** GET frister/jupiterstatus (addition): each plant's latest Jupiter report, grouped by error type. */
export const hentJupiterStatusListe = endpoint({
  method: 'GET',
  path: '/frister/jupiterstatus',
  answer: jupiterStatusSchema,
  access: JUPITER_RET,
});

export const jupiterIgenResultatSchema = z.object({
  vandanlaegId: z.number(),
  status: z.enum(['OK', 'Fejl']),
  besked: z.string().nullable(),
});
export type JupiterIgenResultat = z.infer<typeof jupiterIgenResultatSchema>;

/** POST frister/jupiterstatus/igen (addition): reports the plants to Jupiter again (max 50 a call). */
export const jupiterProevIgen = endpoint({
  method: 'POST',
  path: '/frister/jupiterstatus/igen',
  body: z.object({
    vandanlaegIds: z
      .array(z.number().int().positive().max(2_147_483_647))
      .min(1, 'Vælg mindst ét vandanlæg')
      .max(50, 'Højst 50 vandanlæg ad gangen'),
  }),
  answer: z.object({ resultater: z.array(jupiterIgenResultatSchema) }),
  access: JUPITER_RET,
});

// ---------------------------------------------------------------- notifications (additions)

/** GET notification/antal (addition): the bell's unread count (also produces due notifications). */
export const hentUlaesteAntal = endpoint({
  method: 'GET',
  path: '/notification/antal',
  answer: z.object({ ulaeste: z.number() }),
});

/** POST notification/laest (addition): marks notifications read; no ids marks all the user sees. */
export const markerLaest = endpoint({
  method: 'POST',
  path: '/notification/laest',
  body: z.object({
    ids: z.array(z.number().int().positive().max(2_147_483_647)).max(500, 'Højst 500 ad gangen').optional(),
  }),
  answer: z.object({ ulaeste: z.number() }),
});
