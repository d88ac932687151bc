import { describe, expect, it } from 'vitest';
import {
  dmaFrist,
  erArbejdsdag,
  forrigeArbejdsdag,
  fristStatus,
  helligdage,
  lukkedage,
  naesteAarligeFrist,
  naesteArbejdsdag,
  paaskedag,
  plusMaaneder,
  rapportFrist,
  type TilsynetsFakta,
  tilsynetsFrister,
} from '../../src/contract/frister-regler';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';

const fakta = (f: Partial<TilsynetsFakta>): TilsynetsFakta => ({
  virksomhedstype: VIRKSOMHEDSTYPE.VIRKSOMHED,
  omfattetAfAktivtTilsyn: true,
  tilsynstype: 'FYSISK',
  tilsynskategori: 'BASIS',
  ...f,
});

describe('deadlines by the rules (issue 29)', () => {
  it('tilsynetsFrister: report after a physical inspection, DMA after a physical or administrative one, of a company or farm under regular inspection', () => {
    expect(tilsynetsFrister(fakta({}))).toEqual({ rapport: true, dma: true });
    expect(
      tilsynetsFrister(fakta({ virksomhedstype: VIRKSOMHEDSTYPE.LANDBRUG, tilsynskategori: 'PARAGRAF9' })),
    ).toEqual({ rapport: true, dma: true });
    // An administrative inspection has no report (§ 11: "efter hvert fysisk tilsyn"), but DMA (§ 14, § 16).
    expect(
      tilsynetsFrister(fakta({ tilsynstype: 'ADMINISTRATIVT', tilsynskategori: 'PRIORITERET' })),
    ).toEqual({
      rapport: false,
      dma: true,
    });
    // A systemrevision is no DMA type; an inspection without a type has neither.
    expect(tilsynetsFrister(fakta({ tilsynstype: 'SYSTEMREVISION' }))).toEqual({
      rapport: false,
      dma: false,
    });
    expect(tilsynetsFrister(fakta({ tilsynstype: null }))).toEqual({ rapport: false, dma: false });
    // No category given: the company's regular inspection decides.
    expect(tilsynetsFrister(fakta({ tilsynskategori: null }))).toEqual({ rapport: true, dma: true });
  });

  it('tilsynetsFrister: none for an øvrigt tilsyn, a company outside regular inspection or a water plant', () => {
    const ingen = { rapport: false, dma: false };
    expect(tilsynetsFrister(fakta({ tilsynskategori: 'OEVRIGE' }))).toEqual(ingen);
    expect(tilsynetsFrister(fakta({ omfattetAfAktivtTilsyn: false }))).toEqual(ingen);
    expect(tilsynetsFrister(fakta({ virksomhedstype: VIRKSOMHEDSTYPE.VANDANLAEG }))).toEqual(ingen);
  });

  it('lukkedage: Grundlovsdag, 24 and 31 December move a deadline like a weekend or public holiday', () => {
    expect([...lukkedage(2026)].filter((d) => !helligdage(2026).has(d)).sort()).toEqual([
      '2026-06-05',
      '2026-12-24',
      '2026-12-31',
    ]);
    expect(erArbejdsdag('2026-06-05')).toBe(false);
    expect(erArbejdsdag('2026-12-23')).toBe(true);
    // 05-04-2026 + 2 months = Friday 05-06-2026, Grundlovsdag → Monday 08-06-2026.
    expect(rapportFrist('2026-04-05')).toBe('2026-06-08');
    // 24-10-2026 + 2 months = Thursday 24-12-2026; 25 and 26 holidays, 27 a Sunday → Monday 28-12-2026.
    expect(rapportFrist('2026-10-24')).toBe('2026-12-28');
    // 31-10-2026 + 2 months = Thursday 31-12-2026; 01-01 a holiday, 02–03 a weekend → Monday 04-01-2027.
    expect(rapportFrist('2026-10-31')).toBe('2027-01-04');
    // The same days as DMA deadlines: 05-02-2026, 24-08-2026 and 31-08-2026 + 4 months.
    expect(dmaFrist('2026-02-05')).toBe('2026-06-08');
    expect(dmaFrist('2026-08-24')).toBe('2026-12-28');
    expect(dmaFrist('2026-08-31')).toBe('2027-01-04');
  });

  it('dmaFrist: 4 months, and a December inspection by the next 1 April (the yearly DMA confirmation)', () => {
    // 31-10-2026 + 4 months = 28-02-2027 (February has no 31st), a Sunday → Monday 01-03-2027.
    expect(dmaFrist('2026-10-31')).toBe('2027-03-01');
    // 30-11-2026 + 4 months = Tuesday 30-03-2027, before 1 April.
    expect(dmaFrist('2026-11-30')).toBe('2027-03-30');
    // 15-12-2026 + 4 months = 15-04-2027, after Thursday 01-04-2027: 1 April.
    expect(dmaFrist('2026-12-15')).toBe('2027-04-01');
    expect(dmaFrist('2026-12-01')).toBe('2027-04-01');
  });

  it('brugerbetaling: the settlement year ended 31 October is invoiced by the last working day of November', () => {
    // 30-11-2026 is a Monday: on Saturday 28-11-2026 it is 2 days away, 'snart'.
    expect(naesteAarligeFrist('brugerbetaling', '2026-11-28')).toBe('2026-11-30');
    expect(fristStatus('2026-11-30', '2026-11-28')).toEqual({ dageTilbage: 2, status: 'snart' });
    expect(naesteAarligeFrist('brugerbetaling', '2026-10-01')).toBe('2026-11-30');
    // 30-11-2025 is a Sunday: the deadline stays in November, Friday 28-11-2025.
    expect(naesteAarligeFrist('brugerbetaling', '2025-11-01')).toBe('2025-11-28');
    expect(forrigeArbejdsdag('2025-11-30')).toBe('2025-11-28');
    // After November the next year's: Tuesday 30-11-2027.
    expect(naesteAarligeFrist('brugerbetaling', '2026-12-01')).toBe('2027-11-30');
  });
});

describe('deadlines of the follow-up list (issue 15)', () => {
  it('the inspection report goes to the company within 2 months, publication on DMA within 4 (research (f))', () => {
    expect(rapportFrist('2025-03-15')).toBe('2025-05-15');
    expect(dmaFrist('2025-03-15')).toBe('2025-07-15');
  });

  it('a month without the day ends on its last day', () => {
    expect(plusMaaneder('2024-12-31', 2)).toBe('2025-02-28');
    expect(plusMaaneder('2023-12-31', 2)).toBe('2024-02-29');
    expect(plusMaaneder('2025-10-31', 4)).toBe('2026-02-28');
    expect(plusMaaneder('2025-11-30', 2)).toBe('2026-01-30');
  });

  it('a deadline on a weekend or public holiday moves to the next working day', () => {
    // 2 months after 05-02-2026 is 05-04-2026, Easter Sunday; Easter Monday follows: Tuesday 07-04-2026.
    expect(rapportFrist('2026-02-05')).toBe('2026-04-07');
    // 4 months after 25-08-2025 is 25-12-2025 (Christmas Day), then Boxing Day and a weekend.
    expect(dmaFrist('2025-08-25')).toBe('2025-12-29');
    expect(naesteArbejdsdag('2026-11-24')).toBe('2026-11-24');
    expect(naesteArbejdsdag('2026-11-28')).toBe('2026-11-30');
  });

  it('knows Easter and the Danish public holidays, with Great Prayer Day only until 2023', () => {
    expect(paaskedag(2024)).toBe('2024-03-31');
    expect(paaskedag(2025)).toBe('2025-04-20');
    expect(paaskedag(2026)).toBe('2026-04-05');
    expect([...helligdage(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-05',
      '2026-04-06',
      '2026-05-14',
      '2026-05-24',
      '2026-05-25',
      '2026-12-25',
      '2026-12-26',
    ]);
    expect(helligdage(2023).has('2023-05-05')).toBe(true);
    expect(helligdage(2024).has('2024-04-26')).toBe(false);
    // Constitution Day and Christmas Eve are no public holidays (but closed days, below).
    expect(helligdage(2026).has('2026-06-05')).toBe(false);
    expect(helligdage(2026).has('2026-12-24')).toBe(false);
  });

  it('the yearly dates come round: Jupiter 15 January, 1 February and 1 April', () => {
    expect(naesteAarligeFrist('jupiterKommune', '2026-11-24')).toBe('2027-01-15');
    expect(naesteAarligeFrist('jupiterEjere', '2026-11-24')).toBe('2027-02-01');
    expect(naesteAarligeFrist('jupiterRegistrering', '2026-11-24')).toBe('2027-04-01');
    // 1 April 2029 is Easter Sunday; Easter Monday follows: Tuesday 3 April.
    expect(naesteAarligeFrist('jupiterRegistrering', '2028-11-24')).toBe('2029-04-03');
  });

  it('counts the days left and colours by them', () => {
    expect(fristStatus('2026-11-20', '2026-11-24')).toEqual({ dageTilbage: -4, status: 'overskredet' });
    expect(fristStatus('2026-12-08', '2026-11-24')).toEqual({ dageTilbage: 14, status: 'snart' });
    expect(fristStatus('2026-12-09', '2026-11-24')).toEqual({ dageTilbage: 15, status: 'god tid' });
  });
});
