import type { FakturaStatus, LinjeKilde } from './fakturering';

/**
 * The pure rules of invoicing user payment (brugerbetaling), shared by the server, the client and the
 * unit tests (tests/unit/brugerbetaling-regler.test.ts). The server computes the same in SQL over many
 * companies at once (src/server/routes/fakturering-forslag.ts); the API tests hold the two together.
 *
 * - The settlement year `aar` runs from 1 November (aar − 1) to 1 November aar (exclusive end).
 * - Hours are counted per company, day and time category, rounded per day to the nearest half hour.
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

/** The amount of an hours line: half hours × rate per hour × share. */
export const timeBeloebOere = (halve: number, satsOere: number, andelBp: number): number =>
  Math.round((halve * satsOere * andelBp) / (2 * FULD_ANDEL_BP));

/** The amount of a fixed or bought amount × share. */
export const andelBeloebOere = (satsOere: number, andelBp: number): number =>
  Math.round((satsOere * andelBp) / FULD_ANDEL_BP);

/** The rates of a settlement year the shares come from. */
export interface AarsSatser {
  timesatsOere: number;
  fremmedAndelBp: number;
  husdyrGodkendelseAndelBp: number;
}

/** The time category whose hours are charged at the reduced share on a farm (type 2). */
export const GODKENDELSE_KODE = 'GODKENDELSE';
/** virksomhed.type of a farm. */
export const LANDBRUG_TYPE = 2;

/**
 * The share charged for a line: approvals of livestock farms at the year's reduced share (80 %), outside
 * services at the year's share (57,79 %), everything else in full.
 */
export function andelFor(
  kilde: LinjeKilde,
  satser: AarsSatser,
  hvad: { kategoriKode?: string | null; virksomhedstype?: number } = {},
): number {
  if (kilde === 'fremmed') return satser.fremmedAndelBp;
  if (kilde === 'timer' && hvad.kategoriKode === GODKENDELSE_KODE && hvad.virksomhedstype === LANDBRUG_TYPE)
    return satser.husdyrGodkendelseAndelBp;
  return FULD_ANDEL_BP;
}

/** Øre as Danish kroner with 2 decimals and thousands points: 103300 → '1.033,00'. */
export function kroner(oere: number): string {
  const tegn = oere < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(oere));
  const kr = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${tegn}${kr},${String(abs % 100).padStart(2, '0')}`;
}

/** Half hours as hours in Danish: 7 → '3,5'. */
export function timerTekst(halve: number): string {
  const abs = Math.abs(halve);
  return `${halve < 0 ? '-' : ''}${abs % 2 === 0 ? abs / 2 : `${(abs - 1) / 2},5`}`;
}

/** A share in basis points as a Danish percentage: 8000 → '80', 5779 → '57,79'. */
export function procentTekst(andelBp: number): string {
  const hel = Math.floor(andelBp / 100);
  const rest = andelBp % 100;
  return rest === 0 ? String(hel) : `${hel},${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * How a line's amount came about, in words (stored on the line; the SQL of the proposal run writes the
 * same text): '3,5 t à 381,00 kr. × 80 % (husdyrgodkendelse)'.
 */
export function forklaring(l: {
  kilde: LinjeKilde;
  timerHalve: number | null;
  satsOere: number;
  andelBp: number;
}): string {
  const andel = l.andelBp === FULD_ANDEL_BP ? '' : ` × ${procentTekst(l.andelBp)} %`;
  switch (l.kilde) {
    case 'timer':
      return `${timerTekst(l.timerHalve ?? 0)} t à ${kroner(l.satsOere)} kr.${andel}${l.andelBp === FULD_ANDEL_BP ? '' : ' (husdyrgodkendelse)'}`;
    case 'fast':
      return `Fast gebyr ${kroner(l.satsOere)} kr.`;
    case 'fremmed':
      return `Fremmed ydelse ${kroner(l.satsOere)} kr. ekskl. moms${andel}`;
    case 'sat':
      return `SAT-gebyr ${kroner(l.satsOere)} kr.`;
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

// ---------------------------------------------------------------- the invoice's life

/**
 * What can be done to an invoice: approve (into a batch), cancel its batch before transfer, a transfer
 * that the economy system took or refused (or did not answer), credit a transferred invoice.
 */
export const FAKTURA_HANDLINGER = ['godkend', 'annuller', 'overfoer', 'overfoerFejlet', 'krediter'] as const;
export type FakturaHandling = (typeof FAKTURA_HANDLINGER)[number];

/** The transitions: from each status, the acts allowed and the status each leads to. */
export const FAKTURA_OVERGANGE: Record<FakturaStatus, Partial<Record<FakturaHandling, FakturaStatus>>> = {
  forslag: { godkend: 'godkendt' },
  godkendt: { overfoer: 'overfoert', overfoerFejlet: 'fejlet', annuller: 'forslag' },
  // A failed transfer is retried; cancelling it is allowed while the economy system holds nothing
  // (the server refuses when an attempt may have reached it).
  fejlet: { overfoer: 'overfoert', overfoerFejlet: 'fejlet', annuller: 'forslag' },
  // A transferred invoice is never changed or cancelled: only credited (with a credit note).
  overfoert: { krediter: 'krediteret' },
  krediteret: {},
};

/** Whether an invoice in `status` may undergo `handling`. */
export const kanOvergaa = (status: FakturaStatus, handling: FakturaHandling): boolean =>
  FAKTURA_OVERGANGE[status][handling] !== undefined;

/** The status after `handling`, or null when it is not allowed. */
export const naesteStatus = (status: FakturaStatus, handling: FakturaHandling): FakturaStatus | null =>
  FAKTURA_OVERGANGE[status][handling] ?? null;

/** The statuses from which `handling` is allowed (for the server's WHERE clauses). */
export const statusserFor = (handling: FakturaHandling): FakturaStatus[] =>
  (Object.keys(FAKTURA_OVERGANGE) as FakturaStatus[]).filter((s) => kanOvergaa(s, handling));

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
