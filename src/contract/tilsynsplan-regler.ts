import { decimalKomma } from './format';

/**
 * The rules of the inspection order (miljøtilsynsbekendtgørelsen, BEK 1536/2019, as Miljøstyrelsen's
 * guide miljotilsynsvejledning.dk explains them), one pure function per rule. The server's plan
 * generator (src/server/routes/planlaegning-generer.ts) composes them and its SQL applies them; each
 * has a unit test named after the rule (tests/unit/tilsynsplan-regler.test.ts) and its source in
 * docs/decisions.md, 'Planning by the order (issue 29)'.
 */

/** The categories under regular inspection ('Ingen' is never planned). */
export const PLAN_KATEGORIER = ['1a', '1b', '2'] as const;
export type PlanKategori = (typeof PLAN_KATEGORIER)[number];
export const erPlanKategori = (k: unknown): k is PlanKategori =>
  typeof k === 'string' && (PLAN_KATEGORIER as readonly string[]).includes(k);

/** The kinds of planned inspection. */
export const TILSYNSTYPER = ['basis', 'prioriteret', 'kampagne'] as const;
export type Tilsynstype = (typeof TILSYNSTYPER)[number];

/**
 * The two yearly goals (årsmål): category 1 (1a and 1b together) and category 2. They are also the two
 * priority lists the product numbers (1a + 1b, 2).
 */
export const MAALGRUPPER = ['1', '2'] as const;
export type Maalgruppe = (typeof MAALGRUPPER)[number];
export const maalgruppeAf = (k: PlanKategori): Maalgruppe => (k === '2' ? '2' : '1');
export const MAALGRUPPE_KATEGORIER: Record<Maalgruppe, readonly PlanKategori[]> = {
  '1': ['1a', '1b'],
  '2': ['2'],
};

// ---------------------------------------------------------------- figures

/** Basis inspection frequency in years (§ 6, bilag 2): category 1a/1b every 3rd year, category 2 every 6th. */
export const BASIS_FREKVENS_AAR: Record<PlanKategori, number> = { '1a': 3, '1b': 3, '2': 6 };
/** 1a: a total risk score over this gives a prioritised inspection every year (bilag 1, afsnit 5.1). */
export const SCORE_HVERT_AAR = 3.6;
/** 1a: a score over this (up to and including 3,6) gives one every second year; at or below, basis only. */
export const SCORE_HVERT_ANDET_AAR = 2.8;
/** Category 2: at least this share (whole percent) physically inspected per year (guide 3.2.4, step 3). */
export const KATEGORI2_FYSISK_ANDEL_PCT = 25;
/**
 * Category 1 (1a + 1b together): the share (whole percent) physically inspected per year. NOT
 * CONFIRMED: neither the guide's pages nor the order's text at hand names the figure; 40 % is the
 * research's guess, so it is a setting of each planning period with this default (docs/decisions.md).
 */
export const STANDARD_KATEGORI1_ANDEL_PCT = 40;
/** The campaigns a year the order expects (§ 7: two tilsynskampagner a year). */
export const KAMPAGNER_PR_AAR = 2;
/** Average planned hours per kind of inspection (assumed; docs/decisions.md). */
export const TIMER_PR_TILSYN: Record<Tilsynstype, number> = { basis: 8, prioriteret: 6, kampagne: 4 };
/** Available hours per case worker and period until a figure is stored. */
export const STANDARD_TIMER_TIL_RAADIGHED = 1200;

// ---------------------------------------------------------------- the risk score

/** The five parameters of the risk assessment (bilag 1, afsnit 2), each scored 1, 3 or 5. */
export const RISIKO_PARAMETRE = ['A', 'B', 'C', 'D', 'E'] as const;
export type RisikoParameter = (typeof RISIKO_PARAMETRE)[number];
export const PARAMETER_SCORER = [1, 3, 5] as const;

/**
 * The weights of the parameters in the total score (bilag 1; guide 3.3.3 step 2): probability 50 %
 * (A miljøledelse 40 %, B regelefterlevelse 60 %) and consequence 50 % (C håndtering 33 %, D emissioner
 * 33 %, E sårbarhed 34 %). In hundredths of a thousandth, so the sum is exact in integers.
 */
const VAEGT_I_TUSINDEDELE: Record<RisikoParameter, number> = { A: 200, B: 300, C: 165, D: 165, E: 170 };

/**
 * The total (weighted) risk score on the guide's scale 1–5 with two decimals:
 * (40 % · A + 60 % · B) · 50 % + (33 % · C + 33 % · D + 34 % · E) · 50 %. With scores 1/3/5 the total
 * always has at most two decimals (C and D weigh the same and their sum is even), so the rounding to
 * hundredths only removes floating-point noise.
 */
export function vaegtetRisikoscore(p: Readonly<Record<RisikoParameter, number>>): number {
  const tusindedele = RISIKO_PARAMETRE.reduce((s, k) => s + VAEGT_I_TUSINDEDELE[k] * p[k], 0);
  return Math.round(tusindedele / 10) / 100;
}

/** A score in hundredths, the unit it is stored and compared in (avoids 3.6000000001). */
const hundrededele = (score: number) => Math.round(score * 100);

/** A total risk score is on the scale 1–5 with at most two decimals. */
export const erGyldigRisikoscore = (score: number): boolean =>
  Number.isFinite(score) && score >= 1 && score <= 5 && Math.abs(score * 100 - hundrededele(score)) < 1e-6;

/**
 * The score a record stored before issue 29 (0–100, this product's own figure) has on the guide's
 * scale: 1 + 4 · s / 100, so 0 ↔ 1, 45 ↔ 2,8, 65 ↔ 3,6, 100 ↔ 5. Exact for the whole numbers the old
 * form accepted (every one maps to a distinct figure with two decimals); migration 0022 applies it.
 */
export const scoreFraGammelSkala = (score0til100: number): number =>
  (100 + Math.round(score0til100 * 4)) / 100;

/** A score as Danish text with two decimals: 3.84 → '3,84'. */
export const scoreTekst = (score: number): string => decimalKomma(score, 2);
/** A threshold as the guide writes it: 3.6 → '3,6'. */
export const taerskelTekst = (t: number): string => decimalKomma(t);

// ---------------------------------------------------------------- the rules

/**
 * Only companies under regular inspection are planned (BEK § 1 stk. 2, kapitel 2): a category of the
 * plan and 'Omfattet af aktivt tilsyn'. Others get øvrige tilsyn, which count toward no goal
 * (guide 4.1.6). The generator's SQL applies it (aktivVirksomhedSql).
 */
export function omfattetAfPlanen(
  kategori: string | null | undefined,
  omfattetAfAktivtTilsyn: unknown,
): boolean {
  return erPlanKategori(kategori) && omfattetAfAktivtTilsyn === true;
}

/**
 * A basis inspection is a physical inspection: only a physical inspection recorded as basis restarts
 * the basis period. Opstartstilsyn, øvrige tilsyn and an administrative 'basis' do not.
 */
export function taellerSomBasis(tilsynskategoriKode: string | null | undefined, fysisk: boolean): boolean {
  return fysisk && tilsynskategoriKode === 'BASIS';
}

/**
 * Only physical inspections of the plan's kinds (basis, prioriteret, kampagne) count toward the
 * year's goal; opstartstilsyn, § 9-tilsyn and øvrige tilsyn do not.
 */
export function taellerMedIMaal(tilsynskategoriKode: string | null | undefined, fysisk: boolean): boolean {
  return (
    fysisk &&
    (tilsynskategoriKode === 'BASIS' ||
      tilsynskategoriKode === 'PRIORITERET' ||
      tilsynskategoriKode === 'KAMPAGNE')
  );
}

/**
 * The year the next basis inspection is due: the last physical basis + 3 (1a, 1b) or + 6 (2). Never had
 * one: within the same period counted from the year the company came under regular inspection
 * (omfattetAfAktivtTilsynDato), so due now when that is past; without that date, due now.
 */
export function naesteBasisAar(
  kategori: PlanKategori,
  sidsteBasisAar: number | null,
  omfattetAar: number | null,
  planAar: number,
): number {
  if (sidsteBasisAar !== null) return sidsteBasisAar + BASIS_FREKVENS_AAR[kategori];
  if (omfattetAar === null) return planAar;
  return omfattetAar + BASIS_FREKVENS_AAR[kategori];
}

/** A basis inspection belongs in the plan when it is due this year or overdue. */
export function basisForfalden(naesteBasis: number, planAar: number): boolean {
  return naesteBasis <= planAar;
}

/** How often a 1a company gets a prioritised inspection, from its total risk score (compared unrounded). */
export type Frekvens1a = 'hvertAar' | 'hvertAndetAar' | 'kunBasis';
export function prioritetsfrekvens1a(score: number | null): Frekvens1a {
  if (score === null) return 'kunBasis';
  const s = hundrededele(score);
  if (s > hundrededele(SCORE_HVERT_AAR)) return 'hvertAar';
  if (s > hundrededele(SCORE_HVERT_ANDET_AAR)) return 'hvertAndetAar';
  return 'kunBasis';
}

/**
 * Whether a 1a company gets a prioritised inspection this year. Never in its basis year. Every year:
 * both years between basis inspections (1 + 2 in 3 years). Every second year: the second year after
 * the basis year (1 + 1 in 3 years); the anchor is the last basis year or, never inspected, the year
 * it came under regular inspection.
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

/**
 * The physical inspections a goal requires this year: at least its share of the companies, rounded
 * up. Category 1's share is the period's setting, category 2's is 25 %.
 */
export function kraevetFysisk(antalVirksomheder: number, andelPct: number): number {
  return Math.ceil((antalVirksomheder * andelPct) / 100);
}

/** The share (whole percent) of a goal: the period's setting for category 1, 25 % for category 2. */
export const maalAndelPct = (gruppe: Maalgruppe, kategori1AndelPct: number): number =>
  gruppe === '2' ? KATEGORI2_FYSISK_ANDEL_PCT : kategori1AndelPct;

/** Planned hours of a planned inspection. */
export const planlagteTimer = (type: Tilsynstype): number => TIMER_PR_TILSYN[type];

/**
 * Campaigns: the order expects two tilsynskampagner every year (§ 7). The plan warns when the year has
 * no campaign inspection at all (neither planned nor recorded).
 */
export function kampagneAdvarsel(aar: number, antalKampagnetilsyn: number): string | null {
  if (antalKampagnetilsyn > 0) return null;
  return `Der er ingen kampagnetilsyn i ${aar}: kommunen skal gennemføre ${KAMPAGNER_PR_AAR} tilsynskampagner om året (miljøtilsynsbekendtgørelsen § 7).`;
}

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
    return `${kategori}, basistilsyn hvert ${frekvens}. år: sidste fysiske basistilsyn ${sidsteBasisAar}${forsinket}`;
  if (omfattetAar !== null)
    return `${kategori}, første basistilsyn senest ${frekvens} år efter omfattet af regelmæssigt tilsyn i ${omfattetAar}${forsinket}`;
  // Neither a basis inspection nor the date it came under regular inspection: no year is invented
  // (a company's founding year is not when regular inspection began), the reason says it is unknown.
  return `${kategori}, ingen kendt start på regelmæssigt tilsyn og intet fysisk basistilsyn registreret – forfalden: basistilsyn nu`;
}

export function begrundelse1a(frekvens: Frekvens1a, score: number): string {
  const hvor =
    frekvens === 'hvertAar'
      ? `> ${taerskelTekst(SCORE_HVERT_AAR)}: prioriteret hvert år`
      : `(over ${taerskelTekst(SCORE_HVERT_ANDET_AAR)}, højst ${taerskelTekst(SCORE_HVERT_AAR)}): prioriteret hvert andet år`;
  return `1a, score ${scoreTekst(score)} ${hvor}`;
}

export function begrundelseOpfyldning(
  kategori: PlanKategori,
  score: number | null,
  andelPct: number,
  kraevet: number,
): string {
  const s = score === null ? 'uden score' : `score ${scoreTekst(score)}`;
  const liste = kategori === '2' ? 'listen' : `${kategori}-listen`;
  return `${kategori}, ${s}: prioriteret fra toppen af ${liste} til årsmålet for kategori ${maalgruppeAf(kategori)}, ${andelPct} % fysisk = ${kraevet}`;
}

const PRIORITET_HALE = / \(prioritet \d+\)$/;
/**
 * The reason names the priority the row shows: ' (prioritet N)' at its end while the row has a place
 * on its priority list, nothing when it has none (a generation and every saved choice apply this).
 */
export function medPrioritet(begrundelse: string, prioritet: number | null): string {
  const uden = begrundelse.replace(PRIORITET_HALE, '');
  return prioritet === null ? uden : `${uden} (prioritet ${prioritet})`;
}

// ---------------------------------------------------------------- composing one year

/** A company as the generator sees it. */
export interface PlanVirksomhed {
  id: number;
  kategori: PlanKategori;
  /** The guide's total risk score (1–5, two decimals), null without an assessment. */
  score: number | null;
  /** The year of the last physical basis inspection before the plan's year. */
  sidsteBasisAar: number | null;
  /** The year it came under regular inspection (omfattetAfAktivtTilsynDato). */
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
  /** The place on the priority list (1a + 1b, or 2) of a prioritised row, null otherwise. */
  prioritet: number | null;
}

export interface PlanIndstillinger {
  /** Category 1's yearly share of physical inspections, whole percent (the period's setting). */
  kategori1AndelPct: number;
}

/** Highest score first; without a score last; ties by id (stable across runs). */
const efterScore = (
  a: { score: number | null; id: number },
  b: { score: number | null; id: number },
): number => (b.score ?? -1) - (a.score ?? -1) || a.id - b.id;

/**
 * The priority numbers of prioritised rows: per list (1a + 1b together, 2), 1, 2, … highest score
 * first, ties by company id. The priority lists number the chosen rows the same way, so the number a
 * row's reason names is the one the list shows.
 */
export function prioritetsnumre(
  raekker: readonly { virksomhedId: number; kategori: PlanKategori; score: number | null }[],
): Map<number, number> {
  const nr = new Map<number, number>();
  for (const gruppe of MAALGRUPPER) {
    const liste = raekker
      .filter((r) => maalgruppeAf(r.kategori) === gruppe)
      .map((r) => ({ id: r.virksomhedId, score: r.score }))
      .sort(efterScore);
    for (const [i, r] of liste.entries()) nr.set(r.id, i + 1);
  }
  return nr;
}

type Grund =
  | { hvorfor: 'basis'; naeste: number }
  | { hvorfor: '1a'; frekvens: Frekvens1a }
  | { hvorfor: 'maal'; andelPct: number; kraevet: number };

/**
 * The year's plan from the companies, as the guide's steps: (1) basis where due; (2) 1a prioritised
 * by its score alone (the frequency cannot be deviated from, and no 1a company is added to reach a
 * goal); (3) the category 1 goal (1a and 1b together, the period's share) filled with prioritised
 * physical inspections from the top of the 1b list, and the category 2 goal (25 %) from the top of
 * the category 2 list; never a company that has basis this year. `fastlagt` are companies whose row is
 * already done this year (kept by a regeneration): they are not planned again but count toward the goal.
 */
export function planlaegAar(
  virksomheder: readonly PlanVirksomhed[],
  planAar: number,
  indstillinger: PlanIndstillinger,
  fastlagt: ReadonlyMap<number, { kategori: PlanKategori; fysisk: boolean }> = new Map(),
): PlanRaekke[] {
  const valgte: { v: PlanVirksomhed; tilsynstype: Tilsynstype; grund: Grund }[] = [];
  const planlagt = new Set<number>();
  const fysiskPr: Record<Maalgruppe, number> = { '1': 0, '2': 0 };
  for (const f of fastlagt.values()) if (f.fysisk) fysiskPr[maalgruppeAf(f.kategori)] += 1;
  const antalPr: Record<Maalgruppe, number> = { '1': 0, '2': 0 };
  for (const v of virksomheder) antalPr[maalgruppeAf(v.kategori)] += 1;

  const tilfoej = (v: PlanVirksomhed, tilsynstype: Tilsynstype, grund: Grund) => {
    valgte.push({ v, tilsynstype, grund });
    planlagt.add(v.id);
    fysiskPr[maalgruppeAf(v.kategori)] += 1;
  };

  for (const v of virksomheder) {
    if (fastlagt.has(v.id)) continue;
    const naeste = naesteBasisAar(v.kategori, v.sidsteBasisAar, v.omfattetAar, planAar);
    const basis = basisForfalden(naeste, planAar);
    if (basis) {
      tilfoej(v, 'basis', { hvorfor: 'basis', naeste });
      continue;
    }
    if (v.kategori === '1a' && v.score !== null) {
      const frekvens = prioritetsfrekvens1a(v.score);
      if (prioriteret1aIAar(frekvens, basis, v.sidsteBasisAar ?? v.omfattetAar, planAar))
        tilfoej(v, 'prioriteret', { hvorfor: '1a', frekvens });
    }
  }

  // Each goal filled from the top of its list (1b for category 1: 1a follows its score only), never a
  // company planned already (basis this year) nor one done this year.
  for (const gruppe of MAALGRUPPER) {
    const andelPct = maalAndelPct(gruppe, indstillinger.kategori1AndelPct);
    const kraevet = kraevetFysisk(antalPr[gruppe], andelPct);
    const fyldFra: PlanKategori = gruppe === '1' ? '1b' : '2';
    const kandidater = virksomheder
      .filter((v) => v.kategori === fyldFra && !planlagt.has(v.id) && !fastlagt.has(v.id))
      .sort(efterScore);
    for (const v of kandidater) {
      if (fysiskPr[gruppe] >= kraevet) break;
      tilfoej(v, 'prioriteret', { hvorfor: 'maal', andelPct, kraevet });
    }
  }

  const nr = prioritetsnumre(
    valgte
      .filter((r) => r.tilsynstype === 'prioriteret')
      .map((r) => ({ virksomhedId: r.v.id, kategori: r.v.kategori, score: r.v.score })),
  );
  return valgte.map(({ v, tilsynstype, grund }) => {
    const prioritet = nr.get(v.id) ?? null;
    let begrundelse: string;
    if (grund.hvorfor === 'basis')
      begrundelse = begrundelseBasis(v.kategori, v.sidsteBasisAar, v.omfattetAar, grund.naeste, planAar);
    else if (grund.hvorfor === '1a') begrundelse = begrundelse1a(grund.frekvens, v.score ?? 0);
    else begrundelse = begrundelseOpfyldning(v.kategori, v.score, grund.andelPct, grund.kraevet);
    return {
      virksomhedId: v.id,
      kategori: v.kategori,
      tilsynstype,
      fysisk: true,
      score: v.score,
      begrundelse: medPrioritet(begrundelse, prioritet),
      timer: planlagteTimer(tilsynstype),
      prioritet,
    };
  });
}
