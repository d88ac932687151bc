import { describe, expect, it } from 'vitest';
import {
  dmaFrist,
  erArbejdsdag,
  fristStatus,
  helligdage,
  naesteAarligeFrist,
  naesteArbejdsdag,
  paaskedag,
  plusMaaneder,
  rapportFrist,
} from '../../src/contract/frister-regler';

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
    expect(erArbejdsdag('2026-06-05')).toBe(true);
    expect(erArbejdsdag('2026-12-24')).toBe(true);
  });

  it('the yearly dates come round: Jupiter 15 January, 1 February and 1 April, invoicing from 1 November', () => {
    expect(naesteAarligeFrist('jupiterKommune', '2026-11-24')).toBe('2027-01-15');
    expect(naesteAarligeFrist('jupiterEjere', '2026-11-24')).toBe('2027-02-01');
    expect(naesteAarligeFrist('jupiterRegistrering', '2026-11-24')).toBe('2027-04-01');
    // 1 April 2029 is Easter Sunday; Easter Monday follows: Tuesday 3 April.
    expect(naesteAarligeFrist('jupiterRegistrering', '2028-11-24')).toBe('2029-04-03');
    expect(naesteAarligeFrist('brugerbetaling', '2026-10-01')).toBe('2026-11-02');
  });

  it('counts the days left and colours by them', () => {
    expect(fristStatus('2026-11-20', '2026-11-24')).toEqual({ dageTilbage: -4, status: 'overskredet' });
    expect(fristStatus('2026-12-08', '2026-11-24')).toEqual({ dageTilbage: 14, status: 'snart' });
    expect(fristStatus('2026-12-09', '2026-11-24')).toEqual({ dageTilbage: 15, status: 'god tid' });
  });
});
