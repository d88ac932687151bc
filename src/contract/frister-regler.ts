/**
 * The statutory deadlines of the follow-up list (issue 15, research (f)), as pure functions over ISO
 * dates (YYYY-MM-DD), shared by the server (which computes the list) and the client:
 *
 * - the inspection report to the company within 2 months of the inspection (miljøtilsynsbekendtgørelsen
 *   § 11 stk. 2), publication on DMA within 4 months (§ 12 stk. 1);
 * - the yearly dates: the municipality's Jupiter report by 15 January, the owners' pumped quantities by
 *   1 February, registration in Jupiter and the DMA confirmation by 1 April, user payment invoiced in
 *   November (from 1 November);
 * - a deadline that falls on a Saturday, Sunday or Danish public holiday moves to the next working day.
 *
 * Dates are calendar days without time: they are computed in UTC so no time zone moves a day.
 */

const DAG_MS = 86_400_000;

const tilDato = (iso: string): Date => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`Ikke en dato: ${iso}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
};
const tilIso = (d: Date): string => d.toISOString().slice(0, 10);

export const plusDage = (iso: string, dage: number): string =>
  tilIso(new Date(tilDato(iso).getTime() + dage * DAG_MS));

/** Days from `fra` to `til` (negative when `til` lies before). */
export const dageMellem = (fra: string, til: string): number =>
  Math.round((tilDato(til).getTime() - tilDato(fra).getTime()) / DAG_MS);

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
 * Eve are not public holidays.
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

const helligdagCache = new Map<number, Set<string>>();
const erHelligdag = (iso: string): boolean => {
  const aar = Number(iso.slice(0, 4));
  let s = helligdagCache.get(aar);
  if (!s) {
    s = helligdage(aar);
    helligdagCache.set(aar, s);
  }
  return s.has(iso);
};

/** Monday to Friday and not a public holiday. */
export function erArbejdsdag(iso: string): boolean {
  const ugedag = tilDato(iso).getUTCDay();
  return ugedag !== 0 && ugedag !== 6 && !erHelligdag(iso);
}

/** The day itself when it is a working day, else the next working day. */
export function naesteArbejdsdag(iso: string): string {
  let d = iso;
  while (!erArbejdsdag(d)) d = plusDage(d, 1);
  return d;
}

/** The inspection report to the company: 2 months after the inspection (on a working day). */
export const rapportFrist = (tilsynsdato: string): string => naesteArbejdsdag(plusMaaneder(tilsynsdato, 2));

/** Publication on DMA: 4 months after the inspection or decision (on a working day). */
export const dmaFrist = (dato: string): string => naesteArbejdsdag(plusMaaneder(dato, 4));

export type AarligFrist =
  | 'jupiterKommune'
  | 'jupiterEjere'
  | 'jupiterRegistrering'
  | 'dmaBekraeftelse'
  | 'brugerbetaling';

export const AARLIGE_FRISTER: Record<AarligFrist, { maaned: number; dag: number; tekst: string }> = {
  jupiterKommune: {
    maaned: 1,
    dag: 15,
    tekst: 'Kommunens indberetning af vandindvindingstilladelser til Jupiter',
  },
  jupiterEjere: { maaned: 2, dag: 1, tekst: 'Ejernes indberetning af oppumpede vandmængder' },
  jupiterRegistrering: { maaned: 4, dag: 1, tekst: 'Registrering af oppumpede vandmængder i Jupiter' },
  dmaBekraeftelse: { maaned: 4, dag: 1, tekst: 'Årlig bekræftelse af tilsynsindsatsen i DMA' },
  brugerbetaling: { maaned: 11, dag: 1, tekst: 'Fakturering af brugerbetaling for afregningsåret' },
};

/** The next occurrence of a yearly deadline on or after `idag` (moved to a working day). */
export function naesteAarligeFrist(frist: AarligFrist, idag: string): string {
  const { maaned, dag } = AARLIGE_FRISTER[frist];
  const aar = Number(idag.slice(0, 4));
  for (const a of [aar, aar + 1]) {
    const d = naesteArbejdsdag(`${a}-${String(maaned).padStart(2, '0')}-${String(dag).padStart(2, '0')}`);
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
