// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nyeNumre, valgteIListeOrden } from '../../src/app/features/planlaegning/api';
import Kategori1a1bView from '../../src/app/features/planlaegning/Kategori1a1bView';
import Kategori2View from '../../src/app/features/planlaegning/Kategori2View';
import type { Planlaegningsperiode, PrioriteringRaekke } from '../../src/contract/planlaegning';
import { type SatServer, startSatServer } from '../helpers/sat-server';
import { renderVisning, skjultePaneler } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

/**
 * The priority lists (Kategori 1a + 1b, Kategori 2) against the real server as 'planlaegger':
 * highest score first, Space chooses the row under the cursor, the save command (Ctrl/Cmd+S)
 * renumbers the chosen from 1 in list order; Kategori 2 asks with '2_'.
 */

setupComponentTests();

let s: SatServer;
let periode: Planlaegningsperiode;
beforeAll(async () => {
  s = await startSatServer('planlaegger');
  const r = await s.api<Planlaegningsperiode[]>('GET', `PlanlaegningsPeriode/planlaegningYears/${s.kundeId}`);
  expect(r.status).toBe(200);
  periode = r.body.find((p) => p.aar === 2027) ?? r.body[0]!;
  const g = await s.api('POST', `planlaegning/${periode.id}/generer`, { version: periode.version });
  expect(g.status).toBe(200);
}, 60_000);
afterAll(async () => s?.close());
beforeEach(() => s.kobl());

const session = () => ({
  username: 'planlaegger',
  user: { userId: String(s.brugerId), customerId: s.kundeId },
  brugerSettings: skjultePaneler({ activeKundeId: s.kundeId }),
});

async function liste(kategori?: string) {
  const r = await s.api<{ raekker: PrioriteringRaekke[]; version: number }>(
    'GET',
    `planlaegning/${periode.id}/prioritering${kategori ? `?kategori=${kategori}` : ''}`,
  );
  expect(r.status).toBe(200);
  return r.body.raekker;
}

describe('renumbering', () => {
  it('numbers the chosen 1, 2, … in list order, whatever order they were chosen in', () => {
    const raekker = [{ id: 7 }, { id: 3 }, { id: 9 }, { id: 1 }];
    const valgte = new Set([1, 7, 9]);
    expect(valgteIListeOrden(raekker, valgte)).toEqual([7, 9, 1]);
    expect([...nyeNumre(raekker, valgte)]).toEqual([
      [7, 1],
      [9, 2],
      [1, 3],
    ]);
  });
});

describe('the priority list', () => {
  it('Kategori 1a + 1b: highest score first; Space chooses; saving renumbers from 1 in list order', async () => {
    const t = await renderVisning(
      Kategori1a1bView,
      'planlaegningsperiode-kategori1a1b',
      { id: String(periode.id) },
      session(),
    );
    const grid = await screen.findByRole('grid', { name: 'Prioriteringsliste kategori 1a og 1b' });
    const server = await liste();
    expect(server.length).toBeGreaterThanOrEqual(3);
    expect(server.every((r) => r.kategori === '1a' || r.kategori === '1b')).toBe(true);
    // Highest score first (no score last).
    const scores = server.map((r) => r.score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await within(grid).findByText(server[0]!.virksomhedsnavn);

    // Choose the third, then the first row by keyboard (the cursor starts on the first row).
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: ' ' });
    fireEvent.keyDown(grid, { key: 'Home' });
    fireEvent.keyDown(grid, { key: ' ' });
    const foer = server.filter((r) => r.valgt).length;
    const delta = [server[0]!, server[2]!].reduce((d, r) => d + (r.valgt ? -1 : 1), 0);
    await waitFor(() =>
      expect(screen.getByTestId('antal-valgte').textContent).toBe(
        `${foer + delta} af ${server.length} valgt`,
      ),
    );
    expect(t.dirty.at(-1)).toBe(true);

    // The save command (Ctrl/Cmd+S in the tile).
    const gem = t.commands.at(-1)!.find((c) => c.id === 'gem-prioritering')!;
    expect(gem.shortcut).toBe('mod+s');
    await act(async () => gem.run());
    await waitFor(() => expect(s.kald.some((k) => k.method === 'PUT' && k.status === 200)).toBe(true));
    const efter = await liste();
    const valgte = efter.filter((r) => r.valgt);
    // Exactly the rows chosen: the first and the third were toggled from what the server had.
    const forventet = new Set(server.filter((r) => r.valgt).map((r) => r.id));
    for (const id of [server[0]!.id, server[2]!.id])
      forventet.has(id) ? forventet.delete(id) : forventet.add(id);
    expect(new Set(valgte.map((r) => r.id))).toEqual(forventet);
    // Numbered 1..n in list order; the unchosen have no number.
    const iOrden = efter.filter((r) => forventet.has(r.id));
    expect(iOrden.map((r) => r.prioritet)).toEqual(iOrden.map((_, i) => i + 1));
    expect(efter.filter((r) => !r.valgt).every((r) => r.prioritet === null)).toBe(true);
    await waitFor(() => expect(t.dirty.at(-1)).toBe(false));

    // The Kategori filter narrows the table in the tile; the list asked for stays the whole one. (1a
    // rows are planned only when their score calls for them: without one, 1a shows an empty list.)
    const vis = server.some((r) => r.kategori === '1a') ? '1b' : '1a';
    const skjult = server.find((r) => r.kategori !== vis)!;
    fireEvent.change(screen.getByLabelText('Kategori'), { target: { value: vis } });
    await waitFor(() => expect(within(grid).queryByText(skjult.virksomhedsnavn)).toBeNull());
    const rows = within(grid)
      .getAllByRole('row')
      .filter((r) => r.querySelector('[role="gridcell"]'));
    expect(rows.length).toBe(server.filter((r) => r.kategori === vis).length);
    for (const r of rows)
      expect([...r.querySelectorAll('td')].some((td) => td.textContent === skjult.kategori)).toBe(false);
  });

  it('Kategori 2 asks the server with 2_ and shows only category 2', async () => {
    await renderVisning(
      Kategori2View,
      'planlaegningsperiode-kategori2',
      { id: String(periode.id) },
      session(),
    );
    await screen.findByRole('grid', { name: 'Prioriteringsliste kategori 2' });
    await waitFor(() =>
      expect(
        s.kald.some(
          (k) => k.path === `planlaegning/${periode.id}/prioritering?kategori=2_` && k.status === 200,
        ),
      ).toBe(true),
    );
    const server = await liste('2_');
    expect(server.every((r) => r.kategori === '2')).toBe(true);
    if (server[0]) await screen.findByText(server[0].virksomhedsnavn);
  });
});
