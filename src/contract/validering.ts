import { z } from 'zod';
import { idSchema, rowVersionSchema } from './common';

/**
 * Validation of reported water data (spec 001 §4, §7 'Administration and validation'): pumped
 * quantities at plant and intake level, water-level readings (pejlinger) and water samples
 * (vandproever) wait with status 0 until a validator approves (1) or discards (2) them. Nothing is
 * deleted; who decided and when is kept. Shared by the server routes and the client views.
 */

export const VALIDERING_STATUS = { AFVENTER: 0, GODKENDT: 1, FORKASTET: 2 } as const;
export type ValideringStatus = (typeof VALIDERING_STATUS)[keyof typeof VALIDERING_STATUS];
/** A validator's decision: approve or discard. */
export type Beslutning = typeof VALIDERING_STATUS.GODKENDT | typeof VALIDERING_STATUS.FORKASTET;

/** The queues: plant-level quantities, intake-level quantities, water-level readings, samples. */
export const VALIDERING_ARTER = ['anlaeg', 'indtag', 'pejling', 'vandproeve'] as const;
export type ValideringArt = (typeof VALIDERING_ARTER)[number];

/** The year of the reporters' e-mail status (spec 001 §5). */
export const AAR_MIN = 1755;
export const AAR_MAX = 9999;
export const AAR_FEJL = 'Året angivet er ikke validt';

/** Largest number of entries one decision call may carry. */
export const MAKS_POSTER_PR_BESLUTNING = 10_000;
/** Largest number of plants one SendMailTilIndberettere call may carry (the client sends 25 at a time). */
export const MAKS_ANLAEG_PR_MAILKALD = 100;
/** Pejling/list page size (spec 001 §9). */
export const PEJLING_SIDESTOERRELSE = 10_000;

const heltal = (min: number, max: number, fejl: string) =>
  z.coerce.number({ error: fejl }).int({ error: fejl }).min(min, { error: fejl }).max(max, { error: fejl });

/** Paging and text filter of a queue list. */
export const koeQuerySchema = z.object({
  start: heltal(0, 100_000_000, 'start skal være et tal fra 0').default(0),
  take: heltal(1, 10_000, 'take skal være et tal fra 1 til 10000').default(1000),
  filter: z.string().trim().max(200, 'Filteret må højst være 200 tegn').optional(),
});

export const forsyningslinjeSchema = z.object({
  jupiterForsyningsartId: z.number(),
  forsyningsart: z.string(),
  maengde: z.number(),
  modtagerAntal: z.number().nullable(),
});

/** What every decided-or-pending entry carries about its decision. */
const beslutning = {
  status: z.number().int().min(0).max(2),
  besluttetAf: z.string().nullable(),
  besluttetDato: z.string().nullable(),
  version: z.number().int(),
};

/** A pumped quantity (plant level when indtagId is null). Dates are ISO (YYYY-MM-DD). */
export const oppumpetPostSchema = z.object({
  id: z.number(),
  vandanlaegId: z.number(),
  anlaegsnavn: z.string(),
  anlaegsnr: z.string().nullable(),
  indtagId: z.number().nullable(),
  indtagsnr: z.number().nullable(),
  dguNr: z.string().nullable(),
  startdato: z.string(),
  slutdato: z.string(),
  maalerstandStart: z.number().nullable(),
  maalerstandSlut: z.number().nullable(),
  omregningsfaktor: z.number(),
  vandmaengdeOppumpet: z.number(),
  vandvaerketsEgetForbrug: z.number().nullable(),
  forsyning: z.array(forsyningslinjeSchema),
  bemaerkning: z.string().nullable(),
  indberetter: z.string().nullable(),
  indberettetDato: z.string(),
  ...beslutning,
});
export type OppumpetPost = z.infer<typeof oppumpetPostSchema>;

/** A water-level reading of an intake. */
export const pejlingPostSchema = z.object({
  id: z.number(),
  vandanlaegId: z.number(),
  anlaegsnavn: z.string(),
  anlaegsnr: z.string().nullable(),
  indtagId: z.number(),
  indtagsnr: z.number(),
  dguNr: z.string(),
  pejletidspunkt: z.string(),
  vandstandUnderTerraen: z.number(),
  grundvandskote: z.number().nullable(),
  situation: z.number().nullable(),
  pejlemetode: z.string().nullable(),
  bemaerkning: z.string().nullable(),
  ...beslutning,
});
export type PejlingPost = z.infer<typeof pejlingPostSchema>;

export const analyseSchema = z.object({
  parameter: z.string(),
  vaerdi: z.number(),
  enhed: z.string(),
  graensevaerdi: z.number().nullable(),
  /** True when the value exceeds the limit (for pH: lies outside 7.0–8.5, recorded in the notes). */
  overskredet: z.boolean(),
});

/** A water sample with its laboratory analyses. */
export const vandproevePostSchema = z.object({
  id: z.number(),
  vandanlaegId: z.number(),
  anlaegsnavn: z.string(),
  anlaegsnr: z.string().nullable(),
  indtagId: z.number().nullable(),
  proevested: z.string(),
  proevetype: z.string(),
  udtaget: z.string(),
  laboratorium: z.string(),
  analyser: z.array(analyseSchema),
  antalOverskridelser: z.number(),
  bemaerkning: z.string().nullable(),
  ...beslutning,
});
export type VandproevePost = z.infer<typeof vandproevePostSchema>;

const side = <T extends z.ZodType>(item: T) => z.object({ totalCount: z.number(), items: z.array(item) });
export const oppumpetSideSchema = side(oppumpetPostSchema);
export const pejlingSideSchema = side(pejlingPostSchema);
export const vandproeveSideSchema = side(vandproevePostSchema);
export const oppumpetListeSchema = z.array(oppumpetPostSchema);
export const pejlingListeSchema = z.array(pejlingPostSchema);
export const vandproeveListeSchema = z.array(vandproevePostSchema);

/**
 * Body of GetMedian: the entries to test; absent or empty means every pending entry of the queue.
 * The client sends the entries it shows, at most one page of the queue (take is at most 10000).
 */
export const medianBodySchema = z
  .object({
    ids: z
      .array(idSchema)
      .max(MAKS_POSTER_PR_BESLUTNING, { error: `Højst ${MAKS_POSTER_PR_BESLUTNING} poster ad gangen` })
      .optional(),
  })
  .default({});

/** The median test of one pending entry (the rule is in docs/validering-notes.md). */
export const medianResultatSchema = z.object({
  id: z.number(),
  /** The tested value: m³ per day for quantities, metres below ground for readings. */
  vaerdi: z.number(),
  /** Median of the comparable approved history, null with too little history. */
  median: z.number().nullable(),
  /** Median absolute deviation of that history. */
  mad: z.number().nullable(),
  /** vaerdi - median. */
  afvigelse: z.number().nullable(),
  /** |afvigelse| / (1.4826 · MAD); null when MAD is 0 or the history too short. */
  robustZ: z.number().nullable(),
  antalHistorik: z.number(),
  markeret: z.boolean(),
  /** 'for lidt historik' when fewer than 4 comparable approved entries exist. */
  bemaerkning: z.string().nullable(),
  enhed: z.string(),
});
export type MedianResultat = z.infer<typeof medianResultatSchema>;
export const medianSvarSchema = z.array(medianResultatSchema);

/** Body of Godkend/Forkast: the entries with the version the validator saw. */
export const beslutningBodySchema = z.object({
  poster: z
    .array(z.object({ id: idSchema, version: rowVersionSchema('version skal sendes med') }))
    .min(1, { error: 'Vælg mindst én post' })
    .max(MAKS_POSTER_PR_BESLUTNING, { error: `Højst ${MAKS_POSTER_PR_BESLUTNING} poster ad gangen` })
    .refine((p) => new Set(p.map((x) => x.id)).size === p.length, { error: 'En post er angivet to gange' }),
});
export type BeslutningBody = z.infer<typeof beslutningBodySchema>;

export const alleredeBesluttetSchema = z.object({
  id: z.number(),
  status: z.number(),
  af: z.string().nullable(),
  dato: z.string().nullable(),
});
/** The version an entry has after a call changed it: the next call on it (Fortryd) sends this one. */
export const nyVersionSchema = z.object({ id: z.number(), version: z.number() });
const beslutningUdfaldSchema = z.object({
  besluttet: z.array(z.number()),
  alleredeBesluttet: z.array(alleredeBesluttetSchema),
});
/** What a decision call decided, and what someone else had decided already. */
export type BeslutningSvar = z.infer<typeof beslutningUdfaldSchema>;
/** Answer of Godkend/Forkast: the outcome plus the decided entries' new versions, which an undo sends. */
export const beslutningSvarSchema = beslutningUdfaldSchema.extend({ versioner: z.array(nyVersionSchema) });
export type BeslutningSvarMedVersioner = z.infer<typeof beslutningSvarSchema>;

/** Pejling/list: AnonymId is the intake id (recorded in docs/validering-notes.md). */
export const pejlingListQuerySchema = z.object({
  AnonymId: idSchema,
  start: heltal(0, 100_000_000, 'start skal være et tal fra 0').default(0),
  take: heltal(
    1,
    PEJLING_SIDESTOERRELSE,
    `take skal være et tal fra 1 til ${PEJLING_SIDESTOERRELSE}`,
  ).default(PEJLING_SIDESTOERRELSE),
});

// ---------------------------------------------------------------------------------------------
// Reporters' e-mail status (Vandanlaeg/GetAnlaegMailIndberetningStatus, SendMailTilIndberettere)

export const aarSchema = z.coerce
  .number({ error: AAR_FEJL })
  .int({ error: AAR_FEJL })
  .min(AAR_MIN, { error: AAR_FEJL })
  .max(AAR_MAX, { error: AAR_FEJL });

/** True when a typed year is valid (the client checks before asking). */
export const erGyldigtAar = (tekst: string) =>
  /^\d{4}$/.test(tekst.trim()) && aarSchema.safeParse(tekst).success;

export const MAIL_SORT_KOLONNER = [
  'anlaegsnavn',
  'anlaegsnr',
  'jupiterId',
  'antalIndberettere',
  'indberetningStatus',
  'senestePaamindelse',
] as const;
export const INDBERETNING_STATUS = ['indberettet', 'delvis', 'mangler'] as const;
export type IndberetningStatus = (typeof INDBERETNING_STATUS)[number];

const tilListe = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export const mailStatusQuerySchema = z.object({
  kundeId: idSchema,
  year: aarSchema,
  filter: z.string().trim().max(200, 'Filteret må højst være 200 tegn').optional(),
  SortByColumn: z.enum(MAIL_SORT_KOLONNER, { error: 'Ukendt kolonne' }).default('anlaegsnavn'),
  SortDirection: z
    .string()
    .max(4, 'SortDirection skal være ASC eller DESC')
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: 'SortDirection skal være ASC eller DESC' }))
    .default('ASC'),
  Start: heltal(0, 100_000_000, 'Start skal være et tal fra 0').default(0),
  Take: heltal(1, 10_000, 'Take skal være et tal fra 1 til 10000').default(50),
  /** Column filters 'kolonne:værdi': indberetningStatus:(indberettet|delvis|mangler), harEmail:(true|false). */
  FilteredColumns: z.preprocess(
    tilListe,
    z
      .array(
        z
          .string()
          .regex(
            /^(indberetningStatus:(indberettet|delvis|mangler)|harEmail:(true|false))$/,
            'Ukendt kolonnefilter',
          ),
      )
      .max(10),
  ),
});

export const indberetterSchema = z.object({
  navn: z.string(),
  email: z.string().nullable(),
  rolle: z.string().nullable(),
});

export const mailStatusRaekkeSchema = z.object({
  vandanlaegId: z.number(),
  anlaegsnavn: z.string(),
  anlaegsnr: z.string().nullable(),
  jupiterId: z.string().nullable(),
  /** Contact persons with an e-mail address: the reporters a reminder goes to. */
  indberettere: z.array(indberetterSchema),
  antalIndberettere: z.number(),
  /** Days of the year covered by plant-level quantities that are not discarded. */
  dageIndberettet: z.number(),
  dageIAaret: z.number(),
  indberetningStatus: z.enum(INDBERETNING_STATUS),
  senestePaamindelse: z.string().nullable(),
  antalPaamindelser: z.number(),
});
export type MailStatusRaekke = z.infer<typeof mailStatusRaekkeSchema>;
export const mailStatusSvarSchema = z.object({
  totalCount: z.number(),
  items: z.array(mailStatusRaekkeSchema),
});

export const sendMailQuerySchema = z.object({ year: aarSchema });
export const sendMailBodySchema = z
  .array(idSchema)
  .min(1, { error: 'Vælg mindst ét vandanlæg' })
  .max(MAKS_ANLAEG_PR_MAILKALD, { error: `Højst ${MAKS_ANLAEG_PR_MAILKALD} vandanlæg ad gangen` });

export const sendMailSvarSchema = z.array(
  z.object({
    vandanlaegId: z.number(),
    status: z.enum(['sendt', 'ingenModtagere', 'fejl']),
    modtagere: z.array(z.string()),
    besked: z.string().nullable(),
  }),
);
export type SendMailSvar = z.infer<typeof sendMailSvarSchema>;

// ---------------------------------------------------------------------------------------------
// Contact persons from Jupiter (the kontaktpersoner tab)

export const kontaktpersonQuerySchema = z.object({
  filter: z.string().trim().max(200, 'Filteret må højst være 200 tegn').optional(),
  start: heltal(0, 100_000_000, 'start skal være et tal fra 0').default(0),
  take: heltal(1, 10_000, 'take skal være et tal fra 1 til 10000').default(1000),
});

export const kontaktpersonRaekkeSchema = z.object({
  jupiterKontaktpersonId: z.string(),
  navn: z.string(),
  email: z.string().nullable(),
  telefon: z.string().nullable(),
  antalRoller: z.number(),
  roller: z.array(
    z.object({
      kontaktpersonId: z.number(),
      vandanlaegId: z.number(),
      anlaegsnavn: z.string(),
      anlaegsadresse: z.string().nullable(),
      rolle: z.string().nullable(),
    }),
  ),
});
export type KontaktpersonRaekke = z.infer<typeof kontaktpersonRaekkeSchema>;
export const kontaktpersonSvarSchema = z.object({
  totalCount: z.number(),
  items: z.array(kontaktpersonRaekkeSchema),
});

// ---------------------------------------------------------------------------------------------
// Server-sent events (GET validering/haendelser?token=)

/**
 * Published to the customer's subscribers after each decision, and after each undo (Fortryd) with
 * status 0: the entries await validation again. Clients refetch the queue.
 */
export const valideringHaendelseSchema = z.object({
  type: z.literal('besluttet'),
  kind: z.enum(VALIDERING_ARTER),
  ids: z.array(z.number()),
  status: z.number(),
  af: z.string().nullable(),
});
export type ValideringHaendelse = z.infer<typeof valideringHaendelseSchema>;

// ---------------------------------------------------------------------------------------------
// Fortryd: undoing a decision (our addition to the spec's calls: POST validering/fortryd)

/** A decision can be undone this long after it was made, by the validator who made it. */
export const FORTRYD_VINDUE_MINUTTER = 10;
export const FORTRYD_VINDUE_MS = FORTRYD_VINDUE_MINUTTER * 60_000;

/** Body of validering/fortryd: the queue and the decided entries with the version the decision gave them. */
export const fortrydBodySchema = z.object({
  art: z.enum(VALIDERING_ARTER, { error: 'Ukendt valideringskø' }),
  poster: beslutningBodySchema.shape.poster,
});
export type FortrydBody = z.infer<typeof fortrydBodySchema>;

/** Answer of validering/fortryd: the entries that await validation again, with their new versions. */
export const fortrydSvarSchema = z.object({
  fortrudt: z.array(z.number()),
  versioner: z.array(nyVersionSchema),
});
export type FortrydSvar = z.infer<typeof fortrydSvarSchema>;
