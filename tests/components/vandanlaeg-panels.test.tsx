// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VandanlaegFrame } from '../../src/app/features/vandanlaeg/Frame';
import TilladelserView from '../../src/app/features/vandanlaeg/TilladelserView';
import { DetailFrame } from '../../src/app/features/virksomhed/DetailFrame';
import { getRoute } from '../../src/app/routes/route-table';
import { type TileApi, type TileCommand, TileContext } from '../../src/app/workspace/tile-api';
import { defaultBrugerSettings } from '../../src/contract/session';
import type { Vandanlaeg } from '../../src/contract/vandanlaeg';
import { type ApiCall, renderSignedIn, setupComponentTests, stubApi } from './harness';

/**
 * The water plant's side panels (spec 001 §3/§4): the frame offers the timeline, the log and the ad
 * hoc tasks of the plant, opens each from its toolbar button or its tile command, and shows one at a
 * time (opening one hides the other two, saved to brugerSettings). The company frame uses the same
 * panels: its timeline links to its own tabs.
 */

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

function fakeTile() {
  const commands: TileCommand[][] = [];
  const navigate: string[] = [];
  const tile: TileApi = {
    tileId: 't1',
    focused: true,
    navigate: (p) => navigate.push(p),
    openBeside: () => {},
    setTitle: () => {},
    setCommands: (c) => commands.push(c),
    setDirty: () => {},
    setFlags: () => {},
  };
  return { tile, commands, navigate };
}

const note = {
  id: 3,
  emne: 'Telefonnotat',
  notat: 'Formanden ringede om prøvetagningen',
  brugerId: 2,
  bruger: 'Vera Vand',
  dato: '2026-11-20T09:00:00.000Z',
  virksomhedId: 7,
};

function api(): ApiCall[] {
  return stubApi({
    'GET Vandanlaeg/7': () => plant(),
    'PUT Bruger/GemOpsaetning': () => undefined,
    'GET virksomhed/7/tidslinje?start=0&take=100': () => ({
      totalCount: 2,
      items: [
        {
          id: 'registrering-55',
          art: 'VandanlaegTilladelse',
          titel: 'Indvindingstilladelse 2026',
          beskrivelse: 'Tilladelse · Indvindingstilladelse',
          dato: '2026-05-04T12:00:00Z',
          bruger: 'Vera Vand',
          registreringId: 55,
        },
        {
          id: 'logbog-3',
          art: 'logbog',
          titel: 'Telefonnotat',
          beskrivelse: 'Formanden ringede om prøvetagningen',
          dato: '2026-04-01T09:00:00Z',
          bruger: 'Vera Vand',
          registreringId: null,
        },
      ],
    }),
    'GET logbog/list/7': () => [note],
    'GET AdHocOpgave/list/7': () => [
      { ...note, id: 9, emne: 'Opfølgning', notat: 'Bed om ny analyse', frist: '2026-12-01', udfoert: false },
    ],
    'GET AdHocOpgave/emner': () => [
      {
        id: 1,
        brugerId: null,
        kode: 'OPF',
        navn: 'Opfølgning',
        beskrivelse: null,
        prioritet: 1,
        dmaKode: true,
        aktiv: true,
      },
    ],
  });
}

async function renderFrame(username: string) {
  const t = fakeTile();
  await renderSignedIn(
    <TileContext.Provider value={t.tile}>
      <VandanlaegFrame route={getRoute('vandanlaeg-tilsyn')} params={{ id: '7' }}>
        {({ plant }) => <p>Fanen for {plant.basis.anlaegsnavn}</p>}
      </VandanlaegFrame>
    </TileContext.Provider>,
    {
      username,
      // Every panel hidden to begin with.
      brugerSettings: {
        ...defaultBrugerSettings(new Date(2025, 0, 1)),
        activeKundeId: 1,
        hideTimeline: true,
        hideLogs: true,
        hideAdHocOpgaver: true,
      },
    },
  );
  await screen.findByText('Fanen for Testrup Vandværk');
  return t;
}

const aabne = () => screen.queryAllByRole('complementary').map((a) => a.getAttribute('aria-label'));
const knap = (navn: string) => screen.getByRole('button', { name: navn });

describe('water plant side panels', () => {
  it('opens the timeline, the log and the ad hoc tasks, one at a time', async () => {
    const calls = api();
    const t = await renderFrame('vand');
    expect(aabne()).toEqual([]);

    fireEvent.click(knap('Tidslinje'));
    const tidslinje = await screen.findByRole('complementary', { name: 'Tidslinje' });
    expect(await within(tidslinje).findByText('Indvindingstilladelse 2026')).toBeTruthy();
    expect(within(tidslinje).getByText('Tilladelse · Indvindingstilladelse')).toBeTruthy();
    expect(within(tidslinje).getByText('Note')).toBeTruthy();
    expect(knap('Tidslinje').getAttribute('aria-pressed')).toBe('true');
    // A record on the timeline opens on its tab of the plant.
    fireEvent.click(within(tidslinje).getByText('Indvindingstilladelse 2026'));
    expect(t.navigate).toEqual(['/vandanlaeg/7/tilladelser/55']);

    fireEvent.click(knap('Logbog'));
    const logbog = await screen.findByRole('complementary', { name: 'Logbog' });
    expect(await within(logbog).findByText('Formanden ringede om prøvetagningen')).toBeTruthy();
    expect(aabne()).toEqual(['Logbog']);
    expect(knap('Tidslinje').getAttribute('aria-pressed')).toBe('false');
    expect(within(logbog).getByRole('button', { name: 'Tilføj note' })).toBeTruthy();

    // Alt+O is the tile's command; it replaces the log with the ad hoc tasks.
    await waitFor(() =>
      expect(t.commands.at(-1)?.find((c) => c.shortcut === 'alt+o')?.label).toBe('Vis ad hoc-opgaver'),
    );
    t.commands
      .at(-1)!
      .find((c) => c.shortcut === 'alt+o')!
      .run();
    const adHoc = await screen.findByRole('complementary', { name: 'Ad hoc-opgaver' });
    expect(await within(adHoc).findByText('Bed om ny analyse')).toBeTruthy();
    expect(within(adHoc).getByText('Frist 01-12-2026')).toBeTruthy();
    expect(aabne()).toEqual(['Ad hoc-opgaver']);
    await waitFor(() =>
      expect(t.commands.at(-1)?.find((c) => c.shortcut === 'alt+o')?.label).toBe('Skjul ad hoc-opgaver'),
    );
    expect(t.commands.at(-1)?.find((c) => c.shortcut === 'alt+t')?.label).toBe('Vis tidslinje');

    // Each toggle is saved with the other two hidden.
    const gemt = calls
      .filter((c) => c.method === 'PUT')
      .map((c) => JSON.parse((c.body as { opsaetning: string }).opsaetning) as Record<string, unknown>);
    expect(gemt.at(-1)).toMatchObject({ hideTimeline: true, hideLogs: true, hideAdHocOpgaver: false });

    fireEvent.click(within(adHoc).getByRole('button', { name: 'Luk ad hoc-opgaver' }));
    await waitFor(() => expect(aabne()).toEqual([]));
  });

  it('shows a saved record’s automatic log entry in the open log at once', async () => {
    const tilladelse = {
      id: 3,
      virksomhedId: 7,
      version: 11,
      art: 'VandanlaegTilladelse',
      titel: 'Tilladelse 2020',
      dato: '2020-01-01',
      slutdato: '2030-12-31',
      tilladelsestypeId: 1,
      vandmaengdeM3Aar: 45000,
      vandmaengdeM3Time: null,
      boringIds: [],
      tilbagekaldt: false,
      tilbagekaldtDato: null,
      journalNr: null,
      tilladelsesformaalId: 1,
      status: 'Gældende',
      sagsbehandlerId: null,
      sagsbehandler: null,
      oprettet: '2026-01-01T10:00:00.000Z',
      oprettetAf: 'Vera Vandløb',
      opdateret: '2026-01-01T10:00:00.000Z',
      opdateretAf: null,
      bemaerkning: null,
    };
    let noter = [note];
    const calls = stubApi({
      'GET Vandanlaeg/7': () => plant(),
      'GET VandanlaegTilladelse/list/7': () => [tilladelse],
      'PUT VandanlaegTilladelse/3': (c) => {
        noter = [
          { ...note, id: 4, emne: 'Tilladelse', notat: "Tilladelse 'Ny titel' ændret: Betegnelse." },
          ...noter,
        ];
        return { ...tilladelse, ...(c.body as object), version: 12 };
      },
      'GET logbog/list/7': () => noter,
      'GET Boring/listsimple/7': () => [],
      'GET MWVandanlaegLookUp/list/jupitertilladelsetype': () => [
        {
          id: 1,
          brugerId: null,
          kode: 'K1',
          navn: 'Indvindingstilladelse',
          beskrivelse: null,
          prioritet: 1,
          dmaKode: true,
          aktiv: true,
        },
      ],
      'GET sagsbehandler/list/1?type=Vandanlaeg': () => [{ brugerId: 42, navn: 'Vera Vandløb' }],
    });
    const t = fakeTile();
    await renderSignedIn(
      <TileContext.Provider value={t.tile}>
        <TilladelserView
          route={getRoute('vandanlaeg-tilladelser')}
          params={{ id: '7', tilladelseid: '3' }}
          tileId="t1"
          focused
        />
      </TileContext.Provider>,
      {
        username: 'vand',
        brugerSettings: {
          ...defaultBrugerSettings(new Date(2025, 0, 1)),
          activeKundeId: 1,
          hideTimeline: true,
          hideLogs: false,
          hideAdHocOpgaver: true,
        },
      },
    );
    const logbog = await screen.findByRole('complementary', { name: 'Logbog' });
    await within(logbog).findByText('Formanden ringede om prøvetagningen');
    const titel = (await screen.findByLabelText(/^Betegnelse/)) as HTMLInputElement;
    fireEvent.change(titel, { target: { value: 'Ny titel' } });
    fireEvent.click(screen.getByRole('button', { name: /^Gem/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(await within(logbog).findByText("Tilladelse 'Ny titel' ændret: Betegnelse.")).toBeTruthy();
  });

  it('only shows the panels to a reader: no note or task can be added', async () => {
    api();
    await renderFrame('laeser');
    fireEvent.click(knap('Logbog'));
    const logbog = await screen.findByRole('complementary', { name: 'Logbog' });
    expect(await within(logbog).findByText('Formanden ringede om prøvetagningen')).toBeTruthy();
    expect(within(logbog).queryByRole('button', { name: 'Tilføj note' })).toBeNull();
    fireEvent.click(knap('Ad hoc-opgaver'));
    const adHoc = await screen.findByRole('complementary', { name: 'Ad hoc-opgaver' });
    expect(await within(adHoc).findByText('Bed om ny analyse')).toBeTruthy();
    expect(within(adHoc).queryByRole('button', { name: 'Opret opgave' })).toBeNull();
    expect(aabne()).toEqual(['Ad hoc-opgaver']);
  });
});

// ---------------------------------------------------------------- the company frame, the same panels

function virksomhed(over: Record<string, unknown> = {}) {
  return {
    id: 12,
    type: 1,
    version: 3,
    opdateret: '2025-12-13T14:30:00.000Z',
    basis: {
      navn: 'Skive Genbrug & Containerservice',
      cvrNr: '53197671',
      pNr: '1344366247',
      chrNr: null,
      etableringsDato: '2003-07-06',
      ophoertDato: null,
      virksomhedsGruppeId: 2,
      kategori: '1b',
      hovedaktivitet: 'Autoværksted',
      biaktiviteter: [],
      miljoemyndighedId: 1,
      dmaMyndighedstyperId: 1,
      primaerSagsbehandler: null,
      sagsbehandlerListe: [],
      omfattetAfAktivtTilsyn: true,
      omfattetAfAktivtTilsynDato: '2015-02-02',
      omfattetAfVOC: false,
      risikovirksomhed: false,
      anvendCVRAdresseVedIndberetning: true,
      dmaStatusId: 1,
      dmaStatusDato: '2024-08-11',
      dmaStaedfaestVedCVR: true,
      dmabatKonklusionId: null,
      dmaUrlForVirksomhed: null,
      dmaSenestOpdateringDato: '2024-09-01',
      omfattetAfBrugerbetaling: true,
      brugerbetaling: 'Timesats gebyr',
      betalerTypeKode: 'K1',
      kontaktpersonId: null,
      betalingsReference: 'BB-779-12',
      betalerBemaerkning: null,
      bemaerkning: null,
      virksomhedstype: 1,
      slettet: false,
      branche: { kode: '381100', navn: 'Indsamling af ikke-farligt affald' },
      bibrancher: [],
      aktivitetsListe: ['Autoværksted'],
      ...over,
    },
    lokalitet: {
      id: 12,
      adresse: 'Savværksvej 21, 7800 Skive',
      vejnavn: 'Savværksvej',
      husnummer: '21',
      postnummer: '7800',
      postdistrikt: 'Skive',
      dawaAdresseId: null,
      x: 502804.14,
      y: 6268567.02,
      matrikler: ['16g Skive By, Lem'],
      grunde: [],
      bygningerOgAnlaeg: [],
      ejere: [],
    },
    kontaktpersonListe: [],
    cvrAendringer: [],
    wkt: null,
    antal: { tilsyn: 1 },
    sagsbehandlere: [],
  };
}

describe('company side panels (shared with the water plant)', () => {
  it('opens the company timeline with its records linked to the company tabs, then the log instead', async () => {
    stubApi({
      'GET virksomhed/12': () => virksomhed(),
      'PUT Bruger/GemOpsaetning': () => undefined,
      'GET virksomhed/12/tidslinje?start=0&take=100': () => ({
        totalCount: 1,
        items: [
          {
            id: 'registrering-55',
            art: 'tilsyn',
            titel: 'Miljøtilsyn 2026',
            beskrivelse: 'Tilsyn · Basistilsyn',
            dato: '2026-05-04T12:00:00Z',
            bruger: null,
            registreringId: 55,
          },
        ],
      }),
      'GET logbog/list/12': () => [{ ...note, virksomhedId: 12, notat: 'Virksomhedens note' }],
    });
    const t = fakeTile();
    await renderSignedIn(
      <TileContext.Provider value={t.tile}>
        <DetailFrame route={getRoute('virksomhed-tilsyn')} params={{ id: '12' }}>
          {({ v }) => <p>Fanen for {v.basis.navn}</p>}
        </DetailFrame>
      </TileContext.Provider>,
      {
        username: 'virksomhed',
        brugerSettings: {
          ...defaultBrugerSettings(new Date(2025, 0, 1)),
          activeKundeId: 1,
          hideTimeline: true,
          hideLogs: true,
          hideAdHocOpgaver: true,
        },
      },
    );
    await screen.findByText('Fanen for Skive Genbrug & Containerservice');
    await waitFor(() =>
      expect(t.commands.at(-1)?.find((c) => c.shortcut === 'alt+t')?.label).toBe('Vis tidslinje'),
    );
    t.commands
      .at(-1)!
      .find((c) => c.shortcut === 'alt+t')!
      .run();
    const tidslinje = await screen.findByRole('complementary', { name: 'Tidslinje' });
    fireEvent.click(await within(tidslinje).findByText('Miljøtilsyn 2026'));
    expect(t.navigate).toEqual(['/virksomheder/12/tilsyn/55']);
    fireEvent.click(knap('Logbog'));
    const logbog = await screen.findByRole('complementary', { name: 'Logbog' });
    expect(await within(logbog).findByText('Virksomhedens note')).toBeTruthy();
    expect(within(logbog).getByRole('button', { name: 'Tilføj note' })).toBeTruthy();
    expect(aabne()).toEqual(['Logbog']);
  });
});
