import { describe, expect, it } from 'vitest';
import {
  basisForfalden,
  begrundelse1a,
  begrundelseBasis,
  erGyldigRisikoscore,
  KATEGORI2_FYSISK_ANDEL_PCT,
  kampagneAdvarsel,
  kraevetFysisk,
  maalAndelPct,
  maaPrioriteres,
  medPrioritet,
  naesteBasisAar,
  omfattetAfPlanen,
  type PlanVirksomhed,
  planlaegAar,
  planlagteTimer,
  prioriteret1aIAar,
  prioritetsfrekvens1a,
  prioritetsnumre,
  STANDARD_KATEGORI1_ANDEL_PCT,
  scoreFraGammelSkala,
  scoreTekst,
  taellerMedIMaal,
  taellerSomBasis,
  vaegtetRisikoscore,
} from '../../src/contract/tilsynsplan-regler';

const STANDARD = { kategori1AndelPct: STANDARD_KATEGORI1_ANDEL_PCT };

/**
 * The rules of BEK 1536/2019 as miljotilsynsvejledning.dk explains them (docs/decisions.md, 'Planning
 * by the order (issue 29)'). Every expected figure below is computed by hand in the comment beside it.
 */
describe('tilsynsplanens regler', () => {
  it('et basistilsyn er et fysisk tilsyn: kun et fysisk basistilsyn genstarter perioden', () => {
    expect(taellerSomBasis('BASIS', true)).toBe(true);
    // An administrative inspection recorded as basis does not restart the period.
    expect(taellerSomBasis('BASIS', false)).toBe(false);
    expect(taellerSomBasis('OPSTART', true)).toBe(false);
    expect(taellerSomBasis('PRIORITERET', true)).toBe(false);
    // Last physical basis 2019 (an administrative 'basis' in 2024 does not count): 2019 + 3 = 2022,
    // overdue in 2027. Counting the administrative one would give 2024 + 3 = 2027 (and 2029 in 2026's case).
    expect(naesteBasisAar('1b', 2019, 2015, 2027)).toBe(2022);
    expect(basisForfalden(2022, 2027)).toBe(true);
    expect(begrundelseBasis('1b', 2019, 2015, 2022, 2027)).toBe(
      '1b, basistilsyn hvert 3. år: sidste fysiske basistilsyn 2019 (forfaldt 2022)',
    );
  });

  it('risikoscoren er vejledningens: den vægtede total af A–E på 1–5 med to decimaler', () => {
    // (40 % · A + 60 % · B) · 50 % + (33 % · C + 33 % · D + 34 % · E) · 50 %
    // A5 B3 C3 D1 E5: 0,2·5 + 0,3·3 + 0,165·3 + 0,165·1 + 0,17·5 = 1 + 0,9 + 0,495 + 0,165 + 0,85 = 3,41
    expect(vaegtetRisikoscore({ A: 5, B: 3, C: 3, D: 1, E: 5 })).toBe(3.41);
    // A3 B5 C5 D3 E3: 0,6 + 1,5 + 0,825 + 0,495 + 0,51 = 3,93
    expect(vaegtetRisikoscore({ A: 3, B: 5, C: 5, D: 3, E: 3 })).toBe(3.93);
    expect(vaegtetRisikoscore({ A: 1, B: 1, C: 1, D: 1, E: 1 })).toBe(1);
    expect(vaegtetRisikoscore({ A: 5, B: 5, C: 5, D: 5, E: 5 })).toBe(5);
    expect(scoreTekst(3.41)).toBe('3,41');
    expect(scoreTekst(3)).toBe('3,00');
    expect(erGyldigRisikoscore(3.41)).toBe(true);
    expect(erGyldigRisikoscore(3.415)).toBe(false);
    expect(erGyldigRisikoscore(0.99)).toBe(false);
    expect(erGyldigRisikoscore(5.01)).toBe(false);
  });

  it('risikoscoren: en gemt score 0–100 flyttes til 1–5 uden afrunding (1 + 4 · s / 100)', () => {
    expect(scoreFraGammelSkala(0)).toBe(1);
    expect(scoreFraGammelSkala(100)).toBe(5);
    expect(scoreFraGammelSkala(45)).toBe(2.8); // 1 + 1,80
    expect(scoreFraGammelSkala(65)).toBe(3.6); // 1 + 2,60
    expect(scoreFraGammelSkala(46)).toBe(2.84); // 1 + 1,84: was rounded to 2,8 and given basis only
    expect(scoreFraGammelSkala(66)).toBe(3.64); // 1 + 2,64: was rounded to 3,6, every second year
    expect(scoreFraGammelSkala(73)).toBe(3.92); // 1 + 2,92
  });

  it('kategori 1a: tærsklerne sammenlignes uafrundet (over 3,6 hvert år, over 2,8 hvert andet, ellers kun basis)', () => {
    expect(prioritetsfrekvens1a(3.61)).toBe('hvertAar');
    expect(prioritetsfrekvens1a(3.64)).toBe('hvertAar');
    expect(prioritetsfrekvens1a(3.6)).toBe('hvertAndetAar');
    expect(prioritetsfrekvens1a(2.81)).toBe('hvertAndetAar');
    expect(prioritetsfrekvens1a(2.84)).toBe('hvertAndetAar');
    expect(prioritetsfrekvens1a(2.8)).toBe('kunBasis');
    expect(prioritetsfrekvens1a(1)).toBe('kunBasis');
    expect(prioritetsfrekvens1a(null)).toBe('kunBasis');
    // Floating-point noise is no score: 0,1 · 36 is 3,6.
    expect(prioritetsfrekvens1a(0.1 * 36)).toBe('hvertAndetAar');
    expect(prioritetsfrekvens1a(0.1 * 28)).toBe('kunBasis');
    // Every year: both years between basis inspections (1 + 2 in 3 years).
    expect(prioriteret1aIAar('hvertAar', false, 2025, 2026)).toBe(true);
    expect(prioriteret1aIAar('hvertAar', false, 2025, 2027)).toBe(true);
    // Every second year: the second year after the basis year (1 + 1 in 3 years).
    expect(prioriteret1aIAar('hvertAndetAar', false, 2024, 2025)).toBe(false);
    expect(prioriteret1aIAar('hvertAndetAar', false, 2024, 2026)).toBe(true);
    expect(prioriteret1aIAar('kunBasis', false, 2024, 2026)).toBe(false);
    expect(begrundelse1a('hvertAar', 3.64)).toBe('1a, score 3,64 > 3,6: prioriteret hvert år');
    expect(begrundelse1a('hvertAndetAar', 2.84)).toBe(
      '1a, score 2,84 (over 2,8, højst 3,6): prioriteret hvert andet år',
    );
  });

  it('kategori 1a fastlægges af scoren; årsmålet for kategori 1 (1a + 1b) fyldes fra toppen af 1b-listen', () => {
    // Plan 2027, 5 × 1a + 5 × 1b = 10 in category 1; 40 % → ⌈4,0⌉ = 4 physical.
    const v: PlanVirksomhed[] = [
      { id: 1, kategori: '1a', score: 3.93, sidsteBasisAar: 2026, omfattetAar: 2015 }, // > 3,6: prioritised
      { id: 2, kategori: '1a', score: 2.5, sidsteBasisAar: 2026, omfattetAar: 2015 }, // basis only
      { id: 3, kategori: '1a', score: 2.0, sidsteBasisAar: 2025, omfattetAar: 2015 }, // basis only
      { id: 4, kategori: '1a', score: 1.5, sidsteBasisAar: 2026, omfattetAar: 2015 }, // basis only
      { id: 5, kategori: '1a', score: 3.0, sidsteBasisAar: 2026, omfattetAar: 2015 }, // 2nd year: 2027−2026 = 1, no
      { id: 6, kategori: '1b', score: 4.0, sidsteBasisAar: 2025, omfattetAar: 2015 }, // top of the 1b list
      { id: 7, kategori: '1b', score: 3.5, sidsteBasisAar: 2024, omfattetAar: 2015 }, // 2024 + 3 = 2027: basis
      { id: 8, kategori: '1b', score: 2.0, sidsteBasisAar: 2026, omfattetAar: 2015 },
      { id: 9, kategori: '1b', score: null, sidsteBasisAar: 2026, omfattetAar: 2015 },
      { id: 10, kategori: '1b', score: 3.2, sidsteBasisAar: 2026, omfattetAar: 2015 },
    ];
    // 1 (1a prioritised) + 7 (1b basis) = 2 physical; 2 more from the top of the 1b list: 6 (4,00), 10 (3,20).
    // No 1a company is added (before issue 29, company 2 filled 1a to 40 % of 1a).
    const plan = planlaegAar(v, 2027, STANDARD);
    expect(plan.map((r) => [r.virksomhedId, r.tilsynstype])).toEqual([
      [1, 'prioriteret'],
      [7, 'basis'],
      [6, 'prioriteret'],
      [10, 'prioriteret'],
    ]);
    // Priority list 1a + 1b by score: 6 (4,00) → 1, 1 (3,93) → 2, 10 (3,20) → 3.
    expect(plan.map((r) => r.prioritet)).toEqual([2, null, 1, 3]);
    expect(plan.find((r) => r.virksomhedId === 6)!.begrundelse).toBe(
      '1b, score 4,00: prioriteret fra toppen af 1b-listen til årsmålet for kategori 1, 40 % fysisk = 4 (prioritet 1)',
    );
    // The goal's share is the period's: 60 % → ⌈6,0⌉ = 6: 2 + 6, 10, 8, 9 (without a score last).
    const seks = planlaegAar(v, 2027, { kategori1AndelPct: 60 });
    expect(seks.filter((r) => r.tilsynstype === 'prioriteret').map((r) => r.virksomhedId)).toEqual([
      1, 6, 10, 8, 9,
    ]);
    // 70 % → ⌈7,0⌉ = 7, but the 1b list runs out at 6: still no 1a company is added.
    const syv = planlaegAar(v, 2027, { kategori1AndelPct: 70 });
    expect(syv.map((r) => r.virksomhedId).sort((a, b) => a - b)).toEqual([1, 6, 7, 8, 9, 10]);
    expect(syv.find((r) => r.virksomhedId === 9)!.begrundelse).toBe(
      '1b, uden score: prioriteret fra toppen af 1b-listen til årsmålet for kategori 1, 70 % fysisk = 7 (prioritet 5)',
    );
    expect(STANDARD_KATEGORI1_ANDEL_PCT).toBe(40);
    expect(maalAndelPct('1', 55)).toBe(55);
    expect(maalAndelPct('2', 55)).toBe(25);
  });

  it('årsmålene: kategori 1 periodens andel, kategori 2 mindst 25 %, rundet op', () => {
    expect(KATEGORI2_FYSISK_ANDEL_PCT).toBe(25);
    expect(kraevetFysisk(100, 25)).toBe(25);
    expect(kraevetFysisk(101, 25)).toBe(26); // 25,25 → 26
    expect(kraevetFysisk(4, 25)).toBe(1);
    expect(kraevetFysisk(0, 25)).toBe(0);
    expect(kraevetFysisk(10, 40)).toBe(4);
    expect(kraevetFysisk(11, 40)).toBe(5); // 4,4 → 5
  });

  it('grundens tekst nævner samme nummer som prioriteten', () => {
    expect(medPrioritet('1b, score 3,20: …', 3)).toBe('1b, score 3,20: … (prioritet 3)');
    expect(medPrioritet('1b, score 3,20: … (prioritet 3)', 1)).toBe('1b, score 3,20: … (prioritet 1)');
    expect(medPrioritet('1b, score 3,20: … (prioritet 12)', null)).toBe('1b, score 3,20: …');
    // Per list (1a + 1b, 2), highest score first, ties by id.
    const nr = prioritetsnumre([
      { virksomhedId: 1, kategori: '1a', score: 3.93 },
      { virksomhedId: 2, kategori: '2', score: 2.1 },
      { virksomhedId: 3, kategori: '1b', score: 4 },
      { virksomhedId: 4, kategori: '2', score: 2.1 },
      { virksomhedId: 5, kategori: '1b', score: null },
    ]);
    expect(Object.fromEntries(nr)).toEqual({ 1: 2, 2: 1, 3: 1, 4: 2, 5: 3 });
  });

  it('kun virksomheder under regelmæssigt tilsyn; første basis inden for kategoriens periode fra omfattet-datoen', () => {
    expect(omfattetAfPlanen('1a', true)).toBe(true);
    expect(omfattetAfPlanen('2', false)).toBe(false);
    expect(omfattetAfPlanen('2', undefined)).toBe(false);
    expect(omfattetAfPlanen('Ingen', true)).toBe(false);
    // Covered in 2024: category 1 by 2024 + 3 = 2027 (due), category 2 by 2024 + 6 = 2030 (not yet).
    expect(naesteBasisAar('1b', null, 2024, 2027)).toBe(2027);
    expect(naesteBasisAar('2', null, 2024, 2027)).toBe(2030);
    expect(basisForfalden(naesteBasisAar('2', null, 2024, 2027), 2027)).toBe(false);
    // Covered in 2019, never inspected: category 2 was due 2025.
    expect(naesteBasisAar('2', null, 2019, 2027)).toBe(2025);
    expect(begrundelseBasis('2', null, 2019, 2025, 2027)).toBe(
      '2, første basistilsyn senest 6 år efter omfattet af regelmæssigt tilsyn i 2019 (forfaldt 2025)',
    );
    // The guide's example: covered in 2019 → first basis by 2022 (category 1).
    expect(naesteBasisAar('1a', null, 2019, 2020)).toBe(2022);
    // Neither a basis nor a date: due now, and the reason says the start is unknown (no year invented,
    // never 'efter 1972 (forfaldt 1975)').
    expect(naesteBasisAar('1b', null, null, 2026)).toBe(2026);
    const ukendt = begrundelseBasis('1b', null, null, 2026, 2026);
    expect(ukendt).toBe(
      '1b, ingen kendt start på regelmæssigt tilsyn og intet fysisk basistilsyn registreret – forfalden: basistilsyn nu',
    );
    expect(ukendt).not.toMatch(/\d{4}/);
    const plan = planlaegAar(
      [{ id: 7, kategori: '2', score: null, sidsteBasisAar: null, omfattetAar: null }],
      2026,
      {
        kategori1AndelPct: 35,
      },
    );
    expect(plan.map((r) => [r.tilsynstype, r.begrundelse])).toEqual([
      [
        'basis',
        '2, ingen kendt start på regelmæssigt tilsyn og intet fysisk basistilsyn registreret – forfalden: basistilsyn nu',
      ],
    ]);
  });

  it('kampagner: planen advarer, når året ingen kampagnetilsyn har', () => {
    expect(kampagneAdvarsel(2027, 0)).toBe(
      'Der er ingen kampagnetilsyn i 2027: kommunen skal gennemføre 2 tilsynskampagner om året (miljøtilsynsbekendtgørelsen § 7).',
    );
    expect(kampagneAdvarsel(2027, 1)).toBeNull();
  });

  it('aldrig basis og prioriteret samme år', () => {
    expect(maaPrioriteres(true)).toBe(false);
    expect(prioriteret1aIAar('hvertAar', true, 2023, 2026)).toBe(false);
    // The composed plan: one row per company, a company due basis is never also prioritised.
    const v: PlanVirksomhed[] = [
      { id: 1, kategori: '1a', score: 4.5, sidsteBasisAar: 2023, omfattetAar: 2000 },
      { id: 2, kategori: '2', score: 5, sidsteBasisAar: 2020, omfattetAar: 2000 },
      { id: 3, kategori: '2', score: 1, sidsteBasisAar: 2022, omfattetAar: 2000 },
    ];
    const plan = planlaegAar(v, 2026, STANDARD);
    expect(plan.filter((r) => r.virksomhedId === 1).map((r) => r.tilsynstype)).toEqual(['basis']);
    expect(plan.filter((r) => r.virksomhedId === 2).map((r) => r.tilsynstype)).toEqual(['basis']);
    expect(new Set(plan.map((r) => r.virksomhedId)).size).toBe(plan.length);
  });

  it('opstartstilsyn tæller ikke', () => {
    expect(taellerSomBasis('OPSTART', true)).toBe(false);
    expect(taellerMedIMaal('OPSTART', true)).toBe(false);
    expect(taellerMedIMaal('PARAGRAF9', true)).toBe(false);
    expect(taellerMedIMaal('BASIS', false)).toBe(false);
    expect(taellerMedIMaal('PRIORITERET', true)).toBe(true);
  });

  it('kategori 2 fyldes op fra toppen af scorelisten til 25 % fysisk', () => {
    // 8 cat. 2 companies, none due basis: ⌈8 · 25 %⌉ = 2 prioritised, the two highest scores.
    const v: PlanVirksomhed[] = Array.from({ length: 8 }, (_, i) => ({
      id: i + 1,
      kategori: '2' as const,
      score: 1 + i * 0.5,
      sidsteBasisAar: 2024,
      omfattetAar: 2000,
    }));
    const plan = planlaegAar(v, 2026, STANDARD);
    expect(plan.map((r) => [r.virksomhedId, r.tilsynstype, r.prioritet])).toEqual([
      [8, 'prioriteret', 1],
      [7, 'prioriteret', 2],
    ]);
    expect(plan[0]!.begrundelse).toBe(
      '2, score 4,50: prioriteret fra toppen af listen til årsmålet for kategori 2, 25 % fysisk = 2 (prioritet 1)',
    );
  });

  it('gennemsnitlige timer pr. tilsynstype: basis 8, prioriteret 6, kampagne 4', () => {
    expect(planlagteTimer('basis')).toBe(8);
    expect(planlagteTimer('prioriteret')).toBe(6);
    expect(planlagteTimer('kampagne')).toBe(4);
  });
});
