import { describe, expect, it } from 'vitest';
import {
  laesTilstand,
  rapportQuery,
  skrivTilstand,
  visteKolonner,
} from '../../src/app/features/rapport/tilstand';
import { filterTekst, type RapportDef } from '../../src/contract/rapport';
import { RAPPORTER } from '../../src/contract/rapporter';

const def = RAPPORTER.vandoppumpet!;

describe("a report tile's view in its URL", () => {
  it('reads and writes the same view', () => {
    const search =
      '?kolonner=anlaegsnavn,aarstal,antal&filter=aarstal:between(2024|2025),anlaegsnavn:contains(vand)&sort=antal&retning=DESC&start=50';
    const t = laesTilstand(def, search);
    expect(t).toMatchObject({
      kolonner: ['anlaegsnavn', 'aarstal', 'antal'],
      sort: 'antal',
      retning: 'DESC',
      start: 50,
    });
    expect(t.filtre.map((f) => filterTekst(def, f))).toEqual([
      'Årstal: 2024–2025',
      'Anlægsnavn indeholder »vand«',
    ]);
    expect(skrivTilstand(t)).toBe(search);
    expect(skrivTilstand(laesTilstand(def, ''))).toBe('');
  });

  it('leaves out what an edited link gets wrong instead of failing', () => {
    const t = laesTilstand(
      def,
      '?kolonner=aarstal,kodeord&filter=adgangskode:equals(x)&sort=kodeord&start=-3',
    );
    expect(t).toMatchObject({ kolonner: ['aarstal'], filtre: [], sort: null, start: 0 });
  });

  it("shows the URL's columns, else the user's saved ones, else the report's default", () => {
    const tom = laesTilstand(def, '');
    expect(visteKolonner(def, tom, undefined)).toEqual(def.standardKolonner);
    expect(visteKolonner(def, tom, ['maaned', 'findes-ikke', 'antal'])).toEqual(['maaned', 'antal']);
    expect(visteKolonner(def, laesTilstand(def, '?kolonner=aarstal'), ['maaned'])).toEqual(['aarstal']);
  });

  it('sorts by a shown column only and adds the mandatory filters with their defaults', () => {
    const q = rapportQuery(def, laesTilstand(def, '?sort=maaned'), ['aarstal', 'antal'], 50);
    expect(q.sortByColumn).toBe('aarstal');
    const medKrav: RapportDef = {
      ...def,
      obligatoriskeFiltre: [{ property: 'aarstal', standard: 'aarstal:equals(2025)' }],
    };
    expect(rapportQuery(medKrav, laesTilstand(medKrav, ''), ['aarstal'], 50).filter).toBe(
      'aarstal:equals(2025)',
    );
  });
});
