import { describe, expect, it } from 'vitest';
import { indsaetVed } from '../../src/app/lib/frase-maal';
import {
  FRASE_EMNE_FOR_ART,
  fortolkFraseSoegning,
  fraseEmneForArt,
  fraseMatcher,
} from '../../src/contract/frase-emner';
import { ARTER } from '../../src/contract/registreringer';
import { EMNER } from '../../src/server/db/seed/tekster';

const KODER = EMNER.map((e) => e.kode);

describe('phrase subject in the search (#code prefix)', () => {
  it('keeps the field’s subject without a marker', () => {
    expect(fortolkFraseSoegning('  olie  udskiller ', KODER)).toEqual({
      emneKoder: null,
      fejl: null,
      tekst: 'olie udskiller',
    });
  });

  it('matches a case-insensitive prefix of a code, anywhere in the search', () => {
    expect(fortolkFraseSoegning('#haand', KODER)).toEqual({
      emneKoder: ['HAANDHAEVELSE'],
      fejl: null,
      tekst: '',
    });
    expect(fortolkFraseSoegning('påbud #HaAnD frist', KODER)).toEqual({
      emneKoder: ['HAANDHAEVELSE'],
      fejl: null,
      tekst: 'påbud frist',
    });
    // Danish letters as the codes spell them.
    expect(fortolkFraseSoegning('#hånd', KODER).emneKoder).toEqual(['HAANDHAEVELSE']);
    expect(fortolkFraseSoegning('#afgør', KODER).emneKoder).toEqual(['AFGOERELSE']);
  });

  it('lists every code a short prefix matches, and every code for a bare marker', () => {
    expect(fortolkFraseSoegning('#vand', KODER).emneKoder).toEqual(['VANDANLAEG', 'VANDPROEVER']);
    expect(fortolkFraseSoegning('#a', KODER).emneKoder).toEqual(['AFGOERELSE', 'AFFALD', 'ADHOC']);
    expect(fortolkFraseSoegning('#', KODER).emneKoder).toEqual(KODER);
  });

  it('says an unknown code in Danish and lists nothing', () => {
    expect(fortolkFraseSoegning('#xyz olie', KODER)).toEqual({
      emneKoder: [],
      fejl: 'Ukendt emne: #xyz',
      tekst: 'olie',
    });
    expect(fortolkFraseSoegning('#tilsynx', KODER).fejl).toBe('Ukendt emne: #tilsynx');
  });

  it('matches phrases on every word of title or text, case and accent tolerant', () => {
    const f = { titel: 'Påbud om tømning', tekst: 'Olieudskilleren skal tømmes inden fristen.' };
    expect(fraseMatcher(f, '')).toBe(true);
    expect(fraseMatcher(f, 'PAABUD olie')).toBe(true);
    expect(fraseMatcher(f, 'påbud kemikalier')).toBe(false);
  });
});

describe('record kinds → phrase subjects', () => {
  it('names only subjects that exist, and gives the company record kinds theirs', () => {
    for (const kode of Object.values(FRASE_EMNE_FOR_ART)) expect(KODER).toContain(kode);
    expect(fraseEmneForArt('tilsyn')).toBe('TILSYN');
    expect(fraseEmneForArt('haandhaevelse')).toBe('HAANDHAEVELSE');
    expect(fraseEmneForArt('afgoerelse')).toBe('AFGOERELSE');
    expect(fraseEmneForArt('VandanlaegTilsyn')).toBe('VANDANLAEG');
    expect(fraseEmneForArt('ukendt')).toBeNull();
    expect(fraseEmneForArt(undefined)).toBeNull();
  });

  it('covers every record kind of companies and farms that has a long text field', () => {
    const udenEmne = Object.values(ARTER)
      .filter(
        (k) => k.felter.some((f) => f.type.kind === 'tekst' && f.type.flerlinjet) && !fraseEmneForArt(k.art),
      )
      .map((k) => k.art);
    expect(udenEmne).toEqual([]);
  });
});

describe('inserting at the caret', () => {
  it('inserts at the caret, replaces a selection, and puts the caret after the text', () => {
    expect(indsaetVed('Hej verden', 'kære ', 4, 4)).toEqual({ vaerdi: 'Hej kære verden', caret: 9 });
    expect(indsaetVed('Hej verden', 'Danmark', 4, 10)).toEqual({ vaerdi: 'Hej Danmark', caret: 11 });
    expect(indsaetVed('abc', 'X', null, null)).toEqual({ vaerdi: 'abcX', caret: 4 });
    expect(indsaetVed('abc', 'X', 99, 120)).toEqual({ vaerdi: 'abcX', caret: 4 });
  });
});
