// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tilladelseUdloebet, vandanlaegKolonner } from '../../src/app/features/vandanlaeg/liste-kolonner';
import type { VandanlaegListeRaekke } from '../../src/contract/vandanlaeg';

/** The water-plant list marks a plant whose abstraction permit has expired (issue 30). */
describe('vandanlæg-listen: udløbet tilladelse', () => {
  it('a permit is expired the day after its last day', () => {
    expect(tilladelseUdloebet('2026-11-27', '2026-11-28')).toBe(true);
    expect(tilladelseUdloebet('2026-11-28', '2026-11-28')).toBe(false);
    expect(tilladelseUdloebet(null, '2026-11-28')).toBe(false);
  });

  it("the column shows the date and 'Udløbet tilladelse' for an expired permit only", () => {
    const kolonne = vandanlaegKolonner(() => null).find((k) => k.id === 'udloebsdato')!;
    const raekke = (udloebsdato: string | null) => ({ udloebsdato }) as VandanlaegListeRaekke;
    const { unmount } = render(<div data-testid="celle">{kolonne.cell!(raekke('2020-03-31'))}</div>);
    expect(screen.getByTestId('celle').textContent).toBe('31-03-2020 Udløbet tilladelse');
    unmount();
    render(<div data-testid="celle">{kolonne.cell!(raekke('2099-12-31'))}</div>);
    expect(screen.getByTestId('celle').textContent).toBe('31-12-2099');
  });
});
