import { dagenFoer } from '../../../contract/format';
import type { Planlaegningsperiode } from '../../../contract/planlaegning';

/**
 * A settlement period and a planning period written out for the economy administration. Reading and
 * writing kroner, per cent and hours is contract/format's (MAENGDER, typed through ui/form's
 * MaengdeInput and checked by contract/felter's maengdeInput; formatOere, formatBp, formatHalveTimer).
 */

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
