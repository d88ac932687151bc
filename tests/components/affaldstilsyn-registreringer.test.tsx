// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import BrugerbetalingView from '../../src/app/features/affaldstilsyn/BrugerbetalingView';
import OpfoelgendeTilsynView from '../../src/app/features/affaldstilsyn/OpfoelgendeTilsynView';
import { RegistreringView as HaandhaevelserView } from '../../src/app/features/affaldstilsyn/registreringer';
import { FeltInput } from '../../src/app/records/FeltInput';
import { formatOere } from '../../src/contract/format';
import { SAT_VIRKSOMHED_FELTER } from '../../src/contract/sat';
import { nyGebyrType, nyPeriode, nySatVirksomhed } from '../helpers/sat-fixtures';
import { type SatServer, startSatServer } from '../helpers/sat-server';
import { renderITile, renderVisning } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

setupComponentTests();
// The real server answers slower than a stub on a busy machine: wait longer for it (no timing is tested).
configure({ asyncUtilTimeout: 8000 });

/**
 * The SAT company's record tabs against the real server (seeded PGlite, the client's calls handed to
 * the app): follow-up inspections with the server's 'Varsles senest', enforcement, and fees with the
 * amount computed beside the hours from the fee type valid on the inspection date.
 */

let s: SatServer;
let satId: number;
let periode: number;
let type2025: number;
let type2026: number;
let fast: number;

beforeAll(async () => {
  s = await startSatServer('affald');
  const db = s.database.db;
  periode = await nyPeriode(db, s.kundeId, 2026);
  satId = await nySatVirksomhed(db, s.kundeId, periode, { navn: 'Komponent Affald ApS' });
  type2025 = await nyGebyrType(db, s.kundeId, {
    navn: 'Komponenttimer 2025',
    art: 'timesats',
    satsOere: 65_000,
    gyldigFra: '2025-01-01',
    gyldigTil: '2025-12-31',
  });
  type2026 = await nyGebyrType(db, s.kundeId, {
    navn: 'Komponenttimer 2026',
    art: 'timesats',
    satsOere: 68_500,
    gyldigFra: '2026-01-01',
  });
  fast = await nyGebyrType(db, s.kundeId, {
    navn: 'Komponent fast',
    art: 'fast',
    satsOere: 150_000,
    gyldigFra: '2020-01-01',
  });
});
afterAll(async () => s?.close());

const bruger = () => ({ username: 'affald', user: { userId: String(s.brugerId), customerId: s.kundeId } });

function vis(View: Parameters<typeof renderVisning>[0], rute: string, params: Record<string, string>) {
  s.kobl();
  return renderVisning(View, rute as Parameters<typeof renderVisning>[1], params, bruger());
}

const felt = <T extends Element = HTMLInputElement>(form: HTMLElement, navn: string) => {
  const el = form.querySelector(`[name="${navn}"]`);
  if (!el) throw new Error(`no field ${navn}`);
  return el as unknown as T;
};

/** The form of a record kind (its aria-label is the kind's name). */
const formen = (navn: string) => screen.findByRole('form', { name: navn });

/**
 * Creates a record of the SAT company through the API (POST `sti`), opens `View` on it (`param` its id
 * in the path) and answers its id and the form `formNavn`.
 */
async function visOprettet(
  sti: string,
  krop: Record<string, unknown>,
  View: Parameters<typeof renderVisning>[0],
  rute: string,
  param: string,
  formNavn: string,
) {
  const r = await s.api('POST', `${sti}/${satId}`, krop);
  expect(r.status).toBe(201);
  await vis(View, rute, { id: String(satId), [param]: String(r.body.id) });
  return { id: r.body.id, form: await formen(formNavn) };
}

const gebyrHint = () => screen.getByTestId('gebyr-beregning').textContent;

describe('kroner from øre', () => {
  it('formats the integer øre exactly', () => {
    expect(formatOere(171_250)).toBe('1.712,50 kr.');
    expect(formatOere(5)).toBe('0,05 kr.');
    expect(formatOere(100_000_001)).toBe('1.000.000,01 kr.');
    expect(formatOere(-1_050)).toBe('-10,50 kr.');
    expect(formatOere(0)).toBe('0,00 kr.');
  });
});

describe('the period field', () => {
  it("offers the customer's inspection periods (special lookup 'satTilsynsperiode')", async () => {
    s.kobl();
    const felt = SAT_VIRKSOMHED_FELTER.find((f) => f.navn === 'satTilsynsperiodeId')!;
    await renderITile(
      <FeltInput
        felt={felt}
        value={periode}
        onChange={() => {}}
        ctx={{ ejer: { id: satId, type: 4 }, kundeId: s.kundeId, disabled: false, kendteNavne: new Map() }}
      />,
      bruger(),
    );
    const select = (await screen.findByLabelText(/^Tilsynsperiode/)) as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('Affaldstilsyn 2026'));
    expect(s.kald.some((k) => k.path === `SATTilsynsperiode/tilsynsperiodelookup/${s.kundeId}`)).toBe(true);
  });
});

describe('follow-up inspections', () => {
  it('creates a physical visit and lists the day it must be notified by (server derived)', async () => {
    const tile = await vis(OpfoelgendeTilsynView, 'affaldstilsyn-opfoelgendetilsyn', { id: String(satId) });
    const liste = await screen.findByRole('region', { name: 'Opfølgende tilsyn' });
    expect(within(liste).getByRole('columnheader', { name: /Varsles senest/ })).toBeTruthy();
    fireEvent.click(within(liste).getByRole('button', { name: /^Ny/ }));
    const form = await formen('Opfølgende tilsyn');
    fireEvent.change(felt(form, 'titel'), { target: { value: 'Genbesøg lager' } });
    expect(felt<HTMLSelectElement>(form, 'tilsynstype').value).toBe('Fysisk');
    fireEvent.change(felt(form, 'dato'), { target: { value: '15-06-2026' } });
    // Before saving the form says what the server will derive.
    await screen.findByText('Bliver 01-06-2026, når tilsynet gemmes');
    fireEvent.click(within(form).getByRole('button', { name: /^Gem/ }));
    const raekke = (await within(liste).findByRole('gridcell', { name: 'Genbesøg lager' })).closest('tr')!;
    expect(within(raekke).getByRole('gridcell', { name: '01-06-2026' })).toBeTruthy();
    const saved = s.kald.find((k) => k.method === 'POST' && k.path === `sattilsyn/${satId}`);
    expect(saved).toBeTruthy();
    await waitFor(() =>
      expect(tile.navigate.at(-1)).toMatch(new RegExp(`^/affaldstilsyn/${satId}/opfoelgendetilsyn/\\d+$`)),
    );
  });

  it('an administrative inspection is not notified', async () => {
    const { form } = await visOprettet(
      'sattilsyn',
      { titel: 'Skrivebordstilsyn', tilsynstype: 'Administrativt', dato: '2026-07-01' },
      OpfoelgendeTilsynView,
      'affaldstilsyn-opfoelgendetilsyn',
      'opfoelgendetilsynid',
      'Opfølgende tilsyn',
    );
    expect(felt(form, 'varslesSenest').value).toBe('');
    expect(within(form).getByText('Kun fysiske tilsyn varsles')).toBeTruthy();
  });
});

describe('enforcement', () => {
  it('opens the record of the path and saves a change', async () => {
    const { id, form } = await visOprettet(
      'sathaandhaevelse',
      {
        titel: 'Påbud om sortering',
        haandhaevelsestype: 'Påbud',
        dato: '2026-05-01',
        frist: '2026-06-01',
        status: 'Åben',
      },
      HaandhaevelserView,
      'affaldstilsyn-haandhaevelser',
      'satHaandhaevelseId',
      'Håndhævelse',
    );
    expect(felt(form, 'titel').value).toBe('Påbud om sortering');
    fireEvent.change(felt(form, 'status'), { target: { value: 'Efterkommet' } });
    fireEvent.click(within(form).getByRole('button', { name: /^Gem/ }));
    const liste = screen.getByRole('region', { name: 'Håndhævelser' });
    await within(liste).findByRole('gridcell', { name: 'Efterkommet' });
    const gemt = await s.api('GET', `sathaandhaevelse/${id}`);
    expect(gemt.body.status).toBe('Efterkommet');
  });
});

describe('fees', () => {
  it('computes the fee beside the hours from the type valid on the date, and lists the saved amount', async () => {
    await vis(BrugerbetalingView, 'affaldstilsyn-brugerbetaling', { id: String(satId) });
    const liste = await screen.findByRole('region', { name: 'Brugerbetaling' });
    fireEvent.click(within(liste).getByRole('button', { name: /^Ny/ }));
    const form = await formen('Gebyr');
    const type = felt<HTMLSelectElement>(form, 'gebyrtypeId');

    // 2026: the 2026 rate is offered, the 2025 one is not.
    fireEvent.change(felt(form, 'dato'), { target: { value: '10-03-2026' } });
    await waitFor(() => expect(type.querySelector(`option[value="${type2026}"]`)).toBeTruthy());
    expect(type.querySelector(`option[value="${type2025}"]`)).toBeNull();
    // The customer's own types: named with their rate, not marked as non-DMA codes.
    expect(type.querySelector(`option[value="${type2026}"]`)?.textContent).toBe(
      'Komponenttimer 2026 (685,00 kr./time)',
    );
    fireEvent.change(type, { target: { value: String(type2026) } });
    expect(gebyrHint()).toBe('Angiv timeantal (sats 685,00 kr.)');
    fireEvent.change(felt(form, 'timeantal'), { target: { value: '2,5' } });
    expect(gebyrHint()).toBe('2,5 t × 685,00 kr. = 1.712,50 kr.');

    // Moving the date into 2025 changes the types: the 2026 type no longer applies.
    fireEvent.change(felt(form, 'dato'), { target: { value: '10-03-2025' } });
    await waitFor(() => expect(type.querySelector(`option[value="${type2025}"]`)).toBeTruthy());
    expect(gebyrHint()).toBe('Gebyrtypen gælder ikke på tilsynsdatoen');
    expect(type.selectedOptions[0]?.textContent).toBe(`Gebyrtype ${type2026} (ikke gyldig på datoen)`);
    fireEvent.change(type, { target: { value: String(type2025) } });
    expect(gebyrHint()).toBe('2,5 t × 650,00 kr. = 1.625,00 kr.');

    fireEvent.click(within(form).getByRole('button', { name: /^Gem/ }));
    const beloeb = await within(liste).findByRole('gridcell', { name: '1.625,00 kr.' });
    const raekke = beloeb.closest('tr')!;
    // The type is named from the list of its own date (not valid today).
    expect(within(raekke).getByRole('gridcell', { name: /Komponenttimer 2025/ })).toBeTruthy();
    expect(within(liste).getByRole('columnheader', { name: /^Beløb/ })).toBeTruthy();
  });

  it('without a date the type cannot be chosen yet', async () => {
    await vis(BrugerbetalingView, 'affaldstilsyn-brugerbetaling', { id: String(satId) });
    const liste = await screen.findByRole('region', { name: 'Brugerbetaling' });
    fireEvent.click(within(liste).getByRole('button', { name: /^Ny/ }));
    const form = await formen('Gebyr');
    fireEvent.change(felt(form, 'dato'), { target: { value: '' } });
    await within(form).findByText('Vælg tilsynsdato først');
    expect(felt<HTMLSelectElement>(form, 'gebyrtypeId').options).toHaveLength(1);
    expect(gebyrHint()).toBe('Vælg tilsynsdato og gebyrtype');
  });

  it('a saved fee shows the server amount; a fixed fee ignores the hours', async () => {
    const r = await s.api('POST', `satgebyr/satvirksomhed/${satId}`, {
      titel: 'Tilsyn marts',
      dato: '2026-03-10',
      gebyrtypeId: type2026,
      timeantal: 3,
    });
    expect(r.status).toBe(201);
    expect(r.body.beloebOere).toBe(205_500);
    await vis(BrugerbetalingView, 'affaldstilsyn-brugerbetaling', {
      id: String(satId),
      gebyrid: String(r.body.id),
    });
    const form = await formen('Gebyr');
    await waitFor(() => expect(gebyrHint()).toBe('3 t × 685,00 kr. = 2.055,00 kr.'));
    // The fee types are a lookup: wait for the fixed fee's option before choosing it.
    const type = felt<HTMLSelectElement>(form, 'gebyrtypeId');
    await waitFor(() => expect(type.querySelector(`option[value="${fast}"]`)).toBeTruthy());
    fireEvent.change(type, { target: { value: String(fast) } });
    expect(gebyrHint()).toBe('Fast gebyr: 1.500,00 kr.');
  });

  it('an invoiced fee is read-only and says so', async () => {
    const r = await s.api('POST', `satgebyr/satvirksomhed/${satId}`, {
      titel: 'Faktureret tilsyn',
      dato: '2026-04-01',
      gebyrtypeId: fast,
      timeantal: null,
    });
    expect(r.status).toBe(201);
    await s.database.db.execute(
      sql`update registrering set data = data || '{"faktureret": true}'::jsonb where id = ${r.body.id}`,
    );
    await vis(BrugerbetalingView, 'affaldstilsyn-brugerbetaling', {
      id: String(satId),
      gebyrid: String(r.body.id),
    });
    const form = await formen('Gebyr');
    await within(form).findByText(/^Faktureret: gebyret er faktureret/);
    expect(within(form).queryByRole('button', { name: /^Gem/ })).toBeNull();
    expect(felt(form, 'timeantal').disabled).toBe(true);
    const liste = screen.getByRole('region', { name: 'Brugerbetaling' });
    const raekke = (await within(liste).findByRole('gridcell', { name: 'Faktureret tilsyn' })).closest('tr')!;
    expect(within(raekke).getByRole('gridcell', { name: '1.500,00 kr.' })).toBeTruthy();
  });
});
