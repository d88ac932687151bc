import { describe, expect, it } from 'vitest';
import { type LookupOption, visibleOptions } from '../../src/app/ui/form/LookupSelect';
import { type Favorit, sortFavoritter } from '../../src/contract/session';
import { sammenlignDansk } from '../../src/contract/sortering';
import { BLANDET, DANSK_ORDEN } from '../helpers/dansk-orden';

const sorter = (texts: readonly string[]) => [...texts].sort(sammenlignDansk);

describe('Danish order: the shared comparer', () => {
  it('sorts names as a Danish reader expects', () => {
    expect(sorter(BLANDET)).toEqual(DANSK_ORDEN);
    expect(sorter([...BLANDET].reverse())).toEqual(DANSK_ORDEN);
  });

  it('ignores case and accents; puts æ, ø, å (and ä, ö, aa) after z; ü as y', () => {
    expect(sorter(['Zebra', 'zander', 'Åby', 'æble', 'Ødis', 'Aalborg', 'ärlig', 'öl'])).toEqual([
      'zander',
      'Zebra',
      'æble',
      'ärlig',
      'Ødis',
      'öl',
      'Åby',
      'Aalborg',
    ]);
    expect(sorter(['Yding', 'Über', 'Vejle'])).toEqual(['Vejle', 'Über', 'Yding']);
    expect(sorter(['Elling', 'Éclair', 'ecco'])).toEqual(['ecco', 'Éclair', 'Elling']);
  });

  it('sorts numbers by value', () => {
    expect(sorter(['Vej 10', 'Vej 9', 'Vej 100', 'Vej 2B', 'Vej 2a'])).toEqual([
      'Vej 2a',
      'Vej 2B',
      'Vej 9',
      'Vej 10',
      'Vej 100',
    ]);
  });

  it('gives texts that differ only in case a fixed order, whatever order they come in', () => {
    const a = sorter(['anneberg vvs', 'Anneberg VVS', 'ANNEBERG VVS']);
    expect(sorter(['ANNEBERG VVS', 'anneberg vvs', 'Anneberg VVS'])).toEqual(a);
    expect(a).toEqual(['ANNEBERG VVS', 'Anneberg VVS', 'anneberg vvs']);
    expect(sammenlignDansk('Anneberg', 'Anneberg')).toBe(0);
  });
});

describe('Danish order: where the client sorts text', () => {
  it('keeps favourites sorted by display name in Danish order', () => {
    const favoritter: Favorit[] = BLANDET.map((displayName, i) => ({
      virksomhedId: i + 1,
      virksomhedType: 'Virksomhed',
      displayName,
    }));
    expect(sortFavoritter(favoritter).map((f) => f.displayName)).toEqual(DANSK_ORDEN);
  });

  it('orders lookup options by priority, and options of equal priority by name in Danish order', () => {
    const options: LookupOption[] = BLANDET.map((navn, i) => ({
      id: i + 1,
      kode: String(i + 1),
      navn,
      aktiv: true,
      dmaKode: true,
      prioritet: navn === 'Østergaard' ? 1 : 2,
    }));
    expect(visibleOptions(options, []).map((o) => o.navn)).toEqual([
      'Østergaard',
      ...DANSK_ORDEN.filter((n) => n !== 'Østergaard'),
    ]);
  });
});
