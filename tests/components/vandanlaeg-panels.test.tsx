// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VANDANLAEG_RAMME } from '../../src/app/features/vandanlaeg/ejer';
import TilladelserView from '../../src/app/features/vandanlaeg/TilladelserView';
import { VIRKSOMHED_RAMME } from '../../src/app/features/virksomhed/ejer';
import { EjerRamme } from '../../src/app/records/ramme-ejer';
import { getRoute } from '../../src/app/routes/route-table';
import { opslag } from '../helpers/opslag';
import {
  renderITile,
  renderVisning,
  skjultePaneler,
  testTilladelse,
  testVandanlaeg,
} from '../helpers/vandanlaeg-komponent';
import { testVirksomhed } from '../helpers/virksomhed-fixture';
import { type ApiCall, setupComponentTests, stubApi } from './harness';

/**
 * The water plant's side panels (spec 001 §3/§4): the frame offers the timeline, the log and the ad
 * hoc tasks of the plant, opens each from its toolbar button or its tile command, and shows one at a
 * time (opening one hides the other two, saved to brugerSettings). The company frame uses the same
 * panels: its timeline links to its own tabs.
 */

setupComponentTests();

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
    'GET Vandanlaeg/7': () => testVandanlaeg(),
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
    'GET AdHocOpgave/emner': () => opslag([['OPF', 'Opfølgning']]),
  });
}

async function renderFrame(username: string) {
  const t = await renderITile(
    <EjerRamme ejer={VANDANLAEG_RAMME} route={getRoute('vandanlaeg-tilsyn')} params={{ id: '7' }}>
      {({ plant }) => <p>Fanen for {plant.basis.anlaegsnavn}</p>}
    </EjerRamme>,
    // Every panel hidden to begin with.
    { username, brugerSettings: skjultePaneler() },
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
    const tilladelse = testTilladelse(3, 'Tilladelse 2020', 'Gældende', { boringIds: [] });
    let noter = [note];
    const calls = stubApi({
      'GET Vandanlaeg/7': () => testVandanlaeg(),
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
      'GET MWVandanlaegLookUp/list/jupitertilladelsetype': () => opslag(['Indvindingstilladelse']),
      'GET sagsbehandler/list/1?type=Vandanlaeg': () => [{ brugerId: 42, navn: 'Vera Vandløb' }],
    });
    await renderVisning(
      TilladelserView,
      'vandanlaeg-tilladelser',
      { id: '7', tilladelseid: '3' },
      { username: 'vand', brugerSettings: skjultePaneler({ hideLogs: false }) },
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

describe('company side panels (shared with the water plant)', () => {
  it('opens the company timeline with its records linked to the company tabs, then the log instead', async () => {
    stubApi({
      'GET virksomhed/12': () => testVirksomhed(),
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
    const t = await renderITile(
      <EjerRamme ejer={VIRKSOMHED_RAMME} route={getRoute('virksomhed-tilsyn')} params={{ id: '12' }}>
        {({ v }) => <p>Fanen for {v.basis.navn}</p>}
      </EjerRamme>,
      { username: 'virksomhed', brugerSettings: skjultePaneler() },
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
