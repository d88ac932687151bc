import type { ReactNode } from 'react';
import { getRoute, type RouteParams } from '../../src/app/routes/route-table';
import {
  type TileApi,
  type TileCommand,
  TileContext,
  type ViewComponent,
} from '../../src/app/workspace/tile-api';
import { type BrugerSettings, defaultBrugerSettings } from '../../src/contract/session';
import type { Vandanlaeg } from '../../src/contract/vandanlaeg';
import { renderSignedIn } from '../components/harness';

/**
 * The water plant 7 'Testrup Vandværk' of the component tests, as GET Vandanlaeg/7 answers it:
 * `over` changes basis fields, `top` the rest of the answer.
 */
export function testVandanlaeg(
  over: Partial<Vandanlaeg['basis']> = {},
  version = 5,
  top: Partial<Omit<Vandanlaeg, 'basis' | 'version'>> = {},
): Vandanlaeg {
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
      ejerNavn: 'Testrup Vandværk A.m.b.a.',
      ejerCvrCprNr: '12345674',
      ejerAdresse: 'Vandværksvej 1, 7800 Skive',
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
    ...top,
  };
}

/** What every record of plant 7 in the component tests shares. */
export const registreringFelles = {
  virksomhedId: 7,
  version: 11,
  sagsbehandlerId: null,
  sagsbehandler: null,
  oprettet: '2026-01-01T10:00:00.000Z',
  oprettetAf: 'Vera Vandløb',
  opdateret: '2026-01-01T10:00:00.000Z',
  opdateretAf: null,
  bemaerkning: null,
};

/** A permit of plant 7 for borehole 31, with its derived status; `over` changes fields. */
export const testTilladelse = (
  id: number,
  titel: string,
  status: 'Gældende' | 'Udløbet',
  over: Record<string, unknown> = {},
) => ({
  ...registreringFelles,
  id,
  art: 'VandanlaegTilladelse',
  titel,
  dato: '2020-01-01',
  slutdato: '2030-12-31',
  tilladelsestypeId: 1,
  vandmaengdeM3Aar: 45000,
  vandmaengdeM3Time: null,
  boringIds: [31],
  tilbagekaldt: false,
  tilbagekaldtDato: null,
  journalNr: null,
  tilladelsesformaalId: 1,
  status,
  ...over,
});

/** A tile 't1' that records what the view tells it: navigations, paths opened beside, titles, commands, dirty. */
export function fakeTile() {
  const navigate: string[] = [];
  const beside: string[] = [];
  const titles: (string | null)[] = [];
  const commands: TileCommand[][] = [];
  const dirty: boolean[] = [];
  const tile: TileApi = {
    tileId: 't1',
    focused: true,
    navigate: (p) => navigate.push(p),
    openBeside: (p) => beside.push(p),
    setTitle: (t) => titles.push(t),
    setCommands: (c) => commands.push(c),
    setDirty: (d) => dirty.push(d),
    setFlags: () => {},
  };
  return { tile, navigate, beside, titles, commands, dirty };
}

export type FakeTile = ReturnType<typeof fakeTile>;

/** Renders `ui` in a fake tile for a signed-in user (the options of renderSignedIn); answers the tile. */
export async function renderITile(
  ui: ReactNode,
  opts: Parameters<typeof renderSignedIn>[1] = {},
): Promise<FakeTile> {
  const t = fakeTile();
  await renderSignedIn(<TileContext.Provider value={t.tile}>{ui}</TileContext.Provider>, opts);
  return t;
}

/** Renders the view of route `rute` with `params` in a fake tile (see renderITile). */
export function renderVisning(
  View: ViewComponent,
  rute: Parameters<typeof getRoute>[0],
  params: RouteParams,
  opts: Parameters<typeof renderSignedIn>[1] = {},
): Promise<FakeTile> {
  return renderITile(<View route={getRoute(rute)} params={params} tileId="t1" focused />, opts);
}

/** Bruger settings of customer 1 with the three side panels hidden, unless `over` opens one. */
export const skjultePaneler = (over: Partial<BrugerSettings> = {}): BrugerSettings => ({
  ...defaultBrugerSettings(new Date(2025, 0, 1)),
  activeKundeId: 1,
  hideTimeline: true,
  hideLogs: true,
  hideAdHocOpgaver: true,
  ...over,
});
