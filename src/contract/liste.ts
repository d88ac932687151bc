import { z } from 'zod';
import './zod-da';

/**
 * The list stack (issue 10): every server-paged list (the company list, the validation queues, the
 * e-mail status, the reports to come) is a declaration of its sort columns and column filters; the
 * query schema, the filter parser and the paged answer come from here, and the server's SQL side
 * from src/server/db/liste.ts.
 *
 * Query: start, take, sortByColumn, sortDirection, filter (free text), filteredColumns (repeated,
 * each `kolonne:værdi|værdi`: several values of one column are alternatives, different columns all
 * apply). Answer: `{ totalCount, items }`.
 */

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

export const SORT_RETNINGER = ['ASC', 'DESC'] as const;
export type SortRetning = (typeof SORT_RETNINGER)[number];

/** Which values a filter column accepts. */
export type FilterRegler<F extends string> = Record<F, (vaerdi: string) => boolean>;

export interface KolonneFilter<F extends string = string> {
  kolonne: F;
  vaerdier: string[];
}

/** Most values one column filter may carry. */
const MAKS_FILTERVAERDIER = 50;

/** Parses one `kolonne:værdi|værdi` entry against the list's rules; null when it is not valid. */
export function parseKolonneFilter<F extends string>(
  regler: FilterRegler<F>,
  text: string,
): KolonneFilter<F> | null {
  const at = text.indexOf(':');
  if (at <= 0) return null;
  const kolonne = text.slice(0, at).trim() as F;
  if (!Object.hasOwn(regler, kolonne)) return null;
  const vaerdier = text
    .slice(at + 1)
    .split('|')
    .map((v) => v.trim());
  if (vaerdier.length === 0 || vaerdier.length > MAKS_FILTERVAERDIER || !vaerdier.every(regler[kolonne]))
    return null;
  return { kolonne, vaerdier };
}

export const formatKolonneFilter = (f: KolonneFilter): string => `${f.kolonne}:${f.vaerdier.join('|')}`;

/** A list's declaration: what it can be sorted and filtered by, and its page sizes. */
export interface ListeDef<S extends string, F extends string> {
  /** The sort whitelist; the first is the default unless `standardSort` says otherwise. */
  sortKolonner: readonly [S, ...S[]];
  standardSort?: S;
  standardRetning?: SortRetning;
  filterRegler: FilterRegler<F>;
  standardTake: number;
  maxTake: number;
  /** Longest free-text filter. */
  filterMaks: number;
}

const heltal = (fejl: string) => z.coerce.number({ error: fejl }).int({ error: fejl });

/** The one query schema of a list: parsed the same way on every list of the server. */
export function listeQuerySchema<S extends string, F extends string>(def: ListeDef<S, F>) {
  return z.object({
    start: heltal('start skal være et helt tal')
      .min(0, 'start må ikke være negativ')
      .max(100_000_000, 'start er for stor')
      .default(0),
    take: heltal('take skal være et helt tal')
      .min(1, 'take skal være mindst 1')
      .max(def.maxTake, `Højst ${def.maxTake} rækker ad gangen`)
      .default(def.standardTake),
    sortByColumn: z
      .enum(def.sortKolonner as unknown as [S, ...S[]], { error: 'Ukendt kolonne' })
      .default(def.standardSort ?? def.sortKolonner[0]),
    sortDirection: z
      .enum(['ASC', 'DESC', 'asc', 'desc'], { error: 'Skal være ASC eller DESC' })
      .transform((v) => v.toUpperCase() as SortRetning)
      .default(def.standardRetning ?? 'ASC'),
    filter: z.string().trim().max(def.filterMaks, `Filteret må højst være ${def.filterMaks} tegn`).optional(),
    filteredColumns: repeated(
      z
        .string()
        .max(400, 'Kolonnefilteret er for langt')
        .refine((s) => parseKolonneFilter(def.filterRegler, s) !== null, 'Ugyldigt kolonnefilter'),
      20,
    ),
  });
}

/** The parsed query of a list (what the server's handler receives). */
export interface ListeQuery<S extends string = string> {
  start: number;
  take: number;
  sortByColumn: S;
  sortDirection: SortRetning;
  filter?: string;
  filteredColumns: string[];
}

/** The one paged answer: the page's rows and how many rows match in all. */
export const sideSchema = <T extends z.ZodType>(item: T) =>
  z.object({ totalCount: z.number().int().min(0), items: z.array(item) });

export interface Side<T> {
  totalCount: number;
  items: T[];
}
