// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sql } from 'drizzle-orm';
import { type ReactNode, useMemo, useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import DmaStatusView from '../../src/app/features/frister/DmaStatusView';
import JupiterStatusView from '../../src/app/features/frister/JupiterStatusView';
import OpfoelgningView from '../../src/app/features/frister/OpfoelgningView';
import { getRoute } from '../../src/app/routes/route-table';
import { type TileCommand, TileContext } from '../../src/app/workspace/tile-api';
import { queryRows } from '../../src/server/db/client';
import { ANKER_TILSYN_TITEL } from '../../src/server/db/seed/frister';
import { type SatServer, startSatServer } from '../helpers/sat-server';
import { fakeTile, renderVisning } from '../helpers/vandanlaeg-komponent';
import { renderSignedIn, setupComponentTests } from './harness';

/**
 * The deadline views against the real server (seeded PGlite through app.inject): the follow-up list's
 * default 'Mine frister', the overdue filter, status in words, Enter and Ctrl+Enter on the anchor's
 * inspection; the DMA status with rows lacking master data first and sending a selected row.
 */

setupComponentTests();

let s: SatServer;
let ankerId: number;
beforeAll(async () => {
  s = await startSatServer('virksomhed');
  const [a] = await queryRows<{ id: number }>(
    s.database.db,
    sql`select id from registrering where titel = ${ANKER_TILSYN_TITEL}`,
  );
  ankerId = Number(a!.id);
}, 60_000);
afterAll(async () => s?.close());

const bruger = () => ({
  username: 'virksomhed',
  user: { userId: String(s.brugerId), customerId: s.kundeId },
});
const listeKald = () =>
  s.kald
    .filter((k) => k.path.startsWith('frister/opfoelgning'))
    .map((k) => new URL(k.path, 'http://x').searchParams);

describe('Opfølgning', () => {
  it("starts on the user's own deadlines; overdue, everyone's and Enter open the inspection", async () => {
    s.kobl();
    s.kald.length = 0;
    const t = await renderVisning(OpfoelgningView, 'frister-opfoelgning', {}, bruger());
    await waitFor(() => expect(listeKald().length).toBeGreaterThan(0));
    expect(listeKald()[0]!.getAll('filteredColumns')).toEqual([`sagsbehandler:${s.brugerId}`]);

    fireEvent.change(screen.getByRole('combobox', { name: 'Sagsbehandler' }), { target: { value: 'alle' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kun overskredne' }));
    fireEvent.change(screen.getByPlaceholderText('Søg på virksomhed, titel eller sagsbehandler'), {
      target: { value: 'rapport afventer' },
    });
    await waitFor(() => expect(listeKald().at(-1)!.get('filter')).toBe('rapport afventer'));
    expect(listeKald().at(-1)!.getAll('filteredColumns')).toEqual(['status:overskredet']);
    await waitFor(() =>
      expect(screen.getAllByRole('row').filter((r) => r.classList.contains('dt-row'))).toHaveLength(2),
    );
    const celle = screen.getByText('Rapport til virksomhed senest 15-05-2025');
    const raekke = celle.closest('tr')!;
    expect(within(raekke).getByText('Overskredet')).toBeTruthy();
    expect(screen.getByText('Offentliggør på DMA senest 15-07-2025')).toBeTruthy();

    const grid = screen.getByRole('grid', { name: 'Frister til opfølgning' });
    grid.focus();
    fireEvent.keyDown(grid, { key: 'Enter' });
    await waitFor(() => expect(t.navigate).toHaveLength(1));
    expect(t.navigate[0]).toMatch(new RegExp(`^/virksomheder/\\d+/tilsyn/${ankerId}$`));
    fireEvent.keyDown(grid, { key: 'Enter', ctrlKey: true });
    expect(t.beside).toEqual(t.navigate);
  });
});

describe('DMA-status', () => {
  it('shows rows lacking master data first and sends a selected inspection', async () => {
    s.kobl();
    s.kald.length = 0;
    await renderVisning(DmaStatusView, 'frister-dmastatus', {}, bruger());
    const grid = await screen.findByRole('grid', { name: 'DMA-status' });
    await waitFor(() => expect(within(grid).getAllByText(/^Mangler: /).length).toBeGreaterThan(0));
    const raekker = within(grid)
      .getAllByRole('row')
      .filter((r) => r.classList.contains('dt-row'));
    expect(raekker[0]!.textContent).toContain('Kan ikke offentliggøres');

    const anker = raekker.find((r) => r.textContent?.includes(ANKER_TILSYN_TITEL))!;
    expect(anker.textContent).toContain('Ikke sendt');
    fireEvent.click(within(anker).getByRole('checkbox'));
    const send = await screen.findByRole('button', { name: 'Send valgte (1)' });
    fireEvent.click(send);
    await waitFor(() =>
      expect(
        s.kald.some((k) => k.method === 'POST' && k.path === 'frister/dmastatus/send' && k.status === 200),
      ).toBe(true),
    );
    await waitFor(() => {
      const efter = within(screen.getByRole('grid', { name: 'DMA-status' }))
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(ANKER_TILSYN_TITEL))!;
      expect(efter.textContent).toContain('OK');
    });
  });
});

/** A tile that keeps the view's commands in state, as the workspace does: unstable commands would loop. */
function LevendeTile({ children }: { children: ReactNode }) {
  const [kommandoer, setKommandoer] = useState<TileCommand[]>([]);
  const tile = useMemo(() => ({ ...fakeTile().tile, setCommands: setKommandoer }), []);
  return (
    <TileContext.Provider value={tile}>
      <span data-testid="antal-kommandoer">{kommandoer.length}</span>
      {children}
    </TileContext.Provider>
  );
}

describe('the views in a tile that keeps their commands', () => {
  it.each([
    ['frister-opfoelgning', OpfoelgningView, 'Frister til opfølgning'],
    ['frister-dmastatus', DmaStatusView, 'DMA-status'],
    ['frister-jupiterstatus', JupiterStatusView, 'Jupiter-status'],
  ] as const)('%s settles (its commands are stable across renders)', async (rute, View, grid) => {
    s.kobl();
    await renderSignedIn(
      <LevendeTile>
        <View route={getRoute(rute)} params={{}} tileId="t1" focused />
      </LevendeTile>,
      { username: rute === 'frister-jupiterstatus' ? 'vand' : 'virksomhed', user: bruger().user },
    );
    await screen.findByRole('grid', { name: grid });
    await waitFor(() =>
      expect(Number(screen.getByTestId('antal-kommandoer').textContent)).toBeGreaterThan(0),
    );
  });
});
