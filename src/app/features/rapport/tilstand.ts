import { ANTAL, type RapportDef, type RapportQuery, rapportFilterDefs } from '../../../contract/rapport';
import {
  formatRapportFilter,
  parseRapportFilter,
  type RapportFilter,
} from '../../../contract/rapport-filter';

/**
 * A report tile's whole view — columns, filters, sort, page — kept in the query of the tile's path
 * (`/rapport/vandoppumpet?kolonner=aarstal,antal&filter=aarstal:between(2024|2025)&sort=aarstal&retning=DESC`),
 * so a shared link opens the same report and two tiles can show one report filtered differently.
 * Pure: read and written here, tested without a browser.
 */
export interface RapportTilstand {
  /** The chosen columns in order; null: the user's saved choice or the report's default. */
  kolonner: string[] | null;
  filtre: RapportFilter[];
  sort: string | null;
  retning: 'ASC' | 'DESC';
  start: number;
  /** A time-series report hides its chart ('graf=0'). */
  skjulGraf: boolean;
}

const kendtKolonne = (def: RapportDef) => {
  const navne = new Map([...def.kolonner, ANTAL].map((k) => [k.navn.toLowerCase(), k.navn]));
  return (n: string) => navne.get(n.toLowerCase());
};

/**
 * Reads the state from a tile's query. What cannot be read is left out rather than refused (an old
 * or edited link still opens); the mandatory filters are always there, with their defaults.
 */
export function laesTilstand(def: RapportDef, search: string): RapportTilstand {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const kendt = kendtKolonne(def);
  const kolonnerTekst = q.get('kolonner');
  const kolonner =
    kolonnerTekst === null
      ? null
      : [
          ...new Set(
            kolonnerTekst
              .split(',')
              .map((n) => kendt(n.trim()))
              .filter((n): n is string => !!n),
          ),
        ];
  const parsed = parseRapportFilter(q.get('filter') ?? '', rapportFilterDefs(def));
  const filtre = parsed.ok ? parsed.filtre : [];
  const sortNavn = q.get('sort');
  const sort = sortNavn ? (kendt(sortNavn) ?? null) : null;
  const start = Number(q.get('start') ?? 0);
  return {
    kolonner: kolonner && kolonner.length > 0 ? kolonner : null,
    filtre: medObligatoriske(def, filtre),
    sort,
    retning: q.get('retning') === 'DESC' ? 'DESC' : 'ASC',
    start: Number.isInteger(start) && start >= 0 ? start : 0,
    skjulGraf: q.get('graf') === '0',
  };
}

/** The filters with every mandatory one present (its default added when missing). */
export function medObligatoriske(def: RapportDef, filtre: RapportFilter[]): RapportFilter[] {
  const ud = [...filtre];
  for (const o of def.obligatoriskeFiltre ?? []) {
    if (ud.some((f) => f.property === o.property)) continue;
    const p = parseRapportFilter(o.standard, rapportFilterDefs(def));
    if (p.ok) ud.push(...p.filtre);
  }
  return ud;
}

/** Writes the state as the tile's query ('' when it is all default). */
export function skrivTilstand(t: RapportTilstand): string {
  const q = new URLSearchParams();
  if (t.kolonner) q.set('kolonner', t.kolonner.join(','));
  if (t.filtre.length > 0) q.set('filter', formatRapportFilter(t.filtre));
  if (t.sort) q.set('sort', t.sort);
  if (t.sort && t.retning === 'DESC') q.set('retning', 'DESC');
  if (t.start > 0) q.set('start', String(t.start));
  if (t.skjulGraf) q.set('graf', '0');
  const s = q
    .toString()
    .replaceAll('%2C', ',')
    .replaceAll('%3A', ':')
    .replaceAll('%28', '(')
    .replaceAll('%29', ')')
    .replaceAll('%7C', '|');
  return s ? `?${s}` : '';
}

/** The columns shown: the state's, else the saved ones that still exist, else the report's default. */
export function visteKolonner(
  def: RapportDef,
  t: RapportTilstand,
  gemte: readonly string[] | undefined,
): string[] {
  if (t.kolonner) return t.kolonner;
  const kendt = kendtKolonne(def);
  const gyldige = (gemte ?? []).map((n) => kendt(n)).filter((n): n is string => !!n);
  return gyldige.length > 0 ? gyldige : [...def.standardKolonner];
}

/** The API query of the state, for the columns shown and a page size. */
export function rapportQuery(
  def: RapportDef,
  t: RapportTilstand,
  kolonner: string[],
  take: number,
): RapportQuery {
  const sort =
    t.sort && kolonner.includes(t.sort)
      ? t.sort
      : kolonner.includes(def.standardSort)
        ? def.standardSort
        : kolonner[0];
  return {
    start: t.start,
    take,
    kolonner: kolonner.join(','),
    filter: formatRapportFilter(t.filtre),
    ...(sort
      ? { sortByColumn: sort, sortDirection: t.sort ? t.retning : (def.standardRetning ?? 'ASC') }
      : {}),
  };
}
