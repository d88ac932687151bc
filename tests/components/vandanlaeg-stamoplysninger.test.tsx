// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ListeView from '../../src/app/features/vandanlaeg/ListeView';
import StamoplysningerView from '../../src/app/features/vandanlaeg/StamoplysningerView';
import { type BrugerSettings, defaultBrugerSettings } from '../../src/contract/session';
import { VANDANLAEG_KONFLIKT } from '../../src/contract/vandanlaeg';
import type { KontaktpersonRaekke } from '../../src/contract/virksomhed';
import { opslag } from '../helpers/opslag';
import { renderVisning, testVandanlaeg } from '../helpers/vandanlaeg-komponent';
import { type ApiCall, jsonResponse, setupComponentTests, stubApi } from './harness';

setupComponentTests();

function lookups(): Record<string, () => unknown> {
  const l = 'MWVandanlaegLookUp/list';
  return {
    [`GET ${l}/jupiterindvindingsformaal`]: () =>
      opslag([
        ['DRIKKEVAND', 'Drikkevandsforsyning'],
        ['MARKVANDING', 'Markvanding'],
        ['PROCESVAND', 'Procesvand'],
      ]),
    [`GET ${l}/jupitervirksomhedstype`]: () =>
      opslag([
        ['V01', 'Alment vandværk'],
        ['V02', 'Ikke-alment vandværk'],
        ['V10', 'Markvandingsanlæg'],
        ['V20', 'Indvinding til erhverv og industri'],
      ]),
    [`GET ${l}/jupitermuligevirksomhedstype/1`]: () =>
      opslag([
        ['V01', 'Alment vandværk'],
        ['V02', 'Ikke-alment vandværk'],
      ]),
    [`GET ${l}/jupiteranlaegsart`]: () => opslag([['ALMEN', 'Almen vandforsyning']]),
    [`GET ${l}/jupiteraktivstatus`]: () => opslag([['AKTIV', 'Aktiv']]),
    [`GET ${l}/jupitervandtype`]: () => opslag([['GRUNDVAND', 'Grundvand']]),
    [`GET ${l}/jupiterctrlprogram`]: () => opslag([['NORMAL', 'Normal kontrol']]),
    [`GET ${l}/jupiterkoordinatmetode`]: () => opslag([['GPS', 'GPS-indmålt']]),
    [`GET ${l}/kommune`]: () => [{ ...opslag([['779', 'Skive Kommune']])[0]!, id: 779 }],
    'GET sagsbehandler/list/1?type=Vandanlaeg': () => [{ brugerId: 42, navn: 'Vera Vand' }],
    'GET vandanlaeg/7/jupiter/status': () => ({ seneste: null, historik: [] }),
    'GET kontaktpersontype/listjupiter': () =>
      opslag([
        ['FORMAND', 'Formand'],
        ['VANDVAERKSPASSER', 'Vandværkspasser'],
      ]),
    'GET virksomhed/7/kontaktperson': () => [kontakt],
  };
}

/** The plant's contact as its contact list answers it (with the version and the Jupiter id). */
const kontakt: KontaktpersonRaekke = {
  id: 1,
  virksomhedId: 7,
  navn: 'Hanne Holm',
  rolle: 'Formand',
  telefon: '97 11 22 33',
  email: null,
  version: 31,
  jupiterKontaktpersonId: 'K1',
};

const renderView = (username: string, id = '7', brugerSettings?: BrugerSettings) =>
  renderVisning(StamoplysningerView, 'vandanlaeg-stamoplysninger', { id }, { username, brugerSettings });

const anlaegsnavn = () => screen.getByLabelText(/^Anlægsnavn/) as HTMLInputElement;
const xFelt = () => screen.getByLabelText(/^X-koordinat/) as HTMLInputElement;

describe('water plant stamoplysninger', () => {
  it('shows the plant with J marks, the Danish coordinate, under-plants and contacts with Jupiter types', async () => {
    stubApi({ 'GET Vandanlaeg/7': () => testVandanlaeg(), ...lookups() });
    const t = await renderView('vand');
    await screen.findByLabelText(/^Anlægsnavn/);
    expect(t.titles).toContain('Testrup Vandværk');
    await waitFor(() =>
      expect(t.commands.at(-1)?.find((c) => c.label === 'Tilføj til favoritter')?.shortcut).toBe('mod+d'),
    );
    expect(t.commands.at(-1)?.find((c) => c.label === 'Gem')?.shortcut).toBe('mod+s');
    expect(screen.getByText('Anlægsnr. 77900001')).toBeTruthy();
    expect(screen.getByText('Jupiter: ikke indberettet')).toBeTruthy();
    expect(anlaegsnavn().value).toBe('Testrup Vandværk');
    const marks = [...(anlaegsnavn().closest('[data-felt]') as HTMLElement).querySelectorAll('.report-mark')];
    expect(marks.map((m) => m.getAttribute('title'))).toEqual(['Indberettes til Jupiter']);
    expect(xFelt().value).toBe('512.345,6');
    expect((screen.getByLabelText(/^Y-koordinat/) as HTMLInputElement).value).toBe('6.234.567,8');
    expect(await screen.findByText('Formand')).toBeTruthy();
    expect(screen.getByText('K1')).toBeTruthy();
    fireEvent.click(screen.getByText('Testrup Nord'), { ctrlKey: true });
    expect(t.beside).toEqual(['/vandanlaeg/8/stamoplysninger']);
  });

  it('saves the coordinate typed the Danish way with the version', async () => {
    const calls = stubApi({
      'GET Vandanlaeg/7': () => testVandanlaeg(),
      'PUT vandanlaeg/7/basis': () => ({ ...testVandanlaeg(), version: 6 }),
      ...lookups(),
    });
    const t = await renderView('vand');
    await screen.findByLabelText(/^X-koordinat/);
    fireEvent.change(xFelt(), { target: { value: '512.400,25' } });
    await waitFor(() => expect(t.dirty.at(-1)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /^Gem/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT') as ApiCall;
    expect(put.body).toMatchObject({
      version: 5,
      koordinat: { x: 512400.25, y: 6234567.8 },
      anlaegsnavn: 'Testrup Vandværk',
    });
    expect((put.body as Record<string, unknown>).adresse).toBeUndefined();
  });

  it('refuses a coordinate outside Denmark before sending', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const calls = stubApi({ 'GET Vandanlaeg/7': () => testVandanlaeg(), ...lookups() });
    await renderView('vand');
    await screen.findByLabelText(/^X-koordinat/);
    fireEvent.change(xFelt(), { target: { value: '312.345' } });
    fireEvent.click(screen.getByRole('button', { name: /^Gem/ }));
    expect(
      await screen.findByText('Koordinaten ligger uden for Danmarks land- og søterritorium (EPSG:25832)'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('keeps the input on a 409 and says why', async () => {
    stubApi({
      'GET Vandanlaeg/7': () => testVandanlaeg(),
      'PUT vandanlaeg/7/basis': () => jsonResponse({ status: 409, message: VANDANLAEG_KONFLIKT }, 409),
      ...lookups(),
    });
    await renderView('vand');
    await screen.findByLabelText(/^Anlægsnavn/);
    fireEvent.change(anlaegsnavn(), { target: { value: 'Testrup Vandværk AmbA' } });
    fireEvent.click(screen.getByRole('button', { name: /^Gem/ }));
    expect(await screen.findByText(VANDANLAEG_KONFLIKT)).toBeTruthy();
    expect(anlaegsnavn().value).toBe('Testrup Vandværk AmbA');
  });

  it('shows the plant log beside the tab, and adds a note', async () => {
    let noter = [
      {
        id: 1,
        emne: 'Stamoplysninger',
        notat: 'Stamoplysninger ændret: Anlægsnavn: A → B.',
        brugerId: 2,
        bruger: 'Vera Vand',
        dato: '2026-11-20T09:00:00.000Z',
        virksomhedId: 7,
      },
    ];
    const calls = stubApi({
      'GET Vandanlaeg/7': () => testVandanlaeg(),
      'GET logbog/list/7': () => noter,
      'PUT Bruger/GemOpsaetning': () => undefined,
      'POST logbog': (c) => {
        const ny = { ...noter[0]!, id: 2, ...(c.body as { emne: string; notat: string }) };
        noter = [ny, ...noter];
        return jsonResponse(ny, 201);
      },
      ...lookups(),
    });
    const t = await renderView('vand', '7', {
      ...defaultBrugerSettings(new Date(2025, 0, 1)),
      activeKundeId: 1,
    });
    await screen.findByLabelText(/^Anlægsnavn/);
    await waitFor(() => expect(t.commands.at(-1)?.some((c) => c.shortcut === 'alt+b')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Logbog' }));
    expect(await screen.findByText('Stamoplysninger ændret: Anlægsnavn: A → B.')).toBeTruthy();
    const panel = screen.getByRole('complementary', { name: 'Logbog' });
    fireEvent.change(within(panel).getByLabelText(/^Notat/), {
      target: { value: 'Ringede om prøvetagning' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Tilføj note' }));
    expect(await within(panel).findByText('Ringede om prøvetagning')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      virksomhedId: 7,
      emne: 'Telefonnotat',
      notat: 'Ringede om prøvetagning',
    });
  });

  it('offers the over-plants, with a search when the customer has more than the list shows', async () => {
    const raekke = (id: number, navn: string) => ({
      id,
      anlaegsnavn: navn,
      anlaegsnr: null,
      jupiterId: null,
      primaerVirksomhedstype: null,
      adresse: null,
      sagsbehandler: null,
      jupiterStatus: null,
      tilladtMaengde: null,
      udloebsdato: null,
      senestePeriode: null,
      afventer: 0,
    });
    const liste =
      'GET Vandanlaeg/HentVandanlaegListe?kundeid=1&take=200&sortByColumn=anlaegsnavn&sortDirection=ASC';
    const calls = stubApi({
      'GET Vandanlaeg/7': () => testVandanlaeg(),
      [liste]: () => ({
        totalCount: 450,
        items: [raekke(7, 'Testrup Vandværk'), raekke(9, 'Astrup Vandværk')],
      }),
      [`${liste}&filter=Vester`]: () => ({ totalCount: 1, items: [raekke(31, 'Vesterby Vandværk')] }),
      ...lookups(),
    });
    await renderView('vand');
    const over = (await screen.findByLabelText(/^Overanlæg/)) as HTMLSelectElement;
    await waitFor(() => expect([...over.options].map((o) => o.textContent)).toContain('Astrup Vandværk'));
    // The plant itself is never its own over-plant.
    expect([...over.options].map((o) => o.textContent)).not.toContain('Testrup Vandværk');
    const soeg = screen.getByLabelText(/^Søg overanlæg/);
    fireEvent.change(soeg, { target: { value: 'Vester' } });
    fireEvent.keyDown(soeg, { key: 'Enter' });
    await waitFor(() => expect([...over.options].map((o) => o.textContent)).toContain('Vesterby Vandværk'));
    fireEvent.change(over, { target: { value: '31' } });
    expect(over.value).toBe('31');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('is read-only for a reader', async () => {
    stubApi({ 'GET Vandanlaeg/7': () => testVandanlaeg(), ...lookups() });
    await renderView('laeser');
    await screen.findByLabelText(/^Anlægsnavn/);
    expect(anlaegsnavn().disabled).toBe(true);
    expect(xFelt().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Gem/ })).toBeNull();
    expect(screen.getByText('Kun læseadgang')).toBeTruthy();
    expect(await screen.findByText('Hanne Holm')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ny kontaktperson' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ret Hanne Holm' })).toBeNull();
  });

  it('adds a contact with a Jupiter contact type and reloads the plant and its contacts', async () => {
    let liste = [kontakt];
    const calls = stubApi({
      'GET Vandanlaeg/7': () => testVandanlaeg(),
      ...lookups(),
      'GET virksomhed/7/kontaktperson': () => liste,
      'POST virksomhed/7/kontaktperson': (c) => {
        const ny = { ...kontakt, ...(c.body as object), id: 2, version: 40, jupiterKontaktpersonId: null };
        liste = [kontakt, ny];
        return jsonResponse(ny, 201);
      },
    });
    await renderView('vand');
    fireEvent.click(await screen.findByRole('button', { name: 'Ny kontaktperson' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Navn/), { target: { value: 'Villy Vand' } });
    const type = within(dialog).getByLabelText(/^Kontakttype \(Jupiter\)/) as HTMLSelectElement;
    await waitFor(() => expect([...type.options].map((o) => o.text)).toContain('Vandværkspasser'));
    fireEvent.change(type, { target: { value: 'Vandværkspasser' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      navn: 'Villy Vand',
      rolle: 'Vandværkspasser',
    });
    expect(await screen.findByText('Villy Vand')).toBeTruthy();
    const hentet = (sti: string) => calls.filter((c) => c.method === 'GET' && c.path === sti).length;
    expect(hentet('virksomhed/7/kontaktperson')).toBe(2);
    expect(hentet('Vandanlaeg/7')).toBeGreaterThanOrEqual(2);
  });

  it('changes a contact with the version that was shown, and shows a stale change in the dialog', async () => {
    const calls = stubApi({
      'GET Vandanlaeg/7': () => testVandanlaeg(),
      ...lookups(),
      'PUT kontaktperson/1': () =>
        jsonResponse({ status: 409, message: 'Kontaktpersonen er ændret af en anden bruger.' }, 409),
    });
    await renderView('vand');
    fireEvent.click(await screen.findByRole('button', { name: 'Ret Hanne Holm' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Telefon/), { target: { value: '20 30 40 50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Kontaktpersonen er ændret af en anden bruger.',
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      telefon: '20 30 40 50',
      version: 31,
    });
  });

  it('says the plant was not found for an id that is not a water plant', async () => {
    stubApi({
      'GET Vandanlaeg/1': () => jsonResponse({ status: 404, message: 'Vandanlægget blev ikke fundet' }, 404),
    });
    await renderView('vand', '1');
    expect(await screen.findByText('Vandanlægget blev ikke fundet')).toBeTruthy();
  });
});

describe('water plant list', () => {
  it('asks the server for a page with sort and column filters, and opens a plant on Enter', async () => {
    const calls = stubApi({
      'GET MWVandanlaegLookUp/list/jupitervirksomhedstype': () => opslag([['V01', 'Alment vandværk']]),
      ...Object.fromEntries(
        ['', '&filteredColumns=afventer%3Atrue'].map((f) => [
          `GET Vandanlaeg/HentVandanlaegListe?kundeid=1&start=0&take=50&sortByColumn=anlaegsnavn&sortDirection=ASC${f}`,
          () => ({
            totalCount: 1,
            items: [
              {
                id: 7,
                anlaegsnavn: 'Testrup Vandværk',
                anlaegsnr: '77900001',
                jupiterId: '123456',
                primaerVirksomhedstype: 'V01',
                adresse: 'Vandværksvej 2, 7800 Skive',
                sagsbehandler: 'Vera Vand',
                jupiterStatus: 'Fejl',
                tilladtMaengde: 45000,
                udloebsdato: '2030-01-01',
                senestePeriode: '2026-09-30',
                afventer: 2,
              },
            ],
          }),
        ]),
      ),
    });
    const t = await renderVisning(ListeView, 'vandanlaeg', {}, { username: 'vand' });
    expect(await screen.findByText('Testrup Vandværk')).toBeTruthy();
    expect(screen.getByText('45.000')).toBeTruthy();
    expect(screen.getByText('30-09-2026')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Alment vandværk', { selector: 'td, td *' })).toBeTruthy());
    fireEvent.click(screen.getByLabelText('Kun med afventende'));
    await waitFor(() =>
      expect(calls.some((c) => c.path.includes('filteredColumns=afventer%3Atrue'))).toBe(true),
    );
    await screen.findByText('Testrup Vandværk');
    const grid = screen.getByRole('grid');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'Enter' });
    await waitFor(() => expect(t.navigate).toContain('/vandanlaeg/7/stamoplysninger'));
    fireEvent.keyDown(grid, { key: 'Enter', ctrlKey: true });
    expect(t.beside).toContain('/vandanlaeg/7/stamoplysninger');
  });
});
