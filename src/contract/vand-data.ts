import { z } from 'zod';
import {
  datoSchema,
  idParamsSchema,
  idSchema,
  rowVersionQuerySchema,
  rowVersionSchema,
  tidspunktSchema,
} from './common';
import { endpoint } from './endpoint';
import { DGU_UGYLDIG, dguNrGyldigt } from './jupiter-regler';
import { VAND_LAES, VAND_RET } from './roles';
import { pejlingPostSchema, vandproevePostSchema } from './validering';
import { afrund, ledningstab, ledningstabProcent } from './vand-regler';

/**
 * The water data of a plant (issue 11): boreholes with their intakes, pumped quantities at plant and
 * intake level with their supply lines, water-level readings and water samples. Paths are the spec's
 * (001 §7 'Water plants'); the routes that are not in the spec are listed in docs/api.md.
 */

export { VAND_LAES, VAND_RET };

export const BORING_KONFLIKT = 'Boringen er ændret af en anden siden du hentede den. Hent den igen.';
export const MAENGDE_KONFLIKT = 'Vandmængden er ændret af en anden siden du hentede den. Hent den igen.';
export const PEJLING_KONFLIKT = 'Pejlingen er ændret af en anden siden du hentede den. Hent den igen.';
export const BORING_HAR_MAENGDER =
  'Boringen kan ikke slettes, fordi der er indberettet vandmængder eller pejlinger på dens indtag. Slet dem først.';
export const INDTAG_HAR_MAENGDER =
  'Indtaget kan ikke fjernes, fordi der er indberettet vandmængder eller pejlinger på det.';
/** The 400 that asks whether the meter was replaced: its field name and title. */
export const MAALERSKIFT_FELT = 'maalerskift';
export const MAALERSKIFT_TITEL = 'Er måleren skiftet?';

/** The water-level situation (spec 001 §3 display labels). */
export const PEJLE_SITUATION = { I_RO: 0, I_DRIFT: 1 } as const;
export const situationTekst = (s: number | null | undefined) =>
  s === PEJLE_SITUATION.I_RO ? 'I ro' : s === PEJLE_SITUATION.I_DRIFT ? 'I drift' : 'Ingen situation angivet';

/** A supply line's change state: only changed lines are sent, the server applies them. */
export const LINJE_STATUS = { UNCHANGED: 0, CREATED: 1, UPDATED: 2, DELETED: 3 } as const;

const MAKS_TAL = 1e12;
const tal = (navn: string) =>
  z
    .number({ error: `${navn} skal være et tal` })
    .min(-MAKS_TAL, { error: `${navn} er for lille` })
    .max(MAKS_TAL, { error: `${navn} er for stort` });
const ikkeNegativ = (navn: string) => tal(navn).min(0, { error: `${navn} må ikke være negativ` });
const tekst = (maks: number) =>
  z
    .string({ error: 'Skal være tekst' })
    .max(maks, { error: `Højst ${maks} tegn` })
    .nullable()
    .optional()
    .transform((s) => (s === undefined || s === null || s.trim() === '' ? null : s));
const valgfri = <T extends z.ZodType>(s: T) =>
  s
    .nullable()
    .optional()
    .transform((v) => v ?? null);

// ---------------------------------------------------------------------------------------------
// The computed fields (shared by the server and the client, so the form shows them while typing)

export interface BeregnInput {
  maalerstandStart?: number | null;
  maalerstandSlut?: number | null;
  omregningsfaktor?: number | null;
  /** A quantity typed by the user: used when the meter readings do not give one, or the meter was replaced. */
  vandmaengdeOppumpet?: number | null;
  /** The meter was replaced in the period: a typed quantity wins over the readings' difference. */
  maalerskift?: boolean;
  vandvaerketsEgetForbrug?: number | null;
  filterskylning?: number | null;
  /** Water received from and delivered to other plants in the period (periodensUdveksling). */
  importeret?: number | null;
  eksporteret?: number | null;
  /** The supply lines as they will be after the change (deleted lines left out). */
  forsyning?: readonly { maengde: number | null }[];
}
export interface BeregnedeFelter {
  /** (maalerstandSlut − maalerstandStart) × omregningsfaktor, else the typed quantity (see maalerskift). */
  vandmaengdeOppumpet: number | null;
  /** The sum of the supply lines. */
  samletLeveretVandmaengde: number;
  /** The imports and exports counted (0 when none). */
  importeret: number;
  eksporteret: number;
  /** Oppumpet + importeret − eksporteret − eget forbrug − filterskylning − leveret (vand-regler.ts); null without a pumped quantity. */
  ledningstab: number | null;
  /** Line loss in per cent of the water put into the network (udpumpet); null when none was. */
  ledningstabProcent: number | null;
}

/** The formula of OppumpedeMaengderBeregnedeFelter (docs/decisions.md). */
export function beregnFelter(i: BeregnInput): BeregnedeFelter {
  const faktor = i.omregningsfaktor ?? 1;
  const fraMaaler =
    i.maalerstandStart !== null &&
    i.maalerstandStart !== undefined &&
    i.maalerstandSlut !== null &&
    i.maalerstandSlut !== undefined
      ? afrund((i.maalerstandSlut - i.maalerstandStart) * faktor)
      : null;
  const skrevet = i.vandmaengdeOppumpet ?? null;
  const oppumpet = i.maalerskift && skrevet !== null ? skrevet : (fraMaaler ?? skrevet);
  const leveret = afrund((i.forsyning ?? []).reduce((s, l) => s + (l.maengde ?? 0), 0));
  const tab = {
    oppumpet,
    importeret: i.importeret ?? 0,
    eksporteret: i.eksporteret ?? 0,
    egetForbrug: i.vandvaerketsEgetForbrug,
    filterskylning: i.filterskylning,
    leveret,
  };
  return {
    vandmaengdeOppumpet: oppumpet,
    samletLeveretVandmaengde: leveret,
    importeret: tab.importeret,
    eksporteret: tab.eksporteret,
    ledningstab: ledningstab(tab),
    ledningstabProcent: ledningstabProcent(tab),
  };
}

// ---------------------------------------------------------------------------------------------
// Boreholes and intakes

export const indtagSchema = z.object({
  id: z.number(),
  indtagsnr: z.number(),
  jupiterId: z.string().nullable(),
  filterTop: z.number().nullable(),
  filterBund: z.number().nullable(),
  /** Reported quantities on the intake: it cannot be removed then. */
  antalMaengder: z.number(),
});
export type Indtag = z.infer<typeof indtagSchema>;

export const boringSchema = z.object({
  id: z.number(),
  vandanlaegId: z.number(),
  dguNr: z.string(),
  navn: z.string().nullable(),
  terraenkote: z.number().nullable(),
  dybde: z.number().nullable(),
  boreDato: z.string().nullable(),
  version: z.number(),
  indtag: z.array(indtagSchema),
});
export type Boring = z.infer<typeof boringSchema>;

const indtagInputSchema = z
  .object({
    /** Absent for a new intake. */
    id: idSchema.optional(),
    indtagsnr: z
      .number({ error: 'Indtagsnr. skal være et tal' })
      .int({ error: 'Indtagsnr. skal være et helt tal' })
      .min(1, { error: 'Indtagsnr. skal være mindst 1' })
      .max(999, { error: 'Indtagsnr. må højst være 999' }),
    jupiterId: tekst(40),
    filterTop: valgfri(ikkeNegativ('Filtertop')),
    filterBund: valgfri(ikkeNegativ('Filterbund')),
  })
  .refine((i) => i.filterTop === null || i.filterBund === null || i.filterTop <= i.filterBund, {
    error: 'Filtertop skal ligge over filterbund (mindre dybde)',
    path: ['filterBund'],
  });
export type IndtagInput = z.input<typeof indtagInputSchema>;

const boringFelter = {
  virksomhedId: idSchema,
  dguNr: z
    .string({ error: 'DGU-nr. skal udfyldes' })
    .trim()
    .min(1, { error: 'DGU-nr. skal udfyldes' })
    .max(40, { error: 'Højst 40 tegn' })
    .refine((s) => s === '' || dguNrGyldigt(s), { error: DGU_UGYLDIG }),
  navn: tekst(200),
  terraenkote: valgfri(tal('Terrænkote')),
  dybde: valgfri(ikkeNegativ('Dybde')),
  boreDato: valgfri(datoSchema('Boredato skal være en dato')),
  indtag: z
    .array(indtagInputSchema)
    .max(50, { error: 'Højst 50 indtag' })
    .default([])
    .refine((l) => new Set(l.map((i) => i.indtagsnr)).size === l.length, {
      error: 'To indtag har samme nummer',
    }),
};
export const boringOpretSchema = z.object(boringFelter);
export const boringRetSchema = z.object({
  ...boringFelter,
  version: rowVersionSchema('version skal sendes med'),
});
export type BoringInput = z.input<typeof boringRetSchema>;

const boringListeSchema = z.array(boringSchema);

export const boringEndpoints = {
  liste: endpoint({
    method: 'GET',
    path: '/Boring/list/:anlaegId',
    params: z.object({ anlaegId: idSchema }),
    answer: boringListeSchema,
    access: VAND_LAES,
  }),
  simpel: endpoint({
    method: 'GET',
    path: '/Boring/listsimple/:id',
    params: idParamsSchema,
    answer: z.array(z.object({ id: z.number(), dguNr: z.string(), navn: z.string().nullable() })),
    access: VAND_LAES,
  }),
  opret: endpoint({
    method: 'POST',
    path: '/Boring',
    body: boringOpretSchema,
    answer: boringSchema,
    status: 201,
    access: VAND_RET,
  }),
  ret: endpoint({
    method: 'PUT',
    path: '/Boring/:id',
    params: idParamsSchema,
    body: boringRetSchema,
    answer: boringSchema,
    access: VAND_RET,
  }),
  slet: endpoint({
    method: 'DELETE',
    path: '/Boring/:id',
    params: idParamsSchema,
    query: z.object({ virksomhedId: idSchema, version: rowVersionQuerySchema('version skal sendes med') }),
    status: 204,
    access: VAND_RET,
  }),
};

// ---------------------------------------------------------------------------------------------
// Pumped quantities (plant level: indtagId null; intake level: IndtagNiveau)

export const forsyningslinjeSchema = z.object({
  id: z.number(),
  jupiterForsyningsartId: z.number(),
  forsyningsart: z.string(),
  maengde: z.number(),
  modtagerAntal: z.number().nullable(),
  status: z.number(),
});
export type Forsyningslinje = z.infer<typeof forsyningslinjeSchema>;

export const maengdeSchema = z.object({
  id: z.number(),
  vandanlaegId: z.number(),
  indtagId: z.number().nullable(),
  startdato: z.string(),
  slutdato: z.string(),
  grundvand: z.boolean(),
  overfladevand: z.boolean(),
  maalerstandStart: z.number().nullable(),
  maalerstandSlut: z.number().nullable(),
  omregningsfaktor: z.number(),
  vandmaengdeOppumpet: z.number(),
  vandvaerketsEgetForbrug: z.number().nullable(),
  vandvaerketsEgetForbrugBemaerkning: z.string().nullable(),
  filterskylning: z.number().nullable(),
  jupiterIndvindingsmetodeId: z.number().nullable(),
  kontrolleret: z.boolean().nullable(),
  kontrolleretTekst: z.string().nullable(),
  maalerskift: z.boolean(),
  forsyning: z.array(forsyningslinjeSchema),
  samletLeveretVandmaengde: z.number(),
  /** The plant's imports and exports counted in the period (plant level; 0 at intake level). */
  importeret: z.number(),
  eksporteret: z.number(),
  ledningstab: z.number().nullable(),
  bemaerkning: z.string().nullable(),
  indberetter: z.string().nullable(),
  indberettetDato: z.string(),
  /** Validation state: VALIDERING_STATUS (0 Afventer, 1 Godkendt, 2 Forkastet), who and when. */
  status: z.number(),
  besluttetAf: z.string().nullable(),
  besluttetDato: z.string().nullable(),
  version: z.number(),
});
export type Maengde = z.infer<typeof maengdeSchema>;

const linjeInputSchema = z.object({
  /** The line's id; absent for a created line. */
  id: idSchema.optional(),
  status: z
    .number({ error: 'Linjens status skal være et tal' })
    .int()
    .min(0, { error: 'Ukendt linjestatus' })
    .max(3, { error: 'Ukendt linjestatus' }),
  jupiterForsyningsartId: idSchema,
  maengde: ikkeNegativ('Mængden'),
  modtagerAntal: valgfri(
    z.number({ error: 'Antal modtagere skal være et tal' }).int().min(0).max(10_000_000),
  ),
});
export type LinjeInput = z.input<typeof linjeInputSchema>;

/** Only the changed lines, each with its status: created, updated or deleted (unchanged ones are not sent). */
export function aendredeLinjer(
  foer: readonly {
    id: number;
    jupiterForsyningsartId: number;
    maengde: number;
    modtagerAntal: number | null;
  }[],
  nu: readonly {
    id?: number;
    jupiterForsyningsartId: number | null;
    maengde: number | null;
    modtagerAntal: number | null;
  }[],
): LinjeInput[] {
  const ud: LinjeInput[] = [];
  const gamle = new Map(foer.map((l) => [l.id, l]));
  const beholdt = new Set<number>();
  for (const l of nu) {
    const felter = {
      jupiterForsyningsartId: l.jupiterForsyningsartId ?? 0,
      maengde: l.maengde ?? 0,
      modtagerAntal: l.modtagerAntal,
    };
    const g = l.id === undefined ? undefined : gamle.get(l.id);
    if (!g) {
      ud.push({ status: LINJE_STATUS.CREATED, ...felter });
      continue;
    }
    beholdt.add(g.id);
    if (
      g.jupiterForsyningsartId !== felter.jupiterForsyningsartId ||
      g.maengde !== felter.maengde ||
      g.modtagerAntal !== felter.modtagerAntal
    )
      ud.push({ id: g.id, status: LINJE_STATUS.UPDATED, ...felter });
  }
  for (const g of foer)
    if (!beholdt.has(g.id))
      ud.push({
        id: g.id,
        status: LINJE_STATUS.DELETED,
        jupiterForsyningsartId: g.jupiterForsyningsartId,
        maengde: g.maengde,
        modtagerAntal: g.modtagerAntal,
      });
  return ud;
}

const maengdeFelter = {
  virksomhedId: idSchema,
  startdato: datoSchema('Startdato skal være en dato'),
  slutdato: datoSchema('Slutdato skal være en dato'),
  grundvand: z.boolean().default(true),
  overfladevand: z.boolean().default(false),
  maalerstandStart: valgfri(ikkeNegativ('Målerstand start')),
  maalerstandSlut: valgfri(ikkeNegativ('Målerstand slut')),
  omregningsfaktor: z
    .number({ error: 'Omregningsfaktor skal være et tal' })
    .gt(0, { error: 'Omregningsfaktor skal være større end 0' })
    .max(1_000_000, { error: 'Omregningsfaktor er for stor' })
    .default(1),
  /** Used when no meter readings are given (otherwise computed from them). */
  vandmaengdeOppumpet: valgfri(ikkeNegativ('Oppumpet vandmængde')),
  vandvaerketsEgetForbrug: valgfri(ikkeNegativ('Vandværkets eget forbrug')),
  vandvaerketsEgetForbrugBemaerkning: tekst(2000),
  filterskylning: valgfri(ikkeNegativ('Filterskylning')),
  // Stored as smallint (a Jupiter code): beyond it is a Danish 400, never a database error.
  jupiterIndvindingsmetodeId: valgfri(idSchema.max(32_767, { error: 'Ukendt indvindingsmetode' })),
  kontrolleret: valgfri(z.boolean()),
  kontrolleretTekst: tekst(2000),
  /** The meter was replaced in the period: a start reading below the previous end is accepted. */
  maalerskift: z.boolean().default(false),
  bemaerkning: tekst(4000),
  forsyning: z.array(linjeInputSchema).max(200, { error: 'Højst 200 forsyningslinjer' }).default([]),
};
export const maengdeOpretSchema = z.object(maengdeFelter);
export const maengdeRetSchema = z.object({
  ...maengdeFelter,
  version: rowVersionSchema('version skal sendes med'),
});
export const indtagMaengdeOpretSchema = z.object({ ...maengdeFelter, indtagId: idSchema });
export const indtagMaengdeRetSchema = indtagMaengdeOpretSchema.extend({
  version: rowVersionSchema('version skal sendes med'),
});
export type MaengdeInput = z.input<typeof maengdeRetSchema>;

/** The previous period of a plant or intake, to prefill the next one; null when there is none. */
export const senesteInfoSchema = z
  .object({
    id: z.number(),
    startdato: z.string(),
    slutdato: z.string(),
    maalerstandSlut: z.number().nullable(),
    omregningsfaktor: z.number(),
    jupiterIndvindingsmetodeId: z.number().nullable(),
    /** The next period: from the day after, as long as the previous one. */
    naesteStartdato: z.string(),
    naesteSlutdato: z.string(),
    /** The previous period's supply types, to offer the same lines. */
    forsyningsarter: z.array(z.number()),
  })
  .nullable();
export type SenesteInfo = z.infer<typeof senesteInfoSchema>;

export const beregnBodySchema = z.object({
  maalerstandStart: valgfri(tal('Målerstand start')),
  maalerstandSlut: valgfri(tal('Målerstand slut')),
  omregningsfaktor: valgfri(tal('Omregningsfaktor')),
  maalerskift: z.boolean().optional(),
  vandmaengdeOppumpet: valgfri(tal('Oppumpet vandmængde')),
  vandvaerketsEgetForbrug: valgfri(tal('Vandværkets eget forbrug')),
  filterskylning: valgfri(tal('Filterskylning')),
  importeret: valgfri(ikkeNegativ('Importeret vand')),
  eksporteret: valgfri(ikkeNegativ('Eksporteret vand')),
  forsyning: z
    .array(z.object({ maengde: valgfri(tal('Mængden')), status: z.number().int().min(0).max(3).optional() }))
    .max(200)
    .default([]),
});
export const beregnSvarSchema = z.object({
  vandmaengdeOppumpet: z.number().nullable(),
  samletLeveretVandmaengde: z.number(),
  importeret: z.number(),
  eksporteret: z.number(),
  ledningstab: z.number().nullable(),
  ledningstabProcent: z.number().nullable(),
});

const maengdeListe = z.array(maengdeSchema);
const sletQuery = z.object({ version: rowVersionQuerySchema('version skal sendes med') });

export const maengdeEndpoints = {
  /** Plant level, newest first (not in the spec: docs/api.md). */
  liste: endpoint({
    method: 'GET',
    path: '/OppumpedeVandmaengder/list/:anlaegId',
    params: z.object({ anlaegId: idSchema }),
    answer: maengdeListe,
    access: VAND_LAES,
  }),
  opret: endpoint({
    method: 'POST',
    path: '/OppumpedeVandmaengder',
    body: maengdeOpretSchema,
    answer: maengdeSchema,
    status: 201,
    access: VAND_RET,
  }),
  ret: endpoint({
    method: 'PUT',
    path: '/OppumpedeVandmaengder/:id',
    params: idParamsSchema,
    body: maengdeRetSchema,
    answer: maengdeSchema,
    access: VAND_RET,
  }),
  slet: endpoint({
    method: 'DELETE',
    path: '/OppumpedeVandmaengder/:id',
    params: idParamsSchema,
    query: sletQuery,
    status: 204,
    access: VAND_RET,
  }),
  ledningstab: endpoint({
    method: 'GET',
    path: '/OppumpedeVandmaengder/ledningstab/:id',
    params: idParamsSchema,
    answer: beregnSvarSchema,
    access: VAND_LAES,
  }),
  seneste: endpoint({
    method: 'GET',
    path: '/OppumpedeVandmaengder/SenesteOppumpedeMaengdeInfo',
    query: z.object({ virksomhedId: idSchema }),
    answer: senesteInfoSchema,
    access: VAND_LAES,
  }),
  beregn: endpoint({
    method: 'POST',
    path: '/OppumpedeVandmaengder/OppumpedeMaengderBeregnedeFelter',
    body: beregnBodySchema,
    answer: beregnSvarSchema,
    access: VAND_LAES,
  }),
  forsyning: endpoint({
    method: 'GET',
    path: '/forsyning/list/:id',
    params: idParamsSchema,
    answer: z.array(forsyningslinjeSchema),
    access: VAND_LAES,
  }),
  sumForsyningsarter: endpoint({
    method: 'POST',
    path: '/vandanlaeg/sumForsyningsarter',
    body: z
      .object({
        virksomhedId: idSchema,
        fra: valgfri(datoSchema('Fra skal være en dato')),
        til: valgfri(datoSchema('Til skal være en dato')),
      })
      .refine((b) => !b.fra || !b.til || b.fra <= b.til, {
        error: 'Til skal ligge efter fra',
        path: ['til'],
      }),
    answer: z.array(
      z.object({
        jupiterForsyningsartId: z.number(),
        forsyningsart: z.string(),
        maengde: z.number(),
        antalPerioder: z.number(),
      }),
    ),
    access: VAND_LAES,
  }),
  /** Yearly pumped quantities against the permitted quantity, for the chart (not in the spec). */
  aarsoversigt: endpoint({
    method: 'GET',
    path: '/OppumpedeVandmaengder/aarsoversigt/:anlaegId',
    params: z.object({ anlaegId: idSchema }),
    answer: z.object({
      tilladtM3Aar: z.number().nullable(),
      aar: z.array(z.object({ aar: z.number(), oppumpet: z.number(), godkendt: z.number() })),
    }),
    access: VAND_LAES,
  }),
};

export const indtagMaengdeEndpoints = {
  /** The quantities of intake id, newest first. */
  liste: endpoint({
    method: 'GET',
    path: '/IndtagNiveau/list/IndtagNiveau/:id',
    params: idParamsSchema,
    answer: maengdeListe,
    access: VAND_LAES,
  }),
  opret: endpoint({
    method: 'POST',
    path: '/IndtagNiveau',
    body: indtagMaengdeOpretSchema,
    answer: maengdeSchema,
    status: 201,
    access: VAND_RET,
  }),
  ret: endpoint({
    method: 'PUT',
    path: '/IndtagNiveau/:id',
    params: idParamsSchema,
    body: indtagMaengdeRetSchema,
    answer: maengdeSchema,
    access: VAND_RET,
  }),
  slet: endpoint({
    method: 'DELETE',
    path: '/IndtagNiveau/:id',
    params: idParamsSchema,
    query: sletQuery,
    status: 204,
    access: VAND_RET,
  }),
  seneste: endpoint({
    method: 'GET',
    path: '/IndtagNiveau/SenesteOppumpedeMaengdeInfo',
    query: z.object({ indtagId: idSchema }),
    answer: senesteInfoSchema,
    access: VAND_LAES,
  }),
};

// ---------------------------------------------------------------------------------------------
// Water-level readings (the list is the spec's GET Pejling/list?AnonymId: hentPejlingListe in validering.ts)

const pejlingFelter = {
  indtagId: idSchema,
  /** ISO date or date-time; a date alone is read as 13:00 (spec 001 §9). */
  pejletidspunkt: tidspunktSchema(
    'Pejletidspunkt skal være en dato eller et tidspunkt (ÅÅÅÅ-MM-DD eller ÅÅÅÅ-MM-DDTTT:MM)',
  ),
  vandstandUnderTerraen: tal('Vandstand under terræn'),
  grundvandskote: valgfri(tal('Grundvandskote')),
  situation: valgfri(
    z
      .number({ error: 'Ukendt situation' })
      .int({ error: 'Ukendt situation' })
      .min(0, { error: 'Ukendt situation' })
      .max(1, { error: 'Ukendt situation' }),
  ),
  pejlemetode: tekst(200),
  bemaerkning: tekst(4000),
};
export const pejlingOpretSchema = z.object(pejlingFelter);
export const pejlingRetSchema = z.object({
  ...pejlingFelter,
  version: rowVersionSchema('version skal sendes med'),
});
export type PejlingInput = z.input<typeof pejlingRetSchema>;

export const pejlingEndpoints = {
  opret: endpoint({
    method: 'POST',
    path: '/Pejling',
    body: pejlingOpretSchema,
    answer: pejlingPostSchema,
    status: 201,
    access: VAND_RET,
  }),
  ret: endpoint({
    method: 'PUT',
    path: '/Pejling/:id',
    params: idParamsSchema,
    body: pejlingRetSchema,
    answer: pejlingPostSchema,
    access: VAND_RET,
  }),
  slet: endpoint({
    method: 'DELETE',
    path: '/Pejling/:id',
    params: idParamsSchema,
    query: sletQuery,
    status: 204,
    access: VAND_RET,
  }),
};

// ---------------------------------------------------------------------------------------------
// Water samples of a plant (every state, newest first; not in the spec)

export const vandproeveEndpoints = {
  liste: endpoint({
    method: 'GET',
    path: '/Vandproeve/anlaeg/:anlaegId',
    params: z.object({ anlaegId: idSchema }),
    answer: z.array(vandproevePostSchema),
    access: VAND_LAES,
  }),
};
