import { describe, expect, it } from 'vitest';
import { talKolonne } from '../../src/app/ui/table/kolonner';
import { danskeDatoerITekst, formatIsoDatoTid, formatTalFast } from '../../src/contract/format';
import { ANTAL, rapportCelleTekst } from '../../src/contract/rapport';
import { RAPPORTER } from '../../src/contract/rapporter';

describe('formats of issue 30', () => {
  it('a local date and time from its own digits, DD-MM-YYYY HH:mm:ss', () => {
    expect(formatIsoDatoTid('2026-08-23 16:43:07')).toBe('23-08-2026 16:43:07');
    expect(formatIsoDatoTid('2026-08-23T06:05')).toBe('23-08-2026 06:05:00');
    expect(formatIsoDatoTid('2026-08-23')).toBe('23-08-2026');
    expect(formatIsoDatoTid(null)).toBe('');
  });

  it('ISO dates inside a text written DD-MM-YYYY, nothing else touched', () => {
    expect(danskeDatoerITekst('Oppumpet mængde 2025-01-01 – 2025-12-31 (Indtag 38.770-1)')).toBe(
      'Oppumpet mængde 01-01-2025 – 31-12-2025 (Indtag 38.770-1)',
    );
    expect(danskeDatoerITekst('Tilladelse T (2015-01-01)')).toBe('Tilladelse T (01-01-2015)');
    expect(danskeDatoerITekst('Anlæg 12345-678')).toBe('Anlæg 12345-678');
  });

  it('a number with exactly the decimals asked for', () => {
    expect(formatTalFast(1234.5, 2)).toBe('1.234,50');
    expect(formatTalFast(3, 2)).toBe('3,00');
    expect(formatTalFast(0.125, 2)).toBe('0,13');
    expect(formatTalFast(null, 2)).toBe('');
    expect(formatTalFast(Number.NaN, 2)).toBe('');
  });

  it("a report's cells: the reading's time kept, two decimals in every row, counts whole, codes as they are", () => {
    const kolonne = (navn: string) => RAPPORTER.boringpejling.kolonner.find((k) => k.navn === navn)!;
    expect(rapportCelleTekst(kolonne('pejletidspunkt'), '2026-08-23 16:43:07')).toBe('23-08-2026 16:43:07');
    const vandstand = kolonne('vandstandUnderTerraen');
    expect([14.5, 8.15, 20].map((v) => rapportCelleTekst(vandstand, v))).toEqual(['14,50', '8,15', '20,00']);
    expect(rapportCelleTekst(kolonne('indtagsnr'), 2)).toBe('2');
    expect(rapportCelleTekst(kolonne('aarstal'), 2026)).toBe('2026');
    expect(rapportCelleTekst(ANTAL, 1234)).toBe('1.234');
    expect(rapportCelleTekst({ type: 'dato' }, '2026-08-23')).toBe('23-08-2026');
  });

  it("a quantity column (the plant's Mængder list) writes the same two decimals in every row", () => {
    const k = talKolonne<{ v: number | null }>('v', 'Oppumpet (m³)', (r) => r.v, { decimaler: 2 });
    expect([12.5, 3.25, 1000, null].map((v) => k.cell!({ v }))).toEqual(['12,50', '3,25', '1.000,00', '']);
    const frit = talKolonne<{ v: number }>('v', 'Antal', (r) => r.v);
    expect(frit.cell!({ v: 12.5 })).toBe('12,5');
  });
});
