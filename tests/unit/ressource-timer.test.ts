import { describe, expect, it } from 'vitest';
import { laesTimerTilRaadighed } from '../../src/app/features/planlaegning/timer';

// A resource row's hours available: the hours field kind, in whole or half hours (issue 33).
describe('hours available as typed', () => {
  it('reads Danish numbers, thousands points and a decimal dot as the hours field does', () => {
    expect(laesTimerTilRaadighed('37,5')).toBe(37.5);
    expect(laesTimerTilRaadighed('1.200')).toBe(1200);
    expect(laesTimerTilRaadighed('1.200,5')).toBe(1200.5);
    // Before, every dot was a thousands point here: '12.5' was saved as 125 hours.
    expect(laesTimerTilRaadighed('12.5')).toBe(12.5);
    expect(laesTimerTilRaadighed(' 0 ')).toBe(0);
  });
  it('refuses what is not whole or half hours, negative or no number', () => {
    expect(laesTimerTilRaadighed('7,3')).toBeNull();
    expect(laesTimerTilRaadighed('-1')).toBeNull();
    expect(laesTimerTilRaadighed('')).toBeNull();
    expect(laesTimerTilRaadighed('tolv')).toBeNull();
  });
});
