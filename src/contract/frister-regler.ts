import { dageMellem, plusDage, utcDato, utcMidnat } from './format';
import { VIRKSOMHEDSTYPE } from './roles';

/**
 * The statutory deadlines of the follow-up list (issue 15, issue 29, research (f)), as pure functions
 * over ISO dates (YYYY-MM-DD), shared by the server (which computes the list) and the client. Each
 * rule's source is in docs/decisions.md, 'Deadlines by the rules (issue 29)':
 *
 * - which inspections have the order's deadlines (`tilsynetsFrister`): a company or farm under regular
 *   inspection; the report after each physical inspection (miljøtilsynsbekendtgørelsen § 11), DMA after
 *   each physical or administrative one (§ 12 stk. 1, § 14, § 16); none for a water plant;
 * - the report to the company within 2 months of the inspection (§ 11 stk. 2), DMA within 4 months
 *   (§ 12 stk. 1, § 16) and for the year's last inspections by the next 1 April (§ 17);
 * - the yearly dates: the municipality's Jupiter report by 15 January, the owners' pumped quantities by
 *   1 February, registration in Jupiter and the DMA confirmation by 1 April, user payment invoiced in
 *   November (by its last working day);
 * - a deadline that falls on a closed day (Saturday, Sunday, public holiday, Constitution Day,
 *   24 or 31 December) moves to the next working day (forældelsesloven § 27 stk. 2).
 *
 * Dates are calendar days without time: they are computed in UTC so no time zone moves a day.
 */

// Calendar arithmetic on ISO dates lives in ./format (the one owner of dates); re-exported for the
// deadline rules' users.
export { dageMellem, plusDage } from './format';

const tilDato = utcMidnat;
const tilIso = utcDato;

/**
 * The same day `maaneder` months later; a day the month lacks becomes its last day
 * (31-12-2024 + 2 months = 28-02-2025).
 */
export function plusMaaneder(iso: string, maaneder: number): string {
  const d = tilDato(iso);
  const aar = d.getUTCFullYear();
  const maaned = d.getUTCMonth() + maaneder;
  const sidste = new Date(Date.UTC(aar, maaned + 1, 0)).getUTCDate();
  return tilIso(new Date(Date.UTC(aar, maaned, Math.min(d.getUTCDate(), sidste))));
}

/** Easter Sunday of a year (the Gregorian computus). */
export function paaskedag(aar: number): string {
  const a = aar % 19;
  const b = Math.floor(aar / 100);
  const c = aar % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const maaned = Math.floor((h + l - 7 * m + 114) / 31);
  const dag = ((h + l - 7 * m + 114) % 31) + 1;
  return tilIso(new Date(Date.UTC(aar, maaned - 1, dag)));
}

/**
 * The Danish public holidays of a year (helligdagsloven): New Year's Day, Maundy Thursday, Good
 * Friday, Easter Sunday and Monday, Great Prayer Day (until 2023; abolished from 2024), Ascension
 * Day, Whit Sunday and Monday, Christmas Day and Boxing Day. Constitution Day (5 June) and Christmas
 * Eve are not public holidays (but closed days for a deadline: `lukkedage`).
 */
export function helligdage(aar: number): Set<string> {
  const p = paaskedag(aar);
  const dage = [
    `${aar}-01-01`,
    plusDage(p, -3),
    plusDage(p, -2),
    p,
    plusDage(p, 1),
    ...(aar <= 2023 ? [plusDage(p, 26)] : []),
    plusDage(p, 39),
    plusDage(p, 49),
    plusDage(p, 50),
    `${aar}-12-25`,
    `${aar}-12-26`,
  ];
  return new Set(dage);
}

/**
 * The days besides Saturday and Sunday on which a deadline cannot end (forældelsesloven § 27 stk. 2,
 * as retsplejeloven § 148 stk. 2): the public holidays, Constitution Day (5 June), Christmas Eve and
 * New Year's Eve.
 */
export function lukkedage(aar: number): Set<string> {
  return new Set([...helligdage(aar), `${aar}-06-05`, `${aar}-12-24`, `${aar}-12-31`]);
}

const lukkedagCache = new Map<number, Set<string>>();
const erLukkedag = (iso: string): boolean => {
  const aar = Number(iso.slice(0, 4));
  let s = lukkedagCache.get(aar);
  if (!s) {
    s = lukkedage(aar);
    lukkedagCache.set(aar, s);
  }
  return s.has(iso);
};

/** A day a deadline can end on: Monday to Friday and not a closed day (`lukkedage`). */
export function erArbejdsdag(iso: string): boolean {
  const ugedag = tilDato(iso).getUTCDay();
  return ugedag !== 0 && ugedag !== 6 && !erLukkedag(iso);
}

/** The day itself when it is a working day, else the next working day. */
export function naesteArbejdsdag(iso: string): string {
  let d = iso;
  while (!erArbejdsdag(d)) d = plusDage(d, 1);
  return d;
}

/** The day itself when it is a working day, else the working day before it. */
export function forrigeArbejdsdag(iso: string): string {
  let d = iso;
  while (!erArbejdsdag(d)) d = plusDage(d, -1);
  return d;
}

// ---------------------------------------------------------------- the inspection's deadlines

/** The inspection types (codes of dmalookup/tilsynsTyper) after which a report is due (§ 11 stk. 1). */
export const RAPPORT_TILSYNSTYPER: readonly string[] = ['FYSISK'];
/** The inspection types whose data go to DMA (§ 14 stk. 1 nr. 5; a systemrevision is no DMA type). */
export const DMA_TILSYNSTYPER: readonly string[] = ['FYSISK', 'ADMINISTRATIVT'];
/** The categories (dmalookup/tilsynsKategorier) of inspections outside regular inspection (guide 4.1.6). */
export const KATEGORIER_UDEN_FRISTER: readonly string[] = ['OEVRIGE'];

export interface TilsynetsFakta {
  /** The owner's type: company, farm or water plant (VIRKSOMHEDSTYPE). */
  virksomhedstype: number;
  /** The company or farm is under regular inspection (its 'Omfattet af aktivt tilsyn'). */
  omfattetAfAktivtTilsyn: boolean;
  /** The codes of the inspection's type and category (null: not given). */
  tilsynstype: string | null;
  tilsynskategori: string | null;
}

/**
 * Which of the inspection order's deadlines an inspection has: only a company's or farm's under
 * regular inspection (§ 1 stk. 2; an 'øvrigt tilsyn' is one outside it); the report after a physical
 * inspection (§ 11), DMA after a physical or administrative one (§ 12 stk. 1, § 14 stk. 1, § 16).
 * A water plant's inspection has none of them (drikkevandsbekendtgørelsen sets no report deadline).
 */
export function tilsynetsFrister(t: TilsynetsFakta): { rapport: boolean; dma: boolean } {
  const underOrdningen =
    (t.virksomhedstype === VIRKSOMHEDSTYPE.VIRKSOMHED || t.virksomhedstype === VIRKSOMHEDSTYPE.LANDBRUG) &&
    t.omfattetAfAktivtTilsyn &&
    !KATEGORIER_UDEN_FRISTER.includes(t.tilsynskategori ?? '');
  const type = t.tilsynstype ?? '';
  return {
    rapport: underOrdningen && RAPPORT_TILSYNSTYPER.includes(type),
    dma: underOrdningen && DMA_TILSYNSTYPER.includes(type),
  };
}

/** Months from the inspection to the report deadline (§ 11 stk. 2) and to the DMA deadline (§ 12 stk. 1, § 16). */
export const RAPPORT_MAANEDER = 2;
export const DMA_MAANEDER = 4;

/** The inspection report to the company: 2 months after the inspection (on a working day). */
export const rapportFrist = (tilsynsdato: string): string =>
  naesteArbejdsdag(plusMaaneder(tilsynsdato, RAPPORT_MAANEDER));

/**
 * DMA: 4 months after the inspection, and no later than the next year's DMA confirmation (1 April,
 * § 17): a December inspection's data must be there by then (guide 3.5.3.1). On a working day.
 */
export function dmaFrist(tilsynsdato: string): string {
  const fire = naesteArbejdsdag(plusMaaneder(tilsynsdato, DMA_MAANEDER));
  const bekraeftelse = AARLIGE_FRISTER.dmaBekraeftelse.frist(Number(tilsynsdato.slice(0, 4)) + 1);
  return [fire, bekraeftelse].sort()[0]!; // ISO dates sort as they fall
}

// ---------------------------------------------------------------- the yearly dates

export type AarligFrist =
  | 'jupiterKommune'
  | 'jupiterEjere'
  | 'jupiterRegistrering'
  | 'dmaBekraeftelse'
  | 'brugerbetaling';

const dato = (aar: number, maaned: number, dag: number) =>
  `${aar}-${String(maaned).padStart(2, '0')}-${String(dag).padStart(2, '0')}`;

/** The DMA confirmation's day (§ 17): the DMA deadline of the year's last inspections in SQL too. */
export const DMA_BEKRAEFTELSE = { maaned: 4, dag: 1 } as const;

/** Each yearly date: its text and its deadline in a year (already on a working day). */
export const AARLIGE_FRISTER: Record<AarligFrist, { tekst: string; frist: (aar: number) => string }> = {
  jupiterKommune: {
    tekst: 'Kommunens indberetning af vandindvindingstilladelser til Jupiter',
    frist: (aar) => naesteArbejdsdag(dato(aar, 1, 15)),
  },
  jupiterEjere: {
    tekst: 'Ejernes indberetning af oppumpede vandmængder',
    frist: (aar) => naesteArbejdsdag(dato(aar, 2, 1)),
  },
  jupiterRegistrering: {
    tekst: 'Registrering af oppumpede vandmængder i Jupiter',
    frist: (aar) => naesteArbejdsdag(dato(aar, 4, 1)),
  },
  dmaBekraeftelse: {
    tekst: 'Årlig bekræftelse af tilsynsindsatsen i DMA',
    frist: (aar) => naesteArbejdsdag(dato(aar, DMA_BEKRAEFTELSE.maaned, DMA_BEKRAEFTELSE.dag)),
  },
  // Invoiced "hvert år i november måned" for 1 November to 31 October (brugerbetalingsbekendtgørelsen
  // § 4 stk. 2): by November's last working day, so the deadline never leaves November.
  brugerbetaling: {
    tekst: 'Fakturering af brugerbetaling for afregningsåret 1. november–31. oktober',
    frist: (aar) => forrigeArbejdsdag(dato(aar, 11, 30)),
  },
};

/** The next occurrence of a yearly deadline on or after `idag`. */
export function naesteAarligeFrist(frist: AarligFrist, idag: string): string {
  const aar = Number(idag.slice(0, 4));
  for (const a of [aar, aar + 1]) {
    const d = AARLIGE_FRISTER[frist].frist(a);
    if (d >= idag) return d;
  }
  throw new Error('unreachable');
}

export type FristStatus = 'overskredet' | 'snart' | 'god tid';
/** Days left up to this count show as 'snart'. */
export const SNART_DAGE = 14;

/** Days left and the status the list colours by (passed: red, within 14 days: amber, else plain). */
export function fristStatus(frist: string, idag: string): { dageTilbage: number; status: FristStatus } {
  const dageTilbage = dageMellem(idag, frist);
  return {
    dageTilbage,
    status: dageTilbage < 0 ? 'overskredet' : dageTilbage <= SNART_DAGE ? 'snart' : 'god tid',
  };
}
