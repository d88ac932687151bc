// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { getRoute } from '../../src/app/routes/route-table';
import { dokumentTitel, senesteFor } from '../../src/app/workspace/entitet-visning';

describe('entity pages in the workspace', () => {
  it('titles company, farm and water-plant pages by the record; the title rule elsewhere', () => {
    expect(dokumentTitel(getRoute('virksomhed-tilsyn'), 'Bager Hansen', 'Skive Kommune')).toBe(
      'Bager Hansen · Tilsyn - Miljøtilsyn',
    );
    expect(dokumentTitel(getRoute('landbrug-dyrehold'), 'Gården', 'Skive Kommune')).toBe(
      'Gården · Dyrehold - Miljøtilsyn',
    );
    expect(dokumentTitel(getRoute('vandanlaeg-indtag'), 'Vandværket', null)).toBe(
      'Vandværket · Boring / indtag - Miljøtilsyn',
    );
    // Not yet named, a list, a SAT company or another area: product and customer.
    expect(dokumentTitel(getRoute('virksomhed-tilsyn'), null, 'Skive Kommune')).toBe(
      'Miljøtilsyn - Skive Kommune',
    );
    expect(dokumentTitel(getRoute('virksomheder'), 'Virksomheder', 'Skive Kommune')).toBe(
      'Miljøtilsyn - Skive Kommune',
    );
    expect(dokumentTitel(getRoute('affaldstilsyn-affaldstilsyn'), 'Genbrug A/S', null)).toBe('Miljøtilsyn');
    expect(dokumentTitel(getRoute('validering-pejlinger'), 'Pejlinger', null)).toBe('Miljøtilsyn');
    expect(dokumentTitel(null, null, null)).toBe('Miljøtilsyn');
  });

  it('adds companies and farms to the recent items, at their own address', () => {
    expect(senesteFor(getRoute('landbrug-tilsyn'), { id: '12', tilsynid: '3' }, 'Gården')).toEqual({
      path: '/landbrug/12/stamoplysninger',
      label: 'Gården',
      group: 'Landbrug',
    });
    expect(senesteFor(getRoute('virksomhed-stamoplysninger'), { id: '7' }, 'Bager Hansen')).toEqual({
      path: '/virksomheder/7/stamoplysninger',
      label: 'Bager Hansen',
      group: 'Virksomhed',
    });
    expect(senesteFor(getRoute('vandanlaeg-indtag'), { id: '5' }, 'Vandanlæg 5')).toBeNull();
    expect(senesteFor(getRoute('virksomheder'), {}, 'Virksomheder')).toBeNull();
    expect(senesteFor(null, {}, 'x')).toBeNull();
  });
});
