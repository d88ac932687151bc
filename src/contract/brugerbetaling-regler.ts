import type { LinjeKilde } from './fakturering';
import { bpSomProcent, halveTimerTekst, kroner } from './format';

/**
 * The pure rules of invoicing user payment (brugerbetaling), shared by the server, the client and the
 * unit tests (tests/unit/brugerbetaling-regler.test.ts). The server computes the same in SQL over many
 * companies at once (src/server/routes/fakturering-forslag.ts); the API tests hold the two together.
 * Each rule's source (brugerbetalingsbekendtgørelsen and MST's guidance) is in docs/decisions.md,
 * "User payment by the order (issue 29)".
 *
 * - The settlement year `aar` runs from 1 November (aar − 1) to 1 November aar (exclusive end).
 * - Work is charged at the hourly rate of the calendar year it was done in (November–December at the
 *   year before the settlement year's rate); a year without a rate stops the proposal run.
 * - Hours are counted per company, day and time category, rounded per day to the nearest half hour.
 * - Work on a complaint is charged only when the complaint is marked justified ('berettiget').
 * - A livestock farm's approval work is charged at 80 % of its whole amount, outside services included.
 * - Money is integer øre; shares are basis points (10000 = 100 %).
 */

/** 100 % in basis points. */
export const FULD_ANDEL_BP = 10_000;

/** The first day of settlement year `aar` and the day after its last (YYYY-MM-DD, `til` exclusive). */
export function afregningsperiode(aar: number): { fra: string; til: string } {
  return { fra: `${aar - 1}-11-01`, til: `${aar}-11-01` };
}

/** The settlement year a date (YYYY-MM-DD…) belongs to: November and December count to the next year. */
export function afregningsaarAf(dato: string): number {
  const aar = Number(dato.slice(0, 4));
  const maaned = Number(dato.slice(5, 7));
  return maaned >= 11 ? aar + 1 : aar;
}

/**
 * The settlement year the invoicing screens open on (`idag` YYYY-MM-DD…): the one whose invoicing
 * falls in this calendar year. User payment for 1 November (Y − 1) – 31 October Y is invoiced in
 * November Y (brugerbetalingsbekendtgørelsen § 4 stk. 2; by November's last working day, see
 * AARLIGE_FRISTER.brugerbetaling in frister-regler.ts), so from 1 November to 31 December the year
 * that just ended is the one to invoice (28-11-2026 → 2026, not 2027, whose period holds the day);
 * from 1 January the running year is next (its period holds the day).
 */
export function standardAfregningsaar(idag: string): number {
  const maaned = Number(idag.slice(5, 7));
  return maaned >= 11 ? afregningsaarAf(idag) - 1 : afregningsaarAf(idag);
}

/**
 * The calendar year whose hourly rate work done on `dato` is charged at: the year it was done in, so
 * November and December are charged at that year's rate, not the settlement year's (MST, 8-10-2021).
 */
export const satsAarAf = (dato: string): number => Number(dato.slice(0, 4));

/** The days a year's rates apply to: the calendar year (YYYY-MM-DD, `til` exclusive). */
export function satsPeriode(aar: number): { fra: string; til: string } {
  return { fra: `${aar}-01-01`, til: `${aar + 1}-01-01` };
}

/**
 * The calendar years whose rates settlement year `aar` needs, each with its part of the period:
 * 1 November–31 December of the year before, and 1 January–31 October of the year.
 */
export function periodensSatsAar(aar: number): { aar: number; fra: string; til: string }[] {
  const { fra, til } = afregningsperiode(aar);
  return [
    { aar: aar - 1, fra, til: `${aar}-01-01` },
    { aar, fra: `${aar}-01-01`, til },
  ];
}

/** The Danish stop message of a proposal run that needs the rate of a year that has none. */
export const ingenTimetakst = (aar: number): string =>
  `Der er ingen timetakst for ${aar}, og der er registreret arbejde i ${aar}, som skal faktureres med årets takst. Indtast Miljøstyrelsens timetakst for ${aar} under Gebyrtyper › Satser for brugerbetaling.`;

/** Hours as half hours, to the nearest half hour (a half of a half hour rounds up). */
export const tilHalveTimer = (timer: number): number => Math.round(timer * 2);

/**
 * Half hours of each record of one company's day in one time category: the day's sum is rounded to
 * the nearest half hour, and each record (in id order) gets the difference its running sum makes, so
 * every record has its own line and the lines of a day add up to the day's rounded hours exactly.
 */
export function halveTimerPrDag(poster: readonly { id: number; timer: number }[]): Map<number, number> {
  const ud = new Map<number, number>();
  let sum = 0;
  let foer = 0;
  for (const p of [...poster].sort((a, b) => a.id - b.id)) {
    sum += p.timer;
    const nu = tilHalveTimer(sum);
    ud.set(p.id, nu - foer);
    foer = nu;
  }
  return ud;
}

/** Kroner with up to 2 decimals as øre. */
export const kronerTilOere = (kroner: number): number => Math.round(kroner * 100);

/**
 * `taeller / naevner` rounded half up to a whole number, exactly (BigInt: the products of amounts and
 * two shares exceed 2^53). The SQL does the same with `div(2 × taeller + naevner, 2 × naevner)`.
 */
export function delOgRund(taeller: bigint, naevner: bigint): number {
  const neg = taeller < 0n;
  const q = (2n * (neg ? -taeller : taeller) + naevner) / (2n * naevner);
  return Number(neg ? -q : q);
}

const BP = BigInt(FULD_ANDEL_BP);

/**
 * The amount of an hours line: half hours × rate per hour × share × the livestock approval's share
 * (when it applies), rounded once to whole øre.
 */
export const timeBeloebOere = (
  halve: number,
  satsOere: number,
  andelBp: number,
  husdyrAndelBp: number | null = null,
): number =>
  delOgRund(
    BigInt(halve) * BigInt(satsOere) * BigInt(andelBp) * BigInt(husdyrAndelBp ?? FULD_ANDEL_BP),
    2n * BP * BP,
  );

/** The amount of a fixed or bought amount × share × the livestock approval's share, rounded once. */
export const andelBeloebOere = (
  satsOere: number,
  andelBp: number,
  husdyrAndelBp: number | null = null,
): number => delOgRund(BigInt(satsOere) * BigInt(andelBp) * BigInt(husdyrAndelBp ?? FULD_ANDEL_BP), BP * BP);

/** The rates of a calendar year the shares come from. */
export interface AarsSatser {
  timesatsOere: number;
  fremmedAndelBp: number;
  husdyrGodkendelseAndelBp: number;
}

/** The time category whose work is charged at the reduced share on a farm (type 2). */
export const GODKENDELSE_KODE = 'GODKENDELSE';
/** The time category of work on a complaint: charged only when the complaint is justified. */
export const KLAGE_KODE = 'KLAGE';
/** virksomhed.type of a farm. */
export const LANDBRUG_TYPE = 2;

/** What decides a line's shares besides its kind. */
export interface LinjeHvad {
  kategoriKode?: string | null;
  virksomhedstype?: number;
  /** The record's 'berettiget' mark (read on complaint work only). */
  klageBerettiget?: boolean;
}

/** Whether work is on a complaint not marked justified, and so cannot be charged. */
export const erUberettigetKlage = (kilde: LinjeKilde, hvad: LinjeHvad): boolean =>
  kilde !== 'sat' && hvad.kategoriKode === KLAGE_KODE && hvad.klageBerettiget !== true;

/**
 * The share of its kind charged for a line: 0 for work on a complaint not marked justified (the line
 * stays on the invoice at 0,00 kr. and says why), the year's share of an outside service (57,79 %),
 * else in full.
 */
export function andelFor(kilde: LinjeKilde, satser: AarsSatser, hvad: LinjeHvad = {}): number {
  if (erUberettigetKlage(kilde, hvad)) return 0;
  if (kilde === 'fremmed') return satser.fremmedAndelBp;
  return FULD_ANDEL_BP;
}

/**
 * The livestock approval's share (80 %) on top of the line's own share, or null: it applies to the
 * whole amount of a farm's approval work (hours, fixed amounts and outside services alike).
 */
export function husdyrAndelFor(kilde: LinjeKilde, satser: AarsSatser, hvad: LinjeHvad = {}): number | null {
  return kilde !== 'sat' && hvad.kategoriKode === GODKENDELSE_KODE && hvad.virksomhedstype === LANDBRUG_TYPE
    ? satser.husdyrGodkendelseAndelBp
    : null;
}

// Kroner, hours and per cent of an explanation are written by ./format (kroner, halveTimerTekst,
// bpSomProcent), the one owner of number texts; the SQL of the proposals writes the same.

/** Why a line of complaint work is at 0 % (stored in its explanation). */
export const KLAGE_IKKE_BERETTIGET =
  ' (klagen er ikke markeret berettiget – tilsyn på en uberettiget klage kan ikke opkræves)';
/** The mark of a line at the livestock approval's share. */
export const HUSDYRGODKENDELSE = ' (husdyrgodkendelse)';

/** The shares of a line in words: ' × 57,79 % × 80 % (husdyrgodkendelse)', '' in full. */
function andelTekst(andelBp: number, husdyrAndelBp: number | null): string {
  const andel = andelBp === FULD_ANDEL_BP ? '' : ` × ${bpSomProcent(andelBp)} %`;
  const husdyr = husdyrAndelBp === null ? '' : ` × ${bpSomProcent(husdyrAndelBp)} %`;
  const hvorfor = andelBp === 0 ? KLAGE_IKKE_BERETTIGET : husdyrAndelBp === null ? '' : HUSDYRGODKENDELSE;
  return `${andel}${husdyr}${hvorfor}`;
}

/**
 * How a line's amount came about, in words (stored on the line; the SQL of the proposal run writes the
 * same text): '3,5 t à 433,41 kr. × 80 % (husdyrgodkendelse)'.
 */
export function forklaring(l: {
  kilde: LinjeKilde;
  timerHalve: number | null;
  satsOere: number;
  andelBp: number;
  husdyrAndelBp?: number | null;
}): string {
  const andel = andelTekst(l.andelBp, l.husdyrAndelBp ?? null);
  switch (l.kilde) {
    case 'timer':
      return `${halveTimerTekst(l.timerHalve ?? 0)} t à ${kroner(l.satsOere)} kr.${andel}`;
    case 'fast':
      return `Fast gebyr ${kroner(l.satsOere)} kr.${andel}`;
    case 'fremmed':
      return `Fremmed ydelse ${kroner(l.satsOere)} kr. ekskl. moms${andel}`;
    case 'sat':
      // An hourly SAT fee shows its hours and rate (hours × rate = the amount), a fixed one its amount.
      return l.timerHalve === null
        ? `SAT-gebyr ${kroner(l.satsOere)} kr.`
        : `SAT-gebyr ${halveTimerTekst(l.timerHalve)} t à ${kroner(l.satsOere)} kr.`;
  }
}

/** A line as a credit note holds it: the original's amount and hours negated, pointing to it. */
export function kreditLinje<L extends { id: number; timerHalve: number | null; beloebOere: number }>(
  l: L,
): Omit<L, 'id'> & { kreditererLinjeId: number } {
  const { id, ...rest } = l;
  return {
    ...rest,
    timerHalve: l.timerHalve === null ? null : 0 - l.timerHalve,
    beloebOere: 0 - l.beloebOere,
    kreditererLinjeId: id,
  };
}

/** The sum of lines: an invoice's total is the sum of its lines, nothing else. */
export const sumOere = (linjer: readonly { beloebOere: number }[]): number =>
  linjer.reduce((s, l) => s + l.beloebOere, 0);

// ---------------------------------------------------------------- the payer

/** Checks a payer's data as the economy system will: the field and the Danish message of each fault. */
export function betalerFejl(b: {
  betalerTypeKode: string | null;
  cvrNr: string | null;
  betalingsReference: string | null;
}): [string, string][] {
  const ref = (b.betalingsReference ?? '').replace(/[\s-]/g, '');
  switch (b.betalerTypeKode) {
    case null:
    case '':
      return [['betalerTypeKode', 'Debitor mangler betalertype']];
    case 'CVR':
      return /^\d{8}$/.test(b.cvrNr ?? '') ? [] : [['cvrNr', 'CVR-betaler kræver et CVR-nummer på 8 cifre']];
    case 'EAN':
      return /^\d{13}$/.test(ref) ? [] : [['betalingsReference', 'EAN-nummeret skal være 13 cifre']];
    case 'CPR':
      return /^\d{10}$/.test(ref) ? [] : [['betalingsReference', 'CPR-nummeret skal være 10 cifre']];
    default:
      return [];
  }
}
