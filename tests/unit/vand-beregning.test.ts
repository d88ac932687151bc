import { describe, expect, it } from 'vitest';
import { vandanlaegStiForPost } from '../../src/app/lib/vand-fokus';
import { aendredeLinjer, beregnFelter, LINJE_STATUS, situationTekst } from '../../src/contract/vand-data';
import { anvendLinjer } from '../../src/server/vand/maengde-indberetning';
import { naestePeriode } from '../../src/server/vand/maengder';

describe('the computed fields of a pumped quantity', () => {
  it('multiplies the meter difference by the conversion factor and subtracts the uses from it', () => {
    expect(
      beregnFelter({
        maalerstandStart: 1000.5,
        maalerstandSlut: 2234.56,
        omregningsfaktor: 10,
        vandvaerketsEgetForbrug: 100,
        filterskylning: 40.6,
        forsyning: [{ maengde: 10000 }, { maengde: 1500 }],
      }),
    ).toEqual({
      vandmaengdeOppumpet: 12340.6,
      samletLeveretVandmaengde: 11500,
      importeret: 0,
      eksporteret: 0,
      ledningstab: 700,
      // 700 / (12.340,6 − 100 − 40,6 = 12.200 put into the network) = 5,737… %
      ledningstabProcent: 5.74,
    });
  });

  it('uses the typed quantity without readings, or when the meter was replaced', () => {
    expect(beregnFelter({ vandmaengdeOppumpet: 50, forsyning: [{ maengde: 60 }] })).toMatchObject({
      vandmaengdeOppumpet: 50,
      ledningstab: -10,
    });
    const skift = { maalerstandStart: 900, maalerstandSlut: 100, vandmaengdeOppumpet: 400 };
    expect(beregnFelter(skift).vandmaengdeOppumpet).toBe(-800);
    expect(beregnFelter({ ...skift, maalerskift: true }).vandmaengdeOppumpet).toBe(400);
  });

  it('has no line loss without a quantity, and no percentage of nothing', () => {
    expect(beregnFelter({ maalerstandStart: 5 })).toEqual({
      vandmaengdeOppumpet: null,
      samletLeveretVandmaengde: 0,
      importeret: 0,
      eksporteret: 0,
      ledningstab: null,
      ledningstabProcent: null,
    });
    expect(beregnFelter({ vandmaengdeOppumpet: 0 }).ledningstabProcent).toBeNull();
  });

  it('rounds away binary noise', () => {
    expect(beregnFelter({ maalerstandStart: 0.1, maalerstandSlut: 0.3 }).vandmaengdeOppumpet).toBe(0.2);
  });
});

describe('supply lines', () => {
  const gemte = [
    { jupiterForsyningsartId: 1, maengde: 10 },
    { jupiterForsyningsartId: 2, maengde: 20, modtagerAntal: 3 },
  ];
  it('numbers stored lines without ids and applies only the changes', () => {
    const linjer = anvendLinjer(gemte, [
      { id: 1, status: LINJE_STATUS.DELETED, jupiterForsyningsartId: 1, maengde: 10, modtagerAntal: null },
      { id: 2, status: LINJE_STATUS.UNCHANGED, jupiterForsyningsartId: 5, maengde: 99, modtagerAntal: null },
      { status: LINJE_STATUS.CREATED, jupiterForsyningsartId: 4, maengde: 7, modtagerAntal: null },
    ]);
    expect(linjer).toEqual([
      { id: 2, jupiterForsyningsartId: 2, maengde: 20, modtagerAntal: 3 },
      { id: 3, jupiterForsyningsartId: 4, maengde: 7, modtagerAntal: null },
    ]);
  });
  it('rejects a change of a line that is not there', () => {
    expect(() =>
      anvendLinjer(gemte, [
        { id: 9, status: LINJE_STATUS.UPDATED, jupiterForsyningsartId: 1, maengde: 1, modtagerAntal: null },
      ]),
    ).toThrow();
  });
});

describe('the next period and the situation text', () => {
  it('follows a year, a quarter and a run of days', () => {
    expect(naestePeriode('2025-01-01', '2025-12-31')).toEqual({ start: '2026-01-01', slut: '2026-12-31' });
    expect(naestePeriode('2025-10-01', '2025-12-31')).toEqual({ start: '2026-01-01', slut: '2026-03-31' });
    expect(naestePeriode('2025-01-10', '2025-01-19')).toEqual({ start: '2025-01-20', slut: '2025-01-29' });
  });
  it('names the situations as the spec does', () => {
    expect([0, 1, 2, null].map(situationTekst)).toEqual([
      'I ro',
      'I drift',
      'Ingen situation angivet',
      'Ingen situation angivet',
    ]);
  });
});

describe('the supply lines a save sends', () => {
  const foer = [
    { id: 1, jupiterForsyningsartId: 1, maengde: 100, modtagerAntal: 10 },
    { id: 2, jupiterForsyningsartId: 2, maengde: 50, modtagerAntal: null },
    { id: 3, jupiterForsyningsartId: 3, maengde: 5, modtagerAntal: null },
  ];
  it('sends only created, updated and deleted lines', () => {
    const nu = [
      { id: 1, jupiterForsyningsartId: 1, maengde: 100, modtagerAntal: 10 },
      { id: 2, jupiterForsyningsartId: 2, maengde: 60, modtagerAntal: null },
      { jupiterForsyningsartId: 4, maengde: 7, modtagerAntal: null },
    ];
    expect(aendredeLinjer(foer, nu)).toEqual([
      { id: 2, status: LINJE_STATUS.UPDATED, jupiterForsyningsartId: 2, maengde: 60, modtagerAntal: null },
      { status: LINJE_STATUS.CREATED, jupiterForsyningsartId: 4, maengde: 7, modtagerAntal: null },
      { id: 3, status: LINJE_STATUS.DELETED, jupiterForsyningsartId: 3, maengde: 5, modtagerAntal: null },
    ]);
    expect(aendredeLinjer(foer, foer)).toEqual([]);
  });
});

describe("the queue's path to the plant", () => {
  it('opens the intake tab for intake entries and leaves the entry to select', () => {
    expect(
      vandanlaegStiForPost('maengder', { id: 5, vandanlaegId: 9, indtagId: null, startdato: '2025-01-01' }),
    ).toBe('/vandanlaeg/9/maengder');
    expect(
      vandanlaegStiForPost('maengder', { id: 6, vandanlaegId: 9, indtagId: 3, startdato: '2025-04-01' }),
    ).toBe('/vandanlaeg/9/indtag');
    expect(
      vandanlaegStiForPost('indtag', {
        id: 7,
        vandanlaegId: 9,
        indtagId: 3,
        pejletidspunkt: '2025-05-02T13:00:00Z',
      }),
    ).toBe('/vandanlaeg/9/indtag');
  });
});
