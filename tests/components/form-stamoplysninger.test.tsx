// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import StamoplysningerView from '../../src/app/features/virksomhed/StamoplysningerView';
import TilsynView from '../../src/app/features/virksomhed/TilsynView';
import { getRoute } from '../../src/app/routes/route-table';
import { type TileApi, type TileCommand, TileContext } from '../../src/app/workspace/tile-api';
import { KONTAKT_KONFLIKT, VIRKSOMHED_KONFLIKT } from '../../src/contract/virksomhed';
import { testVirksomhed } from '../helpers/virksomhed-fixture';
import { type ApiCall, jsonResponse, renderSignedIn, setupComponentTests, stubApi } from './harness';

setupComponentTests();

const lookup = (names: string[]) =>
  names.map((navn, i) => ({
    id: i + 1,
    brugerId: null,
    kode: `K${i + 1}`,
    navn,
    beskrivelse: null,
    prioritet: i + 1,
    dmaKode: true,
    aktiv: true,
  }));

function lookups(): Record<string, () => unknown> {
  const h: Record<string, () => unknown> = {
    'GET dmalookup/virksomhedsgrupper': () => lookup(['IE-virksomhed', 'Listevirksomhed']),
    'GET dmalookup/aktiviteter': () => lookup(['Autoværksted', 'Tankstation']),
    'GET dmalookup/miljoemyndighed': () => lookup(['Skive Kommune']),
    'GET dmalookup/dmaMyndighedstyper': () => lookup(['Kommune']),
    'GET dmalookup/dmaStatus': () => lookup(['Aktiv', 'Inaktiv']),
    'GET dmalookup/batkonklusion': () => lookup(['BAT 1']),
    'GET Kontaktperson/kontaktpersonbetalertypelist': () => lookup(['Virksomhed (CVR-nummer)']),
    'GET sagsbehandler/list/1?type=Virksomhed': () => [{ brugerId: 42, navn: 'Vibeke Virksomhedsen' }],
    'GET kontaktpersontype/list': () => lookup(['Direktør']),
  };
  return h;
}

/** A tile that records what the view tells it. */
function fakeTile() {
  const calls = {
    title: [] as (string | null)[],
    commands: [] as TileCommand[][],
    dirty: [] as boolean[],
    flags: [] as unknown[],
    navigate: [] as string[],
  };
  const tile: TileApi = {
    tileId: 't1',
    focused: true,
    navigate: (p) => calls.navigate.push(p),
    openBeside: () => {},
    setTitle: (t) => calls.title.push(t),
    setCommands: (c) => calls.commands.push(c),
    setDirty: (d) => calls.dirty.push(d),
    setFlags: (f) => calls.flags.push(f),
  };
  return { tile, calls, lastCommands: () => calls.commands.at(-1) ?? [] };
}

async function renderStamoplysninger(username: string, handlers: Record<string, (c: ApiCall) => unknown>) {
  const t = fakeTile();
  const route = getRoute('virksomhed-stamoplysninger');
  const result = await renderSignedIn(
    <TileContext.Provider value={t.tile}>
      <StamoplysningerView route={route} params={{ id: '12' }} tileId="t1" focused />
    </TileContext.Provider>,
    { username },
  );
  await screen.findByLabelText(/^Navn/);
  void handlers;
  return { ...t, ...result };
}

const navn = () => screen.getByLabelText(/^Navn/) as HTMLInputElement;

describe('Stamoplysninger', () => {
  it('names the tile after the company, enables the user-payment tab and offers Gem (Ctrl+S) and the favourite toggle', async () => {
    stubApi({ 'GET virksomhed/12': () => testVirksomhed(), ...lookups() });
    const { calls, lastCommands } = await renderStamoplysninger('virksomhed', {});
    expect(calls.title).toContain('Skive Genbrug & Containerservice');
    expect(calls.flags).toContainEqual({ omfattetAfBrugerbetaling: true });
    await waitFor(() => expect(lastCommands().find((c) => c.label === 'Gem')?.shortcut).toBe('mod+s'));
    expect(lastCommands().find((c) => c.label === 'Tilføj til favoritter')?.shortcut).toBe('mod+d');
    expect(navn().disabled).toBe(false);
    expect(navn().value).toBe('Skive Genbrug & Containerservice');
    // D and S marks on the name, which goes to DMA and SAT.
    const field = navn().closest('[data-felt]') as HTMLElement;
    expect([...field.querySelectorAll('.report-mark')].map((m) => m.getAttribute('title'))).toEqual([
      'Indberettes til DMA',
      'Indberettes til SAT',
    ]);
  });

  it('is read-only with only the read right: fields disabled, no save', async () => {
    stubApi({ 'GET virksomhed/12': () => testVirksomhed(), ...lookups() });
    const { lastCommands } = await renderStamoplysninger('laeser', {});
    expect(navn().disabled).toBe(true);
    expect((screen.getByLabelText(/^Kategori/) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Gem/ })).toBeNull();
    expect(lastCommands().some((c) => c.label === 'Gem')).toBe(false);
    expect(screen.getByText('Kun læseadgang')).toBeTruthy();
  });

  it('checks with the shared schema before saving: the first field in error gets focus, nothing is sent', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const calls = stubApi({ 'GET virksomhed/12': () => testVirksomhed(), ...lookups() });
    const { calls: tile } = await renderStamoplysninger('virksomhed', {});
    fireEvent.change(navn(), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^CVR-nummer/), { target: { value: '12345678' } });
    await waitFor(() => expect(tile.dirty.at(-1)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /Gem/ }));
    expect(await screen.findByText('Feltet er påkrævet')).toBeTruthy();
    expect(screen.getByText('CVR-nummeret skal være 8 cifre og gyldigt (modulus 11)')).toBeTruthy();
    expect(document.activeElement).toBe(navn());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves with Ctrl+S (the Gem command) sending the version; the form is clean afterwards', async () => {
    const calls = stubApi({
      'GET virksomhed/12': () => testVirksomhed(),
      'PUT virksomhed/12/basis': (c) => ({
        ...testVirksomhed({ navn: (c.body as { navn: string }).navn }),
        version: 4,
      }),
      ...lookups(),
    });
    const { calls: tile, lastCommands } = await renderStamoplysninger('virksomhed', {});
    fireEvent.change(navn(), { target: { value: 'Skive Genbrug ApS' } });
    await waitFor(() => expect(tile.dirty.at(-1)).toBe(true));
    await waitFor(() => expect(lastCommands().some((c) => c.label === 'Gem')).toBe(true));
    await act(async () =>
      lastCommands()
        .find((c) => c.label === 'Gem')!
        .run(),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      navn: 'Skive Genbrug ApS',
      version: 3,
      lokalitet: { matrikler: ['16g Skive By, Lem'] },
    });
    await waitFor(() => expect(tile.dirty.at(-1)).toBe(false));
    expect(navn().value).toBe('Skive Genbrug ApS');
  });

  it('a stale save shows the Danish conflict message and keeps what the user typed', async () => {
    stubApi({
      'GET virksomhed/12': () => testVirksomhed(),
      'PUT virksomhed/12/basis': () => jsonResponse({ status: 409, message: VIRKSOMHED_KONFLIKT }, 409),
      ...lookups(),
    });
    const { calls: tile } = await renderStamoplysninger('virksomhed', {});
    fireEvent.change(navn(), { target: { value: 'Mit navn' } });
    fireEvent.click(screen.getByRole('button', { name: /Gem/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(VIRKSOMHED_KONFLIKT);
    expect(navn().value).toBe('Mit navn');
    expect(tile.dirty.at(-1)).toBe(true);
  });

  it("shows the server's 400 messages under the fields", async () => {
    stubApi({
      'GET virksomhed/12': () => testVirksomhed(),
      'PUT virksomhed/12/basis': () =>
        jsonResponse(
          { title: 'Ugyldige data', status: 400, errors: { virksomhedsGruppeId: ['Ukendt værdi: 9'] } },
          400,
        ),
      ...lookups(),
    });
    await renderStamoplysninger('virksomhed', {});
    fireEvent.change(screen.getByLabelText(/^Bemærkning$/, { selector: 'textarea' }), {
      target: { value: 'x' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Gem/ }));
    const field = (await screen.findByText('Ukendt værdi: 9')).closest('[data-felt]') as HTMLElement;
    expect(field.dataset.felt).toBe('virksomhedsGruppeId');
  });
});

describe('a contact person', () => {
  const kontakt = {
    id: 5,
    virksomhedId: 12,
    navn: 'Karen Kontakt',
    rolle: null,
    telefon: null,
    email: null,
    version: 41,
  };
  const medKontakt = () => ({ ...testVirksomhed(), kontaktpersonListe: [kontakt] });
  const gemKontakt = async (navnet: string) => {
    fireEvent.click(await screen.findByRole('button', { name: 'Ret Karen Kontakt' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Navn/), { target: { value: navnet } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    return dialog;
  };

  it('saves a change with the version that was edited', async () => {
    const calls = stubApi({
      'GET virksomhed/12': medKontakt,
      'PUT kontaktperson/5': (c) => ({ ...kontakt, ...(c.body as object), version: 57 }),
      ...lookups(),
    });
    await renderStamoplysninger('virksomhed', {});
    await gemKontakt('Karen Kontaktsen');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      navn: 'Karen Kontaktsen',
      version: 41,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes with the version that was shown', async () => {
    const calls = stubApi({
      'GET virksomhed/12': medKontakt,
      'DELETE kontaktperson/5?version=41': () => undefined,
      ...lookups(),
    });
    await renderStamoplysninger('virksomhed', {});
    fireEvent.click(await screen.findByRole('button', { name: 'Slet Karen Kontakt' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Er du sikker?' })).getByRole('button', {
        name: 'Slet',
      }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('kontaktperson/5?version=41');
  });

  it('a stale change shows the conflict message in the dialog and keeps what the user typed', async () => {
    stubApi({
      'GET virksomhed/12': medKontakt,
      'PUT kontaktperson/5': () => jsonResponse({ status: 409, message: KONTAKT_KONFLIKT }, 409),
      ...lookups(),
    });
    await renderStamoplysninger('virksomhed', {});
    const dialog = await gemKontakt('Mit navn');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(KONTAKT_KONFLIKT);
    expect((within(dialog).getByLabelText(/^Navn/) as HTMLInputElement).value).toBe('Mit navn');
  });
});

describe('a record tab', () => {
  const tilsyn = (id: number, titel: string, dato: string | null) => ({
    id,
    virksomhedId: 12,
    art: 'tilsyn',
    version: 1,
    titel,
    dato,
    sagsbehandlerId: null,
    sagsbehandler: null,
    oprettet: '2026-01-01T10:00:00.000Z',
    oprettetAf: 'Vibeke Virksomhedsen',
    opdateret: '2026-01-01T10:00:00.000Z',
    opdateretAf: null,
    tilsynskategoriId: 1,
    tilsynstypeId: 1,
    baggrundForTilsynId: null,
    varslet: true,
    planlagtStart: null,
    planlagtSlut: null,
    konklusionId: null,
    miljoeForholdIds: [],
    vedroererAnlaegstyperIds: [],
    vedroererKravIds: [],
    risikovurderingId: null,
    filIDMA: false,
    rapportSendt: null,
    bemaerkning: null,
  });

  async function renderTilsyn(params: Record<string, string>) {
    const t = fakeTile();
    await renderSignedIn(
      <TileContext.Provider value={t.tile}>
        <TilsynView
          route={getRoute('virksomhed-tilsyn')}
          params={{ id: '12', ...params }}
          tileId="t1"
          focused
        />
      </TileContext.Provider>,
      { username: 'virksomhed' },
    );
    return t;
  }
  const handlers = () => ({
    'GET virksomhed/12': () => testVirksomhed(),
    'GET virksomhed/12/tilsyn': () => [
      tilsyn(7, 'Basistilsyn 2026', '2026-03-02'),
      tilsyn(5, 'Basistilsyn 2023', '2023-05-01'),
    ],
    'GET dmalookup/tilsynsTyper': () => lookup(['Fysisk tilsyn']),
    'GET dmalookup/tilsynsKategorier': () => lookup(['Basistilsyn']),
    ...lookups(),
  });

  it('the record id in the route selects the record and fills the form', async () => {
    stubApi(handlers());
    await renderTilsyn({ tilsynid: '5' });
    const titel = (await screen.findByLabelText(/^Titel/)) as HTMLInputElement;
    expect(titel.value).toBe('Basistilsyn 2023');
    const row = screen.getByRole('gridcell', { name: 'Basistilsyn 2023' }).closest('tr')!;
    expect(row.getAttribute('aria-selected')).toBe('true');
  });

  it('choosing a row moves the tile to the record’s address; delete asks first', async () => {
    const calls = stubApi({ ...handlers(), 'DELETE tilsyn/7?version=1': () => undefined });
    const t = await renderTilsyn({ tilsynid: '7' });
    await screen.findByLabelText(/^Titel/);
    fireEvent.click(screen.getByRole('gridcell', { name: 'Basistilsyn 2023' }));
    expect(t.calls.navigate.at(-1)).toBe('/virksomheder/12/tilsyn/5');
    fireEvent.click(screen.getByRole('button', { name: /^Slet$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Er du sikker?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fortryd' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /^Slet$/ }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Er du sikker?' })).getByRole('button', {
        name: 'Slet',
      }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === 'tilsyn/7?version=1')).toBe(true),
    );
    await waitFor(() => expect(t.calls.navigate.at(-1)).toBe('/virksomheder/12/tilsyn'));
  });
});
