// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { afregningsaarFor, naermesteAar } from '../../src/app/features/fakturering/api';
import { formatOere } from '../../src/contract/format';

describe('formatOere', () => {
  it('writes øre as kroner, da-DK with two decimals and kr.', () => {
    expect(formatOere(123456)).toBe('1.234,56 kr.');
    expect(formatOere(38100)).toBe('381,00 kr.');
    expect(formatOere(5)).toBe('0,05 kr.');
    expect(formatOere(0)).toBe('0,00 kr.');
    expect(formatOere(123456789)).toBe('1.234.567,89 kr.');
  });
  it('keeps the sign of a credit note', () => {
    expect(formatOere(-5000).replace('\u2212', '-')).toBe('-50,00 kr.');
  });
  it('writes nothing for nothing', () => {
    expect(formatOere(null)).toBe('');
    expect(formatOere(undefined)).toBe('');
    expect(formatOere(Number.NaN)).toBe('');
  });
});

describe('the settlement year of a day', () => {
  it('opens on the year invoiced this calendar year: in November and December the one just ended', () => {
    expect(afregningsaarFor(new Date(2026, 9, 31))).toBe(2026);
    expect(afregningsaarFor(new Date(2026, 10, 1))).toBe(2026);
    expect(afregningsaarFor(new Date(2026, 10, 28))).toBe(2026);
    expect(afregningsaarFor(new Date(2026, 11, 31))).toBe(2026);
    expect(afregningsaarFor(new Date(2027, 0, 1))).toBe(2027);
  });
  it('the chooser offers the default and the year before, newest first', () => {
    expect(naermesteAar(2027, [2024, 2025, 2026, 2027])).toEqual([2027, 2026, 2025, 2024]);
    expect(naermesteAar(2027, [])).toEqual([2027, 2026]);
  });
});
