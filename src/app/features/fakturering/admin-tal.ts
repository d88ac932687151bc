import type { Planlaegningsperiode } from '../../../contract/planlaegning';

/**
 * What the economy administration types and reads: kroner typed the Danish way become integer øre,
 * per cent with two decimals become basis points, both by the digits of the text (never through a
 * floating-point product, so '1.234,56' is 123456 øre and '57,79' is 5779 bp exactly); half hours
 * written with one decimal; a settlement period written out.
 */

/**
 * Splits a non-negative Danish number ('1.234,5', '1234,50', '1234', '12.5' when the dot cannot be a
 * thousands separator) into its whole part and its decimals as digit strings; null when the text is
 * no such number or has more than `maksDecimaler` decimals. A trailing unit ('kr.', 'kr', '%') and
 * spaces are allowed.
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

/** Kroner typed the Danish way as integer øre ('1.234,50' → 123450, '381' → 38100); null if not an amount. */
export function kronerTilOere(tekst: string): number | null {
  const t = delTal(tekst, /\s*kr\.?\s*$/i, 2);
  if (!t) return null;
  const oere = Number(t.hel) * 100 + Number(t.dec);
  return Number.isSafeInteger(oere) ? oere : null;
}

/** Øre as the kroner a field shows for editing: 123450 → '1.234,50' (no unit). */
export function oereTilKronerTekst(oere: number): string {
  const negativ = oere < 0;
  const a = Math.abs(Math.round(oere));
  const hel = Math.floor(a / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negativ ? '-' : ''}${hel},${String(a % 100).padStart(2, '0')}`;
}

/** Per cent with up to two decimals as basis points ('57,79' → 5779, '80 %' → 8000); null otherwise. */
export function procentTilBp(tekst: string): number | null {
  const t = delTal(tekst, /\s*%\s*$/, 2);
  if (!t) return null;
  const bp = Number(t.hel) * 100 + Number(t.dec);
  return Number.isSafeInteger(bp) ? bp : null;
}

/** Basis points as per cent for a field: 5779 → '57,79', 8000 → '80,00'. */
export const bpTilProcentTekst = (bp: number): string => oereTilKronerTekst(bp);

/** Basis points as shown in a list: 5779 → '57,79 %'. */
export const formatBp = (bp: number): string => `${bpTilProcentTekst(bp)} %`;

const enDecimal = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Hours with one decimal and 't': 12.5 → '12,5 t', 3 → '3,0 t'. */
export const formatTimer = (timer: number): string => `${enDecimal.format(timer)} t`;

/** Half hours as hours with one decimal: 25 → '12,5 t'. */
export const formatHalveTimer = (halve: number): string => formatTimer(halve / 2);

const MAANEDER = [
  'januar',
  'februar',
  'marts',
  'april',
  'maj',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/** An ISO date written out: '2025-11-01' → '1. november 2025'. */
export function datoSkrevetUd(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return `${Number(m[3])}. ${MAANEDER[Number(m[2]) - 1]} ${m[1]}`;
}

/** The day before an ISO date (calendar arithmetic in UTC, so no time zone moves it). */
export function dagenFoer(iso: string): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A settlement period written out from its first day and its exclusive end:
 * ('2025-11-01', '2026-11-01') → '1. november 2025 – 31. oktober 2026'.
 */
export const periodeSkrevetUd = (fra: string, til: string): string =>
  `${datoSkrevetUd(fra)} – ${datoSkrevetUd(dagenFoer(til))}`;

/** The settlement period of a year when the server has not said it: 1 November the year before to 1 November. */
export const afregningsperiode = (aar: number) => ({ fra: `${aar - 1}-11-01`, til: `${aar}-11-01` });

/** The planning period the follow-up shows when the address names none: the session's year, else the newest. */
export function standardPeriode(
  perioder: readonly Planlaegningsperiode[],
  aktivtAar: unknown,
): Planlaegningsperiode | undefined {
  return perioder.find((p) => p.aar === aktivtAar) ?? [...perioder].sort((a, b) => b.aar - a.aar)[0];
}
