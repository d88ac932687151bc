// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import IndtagView from '../../src/app/features/vandanlaeg/IndtagView';
import { vandanlaegStiForPost } from '../../src/app/lib/vand-fokus';
import { BORING_HAR_MAENGDER, type Boring } from '../../src/contract/vand-data';
import { renderVisning, testVandanlaeg } from '../helpers/vandanlaeg-komponent';
import { jsonResponse, setupComponentTests, stubApi } from './harness';

setupComponentTests();

const boring = (over: Partial<Boring> = {}): Boring => ({
  id: 11,
  vandanlaegId: 7,
  dguNr: '38.770',
  navn: 'Boring 1',
  terraenkote: 40,
  dybde: 60,
  boreDato: null,
  version: 2,
  indtag: [
    { id: 21, indtagsnr: 1, jupiterId: null, filterTop: 20, filterBund: 30, antalMaengder: 2 },
    { id: 22, indtagsnr: 2, jupiterId: null, filterTop: 40, filterBund: 45, antalMaengder: 0 },
  ],
  ...over,
});

function api(extra: Record<string, () => unknown> = {}) {
  return stubApi({
    'GET Vandanlaeg/7': () => testVandanlaeg(),
    'GET Boring/list/7': () => [boring()],
    'GET VandanlaegTilladelse/boringstilladelser/11': () => [],
    'GET IndtagNiveau/list/IndtagNiveau/21': () => [],
    'GET IndtagNiveau/list/IndtagNiveau/22': () => [],
    'GET Pejling/list?AnonymId=21&start=0&take=10000': () => ({ totalCount: 0, items: [] }),
    'GET Pejling/list?AnonymId=22&start=0&take=10000': () => ({ totalCount: 0, items: [] }),
    ...extra,
  });
}

const renderView = (params: Record<string, string>, username = 'vand') =>
  renderVisning(IndtagView, 'vandanlaeg-indtag', params, { username });

const felt = (navn: string) => document.querySelector(`[name="${navn}"]`) as HTMLInputElement;

describe("a plant's boreholes and intakes", () => {
  it('saves a borehole with its intakes by id, removing only the one taken out', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const calls = api({ 'PUT Boring/11': () => boring({ version: 3 }) });
    await renderView({ id: '7', boringid: '11' });
    await waitFor(() => expect(felt('dguNr')?.value).toBe('38.770'));
    // The intake with quantities cannot be removed; the other can.
    const fjern = screen.getAllByRole('button', { name: /Fjern indtag/ }) as HTMLButtonElement[];
    expect(fjern[0]!.disabled).toBe(true);
    fireEvent.click(fjern[1]!);
    fireEvent.change(felt('indtag.0.filterBund'), { target: { value: '31,5' } });
    fireEvent.click(screen.getByRole('button', { name: /^Gem boring/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      virksomhedId: 7,
      version: 2,
      indtag: [{ id: 21, indtagsnr: 1, filterTop: 20, filterBund: 31.5 }],
    });
  });

  it("shows the server's reason when a borehole with quantities cannot be deleted", async () => {
    api({
      'DELETE Boring/11?virksomhedId=7&version=2': () =>
        jsonResponse(
          { title: 'Boringen kan ikke slettes', status: 400, errors: { boring: [BORING_HAR_MAENGDER] } },
          400,
        ),
    });
    await renderView({ id: '7', boringid: '11' });
    fireEvent.click(await screen.findByRole('button', { name: /Slet boring/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Slet' }));
    expect(await screen.findByText(BORING_HAR_MAENGDER)).toBeTruthy();
  });

  it("opens the borehole of a queue entry's intake", async () => {
    api();
    expect(
      vandanlaegStiForPost('maengder', { id: 99, vandanlaegId: 7, indtagId: 22, startdato: '2025-01-01' }),
    ).toBe('/vandanlaeg/7/indtag');
    const t = await renderView({ id: '7' });
    await waitFor(() => expect(t.navigate).toEqual(['/vandanlaeg/7/indtag/11']));
  });
});
