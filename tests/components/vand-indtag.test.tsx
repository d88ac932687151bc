// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import IndtagView from '../../src/app/features/vandanlaeg/IndtagView';
import { vandanlaegStiForPost } from '../../src/app/lib/vand-fokus';
import { getRoute } from '../../src/app/routes/route-table';
import { type TileApi, TileContext } from '../../src/app/workspace/tile-api';
import { BORING_HAR_MAENGDER, type Boring } from '../../src/contract/vand-data';
import type { Vandanlaeg } from '../../src/contract/vandanlaeg';
import { jsonResponse, renderSignedIn, setupComponentTests, stubApi } from './harness';

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
    'GET Vandanlaeg/7': () => plant(),
    'GET Boring/list/7': () => [boring()],
    'GET VandanlaegTilladelse/boringstilladelser/11': () => [],
    'GET IndtagNiveau/list/IndtagNiveau/21': () => [],
    'GET IndtagNiveau/list/IndtagNiveau/22': () => [],
    'GET Pejling/list?AnonymId=21&start=0&take=10000': () => ({ totalCount: 0, items: [] }),
    'GET Pejling/list?AnonymId=22&start=0&take=10000': () => ({ totalCount: 0, items: [] }),
    ...extra,
  });
}

function fakeTile() {
  const navigate: string[] = [];
  const tile: TileApi = {
    tileId: 't1',
    focused: true,
    navigate: (p) => navigate.push(p),
    openBeside: () => {},
    setTitle: () => {},
    setCommands: () => {},
    setDirty: () => {},
    setFlags: () => {},
  };
  return { tile, navigate };
}

async function renderView(params: Record<string, string>, username = 'vand') {
  const t = fakeTile();
  await renderSignedIn(
    <TileContext.Provider value={t.tile}>
      <IndtagView route={getRoute('vandanlaeg-indtag')} params={params} tileId="t1" focused />
    </TileContext.Provider>,
    { username },
  );
  return t;
}

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
