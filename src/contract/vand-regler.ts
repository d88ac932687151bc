/**
 * The rules of a water plant's quantities (issue 29), pure and shared: the form shows them while
 * typing, the API answers them, the seed builds its demo data on them, and the report SQL applies
 * the same terms (src/server/rapport/vand-sql.ts, held to these functions by tests/api/vand-regler.test.ts).
 * Their sources: docs/decisions.md, 'Water data by the rules (issue 29)'.
 */

/** Rounds away the binary noise of a sum of decimals (6 decimals; the inputs have at most a few). */
export const afrund = (n: number) => Math.round(n * 1e6) / 1e6;

/** The quantities of a period that the line loss is made of (m³; null or absent counts as 0). */
export interface LedningstabInput {
  /** Pumped from the plant's own boreholes; without it there is no line loss. */
  oppumpet: number | null;
  /** Received from other plants in the period. */
  importeret?: number | null;
  /** Delivered to other plants in the period. */
  eksporteret?: number | null;
  /** The works' own use (vandværkets eget forbrug). */
  egetForbrug?: number | null;
  filterskylning?: number | null;
  /** Delivered to the plant's consumers: the sum of the supply lines. */
  leveret?: number | null;
}
export type LedningstabLed = keyof LedningstabInput;

/**
 * The line loss as signed terms: oppumpet + importeret − eksporteret − eget forbrug − filterskylning
 * − leveret. Declared once so the report SQL is built from the same list (never restated).
 */
export const LEDNINGSTAB_LED: readonly (readonly [LedningstabLed, 1 | -1])[] = [
  ['oppumpet', 1],
  ['importeret', 1],
  ['eksporteret', -1],
  ['egetForbrug', -1],
  ['filterskylning', -1],
  ['leveret', -1],
];

/** The terms that bring water into the network (udpumpet = these, without the delivered quantity). */
const UDPUMPET_LED = LEDNINGSTAB_LED.filter(([led]) => led !== 'leveret');

const sumAf = (i: LedningstabInput, led: typeof LEDNINGSTAB_LED): number =>
  afrund(led.reduce((s, [navn, fortegn]) => s + fortegn * (i[navn] ?? 0), 0));

/** Line loss (ledningstab): the water put into the network that no consumer received; null without a pumped quantity. */
export function ledningstab(i: LedningstabInput): number | null {
  return i.oppumpet === null ? null : sumAf(i, LEDNINGSTAB_LED);
}

/** Water put into the network (udpumpet): oppumpet + importeret − eksporteret − eget forbrug − filterskylning. */
export function udpumpet(i: LedningstabInput): number | null {
  return i.oppumpet === null ? null : sumAf(i, UDPUMPET_LED);
}

/** The line loss in per cent of the water put into the network (2 decimals); null when none was. */
export function ledningstabProcent(i: LedningstabInput): number | null {
  const tab = ledningstab(i);
  const ud = udpumpet(i);
  return tab === null || !ud || ud <= 0 ? null : Math.round((tab / ud) * 10_000) / 100;
}

// ---------------------------------------------------------------------------------------------
// Imports and exports: the plant's ImportEksportVandmaengder records, counted in the periods they share

export const IMPORTERET_FRA = 'Importeret fra';
export const EKSPORTERET_TIL = 'Eksporteret til';

/** One import or export record: its direction, its period (both days counted) and its quantity. */
export interface Udveksling {
  retning: string;
  fra: string;
  til: string;
  maengde: number;
}

const DAG_MS = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const dagNr = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAG_MS;

/**
 * The part of a record's quantity that falls in a period: its quantity × the days the two share ÷
 * the record's days (both ends counted). A record inside the period counts whole; one across two
 * periods is split by days; one outside it counts 0.
 */
export function andelIPeriode(u: Udveksling, periode: { start: string; slut: string }): number {
  const dage = dagNr(u.til) - dagNr(u.fra) + 1;
  const faelles =
    Math.min(dagNr(u.til), dagNr(periode.slut)) - Math.max(dagNr(u.fra), dagNr(periode.start)) + 1;
  return dage <= 0 || faelles <= 0 ? 0 : (u.maengde * faelles) / dage;
}

/** The water imported and exported in a period, summed over the plant's records. */
export function periodensUdveksling(
  poster: readonly Udveksling[],
  periode: { start: string; slut: string },
): { importeret: number; eksporteret: number } {
  let importeret = 0;
  let eksporteret = 0;
  for (const u of poster) {
    const andel = andelIPeriode(u, periode);
    if (u.retning === IMPORTERET_FRA) importeret += andel;
    else if (u.retning === EKSPORTERET_TIL) eksporteret += andel;
  }
  return { importeret: afrund(importeret), eksporteret: afrund(eksporteret) };
}

/** An ImportEksportVandmaengder record (as the record API answers it) as an exchange; null when incomplete. */
export function udvekslingAf(post: Record<string, unknown>): Udveksling | null {
  const { retning, dato, periodeTil, maengde } = post;
  if (
    typeof retning !== 'string' ||
    typeof dato !== 'string' ||
    typeof periodeTil !== 'string' ||
    typeof maengde !== 'number' ||
    !ISO.test(dato.slice(0, 10)) ||
    !ISO.test(periodeTil.slice(0, 10))
  )
    return null;
  return { retning, fra: dato.slice(0, 10), til: periodeTil.slice(0, 10), maengde };
}
