import { describe, expect, it } from 'vitest';
import { type JupiterAnlaegData, simulerIndberetning } from '../../src/server/integrations/jupiter';

const anlaeg = (over: Partial<JupiterAnlaegData> = {}): JupiterAnlaegData => ({
  jupiterId: '123456',
  anlaegsnr: '77900001',
  anlaegsnavn: 'Testrup Vandværk',
  primaerVirksomhedstype: 'V01',
  oevrigeVirksomhedstyper: [],
  jupiterAnlaegsartId: 1,
  jupiterAktivStatusId: 1,
  jupiterVandtypeId: 1,
  jupiterIndvindingsformaalId: 1,
  jupiterCTRLPROGRAMId: 1,
  jupiterKoordinatMetodeId: 1,
  koordinat: { x: 512_345, y: 6_254_321 },
  startdato: '1950-01-01',
  slutdato: null,
  ejer: {
    cvrNr: '12345674',
    cprNr: null,
    navn: 'Testrup Vandværk A.m.b.a.',
    adresse: 'Vandværksvej 1, 7800 Skive',
  },
  tilladelser: [
    {
      id: 31,
      titel: 'Indvindingstilladelse',
      startdato: '2015-01-01',
      slutdato: '2045-01-01',
      vandmaengdeM3Aar: 45_000,
      vandmaengdeM3Time: null,
    },
  ],
  boringer: [{ id: 1, dguNr: ' 38.  770', indtag: [{ id: 11, indtagsnr: 1, jupiterId: '9' }] }],
  maengder: [
    {
      id: 21,
      indtagId: null,
      startdato: '2025-01-01',
      slutdato: '2025-12-31',
      vandmaengde: 12_000,
      jupiterIndvindingsmetodeId: null,
      forsyning: [{ jupiterForsyningsartId: 1, maengde: 11_000 }],
    },
    {
      id: 22,
      indtagId: 11,
      startdato: '2025-01-01',
      slutdato: '2025-12-31',
      vandmaengde: 12_000,
      jupiterIndvindingsmetodeId: null,
      forsyning: [],
    },
  ],
  ...over,
});

describe('the Jupiter simulator', () => {
  it('accepts a complete report with one OK line per element', () => {
    const svar = simulerIndberetning(anlaeg());
    expect(svar).toEqual({
      status: 'OK',
      fejlTypeKode: null,
      fejlTypeTekst: null,
      elementStatusListe: [
        { element: 'Anlæg 123456', felt: null, status: 'OK', besked: null },
        { element: 'Tilladelse Indvindingstilladelse (2015-01-01)', felt: null, status: 'OK', besked: null },
        { element: 'Boring 38.770', felt: null, status: 'OK', besked: null },
        { element: 'Indtag 38.770-1', felt: null, status: 'OK', besked: null },
        { element: 'Oppumpet mængde 2025-01-01 – 2025-12-31', felt: null, status: 'OK', besked: null },
        {
          element: 'Oppumpet mængde 2025-01-01 – 2025-12-31 (Indtag 38.770-1)',
          felt: null,
          status: 'OK',
          besked: null,
        },
      ],
    });
  });

  it('rejects missing required fields as VALIDERINGSFEJL, and CTRLPROGRAM only for drinking water', () => {
    const svar = simulerIndberetning(
      anlaeg({ anlaegsnavn: null, jupiterVandtypeId: null, jupiterCTRLPROGRAMId: null }),
    );
    expect(svar.status).toBe('Fejl');
    expect(svar.fejlTypeKode).toBe('VALIDERINGSFEJL');
    expect(svar.fejlTypeTekst).toBe('Manglende obligatoriske felter');
    expect(svar.elementStatusListe.filter((e) => e.status === 'Fejl').map((e) => e.felt)).toEqual([
      'anlaegsnavn',
      'jupiterVandtypeId',
      'jupiterCTRLPROGRAMId',
    ]);
    expect(
      simulerIndberetning(
        anlaeg({ jupiterIndvindingsformaalId: 2, primaerVirksomhedstype: 'V10', jupiterCTRLPROGRAMId: null }),
      ).status,
    ).toBe('OK');
  });

  it('rejects a code outside its list (plant and supply line) as KODEFEJL', () => {
    const svar = simulerIndberetning(anlaeg({ jupiterCTRLPROGRAMId: 11 }));
    expect([svar.status, svar.fejlTypeKode]).toEqual(['Fejl', 'KODEFEJL']);
    expect(svar.elementStatusListe[0]).toEqual({
      element: 'Anlæg 123456',
      felt: 'jupiterCTRLPROGRAMId',
      status: 'Fejl',
      besked: 'Kontrolprogram 11 findes ikke: Jupiters kodeliste går fra 1 til 10',
    });
    const linje = anlaeg();
    linje.maengder[0]!.forsyning = [{ jupiterForsyningsartId: 6, maengde: 1 }];
    const s2 = simulerIndberetning(linje);
    expect(s2.fejlTypeKode).toBe('KODEFEJL');
    expect(s2.elementStatusListe.filter((e) => e.status === 'Fejl')).toHaveLength(1);
    expect(s2.elementStatusListe[0]!.status).toBe('OK');
  });

  it('rejects a coordinate outside Denmark, a bad DGU number and a reversed period', () => {
    expect(simulerIndberetning(anlaeg({ koordinat: { x: 9.1, y: 56.4 } })).fejlTypeKode).toBe(
      'KOORDINATFEJL',
    );
    const data = anlaeg({ boringer: [{ id: 1, dguNr: 'abc', indtag: [] }] });
    data.maengder = [{ ...data.maengder[0]!, startdato: '2025-12-31', slutdato: '2025-01-01' }];
    const svar = simulerIndberetning(data);
    expect(svar.fejlTypeKode).toBe('DATAFEJL');
    expect(svar.elementStatusListe.filter((e) => e.status === 'Fejl').map((e) => e.felt)).toEqual([
      'dguNr',
      'slutdato',
    ]);
  });

  it('rejects the removed fields VRRPURPOSE and CATCHPURPOSE first', () => {
    const svar = simulerIndberetning({
      ...anlaeg({ anlaegsnavn: null }),
      VRRPURPOSE: 1,
    } as JupiterAnlaegData);
    expect(svar.fejlTypeKode).toBe('FJERNET_FELT');
    expect(svar.elementStatusListe[0]!.felt).toBe('VRRPURPOSE');
  });

  it('answers the same report the same way', () => {
    const data = anlaeg({ jupiterAnlaegsartId: 42 });
    expect(simulerIndberetning(data)).toEqual(simulerIndberetning(structuredClone(data)));
  });
});
