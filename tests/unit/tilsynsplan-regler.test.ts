import { describe, expect, it } from 'vitest';
import {
  basisForfalden,
  begrundelse1a,
  KATEGORI1_FYSISK_ANDEL,
  KATEGORI2_FYSISK_ANDEL,
  kraevetFysisk,
  maaPrioriteres,
  mstScore,
  naesteBasisAar,
  type PlanVirksomhed,
  planlaegAar,
  planlagteTimer,
  prioriteret1aIAar,
  prioritetsfrekvens1a,
  taellerMedIMaal,
  taellerSomBasis,
} from '../../src/contract/tilsynsplan-regler';

/** Research (c): the rules of BEK 1536/2019 as miljotilsynsvejledning.dk explains them. */
describe('tilsynsplanens regler', () => {
  it('kategori 1a: score over 3,6 giver prioriteret tilsyn hvert år', () => {
    expect(prioritetsfrekvens1a(3.7)).toBe('hvertAar');
    expect(prioritetsfrekvens1a(5)).toBe('hvertAar');
    // Both years between basis inspections: 1 basis + 2 prioritised in 3 years.
    expect(prioriteret1aIAar('hvertAar', false, 2025, 2026)).toBe(true);
    expect(prioriteret1aIAar('hvertAar', false, 2025, 2027)).toBe(true);
    expect(begrundelse1a('hvertAar', 3.8)).toBe('1a, score 3,8 > 3,6: prioriteret hvert år');
  });

  it('kategori 1a: score 3,6 (ikke over) giver hvert andet år', () => {
    expect(prioritetsfrekvens1a(3.6)).toBe('hvertAndetAar');
    expect(prioritetsfrekvens1a(2.9)).toBe('hvertAndetAar');
    // 1 basis + 1 prioritised in 3 years: the second year after the basis year.
    expect(prioriteret1aIAar('hvertAndetAar', false, 2024, 2025)).toBe(false);
    expect(prioriteret1aIAar('hvertAndetAar', false, 2024, 2026)).toBe(true);
  });

  it('kategori 1a: score 2,8 giver kun basis', () => {
    expect(prioritetsfrekvens1a(2.8)).toBe('kunBasis');
    expect(prioritetsfrekvens1a(1)).toBe('kunBasis');
    expect(prioritetsfrekvens1a(null)).toBe('kunBasis');
    expect(prioriteret1aIAar('kunBasis', false, 2024, 2026)).toBe(false);
  });

  it('kategori 1a: tærsklerne sammenlignes præcist (3,6 + flydende tal-støj er ikke over 3,6)', () => {
    expect(prioritetsfrekvens1a(0.1 * 36)).toBe('hvertAndetAar');
    expect(prioritetsfrekvens1a(0.1 * 28)).toBe('kunBasis');
  });

  it('risikoscore 0–100 omregnes til vejledningens skala 1–5 (45 ↔ 2,8, 65 ↔ 3,6)', () => {
    expect(mstScore(0)).toBe(1);
    expect(mstScore(100)).toBe(5);
    expect(mstScore(45)).toBe(2.8);
    expect(mstScore(65)).toBe(3.6);
    expect(prioritetsfrekvens1a(mstScore(65))).toBe('hvertAndetAar');
    expect(prioritetsfrekvens1a(mstScore(68))).toBe('hvertAar');
  });

  it('basistilsyn: kategori 1 hvert 3. år, kategori 2 hvert 6. år', () => {
    expect(naesteBasisAar('1a', 2017, null, 2026)).toBe(2020);
    expect(naesteBasisAar('1b', 2023, null, 2026)).toBe(2026);
    expect(naesteBasisAar('2', 2020, null, 2026)).toBe(2026);
    expect(naesteBasisAar('2', 2021, null, 2026)).toBe(2027);
    expect(basisForfalden(2026, 2026)).toBe(true);
    expect(basisForfalden(2020, 2026)).toBe(true);
    expect(basisForfalden(2027, 2026)).toBe(false);
  });

  it('ny virksomhed: første basis inden for 3 år', () => {
    // Covered in 2019 → first basis by 2022.
    expect(naesteBasisAar('1a', null, 2019, 2020)).toBe(2022);
    expect(basisForfalden(naesteBasisAar('2', null, 2025, 2026), 2026)).toBe(false);
    // Past the three years: due now.
    expect(basisForfalden(naesteBasisAar('2', null, 2020, 2026), 2026)).toBe(true);
    // Neither a basis nor a known start: due now.
    expect(naesteBasisAar('1b', null, null, 2026)).toBe(2026);
  });

  it('kategori 2: mindst 25 % fysisk', () => {
    expect(KATEGORI2_FYSISK_ANDEL).toBe(0.25);
    expect(kraevetFysisk('2', 100)).toBe(25);
    expect(kraevetFysisk('2', 101)).toBe(26);
    expect(kraevetFysisk('2', 4)).toBe(1);
    expect(kraevetFysisk('2', 0)).toBe(0);
  });

  it('kategori 1: andelen fysiske tilsyn er et navngivet gæt (40 %, skal bekræftes)', () => {
    expect(KATEGORI1_FYSISK_ANDEL).toBe(0.4);
    expect(kraevetFysisk('1a', 10)).toBe(4);
    expect(kraevetFysisk('1b', 11)).toBe(5);
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
    const plan = planlaegAar(v, 2026);
    expect(plan.filter((r) => r.virksomhedId === 1).map((r) => r.tilsynstype)).toEqual(['basis']);
    expect(plan.filter((r) => r.virksomhedId === 2).map((r) => r.tilsynstype)).toEqual(['basis']);
    expect(new Set(plan.map((r) => r.virksomhedId)).size).toBe(plan.length);
  });

  it('opstartstilsyn tæller ikke', () => {
    expect(taellerSomBasis('BASIS')).toBe(true);
    expect(taellerSomBasis('OPSTART')).toBe(false);
    expect(taellerSomBasis('PRIORITERET')).toBe(false);
    expect(taellerMedIMaal('OPSTART', true)).toBe(false);
    expect(taellerMedIMaal('KLAGE', true)).toBe(false);
    expect(taellerMedIMaal('BASIS', false)).toBe(false);
    expect(taellerMedIMaal('PRIORITERET', true)).toBe(true);
  });

  it('kategori 2 fyldes op fra toppen af scorelisten til 25 % fysisk', () => {
    // 8 cat. 2 companies, none due basis: 25 % = 2 prioritised, the two highest scores.
    const v: PlanVirksomhed[] = Array.from({ length: 8 }, (_, i) => ({
      id: i + 1,
      kategori: '2' as const,
      score: 1 + i * 0.5,
      sidsteBasisAar: 2024,
      omfattetAar: 2000,
    }));
    const plan = planlaegAar(v, 2026);
    expect(plan.map((r) => [r.virksomhedId, r.tilsynstype])).toEqual([
      [8, 'prioriteret'],
      [7, 'prioriteret'],
    ]);
    expect(plan[0]!.begrundelse).toBe(
      '2, score 4,5: prioriteret fra toppen af listen (nr. 1) for at nå 25 % fysiske tilsyn (2 krævet)',
    );
  });

  it('gennemsnitlige timer pr. tilsynstype: basis 8, prioriteret 6, kampagne 4', () => {
    expect(planlagteTimer('basis')).toBe(8);
    expect(planlagteTimer('prioriteret')).toBe(6);
    expect(planlagteTimer('kampagne')).toBe(4);
  });
});
