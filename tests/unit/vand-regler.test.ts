import { describe, expect, it } from 'vitest';
import { gaeldendeFiltre, medFiltreretKolonne } from '../../src/contract/rapport';
import type { RapportFilter } from '../../src/contract/rapport-filter';
import { AFVENTER_VALIDERING, GODKENDT, RAPPORTER } from '../../src/contract/rapporter';
import { beregnFelter } from '../../src/contract/vand-data';
import {
  andelIPeriode,
  EKSPORTERET_TIL,
  IMPORTERET_FRA,
  ledningstab,
  ledningstabProcent,
  periodensUdveksling,
  udpumpet,
  udvekslingAf,
} from '../../src/contract/vand-regler';
import { IMPORT_EKSPORT_RETNING } from '../../src/contract/vandanlaeg-registreringer';
import { EKSEMPEL_FELTER, EKSEMPEL_PERIODE } from '../helpers/vand-eksempel';

/** The water rules of issue 29 (docs/decisions.md, 'Water data by the rules'); every figure computed by hand. */

const KVARTAL = { start: '2025-01-01', slut: '2025-03-31' }; // 31 + 28 + 31 = 90 days

describe('ledningstab = oppumpet + importeret − eksporteret − eget forbrug − filterskylning − leveret', () => {
  const periode = EKSEMPEL_PERIODE;

  it('counts imported and exported water', () => {
    // 10.000 + 500 − 1.200 − 300 − 150 − 8.000 = 850 m³
    expect(ledningstab(periode)).toBe(850);
  });

  it('counts what is not given as 0, and has no line loss without a pumped quantity', () => {
    // 10.000 − 8.000 = 2.000 m³
    expect(ledningstab({ oppumpet: 10_000, leveret: 8_000 })).toBe(2_000);
    expect(ledningstab({ ...periode, oppumpet: null })).toBeNull();
  });

  it('is negative when more was delivered than came in (a wrong reading shows)', () => {
    // 1.000 + 0 − 0 − 0 − 0 − 1.100 = −100 m³
    expect(ledningstab({ oppumpet: 1_000, leveret: 1_100 })).toBe(-100);
  });

  it('is what the form and the API compute (beregnFelter)', () => {
    const b = beregnFelter(EKSEMPEL_FELTER);
    expect(b).toMatchObject({
      samletLeveretVandmaengde: 8_000,
      importeret: 500,
      eksporteret: 1_200,
      ledningstab: 850,
    });
  });
});

describe('ledningstabProcent = ledningstab ÷ udpumpet (oppumpet + importeret − eksporteret − eget forbrug − filterskylning)', () => {
  it('is a share of the water put into the network', () => {
    const p = EKSEMPEL_PERIODE;
    // udpumpet: 10.000 + 500 − 1.200 − 300 − 150 = 8.850 m³; 850 ÷ 8.850 = 0,096045… = 9,60 %
    expect(udpumpet(p)).toBe(8_850);
    expect(ledningstabProcent(p)).toBe(9.6);
  });

  it('has no percentage when nothing was put into the network', () => {
    // A distributing plant with no water at all: 0 + 0 − 0 = 0
    expect(ledningstabProcent({ oppumpet: 0 })).toBeNull();
    // Only imported water counts too: 0 + 1.000 − 0 − 0 − 0 = 1.000 in; 1.000 − 950 = 50; 50 ÷ 1.000 = 5 %
    expect(ledningstabProcent({ oppumpet: 0, importeret: 1_000, leveret: 950 })).toBe(5);
  });
});

describe('andelIPeriode: an import or export counts by the days it shares with the period', () => {
  const aar = { retning: EKSPORTERET_TIL, fra: '2025-01-01', til: '2025-12-31', maengde: 3_650 };

  it('splits a yearly record over a quarter by days', () => {
    // 3.650 m³ × 90 shared days ÷ 365 days = 900 m³
    expect(andelIPeriode(aar, KVARTAL)).toBe(900);
  });

  it('counts a record inside the period whole, and one outside it not at all', () => {
    const feb = { retning: IMPORTERET_FRA, fra: '2025-02-01', til: '2025-02-28', maengde: 500 };
    expect(andelIPeriode(feb, KVARTAL)).toBe(500);
    expect(andelIPeriode({ ...feb, fra: '2025-04-01', til: '2025-04-30' }, KVARTAL)).toBe(0);
  });

  it('splits a record across the start of the period', () => {
    // 1 Dec 2024 – 31 Jan 2025 is 31 + 31 = 62 days; 31 of them in the quarter: 620 × 31 ÷ 62 = 310 m³
    const over = { retning: IMPORTERET_FRA, fra: '2024-12-01', til: '2025-01-31', maengde: 620 };
    expect(andelIPeriode(over, KVARTAL)).toBe(310);
  });

  it('sums imports and exports of a period apart (periodensUdveksling)', () => {
    const poster = [
      aar, // 900 exported in the quarter
      { retning: IMPORTERET_FRA, fra: '2025-02-01', til: '2025-02-28', maengde: 500 },
      { retning: IMPORTERET_FRA, fra: '2024-12-01', til: '2025-01-31', maengde: 620 }, // 310 in the quarter
      { retning: 'Ukendt', fra: '2025-01-01', til: '2025-01-31', maengde: 99 },
    ];
    // imported 500 + 310 = 810; exported 900
    expect(periodensUdveksling(poster, KVARTAL)).toEqual({ importeret: 810, eksporteret: 900 });
  });

  it('reads an ImportEksportVandmaengder record, leaving out one without its period or quantity', () => {
    expect(
      udvekslingAf({ retning: IMPORTERET_FRA, dato: '2025-02-01', periodeTil: '2025-02-28', maengde: 500 }),
    ).toEqual({ retning: IMPORTERET_FRA, fra: '2025-02-01', til: '2025-02-28', maengde: 500 });
    expect(udvekslingAf({ retning: IMPORTERET_FRA, dato: '2025-02-01', maengde: 500 })).toBeNull();
    expect(
      udvekslingAf({ retning: IMPORTERET_FRA, dato: '2025-02-01', periodeTil: '2025-02-28' }),
    ).toBeNull();
    // The directions are the record kind's own choices.
    expect(IMPORT_EKSPORT_RETNING).toEqual([IMPORTERET_FRA, EKSPORTERET_TIL]);
  });
});

describe('the water reports count approved data; pending entries only with the validation status filter, marked', () => {
  const VAND = ['vandoppumpet', 'vandforsyningsfordeling', 'boringpejling'] as const;
  const status = (vaerdier: string[]): RapportFilter => ({
    property: 'valideringsstatus',
    noegle: 'equals',
    type: 'valg',
    vaerdier,
  });

  it('filters every water report to approved data while the user sets no status filter', () => {
    for (const navn of VAND) expect(gaeldendeFiltre(RAPPORTER[navn], []), navn).toEqual([status([GODKENDT])]);
    // The user's own status filter replaces it.
    const begge = status([GODKENDT, AFVENTER_VALIDERING]);
    expect(gaeldendeFiltre(RAPPORTER.vandoppumpet, [begge])).toEqual([begge]);
    // Reports of other data have no such filter.
    expect(gaeldendeFiltre(RAPPORTER.vandtilsyn, [])).toEqual([]);
  });

  it('brings the status column along when the user filters by status, among the grouping columns', () => {
    const def = RAPPORTER.vandoppumpet;
    const valgte = ['aarstal', 'totalVandmaengdeOppumpet', 'antal'];
    expect(medFiltreretKolonne(def, valgte, [])).toEqual(valgte);
    expect(medFiltreretKolonne(def, valgte, [status([AFVENTER_VALIDERING])])).toEqual([
      'aarstal',
      'valideringsstatus',
      'totalVandmaengdeOppumpet',
      'antal',
    ]);
    // Ungrouped rows: last; already chosen: where the user put it.
    expect(medFiltreretKolonne(def, ['startdato', 'ledningstab'], [status([GODKENDT])])).toEqual([
      'startdato',
      'ledningstab',
      'valideringsstatus',
    ]);
    expect(medFiltreretKolonne(def, ['valideringsstatus', 'antal'], [status([GODKENDT])])).toEqual([
      'valideringsstatus',
      'antal',
    ]);
  });
});
