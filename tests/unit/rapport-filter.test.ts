import { describe, expect, it } from 'vitest';
import {
  BEGGE_DATOER,
  datoFraFilter,
  FELTET_ER_PAAKRAEVET,
  formatRapportFilter,
  kategoriTilFilter,
  MINDST_EN_DATO,
  parseRapportFilter,
  type RapportFilterDefs,
  START_EFTER_SLUT,
  validerDatoInterval,
  validerValg,
} from '../../src/contract/rapport-filter';

const DEFS: RapportFilterDefs = {
  anlaegsnavn: { type: 'tekst', label: 'Anlægsnavn' },
  aar: { type: 'tal', label: 'År' },
  startdato: { type: 'dato', label: 'Startdato' },
  dmastatus: { type: 'valg', label: 'DMA-status', valg: ['Aktiv', 'Inaktiv'] },
  gaeldende: { type: 'bool', label: 'Gældende tilladelse' },
};

const parse = (t: string) => parseRapportFilter(t, DEFS);
const fejl = (t: string) => {
  const r = parse(t);
  if (r.ok) throw new Error(`'${t}' should not parse`);
  return r.fejl;
};

describe('report filter text (spec 001 §7)', () => {
  it('reads contains on a text property, lower-casing the property name', () => {
    expect(parse('AnlaegsNavn:contains(Vandværk)')).toEqual({
      ok: true,
      filtre: [{ property: 'anlaegsnavn', noegle: 'contains', type: 'tekst', vaerdi: 'Vandværk' }],
    });
  });

  it('reads equals with several values joined by |', () => {
    expect(parse('anlaegsnavn:equals(A|B)')).toMatchObject({ ok: true, filtre: [{ vaerdier: ['A', 'B'] }] });
    expect(parse('aar:equals(2024|2025)')).toMatchObject({
      ok: true,
      filtre: [{ type: 'tal', vaerdier: [2024, 2025] }],
    });
    expect(parse('dmastatus:equals(aktiv|Inaktiv)')).toMatchObject({
      ok: true,
      filtre: [{ type: 'valg', vaerdier: ['Aktiv', 'Inaktiv'] }],
    });
    expect(parse('gaeldende:equals(false)')).toMatchObject({
      ok: true,
      filtre: [{ type: 'bool', vaerdi: false }],
    });
  });

  it('reads date ranges DD-MM-YYYY as (start|end), one side may be open', () => {
    expect(parse('startdato:between(01-01-2024|31-12-2025)')).toMatchObject({
      ok: true,
      filtre: [{ type: 'dato', fra: '2024-01-01', til: '2025-12-31' }],
    });
    expect(parse('startdato:between(01-01-2024|)')).toMatchObject({
      ok: true,
      filtre: [{ fra: '2024-01-01', til: null }],
    });
    expect(parse('aar:between(|2025)')).toMatchObject({
      ok: true,
      filtre: [{ type: 'tal', fra: null, til: 2025 }],
    });
  });

  it('reads several filters joined by commas; all apply', () => {
    const r = parse('aar:between(2024|2025),anlaegsnavn:contains(Skive)');
    expect(r.ok && r.filtre.map((f) => f.property)).toEqual(['aar', 'anlaegsnavn']);
    expect(parse('')).toEqual({ ok: true, filtre: [] });
  });

  it('keeps escaped |, ), comma and backslash inside a value', () => {
    const r = parse('anlaegsnavn:contains(A\\|B\\)\\,C\\\\)');
    expect(r).toMatchObject({ ok: true, filtre: [{ vaerdi: 'A|B),C\\' }] });
  });

  it('answers a Danish message for every malformed text, never throws', () => {
    expect(fejl('anlaegsnavn')).toMatch(/egenskab:nøgle\(værdi\)/);
    expect(fejl('anlaegsnavn:contains(a')).toMatch(/parentes/);
    expect(fejl('anlaegsnavn:contains(a))')).toMatch(/parentes/);
    expect(fejl('x:contains((a))')).toMatch(/parentes/);
    expect(fejl('adgangskode:equals(x)')).toBe("Rapporten kan ikke filtreres på 'adgangskode'");
    expect(fejl('anlaegsnavn:like(x)')).toMatch(/Ukendt filternøgle/);
    expect(fejl('startdato:contains(2024)')).toMatch(/kun between/);
    expect(fejl('startdato:between(2024-01-01|)')).toMatch(/DD-MM-ÅÅÅÅ/);
    expect(fejl('startdato:between(31-02-2024|)')).toMatch(/DD-MM-ÅÅÅÅ/);
    expect(fejl('startdato:between(02-01-2024|01-01-2024)')).toMatch(/efter/);
    expect(fejl('startdato:between(|)')).toMatch(MINDST_EN_DATO);
    expect(fejl('startdato:between(01-01-2024)')).toMatch(/\(start\|slut\)/);
    expect(fejl('aar:equals(to tusind)')).toMatch(/tal/);
    expect(fejl('aar:between(5|1)')).toMatch(/efter/);
    expect(fejl('dmastatus:equals(Slettet)')).toMatch(/ikke en af værdierne/);
    expect(fejl('gaeldende:equals(ja)')).toMatch(/true eller false/);
    expect(fejl('anlaegsnavn:equals()')).toMatch(FELTET_ER_PAAKRAEVET);
    expect(fejl('anlaegsnavn:contains(a|b)')).toMatch(/én værdi/);
    expect(fejl('aar:equals(1),aar:equals(2)')).toMatch(/to gange/);
    expect(fejl('anlaegsnavn:contains(a\\')).toMatch(/parentes/);
    expect(fejl('x'.repeat(2001))).toMatch(/højst være 2000 tegn/);
    expect(fejl(`aar:equals(${Array.from({ length: 101 }, (_, i) => i).join('|')})`)).toMatch(/højst 100/);
    // SQL in a value is only a value: it parses as text and goes to SQL as a parameter.
    expect(parse("anlaegsnavn:contains('; drop table virksomhed; --)")).toMatchObject({ ok: true });
  });

  it('writes what it reads: format then parse gives the same filters', () => {
    const tekst =
      'anlaegsnavn:contains(A\\|B),aar:between(2024|),startdato:between(01-11-2025|31-10-2026),dmastatus:equals(Aktiv),gaeldende:equals(true)';
    const r = parse(tekst);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(formatRapportFilter(r.filtre)).toBe(tekst);
    expect(parse(formatRapportFilter(r.filtre))).toEqual(r);
  });

  it('checks calendar days', () => {
    expect(datoFraFilter('29-02-2024')).toBe('2024-02-29');
    expect(datoFraFilter('29-02-2025')).toBeNull();
    expect(datoFraFilter('01-13-2025')).toBeNull();
    expect(datoFraFilter('01-01-1700')).toBeNull();
  });
});

describe('filter editors (spec 001 §5)', () => {
  it('a date range needs both dates when both are required, else at least one, start not after end', () => {
    expect(validerDatoInterval('2024-01-01', null, true)).toBe(BEGGE_DATOER);
    expect(validerDatoInterval(null, null, false)).toBe(MINDST_EN_DATO);
    expect(validerDatoInterval('2024-01-01', null, false)).toBeNull();
    expect(validerDatoInterval('2024-02-01', '2024-01-01', false)).toBe(START_EFTER_SLUT);
    expect(validerDatoInterval('2024-01-01', '2024-01-01', true)).toBeNull();
  });

  it('a select needs a value', () => {
    expect(validerValg([])).toBe('Feltet er påkrævet');
    expect(validerValg(['Aktiv'])).toBeNull();
  });

  it("maps the Kategori filter's 'Ingen' to '3_' and '2' to '2_'", () => {
    expect(['1a', '1b', '2', 'Ingen'].map(kategoriTilFilter)).toEqual(['1a', '1b', '2_', '3_']);
  });
});
