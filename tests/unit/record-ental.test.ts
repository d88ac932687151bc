import { describe, expect, it } from 'vitest';
import { ADM_OPLYSNINGER, FRASE } from '../../src/contract/admin-tekster';
import { recordEntal } from '../../src/contract/record-kind';
import { BRUGERBETALING, TILSYN } from '../../src/contract/registreringer';
import { SAT_TILSYN } from '../../src/contract/sat-registreringer';

/** How the record list's placeholder names one record ('Vælg en frase i listen'), from the kind's declaration. */
describe('recordEntal', () => {
  it("reads the article and noun off the create label: 'Ny …' is en, 'Nyt …' is et", () => {
    expect(recordEntal(FRASE)).toEqual({ koen: 'en', navn: 'frase' });
    expect(recordEntal(TILSYN)).toEqual({ koen: 'et', navn: 'tilsyn' });
    expect(recordEntal(SAT_TILSYN)).toEqual({ koen: 'et', navn: 'opfølgende tilsyn' });
    expect(recordEntal(BRUGERBETALING)).toEqual({ koen: 'en', navn: 'registrering' });
  });

  it('takes a declared form where the label is plural, and falls back to en registrering', () => {
    expect(recordEntal(ADM_OPLYSNINGER)).toEqual({ koen: 'et', navn: 'sæt' });
    expect(recordEntal({ nyLabel: 'Nye kontrolpunkter' })).toEqual({ koen: 'en', navn: 'registrering' });
    expect(
      recordEntal({ nyLabel: 'Nye kontrolpunkter', ental: { koen: 'et', navn: 'kontrolpunkt' } }),
    ).toEqual({
      koen: 'et',
      navn: 'kontrolpunkt',
    });
  });
});
