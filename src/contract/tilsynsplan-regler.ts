/**
 * The rules of the inspection order (miljøtilsynsbekendtgørelsen, BEK 1536/2019, as Miljøstyrelsen's
 * guide miljotilsynsvejledning.dk explains them; research (c) and §4), one pure function per rule.
 * The server's plan generator (src/server/routes/planlaegning-generer.ts) composes them; each has a
 * unit test named after the rule (tests/unit/tilsynsplan-regler.test.ts).
 */

/** The categories under regular inspection ('Ingen' is never planned). */
export const PLAN_KATEGORIER = ['1a', '1b', '2'] as const;
export type PlanKategori = (typeof PLAN_KATEGORIER)[number];
export const erPlanKategori = (k: unknown): k is PlanKategori =>
  typeof k === 'string' && (PLAN_KATEGORIER as readonly string[]).includes(k);

/** The kinds of planned inspection. */
export const TILSYNSTYPER = ['basis', 'prioriteret', 'kampagne'] as const;
export type Tilsynstype = (typeof TILSYNSTYPER)[number];

// ---------------------------------------------------------------- figures

/** Basis inspection frequency in years: category 1a/1b every 3rd year, category 2 every 6th. */
export const BASIS_FREKVENS_AAR: Record<PlanKategori, number> = { '1a': 3, '1b': 3, '2': 6 };
/** A company never inspected gets its first basis inspection within this many years. */
export const FOERSTE_BASIS_INDEN_AAR = 3;
/** 1a: a total risk score over this gives a prioritised inspection every year. */
export const SCORE_HVERT_AAR = 3.6;
/** 1a: a score over this (up to and including 3,6) gives one every second year; at or below, basis only. */
export const SCORE_HVERT_ANDET_AAR = 2.8;
/** Category 2: at least this share physically inspected per year. */
export const KATEGORI2_FYSISK_ANDEL = 0.25;
/**
 * Category 1 (1a + 1b): the share physically inspected per year. NOT VERIFIED: research (c) did not
 * find the figure and guesses 40 % (to be confirmed in BEK 1536/2019 § 7; docs/decisions.md).
 */
export const KATEGORI1_FYSISK_ANDEL = 0.4;
/** Average planned hours per kind of inspection (assumed; docs/decisions.md). */
export const TIMER_PR_TILSYN: Record<Tilsynstype, number> = { basis: 8, prioriteret: 6, kampagne: 4 };
/** Available hours per case worker and period until a figure is stored. */
export const STANDARD_TIMER_TIL_RAADIGHED = 1200;

// ---------------------------------------------------------------- scores

/**
 * The stored risk score (risikovurdering.score, 0–100, the DMA model's points) on the guide's scale
 * of the total risk score (1–5, one decimal): 1 + 4 · score / 100, so 45 ↔ 2,8 and 65 ↔ 3,6.
 * Kept in tenths to compare the thresholds exactly.
 */
export function mstScore(score0til100: number): number {
  return Math.round(10 + (score0til100 * 40) / 100) / 10;
}

/** A score in tenths (avoids 3.6000000001). */
const tiendedele = (score: number) => Math.round(score * 10);

/** A score as Danish text: 3.8 → '3,8'. */
export const scoreTekst = (score: number): string => score.toFixed(1).replace('.', ',');

// ---------------------------------------------------------------- the rules

/** Opstartstilsyn and øvrige tilsyn do not count: only a basis inspection restarts the basis period. */
export function taellerSomBasis(tilsynstypeKode: string | null | undefined): boolean {
  return tilsynstypeKode === 'BASIS';
}

/**
 * Only physical inspections of the plan's kinds (basis, prioriteret, kampagne) count toward the
 * year's goal; opstartstilsyn, klage-, opfølgende and øvrige tilsyn do not.
 */
export function taellerMedIMaal(tilsynstypeKode: string | null | undefined, fysisk: boolean): boolean {
  return (
    fysisk &&
    (tilsynstypeKode === 'BASIS' || tilsynstypeKode === 'PRIORITERET' || tilsynstypeKode === 'KAMPAGNE')
  );
}

/**
 * The year the next basis inspection is due: the last basis + 3 (1a, 1b) or + 6 (2); never had one:
 * within 3 years of becoming covered (etablering), so due now when that is past.
 */
export function naesteBasisAar(
  kategori: PlanKategori,
  sidsteBasisAar: number | null,
  omfattetAar: number | null,
  planAar: number,
): number {
  if (sidsteBasisAar !== null) return sidsteBasisAar + BASIS_FREKVENS_AAR[kategori];
  if (omfattetAar === null) return planAar;
  return omfattetAar + FOERSTE_BASIS_INDEN_AAR;
}

/** A basis inspection belongs in the plan when it is due this year or overdue. */
export function basisForfalden(naesteBasis: number, planAar: number): boolean {
  return naesteBasis <= planAar;
}

/** How often a 1a company gets a prioritised inspection, from its total risk score. */
export type Frekvens1a = 'hvertAar' | 'hvertAndetAar' | 'kunBasis';
export function prioritetsfrekvens1a(score: number | null): Frekvens1a {
  if (score === null) return 'kunBasis';
  const t = tiendedele(score);
  if (t > tiendedele(SCORE_HVERT_AAR)) return 'hvertAar';
  if (t > tiendedele(SCORE_HVERT_ANDET_AAR)) return 'hvertAndetAar';
  return 'kunBasis';
}

/**
 * Whether a 1a company gets a prioritised inspection this year. Never in its basis year. Every year:
 * both years between basis inspections (1 + 2 in 3 years). Every second year: the second year after
 * the basis year (1 + 1 in 3 years); the anchor is the last basis year or, never inspected, the year
 * it became covered.
 */
export function prioriteret1aIAar(
  frekvens: Frekvens1a,
  basisIAar: boolean,
  anker: number | null,
  planAar: number,
): boolean {
  if (basisIAar || frekvens === 'kunBasis') return false;
  if (frekvens === 'hvertAar') return true;
  if (anker === null) return false;
  return (((planAar - anker) % 3) + 3) % 3 === 2;
}

/** Never basis and prioritised in the same calendar year for the same company. */
export function maaPrioriteres(basisIAar: boolean): boolean {
  return !basisIAar;
}

/** The physical inspections a category requires this year: at least the share, rounded up. */
export function kraevetFysisk(kategori: PlanKategori, antalVirksomheder: number): number {
  const andel = kategori === '2' ? KATEGORI2_FYSISK_ANDEL : KATEGORI1_FYSISK_ANDEL;
  // In whole percent, so 25 % of 100 is exactly 25 (no floating-point rounding up).
  return Math.ceil((antalVirksomheder * Math.round(andel * 100)) / 100);
}

/** Planned hours of a planned inspection. */
export const planlagteTimer = (type: Tilsynstype): number => TIMER_PR_TILSYN[type];

// ---------------------------------------------------------------- reasons in words

export function begrundelseBasis(
  kategori: PlanKategori,
  sidsteBasisAar: number | null,
  omfattetAar: number | null,
  naesteBasis: number,
  planAar: number,
): string {
  const frekvens = BASIS_FREKVENS_AAR[kategori];
  const forsinket = naesteBasis < planAar ? ` (forfaldt ${naesteBasis})` : '';
  if (sidsteBasisAar !== null)
    return `${kategori}, basistilsyn hvert ${frekvens}. år: sidste basistilsyn ${sidsteBasisAar}${forsinket}`;
  if (omfattetAar !== null)
    return `${kategori}, første basistilsyn inden for ${FOERSTE_BASIS_INDEN_AAR} år efter ${omfattetAar}${forsinket}`;
  return `${kategori}, intet basistilsyn registreret: basistilsyn nu`;
}

export function begrundelse1a(frekvens: Frekvens1a, score: number): string {
  return frekvens === 'hvertAar'
    ? `1a, score ${scoreTekst(score)} > ${scoreTekst(SCORE_HVERT_AAR)}: prioriteret hvert år`
    : `1a, score ${scoreTekst(score)} (over ${scoreTekst(SCORE_HVERT_ANDET_AAR)}, højst ${scoreTekst(SCORE_HVERT_AAR)}): prioriteret hvert andet år`;
}

export function begrundelseOpfyldning(
  kategori: PlanKategori,
  score: number | null,
  nr: number,
  kraevet: number,
): string {
  const andel = Math.round((kategori === '2' ? KATEGORI2_FYSISK_ANDEL : KATEGORI1_FYSISK_ANDEL) * 100);
  const s = score === null ? 'uden score' : `score ${scoreTekst(score)}`;
  return `${kategori}, ${s}: prioriteret fra toppen af listen (nr. ${nr}) for at nå ${andel} % fysiske tilsyn (${kraevet} krævet)`;
}

// ---------------------------------------------------------------- composing one year

/** A company as the generator sees it. */
export interface PlanVirksomhed {
  id: number;
  kategori: PlanKategori;
  /** The guide's total risk score (1–5), null without an assessment. */
  score: number | null;
  sidsteBasisAar: number | null;
  omfattetAar: number | null;
}

export interface PlanRaekke {
  virksomhedId: number;
  kategori: PlanKategori;
  tilsynstype: Tilsynstype;
  fysisk: boolean;
  score: number | null;
  begrundelse: string;
  timer: number;
}

/** Highest score first; without a score last; ties by id (stable across runs). */
const efterScore = (a: PlanVirksomhed, b: PlanVirksomhed) => (b.score ?? -1) - (a.score ?? -1) || a.id - b.id;

/**
 * The year's plan from the companies: basis where due; 1a prioritised by score; then each category
 * filled from the top of its score list with prioritised physical inspections until its required
 * physical share is planned (1a and 1b each to the cat. 1 share, 2 to 25 %), never a company that
 * has basis this year. `fastlagt` are companies whose row is already done this year
 * (kept by a regeneration): they are not planned again but count toward the goal.
 */
export function planlaegAar(
  virksomheder: readonly PlanVirksomhed[],
  planAar: number,
  fastlagt: ReadonlyMap<number, { kategori: PlanKategori; fysisk: boolean }> = new Map(),
): PlanRaekke[] {
  const raekker: PlanRaekke[] = [];
  const planlagt = new Set<number>();
  const fysiskPr: Record<PlanKategori, number> = { '1a': 0, '1b': 0, '2': 0 };
  for (const f of fastlagt.values()) if (f.fysisk) fysiskPr[f.kategori] += 1;
  const antalPr: Record<PlanKategori, number> = { '1a': 0, '1b': 0, '2': 0 };
  for (const v of virksomheder) antalPr[v.kategori] += 1;

  const tilfoej = (v: PlanVirksomhed, tilsynstype: Tilsynstype, begrundelse: string) => {
    raekker.push({
      virksomhedId: v.id,
      kategori: v.kategori,
      tilsynstype,
      fysisk: true,
      score: v.score,
      begrundelse,
      timer: planlagteTimer(tilsynstype),
    });
    planlagt.add(v.id);
    fysiskPr[v.kategori] += 1;
  };

  for (const v of virksomheder) {
    if (fastlagt.has(v.id)) continue;
    const naeste = naesteBasisAar(v.kategori, v.sidsteBasisAar, v.omfattetAar, planAar);
    const basis = basisForfalden(naeste, planAar);
    if (basis) {
      tilfoej(v, 'basis', begrundelseBasis(v.kategori, v.sidsteBasisAar, v.omfattetAar, naeste, planAar));
      continue;
    }
    if (v.kategori === '1a' && v.score !== null) {
      const frekvens = prioritetsfrekvens1a(v.score);
      if (prioriteret1aIAar(frekvens, basis, v.sidsteBasisAar ?? v.omfattetAar, planAar))
        tilfoej(v, 'prioriteret', begrundelse1a(frekvens, v.score));
    }
  }

  // Fill each category up to its physical share from the top of its score list, never a company
  // with basis this year (it is planned already) nor one done this year.
  for (const kategori of PLAN_KATEGORIER) {
    const kraevet = kraevetFysisk(kategori, antalPr[kategori]);
    if (fysiskPr[kategori] >= kraevet) continue;
    const kandidater = virksomheder
      .filter((v) => v.kategori === kategori && !planlagt.has(v.id) && !fastlagt.has(v.id))
      .sort(efterScore);
    let nr = 0;
    for (const v of kandidater) {
      if (fysiskPr[kategori] >= kraevet) break;
      nr += 1;
      tilfoej(v, 'prioriteret', begrundelseOpfyldning(v.kategori, v.score, nr, kraevet));
    }
  }
  return raekker;
}
