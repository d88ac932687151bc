// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import VandproeverView from '../../src/app/features/vandanlaeg/VandproeverView';
import { vandanlaegStiForPost } from '../../src/app/lib/vand-fokus';
import { getRoute } from '../../src/app/routes/route-table';
import { type TileApi, TileContext } from '../../src/app/workspace/tile-api';
import type { VandproevePost } from '../../src/contract/validering';
import type { Vandanlaeg } from '../../src/contract/vandanlaeg';
import { renderSignedIn, setupComponentTests, stubApi } from './harness';

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

const proeve = (id: number, over: Partial<VandproevePost> = {}): VandproevePost => ({
  id,
  vandanlaegId: 7,
  anlaegsnavn: 'Testrup Vandværk',
  anlaegsnr: '77900001',
  indtagId: null,
  proevested: `Afgang ${id}`,
  proevetype: 'Kontrol',
  udtaget: `2026-0${id}-10T09:00:00.000Z`,
  laboratorium: 'Eurofins',
  analyser: [
    { parameter: 'Nitrat', vaerdi: 62, enhed: 'mg/l', graensevaerdi: 50, overskredet: true },
    { parameter: 'Jern', vaerdi: 0.05, enhed: 'mg/l', graensevaerdi: 0.1, overskredet: false },
  ],
  antalOverskridelser: 1,
  bemaerkning: null,
  status: 2,
  besluttetAf: 'Vera Validator',
  besluttetDato: '2026-03-01T10:00:00.000Z',
  version: 4,
  ...over,
});

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

describe("a plant's water samples", () => {
  it('lists every state, selects the queue entry, and marks the limits exceeded', async () => {
    stubApi({
      'GET Vandanlaeg/7': () => plant(),
      'GET Vandproeve/anlaeg/7': () => [
        proeve(1, { status: 0, besluttetAf: null, besluttetDato: null }),
        proeve(2),
      ],
    });
    vandanlaegStiForPost('vandproever', { id: 2, vandanlaegId: 7, udtaget: '2026-02-10T09:00:00.000Z' });
    await renderSignedIn(
      <TileContext.Provider value={tile}>
        <VandproeverView
          route={getRoute('vandanlaeg-vandproever')}
          params={{ id: '7' }}
          tileId="t1"
          focused
        />
      </TileContext.Provider>,
      { username: 'laeser' },
    );
    expect(await screen.findByText('Afventer')).toBeTruthy();
    // The queue's sample is open with its analyses.
    await waitFor(() => expect(screen.getByText('Ja – over grænseværdien')).toBeTruthy());
    expect(screen.getByRole('heading', { name: /Afgang 2/ })).toBeTruthy();
    expect(screen.getAllByText('Forkastet').length).toBeGreaterThan(0);
    const nitrat = screen.getByText('Nitrat').closest('tr') as HTMLElement;
    expect(nitrat.className).toContain('wd-overskredet');
    expect((screen.getByText('Jern').closest('tr') as HTMLElement).className).not.toContain('wd-overskredet');
    fireEvent.click(screen.getByText('Afgang 1'));
    await waitFor(() => expect(screen.getByRole('heading', { name: /Afgang 1/ })).toBeTruthy());
  });
});
