// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import MaengderView from '../../src/app/features/vandanlaeg/MaengderView';
import { getRoute } from '../../src/app/routes/route-table';
import { type TileApi, TileContext } from '../../src/app/workspace/tile-api';
import {
  LINJE_STATUS,
  MAALERSKIFT_FELT,
  MAALERSKIFT_TITEL,
  type Maengde,
} from '../../src/contract/vand-data';
import type { Vandanlaeg } from '../../src/contract/vandanlaeg';
import { type ApiCall, jsonResponse, renderSignedIn, setupComponentTests, stubApi } from './harness';

setupComponentTests();

function plant(over: Partial<Vandanlaeg['basis']> = {}, version = 5): Vandanlaeg {
  return {
    id: 7,
    type: 3,
    version,
    opdateret: '2026-10-01T10:00:00.000Z',
    basis: {
      anlaegsnavn: 'Testrup Vandværk',
      primaerVirksomhedstype: 'V01',
      oevrigeVandanlaegVirksomhedstyper: [],
      jupiterId: '123456',
      anlaegsnr: '77900001',
      sagsbehandlerListe: [],
      jupiterAktivStatusId: 1,
      startdato: '1960-05-01',
      slutdato: null,
      jupiterAnlaegsartId: 1,
      jupiterVandtypeId: 1,
      jupiterIndvindingsformaalId: 1,
      jupiterCTRLPROGRAMId: 1,
      jupiterKoordinatMetodeId: 1,
      vandmaengdeM3Aar: 45000,
      udloebsdatoPaaGaeldendeTilladelse: '2030-01-01',
      overanlaegVirksomhedId: null,
      udledning: false,
      hjemmeside: null,
      jupiterBemaerkning: null,
      bemaerkning: null,
      beliggenhedsKommuneId: 779,
      analysegodkendeKommuneId: 779,
      journalNr: null,
      jupiterIndberetningStatus: null,
      indberetning: true,
      slettet: false,
      virksomhedstype: 3,
      cvrNr: null,
      pNr: null,
      ...over,
    },
    adresseId: null,
    adresse: {
      dawaAdresseId: null,
      vejnavn: 'Vandværksvej',
      husnummer: '2',
      etage: null,
      sideDoer: null,
      postnummer: '7800',
      city: 'Skive',
      fuldeAdresse: 'Vandværksvej 2, 7800 Skive',
      x: 512345.6,
      y: 6234567.8,
      supplerendebynavn: null,
    },
    koordinat: { id: 7, x: 512345.6, y: 6234567.8 },
    wkt: 'POINT(512345.6 6234567.8)',
    matrikler: ['12a Testrup By, Testrup'],
    lokalitet: {
      id: 7,
      adresse: 'Vandværksvej 2, 7800 Skive',
      dawaAdresseId: null,
      matrikler: ['12a Testrup By, Testrup'],
      bfeNr: null,
    },
    overanlaeg: null,
    underanlaeg: [{ id: 8, navn: 'Testrup Nord', anlaegsnr: '77900002' }],
    kontaktpersonListe: [
      {
        id: 1,
        navn: 'Hanne Holm',
        email: null,
        telefon: '97 11 22 33',
        kontaktType: 'Formand',
        jupiterId: 'K1',
      },
    ],
    jupiterStatus: null,
    sagsbehandlere: [],
    slettet: false,
  };
}

const ARTER = [
  {
    id: 1,
    brugerId: null,
    kode: 'HUSHOLDNING',
    navn: 'Husholdninger',
    beskrivelse: null,
    prioritet: 1,
    dmaKode: true,
    aktiv: true,
  },
  {
    id: 2,
    brugerId: null,
    kode: 'ERHVERV',
    navn: 'Erhverv og industri',
    beskrivelse: null,
    prioritet: 2,
    dmaKode: true,
    aktiv: true,
  },
];

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

function api(liste: () => Maengde[], extra: Record<string, (c: ApiCall) => unknown> = {}) {
  return stubApi({
    'GET Vandanlaeg/7': () => plant(),
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

const tile: TileApi = {
  tileId: 't1',
  focused: true,
  navigate: () => {},
  openBeside: () => {},
  setTitle: () => {},
  setCommands: () => {},
  setDirty: () => {},
  setFlags: () => {},
};

async function renderView(username = 'vand', client?: QueryClient) {
  const view = (
    <TileContext.Provider value={tile}>
      <MaengderView route={getRoute('vandanlaeg-maengder')} params={{ id: '7' }} tileId="t1" focused />
    </TileContext.Provider>
  );
  await renderSignedIn(client ? <QueryClientProvider client={client}>{view}</QueryClientProvider> : view, {
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
