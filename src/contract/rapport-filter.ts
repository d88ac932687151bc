import { decimalKomma, parseDanskTalStreng } from './format';

/**
 * The report filter text of spec 001 §7 'Reports': each filter is `property:key(value)`, the key being
 * between, contains or equals; several values are joined with `|`; dates are written DD-MM-YYYY as
 * `(start|end)`; property names are lower-cased. A request may carry several filters: they are joined
 * with `,` (outside parentheses) and all apply.
 *
 * Inside a value, `\` escapes the next character, so `|`, `)`, `,` and `\` itself can be searched for.
 * One side of a range may be empty (`(01-01-2024|)`: from that day on).
 *
 * The server parses the text against the report's whitelist of properties (`RapportFilterDefs`);
 * anything else is a Danish message, never an exception, and only the parsed values (never the text)
 * reach SQL, as parameters. The same module gives the filter editors their validation (spec 001 §5).
 */

export const FILTER_NOEGLER = ['between', 'contains', 'equals'] as const;
export type FilterNoegle = (typeof FILTER_NOEGLER)[number];

/** What a report property holds, which decides the keys it accepts and how its values read. */
export type FilterType = 'tekst' | 'tal' | 'dato' | 'valg' | 'bool';

export interface RapportFilterDef {
  type: FilterType;
  /** The property's name as the user sees it (for messages). */
  label: string;
  /** The keys it accepts; by default: tekst contains|equals, tal equals|between, dato between, valg/bool equals. */
  noegler?: readonly FilterNoegle[];
  /** The values a 'valg' property accepts (compared case-insensitively, answered as written here). */
  valg?: readonly string[];
  /** A 'tal' property held as a whole number (a year, a month, an id): values must be whole and fit int4. */
  heltal?: boolean;
}

/** A report's filterable properties, by lower-case name. */
export type RapportFilterDefs = Record<string, RapportFilterDef>;

export const STANDARD_NOEGLER: Record<FilterType, readonly FilterNoegle[]> = {
  tekst: ['contains', 'equals'],
  tal: ['equals', 'between'],
  dato: ['between'],
  valg: ['equals'],
  bool: ['equals'],
};

/** One parsed filter, its values typed by the property's type. */
export type RapportFilter =
  | { property: string; noegle: 'contains'; type: 'tekst'; vaerdi: string }
  | { property: string; noegle: 'equals'; type: 'tekst' | 'valg'; vaerdier: string[] }
  | { property: string; noegle: 'equals'; type: 'tal'; vaerdier: number[] }
  | { property: string; noegle: 'equals'; type: 'bool'; vaerdi: boolean }
  | { property: string; noegle: 'between'; type: 'tal'; fra: number | null; til: number | null }
  | { property: string; noegle: 'between'; type: 'dato'; fra: string | null; til: string | null };

export type ParseResultat = { ok: true; filtre: RapportFilter[] } | { ok: false; fejl: string };

/** Longest filter text accepted. */
export const FILTER_TEKST_MAKS = 2000;
/** Most values one filter may carry. */
export const FILTER_VAERDIER_MAKS = 100;

const DATO = /^(\d{2})-(\d{2})-(\d{4})$/;
const TAL = /^-?\d+(,\d+)?$/;

/** DD-MM-YYYY to YYYY-MM-DD, or null when it is not a real calendar day. */
export function datoFraFilter(tekst: string): string | null {
  const m = DATO.exec(tekst);
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  const d = Number(dd);
  const md = Number(mm);
  const y = Number(yyyy);
  if (y < 1755 || md < 1 || md > 12 || d < 1) return null;
  const dage = new Date(Date.UTC(y, md, 0)).getUTCDate();
  if (d > dage) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** YYYY-MM-DD to DD-MM-YYYY. */
export const datoTilFilter = (iso: string): string =>
  `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** A Danish number ('12,5', no thousands separators in a filter) to a number, or null. */
function talFraFilter(tekst: string): number | null {
  return TAL.test(tekst) ? parseDanskTalStreng(tekst) : null;
}

/** The range of a whole-number property (PostgreSQL's integer). */
export const HELTAL_MIN = -2_147_483_648;
export const HELTAL_MAX = 2_147_483_647;
/** The largest magnitude of a decimal filter value (beyond it a number has no exact decimal form). */
export const TAL_MAKS = 1e15;

/** Why a number cannot be a value of the property, or null. */
function talFejl(n: number, def: RapportFilterDef): string | null {
  if (def.heltal) {
    if (!Number.isInteger(n)) return `${def.label}: skal være et helt tal`;
    if (n < HELTAL_MIN || n > HELTAL_MAX)
      return `${def.label}: skal ligge mellem ${HELTAL_MIN} og ${HELTAL_MAX}`;
    return null;
  }
  return Math.abs(n) > TAL_MAKS ? `${def.label}: tallet er for stort` : null;
}

const talTilFilter = (n: number): string => decimalKomma(n);

/** Escapes a value for the filter text. */
export const escapeVaerdi = (v: string): string => v.replace(/[\\|(),]/g, (c) => `\\${c}`);

/**
 * Splits the text into its filters: at top-level commas, keeping escapes. Null when a parenthesis
 * is left open or closed twice.
 */
function delFiltre(tekst: string): string[] | null {
  const dele: string[] = [];
  let nu = '';
  let dybde = 0;
  for (let i = 0; i < tekst.length; i++) {
    const c = tekst[i]!;
    if (c === '\\') {
      if (i + 1 >= tekst.length) return null;
      nu += c + tekst[i + 1];
      i++;
      continue;
    }
    if (c === '(') dybde++;
    if (c === ')') dybde--;
    if (dybde < 0 || dybde > 1) return null;
    if (c === ',' && dybde === 0) {
      dele.push(nu);
      nu = '';
      continue;
    }
    nu += c;
  }
  if (dybde !== 0) return null;
  dele.push(nu);
  return dele.map((d) => d.trim()).filter((d) => d !== '');
}

/** The values inside the parentheses, split at unescaped `|` and unescaped. */
function delVaerdier(indhold: string): string[] {
  const ud: string[] = [];
  let nu = '';
  for (let i = 0; i < indhold.length; i++) {
    const c = indhold[i]!;
    if (c === '\\') {
      nu += indhold[i + 1] ?? '';
      i++;
    } else if (c === '|') {
      ud.push(nu);
      nu = '';
    } else nu += c;
  }
  ud.push(nu);
  return ud.map((v) => v.trim());
}

const FILTER_FORM = /^([a-zA-Z0-9_]+):([a-zA-Z]+)\(([\s\S]*)\)$/;

/** Parses one `property:key(value)` against the whitelist. */
function parseEt(del: string, defs: RapportFilterDefs): RapportFilter | string {
  const m = FILTER_FORM.exec(del);
  if (!m) return `Filteret '${kort(del)}' skal skrives som egenskab:nøgle(værdi)`;
  const property = m[1]!.toLowerCase();
  const noegle = m[2]!.toLowerCase();
  const def = Object.hasOwn(defs, property) ? defs[property] : undefined;
  if (!def) return `Rapporten kan ikke filtreres på '${kort(m[1]!)}'`;
  if (!(FILTER_NOEGLER as readonly string[]).includes(noegle))
    return `Ukendt filternøgle '${kort(m[2]!)}': brug between, contains eller equals`;
  const tilladte = def.noegler ?? STANDARD_NOEGLER[def.type];
  if (!tilladte.includes(noegle as FilterNoegle))
    return `${def.label} kan ikke filtreres med '${noegle}' (kun ${tilladte.join(', ')})`;
  const vaerdier = delVaerdier(m[3]!);
  if (vaerdier.length > FILTER_VAERDIER_MAKS) return `${def.label}: højst ${FILTER_VAERDIER_MAKS} værdier`;

  if (noegle === 'between') {
    if (vaerdier.length !== 2) return `${def.label}: et interval skrives (start|slut)`;
    const [a, b] = vaerdier as [string, string];
    if (a === '' && b === '') return `${def.label}: Mindst ét datofelt skal udfyldes`;
    if (def.type === 'dato') {
      const fra = a === '' ? null : datoFraFilter(a);
      const til = b === '' ? null : datoFraFilter(b);
      if ((a !== '' && fra === null) || (b !== '' && til === null))
        return `${def.label}: datoer skrives DD-MM-ÅÅÅÅ`;
      if (fra !== null && til !== null && fra > til)
        return `${def.label}: startdatoen ligger efter slutdatoen`;
      return { property, noegle: 'between', type: 'dato', fra, til };
    }
    const fra = a === '' ? null : talFraFilter(a);
    const til = b === '' ? null : talFraFilter(b);
    if ((a !== '' && fra === null) || (b !== '' && til === null)) return `${def.label}: skal være tal`;
    const udenfor = [fra, til].map((n) => (n === null ? null : talFejl(n, def))).find((f) => f !== null);
    if (udenfor) return udenfor;
    if (fra !== null && til !== null && fra > til) return `${def.label}: starten ligger efter slutningen`;
    return { property, noegle: 'between', type: 'tal', fra, til };
  }

  if (vaerdier.some((v) => v === '')) return `${def.label}: Feltet er påkrævet`;
  if (noegle === 'contains') {
    if (vaerdier.length !== 1) return `${def.label}: contains tager én værdi`;
    return { property, noegle: 'contains', type: 'tekst', vaerdi: vaerdier[0]! };
  }
  // equals
  switch (def.type) {
    case 'tal': {
      const tal = vaerdier.map(talFraFilter);
      if (tal.some((t) => t === null)) return `${def.label}: skal være tal`;
      const udenfor = (tal as number[]).map((n) => talFejl(n, def)).find((f) => f !== null);
      if (udenfor) return udenfor;
      return { property, noegle: 'equals', type: 'tal', vaerdier: tal as number[] };
    }
    case 'bool': {
      const v = vaerdier[0]!.toLowerCase();
      if (vaerdier.length !== 1 || (v !== 'true' && v !== 'false'))
        return `${def.label}: skal være true eller false`;
      return { property, noegle: 'equals', type: 'bool', vaerdi: v === 'true' };
    }
    case 'valg': {
      const valg = def.valg ?? [];
      const fundne = vaerdier.map((v) => valg.find((x) => x.toLowerCase() === v.toLowerCase()));
      const ukendt = vaerdier.find((_, i) => fundne[i] === undefined);
      if (ukendt !== undefined) return `${def.label}: '${kort(ukendt)}' er ikke en af værdierne`;
      return { property, noegle: 'equals', type: 'valg', vaerdier: [...new Set(fundne as string[])] };
    }
    case 'tekst':
      return { property, noegle: 'equals', type: 'tekst', vaerdier };
    case 'dato':
      return `${def.label} kan ikke filtreres med 'equals'`;
  }
}

/** A piece of the user's text in a message, never long. */
const kort = (s: string): string => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** Parses a report's filter text (empty text: no filters). One property may be filtered once. */
export function parseRapportFilter(tekst: string, defs: RapportFilterDefs): ParseResultat {
  if (tekst.length > FILTER_TEKST_MAKS)
    return { ok: false, fejl: `Filteret må højst være ${FILTER_TEKST_MAKS} tegn` };
  const dele = delFiltre(tekst);
  if (dele === null) return { ok: false, fejl: 'Filteret har en parentes for meget eller for lidt' };
  const filtre: RapportFilter[] = [];
  for (const del of dele) {
    const f = parseEt(del, defs);
    if (typeof f === 'string') return { ok: false, fejl: f };
    if (filtre.some((x) => x.property === f.property))
      return { ok: false, fejl: `${defs[f.property]!.label} er filtreret to gange` };
    filtre.push(f);
  }
  return { ok: true, filtre };
}

/** Writes filters as the text the server reads (property names lower-cased, values escaped). */
export function formatRapportFilter(filtre: readonly RapportFilter[]): string {
  return filtre.map(formatEt).join(',');
}

function formatEt(f: RapportFilter): string {
  const p = f.property.toLowerCase();
  if (f.noegle === 'contains') return `${p}:contains(${escapeVaerdi(f.vaerdi)})`;
  if (f.noegle === 'between') {
    if (f.type === 'dato')
      return `${p}:between(${f.fra ? datoTilFilter(f.fra) : ''}|${f.til ? datoTilFilter(f.til) : ''})`;
    return `${p}:between(${f.fra === null ? '' : talTilFilter(f.fra)}|${f.til === null ? '' : talTilFilter(f.til)})`;
  }
  if (f.type === 'bool') return `${p}:equals(${f.vaerdi})`;
  if (f.type === 'tal') return `${p}:equals(${f.vaerdier.map(talTilFilter).join('|')})`;
  return `${p}:equals(${f.vaerdier.map(escapeVaerdi).join('|')})`;
}

// ---------------------------------------------------------------- the editors' validation (spec 001 §5)

export const BEGGE_DATOER = 'Begge datofelter skal udfyldes';
export const MINDST_EN_DATO = 'Mindst ét datofelt skal udfyldes';
export const FELTET_ER_PAAKRAEVET = 'Feltet er påkrævet';
export const START_EFTER_SLUT = 'Startdatoen må ikke ligge efter slutdatoen';

/**
 * A date-range editor's message, or null when it validates (and the filter may become active): both
 * dates when both are required, else at least one; the start not after the end. Dates are ISO.
 */
export function validerDatoInterval(
  fra: string | null,
  til: string | null,
  beggeKraevet: boolean,
): string | null {
  if (beggeKraevet && (!fra || !til)) return BEGGE_DATOER;
  if (!fra && !til) return MINDST_EN_DATO;
  if (fra && til && fra > til) return START_EFTER_SLUT;
  return null;
}

/** A select editor's message, or null when a value is chosen. */
export const validerValg = (vaerdier: readonly string[]): string | null =>
  vaerdier.length === 0 ? FELTET_ER_PAAKRAEVET : null;

/** The Kategori filter's values on the wire (spec 001 §5: 'Ingen' → '3_', '2' → '2_'). */
export const kategoriTilFilter = (navn: string): string =>
  navn === 'Ingen' ? '3_' : navn === '2' ? '2_' : navn;
