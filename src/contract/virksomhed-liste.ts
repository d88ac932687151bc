import { z } from 'zod';
import { idSchema } from './common';

/**
 * GET virksomhed/list (spec 001 §7) and the lookups the list and its forms use: branche/list and
 * sagsbehandler/list/{kundeId}. Decisions in docs/virksomhed-liste-notes.md.
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
const FILTER_VALUE_RULES: Record<ListeFilterKolonne, (v: string) => boolean> = {
  kategori: (v) => ['1a', '1b', '2', 'Ingen'].includes(v),
  ophoert: (v) => BOOL_VALUES.includes(v),
  brugerbetaling: (v) => BOOL_VALUES.includes(v),
  sagsbehandler: (v) => v === 'ingen' || /^[1-9]\d{0,9}$/.test(v),
  branche: (v) => /^\d{2,6}$/.test(v),
  postnummer: (v) => /^\d{4}$/.test(v),
};

export interface ListeFilter {
  kolonne: ListeFilterKolonne;
  vaerdier: string[];
}

/** Parses one `kolonne:værdi|værdi` entry; null when it is not valid. */
export function parseListeFilter(text: string): ListeFilter | null {
  const at = text.indexOf(':');
  if (at <= 0) return null;
  const kolonne = text.slice(0, at).trim() as ListeFilterKolonne;
  if (!(LISTE_FILTER_KOLONNER as readonly string[]).includes(kolonne)) return null;
  const vaerdier = text
    .slice(at + 1)
    .split('|')
    .map((v) => v.trim());
  if (vaerdier.length === 0 || vaerdier.length > 50 || !vaerdier.every(FILTER_VALUE_RULES[kolonne]))
    return null;
  return { kolonne, vaerdier };
}

export function formatListeFilter(f: ListeFilter): string {
  return `${f.kolonne}:${f.vaerdier.join('|')}`;
}

/** A query parameter that may be repeated: Fastify hands over a string or an array. */
export const repeated = <T extends z.ZodType<string>>(item: T, max = 50) =>
  z
    .union([item, z.array(item).max(max, `Højst ${max} værdier`)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]) as z.output<T>[]);

/** 'true'/'false' in a query string. */
export const queryBoolean = z
  .enum(['true', 'false', 'True', 'False', '1', '0'], { error: 'Skal være true eller false' })
  .transform((v) => v === 'true' || v === 'True' || v === '1');

export const virksomhedsTypeSchema = z.coerce
  .number({ error: 'virksomhedsType skal være 1 (virksomhed) eller 2 (landbrug)' })
  .pipe(
    z.union([z.literal(1), z.literal(2)], {
      error: 'virksomhedsType skal være 1 (virksomhed) eller 2 (landbrug)',
    }),
  );

export const LISTE_MAX_TAKE = 500;

export const virksomhedListeQuerySchema = z.object({
  kundeId: idSchema,
  start: z.coerce
    .number({ error: 'Skal være et tal' })
    .int()
    .min(0, 'Må ikke være negativ')
    .max(10_000_000)
    .default(0),
  take: z.coerce
    .number({ error: 'Skal være et tal' })
    .int()
    .min(1, 'Skal være mindst 1')
    .max(LISTE_MAX_TAKE, `Højst ${LISTE_MAX_TAKE} rækker ad gangen`)
    .default(50),
  sortByColumn: z.enum(LISTE_SORT_KOLONNER, { error: 'Ukendt kolonne' }).default('navn'),
  sortDirection: z
    .enum(['ASC', 'DESC', 'asc', 'desc'], { error: 'Skal være ASC eller DESC' })
    .transform((v) => v.toUpperCase() as 'ASC' | 'DESC')
    .default('ASC'),
  filter: z.string().trim().max(100, 'Filteret må højst være 100 tegn').optional(),
  virksomhedsType: virksomhedsTypeSchema,
  filteredColumns: repeated(
    z
      .string()
      .max(400)
      .refine((s) => parseListeFilter(s) !== null, 'Ugyldigt kolonnefilter'),
    20,
  ),
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

export const virksomhedListeSvarSchema = z.object({
  totalCount: z.number(),
  items: z.array(virksomhedListeItemSchema),
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

/** GET sagsbehandler/list/{kundeId}?type= */
export const SAGSBEHANDLER_TYPER = ['Virksomhed', 'Vandanlaeg', 'Landbrug', 'Virksomhedlandbrug'] as const;
export const sagsbehandlerQuerySchema = z.object({
  type: z.enum(SAGSBEHANDLER_TYPER, {
    error: 'type skal være Virksomhed, Vandanlaeg, Landbrug eller Virksomhedlandbrug',
  }),
});
export const sagsbehandlerSchema = z.object({ brugerId: z.number(), navn: z.string() });
export const sagsbehandlerListeSchema = z.array(sagsbehandlerSchema);
export type Sagsbehandler = z.infer<typeof sagsbehandlerSchema>;
