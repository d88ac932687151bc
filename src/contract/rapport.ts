import { z } from 'zod';
import { endpoint } from './endpoint';
import { decimalKomma, formatDato, formatHeltal, formatIsoDatoTid, formatTal2 } from './format';
import { SORT_RETNINGER } from './liste';
import {
  parseRapportFilter,
  type RapportFilter,
  type RapportFilterDef,
  type RapportFilterDefs,
} from './rapport-filter';
import { RAPPORT_NAVNE, type RapportNavn } from './rapport-sider';

/**
 * The report engine's declarations (issue 14, spec 001 §3 'Report rows', §7 'Reports'): every report
 * page is a declaration of its row fields — label, type, whether it is shown by default, sortable,
 * filterable, summed when rows are grouped — served by one call, `rapport/{reportType}`. The server
 * (src/server/rapport/) maps each field to SQL; the client draws the table, the column chooser and
 * the filter editors from the same declaration.
 *
 * Grouping: when the chosen columns include `antal`, the rows are grouped by the other chosen columns
 * (summed columns are summed) and `antal` counts the rows of each group — all in SQL.
 */

export type KolonneType = RapportFilterDef['type'];

export interface RapportKolonne {
  /** The row field as spec 001 §3 writes it; its filter property is the name lower-cased. */
  navn: string;
  label: string;
  type: KolonneType;
  /** False for columns that cannot be sorted (spec: 'some are not sortable'). */
  sorterbar?: boolean;
  /** Filterable, with the type's default keys unless said. */
  filter?: boolean | Pick<RapportFilterDef, 'noegler' | 'valg'>;
  /** A number read as a code (a year, a month, an id): shown without thousands separators. */
  nummer?: boolean;
  /**
   * A count (rows, receivers, roles): a whole number with thousands separators. Every other number
   * that is not a code shows exactly two decimals (spec 000/001: da-DK, 2 decimals), the same in
   * every row, in the list and in both exports.
   */
  heltal?: boolean;
  /**
   * A 'dato' column that keeps its time of day (a water level's pejletidspunkt): answered as local
   * (Copenhagen) 'YYYY-MM-DD HH:mm:ss', shown and exported DD-MM-YYYY HH:mm:ss; its filter compares
   * the day.
   */
  medTid?: boolean;
  /** Summed over a group when the rows are grouped (quantities). */
  sum?: boolean;
  /**
   * A 'valg' column holding a fixed lookup's names: the lookup's API path (as src/contract/lookups.ts
   * names it); its filter accepts the lookup's names (`rapportFilterDefs`' second argument).
   */
  opslag?: string;
}

export interface RapportDef {
  navn: RapportNavn;
  titel: string;
  /** The right to read it (resource names joined by '||'). */
  access: string;
  kolonner: readonly RapportKolonne[];
  /** The columns shown until the user chooses, in order (`antal` among them groups the rows). */
  standardKolonner: readonly string[];
  /** The default sort. */
  standardSort: string;
  standardRetning?: (typeof SORT_RETNINGER)[number];
  /** Filters always active, with the text they start with (spec: 'mandatory filters are forced active'). */
  obligatoriskeFiltre?: readonly { property: string; standard: string }[];
  /**
   * Filters in force while the request has none on their property (issue 29: the water reports count
   * approved data only). A user's own filter on the property replaces the standard one and brings the
   * property's column into the view, so every row (grouped rows and exports too) says which it is.
   */
  standardFiltre?: readonly { property: string; standard: string; forklaring: string }[];
  /** A time series: the chart's x (a date column) and y (a quantity column). */
  tidsserie?: {
    x: string;
    y: string;
    /** Per month: the sum (quantities) or the average (levels) of y. */
    aggregat: 'sum' | 'gennemsnit';
    /** The y axis' unit, e.g. 'm³' or 'm DVR90'. */
    enhed: string;
  };
}

/**
 * A cell of a report as the list shows it: a date DD-MM-YYYY (with HH:mm:ss where the column keeps
 * its time of day), a code as it is, a count whole, every other number with exactly two decimals.
 */
export function rapportCelleTekst(
  k: Pick<RapportKolonne, 'type' | 'nummer' | 'heltal' | 'medTid'>,
  v: string | number | boolean | null | undefined,
): string {
  if (v === null || v === undefined) return '';
  if (k.type === 'dato') return k.medTid ? formatIsoDatoTid(String(v)) : formatDato(String(v));
  if (k.type === 'tal') {
    if (k.nummer) return String(v);
    return k.heltal ? formatHeltal(Number(v)) : formatTal2(Number(v));
  }
  if (k.type === 'bool') return v === true ? 'Ja' : 'Nej';
  return String(v);
}

/** The count column every report has; choosing it groups the rows. */
export const ANTAL: RapportKolonne = {
  navn: 'antal',
  label: 'Antal',
  type: 'tal',
  sorterbar: true,
  heltal: true,
};

/**
 * The whitelist of a report's filter properties, from its declaration; `opslagNavne` gives the names
 * of a lookup-backed column's lookup (the server from its catalogue, the client from its cache).
 * Without it, a lookup-backed column filters as text by equals (the server still checks the names).
 */
export function rapportFilterDefs(
  def: RapportDef,
  opslagNavne?: (path: string) => readonly string[],
): RapportFilterDefs {
  const defs: RapportFilterDefs = {};
  for (const k of def.kolonner) {
    if (!k.filter) continue;
    const opslag: Partial<RapportFilterDef> = !k.opslag
      ? {}
      : opslagNavne
        ? { valg: opslagNavne(k.opslag) }
        : { type: 'tekst', noegler: ['equals'] };
    defs[k.navn.toLowerCase()] = {
      type: k.type,
      label: k.label,
      // A number read as a code (year, month, id) is a whole number in its column.
      ...(k.type === 'tal' && k.nummer ? { heltal: true } : {}),
      ...opslag,
      ...(k.filter === true ? {} : k.filter),
    };
  }
  return defs;
}

/**
 * The filters in force: the user's, and each standard filter whose property she has not filtered
 * (a standard filter that does not parse is a programming error).
 */
export function gaeldendeFiltre(
  def: RapportDef,
  filtre: readonly RapportFilter[],
  defs: RapportFilterDefs = rapportFilterDefs(def),
): RapportFilter[] {
  const ud = [...filtre];
  for (const s of def.standardFiltre ?? []) {
    if (filtre.some((f) => f.property === s.property)) continue;
    const p = parseRapportFilter(s.standard, defs);
    if (!p.ok) throw new Error(`${def.navn}: standard filter ${s.standard}: ${p.fejl}`);
    ud.push(...p.filtre);
  }
  return ud;
}

/**
 * The chosen columns and, for each standard filter the user replaced by her own, the filtered
 * column when it is not chosen: last, or, when the rows are grouped, among the grouping columns
 * (before the counted and summed ones), so every group holds one value of it.
 */
export function medFiltreretKolonne(
  def: RapportDef,
  valgte: readonly string[],
  filtre: readonly RapportFilter[],
): string[] {
  const ud = [...valgte];
  for (const s of def.standardFiltre ?? []) {
    if (!filtre.some((f) => f.property === s.property)) continue;
    if (ud.some((n) => n.toLowerCase() === s.property)) continue;
    const k = def.kolonner.find((x) => x.navn.toLowerCase() === s.property);
    if (!k) continue;
    const sum = (n: string) =>
      n.toLowerCase() === ANTAL.navn || def.kolonner.some((x) => x.navn === n && x.sum);
    const i = ud.some((n) => n.toLowerCase() === ANTAL.navn) ? ud.findIndex(sum) : -1;
    ud.splice(i < 0 ? ud.length : i, 0, k.navn);
  }
  return ud;
}

/** One row: values by column name (dates as YYYY-MM-DD, quantities as numbers). */
export const rapportRaekkeSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type RapportRaekke = z.infer<typeof rapportRaekkeSchema>;

export const rapportSvarSchema = z.object({
  totalCount: z.number(),
  items: z.array(rapportRaekkeSchema),
  /** The columns answered, in order (the chosen ones that exist). */
  kolonner: z.array(z.string()),
});
export type RapportSvar = z.infer<typeof rapportSvarSchema>;

const heltal = (fejl: string) => z.coerce.number({ error: fejl }).int({ error: fejl });

/** The query of `rapport/{reportType}`; the report itself checks the column names and the filter. */
export const rapportQuerySchema = z.object({
  start: heltal('start skal være et helt tal')
    .min(0, 'start må ikke være negativ')
    .max(10_000_000)
    .default(0),
  take: heltal('take skal være et helt tal')
    .min(1, 'take skal være mindst 1')
    .max(500, 'take må højst være 500')
    .default(50),
  sortByColumn: z.string().max(60).optional(),
  sortDirection: z.enum(SORT_RETNINGER, { error: 'sortDirection skal være ASC eller DESC' }).default('ASC'),
  /** The filter text of spec 001 §7 (src/contract/rapport-filter.ts). */
  filter: z.string().max(2000, 'Filteret må højst være 2000 tegn').default(''),
  /** The chosen columns, comma-separated; the report's default columns when omitted. */
  kolonner: z.string().max(2000).optional(),
});
export type RapportQuery = z.input<typeof rapportQuerySchema>;

/** GET rapport/{reportType} (spec; method and payload not shown there: decided in docs/decisions.md). */
export const hentRapport = endpoint({
  method: 'GET',
  path: '/rapport/:reportType',
  params: z.object({ reportType: z.enum(RAPPORT_NAVNE, { error: 'Ukendt rapport' }) }),
  query: rapportQuerySchema,
  answer: rapportSvarSchema,
});

/** A filter in words (a chip, the lines above an export): 'Årstal: 2024–2025', 'Anlægsnavn indeholder »vand«'. */
export function filterTekst(def: RapportDef, f: RapportFilter): string {
  const label = rapportFilterDefs(def)[f.property]?.label ?? f.property;
  const dato = (iso: string | null) =>
    iso ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` : '';
  const tal = (n: number | null) => (n === null ? '' : decimalKomma(n));
  switch (f.noegle) {
    case 'contains':
      return `${label} indeholder »${f.vaerdi}«`;
    case 'between': {
      const [fra, til] = f.type === 'dato' ? [dato(f.fra), dato(f.til)] : [tal(f.fra), tal(f.til)];
      if (!til) return `${label}: fra ${fra}`;
      if (!fra) return `${label}: til ${til}`;
      return `${label}: ${fra}–${til}`;
    }
    case 'equals':
      if (f.type === 'bool') return `${label}: ${f.vaerdi ? 'Ja' : 'Nej'}`;
      return `${label}: ${f.vaerdier.map((v) => decimalKomma(v)).join(' eller ')}`;
  }
}

export const EKSPORT_FORMATER = ['csv', 'xlsx'] as const;
export type EksportFormat = (typeof EKSPORT_FORMATER)[number];

/**
 * GET rapport/{reportType}/eksport?format=csv|xlsx (addition): the whole result of the view (its
 * columns, filters and sort; no paging) as a file, streamed. The header `x-antal-raekker` tells the
 * number of rows first, so the client can show progress; aborting the request stops the export.
 */
export const eksporterRapport = endpoint({
  method: 'GET',
  path: '/rapport/:reportType/eksport',
  params: z.object({ reportType: z.enum(RAPPORT_NAVNE, { error: 'Ukendt rapport' }) }),
  query: rapportQuerySchema.omit({ start: true, take: true }).extend({
    format: z.enum(EKSPORT_FORMATER, { error: 'format skal være csv eller xlsx' }),
  }),
  filTyper: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  langvarig: true,
});

/** One month of a time series: its first day and the aggregated value. */
export const tidsseriePunktSchema = z.object({ maaned: z.string(), vaerdi: z.number() });
export type TidsseriePunkt = z.infer<typeof tidsseriePunktSchema>;

/**
 * GET rapport/{reportType}/tidsserie (addition): a time-series report's chart, month by month over
 * the whole filtered result (not only the page): the sum or the average of its y column.
 */
export const hentRapportTidsserie = endpoint({
  method: 'GET',
  path: '/rapport/:reportType/tidsserie',
  params: z.object({ reportType: z.enum(RAPPORT_NAVNE, { error: 'Ukendt rapport' }) }),
  query: z.object({ filter: rapportQuerySchema.shape.filter }),
  answer: z.object({ punkter: z.array(tidsseriePunktSchema).max(2400) }),
});
