import { describe, expect, it } from 'vitest';
import {
  afregningsaarAf,
  afregningsperiode,
  andelBeloebOere,
  andelFor,
  betalerFejl,
  FAKTURA_HANDLINGER,
  forklaring,
  halveTimerPrDag,
  kanOvergaa,
  kreditLinje,
  kronerTilOere,
  naesteStatus,
  statusserFor,
  sumOere,
  tilHalveTimer,
  timeBeloebOere,
} from '../../src/contract/brugerbetaling-regler';
import { FAKTURA_STATUSSER } from '../../src/contract/fakturering';

const SATSER = { timesatsOere: 38_100, fremmedAndelBp: 5779, husdyrGodkendelseAndelBp: 8000 };

describe('brugerbetalingens regler', () => {
  it('afregningsperioden løber fra 1. november til 1. november', () => {
    expect(afregningsperiode(2026)).toEqual({ fra: '2025-11-01', til: '2026-11-01' });
    expect(afregningsaarAf('2025-10-31')).toBe(2025);
    expect(afregningsaarAf('2025-11-01')).toBe(2026);
    expect(afregningsaarAf('2025-12-31')).toBe(2026);
    expect(afregningsaarAf('2026-01-01')).toBe(2026);
    expect(afregningsaarAf('2026-10-31')).toBe(2026);
    expect(afregningsaarAf('2026-11-01')).toBe(2027);
  });

  it('timer rundes pr. dag til nærmeste halve time', () => {
    expect(tilHalveTimer(1.2)).toBe(2);
    expect(tilHalveTimer(1.25)).toBe(3);
    expect(tilHalveTimer(0.2)).toBe(0);
    expect(tilHalveTimer(0.75)).toBe(2);
    // 1,2 + 0,6 = 1,8 t on one day → 2 t; each record gets the difference its running sum makes.
    const dag = halveTimerPrDag([
      { id: 7, timer: 0.6 },
      { id: 3, timer: 1.2 },
    ]);
    expect(dag.get(3)).toBe(2);
    expect(dag.get(7)).toBe(2);
    // Three short records add up to the day's rounded sum, not to three rounded zeros.
    const korte = halveTimerPrDag([
      { id: 1, timer: 0.2 },
      { id: 2, timer: 0.2 },
      { id: 3, timer: 0.2 },
    ]);
    expect([...korte.values()].reduce((a, b) => a + b, 0)).toBe(tilHalveTimer(0.6));
  });

  it('timelinjens beløb er halve timer × timesats × andel, rundet til hele øre', () => {
    expect(timeBeloebOere(7, 38_100, 10_000)).toBe(133_350);
    expect(timeBeloebOere(3, 38_133, 8000)).toBe(45_760); // 45 759,6
    expect(timeBeloebOere(0, 38_100, 10_000)).toBe(0);
  });

  it('et fast gebyr i kroner med to decimaler bliver til øre', () => {
    expect(kronerTilOere(1234.56)).toBe(123_456);
    expect(kronerTilOere(0.1 + 0.2)).toBe(30);
  });

  it('fremmede tjenesteydelser faktureres med årets andel', () => {
    expect(andelFor('fremmed', SATSER)).toBe(5779);
    expect(andelBeloebOere(100_001, 5779)).toBe(57_791); // 57 790,58
  });

  it('husdyrgodkendelse faktureres med 80 %', () => {
    expect(andelFor('timer', SATSER, { kategoriKode: 'GODKENDELSE', virksomhedstype: 2 })).toBe(8000);
    // An approval of an ordinary company, and an inspection of a farm, in full.
    expect(andelFor('timer', SATSER, { kategoriKode: 'GODKENDELSE', virksomhedstype: 1 })).toBe(10_000);
    expect(andelFor('timer', SATSER, { kategoriKode: 'TILSYN', virksomhedstype: 2 })).toBe(10_000);
    expect(andelFor('fast', SATSER)).toBe(10_000);
    expect(andelFor('sat', SATSER)).toBe(10_000);
  });

  it('forklaringen viser timer × sats × andel på dansk', () => {
    expect(forklaring({ kilde: 'timer', timerHalve: 7, satsOere: 103_300, andelBp: 8000 })).toBe(
      '3,5 t à 1.033,00 kr. × 80 % (husdyrgodkendelse)',
    );
    expect(forklaring({ kilde: 'timer', timerHalve: 4, satsOere: 38_100, andelBp: 10_000 })).toBe(
      '2 t à 381,00 kr.',
    );
    expect(forklaring({ kilde: 'fremmed', timerHalve: null, satsOere: 100_001, andelBp: 5779 })).toBe(
      'Fremmed ydelse 1.000,01 kr. ekskl. moms × 57,79 %',
    );
    expect(forklaring({ kilde: 'fast', timerHalve: null, satsOere: 123_456_789, andelBp: 10_000 })).toBe(
      'Fast gebyr 1.234.567,89 kr.',
    );
  });

  it('kreditnota plus original giver nul', () => {
    const linjer = [
      { id: 1, timerHalve: 7, beloebOere: 133_350 },
      { id: 2, timerHalve: null, beloebOere: 57_791 },
      { id: 3, timerHalve: 0, beloebOere: 0 },
    ];
    const kredit = linjer.map(kreditLinje);
    expect(sumOere(linjer) + sumOere(kredit)).toBe(0);
    expect(kredit.map((k) => k.kreditererLinjeId)).toEqual([1, 2, 3]);
    expect(kredit.map((k) => k.timerHalve)).toEqual([-7, null, 0]);
    expect(Object.is(kredit[2]!.beloebOere, 0)).toBe(true);
  });

  it('en overført faktura kan kun krediteres', () => {
    for (const h of FAKTURA_HANDLINGER) expect(kanOvergaa('overfoert', h), h).toBe(h === 'krediter');
    expect(naesteStatus('overfoert', 'krediter')).toBe('krediteret');
  });

  it('kun et forslag kan godkendes, og kun før overførsel kan batchen annulleres', () => {
    expect(statusserFor('godkend')).toEqual(['forslag']);
    expect(statusserFor('annuller').sort()).toEqual(['fejlet', 'godkendt']);
    expect(naesteStatus('godkendt', 'annuller')).toBe('forslag');
    expect(statusserFor('overfoer').sort()).toEqual(['fejlet', 'godkendt']);
    expect(naesteStatus('fejlet', 'overfoerFejlet')).toBe('fejlet');
    // A credited invoice is final.
    for (const h of FAKTURA_HANDLINGER) expect(kanOvergaa('krediteret', h)).toBe(false);
    for (const s of FAKTURA_STATUSSER)
      expect(naesteStatus(s, 'godkend')).toBe(s === 'forslag' ? 'godkendt' : null);
  });

  it('betaleren tjekkes som økonomisystemet tjekker: CVR 8 cifre, EAN 13, CPR 10', () => {
    expect(betalerFejl({ betalerTypeKode: null, cvrNr: null, betalingsReference: null })).toEqual([
      ['betalerTypeKode', 'Debitor mangler betalertype'],
    ]);
    expect(betalerFejl({ betalerTypeKode: 'CVR', cvrNr: '12345678', betalingsReference: null })).toEqual([]);
    expect(betalerFejl({ betalerTypeKode: 'CVR', cvrNr: null, betalingsReference: null })[0]![0]).toBe(
      'cvrNr',
    );
    expect(
      betalerFejl({ betalerTypeKode: 'EAN', cvrNr: null, betalingsReference: '579800000000' })[0]![0],
    ).toBe('betalingsReference');
    expect(betalerFejl({ betalerTypeKode: 'EAN', cvrNr: null, betalingsReference: '5798000000001' })).toEqual(
      [],
    );
    expect(betalerFejl({ betalerTypeKode: 'CPR', cvrNr: null, betalingsReference: '010190-1234' })).toEqual(
      [],
    );
    expect(betalerFejl({ betalerTypeKode: 'UDLAND', cvrNr: null, betalingsReference: null })).toEqual([]);
  });
});
