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

// uPlot draws on a canvas, which jsdom has not: the chart module is replaced by its data here (the
// real chart is drawn in the Playwright journey, e2e/rapport.spec.ts).
vi.mock('../../src/app/features/rapport/RapportGraf', () => ({
  default: ({ punkter }: { punkter: { maaned: string; vaerdi: number }[] }) => (
    <figure data-testid="rapport-graf" data-punkter={punkter.length}>
      {punkter.map((p) => `${p.maaned}=${p.vaerdi}`).join(';')}
    </figure>
  ),
}));

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
    expect(s.kald.some((k) => /^rapport\/vandoppumpet\?/.test(k.path))).toBe(true);
    // A time series: the chart beside the table, month by month over the whole result.
    const graf = await screen.findByTestId('rapport-graf');
    const maaneder = await s.api<{ punkter: { maaned: string; vaerdi: number }[] }>(
      'GET',
      'rapport/vandoppumpet/tidsserie?filter=',
    );
    expect(Number(graf.getAttribute('data-punkter'))).toBe(maaneder.body.punkter.length);
    expect(maaneder.body.punkter.length).toBeGreaterThan(3);
    expect(r.kommandoer().find((c) => c.id === 'rapport-graf')?.shortcut).toBe('alt+g');
    const k = r.kommandoer();
    expect(k.find((c) => c.label === 'Tilføj filter')?.shortcut).toBe('alt+f');
    expect(k.find((c) => c.label === 'Vælg kolonner')?.shortcut).toBe('alt+k');
    expect(screen.getByRole('button', { name: /Tilføj filter/ }).getAttribute('title')).toBe(
      'Tilføj filter (Alt+F)',
    );
    // The toolbar's column button says it in Danish too (it read 'Select columns').
    expect(screen.getByRole('button', { name: /Vælg kolonner/ }).getAttribute('title')).toBe(
      'Vælg kolonner (Alt+K)',
    );
  });

  it('adds a year-range filter that stays inactive until it validates, and keeps it in the URL', async () => {
    const r = await visRapport();
    await waitFor(() => expect(within(grid()).queryAllByRole('gridcell').length).toBeGreaterThan(0));
    r.koer('Tilføj filter');
    const dialog = await screen.findByTestId('rapport-filter-modal');
    fireEvent.change(within(dialog).getByLabelText('Tilgængelige filtre'), {
      target: { value: 'startdato' },
    });
    const brug = within(dialog).getByRole('button', { name: 'Anvend filter' }) as HTMLButtonElement;
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

    r.koer('Vælg kolonner');
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

  it('saves the view under a name in the user settings, offers it as a command and in the menu', async () => {
    const r = await visRapport('?kolonner=aarstal,antal&filter=aarstal:between(2020|2030)');
    await waitFor(() => expect(within(grid()).queryAllByRole('gridcell').length).toBeGreaterThan(0));
    r.koer('Gem visning …');
    const dialog = await screen.findByTestId('rapport-visning-modal');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gem visning' }));
    expect(await within(dialog).findByText('Giv visningen et navn')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Navn/), { target: { value: 'Årene 2020–2030' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gem visning' }));
    // Kept in the user's settings on the server.
    await waitFor(async () => {
      const o = await s.api<{ opsaetning: string }>('GET', 'Bruger/HentOpsaetning');
      expect(JSON.parse(o.body.opsaetning).rapportVisninger).toEqual([
        {
          rapport: 'vandoppumpet',
          navn: 'Årene 2020–2030',
          soeg: '?kolonner=aarstal,antal&filter=aarstal:between(2020|2030)',
        },
      ]);
    });
    // A command of the tile (so the palette finds it), which opens the view in the tile.
    await waitFor(() => expect(r.kommandoer().map((c) => c.label)).toContain('Visning: Årene 2020–2030'));
    r.koer('Visning: Årene 2020–2030');
    expect(r.stier.at(-1)).toBe(
      '/rapport/vandoppumpet?kolonner=aarstal,antal&filter=aarstal:between(2020|2030)',
    );
  });

  it("filters a lookup-backed column by choosing among the lookup's names", async () => {
    const r = await visRapport('?kolonner=jupiterVandType,antal');
    await waitFor(() => expect(within(grid()).queryAllByRole('gridcell').length).toBeGreaterThan(0));
    const forste = within(grid()).getAllByRole('gridcell')[0]!.textContent!;
    r.koer('Tilføj filter');
    const dialog = await screen.findByTestId('rapport-filter-modal');
    fireEvent.change(within(dialog).getByLabelText('Tilgængelige filtre'), {
      target: { value: 'jupitervandtype' },
    });
    // The names come from the lookup: one box per name, and none ticked yet keeps the filter inactive.
    const boks = await within(dialog).findByRole('checkbox', { name: forste });
    expect(
      (within(dialog).getByRole('button', { name: 'Anvend filter' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(within(dialog).getByText('Feltet er påkrævet')).toBeTruthy();
    fireEvent.click(boks);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anvend filter' }));
    expect(decodeURIComponent(r.stier.at(-1)!)).toContain(`filter=jupitervandtype:equals(${forste})`);
    await waitFor(() => expect(within(grid()).getAllByRole('row').length).toBe(2));
  });

  it('counts approved water data by default, says so, and marks pending rows once the user asks for them', async () => {
    const r = await visRapport('?kolonner=aarstal,antal');
    await waitFor(() => expect(within(grid()).queryAllByRole('gridcell').length).toBeGreaterThan(0));
    expect(kolonneOverskrifter()).toEqual(['Årstal', 'Antal']);
    // The standard filter is shown, explained, and opens its editor; it is not in the URL.
    const chip = screen.getByRole('button', { name: 'Valideringsstatus: Godkendt (standard)' });
    expect(chip.getAttribute('title')).toMatch(/kun godkendte data/);
    fireEvent.click(chip);
    const dialog = await screen.findByTestId('rapport-filter-modal');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Afventer validering' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opdatér filter' }));
    expect(decodeURIComponent(r.stier.at(-1)!)).toBe(
      '/rapport/vandoppumpet?kolonner=aarstal,antal&filter=valideringsstatus:equals(Godkendt|Afventer+validering)',
    );
    // The status column comes along, so each group says which it is.
    await waitFor(() => expect(kolonneOverskrifter()).toEqual(['Årstal', 'Valideringsstatus', 'Antal']));
    await waitFor(() => expect(within(grid()).getAllByText('Afventer validering').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /\(standard\)/ })).toBeNull();
  });

  it('says which right a report needs when the user lacks it, and asks the server nothing', async () => {
    const foer = s.kald.length;
    await renderSignedIn(
      <RapportView route={getRoute('rapport-tilsyn')} params={{}} tileId="t1" focused search="" />,
      {
        username: 'vand',
        user: { userId: String(s.brugerId), customerId: s.kundeId },
        brugerSettings: skjultePaneler({ activeKundeId: s.kundeId }),
      },
    );
    const besked = await screen.findByRole('alert');
    expect(besked.textContent).toContain(
      'Rapporten kræver en af rettighederne SAGSBEHANDLER_VIRKSOMHED_LAES',
    );
    expect(s.kald.slice(foer).some((k) => k.path.startsWith('rapport/tilsyn'))).toBe(false);
  });
});
