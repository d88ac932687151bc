import { describe, expect, it } from 'vitest';
import { JUPITER_CTRLPROGRAM_NAVNE, JUPITER_KODER, jupiterKlar } from '../../src/contract/jupiter';
import {
  JUPITER_AKTIV_STATUS,
  JUPITER_ANLAEGSART,
  JUPITER_CTRLPROGRAM,
  JUPITER_FORSYNINGSART,
  JUPITER_INDVINDINGSFORMAAL,
  JUPITER_KOORDINATMETODE,
  JUPITER_VANDTYPE,
  JUPITER_VIRKSOMHEDSTYPE,
} from '../../src/server/db/seed/lookups';

const klarBasis = {
  anlaegsnavn: 'Testrup Vandværk',
  primaerVirksomhedstype: 'V01',
  oevrigeVandanlaegVirksomhedstyper: [],
  jupiterAnlaegsartId: 1,
  jupiterAktivStatusId: 1,
  jupiterVandtypeId: 1,
  jupiterIndvindingsformaalId: 1,
  jupiterCTRLPROGRAMId: 1,
  jupiterKoordinatMetodeId: 2,
  ejerNavn: 'Testrup Vandværk A.m.b.a.',
  ejerCvrCprNr: '12345674',
  ejerAdresse: 'Vandværksvej 1, 7800 Skive',
};
const koordinat = { x: 512_345, y: 6_254_321 };
const felter = (basis: Record<string, unknown>, k: typeof koordinat | null = koordinat) =>
  jupiterKlar({ basis: { ...klarBasis, ...basis }, koordinat: k }).mangler.map((m) => `${m.felt}:${m.art}`);

describe('jupiterKlar (Jupiter-klar)', () => {
  it('passes a complete drinking-water plant', () => {
    expect(jupiterKlar({ basis: klarBasis, koordinat })).toEqual({ klar: true, mangler: [] });
  });

  it('lists each required field that is empty, in the form order, with a Danish message', () => {
    const r = jupiterKlar({
      basis: {
        anlaegsnavn: '  ',
        primaerVirksomhedstype: null,
        jupiterAnlaegsartId: null,
        jupiterAktivStatusId: undefined,
        jupiterVandtypeId: null,
        jupiterIndvindingsformaalId: null,
      },
      koordinat: null,
    });
    expect(r.klar).toBe(false);
    expect(r.mangler.map((m) => m.felt)).toEqual([
      'anlaegsnavn',
      'primaerVirksomhedstype',
      'jupiterAnlaegsartId',
      'jupiterAktivStatusId',
      'jupiterVandtypeId',
      'jupiterIndvindingsformaalId',
      'koordinat',
      'ejerNavn',
      'ejerCvrCprNr',
      'ejerAdresse',
    ]);
    expect(r.mangler.every((m) => m.art === 'mangler')).toBe(true);
    expect(r.mangler[0]).toEqual({
      felt: 'anlaegsnavn',
      label: 'Anlægsnavn',
      art: 'mangler',
      besked: 'Anlægsnavn skal udfyldes',
    });
  });

  it('requires CTRLPROGRAM for drinking water (formål 1) only', () => {
    expect(felter({ jupiterCTRLPROGRAMId: null })).toEqual(['jupiterCTRLPROGRAMId:mangler']);
    expect(
      felter({
        jupiterIndvindingsformaalId: 2,
        primaerVirksomhedstype: 'V10',
        jupiterAnlaegsartId: 3,
        jupiterCTRLPROGRAMId: null,
      }),
    ).toEqual([]);
  });

  it('accepts the CTRLPROGRAM that fits the company type and rejects a code outside 1–10', () => {
    // An almen vandværk (V01) has programme 1 only; the other codes of the list do not fit it.
    expect(felter({ jupiterCTRLPROGRAMId: 1 })).toEqual([]);
    for (let k = 2; k <= 10; k++)
      expect(felter({ jupiterCTRLPROGRAMId: k })).toEqual(['jupiterCTRLPROGRAMId:ugyldig']);
    for (const k of [0, 11, 2.5, '3'])
      expect(felter({ jupiterCTRLPROGRAMId: k })).toEqual(['jupiterCTRLPROGRAMId:ugyldig']);
    // Also on a plant that does not need one.
    expect(felter({ jupiterIndvindingsformaalId: 3, jupiterCTRLPROGRAMId: 11 })).toEqual([
      'jupiterCTRLPROGRAMId:ugyldig',
    ]);
  });

  it('rejects a code outside its list, naming the code', () => {
    const r = jupiterKlar({
      basis: { ...klarBasis, jupiterAnlaegsartId: 9, primaerVirksomhedstype: 'V99' },
      koordinat,
    });
    expect(r.mangler.map((m) => m.besked)).toEqual([
      "Koden 'V99' findes ikke i Jupiters kodeliste for primær virksomhedstype",
      'Koden 9 findes ikke i Jupiters kodeliste for anlægsart',
    ]);
    expect(felter({ oevrigeVandanlaegVirksomhedstyper: ['V02', 'X1', 'X2'] })).toEqual([
      'oevrigeVandanlaegVirksomhedstyper:ugyldig',
    ]);
    expect(felter({ jupiterKoordinatMetodeId: 7 })).toEqual(['jupiterKoordinatMetodeId:ugyldig']);
    // The coordinate method is not required.
    expect(felter({ jupiterKoordinatMetodeId: null })).toEqual([]);
  });

  it('rejects a coordinate outside Denmark (swapped, WGS84) and a missing one', () => {
    expect(felter({}, { x: 6_254_321, y: 512_345 })).toEqual(['koordinat:ugyldig']);
    expect(felter({}, { x: 9.1, y: 56.4 })).toEqual(['koordinat:ugyldig']);
    expect(felter({}, null)).toEqual(['koordinat:mangler']);
    expect(jupiterKlar({ basis: klarBasis }).mangler.map((m) => m.felt)).toEqual(['koordinat']);
    // Bornholm and Skagen are in Denmark.
    expect(felter({}, { x: 870_000, y: 6_120_000 })).toEqual([]);
    expect(felter({}, { x: 598_000, y: 6_400_000 })).toEqual([]);
  });
});

describe('the code lists of the check', () => {
  const ids = (l: { id: number }[]) => l.map((o) => o.id);
  it('are the local lookups', () => {
    expect(JUPITER_KODER.jupiterAnlaegsartId).toEqual(ids(JUPITER_ANLAEGSART));
    expect(JUPITER_KODER.primaerVirksomhedstype).toEqual(JUPITER_VIRKSOMHEDSTYPE.map((o) => o.kode));
    expect(JUPITER_KODER.jupiterAktivStatusId).toEqual(ids(JUPITER_AKTIV_STATUS));
    expect(JUPITER_KODER.jupiterVandtypeId).toEqual(ids(JUPITER_VANDTYPE));
    expect(JUPITER_KODER.jupiterIndvindingsformaalId).toEqual(ids(JUPITER_INDVINDINGSFORMAAL));
    expect(JUPITER_KODER.jupiterKoordinatMetodeId).toEqual(ids(JUPITER_KOORDINATMETODE));
    expect(JUPITER_KODER.jupiterForsyningsartId).toEqual(ids(JUPITER_FORSYNINGSART));
  });
  it('hold CTRLPROGRAM 1–10 with a name each, the list the lookups serve', () => {
    expect(JUPITER_KODER.jupiterCTRLPROGRAMId).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(Object.keys(JUPITER_CTRLPROGRAM_NAVNE).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(JUPITER_CTRLPROGRAM.map((o) => o.id)).toEqual([...JUPITER_KODER.jupiterCTRLPROGRAMId]);
    expect(JUPITER_CTRLPROGRAM[0]).toEqual({ id: 1, kode: '1', navn: 'Almen vandforsyning' });
  });
});
