import { describe, expect, it } from 'vitest';
import { type FeltDef, feltInput, feltOutput, inputSchema, maengdeInput } from '../../src/contract/felter';
import { laesMaengde, MAENGDER } from '../../src/contract/format';
import { beskrivAendringer, type FeltOpslag } from '../../src/server/records/felter';

/**
 * The field kinds for money, hours and per cent (issue 33 point 1): typed text read into the stored
 * number and written back, and the zod checks a form and a request derive from a field definition.
 * Every expected value is computed by hand.
 */

describe('beløb: øre typet og vist som kroner', () => {
  it('læser kroner som hele øre ud fra cifrene', () => {
    // 1.234,5 kr. = 1234 kr. og 50 øre = 1234 × 100 + 50 = 123450 øre.
    expect(laesMaengde('beloeb', '1.234,5')).toEqual({ vaerdi: 123_450 });
    // 0,29 kr. = 29 øre (ikke 28,999… som 0,29 × 100 i kommatal).
    expect(laesMaengde('beloeb', '0,29')).toEqual({ vaerdi: 29 });
    expect(laesMaengde('beloeb', '381 kr.')).toEqual({ vaerdi: 38_100 });
    expect(laesMaengde('beloeb', '  ')).toEqual({ vaerdi: null });
  });
  it('skriver øre som kroner i feltet og i en liste', () => {
    expect(MAENGDER.beloeb.felt(123_450)).toBe('1.234,50');
    expect(MAENGDER.beloeb.felt(7)).toBe('0,07');
    expect(MAENGDER.beloeb.vis(123_450)).toBe('1.234,50 kr.');
  });
  it('siger på dansk, hvad der er galt', () => {
    for (const t of ['12,345', 'abc', '-5', '1,2,3'])
      expect(laesMaengde('beloeb', t), t).toEqual({
        fejl: 'Angiv beløbet i kroner med højst 2 decimaler, fx 1.234,50',
      });
  });
});

describe('timer i hele eller halve timer', () => {
  it('læser timer med decimalkomma', () => {
    expect(laesMaengde('timer', '7,5')).toEqual({ vaerdi: 7.5 });
    expect(laesMaengde('timer', '12')).toEqual({ vaerdi: 12 });
    // Punktum som tusindtal: 1.200 timer.
    expect(laesMaengde('timer', '1.200')).toEqual({ vaerdi: 1200 });
    expect(laesMaengde('timer', 'syv')).toEqual({ fejl: 'Angiv timer som et tal' });
  });
  it('skriver timer i feltet og med t i en liste', () => {
    expect(MAENGDER.timer.felt(7.5)).toBe('7,5');
    expect(MAENGDER.timer.felt(1200)).toBe('1.200');
    expect(MAENGDER.timer.vis(7.5)).toBe('7,5 t');
    expect(MAENGDER.timer.vis(3)).toBe('3,0 t');
  });
  it('tjekket kræver hele eller halve timer, ikke negative', () => {
    const s = maengdeInput('timer', { paakraevet: true, max: 1000, forStor: 'For mange timer' });
    expect(s.parse(7.5)).toBe(7.5);
    const fejl = (v: unknown) => s.safeParse(v).error?.issues.map((i) => i.message);
    expect(fejl(7.3)).toEqual(['Timer angives i halve timer']);
    expect(fejl(-1)).toEqual(['Må ikke være negativ']);
    expect(fejl(1000.5)).toEqual(['For mange timer']);
    expect(fejl(Number.NaN)).toEqual(['Angiv timer som et tal']);
    expect(fejl(null)).toEqual(['Angiv timer som et tal']);
  });
});

describe('procent som basispoint', () => {
  it('læser procent med op til to decimaler som basispoint', () => {
    // 12,5 % = 12 × 100 + 50 = 1250 basispoint.
    expect(laesMaengde('procent', '12,5 %')).toEqual({ vaerdi: 1250 });
    expect(laesMaengde('procent', '57,79')).toEqual({ vaerdi: 5779 });
    expect(laesMaengde('procent', '100')).toEqual({ vaerdi: 10_000 });
  });
  it('skriver basispoint som procent', () => {
    expect(MAENGDER.procent.felt(1250)).toBe('12,50');
    expect(MAENGDER.procent.vis(5779)).toBe('57,79 %');
  });
  it('over 100 % eller mere end to decimaler er en dansk fejl', () => {
    const besked = 'Angiv en procentsats mellem 0 og 100 med højst 2 decimaler, fx 57,79';
    for (const t of ['100,01', '12,345', 'halvdelen'])
      expect(laesMaengde('procent', t), t).toEqual({ fejl: besked });
  });
});

describe('feltarterne i feltsproget', () => {
  const felter: FeltDef[] = [
    { navn: 'satsOere', label: 'Sats', type: { kind: 'beloeb', paakraevet: true, max: 10_000_000 } },
    { navn: 'timer', label: 'Timer', type: { kind: 'timer' } },
    { navn: 'andelBp', label: 'Andel', type: { kind: 'procent' } },
  ];
  const schema = inputSchema(felter);

  it('et skema afledt af feltdefinitionerne tager de gemte tal', () => {
    expect(schema.parse({ satsOere: 123_450, timer: 7.5, andelBp: 1250 })).toEqual({
      satsOere: 123_450,
      timer: 7.5,
      andelBp: 1250,
    });
    // Tomme valgfrie felter bliver null.
    expect(schema.parse({ satsOere: 1 })).toEqual({ satsOere: 1, timer: null, andelBp: null });
  });

  it('tekst, der ikke blev læst (NaN), og for store tal får danske beskeder ved feltet', () => {
    const r = schema.safeParse({ satsOere: Number.NaN, timer: 2.25, andelBp: 10_001 });
    const beskeder = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(beskeder).toEqual({
      satsOere: 'Angiv beløbet i kroner med højst 2 decimaler, fx 1.234,50',
      timer: 'Timer angives i halve timer',
      andelBp: 'Angiv en procentsats mellem 0 og 100 med højst 2 decimaler, fx 57,79',
    });
    // Over max: 'Må højst være' med grænsen skrevet som kroner (10.000.000 øre = 100.000,00 kr.).
    expect(feltInput(felter[0]!).safeParse(10_000_001).error?.issues[0]?.message).toBe(
      'Må højst være 100.000,00 kr.',
    );
    expect(feltInput(felter[0]!).safeParse(12.5).error?.issues[0]?.message).toBe(
      'Angiv beløbet i kroner med højst 2 decimaler, fx 1.234,50',
    );
  });

  it('loggen skriver en ændring med enhed', async () => {
    // Only lookup fields ask the catalogue; these three never do.
    const opslag = {} as FeltOpslag;
    expect(
      await beskrivAendringer(
        opslag,
        felter,
        { satsOere: 38_100, timer: 7, andelBp: 5779 },
        { satsOere: 41_235, timer: 7.5, andelBp: 8000 },
      ),
    ).toEqual(['Sats: 381,00 kr. → 412,35 kr.', 'Timer: 7,0 t → 7,5 t', 'Andel: 57,79 % → 80,00 %']);
  });

  it('svaret bærer tallet', () => {
    expect(feltOutput(felter[0]!).parse(123_450)).toBe(123_450);
    expect(feltOutput(felter[1]!).parse(null)).toBeNull();
  });
});
