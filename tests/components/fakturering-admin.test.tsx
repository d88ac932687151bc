// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ComponentType, useMemo, useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES_TEXT } from '../../machines/unsaved-changes';
import GebyrtyperView from '../../src/app/features/fakturering/GebyrtyperView';
import OpfoelgningOekonomiView from '../../src/app/features/fakturering/OpfoelgningOekonomiView';
import type { RouteParams } from '../../src/app/routes/route-table';
import { getRoute } from '../../src/app/routes/route-table';
import { toastStore } from '../../src/app/ui/toast';
import { type TileApi, TileContext, type ViewProps } from '../../src/app/workspace/tile-api';
import type { Afregningsaar, GebyrTypeAdmin, OekonomiSummer } from '../../src/contract/fakturering';
import { bpFast, formatOere, formatTal, kroner } from '../../src/contract/format';
import type { OpfoelgningOekonomi, Planlaegningsperiode } from '../../src/contract/planlaegning';
import type { BrugerSettings } from '../../src/contract/session';
import { OEKONOMI_KONFLIKT } from '../../src/server/planlaegning/oekonomi';
import { GEBYRTYPE_ART_BRUGT, GEBYRTYPE_KONFLIKT } from '../../src/server/routes/fakturering-admin';
import { opretPlanlaegningsaar } from '../helpers/planlaegningsaar';
import { type SatServer, startSatServer } from '../helpers/sat-server';
import { fakeTile, skjultePaneler } from '../helpers/vandanlaeg-komponent';
import { renderSignedIn, setupComponentTests } from './harness';

/**
 * The economy administration against the real server (seeded PGlite, app.inject) as the demo user
 * 'oekonomi' (OkonomiAdmin): fee types (create with a rate typed the Danish way and sent as exact øre,
 * the address following the form, a stale version's 409), the years' rates (per cent as basis points,
 * each for its calendar year, with its source), and the economic follow-up (the default period, the computed figures beside the
 * rows and their total, create and delete, and a failing fetch that shows nothing stale).
 */

setupComponentTests();

let s: SatServer;
beforeAll(async () => {
  s = await startSatServer('oekonomi');
  // The planning years the follow-up tests use (the seed may have made them already).
  await opretPlanlaegningsaar(s, [2026, 2027]);
}, 60_000);
afterAll(async () => s?.close());
beforeEach(() => s.kobl());

async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const r = await s.api<T>(method, path, body);
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}

const session = (over: Partial<BrugerSettings> = {}) => ({
  username: 'oekonomi',
  user: { userId: String(s.brugerId), customerId: s.kundeId },
  brugerSettings: skjultePaneler({ activeKundeId: s.kundeId, ...over }),
});

/**
 * A tile whose navigation moves the view, as the workspace's does: the params follow the path
 * navigated to (the last segment is the route's optional id).
 */
async function renderLevende(
  View: ComponentType<ViewProps>,
  rute: Parameters<typeof getRoute>[0],
  param: string,
  start: RouteParams,
  opts: ReturnType<typeof session>,
) {
  const t = fakeTile();
  function Vaert() {
    const [params, setParams] = useState<RouteParams>(start);
    const tile = useMemo<TileApi>(
      () => ({
        ...t.tile,
        navigate: (sti: string) => {
          t.navigate.push(sti);
          const m = /\/(\d+)$/.exec(sti);
          setParams(m ? { [param]: m[1]! } : {});
        },
      }),
      [],
    );
    return (
      <TileContext.Provider value={tile}>
        <View route={getRoute(rute)} params={params} tileId="t1" focused />
      </TileContext.Provider>
    );
  }
  await renderSignedIn(<Vaert />, opts);
  return t;
}

const kommando = (t: ReturnType<typeof fakeTile>, id: string) => {
  const c = t.commands.at(-1)?.find((x) => x.id === id);
  if (!c) throw new Error(`ingen kommando ${id}: ${t.commands.at(-1)?.map((x) => x.id)}`);
  return c;
};
const felt = (form: HTMLElement, navn: string) =>
  form.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    `[data-felt="${navn}"] input, [data-felt="${navn}"] textarea`,
  )!;
const skriv = (el: HTMLElement, v: string) => fireEvent.change(el, { target: { value: v } });
/** Waits for a toast with the text (the toasts are drawn by the shell, not by the view). */
const toastMed = (tekst: string | RegExp) =>
  waitFor(() =>
    expect(
      toastStore
        .all()
        .some((t) => (typeof tekst === 'string' ? t.message === tekst : tekst.test(String(t.message)))),
      `toast ${tekst}`,
    ).toBe(true),
  );

describe('fee types (gebyrtyper)', () => {
  it('lists the types with their rate in kroner; Ny gebyrtype saves the rate typed as exact øre and the address follows', async () => {
    const foer = await api<GebyrTypeAdmin[]>('GET', 'fakturering/gebyrtyper');
    const t = await renderLevende(GebyrtyperView, 'fakturering-gebyrtyper', 'satGebyrTypeId', {}, session());
    const liste = await screen.findByRole('grid', { name: 'Gebyrtyper' });
    await within(liste).findAllByText(foer[0]!.navn);
    const raekker = () =>
      within(liste)
        .getAllByRole('row')
        .map((r) => r.textContent ?? '');
    await waitFor(() => expect(raekker().length).toBeGreaterThanOrEqual(foer.length));
    for (const g of foer)
      expect(
        raekker().some((r) => r.includes(g.navn) && r.includes(formatOere(g.satsOere))),
        `${g.navn} ${formatOere(g.satsOere)}`,
      ).toBe(true);
    // The command is in the palette and the shortcut sheet.
    const ny = kommando(t, 'ny-gebyrtype');
    expect(ny).toMatchObject({ label: 'Ny gebyrtype', shortcut: 'alt+n' });
    act(() => ny.run());
    const form = await screen.findByRole('form', { name: 'Ny gebyrtype' });
    // The rate's label follows the fee's kind; the validity says what empty means; the count of fees
    // using the type is the list's only.
    expect(within(form).getByLabelText(/^Sats pr\. time \(kr\.\)/)).toBe(felt(form, 'satsOere'));
    fireEvent.click(within(form).getByLabelText('Fast gebyr'));
    expect(within(form).getByLabelText(/^Beløb \(kr\.\)/)).toBe(felt(form, 'satsOere'));
    fireEvent.click(within(form).getByLabelText('Timesats gebyr'));
    expect(within(form).getByText('Tom: gælder indtil videre')).toBeTruthy();
    expect(within(form).getByLabelText('Aktiv (kan vælges på nye gebyrer)')).toBeTruthy();
    expect(form.querySelector('[data-felt="antalGebyrer"]')).toBeNull();
    skriv(felt(form, 'navn'), 'Miljøtilsyn, særlig indsats');
    skriv(felt(form, 'satsOere'), '1.234,5');
    // What the text is read as shows before saving.
    expect(within(form).getByText('= 1.234,50 kr.')).toBeTruthy();
    skriv(felt(form, 'gyldigFra'), '01-11-2025');
    fireEvent.submit(form);
    await toastMed(/Gebyrtypen 'Miljøtilsyn, særlig indsats' er gemt/);

    const efter = await api<GebyrTypeAdmin[]>('GET', 'fakturering/gebyrtyper');
    const oprettet = efter.find((g) => g.navn === 'Miljøtilsyn, særlig indsats')!;
    expect(oprettet).toMatchObject({
      art: 'timesats',
      satsOere: 123450,
      gyldigFra: '2025-11-01',
      gyldigTil: null,
      aktiv: true,
    });
    const post = s.kald.find((k) => k.method === 'POST' && k.path === 'fakturering/gebyrtyper');
    expect(post?.status).toBe(201);
    // The new type is the one in the address, and its form is open.
    await waitFor(() => expect(t.navigate.at(-1)).toBe(`/fakturering/gebyrtyper/${oprettet.id}`));
    await screen.findByRole('form', { name: 'Gebyrtype Miljøtilsyn, særlig indsats' });
  });

  it('refuses an amount with three decimals in Danish before anything is sent', async () => {
    const [g] = await api<GebyrTypeAdmin[]>('GET', 'fakturering/gebyrtyper');
    await renderLevende(
      GebyrtyperView,
      'fakturering-gebyrtyper',
      'satGebyrTypeId',
      { satGebyrTypeId: String(g!.id) },
      session(),
    );
    const form = await screen.findByRole('form', { name: `Gebyrtype ${g!.navn}` });
    skriv(felt(form, 'satsOere'), '12,345');
    const puts = s.kald.filter((k) => k.method === 'PUT').length;
    fireEvent.submit(form);
    await within(form).findByText('Angiv beløbet i kroner med højst 2 decimaler, fx 1.234,50');
    expect(s.kald.filter((k) => k.method === 'PUT').length).toBe(puts);
  });

  it('Enter on a row opens it in the tile; a version changed meanwhile answers 409 and keeps the input', async () => {
    const typer = await api<GebyrTypeAdmin[]>('GET', 'fakturering/gebyrtyper');
    const g = typer[0]!;
    const t = await renderLevende(GebyrtyperView, 'fakturering-gebyrtyper', 'satGebyrTypeId', {}, session());
    const grid = await screen.findByRole('grid', { name: 'Gebyrtyper' });
    await within(grid).findByText(g.navn);
    grid.focus();
    fireEvent.keyDown(grid, { key: 'Enter' });
    await waitFor(() => expect(t.navigate.at(-1)).toMatch(/^\/fakturering\/gebyrtyper\/\d+$/));
    const aabnet = typer.find((x) => t.navigate.at(-1) === `/fakturering/gebyrtyper/${x.id}`)!;
    const form = await screen.findByRole('form', { name: `Gebyrtype ${aabnet.navn}` });

    // Someone else saves the type meanwhile.
    const { id, antalGebyrer: _a, version, ...input } = aabnet;
    await api('PUT', `fakturering/gebyrtyper/${id}`, { ...input, navn: `${aabnet.navn} (ændret)`, version });
    skriv(felt(form, 'satsOere'), '999,99');
    fireEvent.submit(form);
    expect((await within(form).findByRole('alert')).textContent).toContain(GEBYRTYPE_KONFLIKT);
    expect(felt(form, 'satsOere').value).toBe('999,99');
  });

  it('the kind of a type in use cannot change: the server’s Danish 400 stands at the field', async () => {
    const brugt = (await api<GebyrTypeAdmin[]>('GET', 'fakturering/gebyrtyper')).find(
      (g) => g.antalGebyrer > 0 && g.art === 'fast',
    )!;
    await renderLevende(
      GebyrtyperView,
      'fakturering-gebyrtyper',
      'satGebyrTypeId',
      { satGebyrTypeId: String(brugt.id) },
      session(),
    );
    const form = await screen.findByRole('form', { name: `Gebyrtype ${brugt.navn}` });
    expect(within(form).getByText(/En ny sats gælder kun nye gebyrer/)).toBeTruthy();
    fireEvent.click(within(form).getByLabelText('Timesats gebyr'));
    fireEvent.submit(form);
    await within(form).findByText(GEBYRTYPE_ART_BRUGT);
    const gemt = (await api<GebyrTypeAdmin[]>('GET', 'fakturering/gebyrtyper')).find(
      (g) => g.id === brugt.id,
    )!;
    expect(gemt).toMatchObject({ art: 'fast', version: brugt.version });
  });
});

describe('the years’ rates', () => {
  it('shows each calendar year with its period written out and its source; a year is edited with per cent sent as basis points', async () => {
    let aarene = await api<Afregningsaar[]>('GET', 'fakturering/satser');
    if (!aarene.some((a) => a.aar === 2026)) {
      await api('PUT', 'fakturering/satser/2026', {
        timesatsOere: 38100,
        fremmedAndelBp: 5779,
        husdyrGodkendelseAndelBp: 8000,
        kilde: null,
      });
      aarene = await api<Afregningsaar[]>('GET', 'fakturering/satser');
    }
    const aar2026 = aarene.find((a) => a.aar === 2026)!;
    await renderLevende(GebyrtyperView, 'fakturering-gebyrtyper', 'satGebyrTypeId', {}, session());
    const grid = await screen.findByRole('grid', { name: 'Satser pr. år' });
    const raekke = (await within(grid).findByText('1. januar 2026 – 31. december 2026')).closest('tr')!;
    expect(within(raekke).getByText(formatOere(aar2026.timesatsOere))).toBeTruthy();
    // The seeded 2026 rate says that it is an assumption.
    expect(raekke.textContent).toContain('ANTAGELSE');
    fireEvent.click(within(raekke).getByText('2026'));
    const form = await screen.findByRole('form', { name: 'Satser for 2026' });
    expect(within(form).getByTestId('satser-periode').textContent).toBe('1. januar 2026 – 31. december 2026');
    skriv(felt(form, 'timesatsOere'), '412,35');
    skriv(felt(form, 'fremmedAndelBp'), '57,79');
    skriv(felt(form, 'husdyrGodkendelseAndelBp'), '80');
    skriv(felt(form, 'kilde'), 'Miljøstyrelsens nyhed');
    fireEvent.submit(form);
    await toastMed('Satserne for 2026 er gemt');
    const gemt = (await api<Afregningsaar[]>('GET', 'fakturering/satser')).find((a) => a.aar === 2026)!;
    expect(gemt).toMatchObject({
      timesatsOere: 41235,
      fremmedAndelBp: 5779,
      husdyrGodkendelseAndelBp: 8000,
      kilde: 'Miljøstyrelsens nyhed',
    });
    expect(gemt.version).toBeGreaterThan(aar2026.version);
    // A share above 100 % is refused in Danish.
    skriv(felt(form, 'husdyrGodkendelseAndelBp'), '100,01');
    fireEvent.submit(form);
    await within(form).findByText(/Angiv en procentsats mellem 0 og 100/);
    // The request's own checks follow the field kind's reading: its maximum in its words.
    skriv(felt(form, 'husdyrGodkendelseAndelBp'), '80');
    skriv(felt(form, 'timesatsOere'), '100.000,01');
    fireEvent.submit(form);
    await within(form).findByText('Timesatsen er for stor');
  });

  it('the tile’s one Gem (Ctrl+S) saves the form the cursor is in', async () => {
    const [g] = await api<GebyrTypeAdmin[]>('GET', 'fakturering/gebyrtyper');
    const t = await renderLevende(
      GebyrtyperView,
      'fakturering-gebyrtyper',
      'satGebyrTypeId',
      { satGebyrTypeId: String(g!.id) },
      session(),
    );
    const gebyrForm = await screen.findByRole('form', { name: `Gebyrtype ${g!.navn}` });
    const grid = await screen.findByRole('grid', { name: 'Satser pr. år' });
    fireEvent.click(await within(grid).findByText('2025'));
    const satsForm = await screen.findByRole('form', { name: 'Satser for 2025' });
    const gem = kommando(t, 'gem');
    expect(gem.shortcut).toBe('mod+s');
    const puts = () => s.kald.filter((k) => k.method === 'PUT').map((k) => k.path.split('?')[0]);
    const foer = puts().length;

    const timesats = felt(satsForm, 'timesatsOere');
    skriv(timesats, '391,50');
    timesats.focus();
    act(() => gem.run());
    await toastMed('Satserne for 2025 er gemt');
    expect(puts().slice(foer)).toEqual(['fakturering/satser/2025']);

    const navn = felt(gebyrForm, 'navn');
    skriv(navn, `${g!.navn}.`);
    navn.focus();
    act(() => gem.run());
    await toastMed(`Gebyrtypen '${g!.navn}.' er gemt`);
    expect(puts().slice(foer)).toEqual(['fakturering/satser/2025', `fakturering/gebyrtyper/${g!.id}`]);
  });

  it('a new year starts from the shares, never from the year before’s hourly rate; any year without rates can be typed', async () => {
    await renderLevende(GebyrtyperView, 'fakturering-gebyrtyper', 'satGebyrTypeId', {}, session());
    const grid = await screen.findByRole('grid', { name: 'Satser pr. år' });
    await within(grid).findByText('2026');
    fireEvent.click(screen.getByRole('button', { name: 'Nyt år' }));
    const form = await screen.findByRole('form', { name: 'Satser for et nyt år' });
    const nyeste = Math.max(...(await api<Afregningsaar[]>('GET', 'fakturering/satser')).map((a) => a.aar));
    expect(felt(form, 'aar').value).toBe(String(nyeste + 1));
    expect(felt(form, 'timesatsOere').value).toBe('');
    expect(felt(form, 'kilde').value).toBe('');
    expect(felt(form, 'fremmedAndelBp').value).toBe(bpFast(5779));
    expect(felt(form, 'husdyrGodkendelseAndelBp').value).toBe(bpFast(8000));
    expect(form.textContent).toContain(`Miljøstyrelsens timetakst for arbejde udført i ${nyeste + 1}`);
    // A year with rates already is refused at the field; 2023 (which a stopped run may name) is saved.
    skriv(felt(form, 'aar'), '2026');
    skriv(felt(form, 'timesatsOere'), '450,00');
    fireEvent.submit(form);
    await within(form).findByText('Året har allerede satser: vælg det i listen');
    skriv(felt(form, 'aar'), '2023');
    expect(within(form).getByTestId('satser-periode').textContent).toBe('1. januar 2023 – 31. december 2023');
    fireEvent.submit(form);
    await toastMed('Satserne for 2023 er gemt');
    const gemt = (await api<Afregningsaar[]>('GET', 'fakturering/satser')).find((a) => a.aar === 2023)!;
    expect(gemt).toMatchObject({
      fra: '2023-01-01',
      timesatsOere: 45_000,
      fremmedAndelBp: 5779,
      kilde: null,
    });
  });

  it('another year while the open year’s form holds changes asks first; staying keeps the input', async () => {
    await renderLevende(GebyrtyperView, 'fakturering-gebyrtyper', 'satGebyrTypeId', {}, session());
    const grid = await screen.findByRole('grid', { name: 'Satser pr. år' });
    fireEvent.click(await within(grid).findByText('2026'));
    const form = await screen.findByRole('form', { name: 'Satser for 2026' });
    skriv(felt(form, 'timesatsOere'), '777,77');
    fireEvent.click(within(grid).getByText('2022'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(UNSAVED_CHANGES_TEXT.body)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(felt(screen.getByRole('form', { name: 'Satser for 2026' }), 'timesatsOere').value).toBe('777,77');
    fireEvent.click(within(grid).getByText('2022'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: UNSAVED_CHANGES_TEXT.proceed }),
    );
    await screen.findByRole('form', { name: 'Satser for 2022' });
    const gemt = (await api<Afregningsaar[]>('GET', 'fakturering/satser')).find((a) => a.aar === 2026)!;
    expect(gemt.timesatsOere).not.toBe(77777);
  });
});

describe('the economic follow-up (opfoelgningoekonomi)', () => {
  const perioder = () =>
    api<Planlaegningsperiode[]>('GET', `PlanlaegningsPeriode/planlaegningYears/${s.kundeId}`);
  /** A follow-up row of the period made on the server (small figures unless given). */
  const nyRaekke = (periodeId: number, tekst: string, tal: Partial<OpfoelgningOekonomi> = {}) =>
    api<OpfoelgningOekonomi>('POST', 'aarsplanlaegning/opfoelgningOekonomiData', {
      periodeId,
      tekst,
      planlagteTimer: 1,
      registreredeTimer: 0,
      faktureredeTimer: 0,
      planlagtBeloebOere: 100,
      faktureretBeloebOere: 0,
      ...tal,
    });
  /** The view on the period, in a tile whose navigation moves it. */
  const visPeriode = (periodeId: number) =>
    renderLevende(
      OpfoelgningOekonomiView,
      'fakturering-opfoelgningoekonomi',
      'aarsplanlaegningid',
      { aarsplanlaegningid: String(periodeId) },
      session(),
    );
  /** Chooses a row in the list; answers the list and the row's form. */
  const aabnRaekke = async (tekst: string) => {
    const grid = await screen.findByRole('grid', { name: 'Opfølgningens rækker' });
    fireEvent.click(await within(grid).findByText(tekst));
    return { grid, form: await screen.findByRole('form', { name: `Opfølgning ${tekst}` }) };
  };

  it('the economy administrator reads the periods; without a period in the address the session’s planning year is shown and put there', async () => {
    const alle = await perioder();
    const p2026 = alle.find((p) => p.aar === 2026)!;
    const t = await renderLevende(
      OpfoelgningOekonomiView,
      'fakturering-opfoelgningoekonomi',
      'aarsplanlaegningid',
      {},
      session({ activePlanlaegningsAar: 2026 } as Partial<BrugerSettings>),
    );
    await waitFor(() => expect(t.navigate).toEqual([`/fakturering/opfoelgningoekonomi/${p2026.id}`]));
    const vaelger = (await screen.findByRole('combobox')) as HTMLSelectElement;
    expect(vaelger.value).toBe(String(p2026.id));
    expect(kommando(t, 'vaelg-periode')).toMatchObject({
      label: 'Vælg planlægningsperiode',
      shortcut: 'alt+p',
    });
  });

  it('shows the computed figures beside the rows and their total; a row is created and deleted after a question', async () => {
    const p = (await perioder()).find((x) => x.aar === 2027)!;
    const tal = await api<OekonomiSummer>('GET', `fakturering/opfoelgning/${p.id}`);
    const t = await visPeriode(p.id);
    const beregnet = await screen.findByTestId('oekonomi-beregnet');
    const halve = (h: number) => `${(h / 2).toFixed(1).replace('.', ',')} t`;
    await waitFor(() =>
      expect([...beregnet.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
        halve(tal.planlagteTimerHalve),
        halve(tal.registreredeTimerHalve),
        halve(tal.faktureredeTimerHalve),
        '–',
        formatOere(tal.faktureretBeloebOere),
      ]),
    );
    const foer = await api<OpfoelgningOekonomi[]>(
      'GET',
      `aarsplanlaegning/opfoelgningOekonomiData/list/${p.id}`,
    );

    act(() => kommando(t, 'ny').run());
    const form = await screen.findByRole('form', { name: 'Ny opfølgningsrække' });
    // Amounts are typed in kroner, and their labels say so.
    expect(within(form).getByRole('textbox', { name: /^Planlagt beløb \(kr\.\)/ })).toBe(
      felt(form, 'planlagtBeloebOere'),
    );
    skriv(felt(form, 'tekst'), 'Landbrug, 1. halvår');
    skriv(felt(form, 'planlagteTimer'), '12,5');
    skriv(felt(form, 'registreredeTimer'), '10');
    skriv(felt(form, 'faktureredeTimer'), '7,5');
    skriv(felt(form, 'planlagtBeloebOere'), '4.762,50');
    skriv(felt(form, 'faktureretBeloebOere'), '2.857,51');
    fireEvent.submit(form);
    await toastMed("Opfølgningen 'Landbrug, 1. halvår' er gemt");
    const efter = await api<OpfoelgningOekonomi[]>(
      'GET',
      `aarsplanlaegning/opfoelgningOekonomiData/list/${p.id}`,
    );
    const ny = efter.find((r) => r.tekst === 'Landbrug, 1. halvår')!;
    expect(ny).toMatchObject({
      planlagteTimer: 12.5,
      registreredeTimer: 10,
      faktureredeTimer: 7.5,
      planlagtBeloebOere: 476250,
      faktureretBeloebOere: 285751,
    });
    // The total row sums every row of the period.
    const iAlt = screen.getByTestId('oekonomi-i-alt');
    const sumPlanlagt = [...foer, ny].reduce((s, r) => s + r.planlagtBeloebOere, 0);
    const sumTimer = [...foer, ny].reduce((s, r) => s + r.planlagteTimer, 0);
    await waitFor(() => {
      const celler = [...iAlt.querySelectorAll('td')].map((td) => td.textContent);
      expect(celler[0]).toBe(halve(sumTimer * 2));
      expect(celler[3]).toBe(formatOere(sumPlanlagt));
    });
    const grid = screen.getByRole('grid', { name: 'Opfølgningens rækker' });
    expect(within(grid).getByText('Landbrug, 1. halvår').closest('tr')!.textContent).toContain('12,5 t');

    // Delete: asks first; Slet removes it on the server.
    const rettet = await screen.findByRole('form', { name: 'Opfølgning Landbrug, 1. halvår' });
    fireEvent.click(within(rettet).getByRole('button', { name: /Slet/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Slet' }));
    await toastMed("Opfølgningsrækken 'Landbrug, 1. halvår' er slettet");
    const slut = await api<OpfoelgningOekonomi[]>(
      'GET',
      `aarsplanlaegning/opfoelgningOekonomiData/list/${p.id}`,
    );
    expect(slut.some((r) => r.id === ny.id)).toBe(false);
  });

  it('Udfyld med systemets tal fills the hours and the invoiced amount (kroner) with the computed figures', async () => {
    // A period with computed hours (the seed's 2026), so a fill that does nothing is seen.
    const medTal = await Promise.all(
      (await perioder()).map(async (x) => ({
        p: x,
        tal: await api<OekonomiSummer>('GET', `fakturering/opfoelgning/${x.id}`),
      })),
    );
    const { p, tal } = medTal.find((m) => m.tal.planlagteTimerHalve > 0 && m.tal.registreredeTimerHalve > 0)!;
    const t = await visPeriode(p.id);
    await screen.findByTestId('oekonomi-beregnet');
    await waitFor(() => expect(kommando(t, 'ny').disabled).toBe(false));
    act(() => kommando(t, 'ny').run());
    const form = await screen.findByRole('form', { name: 'Ny opfølgningsrække' });
    expect(felt(form, 'planlagtBeloebOere').value).toBe('0,00');
    await waitFor(() => expect(kommando(t, 'udfyld-opfoelgning').disabled).toBe(false));
    act(() => kommando(t, 'udfyld-opfoelgning').run());
    // Half hours as hours ('12,5'), øre as kroner ('1.234,50'): the same texts the fields write.
    const timer = (halve: number) => formatTal(halve / 2);
    await waitFor(() => expect(felt(form, 'planlagteTimer').value).toBe(timer(tal.planlagteTimerHalve)));
    expect(felt(form, 'registreredeTimer').value).toBe(timer(tal.registreredeTimerHalve));
    expect(felt(form, 'faktureredeTimer').value).toBe(timer(tal.faktureredeTimerHalve));
    expect(felt(form, 'faktureretBeloebOere').value).toBe(kroner(tal.faktureretBeloebOere));
    expect(felt(form, 'planlagtBeloebOere').value).toBe('0,00');
    // The fill is a change as typing is: the tile's guard sees it, and Gem saves the figures.
    expect(t.dirty.at(-1)).toBe(true);
    expect(within(form).getByText('Ikke gemte ændringer')).toBeTruthy();
    const knap = within(form).getByRole('button', { name: 'Udfyld med systemets tal' });
    expect(knap.getAttribute('title')).toMatch(/Udfyld med systemets tal \(.*U\)/i);
    skriv(felt(form, 'tekst'), 'Udfyldt af systemet');
    fireEvent.submit(form);
    await toastMed("Opfølgningen 'Udfyldt af systemet' er gemt");
    const gemt = (
      await api<OpfoelgningOekonomi[]>('GET', `aarsplanlaegning/opfoelgningOekonomiData/list/${p.id}`)
    ).find((r) => r.tekst === 'Udfyldt af systemet')!;
    expect(gemt).toMatchObject({
      planlagteTimer: tal.planlagteTimerHalve / 2,
      registreredeTimer: tal.registreredeTimerHalve / 2,
      faktureredeTimer: tal.faktureredeTimerHalve / 2,
      planlagtBeloebOere: 0,
      faktureretBeloebOere: tal.faktureretBeloebOere,
    });
    expect(t.dirty.at(-1)).toBe(false);
  });

  it('moving to another row while the form holds changes asks first; staying keeps the input', async () => {
    const p = (await perioder()).find((x) => x.aar === 2027)!;
    await nyRaekke(p.id, 'Vagt, første');
    await nyRaekke(p.id, 'Vagt, anden');
    await visPeriode(p.id);
    const { grid, form } = await aabnRaekke('Vagt, første');
    skriv(felt(form, 'planlagteTimer'), '3');
    fireEvent.click(within(grid).getByText('Vagt, anden'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(UNSAVED_CHANGES_TEXT.body)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('form', { name: 'Opfølgning Vagt, første' })).toBe(form);
    expect(felt(form, 'planlagteTimer').value).toBe('3');

    fireEvent.click(within(grid).getByText('Vagt, anden'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: UNSAVED_CHANGES_TEXT.proceed }),
    );
    await screen.findByRole('form', { name: 'Opfølgning Vagt, anden' });
  });

  it('a failing fetch logs and shows the error state, never the previous period’s rows', async () => {
    const alle = await perioder();
    const a = alle.find((x) => x.aar === 2027)!;
    const b = alle.find((x) => x.aar === 2026)!;
    await nyRaekke(a.id, 'Rækken fra 2027', {
      registreredeTimer: 1,
      faktureredeTimer: 1,
      faktureretBeloebOere: 100,
    });
    await visPeriode(a.id);
    await screen.findByText('Rækken fra 2027');

    // The network fails for the follow-up from now on (the server is not asked).
    const virkelig = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        /opfoelgningOekonomiData\/list|fakturering\/opfoelgning\//.test(String(input))
          ? Promise.reject(new TypeError('Failed to fetch'))
          : virkelig(input, init),
      ),
    );
    const fejl = vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.change(screen.getByRole('combobox'), { target: { value: String(b.id) } });
    await screen.findByText(/Opfølgningen for 2026 kunne ikke hentes/);
    expect(fejl).toHaveBeenCalled();
    expect(screen.queryByText('Rækken fra 2027')).toBeNull();
    expect(screen.queryByTestId('oekonomi-beregnet')).toBeNull();
  });

  it('a row changed by someone else meanwhile answers 409 in Danish and keeps the input', async () => {
    const p = (await perioder()).find((x) => x.aar === 2027)!;
    const r = await nyRaekke(p.id, 'Virksomheder, hele året', {
      planlagteTimer: 20,
      planlagtBeloebOere: 800000,
    });
    await visPeriode(p.id);
    const { form } = await aabnRaekke('Virksomheder, hele året');
    const { id, periodeId: _p, version, ...felter } = r;
    await api('PUT', `aarsplanlaegning/opfoelgningOekonomiData/${id}`, {
      ...felter,
      registreredeTimer: 2,
      version,
    });
    skriv(felt(form, 'faktureretBeloebOere'), '1.000,00');
    fireEvent.submit(form);
    expect((await within(form).findByRole('alert')).textContent).toContain(OEKONOMI_KONFLIKT);
    expect(felt(form, 'faktureretBeloebOere').value).toBe('1.000,00');
  });
});
