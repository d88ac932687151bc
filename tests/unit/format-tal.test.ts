import { describe, expect, it } from 'vitest';
import {
  bpFast,
  bpSomProcent,
  dageMellem,
  dagenFoer,
  datoDel,
  decimalKomma,
  formatBp,
  formatHalveTimer,
  formatHalveTimerKort,
  formatOere,
  formatProcent,
  formatTalFast,
  formatTalUgrupperet,
  formatTimer,
  halveTimerTekst,
  kroner,
  parseDanskTal,
  parseDanskTalStreng,
  parseKroner,
  parseProcentBp,
  plusDage,
  udenSkilletegn,
  utcDato,
} from '../../src/contract/format';

/**
 * What moved into src/contract/format.ts (issue 33 point 4): each function with the outputs its old
 * copies gave, so the move changed nothing a case worker sees.
 */

describe('penge', () => {
  it('kroner skriver øre fra heltallet: punktum for tusinder, komma og to decimaler', () => {
    expect(kroner(103_300)).toBe('1.033,00');
    expect(kroner(5)).toBe('0,05');
    expect(kroner(-5_000)).toBe('-50,00');
    expect(kroner(-50)).toBe('-0,50');
    expect(kroner(123_456_789_012)).toBe('1.234.567.890,12');
    expect(kroner(0)).toBe('0,00');
  });
  it('formatOere er kroner med kr., og intet for intet', () => {
    expect(formatOere(171_250)).toBe('1.712,50 kr.');
    expect(formatOere(-1_050)).toBe('-10,50 kr.');
    expect(formatOere(-0)).toBe('0,00 kr.');
    expect(formatOere(null)).toBe('');
  });
  it('parseKroner læser kroner som heltal øre ud fra cifrene', () => {
    expect(parseKroner('1.234,56')).toBe(123_456);
    expect(parseKroner('381 kr.')).toBe(38_100);
    expect(parseKroner('12.5')).toBe(1_250);
    expect(parseKroner('1,234')).toBeNull();
    expect(parseKroner('')).toBeNull();
  });
});

describe('procent og timer', () => {
  it('basispoint', () => {
    expect(bpSomProcent(8000)).toBe('80');
    expect(bpSomProcent(5779)).toBe('57,79');
    expect(bpSomProcent(5750)).toBe('57,5');
    expect(bpFast(8000)).toBe('80,00');
    expect(formatBp(5779)).toBe('57,79 %');
    expect(parseProcentBp('57,79 %')).toBe(5779);
    expect(parseProcentBp('57,799')).toBeNull();
    expect(formatProcent(12.5)).toBe('12,5 %');
  });
  it('timer', () => {
    expect(halveTimerTekst(7)).toBe('3,5');
    expect(halveTimerTekst(6)).toBe('3');
    expect(halveTimerTekst(-7)).toBe('-3,5');
    expect(halveTimerTekst(2001)).toBe('1000,5');
    expect(formatHalveTimerKort(7)).toBe('3,5 t');
    expect(formatHalveTimerKort(6)).toBe('3 t');
    expect(formatHalveTimerKort(null)).toBe('');
    expect(formatHalveTimer(6)).toBe('3,0 t');
    expect(formatTimer(1234.5)).toBe('1.234,5 t');
  });
});

describe('decimaltegn', () => {
  it('decimalKomma skriver hvert ciffer med komma og uden tusindtalspunktum', () => {
    expect(decimalKomma(0.5)).toBe('0,5');
    expect(decimalKomma(1234.5)).toBe('1234,5');
    expect(decimalKomma(-3)).toBe('-3');
    expect(decimalKomma('2.25')).toBe('2,25');
    expect(decimalKomma(1.23456, 2)).toBe('1,23');
    expect(decimalKomma(4, 2)).toBe('4,00');
  });
  it('formatTalUgrupperet til filer: komma, ingen punktummer, faste decimaler', () => {
    expect(formatTalUgrupperet(1234.5, 2)).toBe('1234,50');
    expect(formatTalUgrupperet(1234.5, 0)).toBe('1235');
    expect(formatTalFast(1234.5, 1)).toBe('1.234,5');
  });
  it('parseDanskTal læser dansk og et punktum, der ikke kan være tusinder', () => {
    expect(parseDanskTal('1.234,5')).toBe(1234.5);
    expect(parseDanskTal('2.5')).toBe(2.5);
    expect(parseDanskTal('1.200')).toBe(1200);
    expect(parseDanskTal('-3')).toBe(-3);
    expect(parseDanskTal('abc')).toBeNull();
  });
  it('parseDanskTalStreng: hvert punktum før kommaet er et tusindtalspunktum', () => {
    expect(parseDanskTalStreng('1.200')).toBe(1200);
    expect(parseDanskTalStreng('12.5')).toBe(125);
    expect(parseDanskTalStreng('37,5')).toBe(37.5);
    expect(parseDanskTalStreng('6.234.567,89')).toBe(6_234_567.89);
    expect(parseDanskTalStreng('-12,5')).toBe(-12.5);
    expect(parseDanskTalStreng('12,')).toBeNull();
    expect(parseDanskTalStreng('1,2.5')).toBeNull();
    expect(parseDanskTalStreng('3 5')).toBeNull();
  });
  it('udenSkilletegn fjerner punktum og komma fra et heltalsfelt', () => {
    expect(udenSkilletegn('1.234,5')).toBe('12345');
  });
});

describe('kalenderdage', () => {
  it('regner i UTC, så ingen tidszone flytter dagen', () => {
    expect(plusDage('2024-02-28', 1)).toBe('2024-02-29');
    expect(plusDage('2026-03-29', 1)).toBe('2026-03-30');
    expect(plusDage('2026-01-10', -14)).toBe('2025-12-27');
    expect(dagenFoer('2026-01-01')).toBe('2025-12-31');
    expect(dagenFoer('2026-03-01T10:00:00Z')).toBe('2026-02-28');
    expect(dageMellem('2026-01-01', '2026-03-01')).toBe(59);
    expect(() => plusDage('01-02-2026', 1)).toThrow('Ikke en dato');
  });
  it('en databasedato som ISO', () => {
    expect(utcDato(new Date(Date.UTC(2026, 10, 1)))).toBe('2026-11-01');
    expect(datoDel(new Date(Date.UTC(2026, 10, 1)))).toBe('2026-11-01');
    expect(datoDel('2026-11-01T00:00:00')).toBe('2026-11-01');
    expect(datoDel(null)).toBeNull();
  });
});
