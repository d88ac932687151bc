import { describe, expect, it } from 'vitest';
import { GEBYRTYPE, SATS_FELTER, satsInputSchema } from '../../src/contract/fakturering';
import { RESSOURCE } from '../../src/contract/planlaegning';
import { formLabel, laestFormSchema, recordFormSchema } from '../../src/contract/record-kind';

/** How a record kind's form shows and checks its fields, from the kind's declaration. */
describe('formLabel', () => {
  const sats = GEBYRTYPE.felter.find((f) => f.navn === 'satsOere')!;
  const aktiv = GEBYRTYPE.felter.find((f) => f.navn === 'aktiv')!;
  const navn = GEBYRTYPE.felter.find((f) => f.navn === 'navn')!;

  it("follows another field's value; a value not named keeps the field's label", () => {
    expect(formLabel(GEBYRTYPE.formFelter, sats, { art: 'timesats' })).toBe('Sats pr. time (kr.)');
    expect(formLabel(GEBYRTYPE.formFelter, sats, { art: 'fast' })).toBe('Beløb (kr.)');
    expect(formLabel(GEBYRTYPE.formFelter, sats, { art: null })).toBe('Sats');
  });

  it("takes the form's own label, else the field's", () => {
    expect(formLabel(GEBYRTYPE.formFelter, aktiv, {})).toBe('Aktiv (kan vælges på nye gebyrer)');
    expect(aktiv.label).toBe('Aktiv');
    expect(formLabel(GEBYRTYPE.formFelter, navn, {})).toBe('Navn');
    expect(formLabel(undefined, navn, {})).toBe('Navn');
  });
});

describe('laestFormSchema', () => {
  const fejl = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

  it("reads money as the field kind says, then checks the body's own words", () => {
    const schema = recordFormSchema(GEBYRTYPE);
    const gyldig = {
      navn: 'Tilsyn',
      art: 'fast',
      satsOere: 12_345,
      gyldigFra: '2025-11-01',
      gyldigTil: null,
      aktiv: true,
    };
    expect(schema.safeParse(gyldig).success).toBe(true);
    // Text that was not read (NaN) gets the money kind's instruction, not the body's 'øre' words.
    expect(fejl(schema.safeParse({ ...gyldig, satsOere: Number.NaN })).satsOere).toBe(
      'Angiv beløbet i kroner med højst 2 decimaler, fx 1.234,50',
    );
    expect(fejl(schema.safeParse({ ...gyldig, satsOere: 10_000_001 })).satsOere).toBe('Satsen er for stor');
  });

  it('reads hours and per cent too; the body keeps its maximum', () => {
    const ressource = recordFormSchema(RESSOURCE);
    expect(fejl(ressource.safeParse({ timerTilRaadighed: 7.3 })).timerTilRaadighed).toBe(
      'Timer angives i halve timer',
    );
    expect(fejl(ressource.safeParse({ timerTilRaadighed: 3000.5 })).timerTilRaadighed).toBe(
      'Højst 3000 timer',
    );
    const satser = laestFormSchema(SATS_FELTER, satsInputSchema.omit({ version: true }));
    const r = satser.safeParse({
      timesatsOere: 38_100,
      fremmedAndelBp: 10_001,
      husdyrGodkendelseAndelBp: 8000,
      kilde: '  ',
    });
    expect(fejl(r).fremmedAndelBp).toMatch(/^Angiv en procentsats mellem 0 og 100/);
    expect(
      satser.parse({
        timesatsOere: 38_100,
        fremmedAndelBp: 5779,
        husdyrGodkendelseAndelBp: 8000,
        kilde: '  ',
      }),
    ).toEqual({ timesatsOere: 38_100, fremmedAndelBp: 5779, husdyrGodkendelseAndelBp: 8000, kilde: null });
  });
});
