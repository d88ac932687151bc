import { describe, expect, it } from 'vitest';
import {
  erIDanmark,
  gitterAfstand,
  gitterTekst,
  koordinatTekst,
  punkterIWkt,
} from '../../src/app/lib/koordinater';
import { bygMinimapUrl, tjekUrlSkabelon } from '../../src/contract/minimap';

/** Map links: building a link from a template, the template rules, and the coordinate sanity box. */
describe('bygMinimapUrl', () => {
  const p = { x: 497_512.345, y: 6_267_000.5 };

  it('puts x and y (metres, at most 2 decimals) into the template', () => {
    expect(bygMinimapUrl('https://kort.skive.dk/?x={x}&y={y}', p)).toBe(
      'https://kort.skive.dk/?x=497512.35&y=6267000.5',
    );
  });

  it('gives {zoom} the standard zoom or the one asked for, and {bbox} a square around the point, encoded', () => {
    expect(bygMinimapUrl('https://k.dk/?z={zoom}', p)).toBe('https://k.dk/?z=12');
    expect(bygMinimapUrl('https://k.dk/?z={zoom}', p, { zoom: 7.6 })).toBe('https://k.dk/?z=8');
    expect(
      bygMinimapUrl('https://k.dk/?bbox={bbox}', { x: 500_000, y: 6_200_000 }, { halvBredde: 100 }),
    ).toBe('https://k.dk/?bbox=499900%2C6199900%2C500100%2C6200100');
  });

  it('replaces every occurrence, in the path too, and leaves other braces alone', () => {
    expect(bygMinimapUrl('https://k.dk/{x}/{y}/{x}?a={other}', { x: 1, y: 2 })).toBe(
      'https://k.dk/1/2/1?a={other}',
    );
  });
});

describe('tjekUrlSkabelon', () => {
  it('accepts https templates with the known placeholders', () => {
    expect(tjekUrlSkabelon('https://kort.skive.dk/?x={x}&y={y}&zoom={zoom}')).toEqual([]);
    expect(tjekUrlSkabelon('https://wms.example.dk/?bbox={bbox}')).toEqual([]);
  });

  it.each([
    ['http://k.dk/?x={x}&y={y}', 'https://'],
    ['ftp://k.dk/?x={x}&y={y}', 'https://'],
    ['https://k.dk/?x={x}&y={y}&n={navn}', 'Ukendt pladsholder: {navn}'],
    ['https://k.dk/?x={X}&y={y}', 'Ukendt pladsholder: {X}'],
    ['https://k.dk/?y={y}', 'både {x} og {y}'],
    ['https://k.dk/?x={x&y={y}', 'krøllet parentes'],
    ['https://u:p@k.dk/?x={x}&y={y}', 'brugernavn'],
    ['https://intranet/?x={x}&y={y}', 'værtsnavn'],
    ['   ', 'påkrævet'],
  ])('refuses %s in Danish', (skabelon, besked) => {
    expect(tjekUrlSkabelon(skabelon).join(' ')).toContain(besked);
  });
});

describe('coordinate sanity', () => {
  it("holds Denmark's extent [445058, 6066492, 890702, 6400726], edges included", () => {
    expect(erIDanmark({ x: 497_500, y: 6_267_000 })).toBe(true); // Skive
    expect(erIDanmark({ x: 870_000, y: 6_120_000 })).toBe(true); // Bornholm
    expect(erIDanmark({ x: 445_058, y: 6_066_492 })).toBe(true);
    expect(erIDanmark({ x: 890_702, y: 6_400_726 })).toBe(true);
    expect(erIDanmark({ x: 445_057, y: 6_267_000 })).toBe(false);
    expect(erIDanmark({ x: 497_500, y: 6_400_727 })).toBe(false);
    // Swapped x and y, geographic degrees, NaN.
    expect(erIDanmark({ x: 6_267_000, y: 497_500 })).toBe(false);
    expect(erIDanmark({ x: 9.03, y: 56.57 })).toBe(false);
    expect(erIDanmark({ x: Number.NaN, y: 6_267_000 })).toBe(false);
  });

  it('reads the points of WKT geometries and refuses what is not WKT', () => {
    expect(punkterIWkt('POINT(497500 6267000)')).toEqual([{ x: 497_500, y: 6_267_000 }]);
    expect(punkterIWkt('POLYGON((1 2, 3 4, 5 6, 1 2))')).toHaveLength(4);
    expect(punkterIWkt('MULTIPOINT((1 2),(3 4))')).toEqual([
      { x: 1, y: 2 },
      { x: 3, y: 4 },
    ]);
    expect(punkterIWkt('POINT Z (1 2 3)')).toEqual([{ x: 1, y: 2 }]);
    expect(punkterIWkt('POINT(1)')).toBeNull();
    expect(punkterIWkt('CIRCLE(1 2)')).toBeNull();
    expect(punkterIWkt('POINT(a b)')).toBeNull();
  });

  it('writes coordinates the Danish way', () => {
    expect(koordinatTekst({ x: 512_345.6, y: 6_234_567.8 })).toBe('x 512.345,6 · y 6.234.567,8 (EPSG:25832)');
  });

  it('spaces the grid about 70 px apart', () => {
    expect(gitterAfstand(2)).toBe(200);
    expect(gitterAfstand(0.25)).toBe(20);
    expect(gitterAfstand(15)).toBe(2000);
    expect(gitterTekst(200)).toBe('Gitter 200 m');
    expect(gitterTekst(2000)).toBe('Gitter 2 km');
  });
});
