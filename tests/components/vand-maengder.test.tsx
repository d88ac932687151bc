// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import MaengderView from '../../src/app/features/vandanlaeg/MaengderView';
import { getRoute } from '../../src/app/routes/route-table';
import {
  LINJE_STATUS,
  MAALERSKIFT_FELT,
  MAALERSKIFT_TITEL,
  type Maengde,
} from '../../src/contract/vand-data';
import { opslag } from '../helpers/opslag';
import { renderITile, testVandanlaeg } from '../helpers/vandanlaeg-komponent';
import { type ApiCall, jsonResponse, setupComponentTests, stubApi } from './harness';

setupComponentTests();

const ARTER = opslag([
  ['HUSHOLDNING', 'Husholdninger'],
  ['ERHVERV', 'Erhverv og industri'],
]);

function maengde(over: Partial<Maengde> = {}): Maengde {
  return {
    id: 50,
    vandanlaegId: 7,
    indtagId: null,
    startdato: '2025-01-01',
    slutdato: '2025-12-31',
    grundvand: true,
    overfladevand: false,
    maalerstandStart: 0,
    maalerstandSlut: 1000,
    omregningsfaktor: 1,
    vandmaengdeOppumpet: 1000,
    vandvaerketsEgetForbrug: 10,
    vandvaerketsEgetForbrugBemaerkning: null,
    filterskylning: null,
    jupiterIndvindingsmetodeId: null,
    kontrolleret: null,
    kontrolleretTekst: null,
    maalerskift: false,
    forsyning: [
      {
        id: 1,
        jupiterForsyningsartId: 1,
        forsyningsart: 'Husholdninger',
        maengde: 800,
        modtagerAntal: 90,
        status: 0,
      },
      {
        id: 2,
        jupiterForsyningsartId: 2,
        forsyningsart: 'Erhverv og industri',
        maengde: 150,
        modtagerAntal: null,
        status: 0,
      },
    ],
    samletLeveretVandmaengde: 950,
    importeret: 0,
    eksporteret: 0,
    ledningstab: 40,
    bemaerkning: null,
    indberetter: 'Ole Olsen',
    indberettetDato: '2026-01-20T10:00:00.000Z',
    status: 0,
    besluttetAf: null,
    besluttetDato: null,
    version: 3,
    ...over,
  };
}

/** An ImportEksportVandmaengder record of plant 7 as the record API answers it. */
const udveksling = (
  id: number,
  retning: string,
  titel: string,
  dato: string,
  periodeTil: string,
  maengde: number,
) => ({
  id,
  titel,
  dato,
  sagsbehandlerId: null,
  virksomhedId: 7,
  art: 'ImportEksportVandmaengder',
  version: id,
  sagsbehandler: null,
  oprettet: '2026-01-05T10:00:00.000Z',
  oprettetAf: null,
  opdateret: '2026-01-05T10:00:00.000Z',
  opdateretAf: null,
  retning,
  andetAnlaegJupiterId: null,
  periodeTil,
  maengde,
  bemaerkning: null,
});

function api(liste: () => Maengde[], extra: Record<string, (c: ApiCall) => unknown> = {}) {
  return stubApi({
    'GET Vandanlaeg/7': () => testVandanlaeg(),
    'GET OppumpedeVandmaengder/list/7': () => liste(),
    'GET OppumpedeVandmaengder/aarsoversigt/7': () => ({ tilladtM3Aar: 45000, aar: [] }),
    'POST vandanlaeg/sumForsyningsarter': () => [],
    'GET ImportEksportVandmaengder/list/7': () => [],
    'GET MWVandanlaegLookUp/list/jupiterforsyningsart': () => ARTER,
    'GET OppumpedeVandmaengder/SenesteOppumpedeMaengdeInfo?virksomhedId=7': () => ({
      id: 50,
      startdato: '2025-01-01',
      slutdato: '2025-12-31',
      maalerstandSlut: 1000,
      omregningsfaktor: 1,
      jupiterIndvindingsmetodeId: null,
      naesteStartdato: '2026-01-01',
      naesteSlutdato: '2026-12-31',
      forsyningsarter: [1],
    }),
    ...extra,
  });
}

async function renderView(username = 'vand', client?: QueryClient) {
  const view = (
    <MaengderView route={getRoute('vandanlaeg-maengder')} params={{ id: '7' }} tileId="t1" focused />
  );
  await renderITile(client ? <QueryClientProvider client={client}>{view}</QueryClientProvider> : view, {
    username,
  });
}

const felt = (navn: string) => document.querySelector(`[name="${navn}"]`) as HTMLInputElement;

describe('plant-level pumped quantities', () => {
  it('prefills a new period, shows the computed fields while typing, and asks about a replaced meter', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    let forsoeg = 0;
    const calls = api(() => [maengde()], {
      'POST OppumpedeVandmaengder': (c) => {
        forsoeg++;
        if (!(c.body as { maalerskift: boolean }).maalerskift)
          return jsonResponse(
            {
              title: MAALERSKIFT_TITEL,
              status: 400,
              errors: { [MAALERSKIFT_FELT]: ['Målerstand start er lavere. Er måleren skiftet?'] },
            },
            400,
          );
        return { ...maengde({ id: 51, startdato: '2026-01-01', slutdato: '2026-12-31', maalerskift: true }) };
      },
    });
    await renderView();
    fireEvent.click(await screen.findByRole('button', { name: /Ny periode/ }));
    await waitFor(() => expect(felt('maalerstandStart')?.value).toBe('1.000'));
    expect(felt('startdato').value).toBe('01-01-2026');
    expect(felt('slutdato').value).toBe('31-12-2026');
    fireEvent.change(felt('maalerstandStart'), { target: { value: '500' } });
    fireEvent.change(felt('maalerstandSlut'), { target: { value: '1.734,5' } });
    fireEvent.change(felt('linjer.0.maengde'), { target: { value: '1.000,25' } });
    const beregnet = document.querySelector('.wd-beregnet') as HTMLElement;
    await waitFor(() => expect(within(beregnet).getByText('1.234,5 m³')).toBeTruthy());
    expect(within(beregnet).getByText('1.000,25 m³')).toBeTruthy();
    expect(within(beregnet).getByText(/234,25 m³/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Gem$/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ja, måleren er skiftet' }));
    await waitFor(() => expect(forsoeg).toBe(2));
    const posts = calls.filter((c) => c.method === 'POST' && c.path === 'OppumpedeVandmaengder');
    expect(posts[1]!.body).toMatchObject({
      virksomhedId: 7,
      startdato: '2026-01-01',
      maalerstandStart: 500,
      maalerstandSlut: 1734.5,
      maalerskift: true,
      forsyning: [{ status: LINJE_STATUS.CREATED, jupiterForsyningsartId: 1, maengde: 1000.25 }],
    });
  });

  it("counts the plant's imports and exports in the period's line loss, listed and editable below the form", async () => {
    Element.prototype.scrollIntoView = vi.fn();
    api(() => [maengde()], {
      'GET ImportEksportVandmaengder/list/7': () => [
        udveksling(1, 'Importeret fra', 'Nabo Vandværk', '2025-03-01', '2025-03-31', 100),
        udveksling(2, 'Eksporteret til', 'By Vandværk', '2025-06-01', '2025-06-30', 40),
        // 2026: outside the period, not counted.
        udveksling(3, 'Importeret fra', 'Nabo Vandværk', '2026-01-01', '2026-01-31', 999),
      ],
    });
    await renderView();
    fireEvent.click(await screen.findByText('01-01-2025 – 31-12-2025'));
    const beregnet = await waitFor(() => {
      const el = document.querySelector('.wd-beregnet') as HTMLElement;
      expect(within(el).getByText('100 m³')).toBeTruthy();
      return el;
    });
    // Imported 100, exported 40: 1.000 + 100 − 40 − 10 − 0 − 950 = 100 m³;
    // put into the network 1.000 + 100 − 40 − 10 = 1.050; 100 ÷ 1.050 = 9,52 %
    expect(within(beregnet).getByText('40 m³')).toBeTruthy();
    expect(within(beregnet).getByText('100 m³ (9,52 %)')).toBeTruthy();
    // The records themselves, with their own list under the form.
    expect(await screen.findByText('By Vandværk')).toBeTruthy();
  });

  it('sends only the changed supply lines of an edited period', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const calls = api(() => [maengde()], {
      'PUT OppumpedeVandmaengder/50': () => maengde({ version: 4 }),
    });
    await renderView();
    fireEvent.click(await screen.findByText('01-01-2025 – 31-12-2025'));
    await waitFor(() => expect(felt('linjer.1.maengde')?.value).toBe('150'));
    fireEvent.change(felt('linjer.1.maengde'), { target: { value: '175,5' } });
    fireEvent.click(screen.getByRole('button', { name: /^Gem$/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect((put.body as { forsyning: unknown[]; version: number }).forsyning).toEqual([
      { id: 2, status: LINJE_STATUS.UPDATED, jupiterForsyningsartId: 2, maengde: 175.5, modtagerAntal: null },
    ]);
    expect((put.body as { version: number }).version).toBe(3);
  });

  it("shows a queue's decision without a reload", async () => {
    let status = 0;
    api(() => [
      maengde({
        status,
        besluttetAf: status ? 'Vera Validator' : null,
        besluttetDato: status ? '2026-02-01T09:00:00.000Z' : null,
      }),
    ]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await renderView('vand', client);
    await screen.findByText('Afventer');
    // The queue open in another tile holds its page in the same cache.
    client.setQueryData(['validering', 'anlaeg', 'koe'], { totalCount: 1, items: [] });
    status = 1;
    // What a decision in a queue does (this user's, or another's through the event stream).
    await client.invalidateQueries({ queryKey: ['validering', 'anlaeg'] });
    expect(await screen.findByText('Godkendt')).toBeTruthy();
    expect(screen.getByText(/Vera Validator/)).toBeTruthy();
  });

  it('is read-only for a reader', async () => {
    api(() => [maengde()]);
    await renderView('laeser');
    fireEvent.click(await screen.findByText('01-01-2025 – 31-12-2025'));
    await waitFor(() => expect(felt('maalerstandSlut')?.disabled).toBe(true));
    expect(screen.queryByRole('button', { name: /Ny periode/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Gem$/ })).toBeNull();
  });
});
