import { z } from 'zod';
import { idSchema, kundeIdParamsSchema } from './common';
import { endpoint } from './endpoint';
import { type KolonneFilter, type ListeDef, listeQuerySchema, sideSchema } from './liste';

/**
 * GET virksomhed/list (spec 001 §7) and the lookups the list and its forms use: branche/list and
 * sagsbehandler/list/{kundeId}. Decisions in docs/decisions.md 'Company and farm lists'.
 */

/** Columns the list can sort by (sortByColumn): the whitelist the server maps to SQL. */
export const LISTE_SORT_KOLONNER = [
  'navn',
  'cvrNr',
  'pNr',
  'chrNr',
  'adresse',
  'postnummer',
  'by',
  'branche',
  'kategori',
  'sagsbehandler',
  'ophoertDato',
  'etableringsDato',
  'omfattetAfBrugerbetaling',
] as const;
export type ListeSortKolonne = (typeof LISTE_SORT_KOLONNER)[number];

/**
 * Column filters (repeated filteredColumns), written `kolonne:værdi`, several values of one column
 * joined by '|' (any of them), different columns all apply:
 *   kategori:1a|1b|2|Ingen     ophoert:true|false      brugerbetaling:true|false
 *   sagsbehandler:<brugerId>|ingen   branche:<DB07-kode>   postnummer:<4 cifre>
 */
export const LISTE_FILTER_KOLONNER = [
  'kategori',
  'ophoert',
  'brugerbetaling',
  'sagsbehandler',
  'branche',
  'postnummer',
] as const;
export type ListeFilterKolonne = (typeof LISTE_FILTER_KOLONNER)[number];

const BOOL_VALUES = ['true', 'false'];

export const LISTE_MAX_TAKE = 500;

/** The company list on the list stack (src/contract/liste.ts): its sorts, column filters and page sizes. */
export const virksomhedListeDef: ListeDef<ListeSortKolonne, ListeFilterKolonne> = {
  sortKolonner: LISTE_SORT_KOLONNER,
  filterRegler: {
    kategori: (v) => ['1a', '1b', '2', 'Ingen'].includes(v),
    ophoert: (v) => BOOL_VALUES.includes(v),
    brugerbetaling: (v) => BOOL_VALUES.includes(v),
    sagsbehandler: (v) => v === 'ingen' || /^[1-9]\d{0,9}$/.test(v),
    branche: (v) => /^\d{2,6}$/.test(v),
    postnummer: (v) => /^\d{4}$/.test(v),
  },
  standardTake: 50,
  maxTake: LISTE_MAX_TAKE,
  filterMaks: 100,
};

export type ListeFilter = KolonneFilter<ListeFilterKolonne>;

export const virksomhedsTypeSchema = z.coerce
  .number({ error: 'virksomhedsType skal være 1 (virksomhed) eller 2 (landbrug)' })
  .pipe(
    z.union([z.literal(1), z.literal(2)], {
      error: 'virksomhedsType skal være 1 (virksomhed) eller 2 (landbrug)',
    }),
  );

export const virksomhedListeQuerySchema = listeQuerySchema(virksomhedListeDef).extend({
  kundeId: idSchema,
  virksomhedsType: virksomhedsTypeSchema,
});
export type VirksomhedListeQuery = z.input<typeof virksomhedListeQuerySchema>;

export const virksomhedListeItemSchema = z.object({
  id: z.number(),
  type: z.union([z.literal(1), z.literal(2)]),
  navn: z.string(),
  cvrNr: z.string().nullable(),
  pNr: z.string().nullable(),
  chrNr: z.string().nullable(),
  adresse: z.string().nullable(),
  postnummer: z.string().nullable(),
  by: z.string().nullable(),
  brancheKode: z.string().nullable(),
  branche: z.string().nullable(),
  kategori: z.string().nullable(),
  primaerSagsbehandlerId: z.number().nullable(),
  primaerSagsbehandler: z.string().nullable(),
  /** YYYY-MM-DD */
  ophoertDato: z.string().nullable(),
  etableringsDato: z.string().nullable(),
  omfattetAfBrugerbetaling: z.boolean(),
});
export type VirksomhedListeItem = z.infer<typeof virksomhedListeItemSchema>;

/**
 * The most matches the list counts exactly (issue 16): counting every match of a broad search costs
 * more than the page itself. Above it the answer says 'mere end N' (totalCountCapped).
 */
export const ANTAL_LOFT = 1000;

/**
 * The page and the total. The total is exact up to max(ANTAL_LOFT, start + take); with more matches
 * than that, `totalCountCapped` is true and `totalCount` is that bound: more than totalCount rows
 * match, so a next page exists.
 */
export const virksomhedListeSvarSchema = sideSchema(virksomhedListeItemSchema).extend({
  totalCountCapped: z.boolean(),
});
export type VirksomhedListeSvar = z.infer<typeof virksomhedListeSvarSchema>;

/** GET branche/list: DB07 industry codes, lookup-item shaped (spec 001 §3 'Lookup item'). */
export const brancheSchema = z.object({
  id: z.number(),
  kode: z.string(),
  navn: z.string(),
  aktiv: z.boolean(),
  /** 1 company industries, 2 farming industries. */
  virksomhedsType: z.union([z.literal(1), z.literal(2)]),
});
export const brancheListeSchema = z.array(brancheSchema);
export type Branche = z.infer<typeof brancheSchema>;

/** GET sagsbehandler/list/{kundeId}?type= ('Affald': the SAT programme's case workers). */
export const SAGSBEHANDLER_TYPER = [
  'Virksomhed',
  'Vandanlaeg',
  'Landbrug',
  'Virksomhedlandbrug',
  'Affald',
] as const;
export const sagsbehandlerQuerySchema = z.object({
  type: z.enum(SAGSBEHANDLER_TYPER, {
    error: 'type skal være Virksomhed, Vandanlaeg, Landbrug, Virksomhedlandbrug eller Affald',
  }),
});
export const sagsbehandlerSchema = z.object({ brugerId: z.number(), navn: z.string() });
export const sagsbehandlerListeSchema = z.array(sagsbehandlerSchema);
export type Sagsbehandler = z.infer<typeof sagsbehandlerSchema>;

/** GET virksomhed/list: the companies (virksomhedsType 1) or farms (2); the right depends on the type. */
export const hentVirksomhedListe = endpoint({
  method: 'GET',
  path: '/virksomhed/list',
  query: virksomhedListeQuerySchema,
  answer: virksomhedListeSvarSchema,
});

/** GET branche/list: the DB07 industry codes (no customer data: every signed-in user). */
export const hentBrancher = endpoint({ method: 'GET', path: '/branche/list', answer: brancheListeSchema });

/** GET sagsbehandler/list/{kundeId}?type=: the customer's users holding the matching caseworker role. */
export const hentSagsbehandlere = endpoint({
  method: 'GET',
  path: '/sagsbehandler/list/:kundeId',
  params: kundeIdParamsSchema,
  query: sagsbehandlerQuerySchema,
  answer: sagsbehandlerListeSchema,
});
