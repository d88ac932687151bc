import { describe, expect, it } from 'vitest';
import {
  afregningsaarAf,
  afregningsperiode,
  andelBeloebOere,
  andelFor,
  betalerFejl,
  delOgRund,
  forklaring,
  halveTimerPrDag,
  husdyrAndelFor,
  ingenTimetakst,
  kreditLinje,
  kronerTilOere,
  periodensSatsAar,
  satsAarAf,
  satsPeriode,
  standardAfregningsaar,
  sumOere,
  tilHalveTimer,
  timeBeloebOere,
} from '../../src/contract/brugerbetaling-regler';

/** 2021's rates as MST published them (433,41 kr.; 57,79 %; 80 %), docs/decisions.md. */
const SATSER = { timesatsOere: 43_341, fremmedAndelBp: 5779, husdyrGodkendelseAndelBp: 8000 };
const SATSER_2022 = { ...SATSER, timesatsOere: 44_078 };

describe('brugerbetalingens regler', () => {
  it('faktureringen åbner på det afregningsår, der faktureres i år (november: året, der lige er slut)', () => {
    // 28-11-2026: 1. november 2025 – 31. oktober 2026 skal faktureres senest 30-11-2026.
    expect(standardAfregningsaar('2026-11-28')).toBe(2026);
    expect(standardAfregningsaar('2026-11-01')).toBe(2026);
    expect(standardAfregningsaar('2026-12-31')).toBe(2026);
    // Fra 1. januar er det løbende år det næste, der faktureres (i november).
    expect(standardAfregningsaar('2027-01-01')).toBe(2027);
    expect(standardAfregningsaar('2026-10-31')).toBe(2026);
    expect(standardAfregningsaar('2026-01-15')).toBe(2026);
  });

  it('et SAT-timegebyr forklarer timer og timesats; et fast SAT-gebyr sit beløb', () => {
    expect(forklaring({ kilde: 'sat', timerHalve: 5, satsOere: 49_500, andelBp: 10_000 })).toBe(
      'SAT-gebyr 2,5 t à 495,00 kr.',
    );
    expect(forklaring({ kilde: 'sat', timerHalve: null, satsOere: 150_000, andelBp: 10_000 })).toBe(
      'SAT-gebyr 1.500,00 kr.',
    );
  });

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

  it('fremmede tjenesteydelser faktureres med 57,79 % af regningen ekskl. moms', () => {
    expect(andelFor('fremmed', SATSER)).toBe(5779);
    // 1.000,01 kr. × 57,79 % = 577,9058 → 577,91 kr.
    expect(andelBeloebOere(100_001, 5779)).toBe(57_791);
  });

  it('husdyrgodkendelse: 80 % af hele beløbet, fremmede ydelser i godkendelsen medregnet', () => {
    const godkendelse = { kategoriKode: 'GODKENDELSE', virksomhedstype: 2 };
    // An outside service inside a farm's approval: its own share and the approval's on top.
    expect(andelFor('fremmed', SATSER, godkendelse)).toBe(5779);
    expect(husdyrAndelFor('fremmed', SATSER, godkendelse)).toBe(8000);
    // 1.000,00 kr. × 57,79 % × 80 % = 577,90 × 0,8 = 462,32 kr.
    expect(andelBeloebOere(100_000, 5779, 8000)).toBe(46_232);
    // Hours: 1,5 t × 433,41 kr. = 650,115 kr.; × 80 % = 520,092 → 520,09 kr. (rounded once).
    expect(andelFor('timer', SATSER, godkendelse)).toBe(10_000);
    expect(husdyrAndelFor('timer', SATSER, godkendelse)).toBe(8000);
    expect(timeBeloebOere(3, 43_341, 10_000, 8000)).toBe(52_009);
    // A fixed amount of approval work: 1.000,00 × 80 % = 800,00 kr.
    expect(husdyrAndelFor('fast', SATSER, godkendelse)).toBe(8000);
    expect(andelBeloebOere(100_000, 10_000, 8000)).toBe(80_000);
    // An approval of an ordinary company, an inspection of a farm, and SAT fees: no reduction.
    expect(husdyrAndelFor('timer', SATSER, { kategoriKode: 'GODKENDELSE', virksomhedstype: 1 })).toBeNull();
    expect(husdyrAndelFor('fremmed', SATSER, { kategoriKode: 'TILSYN', virksomhedstype: 2 })).toBeNull();
    expect(husdyrAndelFor('sat', SATSER, godkendelse)).toBeNull();
    expect(andelFor('fast', SATSER)).toBe(10_000);
    expect(andelFor('sat', SATSER)).toBe(10_000);
  });

  it('tilsyn på en uberettiget klage kan ikke opkræves: kun klagearbejde markeret berettiget faktureres', () => {
    const klage = (klageBerettiget?: boolean) => ({
      kategoriKode: 'KLAGE',
      virksomhedstype: 1,
      klageBerettiget,
    });
    expect(andelFor('timer', SATSER, klage(true))).toBe(10_000);
    expect(andelFor('timer', SATSER, klage(false))).toBe(0);
    expect(andelFor('timer', SATSER, klage())).toBe(0);
    // An outside service on an unjustified complaint is not charged either; on a justified one at 57,79 %.
    expect(andelFor('fremmed', SATSER, klage(false))).toBe(0);
    expect(andelFor('fremmed', SATSER, klage(true))).toBe(5779);
    expect(andelFor('fast', SATSER, klage(false))).toBe(0);
    // The mark is read on complaint work only.
    expect(andelFor('timer', SATSER, { kategoriKode: 'TILSYN', klageBerettiget: false })).toBe(10_000);
    // Justified, 2 t × 433,41 kr. = 866,82 kr.; unjustified, 1,5 t × 433,41 kr. × 0 % = 0,00 kr.
    expect(timeBeloebOere(4, 43_341, 10_000)).toBe(86_682);
    expect(timeBeloebOere(3, 43_341, 0)).toBe(0);
    // The line says why it is left out.
    expect(
      forklaring({ kilde: 'timer', timerHalve: 3, satsOere: 43_341, andelBp: 0, husdyrAndelBp: null }),
    ).toBe(
      '1,5 t à 433,41 kr. × 0 % (klagen er ikke markeret berettiget – tilsyn på en uberettiget klage kan ikke opkræves)',
    );
  });

  it('arbejde faktureres med timetaksten for det kalenderår, det er udført i (november–december med året før)', () => {
    expect(satsAarAf('2021-11-15')).toBe(2021);
    expect(satsAarAf('2021-12-31')).toBe(2021);
    expect(satsAarAf('2022-01-01')).toBe(2022);
    // Settlement year 2022 needs the rates of 2021 (1 Nov–31 Dec 2021) and 2022 (1 Jan–31 Oct 2022).
    expect(periodensSatsAar(2022)).toEqual([
      { aar: 2021, fra: '2021-11-01', til: '2022-01-01' },
      { aar: 2022, fra: '2022-01-01', til: '2022-11-01' },
    ]);
    expect(satsPeriode(2022)).toEqual({ fra: '2022-01-01', til: '2023-01-01' });
    // 2 t on 15-11-2021 at 2021's 433,41 kr. = 866,82 kr.; 2 t on 01-03-2022 at 2022's 440,78 kr. =
    // 881,56 kr.; together 1.748,38 kr. (not 2 × 881,56 = 1.763,12 kr. at the settlement year's rate).
    const nov = timeBeloebOere(4, SATSER.timesatsOere, 10_000);
    const mar = timeBeloebOere(4, SATSER_2022.timesatsOere, 10_000);
    expect([nov, mar, nov + mar]).toEqual([86_682, 88_156, 174_838]);
    // A year without a rate stops the run with a message naming the year and where to enter it.
    expect(ingenTimetakst(2025)).toBe(
      'Der er ingen timetakst for 2025, og der er registreret arbejde i 2025, som skal faktureres med årets takst. Indtast Miljøstyrelsens timetakst for 2025 under Gebyrtyper › Satser for brugerbetaling.',
    );
  });

  it('beløb rundes én gang, halvt op, til hele øre', () => {
    expect(delOgRund(1n, 2n)).toBe(1); // 0,5 → 1
    expect(delOgRund(3n, 2n)).toBe(2); // 1,5 → 2
    expect(delOgRund(1n, 4n)).toBe(0); // 0,25 → 0
    expect(delOgRund(-3n, 2n)).toBe(-2); // away from zero, as PostgreSQL's round
    // 1.000,01 kr. × 57,79 % × 80 % = 462,3246... → 462,32 kr.
    expect(andelBeloebOere(100_001, 5779, 8000)).toBe(46_232);
  });

  it('forklaringen viser timer × sats × andel på dansk', () => {
    expect(
      forklaring({ kilde: 'timer', timerHalve: 7, satsOere: 103_300, andelBp: 10_000, husdyrAndelBp: 8000 }),
    ).toBe('3,5 t à 1.033,00 kr. × 80 % (husdyrgodkendelse)');
    expect(forklaring({ kilde: 'timer', timerHalve: 4, satsOere: 38_100, andelBp: 10_000 })).toBe(
      '2 t à 381,00 kr.',
    );
    expect(forklaring({ kilde: 'fremmed', timerHalve: null, satsOere: 100_001, andelBp: 5779 })).toBe(
      'Fremmed ydelse 1.000,01 kr. ekskl. moms × 57,79 %',
    );
    expect(
      forklaring({
        kilde: 'fremmed',
        timerHalve: null,
        satsOere: 100_000,
        andelBp: 5779,
        husdyrAndelBp: 8000,
      }),
    ).toBe('Fremmed ydelse 1.000,00 kr. ekskl. moms × 57,79 % × 80 % (husdyrgodkendelse)');
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
