import { describe, expect, it } from 'vitest';
import { periodeSkrevetUd, standardPeriode } from '../../src/app/features/fakturering/admin-tal';
import {
  bpFast,
  dagenFoer,
  formatBp,
  formatHalveTimer,
  formatTimer,
  kroner,
  parseKroner,
  parseProcentBp,
} from '../../src/contract/format';
import type { Planlaegningsperiode } from '../../src/contract/planlaegning';

/**
 * What the economy administrator types: kroner become integer øre and per cent become basis points
 * by the digits of the text, never through a floating-point product (0,29 × 100 is 28.999… in
 * floating point); hours with one decimal; the settlement period written out.
 */
describe('kroner typed the Danish way become øre exactly', () => {
  it.each([
    ['1.234,50', 123450],
    ['1.234,5', 123450],
    ['1234,56', 123456],
    ['381', 38100],
    ['381,00 kr.', 38100],
    ['0,29', 29],
    ['0,07', 7],
    ['1,1', 110],
    ['4,35', 435],
    ['1.000.000,01', 100000001],
    ['12.50', 1250],
    ['1.234', 123400],
    [' 99 999,99 ', 9999999],
    ['0', 0],
  ])('%s → %i øre', (tekst, oere) => {
    expect(parseKroner(tekst)).toBe(oere);
  });

  it('refuses what is no amount in kroner with at most two decimals', () => {
    for (const t of ['', 'abc', '1,234', '1.23.4', '-5', '1,2,3', '12.345,678', '1e3', ',5'])
      expect(parseKroner(t), t).toBeNull();
  });

  it('where floating point goes wrong, the digits do not', () => {
    // Math.round would save these two, a truncation would not: the parser never multiplies a fraction.
    expect(Math.trunc(0.29 * 100)).toBe(28);
    expect(parseKroner('0,29')).toBe(29);
    expect(Math.trunc(4.35 * 100)).toBe(434);
    expect(parseKroner('4,35')).toBe(435);
    expect(1.005 * 100).not.toBe(100.5);
    expect(parseKroner('1,00')).toBe(100);
  });

  it('øre back to the text a field shows, so a saved rate reads as it was typed', () => {
    expect(kroner(123450)).toBe('1.234,50');
    expect(kroner(7)).toBe('0,07');
    expect(kroner(100000001)).toBe('1.000.000,01');
    expect(kroner(-5000)).toBe('-50,00');
    for (const o of [0, 1, 29, 38100, 123456, 999999999]) expect(parseKroner(kroner(o))).toBe(o);
  });
});

describe('per cent with two decimals become basis points', () => {
  it.each([
    ['57,79', 5779],
    ['80', 8000],
    ['80 %', 8000],
    ['100,00', 10000],
    ['0,01', 1],
    ['57.79', 5779],
  ])('%s → %i bp', (tekst, bp) => {
    expect(parseProcentBp(tekst)).toBe(bp);
  });
  it('refuses more than two decimals and what is no number', () => {
    for (const t of ['57,791', '', 'x', '-1']) expect(parseProcentBp(t), t).toBeNull();
  });
  it('writes basis points back as per cent', () => {
    expect(bpFast(5779)).toBe('57,79');
    expect(formatBp(8000)).toBe('80,00 %');
  });
});

describe('hours and periods', () => {
  it('hours have one decimal and a t', () => {
    expect(formatTimer(12.5)).toBe('12,5 t');
    expect(formatTimer(3)).toBe('3,0 t');
    expect(formatTimer(1234.5)).toBe('1.234,5 t');
    expect(formatHalveTimer(25)).toBe('12,5 t');
  });
  it('the settlement period is written out, its exclusive end as the last day', () => {
    expect(periodeSkrevetUd('2025-11-01', '2026-11-01')).toBe('1. november 2025 – 31. oktober 2026');
    expect(dagenFoer('2024-03-01')).toBe('2024-02-29');
    expect(dagenFoer('2026-01-01')).toBe('2025-12-31');
  });
});

describe('the follow-up’s default period', () => {
  const p = (id: number, aar: number) => ({ id, aar }) as Planlaegningsperiode;
  const perioder = [p(1, 2025), p(3, 2027), p(2, 2026)];
  it('is the session’s planning year when it has a period', () => {
    expect(standardPeriode(perioder, 2026)?.id).toBe(2);
  });
  it('else the newest', () => {
    expect(standardPeriode(perioder, undefined)?.id).toBe(3);
    expect(standardPeriode(perioder, 2031)?.id).toBe(3);
    expect(standardPeriode([], 2026)).toBeUndefined();
  });
});
