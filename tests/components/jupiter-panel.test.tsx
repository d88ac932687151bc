// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import JupiterPanel from '../../src/app/features/vandanlaeg/JupiterPanel';
import type { JupiterIndberetning, JupiterStatusSvar } from '../../src/contract/jupiter';
import type { Vandanlaeg } from '../../src/contract/vandanlaeg';
import { testVandanlaeg } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests, stubApi } from './harness';

setupComponentTests();

/** The panel reads id, version, basis and koordinat of the plant answer. */
const plant = (basis: Partial<Vandanlaeg['basis']> = {}) => testVandanlaeg(basis, 12);

const INGEN: JupiterStatusSvar = { seneste: null, historik: [] };
const AFVIST: JupiterIndberetning = {
  id: 3,
  sendt: '2026-11-23T10:15:00.000Z',
  brugerId: 2,
  bruger: 'Vera Vand',
  jupiterIndberetningsFejlStatus: 'Fejl',
  jupiterIndberetningsFejlTypeKode: 'KODEFEJL',
  jupiterIndberetningsFejlTypeText: 'Kodeværdi findes ikke i Jupiters kodeliste',
  elementStatusListe: [
    { element: 'Anlæg 123', felt: null, status: 'OK', besked: null },
    {
      element: 'Oppumpet mængde 2025-01-01 – 2025-12-31',
      felt: 'jupiterForsyningsartId',
      status: 'Fejl',
      besked: 'Forsyningsart 9 findes ikke i kodelisten for forsyningsart',
    },
  ],
};

function renderPanel(p: Vandanlaeg, kanRette: boolean, ekstra?: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {ekstra}
      <JupiterPanel plant={p} kanRette={kanRette} />
    </QueryClientProvider>,
  );
}

describe('the Jupiter panel', () => {
  it('lists the missing J-fields as buttons that focus the field, and cannot send', async () => {
    stubApi({ 'GET vandanlaeg/7/jupiter/status': () => INGEN });
    renderPanel(
      plant({ jupiterVandtypeId: null, jupiterCTRLPROGRAMId: 42 }),
      true,
      <>
        <div data-felt="jupiterVandtypeId">
          <label>
            Vandtype <select aria-label="Vandtype" />
          </label>
        </div>
        <input name="koordinat.x" aria-label="X-koordinat" />
      </>,
    );
    const panel = screen.getByTestId('jupiter-panel');
    expect(within(panel).getByText('Ikke Jupiter-klar')).toBeTruthy();
    const vandtype = within(panel).getByRole('button', { name: /Vandtype skal udfyldes/ });
    within(panel).getByRole('button', { name: /Kontrolprogram 42 findes ikke/ });
    fireEvent.click(vandtype);
    expect(document.activeElement).toBe(screen.getByLabelText('Vandtype'));
    fireEvent.click(within(panel).getByRole('button', { name: /Kontrolprogram 42 findes ikke/ }));
    // No such field in the tile: focus stays where it was.
    expect(document.activeElement).toBe(screen.getByLabelText('Vandtype'));
    const send = within(panel).getByRole('button', { name: 'Indberet til Jupiter' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(within(panel).getByText('2 Jupiter-felter mangler eller er ugyldige.')).toBeTruthy();
    expect(
      await within(panel).findByText('Vandanlægget er ikke indberettet til Jupiter herfra.'),
    ).toBeTruthy();
  });

  it('follows the form: an unsaved coordinate outside Denmark is listed and leads to the x field', async () => {
    stubApi({ 'GET vandanlaeg/7/jupiter/status': () => INGEN });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <input name="koordinat.x" aria-label="X-koordinat" />
        <JupiterPanel
          plant={plant()}
          kanRette
          kladde={{ basis: {}, koordinat: { x: 9.1, y: 56.4 } }}
          ikkeGemt
        />
      </QueryClientProvider>,
    );
    const panel = screen.getByTestId('jupiter-panel');
    fireEvent.click(within(panel).getByRole('button', { name: /Koordinat.*uden for Danmark/ }));
    expect(document.activeElement).toBe(screen.getByLabelText('X-koordinat'));
    expect(
      (within(panel).getByRole('button', { name: 'Indberet til Jupiter' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(within(panel).getByText('Gem ændringerne, før du indberetter.')).toBeTruthy();
  });

  it("adds the server's findings the form cannot make: a borehole's DGU number, the shape of Denmark", async () => {
    const boring = {
      felt: 'boringer',
      label: 'Boringer (DGU-nr.)',
      art: 'ugyldig',
      besked: "Boringen med DGU-nr. '55-1234': DGU-nr. skal skrives som bladnummer, punktum og løbenummer",
    };
    const koordinat = {
      felt: 'koordinat',
      label: 'Koordinat',
      art: 'ugyldig',
      besked: 'Koordinaten ligger uden for Danmarks land- og søterritorium (EPSG:25832).',
    };
    stubApi({
      'GET vandanlaeg/7/jupiter/status': () => INGEN,
      'GET vandanlaeg/7/jupiter/klar': () => ({ klar: false, mangler: [koordinat, boring] }),
    });
    // Malmö: inside the box the form knows, outside the shape the server knows.
    renderPanel(plant(), true);
    const panel = screen.getByTestId('jupiter-panel');
    await within(panel).findByRole('button', { name: /Boringen med DGU-nr\. '55-1234'/ });
    within(panel).getByRole('button', { name: /Koordinat.*uden for Danmarks land- og søterritorium/ });
    expect(within(panel).getByText('Ikke Jupiter-klar')).toBeTruthy();
    expect(within(panel).getByText('2 Jupiter-felter mangler eller er ugyldige.')).toBeTruthy();
  });

  it('sends a ready plant with its version and shows the rejection with its element statuses', async () => {
    let sendt = false;
    const calls = stubApi({
      'GET vandanlaeg/7/jupiter/status': () => (sendt ? { seneste: AFVIST, historik: [AFVIST] } : INGEN),
      'POST vandanlaeg/7/jupiter/indberet': () => {
        sendt = true;
        return { indberetning: AFVIST, version: 13 };
      },
    });
    renderPanel(plant(), true);
    const panel = screen.getByTestId('jupiter-panel');
    expect(within(panel).getByText('Jupiter-klar')).toBeTruthy();
    await within(panel).findByText('Vandanlægget er ikke indberettet til Jupiter herfra.');
    fireEvent.click(within(panel).getByRole('button', { name: 'Indberet til Jupiter' }));
    // It asks first, with the plant; Escape sends nothing, the confirm button (with focus) sends.
    const spoergsmaal = await screen.findByRole('dialog', { name: 'Indberet til Jupiter?' });
    expect(within(spoergsmaal).getByTestId('jupiter-spoergsmaal').textContent).toMatch(
      /sendes til GEUS' Jupiter/,
    );
    fireEvent.keyDown(spoergsmaal, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Indberet til Jupiter' }));
    const igen = await screen.findByRole('dialog', { name: 'Indberet til Jupiter?' });
    const ja = within(igen).getByRole('button', { name: 'Indberet' });
    expect(document.activeElement).toBe(ja);
    fireEvent.click(ja);
    const seneste = await within(panel).findByTestId('jupiter-seneste');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: 'vandanlaeg/7/jupiter/indberet', body: { version: 12 } },
    ]);
    expect(within(seneste).getByText(/Kodeværdi findes ikke i Jupiters kodeliste \(KODEFEJL\)/)).toBeTruthy();
    expect(
      within(seneste).getByText('Forsyningsart 9 findes ikke i kodelisten for forsyningsart'),
    ).toBeTruthy();
    expect(within(seneste).getByText(/af Vera Vand/)).toBeTruthy();
    // Dates in an element's name as the product writes them (issue 30): DD-MM-YYYY.
    expect(within(seneste).getByText('Oppumpet mængde 01-01-2025 – 31-12-2025')).toBeTruthy();
    expect(within(seneste).queryByText(/2025-01-01/)).toBeNull();
    expect(within(seneste).getByRole('button', { name: '1 element godkendt' })).toBeTruthy();
  });

  it('is read-only for a reader: the send is disabled with the reason, the history shows', async () => {
    const ok: JupiterIndberetning = {
      ...AFVIST,
      id: 4,
      jupiterIndberetningsFejlStatus: 'OK',
      jupiterIndberetningsFejlTypeKode: null,
      jupiterIndberetningsFejlTypeText: null,
      elementStatusListe: [{ element: 'Anlæg 123', felt: null, status: 'OK', besked: null }],
    };
    stubApi({ 'GET vandanlaeg/7/jupiter/status': () => ({ seneste: ok, historik: [ok, AFVIST] }) });
    renderPanel(plant(), false);
    const panel = screen.getByTestId('jupiter-panel');
    const send = within(panel).getByRole('button', { name: 'Indberet til Jupiter' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(within(panel).getByText('Du har kun læseadgang til vandanlæg.')).toBeTruthy();
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Tidligere indberetninger (1)' })).toBeTruthy(),
    );
  });
});
