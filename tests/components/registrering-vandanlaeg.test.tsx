// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DiademView from '../../src/app/features/vandanlaeg/DiademView';
import TilladelserView from '../../src/app/features/vandanlaeg/TilladelserView';
import TilsynView from '../../src/app/features/vandanlaeg/TilsynView';
import type { getRoute } from '../../src/app/routes/route-table';
import { FIL_TYPE_FEJL } from '../../src/contract/filer';
import { opslag } from '../helpers/opslag';
import {
  registreringFelles,
  renderVisning,
  testTilladelse,
  testVandanlaeg,
} from '../helpers/vandanlaeg-komponent';
import { setupComponentTests, stubApi } from './harness';

setupComponentTests();

/** The plant tabs of the generic record tab: selection by the route, derived status, read-only, files. */

/** The plant without address, coordinate, under-plants or contacts. */
const plant = testVandanlaeg(
  { startdato: null, udloebsdatoPaaGaeldendeTilladelse: '2030-12-31', indberetning: false },
  5,
  {
    adresse: {
      dawaAdresseId: null,
      vejnavn: null,
      husnummer: null,
      etage: null,
      sideDoer: null,
      postnummer: null,
      city: null,
      fuldeAdresse: null,
      x: null,
      y: null,
      supplerendebynavn: null,
    },
    koordinat: null,
    wkt: null,
    matrikler: [],
    lokalitet: { id: 7, adresse: null, dawaAdresseId: null, matrikler: [], bfeNr: null },
    underanlaeg: [],
    kontaktpersonListe: [],
  },
);

const tilsyn = {
  ...registreringFelles,
  id: 20,
  art: 'VandanlaegTilsyn',
  titel: 'Tilsyn 2026',
  dato: '2026-05-01',
  tilsynstypeId: 1,
  planlagtDato: null,
  udfoertAf: 'Vera',
  opfoelgning: null,
  frist: null,
};

const handlers = () => ({
  'GET Vandanlaeg/7': () => plant,
  'GET VandanlaegTilladelse/list/7': () => [
    testTilladelse(3, 'Tilladelse 2020', 'Gældende'),
    testTilladelse(2, 'Gammel', 'Udløbet'),
  ],
  'GET VandanlaegTilsyn/list/7': () => [tilsyn],
  'GET fil/hentFilerPaaVandanlaegTilsyn/20': () => [
    {
      id: 90,
      ejerId: 20,
      filnavn: 'Rapport.pdf',
      mimeType: 'application/pdf',
      stoerrelse: 2048,
      oprettet: '2026-05-02T10:00:00.000Z',
      oprettetAf: 'Vera Vandløb',
    },
  ],
  'GET Boring/listsimple/7': () => [{ id: 31, dguNr: '38.770', navn: 'Boring 1' }],
  'GET MWVandanlaegLookUp/list/jupitertilladelsetype': () => opslag(['Indvindingstilladelse']),
  'GET MWVandanlaegLookUp/list/vandanlaegtilsynstype': () => opslag(['Driftstilsyn']),
  'GET sagsbehandler/list/1?type=Vandanlaeg': () => [{ brugerId: 42, navn: 'Vera Vandløb' }],
});

const render = (
  View: typeof TilladelserView,
  rute: Parameters<typeof getRoute>[0],
  params: Record<string, string>,
  username: string,
) => renderVisning(View, rute, { id: '7', ...params }, { username });

describe('water plant record tabs', () => {
  it('the permit in the route is selected; status shown, the fixed purpose saved but not shown', async () => {
    const calls = stubApi({
      ...handlers(),
      'PUT VandanlaegTilladelse/3': (c) => ({
        ...testTilladelse(3, 'Ny titel', 'Gældende'),
        ...(c.body as object),
        version: 12,
      }),
    });
    const t = await render(TilladelserView, 'vandanlaeg-tilladelser', { tilladelseid: '3' }, 'vand');
    const titel = (await screen.findByLabelText(/^Betegnelse/)) as HTMLInputElement;
    expect(titel.value).toBe('Tilladelse 2020');
    expect(screen.getByRole('gridcell', { name: 'Udløbet' })).toBeTruthy();
    expect(screen.queryByLabelText(/Tilladelsesformål/)).toBeNull();
    // Boreholes are named by their DGU number.
    await screen.findByText(/38\.770 \(Boring 1\)/);

    fireEvent.click(screen.getByRole('gridcell', { name: 'Gammel' }));
    expect(t.navigate.at(-1)).toBe('/vandanlaeg/7/tilladelser/2');

    fireEvent.change(titel, { target: { value: 'Ny titel' } });
    fireEvent.click(screen.getByRole('button', { name: /^Gem/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      titel: 'Ny titel',
      tilladelsesformaalId: 1,
      version: 11,
      boringIds: [31],
    });
  });

  it('is read-only for a reader: no new, save or delete', async () => {
    stubApi(handlers());
    await render(TilladelserView, 'vandanlaeg-tilladelser', { tilladelseid: '3' }, 'laeser');
    const titel = (await screen.findByLabelText(/^Betegnelse/)) as HTMLInputElement;
    expect(titel.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Gem/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Ny/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Slet$/ })).toBeNull();
  });

  it('an inspection shows its files; a file of another type is refused before it is sent', async () => {
    const calls = stubApi(handlers());
    await render(TilsynView, 'vandanlaeg-tilsyn', { tilsynid: '20' }, 'vand');
    const filer = await screen.findByRole('region', { name: 'Filer' });
    await within(filer).findByText('Rapport.pdf');
    expect(within(filer).getByRole('button', { name: 'Hent Rapport.pdf' })).toBeTruthy();
    expect(within(filer).getByRole('button', { name: 'Slet Rapport.pdf' })).toBeTruthy();
    const input = within(filer).getByLabelText(/^Vedhæft fil/) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'program.exe')] } });
    expect((await within(filer).findByRole('alert')).textContent).toBe(FIL_TYPE_FEJL);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a reader sees and fetches files but cannot attach or delete', async () => {
    stubApi(handlers());
    await render(TilsynView, 'vandanlaeg-tilsyn', { tilsynid: '20' }, 'laeser');
    const filer = await screen.findByRole('region', { name: 'Filer' });
    await within(filer).findByText('Rapport.pdf');
    expect(within(filer).getByRole('button', { name: 'Hent Rapport.pdf' })).toBeTruthy();
    expect(within(filer).queryByRole('button', { name: 'Slet Rapport.pdf' })).toBeNull();
    expect(within(filer).queryByLabelText(/^Vedhæft fil/)).toBeNull();
  });

  it('Diadem: several lists on one tab, an order’s dispensations under it, one guard for all forms', async () => {
    const frekvens = {
      ...registreringFelles,
      id: 40,
      art: 'DiademAnalysefrekvens',
      titel: 'Gruppe B',
      dato: '2026-01-01',
      stof: null,
      antalPrAar: 2,
      gyldigTil: null,
    };
    const paabud = {
      ...registreringFelles,
      id: 50,
      art: 'DiademAnlaegspaabud',
      titel: 'Påbud om nitrat',
      dato: '2026-02-01',
      stof: 'Nitrat',
      frist: '2026-12-31',
      efterkommetDato: null,
    };
    const dispensation = {
      ...registreringFelles,
      id: 60,
      art: 'DiademAnlaegspaabudDispensation',
      titel: 'Midlertidig dispensation',
      dato: '2026-03-01',
      paabudId: 50,
      stof: 'Nitrat',
      gyldigTil: '2027-03-01',
      tilladtVaerdi: 60,
      enhed: 'mg/l',
    };
    stubApi({
      ...handlers(),
      'GET DiademAnalysefrekvens/list/7': () => [frekvens],
      'GET DiademAnlaegspaabud/list/7': () => [paabud],
      'GET DiademBoringspaabud/list/7': () => [],
      'GET DiademAnlaegspaabudDispensation/list/50': () => [dispensation],
      'GET DiademStof/list/7': () => opslag(['Nitrat', 'Arsen']),
    });
    const t = await render(DiademView, 'vandanlaeg-diadem', {}, 'vand');
    await screen.findByText('Nitrat · Arsen');
    fireEvent.click(await screen.findByRole('gridcell', { name: 'Gruppe B' }));
    const titel = (await screen.findByLabelText(/^Analyseprogram/)) as HTMLInputElement;
    fireEvent.change(titel, { target: { value: 'Gruppe A' } });
    await waitFor(() => expect(t.dirty.at(-1)).toBe(true));

    // Opening an order (a clean form) keeps the tile dirty: the changed frequency is not saved.
    fireEvent.click(await screen.findByRole('gridcell', { name: 'Påbud om nitrat' }));
    const disp = await screen.findByRole('region', { name: "Dispensationer fra 'Påbud om nitrat'" });
    await within(disp).findByRole('gridcell', { name: 'Midlertidig dispensation' });
    expect(t.dirty.at(-1)).toBe(true);
    // The order's id is fixed by where the list is: no field for it.
    fireEvent.click(within(disp).getByRole('button', { name: /^Ny/ }));
    const form = await screen.findByRole('form', { name: 'Dispensation' });
    expect(within(form).queryByLabelText(/^Påbud/)).toBeNull();
  });
});
