import { describe, expect, it } from 'vitest';
import { gyldigtCpr, gyldigtCvrEllerCpr } from '../../src/contract/felter';
import { jupiterKlar } from '../../src/contract/jupiter';
import { ctrlprogramPasser, dguNrGyldigt, punktIPolygoner } from '../../src/contract/jupiter-regler';
import { iDanmark } from '../../src/server/geo/danmark';

/** The rules of the Jupiter report (issue 29); each expected answer below is worked out by hand. */

describe('dguNrGyldigt', () => {
  it('accepts atlas sheet (1–3 digits), a dot, serial (1–5 digits) and an optional letter, spaces allowed', () => {
    for (const nr of ['38.770', ' 38.  770', '193.12345', '1.1', '38.770A', '38.770 a', '999.99999Ø'])
      expect(dguNrGyldigt(nr)).toBe(true);
  });
  it("refuses '55-1234' and every other shape", () => {
    for (const nr of [
      '55-1234',
      '55,1234',
      '1234.5',
      '38.123456',
      '38',
      '.770',
      '38.',
      '38.770AB',
      'abc',
      '',
    ])
      expect(dguNrGyldigt(nr)).toBe(false);
  });
});

describe('ctrlprogramPasser', () => {
  const p = (virksomhedstype: string | null, ctrlprogram: unknown, formaalId: number | null = null) =>
    ctrlprogramPasser({ virksomhedstype, formaalId, ctrlprogram });

  it('requires a programme of an almen (V01) and an ikke-alment vandværk (V02)', () => {
    expect(p('V01', null)).toEqual({
      art: 'mangler',
      besked: 'Kontrolprogram (CTRLPROGRAM) skal udfyldes for et alment vandværk (V01)',
    });
    expect(p('V02', null)?.art).toBe('mangler');
    // Any plant for drinking water (formål 1), whatever its type.
    expect(p('V20', null, 1)?.besked).toBe(
      'Kontrolprogram (CTRLPROGRAM) skal udfyldes for et anlæg til drikkevandsforsyning',
    );
    // Irrigation, industry and nurseries need none.
    for (const t of ['V10', 'V20', 'V30', null]) expect(p(t, null, 2)).toBeNull();
  });

  it('accepts only the codes that fit the type', () => {
    expect(p('V01', 1)).toBeNull();
    expect(p('V01', 2)).toEqual({
      art: 'ugyldig',
      besked: 'Kontrolprogram 2 passer ikke til et alment vandværk (V01): vælg 1',
    });
    for (const c of [2, 3, 4]) expect(p('V02', c)).toBeNull();
    expect(p('V02', 5)?.besked).toBe(
      'Kontrolprogram 5 passer ikke til et ikke-alment vandværk (V02): vælg 2, 3 eller 4',
    );
    expect(p('V10', 9)).toBeNull();
    expect(p('V10', 1)?.art).toBe('ugyldig');
    expect(p('V20', 6)).toBeNull();
    expect(p('V20', 1)?.art).toBe('ugyldig');
    expect(p('V30', 8)).toBeNull();
    expect(p('V30', 4)?.art).toBe('ugyldig');
    // A type the table does not know is not narrowed.
    expect(p('V99', 7)).toBeNull();
  });

  it('refuses a code outside Jupiter’s list 1–10 for any type', () => {
    for (const c of [0, 11, 2.5, '3'])
      expect(p('V10', c)?.besked).toMatch(/findes ikke: Jupiters kodeliste går fra 1 til 10$/);
  });
});

describe('cprGyldigt and cvrEllerCprGyldigt', () => {
  it('reads the birth date with the century of the 7th digit; no modulus 11', () => {
    // 01-01-1970 (7th digit 1: 1900s), with and without the dash.
    expect(gyldigtCpr('0101701234')).toBe(true);
    expect(gyldigtCpr('010170-1234')).toBe(true);
    // 31 February does not exist.
    expect(gyldigtCpr('3102701234')).toBe(false);
    // 29-02-00: 1900 (7th digit 1) was no leap year, 2000 (7th digit 4, year ≤ 36) was.
    expect(gyldigtCpr('2902001234')).toBe(false);
    expect(gyldigtCpr('2902004234')).toBe(true);
    expect(gyldigtCpr('0113701234')).toBe(false);
    expect(gyldigtCpr('010170123')).toBe(false);
  });
  it('takes a CVR number (8 digits, modulus 11) or a CPR number', () => {
    // 1·2 + 2·7 + 3·6 + 4·5 + 5·4 + 6·3 + 7·2 + 4·1 = 110 = 10 · 11.
    expect(gyldigtCvrEllerCpr('12345674')).toBe(true);
    // … + 8·1 = 114, not divisible by 11.
    expect(gyldigtCvrEllerCpr('12345678')).toBe(false);
    expect(gyldigtCvrEllerCpr('0101701234')).toBe(true);
    expect(gyldigtCvrEllerCpr('1234567')).toBe(false);
  });
});

describe('punktIPolygoner', () => {
  // A 10 × 10 square with a 2 × 2 hole in its middle, and a second square to its right.
  const firkant = [
    [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ],
    [
      [4, 4],
      [6, 4],
      [6, 6],
      [4, 6],
      [4, 4],
    ],
  ] as const;
  const anden = [
    [
      [20, 0],
      [30, 0],
      [30, 10],
      [20, 10],
      [20, 0],
    ],
  ] as const;
  it('is inside an outer ring and outside its holes, in any of the polygons', () => {
    expect(punktIPolygoner(2, 2, [firkant])).toBe(true);
    expect(punktIPolygoner(5, 5, [firkant])).toBe(false);
    expect(punktIPolygoner(15, 5, [firkant, anden])).toBe(false);
    expect(punktIPolygoner(25, 5, [firkant, anden])).toBe(true);
    expect(punktIPolygoner(Number.NaN, 5, [firkant])).toBe(false);
  });
});

describe('iDanmark (land and territorial waters, EPSG:25832)', () => {
  it('refuses Malmö, Flensburg and Göteborg', () => {
    // The EPSG:25832 coordinates (proj4 back to WGS84: 13.0088 E 55.6193 N; 9.4471 E 54.7998 N;
    // 11.9708 E 57.7073 N, each the city centre). All three lie inside the old box.
    expect(iDanmark(752_400, 6_171_000)).toBe(false);
    expect(iDanmark(528_740, 6_072_600)).toBe(false);
    expect(iDanmark(677_000, 6_400_000)).toBe(false);
  });
  it('accepts Christiansø, Skagen Grenen, Gedser Odde and Blåvandshuk', () => {
    // WGS84 → EPSG:25832 with proj4: Christiansø 55°19′12″N 15°11′16″E (Wikipedia, Ertholmene);
    // Grenen 57°44′44″N 10°38′49″E (Wikipedia, Grenen); Gedser Odde 54°33′31″N (gedser.net) and
    // 11°58′E; Blåvandshuk Fyr 55°33′27″N 8°04′59″E (the longitudes of the last two not confirmed).
    expect(iDanmark(892_397, 6_147_854)).toBe(true);
    expect(iDanmark(598_033, 6_401_574)).toBe(true);
    expect(iDanmark(691_825, 6_049_723)).toBe(true);
    expect(iDanmark(442_161, 6_157_214)).toBe(true);
  });
  it('refuses longitude and latitude typed for UTM, and swapped x and y', () => {
    expect(iDanmark(9.1, 56.4)).toBe(false);
    expect(iDanmark(6_254_321, 512_345)).toBe(false);
    // Skive, for contrast.
    expect(iDanmark(512_345, 6_254_321)).toBe(true);
  });
});

describe('jupiterKlar by vandforsyningsloven § 24 d', () => {
  const basis = {
    anlaegsnavn: 'Testrup Vandværk',
    primaerVirksomhedstype: 'V01',
    jupiterAnlaegsartId: 1,
    jupiterAktivStatusId: 1,
    jupiterVandtypeId: 1,
    jupiterIndvindingsformaalId: 1,
    jupiterCTRLPROGRAMId: 1,
    ejerNavn: 'Testrup Vandværk A.m.b.a.',
    ejerCvrCprNr: '12345674',
    ejerAdresse: 'Vandværksvej 1, 7800 Skive',
  };
  const koordinat = { x: 512_345, y: 6_254_321 };
  const tilladelse = { titel: 'Indvindingstilladelse', iKraft: true, vandmaengdeM3Aar: 45_000 };
  const felter = (over: Partial<Parameters<typeof jupiterKlar>[0]>, b: Record<string, unknown> = {}) =>
    jupiterKlar({ basis: { ...basis, ...b }, koordinat, ...over }).mangler.map((m) => `${m.felt}:${m.art}`);

  it('needs the owner’s name, CVR or CPR number and address (stk. 1, nr. 4)', () => {
    expect(felter({})).toEqual([]);
    expect(felter({}, { ejerNavn: '', ejerCvrCprNr: null, ejerAdresse: ' ' })).toEqual([
      'ejerNavn:mangler',
      'ejerCvrCprNr:mangler',
      'ejerAdresse:mangler',
    ]);
    expect(felter({}, { ejerCvrCprNr: '12345678' })).toEqual(['ejerCvrCprNr:ugyldig']);
    expect(felter({}, { ejerCvrCprNr: '010170-1234' })).toEqual([]);
  });

  it('needs a permit in force with its yearly quantity, when the permits are given (stk. 1, nr. 1)', () => {
    expect(felter({ tilladelser: [tilladelse] })).toEqual([]);
    expect(felter({ tilladelser: [] })).toEqual(['tilladelser:mangler']);
    expect(felter({ tilladelser: [{ ...tilladelse, iKraft: false }] })).toEqual(['tilladelser:mangler']);
    expect(felter({ tilladelser: [{ ...tilladelse, vandmaengdeM3Aar: null }] })).toEqual([
      'tilladelser:ugyldig',
    ]);
  });

  it('checks every borehole’s DGU number, naming the bad ones', () => {
    const r = jupiterKlar({
      basis,
      koordinat,
      boringer: [{ dguNr: '38.770' }, { dguNr: '55-1234' }, { dguNr: ' 38.  771' }, { dguNr: 'B1' }],
    });
    expect(r.mangler.map((m) => m.felt)).toEqual(['boringer']);
    expect(r.mangler[0]!.besked).toMatch(
      /^Boringerne med DGU-nr\. '55-1234', 'B1': DGU-nr\. skal skrives som/,
    );
  });

  it('uses the Denmark check it is given (the server’s shape), the box by default', () => {
    // Malmö lies inside the box: the form cannot tell; the server's shape refuses it.
    const malmoe = { x: 752_400, y: 6_171_000 };
    expect(jupiterKlar({ basis, koordinat: malmoe }).klar).toBe(true);
    expect(jupiterKlar({ basis, koordinat: malmoe }, iDanmark).mangler.map((m) => m.felt)).toEqual([
      'koordinat',
    ]);
  });
});
