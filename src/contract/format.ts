import dayjs from 'dayjs';

/**
 * How the product writes numbers, dates and coordinates, one module for the client and the server
 * (log texts, messages). Pure: no DOM, no Node APIs. Dates are DD-MM-YYYY (spec 001 §5), times
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

const talFormater = new Map<number, Intl.NumberFormat>();
function talFormat(maksDecimaler: number): Intl.NumberFormat {
  let f = talFormater.get(maksDecimaler);
  if (!f) {
    f = new Intl.NumberFormat('da-DK', { maximumFractionDigits: maksDecimaler });
    talFormater.set(maksDecimaler, f);
  }
  return f;
}
const toDecimaler = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
  return new Intl.NumberFormat('da-DK', {
    minimumFractionDigits: decimaler,
    maximumFractionDigits: decimaler,
  }).format(n);
}

/** Always two decimals: 1234.5 → '1.234,50'; '' for nothing. */
export function formatTal2(n: number | null | undefined): string {
  return tom(n) ? '' : toDecimaler.format(n);
}

/**
 * An amount in øre as kroner, da-DK with two decimals and 'kr.': 123456 → '1.234,56 kr.',
 * -5000 → '-50,00 kr.'; '' for nothing. Money is integer øre everywhere (invoicing); the division is
 * only for showing.
 */
export function formatOere(oere: number | null | undefined): string {
  if (tom(oere) || !Number.isFinite(oere)) return '';
  return `${toDecimaler.format(oere / 100)} kr.`;
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
