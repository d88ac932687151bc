// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import AffaldstilsynView from '../../src/app/features/affaldstilsyn/AffaldstilsynView';
import { getRoute } from '../../src/app/routes/route-table';
import { TileContext } from '../../src/app/workspace/tile-api';
import type { AnyRecord } from '../../src/contract/record-kind';
import { SAT_LANDBRUG_KATEGORI_FEJL } from '../../src/contract/sat';
import { kunde } from '../../src/server/db/schema';
import { nyPeriode, nySatVirksomhed } from '../helpers/sat-fixtures';
import { type SatServer, startSatServer } from '../helpers/sat-server';
import { fakeTile, renderVisning, skjultePaneler } from '../helpers/vandanlaeg-komponent';
import { renderSignedIn, setupComponentTests } from './harness';

/**
 * The affaldstilsyn tab of a SAT company against the real server (seeded PGlite, the SAT simulator):
 * creating a result, the fraction grid by keyboard, the farm's categories, the transfer to SAT and a
 * failing SAT, and the frame moving from one company to another in the same tile.
 */

setupComponentTests();

let s: SatServer;
let periode: number;
beforeAll(async () => {
  // A SAT that does not answer is given up after 300 ms (the timeout test).
  s = await startSatServer('affald', { SAT_TIMEOUT_MS: '300' });
  periode = await nyPeriode(s.database.db, s.kundeId, 2031);
});
afterAll(async () => s?.close());
beforeEach(() => {
  s.kobl();
  s.sat.saetTilstand('ok');
});

const session = () => ({
  username: 'affald',
  user: { userId: String(s.brugerId), customerId: s.kundeId },
  brugerSettings: skjultePaneler({ activeKundeId: s.kundeId }),
});

const visFane = (id: number) =>
  renderVisning(AffaldstilsynView, 'affaldstilsyn-affaldstilsyn', { id: String(id) }, session());

const ny = (navn: string, erLandbrug = false) =>
  nySatVirksomhed(s.database.db, s.kundeId, periode, { navn, erLandbrug });

/** The company's result as the server holds it. */
async function resultat(id: number): Promise<AnyRecord | undefined> {
  const r = await s.api<AnyRecord[]>('GET', `satresultat/satvirksomhed/list/${id}`);
  expect(r.status).toBe(200);
  return r.body[0];
}

/** A result made through the API (performed, with a result type), for the transfer tests. */
async function opretResultat(id: number, over: Record<string, unknown> = {}): Promise<AnyRecord> {
  const r = await s.api<AnyRecord>('POST', `satresultat/satvirksomhed/${id}`, {
    titel: 'Affaldstilsyn',
    satTilsynsresultatKategori: 'UdtrukketAfSAT',
    satTilsynsresultatTypeId: 1,
    udfoertDato: '2026-03-02',
    affaldsfraktion_Glas: true,
    ...over,
  });
  expect(r.status).toBe(201);
  return r.body;
}

const resultatForm = () => screen.getByRole('form', { name: 'Resultat' });
const celle = (label: string) => screen.getByRole('button', { name: label });

describe('the SAT result', () => {
  it('is created, its fractions toggled by arrows, Space and letter keys, and saved', async () => {
    const id = await ny('Fraktionsprøven ApS');
    const t = await visFane(id);
    await screen.findByText('Der er ikke registreret et resultat af affaldstilsynet endnu.');
    expect(t.titles).toContain('Fraktionsprøven ApS');
    expect(screen.getByTestId('sat-status').textContent).toBe('Udvalgt');

    fireEvent.click(screen.getByRole('button', { name: /Opret resultat/ }));
    const type = (await screen.findByLabelText(/^Resultattype/)) as HTMLSelectElement;
    await waitFor(() => expect(type.querySelectorAll('option').length).toBeGreaterThan(1));
    fireEvent.change(type, { target: { value: '1' } });

    // The grid: one tab stop; → moves from Madaffald to Papir, Space toggles it; 'c' toggles Pap.
    expect(celle('Madaffald').tabIndex).toBe(0);
    expect(celle('Papir').tabIndex).toBe(-1);
    celle('Madaffald').focus();
    fireEvent.keyDown(celle('Madaffald'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(celle('Papir'));
    expect(celle('Papir').tabIndex).toBe(0);
    fireEvent.keyDown(celle('Papir'), { key: ' ' });
    expect(celle('Papir').getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(celle('Papir'), { key: 'c' });
    expect(celle('Pap').getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(celle('Pap'));
    // ↓ moves a row (3 columns in a narrow grid): from Pap (3rd) to Plast (6th); 'r' (Andet) twice is off again.
    fireEvent.keyDown(celle('Pap'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(celle('Plast'));
    fireEvent.keyDown(document.activeElement!, { key: 'r' });
    fireEvent.keyDown(document.activeElement!, { key: 'r' });
    expect(celle('Andet').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('fraktioner-antal').textContent).toBe('2 af 18 valgt');

    fireEvent.click(screen.getByRole('button', { name: 'Opret resultat' }));
    await screen.findByRole('heading', { name: 'Resultat' });
    const r = await resultat(id);
    expect(r).toMatchObject({
      affaldsfraktion_Papir: true,
      affaldsfraktion_Pap: true,
      affaldsfraktion_Madaffald: false,
      affaldsfraktion_Andet: false,
      satTilsynsresultatKategori: 'UdtrukketAfSAT',
      satTilsynsresultatTypeId: 1,
    });

    // 'Alle' and a save: every flag on the server.
    fireEvent.click(screen.getByRole('button', { name: 'Alle' }));
    expect(screen.getByTestId('fraktioner-antal').textContent).toBe('18 af 18 valgt');
    fireEvent.click(within(resultatForm()).getByRole('button', { name: 'Gem' }));
    await waitFor(async () => expect((await resultat(id))?.affaldsfraktion_Andet).toBe(true));
  });

  it('offers a new result of a farm only the two farm categories', async () => {
    const id = await ny('Gården ved Søen', true);
    await visFane(id);
    fireEvent.click(await screen.findByRole('button', { name: /Opret resultat/ }));
    const kategori = (await screen.findByLabelText(/^Kategori/)) as HTMLSelectElement;
    await waitFor(() => expect(kategori.getAttribute('aria-busy')).toBeNull());
    const valg = [...kategori.querySelectorAll('option')].map((o) => o.value).filter(Boolean);
    expect(valg.sort()).toEqual(['DelAfMiljoeTilsyn', 'Paragraf8']);
    expect(kategori.value).toBe('DelAfMiljoeTilsyn');
  });

  it('refuses a saved foreign category on a farm with the Danish message on the field', async () => {
    const id = await ny('Landbruget med forkert kategori');
    await opretResultat(id);
    const sat = (await s.api<Record<string, unknown>>('GET', `satvirksomhed/${id}`)).body;
    const { satResult, gebyrer, overfoersler, satStatus, satTilsynsperiode, fraSatListe, ...rest } = sat;
    void [satResult, gebyrer, overfoersler, satStatus, satTilsynsperiode, fraSatListe];
    const put = await s.api('PUT', `satvirksomhed/${id}`, {
      virksomhedsnavn: rest.virksomhedsnavn,
      cvrNr: null,
      pNr: rest.pNr,
      satTilsynsperiodeId: rest.satTilsynsperiodeId,
      udvalgtDato: rest.udvalgtDato,
      deadlineDato: rest.deadlineDato,
      risikoscore: rest.risikoscore,
      udvaelgelsesmetode: rest.udvaelgelsesmetode,
      erLandbrug: true,
      version: rest.version,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    await visFane(id);
    const timer = (await screen.findByLabelText(/^Timeantal/)) as HTMLInputElement;
    const kategori = screen.getByLabelText(/^Kategori/) as HTMLSelectElement;
    await waitFor(() => expect(kategori.value).toBe('UdtrukketAfSAT'));
    fireEvent.change(timer, { target: { value: '2' } });
    fireEvent.click(within(resultatForm()).getByRole('button', { name: 'Gem' }));
    const felt = kategori.closest('[data-felt]') as HTMLElement;
    await waitFor(() => expect(within(felt).getByText(SAT_LANDBRUG_KATEGORI_FEJL)).toBeTruthy());
    expect((await resultat(id))?.timeantal).toBeNull();
  });
});

describe('the transfer to SAT', () => {
  it('transfers the result and shows the transfer date', async () => {
    const id = await ny('Overførslen A/S');
    await opretResultat(id);
    await visFane(id);
    const status = await screen.findByTestId('sat-overfoersel-status');
    expect(status.textContent).toBe('Ikke overført');
    fireEvent.click(screen.getByRole('button', { name: 'Overfør til SAT' }));
    await waitFor(() =>
      expect(screen.getByTestId('sat-overfoersel-status').textContent).toMatch(
        /^Overført \d\d-\d\d-\d{4} \d\d:\d\d \(oprettet hos Miljøstyrelsen \d\d-\d\d-\d{4}\)$/,
      ),
    );
    const r = await resultat(id);
    expect(r?.overfoertTilMiljoestyrelsenDato).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('sat-status').textContent).toBe('Overført'));
  });

  it('shows a failing SAT in Danish in the panel, leaves the result as it was, and a retry transfers it', async () => {
    const id = await ny('Fejlen ApS');
    const foer = await opretResultat(id);
    await visFane(id);
    await screen.findByTestId('sat-overfoersel-status');
    s.sat.saetTilstand('fejl', 'P-nummeret findes ikke i SAT');
    fireEvent.click(screen.getByRole('button', { name: 'Overfør til SAT' }));
    const fejl = await screen.findByText(/Overførslen til SAT mislykkedes: P-nummeret findes ikke i SAT/);
    expect(fejl.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('sat-overfoersel-status').textContent).toBe(
        'Seneste overførsel fejlede: P-nummeret findes ikke i SAT',
      ),
    );
    const efter = await resultat(id);
    expect(efter?.version).toBe(foer.version);
    expect(efter?.overfoertTilMiljoestyrelsenDato ?? null).toBeNull();

    s.sat.saetTilstand('ok');
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    await waitFor(() =>
      expect(screen.getByTestId('sat-overfoersel-status').textContent).toMatch(/^Overført /),
    );
    expect(screen.queryByText(/Overførslen til SAT mislykkedes/)).toBeNull();
  });

  it('shows a SAT that does not answer as a timeout, and the retry transfers the result once', async () => {
    const id = await ny('Tavsheden ApS');
    const foer = await opretResultat(id);
    await visFane(id);
    await screen.findByTestId('sat-overfoersel-status');
    s.sat.saetTilstand('timeout');
    fireEvent.click(screen.getByRole('button', { name: 'Overfør til SAT' }));
    expect(await screen.findByText(/^SAT svarede ikke i tide\. Resultatet er uændret/)).toBeTruthy();
    expect((await resultat(id))?.version).toBe(foer.version);
    s.sat.saetTilstand('ok');
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    await waitFor(() =>
      expect(screen.getByTestId('sat-overfoersel-status').textContent).toMatch(/^Overført /),
    );
    // SAT holds the result once, although the lost answer's call did reach it.
    const [k] = await s.database.db.select({ nr: kunde.kundeNr }).from(kunde).where(eq(kunde.id, s.kundeId));
    const hos = s.sat.resultater(k!.nr).filter((g) => g.resultat.resultatId === foer.id);
    expect(hos).toHaveLength(1);
    // Both attempts are in the history, newest first.
    fireEvent.click(await screen.findByText(/Tidligere forsøg \(2\)/));
    expect(screen.getByText('Timeout')).toBeTruthy();
  });

  it('waits for a save before a transfer ("Gem først")', async () => {
    const id = await ny('Gem Først ApS');
    await opretResultat(id);
    await visFane(id);
    const knap = (await screen.findByRole('button', { name: 'Overfør til SAT' })) as HTMLButtonElement;
    expect(knap.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Timeantal/), { target: { value: '3' } });
    await waitFor(() => expect(knap.disabled).toBe(true));
    expect(screen.getByText('Gem først')).toBeTruthy();
  });
});

/** The tab of one company in a tile whose address moves to another company (skift). */
let skift: (id: number) => void = () => {};
function Skifter({ start }: { start: number }) {
  const [id, setId] = useState(start);
  skift = setId;
  return (
    <AffaldstilsynView
      route={getRoute('affaldstilsyn-affaldstilsyn')}
      params={{ id: String(id) }}
      tileId="t1"
      focused
    />
  );
}

describe('the frame', () => {
  it('shows only the second company after the tile moves to it', async () => {
    const a = await ny('Første Firma ApS');
    await opretResultat(a, { resultatTypeBemaerkning: 'Bemærkning om det første firma' });
    const b = await ny('Andet Firma ApS');
    const t = fakeTile();
    await renderSignedIn(
      <TileContext.Provider value={t.tile}>
        <Skifter start={a} />
      </TileContext.Provider>,
      session(),
    );
    await screen.findByDisplayValue('Bemærkning om det første firma');
    expect((screen.getByLabelText(/^Virksomhedsnavn/) as HTMLInputElement).value).toBe('Første Firma ApS');

    act(() => skift(b));
    await waitFor(() =>
      expect((screen.getByLabelText(/^Virksomhedsnavn/) as HTMLInputElement).value).toBe('Andet Firma ApS'),
    );
    await screen.findByText('Der er ikke registreret et resultat af affaldstilsynet endnu.');
    expect(screen.queryByDisplayValue('Bemærkning om det første firma')).toBeNull();
    expect(screen.queryByDisplayValue('Første Firma ApS')).toBeNull();
    expect(t.titles.at(-1)).toBe('Andet Firma ApS');
  });
});
