import { describe, expect, it } from 'vitest';
import { erSmal, SMAL_BREDDE, smalOrden } from '../../src/app/ui/smal';

/** An element laid out `width` px wide (jsdom does no layout). */
const med = (width: number) => ({ getBoundingClientRect: () => ({ width }) }) as unknown as Element;

describe('narrow tiles (issue 30)', () => {
  it('a third of 1440 px is narrow, a half is not, an element not laid out is not', () => {
    expect(SMAL_BREDDE).toBe(640);
    expect(erSmal(med(470))).toBe(true);
    expect(erSmal(med(639))).toBe(true);
    expect(erSmal(med(640))).toBe(false);
    expect(erSmal(med(715))).toBe(false);
    expect(erSmal(med(0))).toBe(false);
    expect(erSmal(null)).toBe(false);
    expect(erSmal(med(700), 800)).toBe(true);
  });

  it('a narrow table puts the marked columns first, in their declared order; a wide one keeps its order', () => {
    const kolonner: { id: string; smalFoerst?: boolean }[] = [
      { id: 'anlaeg' },
      { id: 'indtag' },
      { id: 'pejletidspunkt', smalFoerst: true },
      { id: 'vandstand', smalFoerst: true },
      { id: 'situation' },
    ];
    expect(smalOrden(kolonner, true).map((k) => k.id)).toEqual([
      'pejletidspunkt',
      'vandstand',
      'anlaeg',
      'indtag',
      'situation',
    ]);
    expect(smalOrden(kolonner, false)).toBe(kolonner);
    const umarkerede: { id: string; smalFoerst?: boolean }[] = [{ id: 'a' }, { id: 'b' }];
    expect(smalOrden(umarkerede, true)).toBe(umarkerede);
  });
});
