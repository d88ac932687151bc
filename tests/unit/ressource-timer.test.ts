import { describe, expect, it } from 'vitest';
import { laesMaengde } from '../../src/contract/format';
import { RESSOURCE } from '../../src/contract/planlaegning';
import { recordOpretSchema } from '../../src/contract/record-kind';

/**
 * A resource's hours available as typed in its form: the hours field kind (the form's MaengdeInput
 * reads with laesMaengde: a text it cannot read is NaN), then the form's schema, which is the change's
 * body without the version: whole or half hours, not negative (issue 33).
 */
const laes = (tekst: string): number | null => {
  const r = laesMaengde('timer', tekst);
  const v = 'vaerdi' in r ? r.vaerdi : Number.NaN;
  const gyldig = recordOpretSchema(RESSOURCE).safeParse({ timerTilRaadighed: v });
  return gyldig.success ? (gyldig.data as { timerTilRaadighed: number }).timerTilRaadighed : null;
};

describe('hours available as typed', () => {
  it('reads Danish numbers, thousands points and a decimal dot as the hours field does', () => {
    expect(laes('37,5')).toBe(37.5);
    expect(laes('1.200')).toBe(1200);
    expect(laes('1.200,5')).toBe(1200.5);
    // Before, every dot was a thousands point here: '12.5' was saved as 125 hours.
    expect(laes('12.5')).toBe(12.5);
    expect(laes(' 0 ')).toBe(0);
  });
  it('refuses what is not whole or half hours, negative or no number', () => {
    expect(laes('7,3')).toBeNull();
    expect(laes('-1')).toBeNull();
    expect(laes('')).toBeNull();
    expect(laes('tolv')).toBeNull();
  });
  it('says why in the change’s own Danish messages', () => {
    const fejl = (v: unknown) =>
      recordOpretSchema(RESSOURCE).safeParse({ timerTilRaadighed: v }).error?.issues[0]?.message;
    expect(fejl(7.3)).toBe('Timer angives i halve timer');
    expect(fejl(-1)).toBe('Må ikke være negativ');
    expect(fejl(Number.NaN)).toBe('Skal være et tal');
    expect(fejl(3000.5)).toBe('Højst 3000 timer');
  });
});
