// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import RapportView from '../../src/app/features/rapport/RapportView';
import { getRoute } from '../../src/app/routes/route-table';
import { type TileApi, type TileCommand, TileContext } from '../../src/app/workspace/tile-api';
import { type SatServer, startSatServer } from '../helpers/sat-server';
import { skjultePaneler } from '../helpers/vandanlaeg-komponent';
import { renderSignedIn, setupComponentTests } from './harness';

/**
 * A report page against the real server (seeded PGlite) as the water case worker: the default
 * columns grouped with antal, filters added by keyboard-reachable editors that stay inactive until
 * they validate, the columns chosen, and the whole view kept in the tile's URL.
 */

setupComponentTests();

let s: SatServer;
beforeAll(async () => {
  s = await startSatServer('vand');
});
afterAll(async () => s?.close());
beforeEach(() => s.kobl());

/** The report in a tile whose path (and so its query) follows the view's navigations. */
function Vaert(p: { start: string; stier: string[]; setKommandoer(c: TileCommand[]): void }) {
  const [search, setSearch] = useState(p.start);
  const tile: TileApi = {
    tileId: 't1',
    focused: true,
    navigate: (sti) => {
      p.stier.push(sti);
      setSearch(sti.includes('?') ? sti.slice(sti.indexOf('?')) : '');
    },
    openBeside: () => {},
    setTitle: () => {},
    setCommands: p.setKommandoer,
    setDirty: () => {},
    setFlags: () => {},
  };
  return (
    <TileContext.Provider value={tile}>
      <RapportView route={getRoute('rapport-vandoppumpet')} params={{}} tileId="t1" focused search={search} />
    </TileContext.Provider>
  );
}

async function visRapport(start = '') {
  const stier: string[] = [];
  let kommandoer: TileCommand[] = [];
  await renderSignedIn(
    <Vaert
      start={start}
      stier={stier}
      setKommandoer={(c) => {
        kommandoer = c;
      }}
    />,
    {
      username: 'vand',
      user: { userId: String(s.brugerId), customerId: s.kundeId },
      brugerSettings: skjultePaneler({ activeKundeId: s.kundeId }),
    },
  );
  const koer = (label: string) => {
    const k = kommandoer.find((c) => c.label === label);
    if (!k) throw new Error(`no command ${label}`);
    act(() => k.run());
  };
  return { stier, koer, kommandoer: () => kommandoer };
}

const grid = () => screen.getByRole('grid', { name: 'Oppumpet vand' });
const kolonneOverskrifter = () =>
  within(grid())
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim());

describe('a report page', () => {
  it('shows the default columns, grouped and counted, and offers its commands with shortcuts', async () => {
    const r = await visRapport();
    await waitFor(() => expect(within(grid()).queryAllByRole('gridcell').length).toBeGreaterThan(0));
    expect(kolonneOverskrifter()).toEqual(['Årstal', 'Anlægsnavn', 'Oppumpet i alt (m³)', 'Antal']);
    expect(s.kald.at(-1)?.path).toMatch(/^rapport\/vandoppumpet\?/);
    const k = r.kommandoer();
    expect(k.find((c) => c.label === 'Add filter')?.shortcut).toBe('alt+f');
    expect(k.find((c) => c.label === 'Select columns')?.shortcut).toBe('alt+k');
    expect(screen.getByRole('button', { name: /Add filter/ }).getAttribute('title')).toBe(
      'Add filter (Alt+F)',
    );
  });

  it('adds a year-range filter that stays inactive until it validates, and keeps it in the URL', async () => {
    const r = await visRapport();
    await waitFor(() => expect(within(grid()).queryAllByRole('gridcell').length).toBeGreaterThan(0));
    r.koer('Add filter');
    const dialog = await screen.findByTestId('rapport-filter-modal');
    fireEvent.change(within(dialog).getByLabelText('Available filters'), { target: { value: 'startdato' } });
    const brug = within(dialog).getByRole('button', { name: 'Use filter' }) as HTMLButtonElement;
    expect(brug.disabled).toBe(true);
    expect(within(dialog).getByText('Mindst ét datofelt skal udfyldes')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Fra'), { target: { value: '01-01-2026' } });
    fireEvent.change(within(dialog).getByLabelText('Til'), { target: { value: '31-12-2025' } });
    expect(within(dialog).getByText('Startdatoen må ikke ligge efter slutdatoen')).toBeTruthy();
    expect(brug.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Fra'), { target: { value: '01-01-2024' } });
    expect(brug.disabled).toBe(false);
    fireEvent.click(brug);
    expect(r.stier.at(-1)).toBe('/rapport/vandoppumpet?filter=startdato:between(01-01-2024|31-12-2025)');
    await waitFor(() =>
      expect(s.kald.at(-1)?.path).toContain('filter=startdato%3Abetween%2801-01-2024%7C31-12-2025%29'),
    );
    // The chip says it in words; Delete on it removes the filter again.
    const chip = await screen.findByRole('button', { name: 'Startdato: 01-01-2024–31-12-2025' });
    fireEvent.keyDown(chip, { key: 'Delete' });
    expect(r.stier.at(-1)).toBe('/rapport/vandoppumpet');
  });

  it('opens a shared link with its filters and columns, and chooses and orders columns', async () => {
    const r = await visRapport(
      '?kolonner=anlaegsnavn,aarstal,antal&filter=aarstal:between(2020|2030)&sort=antal&retning=DESC',
    );
    await waitFor(() => expect(within(grid()).queryAllByRole('gridcell').length).toBeGreaterThan(0));
    expect(kolonneOverskrifter()).toEqual(['Anlægsnavn', 'Årstal', 'Antal']);
    expect(screen.getByRole('button', { name: 'Årstal: 2020–2030' })).toBeTruthy();
    // Sorted by the count, largest first, as the link says.
    const antal = within(grid())
      .getAllByRole('row')
      .slice(1)
      .map((row) => Number(within(row).getAllByRole('gridcell').at(-1)?.textContent?.replace(/\./g, '')));
    expect(antal).toEqual([...antal].sort((a, b) => b - a));

    r.koer('Select columns');
    const dialog = await screen.findByTestId('rapport-kolonne-modal');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Måned/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Flyt Måned op' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anvend' }));
    expect(r.stier.at(-1)).toBe(
      '/rapport/vandoppumpet?kolonner=anlaegsnavn,aarstal,maaned,antal&filter=aarstal:between(2020|2030)&sort=antal&retning=DESC',
    );
    await waitFor(() => expect(kolonneOverskrifter()).toEqual(['Anlægsnavn', 'Årstal', 'Måned', 'Antal']));
  });

  it("says 'Ingen resultater' when the filters match nothing", async () => {
    await visRapport('?filter=anlaegsnavn:contains(findes-ikke-xyz)');
    expect(await screen.findByText('Ingen resultater')).toBeTruthy();
  });

  it('exports the whole result of the view as CSV, with progress against the announced rows', async () => {
    const gemt: Blob[] = [];
    // jsdom has no object URLs: the file the view saves is caught here.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => {
          gemt.push(b);
          return 'blob:x';
        },
        revokeObjectURL: () => {},
      }),
    );
    const r = await visRapport('?kolonner=aarstal,anlaegsnavn&filter=aarstal:between(2020|2030)');
    await waitFor(() => expect(within(grid()).queryAllByRole('gridcell').length).toBeGreaterThan(0));
    expect(r.kommandoer().find((c) => c.label === 'Eksportér (CSV eller XLSX)')?.shortcut).toBe('alt+e');
    r.koer('Eksportér (CSV eller XLSX)');
    const dialog = await screen.findByTestId('rapport-eksport-modal');
    fireEvent.click(within(dialog).getByLabelText('CSV (semikolon, til dansk Excel)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eksportér' }));
    await waitFor(() => expect(gemt).toHaveLength(1));
    const eksportKald = s.kald.find((k) => k.path.startsWith('rapport/vandoppumpet/eksport'));
    expect(eksportKald?.path).toContain('format=csv');
    expect(eksportKald?.path).toContain('filter=aarstal%3Abetween%282020%7C2030%29');
    expect(eksportKald?.path).not.toContain('take=');
    const bytes = new Uint8Array(await gemt[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((await gemt[0]!.text()).split('\r\n')[0]).toBe('Årstal;Anlægsnavn');
    await waitFor(() => expect(screen.queryByTestId('rapport-eksport-modal')).toBeNull());
  });
});
