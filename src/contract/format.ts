import dayjs from 'dayjs';

/**
 * How the product writes and reads numbers, money, per cent, hours, dates and coordinates: the one
 * owner (issue 33 point 4), for the client and the server (log texts, messages, exports). Pure: no
 * DOM, no Node APIs. Nothing outside this module calls Intl.NumberFormat, turns a decimal point into a
 * comma or back, or cuts a date out of toISOString(); tests/unit/format-ejer.test.ts holds that. Typed
 * input is read here too (parseDato, parseDanskTal, parseKroner …), so the two directions agree. Dates are DD-MM-YYYY (spec 001 §5), times
 * DD-MM-YYYY HH:mm:ss, numbers da-DK (dot thousands, comma decimals).
 *
 * Two kinds of date: a calendar date (an ISO text 'YYYY-MM-DD', maybe with a time after it) is written
 * from its own digits, so no time zone moves the day (`formatIsoDato`); an instant (a Date, or an ISO
 * text with a time) is written in the local time of the runtime (`formatDato`, `formatDatoTid`), which
 * for the case workers' browsers is Europe/Copenhagen.
 */

export const DATO_FORMAT = 'DD-MM-YYYY';
export const DATO_TID_FORMAT = 'DD-MM-YYYY HH:mm:ss';
export const DATO_TID_KORT_FORMAT = 'DD-MM-YYYY HH:mm';

/**
 * Today's calendar date in Denmark (YYYY-MM-DD) at the instant `nu`. Not the UTC date: between
 * midnight and 01:00/02:00 Danish time UTC is still on yesterday, and "today" in the product is the
 * case worker's day (a result performed today is not "in the future").
 */
export function idagIDanmark(nu: Date = new Date()): string {
  return nu.toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
}

/** Today in Denmark from an injectable clock (the server's routes take one for tests). */
export const iDagAf = (clock?: () => Date): string => idagIDanmark(clock ? clock() : new Date());

const talFormater = new Map<string, Intl.NumberFormat>();
/** A da-DK number format with at most `maks` decimals (and at least `min`), made once and kept. */
function talFormat(maks: number, min = 0, gruppering = true): Intl.NumberFormat {
  const noegle = `${min}/${maks}/${gruppering}`;
  let f = talFormater.get(noegle);
  if (!f) {
    f = new Intl.NumberFormat('da-DK', {
      minimumFractionDigits: min,
      maximumFractionDigits: maks,
      useGrouping: gruppering,
    });
    talFormater.set(noegle, f);
  }
  return f;
}
const toDecimaler = talFormat(2, 2);

const tom = (n: unknown): n is null | undefined => n === null || n === undefined;

/**
 * A text with ISO dates in it (a Jupiter answer's element, 'Oppumpet mængde 2025-01-01 – 2025-12-31')
 * with each written DD-MM-YYYY, as every date of the product is.
 */
export function danskeDatoerITekst(tekst: string): string {
  return tekst.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, '$3-$2-$1');
}

/** Exactly `decimaler` decimals: formatTalFast(1234.5, 2) → '1.234,50'; '' for nothing or not finite. */
export function formatTalFast(n: number | null | undefined, decimaler: number): string {
  if (tom(n) || !Number.isFinite(n)) return '';
  return talFormat(decimaler, decimaler).format(n);
}

/**
 * A number for a file another program reads (CSV for Danish Excel, which reads '1234,50' as a number
 * and '1.234,50' not always): decimal comma, no thousands points, exactly `decimaler` decimals:
 * (1234.5, 2) → '1234,50', (1234.5, 0) → '1235'.
 */
export function formatTalUgrupperet(n: number, decimaler: number): string {
  return talFormat(decimaler, decimaler, false).format(n);
}

/**
 * A number with every digit it has and a decimal comma, no thousands points (a bound in a message, a
 * filter value, a threshold): 0.5 → '0,5', 1234.5 → '1234,5'; with `decimaler`, rounded to exactly so
 * many: (1.005, 2) → '1,00' as toFixed rounds.
 */
export function decimalKomma(n: number | string, decimaler?: number): string {
  return (decimaler === undefined ? String(n) : Number(n).toFixed(decimaler)).replace('.', ',');
}

/** Always two decimals: 1234.5 → '1.234,50'; '' for nothing. */
export function formatTal2(n: number | null | undefined): string {
  return tom(n) ? '' : toDecimaler.format(n);
}

const tusindPunktum = (heltal: number): string => String(heltal).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * An amount in øre as Danish kroner without unit, from the integer (kroner and øre apart, so no
 * floating-point rounding can show): 103300 → '1.033,00', -5000 → '-50,00'. The one øre→kroner
 * writer; a field shows it for editing, log texts and explanations quote it. The server's SQL writes
 * the same (`kronerSql`, src/server/routes/fakturering-forslag.ts).
 */
export function kroner(oere: number): string {
  const hel = Math.round(oere);
  const abs = Math.abs(hel);
  return `${hel < 0 ? '-' : ''}${tusindPunktum(Math.floor(abs / 100))},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An amount in øre as kroner with 'kr.': 123456 → '1.234,56 kr.', -5000 → '-50,00 kr.'; '' for
 * nothing. Money is integer øre everywhere (invoicing); kroner are only for showing.
 */
export function formatOere(oere: number | null | undefined): string {
  if (tom(oere) || !Number.isFinite(oere)) return '';
  return `${kroner(oere)} kr.`;
}

/**
 * Splits a non-negative Danish number ('1.234,5', '1234,50', '1234', '12.5' when the dot cannot be a
 * thousands separator) into its whole part and its decimals as digit strings; null when the text is
 * no such number or has more than `maksDecimaler` decimals. A trailing unit (`enhed`) and spaces are
 * allowed.
 */
function delTal(tekst: string, enhed: RegExp, maksDecimaler: number): { hel: string; dec: string } | null {
  const s = tekst.trim().replace(enhed, '').replace(/\s/g, '');
  if (s === '') return null;
  let hel: string;
  let dec = '';
  let m = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d*))?$/.exec(s);
  if (m) {
    hel = m[1]!.replace(/\./g, '');
    dec = m[2] ?? '';
  } else {
    // A decimal point, when it is not shaped like thousands ('12.5', '0.75').
    m = /^(\d+)\.(\d{1,2})$/.exec(s);
    if (!m) return null;
    hel = m[1]!;
    dec = m[2]!;
  }
  if (dec.length > maksDecimaler) return null;
  return { hel, dec: dec.padEnd(maksDecimaler, '0') };
}

/**
 * Kroner typed the Danish way as integer øre, by the digits of the text (never a floating-point
 * product): '1.234,50' → 123450, '381 kr.' → 38100; null if not an amount.
 */
export function parseKroner(tekst: string): number | null {
  const t = delTal(tekst, /\s*kr\.?\s*$/i, 2);
  if (!t) return null;
  const oere = Number(t.hel) * 100 + Number(t.dec);
  return Number.isSafeInteger(oere) ? oere : null;
}

// ---------------------------------------------------------------- per cent and hours

/** Per cent with up to two decimals as basis points ('57,79' → 5779, '80 %' → 8000); null otherwise. */
export function parseProcentBp(tekst: string): number | null {
  const t = delTal(tekst, /\s*%\s*$/, 2);
  if (!t) return null;
  const bp = Number(t.hel) * 100 + Number(t.dec);
  return Number.isSafeInteger(bp) ? bp : null;
}

/** Basis points as per cent with exactly two decimals, for a field: 5779 → '57,79', 8000 → '80,00'. */
export const bpFast = (bp: number): string => kroner(bp);

/** Basis points as per cent in a list: 5779 → '57,79 %'. */
export const formatBp = (bp: number): string => `${bpFast(bp)} %`;

/**
 * Basis points as a Danish percentage with the decimals it has (an explanation's text; the server's
 * `procentSql` writes the same): 8000 → '80', 5779 → '57,79', 5750 → '57,5'.
 */
export function bpSomProcent(bp: number): string {
  const hel = Math.floor(bp / 100);
  const rest = bp % 100;
  return rest === 0 ? String(hel) : `${hel},${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** A share in per cent as a list shows it: 12.5 → '12,5 %' (at most two decimals). */
export const formatProcent = (andel: number): string => `${formatTal(andel)} %`;

/** Hours with one decimal and 't': 12.5 → '12,5 t', 3 → '3,0 t' (columns of sums that line up). */
export const formatTimer = (timer: number): string => `${formatTalFast(timer, 1)} t`;

/** Half hours as hours with one decimal: 25 → '12,5 t', 6 → '3,0 t'. */
export const formatHalveTimer = (halve: number): string => formatTimer(halve / 2);

/** Half hours as hours with the decimal only when there is one: 7 → '3,5 t', 6 → '3 t'; '' for nothing. */
export const formatHalveTimerKort = (halve: number | null): string =>
  halve === null ? '' : `${formatTal(halve / 2, 1)} t`;

/**
 * Half hours as hours, exact and ungrouped, without unit (an explanation's text; the server's
 * `timerSql` writes the same): 7 → '3,5', 6 → '3', -7 → '-3,5'.
 */
export function halveTimerTekst(halve: number): string {
  const abs = Math.abs(halve);
  return `${halve < 0 ? '-' : ''}${abs % 2 === 0 ? abs / 2 : `${(abs - 1) / 2},5`}`;
}

// ---------------------------------------------------------------- quantities: money, hours, per cent

/**
 * The three quantities a form types as Danish text and keeps as an exact number (issue 33 point 1):
 * an amount in øre typed and shown as kroner, hours in half steps, a share in basis points typed and
 * shown as per cent. Each is read and written here only; the field kinds of the field language
 * (contract/felter.ts), their zod checks and the input of ui/form take them from this table.
 */
export type Maengde = 'beloeb' | 'timer' | 'procent';

export interface MaengdeFormat {
  /** Typed text as the stored number; null when the text is no such number (or empty). */
  laes(tekst: string): number | null;
  /** The stored number as a field shows it for editing: '1.234,50', '7,5', '57,79'. */
  felt(v: number): string;
  /** The stored number as a list or a log shows it: '1.234,50 kr.', '7,5 t', '57,79 %'. */
  vis(v: number): string;
  /** What the field says when its text is not read (or a required field is empty). */
  fejl: string;
  pladsholder: string;
  /** The unit after the field, if any. */
  enhed?: string;
  /** What an arrow key adds or takes (in the stored unit), if the field steps. */
  trin?: number;
  /** The kind's own upper bound (100 % for a share), beyond which its message is said. */
  hoejst?: number;
}

/** 100 % in basis points. */
const HEL_ANDEL_BP = 10_000;

export const MAENGDER: Record<Maengde, MaengdeFormat> = {
  /** Integer øre (money is integer øre everywhere): '1.234,5' → 123450. */
  beloeb: {
    laes: parseKroner,
    felt: kroner,
    vis: (oere) => formatOere(oere),
    fejl: 'Angiv beløbet i kroner med højst 2 decimaler, fx 1.234,50',
    pladsholder: '0,00',
  },
  /**
   * Hours as the contracts carry them (12.5), in whole or half hours (the half-step rule is the
   * field's check, so '7,3' is told why): '7,5' → 7.5, '1.200' → 1200.
   */
  timer: {
    laes: parseDanskTal,
    felt: (timer) => formatTal(timer),
    vis: (timer) => formatTimer(timer),
    fejl: 'Angiv timer som et tal',
    pladsholder: '0',
    enhed: 't',
    trin: 0.5,
  },
  /** A share in basis points, 0–100 % with at most two decimals: '12,5 %' → 1250. */
  procent: {
    laes: (tekst) => {
      const bp = parseProcentBp(tekst);
      return bp !== null && bp <= HEL_ANDEL_BP ? bp : null;
    },
    hoejst: HEL_ANDEL_BP,
    felt: bpFast,
    vis: formatBp,
    fejl: 'Angiv en procentsats mellem 0 og 100 med højst 2 decimaler, fx 57,79',
    pladsholder: '0,00',
  },
};

/** Typed text of a quantity: its number, null for empty, or the Danish message when it is no such number. */
export function laesMaengde(art: Maengde, tekst: string): { vaerdi: number | null } | { fejl: string } {
  if (tekst.trim() === '') return { vaerdi: null };
  const v = MAENGDER[art].laes(tekst);
  return v === null ? { fejl: MAENGDER[art].fejl } : { vaerdi: v };
}

/** A whole number with thousands separators: 12345 → '12.345' (a fraction is rounded); '' for nothing. */
export function formatHeltal(n: number | bigint | null | undefined): string {
  return tom(n) ? '' : talFormat(0).format(n);
}

/**
 * At most `maksDecimaler` decimals (2 unless told), none when there are none: 1234.5 → '1.234,5';
 * '' for nothing and for what is not a finite number.
 */
export function formatTal(n: number | bigint | null | undefined, maksDecimaler = 2): string {
  if (tom(n) || (typeof n === 'number' && !Number.isFinite(n))) return '';
  return talFormat(maksDecimaler).format(n);
}

const ISO_DATO_START = /^(\d{4})-(\d{2})-(\d{2})/;
const KUN_ISO_DATO = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date in ISO ('YYYY-MM-DD', or with a time after it) as DD-MM-YYYY from its own digits; '' for nothing. */
export function formatIsoDato(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = ISO_DATO_START.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

const ISO_DATO_TID = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * A local date and time of day written 'YYYY-MM-DD HH:mm:ss' (a report's pejletidspunkt) as
 * DD-MM-YYYY HH:mm:ss from its own digits (no time zone moves it); a bare date as DD-MM-YYYY; '' for
 * nothing.
 */
export function formatIsoDatoTid(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = ISO_DATO_TID.exec(iso);
  if (!m) return formatIsoDato(iso);
  return `${m[3]}-${m[2]}-${m[1]} ${m[4]}:${m[5]}:${m[6] ?? '00'}`;
}

/**
 * A date as DD-MM-YYYY: an ISO date without time from its own digits, an instant (a Date, an ISO text
 * with a time) in local time; '' for nothing.
 */
export function formatDato(d: Date | string | null | undefined): string {
  if (!d) return '';
  if (typeof d === 'string' && KUN_ISO_DATO.test(d)) return formatIsoDato(d);
  return dayjs(d).format(DATO_FORMAT);
}

/** An instant as DD-MM-YYYY HH:mm:ss in local time; '' for nothing. */
export function formatDatoTid(d: Date | string | null | undefined): string {
  return d ? dayjs(d).format(DATO_TID_FORMAT) : '';
}

/** An instant as DD-MM-YYYY HH:mm in local time (lists where seconds are noise); '' for nothing. */
export function formatDatoTidKort(d: Date | string | null | undefined): string {
  return d ? dayjs(d).format(DATO_TID_KORT_FORMAT) : '';
}

/** A Date's local calendar day as ISO 'YYYY-MM-DD' (today's date for a form, a date sent to the server). */
export function isoDatoAf(d: Date): string {
  return dayjs(d).format('YYYY-MM-DD');
}

/**
 * The calendar day of a Date that stands for one at UTC midnight (a database date, a day computed in
 * UTC), as ISO 'YYYY-MM-DD'. Not for an instant of the case worker's day: that is `idagIDanmark`.
 */
export function utcDato(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** A database date (a text, or a Date at UTC midnight) as ISO 'YYYY-MM-DD'; null for nothing. */
export const datoDel = (d: string | Date | null): string | null =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : utcDato(d);

const DAG_MS = 86_400_000;

/** An ISO date 'YYYY-MM-DD' as the Date of its UTC midnight; throws on anything else. */
export function utcMidnat(iso: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`Ikke en dato: ${iso}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** Calendar arithmetic: the ISO date `dage` days after `iso` (before, when negative); no time zone moves it. */
export const plusDage = (iso: string, dage: number): string =>
  utcDato(new Date(utcMidnat(iso).getTime() + dage * DAG_MS));

/** The day before an ISO date (a time after the date is ignored). */
export const dagenFoer = (iso: string): string => plusDage(iso.slice(0, 10), -1);

/** Days from `fra` to `til` (negative when `til` lies before). */
export const dageMellem = (fra: string, til: string): number =>
  Math.round((utcMidnat(til).getTime() - utcMidnat(fra).getTime()) / DAG_MS);

const pad = (n: number) => String(n).padStart(2, '0');

function isoAf(y: number, m: number, d: number): string | null {
  if (y < 1755 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * A typed date as ISO (YYYY-MM-DD), or null when it is not a date. Accepts DD-MM-YYYY with '-', '.'
 * or '/' and one- or two-digit day and month, DDMMYYYY, and ISO itself (years 1755–9999).
 */
export function parseDato(text: string): string | null {
  const s = text.trim();
  let m = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(s);
  if (m) return isoAf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  if (m) return isoAf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(s);
  if (m) return isoAf(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}

/**
 * A number typed the Danish way ('1.234,5', '1234,5', '-3') or with a decimal point when it cannot be a
 * thousands separator ('2.5'); null for empty or not a number. Spaces are ignored.
 */
export function parseDanskTal(text: string): number | null {
  let s = text.trim().replace(/\s/g, '');
  if (s === '') return null;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/**
 * A number written strictly the Danish way: every dot before the decimal comma is a thousands point
 * ('1.200' → 1200, '12.5' → 125), the comma is the decimal mark ('37,5' → 37.5); an optional minus.
 * Null when it is not such a number (a dot after the comma, an empty decimal part, spaces inside).
 */
export function parseDanskTalStreng(tekst: string): number | null {
  const s = tekst.trim();
  const komma = s.indexOf(',');
  const hel = (komma >= 0 ? s.slice(0, komma) : s).replaceAll('.', '');
  const t = komma >= 0 ? `${hel}.${s.slice(komma + 1)}` : hel;
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** What is typed into a whole-number field, without the dots and commas a separator would add. */
export const udenSkilletegn = (tekst: string): string => tekst.replace(/[.,]/g, '');

/**
 * An EPSG:25832 (ETRS89 / UTM zone 32N) point as the interface shows it: 'easting, northing' as the
 * register gives them (metres, no grouping); '' when either is missing.
 */
export function formatKoordinat(x: number | null | undefined, y: number | null | undefined): string {
  return tom(x) || tom(y) ? '' : `${x}, ${y}`;
}

/**
 * A count with its noun in the right number, Danish style: antalMed(1, 'række', 'rækker') → '1 række',
 * antalMed(1250, 'række', 'rækker') → '1.250 rækker'. The one plural helper of the product.
 */
export function antalMed(n: number, ental: string, flertal: string): string {
  return `${formatHeltal(n)} ${n === 1 ? ental : flertal}`;
}
