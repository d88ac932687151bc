import { z } from 'zod';
import { idParamsSchema, idSchema, kundeIdParamsSchema, rowVersionSchema } from './common';
import { type Endpoint, endpoint } from './endpoint';
import {
  type FilterRegler,
  type ListeDef,
  type ListeQuery,
  listeQuerySchema,
  type Side,
  sideSchema,
} from './liste';

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

/** Looking needs the water-plant read right; deciding needs the caseworker right (docs/decisions.md 'Validation of water data'). */
export const VALIDERING_LAES = 'SAGSBEHANDLER_VANDANLAEG_LAES';
export const VALIDERING_BESLUT = 'SAGSBEHANDLER_VANDANLAEG';

/**
 * A list of the validation area on the list stack (src/contract/liste.ts): up to 10000 rows a call,
 * a free-text filter of at most 200 characters, the given sort columns (the first is the default)
 * and column filters.
 */
const valideringListe = <S extends string, F extends string = never>(
  sortKolonner: readonly [S, ...S[]],
  standardTake: number,
  filterRegler = {} as FilterRegler<F>,
): ListeDef<S, F> => ({ sortKolonner, filterRegler, standardTake, maxTake: 10_000, filterMaks: 200 });

/**
 * The queues' sort columns: the first is the queue's own order (plant in Danish order, then its
 * intake and period; samples by sampling date first), the others a date of the entry.
 */
export const KOE_LISTER = {
  anlaeg: valideringListe(['anlaegsnavn', 'startdato', 'indberettetDato'], 1000),
  indtag: valideringListe(['anlaegsnavn', 'startdato', 'indberettetDato'], 1000),
  pejling: valideringListe(['anlaegsnavn', 'pejletidspunkt'], 1000),
  vandproeve: valideringListe(['udtaget', 'anlaegsnavn'], 1000),
} as const;
export type KoeSortKolonne<A extends ValideringArt> = (typeof KOE_LISTER)[A]['sortKolonner'][number];

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

export const pejlingSideSchema = sideSchema(pejlingPostSchema);

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

/** The median test of one pending entry (the rule is in docs/decisions.md 'Validation of water data'). */
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

/** Pejling/list: AnonymId is the intake id (recorded in docs/decisions.md 'Validation of water data'); newest first. */
export const pejlingListQuerySchema = listeQuerySchema({
  ...valideringListe(['pejletidspunkt'], PEJLING_SIDESTOERRELSE),
  maxTake: PEJLING_SIDESTOERRELSE,
})
  .pick({ start: true, take: true })
  .extend({ AnonymId: idSchema });

// ---------------------------------------------------------------------------------------------
// The queues' endpoints: the same set for each queue, declared once per queue

/** What a client may send a queue list (the rest of the list query has defaults). */
type KoeQueryInd = { start?: unknown; take?: unknown; filter?: string };

/** The endpoints of one queue: its kind, item type T and sort columns S. */
export interface KoeEndpoints<T, S extends string = string> {
  art: ValideringArt;
  /** GET …/list/{kundeId}: the pending entries, a page of the list stack. */
  liste: Endpoint<
    typeof kundeIdParamsSchema,
    z.ZodType<ListeQuery<S>, KoeQueryInd>,
    undefined,
    z.ZodType<Side<T>, Side<T>>
  >;
  /** PUT …/GetMedian/{kundeId}: the median test; none for water samples. */
  median?: Endpoint<typeof kundeIdParamsSchema, undefined, typeof medianBodySchema, typeof medianSvarSchema>;
  /** PUT …/Godkend/{kundeId} and …/Forkast/{kundeId}. */
  godkend: Beslutningsendpoint;
  forkast: Beslutningsendpoint;
  /** GET …/{id}: the approved and the discarded entries of one plant or intake, newest first. */
  godkendte: Endpoint<typeof idParamsSchema, undefined, undefined, z.ZodType<T[], T[]>>;
  forkastede: Endpoint<typeof idParamsSchema, undefined, undefined, z.ZodType<T[], T[]>>;
}
type Beslutningsendpoint = Endpoint<
  typeof kundeIdParamsSchema,
  undefined,
  typeof beslutningBodySchema,
  typeof beslutningSvarSchema
>;

/** The paths of a queue's endpoints, below /api. */
interface KoeStier {
  liste: string;
  median?: string;
  beslut: string;
  godkendte: string;
  forkastede: string;
}

/** A queue whose endpoints all share one prefix (the pumped quantities). */
const samletKoe = (praefiks: string): KoeStier => ({
  liste: `${praefiks}/list`,
  median: praefiks,
  beslut: praefiks,
  godkendte: `${praefiks}/list/godkendte`,
  forkastede: `${praefiks}/list/forkastede`,
});

function koeEndpoints<T, S extends string>(
  art: ValideringArt,
  item: z.ZodType<T, T>,
  def: ListeDef<S, never>,
  stier: KoeStier,
): KoeEndpoints<T, S> {
  const beslutning = (handling: 'Godkend' | 'Forkast') =>
    endpoint({
      method: 'PUT',
      path: `/${stier.beslut}/${handling}/:kundeId`,
      params: kundeIdParamsSchema,
      body: beslutningBodySchema,
      answer: beslutningSvarSchema,
      access: VALIDERING_BESLUT,
    });
  const besluttede = (sti: string) =>
    endpoint({
      method: 'GET',
      path: `/${sti}/:id`,
      params: idParamsSchema,
      answer: z.array(item),
      access: VALIDERING_LAES,
    });
  return {
    art,
    liste: endpoint({
      method: 'GET',
      path: `/${stier.liste}/:kundeId`,
      params: kundeIdParamsSchema,
      query: listeQuerySchema(def),
      answer: sideSchema(item),
      access: VALIDERING_LAES,
    }),
    median: stier.median
      ? endpoint({
          method: 'PUT',
          path: `/${stier.median}/GetMedian/:kundeId`,
          params: kundeIdParamsSchema,
          body: medianBodySchema,
          answer: medianSvarSchema,
          access: VALIDERING_LAES,
        })
      : undefined,
    godkend: beslutning('Godkend'),
    forkast: beslutning('Forkast'),
    godkendte: besluttede(stier.godkendte),
    forkastede: besluttede(stier.forkastede),
  };
}

/**
 * The four queues (spec 001 §7; the readings' and samples' pending lists and the discarded lists
 * are named in the spec's style): plant-level and intake-level pumped quantities share one set of
 * paths under their prefix; the readings use the spec's Pejling/Godkend|Forkast and
 * IndtagNiveau/list/godkendte; the samples have no median test.
 */
export const KOE_ENDPOINTS = {
  anlaeg: koeEndpoints(
    'anlaeg',
    oppumpetPostSchema,
    KOE_LISTER.anlaeg,
    samletKoe('OppumpedeVandmaengderValidering'),
  ),
  indtag: koeEndpoints('indtag', oppumpetPostSchema, KOE_LISTER.indtag, samletKoe('IndtagNiveauValidering')),
  pejling: koeEndpoints('pejling', pejlingPostSchema, KOE_LISTER.pejling, {
    liste: 'PejlingValidering/list',
    median: 'PejlingValidering',
    beslut: 'Pejling',
    godkendte: 'IndtagNiveau/list/godkendte',
    forkastede: 'PejlingValidering/list/forkastede',
  }),
  vandproeve: koeEndpoints('vandproeve', vandproevePostSchema, KOE_LISTER.vandproeve, {
    liste: 'Vandproeve/list',
    beslut: 'Vandproeve',
    godkendte: 'Vandproeve/list/godkendte',
    forkastede: 'Vandproeve/list/forkastede',
  }),
};

/** GET Pejling/list?AnonymId=: all readings of an intake, newest first (spec 001 §9). */
export const hentPejlingListe = endpoint({
  method: 'GET',
  path: '/Pejling/list',
  query: pejlingListQuerySchema,
  answer: pejlingSideSchema,
  access: VALIDERING_LAES,
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

/**
 * The e-mail status on the list stack: its sort columns and column filters
 * (indberetningStatus:indberettet|delvis|mangler, harEmail:true|false).
 */
export const mailStatusListe = valideringListe(MAIL_SORT_KOLONNER, 50, {
  indberetningStatus: (v) => (INDBERETNING_STATUS as readonly string[]).includes(v),
  harEmail: (v) => v === 'true' || v === 'false',
});

/** The spec's names of the list parameters (spec 001 §7) and the list stack's. */
const SPEC_LISTENAVNE = {
  Start: 'start',
  Take: 'take',
  SortByColumn: 'sortByColumn',
  SortDirection: 'sortDirection',
  FilteredColumns: 'filteredColumns',
} as const;

/**
 * Reads the spec's names (Start, Take, SortByColumn, SortDirection, FilteredColumns) as the list
 * stack's (start, take, ...); where both are sent, the list stack's name wins.
 */
function medSpecNavne<I extends object>(query: I): I {
  if (typeof query !== 'object' || query === null) return query;
  const ud: Record<string, unknown> = { ...(query as Record<string, unknown>) };
  for (const [spec, navn] of Object.entries(SPEC_LISTENAVNE)) {
    if (!(spec in ud)) continue;
    if (!(navn in ud)) ud[navn] = ud[spec];
    delete ud[spec];
  }
  return ud as I;
}

const mailStatusListeQuery = listeQuerySchema(mailStatusListe).extend({ kundeId: idSchema, year: aarSchema });
/** GetAnlaegMailIndberetningStatus's query: the spec's names or the list stack's. */
export const mailStatusQuerySchema = z.preprocess(
  (q: z.input<typeof mailStatusListeQuery>) => medSpecNavne(q),
  mailStatusListeQuery,
);

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
export const mailStatusSvarSchema = sideSchema(mailStatusRaekkeSchema);

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

/** The contact persons on the list stack: sorted by name (Danish order). */
export const kontaktpersonListe = valideringListe(['navn'], 1000);
export const kontaktpersonQuerySchema = listeQuerySchema(kontaktpersonListe);

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
export const kontaktpersonSvarSchema = sideSchema(kontaktpersonRaekkeSchema);

/** GET Vandanlaeg/GetAnlaegMailIndberetningStatus: the reporters' e-mail status of a year (spec 001 §7). */
export const hentMailStatus = endpoint({
  method: 'GET',
  path: '/Vandanlaeg/GetAnlaegMailIndberetningStatus',
  query: mailStatusQuerySchema,
  answer: mailStatusSvarSchema,
  access: VALIDERING_LAES,
});

/** PUT Vandanlaeg/SendMailTilIndberettere/{kundeId}?year=: a reminder to the plants' reporters. */
export const sendMailTilIndberettere = endpoint({
  method: 'PUT',
  path: '/Vandanlaeg/SendMailTilIndberettere/:kundeId',
  params: kundeIdParamsSchema,
  query: sendMailQuerySchema,
  body: sendMailBodySchema,
  answer: sendMailSvarSchema,
  access: VALIDERING_BESLUT,
});

/** GET VandanlaegKontaktperson/list/{kundeId}: the contact persons from Jupiter with their plants. */
export const hentKontaktpersoner = endpoint({
  method: 'GET',
  path: '/VandanlaegKontaktperson/list/:kundeId',
  params: kundeIdParamsSchema,
  query: kontaktpersonQuerySchema,
  answer: kontaktpersonSvarSchema,
  access: VALIDERING_LAES,
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

/**
 * GET validering/haendelser?token=: the event stream. EventSource cannot send headers, so the route
 * is open and checks the token in the query string (and the read right) itself; it answers a stream.
 */
export const valideringHaendelser = endpoint({
  method: 'GET',
  path: '/validering/haendelser',
  query: z.object({ token: z.string().min(1).max(4000) }),
  filTyper: ['text/event-stream'],
  public: true,
  langvarig: true,
});

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

/** POST validering/fortryd. */
export const fortrydBeslutning = endpoint({
  method: 'POST',
  path: '/validering/fortryd',
  body: fortrydBodySchema,
  answer: fortrydSvarSchema,
  access: VALIDERING_BESLUT,
});
