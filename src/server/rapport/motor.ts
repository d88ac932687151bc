import { type SQL, sql } from 'drizzle-orm';
import {
  ANTAL,
  gaeldendeFiltre,
  medFiltreretKolonne,
  type RapportDef,
  type RapportKolonne,
  rapportFilterDefs,
} from '../../contract/rapport';
import { parseRapportFilter, type RapportFilter } from '../../contract/rapport-filter';
import { lookupListe } from '../catalog/lookups';
import { containsPattern } from '../db/like';
import { badRequest } from '../http/errors';

/**
 * The report engine's SQL side (issue 14): one query shape for every report. A report's source
 * (`RapportKilde`) names its FROM clause, scoped to the customer, and each column's SQL expression; the
 * engine adds the parsed filters (values only ever as parameters), the grouping with `antal` and the
 * sums, the sort from the chosen, sortable columns, the page and the total.
 */
export interface RapportKilde {
  /**
   * `from … where …` of the report's rows for the customer (joins included); `typer` are the company
   * types (1 company, 2 farm) whose read right the user holds, for the reports that cover both.
   */
  fra(kundeId: number, typer: readonly number[]): SQL;
  /** Each column's expression (every declared column but `antal`). */
  kolonner: Record<string, SQL>;
  /**
   * What a column's filter compares, when it differs from what the column shows (by column name):
   * e.g. the Kategori filter's wire values 1a/1b/2_/3_ while the column shows 1a/1b/2/Ingen.
   */
  filterUdtryk?: Record<string, SQL>;
  /** A unique key of a row, so pages of ungrouped rows never overlap. */
  noegle: SQL;
  /**
   * The table whose rows drive the source and the expression of their id: an export on PGlite reads
   * the source in ranges of that id, each range a short statement (see rapportTrin).
   */
  opdeling?: { tabel: string; id: SQL };
  /** How many of the report's rows one row of the source stands for (a summary's count); else 1. */
  antal?: SQL;
  /**
   * A pre-aggregated source (kept by triggers) with the columns it can answer: a grouped plan whose
   * every chosen and filtered column it has reads it instead (`kildeTil`). Its sums are sums of the
   * summary's sums and `antal` sums its counts.
   */
  opsummering?: RapportKilde;
}

export interface RapportForespoergsel {
  start: number;
  take: number;
  sortByColumn?: string | undefined;
  sortDirection: 'ASC' | 'DESC';
  filter: string;
  kolonner?: string | undefined;
}

/** The request checked against the report: the columns, the sort and the parsed filters. */
export interface RapportPlan {
  valgte: RapportKolonne[];
  grupperet: boolean;
  sort: RapportKolonne;
  retning: 'ASC' | 'DESC';
  filtre: RapportFilter[];
}

/** Checks the request against the declaration; a Danish 400 naming the parameter otherwise. */
export function planlaegRapport(def: RapportDef, q: RapportForespoergsel): RapportPlan {
  const alle = new Map<string, RapportKolonne>(
    [...def.kolonner, ANTAL].map((k) => [k.navn.toLowerCase(), k]),
  );
  const defs = rapportFilterDefs(def, (path) => (lookupListe(path) ?? []).map((i) => i.navn));
  const parsed = parseRapportFilter(q.filter, defs);
  if (!parsed.ok) throw badRequest({ filter: [parsed.fejl] });
  const navne = medFiltreretKolonne(
    def,
    q.kolonner === undefined || q.kolonner.trim() === ''
      ? [...def.standardKolonner]
      : q.kolonner
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n !== ''),
    parsed.filtre,
  );
  const valgte: RapportKolonne[] = [];
  for (const n of navne) {
    const k = alle.get(n.toLowerCase());
    if (!k) throw badRequest({ kolonner: [`Rapporten har ingen kolonne '${n.slice(0, 60)}'`] });
    if (!valgte.includes(k)) valgte.push(k);
  }
  if (valgte.length === 0) throw badRequest({ kolonner: ['Vælg mindst én kolonne'] });
  const grupperet = valgte.includes(ANTAL);

  const sortNavn = q.sortByColumn ?? def.standardSort;
  const sort =
    valgte.find((k) => k.navn.toLowerCase() === sortNavn.toLowerCase()) ??
    // Unasked, the rows sort by the first shown column that can be sorted (else the first, refused).
    (q.sortByColumn ? undefined : (valgte.find((k) => k.sorterbar !== false) ?? valgte[0]));
  if (!sort) throw badRequest({ sortByColumn: [`Der kan kun sorteres på en af de viste kolonner`] });
  if (sort.sorterbar === false)
    throw badRequest({ sortByColumn: [`Der kan ikke sorteres på ${sort.label}`] });

  for (const o of def.obligatoriskeFiltre ?? []) {
    if (!parsed.filtre.some((f) => f.property === o.property))
      throw badRequest({ filter: [`Filteret på ${alle.get(o.property)?.label ?? o.property} er påkrævet`] });
  }
  return {
    valgte,
    grupperet,
    sort,
    retning: q.sortByColumn ? q.sortDirection : (def.standardRetning ?? q.sortDirection),
    // The standard filters where the user set none (the water reports: approved data only).
    filtre: gaeldendeFiltre(def, parsed.filtre, defs),
  };
}

/** The date each year column was declared from (`aarAf`), so a filter on the year can use the date. */
const AAR_DATO = new WeakMap<SQL, SQL>();

/**
 * A year column of a report declared from a date: it shows `extract(year from dato)`, and a filter
 * on it (between, equals) compares the date itself with the years' bounds, so an index on the date
 * serves it (`extract(year …) between 2025 and 2026` reads every row of the table: 1,015,380 rows for
 * the water report's two years on the large data set, where the date range reads 46,548).
 */
export function aarAf(dato: SQL): SQL {
  const aar = sql`extract(year from ${dato})::int`;
  AAR_DATO.set(aar, dato);
  return aar;
}

/** Whole-number columns (a summary's year) whose filters compare whole numbers, so an index serves them. */
const HELTAL = new WeakSet<SQL>();

/** Marks a source's integer column: its filters compare it directly instead of as numeric. */
export function heltal(udtryk: SQL): SQL {
  HELTAL.add(udtryk);
  return udtryk;
}

const I_INT = (x: number) => Number.isInteger(x) && x >= -2147483648 && x <= 2147483647;

/**
 * A filter on an integer column as integer comparisons (null: compare as numeric, as before): a
 * range's bounds rounded inwards, an equality's whole values (a value that is not whole matches
 * nothing, as the numeric comparison did).
 */
function heltalsfilterSql(f: RapportFilter, udtryk: SQL): SQL | null {
  if (f.type !== 'tal') return null;
  if (f.noegle === 'between') {
    const fra = f.fra === null ? null : Math.ceil(f.fra);
    const til = f.til === null ? null : Math.floor(f.til);
    if ((fra !== null && !I_INT(fra)) || (til !== null && !I_INT(til))) return null;
    const dele = [
      ...(fra === null ? [] : [sql`${udtryk} >= ${fra}::int`]),
      ...(til === null ? [] : [sql`${udtryk} <= ${til}::int`]),
    ];
    return dele.length > 0 ? sql`(${sql.join(dele, sql` and `)})` : null;
  }
  if (f.noegle === 'equals') {
    if (f.vaerdier.some((v) => Number.isInteger(v) && !I_INT(v))) return null;
    const hele = f.vaerdier.filter(I_INT);
    return hele.length > 0
      ? sql`${udtryk} in (${sql.join(
          hele.map((v) => sql`${v}::int`),
          sql`, `,
        )})`
      : sql`false`;
  }
  return null;
}

/** The first day of a year as a date parameter; null outside the years a date can be written with. */
const nytaar = (aar: number): SQL | null =>
  Number.isInteger(aar) && aar >= 1 && aar <= 9998
    ? sql`${`${String(aar).padStart(4, '0')}-01-01`}::date`
    : null;

/** A year filter as a range of the date it was declared from; null: compare the year as before. */
function aarsfilterSql(f: RapportFilter, dato: SQL): SQL | null {
  if (f.type !== 'tal') return null;
  if (f.noegle === 'between') {
    const dele: SQL[] = [];
    if (f.fra !== null) {
      const fra = nytaar(Math.ceil(f.fra));
      if (!fra) return null;
      dele.push(sql`${dato} >= ${fra}`);
    }
    if (f.til !== null) {
      const efter = nytaar(Math.floor(f.til) + 1);
      if (!efter) return null;
      dele.push(sql`${dato} < ${efter}`);
    }
    return dele.length > 0 ? sql`(${sql.join(dele, sql` and `)})` : null;
  }
  if (f.noegle === 'equals') {
    const hele = f.vaerdier.filter((v) => Number.isInteger(v));
    const dele: SQL[] = [];
    for (const aar of hele) {
      const fra = nytaar(aar);
      const efter = nytaar(aar + 1);
      if (!fra || !efter) return null;
      dele.push(sql`(${dato} >= ${fra} and ${dato} < ${efter})`);
    }
    // A year that is not whole matches nothing, as the numeric comparison did.
    return dele.length > 0 ? sql`(${sql.join(dele, sql` or `)})` : sql`false`;
  }
  return null;
}

/** The WHERE part of one parsed filter. */
function filterSql(f: RapportFilter, udtryk: SQL): SQL {
  const dato = AAR_DATO.get(udtryk);
  const somDato = dato ? aarsfilterSql(f, dato) : null;
  if (somDato) return somDato;
  const somHeltal = HELTAL.has(udtryk) ? heltalsfilterSql(f, udtryk) : null;
  if (somHeltal) return somHeltal;
  switch (f.noegle) {
    case 'contains':
      return sql`(${udtryk})::text ilike ${containsPattern(f.vaerdi)}`;
    case 'equals':
      if (f.type === 'bool') return sql`coalesce(${udtryk}, false) = ${f.vaerdi}`;
      // Compared as numeric: a decimal value against an integer column matches nothing instead of
      // failing the statement (whole-number properties are checked whole and in range when parsed).
      if (f.type === 'tal')
        return sql`(${udtryk})::numeric in (${sql.join(
          f.vaerdier.map((v) => sql`${String(v)}::numeric`),
          sql`, `,
        )})`;
      return sql`lower((${udtryk})::text) in (${sql.join(
        f.vaerdier.map((v) => sql`${v.toLowerCase()}`),
        sql`, `,
      )})`;
    case 'between': {
      const dele: SQL[] = [];
      const cast = f.type === 'dato' ? sql`::date` : sql`::numeric`;
      const venstre = f.type === 'dato' ? sql`(${udtryk})` : sql`(${udtryk})::numeric`;
      if (f.fra !== null) dele.push(sql`${venstre} >= ${String(f.fra)}${cast}`);
      if (f.til !== null) dele.push(sql`${venstre} <= ${String(f.til)}${cast}`);
      return sql.join(dele, sql` and `);
    }
  }
}

/**
 * A column as the answer carries it: dates as YYYY-MM-DD text (with ' HH:mm:ss' when the column
 * keeps its time of day), so every driver answers the same.
 */
const svarUdtryk = (k: RapportKolonne, udtryk: SQL): SQL =>
  k.type !== 'dato'
    ? udtryk
    : k.medTid
      ? sql`to_char(${udtryk}, 'YYYY-MM-DD HH24:MI:SS')`
      : sql`to_char(${udtryk}, 'YYYY-MM-DD')`;

/** The filters' WHERE part (each a parameterised condition), after the source's own conditions. */
function filterDel(kilde: RapportKilde, plan: Pick<RapportPlan, 'filtre'>): SQL {
  const where = plan.filtre.map((f) => filterSql(f, kolonneAf(kilde, f.property)));
  return where.length > 0 ? sql` and ${sql.join(where, sql` and `)}` : sql``;
}

/**
 * A time series over the filtered result: per month of x, the sum or average of y (rows without
 * either left out), oldest month first.
 */
export function rapportTidsserieSql(
  kilde: RapportKilde,
  filtre: RapportFilter[],
  kundeId: number,
  typer: readonly number[],
  ts: NonNullable<RapportDef['tidsserie']>,
): SQL {
  const x = kolonneAf(kilde, ts.x.toLowerCase());
  const y = kolonneAf(kilde, ts.y.toLowerCase());
  const agg = ts.aggregat === 'sum' ? sql`sum` : sql`avg`;
  return sql`select to_char(date_trunc('month', ${x}), 'YYYY-MM-DD') as maaned, ${agg}(${y})::float8 as vaerdi
    ${kilde.fra(kundeId, typer)}${filterDel(kilde, { filtre })} and ${x} is not null and ${y} is not null
    group by 1 order by 1 limit 2400`;
}

/** A grouped plan's group keys: the chosen columns that are neither the count nor a sum. */
const gruppeNoegler = (plan: RapportPlan) => plan.valgte.filter((k) => k !== ANTAL && !k.sum);

/**
 * GROUP BY the first `antal` columns by position: an expression carrying parameters (a lookup's
 * names) would not match itself in GROUP BY, as each use gets its own parameter numbers.
 */
const grupperEfterPosition = (antal: number): SQL =>
  antal > 0
    ? sql` group by ${sql.raw(Array.from({ length: antal }, (_, i) => String(i + 1)).join(', '))}`
    : sql``;

/**
 * The source a plan reads: the source's summary where it can answer the plan (grouped, and every
 * chosen and filtered column is one of the summary's), else the source itself.
 */
export function kildeTil(
  kilde: RapportKilde,
  plan: Pick<RapportPlan, 'valgte' | 'grupperet' | 'filtre'>,
): RapportKilde {
  const opsummering = kilde.opsummering;
  if (!opsummering || !plan.grupperet) return kilde;
  const navne = new Set(Object.keys(opsummering.kolonner).map((n) => n.toLowerCase()));
  const kan =
    plan.valgte.every((k) => k === ANTAL || navne.has(k.navn.toLowerCase())) &&
    plan.filtre.every((f) => navne.has(f.property.toLowerCase()));
  return kan ? opsummering : kilde;
}

/** A column's sort key in a row of the result: texts in Danish order (æ, ø, å last), as every list. */
const sortNoegle = (k: RapportKolonne) =>
  k.type === 'tekst' || k.type === 'valg'
    ? sql`dansk_sortering(${sql.identifier(k.navn)})`
    : sql.identifier(k.navn);

/** The rows (or groups) of the filtered result and the ORDER BY of the chosen sort. */
function rapportDele(
  kildeSelv: RapportKilde,
  plan: RapportPlan,
  kundeId: number,
  typer: readonly number[],
  ekstra: SQL = sql``,
): { indre: SQL; orden: SQL } {
  const kilde = kildeTil(kildeSelv, plan);
  const whereSql = sql`${filterDel(kilde, plan)}${ekstra}`;
  const id = (k: RapportKolonne) => sql.identifier(k.navn);
  const udtryk = (k: RapportKolonne) => kilde.kolonner[k.navn]!;
  const dir = plan.retning === 'DESC' ? sql`desc` : sql`asc`;
  if (plan.grupperet) {
    const noegler = gruppeNoegler(plan);
    const sums = plan.valgte.filter((k) => k.sum);
    const felter = [
      ...noegler.map((k) => sql`${svarUdtryk(k, udtryk(k))} as ${id(k)}`),
      ...sums.map((k) => sql`sum(${udtryk(k)}) as ${id(k)}`),
      kilde.antal
        ? sql`sum(${kilde.antal})::bigint as ${sql.identifier('antal')}`
        : sql`count(*) as ${sql.identifier('antal')}`,
    ];
    const grupper = grupperEfterPosition(noegler.length);
    return {
      indre: sql`select ${sql.join(felter, sql`, `)} ${kilde.fra(kundeId, typer)}${whereSql}${grupper}`,
      orden: sql.join(
        [sql`${sortNoegle(plan.sort)} ${dir} nulls last`, ...noegler.map((k) => sql`${id(k)} asc`)],
        sql`, `,
      ),
    };
  }
  const felter = [
    ...plan.valgte.map((k) => sql`${svarUdtryk(k, udtryk(k))} as ${id(k)}`),
    sql`${kilde.noegle} as "__noegle"`,
  ];
  return {
    indre: sql`select ${sql.join(felter, sql`, `)} ${kilde.fra(kundeId, typer)}${whereSql}`,
    orden: sql`${sortNoegle(plan.sort)} ${dir} nulls last, "__noegle" asc`,
  };
}

/**
 * The whole query of a page: the rows (or the groups, with `antal` and the sums), sorted, paged and
 * each carrying the total of the filtered result (`__total`).
 */
export function rapportSql(
  kilde: RapportKilde,
  plan: RapportPlan,
  kundeId: number,
  side: { start: number; take: number },
  typer: readonly number[],
): SQL {
  const { indre, orden } = rapportDele(kilde, plan, kundeId, typer);
  return sql`select r.*, count(*) over () as "__total" from (${indre}) r order by ${orden} limit ${side.take} offset ${side.start}`;
}

/** The whole sorted result without paging or total: what an export streams through a cursor. */
export function rapportEksportSql(
  kilde: RapportKilde,
  plan: RapportPlan,
  kundeId: number,
  typer: readonly number[],
): SQL {
  const { indre, orden } = rapportDele(kilde, plan, kundeId, typer);
  return sql`select r.* from (${indre}) r order by ${orden}`;
}

/** An export read in steps (PGlite): see rapportTrin. */
export interface RapportTrin {
  /** The driving table, whose id the ranges cut. */
  tabel: string;
  /** What one id range adds to the collecting table. */
  del: (fra: number, til: number) => SQL;
  /** All collected rows (or groups), unsorted: what is counted. */
  raekker: (samling: SQL) => SQL;
  /** The same, sorted: what a grouped export reads through a cursor. */
  samlet: (samling: SQL) => SQL;
  /**
   * Ungrouped, the collected rows carry their sort key (`__k`) and their tie-breaker (`__s`) in an
   * index made before the first row, so they are read in order a page at a time after the last row
   * read: no statement sorts or copies the whole collection.
   */
  sider?: {
    indeks: (samling: SQL) => SQL;
    side: (samling: SQL, efter: SideMarkoer, antal: number) => SQL;
  };
}

/**
 * Where the next page of a collection read in order begins: at the start, after a row with a sort
 * key, or in the rows without one (which come last), after a row or at their start (`s` null).
 */
export type SideMarkoer =
  | { fase: 'start' }
  | { fase: 'vaerdi'; k: unknown; s: unknown }
  | { fase: 'null'; s: unknown };

/**
 * The page queries of an ungrouped collection (see RapportTrin.sider). The order is the report's:
 * the key in the chosen direction with nulls last, then the row key ascending. Descending, the
 * tie-breaker is the negated row key, so both columns run one way and the index answers a row
 * comparison ((k, s) after the last row's) as a range.
 */
function sideLaesning(plan: RapportPlan): NonNullable<RapportTrin['sider']> {
  const ned = plan.retning === 'DESC';
  const dir = ned ? sql`desc` : sql`asc`;
  const efter = ned ? sql`<` : sql`>`;
  const orden = sql`"__k" ${dir} nulls last, "__s" ${dir}`;
  return {
    indeks: (samling) => sql`create index on ${samling} (${orden})`,
    side: (samling, m, antal) => {
      const hvor =
        m.fase === 'start'
          ? sql``
          : m.fase === 'vaerdi'
            ? sql` where ("__k", "__s") ${efter} (${m.k}, ${m.s})`
            : m.s === null
              ? sql` where "__k" is null`
              : sql` where "__k" is null and "__s" ${efter} ${m.s}`;
      return sql`select * from ${samling}${hvor} order by ${orden} limit ${antal}`;
    },
  };
}

/**
 * An export cut into short statements, for PGlite, where one statement holds the one connection and
 * the event loop (a 46,548-row water export was one 0.7–0.9 s statement, and its count another
 * 0.3 s). Each id range of the source's driving table adds to a collecting table: ungrouped, its rows;
 * grouped, its partial groups with their sums and counts, added up at the end. Undefined for a
 * source without `opdeling`.
 */
export function rapportTrin(
  kilde: RapportKilde,
  plan: RapportPlan,
  kundeId: number,
  typer: readonly number[],
): RapportTrin | undefined {
  const opdeling = kilde.opdeling;
  // A plan the summary answers is one short statement already.
  if (!opdeling || kildeTil(kilde, plan) !== kilde) return undefined;
  const { orden } = rapportDele(kilde, plan, kundeId, typer);
  // Ungrouped, each row carries its sort key and tie-breaker for the page reads (sideLaesning).
  const raekkeNoegler = plan.grupperet
    ? sql``
    : sql`, ${sortNoegle(plan.sort)} as "__k", ${plan.retning === 'DESC' ? sql`-"__noegle"` : sql`"__noegle"`} as "__s"`;
  const del = (fra: number, til: number) =>
    sql`select r.*${raekkeNoegler} from (${
      rapportDele(kilde, plan, kundeId, typer, sql` and ${opdeling.id} >= ${fra} and ${opdeling.id} < ${til}`)
        .indre
    }) r`;
  const id = (k: RapportKolonne) => sql.identifier(k.navn);
  const noegler = gruppeNoegler(plan);
  const felter = [
    ...noegler.map(id),
    ...plan.valgte.filter((k) => k.sum).map((k) => sql`sum(${id(k)}) as ${id(k)}`),
    sql`coalesce(sum(${sql.identifier('antal')}), 0) as ${sql.identifier('antal')}`,
  ];
  const raekker = (samling: SQL) =>
    plan.grupperet
      ? sql`select ${sql.join(felter, sql`, `)} from ${samling}${grupperEfterPosition(noegler.length)}`
      : sql`select * from ${samling}`;
  return {
    tabel: opdeling.tabel,
    del,
    raekker,
    samlet: (samling) => sql`select r.* from (${raekker(samling)}) r order by ${orden}`,
    ...(plan.grupperet ? {} : { sider: sideLaesning(plan) }),
  };
}

/** The number of rows (or groups) of the filtered result. */
export function rapportAntalSql(
  kilde: RapportKilde,
  plan: RapportPlan,
  kundeId: number,
  typer: readonly number[],
): SQL {
  return sql`select count(*) as antal from (${rapportDele(kilde, plan, kundeId, typer).indre}) r`;
}

function kolonneAf(kilde: RapportKilde, property: string): SQL {
  const navn = Object.keys(kilde.kolonner).find((n) => n.toLowerCase() === property);
  if (!navn) throw new Error(`report source lacks column ${property}`);
  return kilde.filterUdtryk?.[navn] ?? kilde.kolonner[navn]!;
}

/** A row of the answer: the chosen columns, numbers as numbers (count and sums come as text). */
export function rapportRaekke(
  plan: RapportPlan,
  r: Record<string, unknown>,
): Record<string, string | number | boolean | null> {
  const ud: Record<string, string | number | boolean | null> = {};
  for (const k of plan.valgte) {
    const v = r[k.navn];
    if (v === null || v === undefined) ud[k.navn] = null;
    else if (k.type === 'tal') ud[k.navn] = Number(v);
    else if (k.type === 'bool') ud[k.navn] = v === true || v === 't';
    else ud[k.navn] = String(v);
  }
  return ud;
}
