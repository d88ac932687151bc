// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aarStore } from '../../src/app/features/fakturering/api';
import FakturaforslagView from '../../src/app/features/fakturering/FakturaforslagView';
import FakturaoversigtView from '../../src/app/features/fakturering/FakturaoversigtView';
import FejledeView from '../../src/app/features/fakturering/FejledeView';
import GodkendteView from '../../src/app/features/fakturering/GodkendteView';
import type { Batch, Faktura, FakturaRaekke, FakturaSide } from '../../src/contract/fakturering';
import { formatOere } from '../../src/contract/format';
import { type SatServer, startSatServer } from '../helpers/sat-server';
import { type FakeTile, renderVisning, skjultePaneler } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

/**
 * The invoicing flow on the client against the real server (seeded PGlite, the economy simulator) as
 * 'oekonomi': build the proposals of a year, approve the chosen ones (and see a 409 when someone else
 * approved one first), transfer the batch (one invoice refused for its payer data), fix the payer
 * and retry in the failed tab, then credit the batch with a reason and see the totals reconcile.
 * The tests run in order on one server: each picks up where the one before left.
 */

setupComponentTests();

const AAR = 2026;
let s: SatServer;
beforeAll(async () => {
  s = await startSatServer('oekonomi');
}, 60_000);
afterAll(async () => s?.close());
beforeEach(() => {
  s.kobl();
  // Today is 24 November 2026 for the client: settlement year 2026 (1 November 2025 – 31 October
  // 2026) is the one to invoice this month, the chooser's default (issue 30), though 2027 has begun.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 24, 12) });
});

const session = () => ({
  username: 'oekonomi',
  user: { userId: String(s.brugerId), customerId: s.kundeId },
  brugerSettings: skjultePaneler({ activeKundeId: s.kundeId }),
});

async function liste(filtre: string[], take = 100) {
  const q = filtre.map((f) => `filteredColumns=${encodeURIComponent(f)}`).join('&');
  const r = await s.api<FakturaSide>('GET', `fakturering/fakturaer?take=${take}&${q}`);
  expect(r.status).toBe(200);
  return r.body;
}

const kommando = (t: FakeTile, id: string) => {
  const c = t.commands.at(-1)?.find((k) => k.id === id);
  if (!c) throw new Error(`no command ${id}`);
  return c;
};
/** Space on row `index` of the grid (the cursor moved there by keyboard from the first row). */
function vaelg(grid: HTMLElement, index: number) {
  expect(index).toBeGreaterThanOrEqual(0);
  grid.focus();
  fireEvent.keyDown(grid, { key: 'Home' });
  for (let i = 0; i < index; i++) fireEvent.keyDown(grid, { key: 'ArrowDown' });
  fireEvent.keyDown(grid, { key: ' ' });
}

async function koer(t: FakeTile, id: string) {
  await waitFor(() => expect(kommando(t, id).disabled).toBeFalsy());
  await act(async () => kommando(t, id).run());
}

/** The two proposals the tests approve: the first two of the list (sorted by company name). */
let valgte: FakturaRaekke[] = [];
let batchId = 0;
/** The batch the other user made; the approved tab cancels it. */
let andenBatchId = 0;

describe('the invoicing flow', () => {
  it('proposals: in November the default year is the one just ended (not built yet), the year before and back are one command each, Dan builds them', async () => {
    aarStore.nulstil();
    const t = await renderVisning(FakturaforslagView, 'fakturering-fakturaforslagliste', {}, session());
    // Today (24 November 2026): settlement year 2026 is to be invoiced; no proposals built yet.
    expect((await screen.findByTestId('fak-tom')).textContent).toContain(
      'Ingen fakturaforslag for afregningsåret 2026',
    );
    const forrige = kommando(t, 'forrige-afregningsaar');
    expect(forrige.label).toBe('Afregningsår 2025');
    expect(forrige.shortcut).toBeTruthy();
    await act(async () => forrige.run());
    expect((await screen.findByTestId('fak-tom')).textContent).toContain(
      'Ingen fakturaforslag for afregningsåret 2025',
    );
    await act(async () => kommando(t, 'naeste-afregningsaar').run());
    expect((await screen.findByTestId('fak-tom')).textContent).toContain(
      'Ingen fakturaforslag for afregningsåret 2026',
    );

    // No drafts: Dan runs without asking, and tells what it made.
    await koer(t, 'dan-fakturaforslag');
    const svar = await screen.findByTestId('dan-svar');
    const server = await liste(['status:forslag', `aar:${AAR}`]);
    expect(server.totalCount).toBeGreaterThan(2);
    expect(svar.textContent).toContain(`${server.totalCount} forslag`);
    expect(svar.textContent).toContain(formatOere(server.sumOere));

    // The table and the sums of every match under it.
    const grid = await screen.findByRole('grid', { name: 'Fakturaforslag' });
    await within(grid).findByText(server.items[0]!.virksomhedsnavn);
    expect(screen.getByTestId('fak-sum').textContent).toContain(formatOere(server.sumOere));
    expect(screen.getByTestId('fak-sum').textContent).toContain(`${server.totalCount} forslag`);

    // The detail panel shows the cursor row's lines, each with its explanation, and the total.
    const foerste = (await s.api<Faktura>('GET', `fakturering/fakturaer/${server.items[0]!.id}`)).body;
    const linjer = await screen.findByRole('table', { name: 'Fakturalinjer' });
    for (const l of foerste.linjer) expect(linjer.textContent).toContain(l.forklaring);
    expect(screen.getByTestId('faktura-total').textContent).toBe(formatOere(foerste.totalOere));
    expect(linjer.textContent).toContain('momsfri');

    // A search narrows the table, but 'Godkend alle' is every proposal of the year, and says so.
    const navn = server.items[0]!.virksomhedsnavn;
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: navn } });
    await waitFor(() =>
      expect(within(grid).getAllByRole('row').length).toBeLessThan(server.items.length + 1),
    );
    await act(async () => kommando(t, 'godkend-alle').run());
    const alle = await screen.findByRole('dialog');
    expect(alle.textContent).toContain(
      `${server.totalCount} fakturaforslag for i alt ${formatOere(server.sumOere)}`,
    );
    fireEvent.click(within(alle).getByRole('button', { name: 'Fortryd' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: '' } });

    // Dan again: drafts exist, so it asks first; Fortryd leaves them.
    await act(async () => kommando(t, 'dan-fakturaforslag').run());
    const spm = await screen.findByRole('dialog');
    expect(spm.textContent).toContain(
      `Der findes ${server.totalCount} fakturaforslag for afregningsåret ${AAR}`,
    );
    fireEvent.click(within(spm).getByRole('button', { name: 'Fortryd' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The seed gives some companies payer data the economy system refuses (an EAN of 12 digits); the
    // first chosen is such one, the second gets valid data.
    const afvist = server.items.find(
      (i) => i.betalerTypeKode === 'EAN' && i.betalingsReference?.length !== 13,
    );
    expect(afvist).toBeTruthy();
    valgte = [afvist!, server.items.find((i) => i.id !== afvist!.id)!];
  }, 60_000);

  it('approves the rows chosen with Space; a proposal someone else approved answers 409 in Danish', async () => {
    // The second one gets payer data the economy system accepts (a CVR payer); the first keeps what
    // the seed gave it, which it refuses (see the first test's choice).
    const [a, b] = valgte;
    const bet = await s.api<{ virksomhedVersion: number }>('GET', `fakturering/fakturaer/${b!.id}/betaler`);
    const r = await s.api('PUT', `fakturering/fakturaer/${b!.id}/betaler`, {
      betalerTypeKode: 'CVR',
      betalingsReference: null,
      cvrNr: '12345678',
      virksomhedVersion: bet.body.virksomhedVersion,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    const t = await renderVisning(FakturaforslagView, 'fakturering-fakturaforslagliste', {}, session());
    // The invoicing tabs share the year chosen before.
    const grid = await screen.findByRole('grid', { name: 'Fakturaforslag' });
    await within(grid).findByText(a!.virksomhedsnavn);
    const raekker = (await liste(['status:forslag', `aar:${AAR}`])).items;
    vaelg(grid, raekker.indexOf(raekker.find((x) => x.id === a!.id)!));
    vaelg(grid, raekker.indexOf(raekker.find((x) => x.id === b!.id)!));
    const sum = a!.totalOere + b!.totalOere;
    await waitFor(() =>
      expect(screen.getByTestId('fak-valgte').textContent).toBe(`Valgt: 2 forslag, ${formatOere(sum)}`),
    );

    await act(async () => kommando(t, 'godkend-valgte').run());
    const spm = await screen.findByRole('dialog');
    expect(spm.textContent).toContain(`2 fakturaforslag for i alt ${formatOere(sum)}`);
    fireEvent.click(within(spm).getByRole('button', { name: 'Godkend 2' }));
    await waitFor(async () => {
      const godkendte = await liste(['status:godkendt', `aar:${AAR}`]);
      expect(godkendte.items.map((r) => r.id).sort()).toEqual([a!.id, b!.id].sort());
    });
    await waitFor(() => expect(within(grid).queryByText(a!.virksomhedsnavn)).toBeNull());
    const batches = await s.api<{ items: Batch[] }>(
      'GET',
      'fakturering/batches?filteredColumns=status:godkendt',
    );
    batchId = batches.body.items[0]!.id;
    expect(batches.body.items[0]!.totalOere).toBe(sum);

    // Someone else approves the proposal under the cursor while this user has it chosen.
    const rest = await liste(['status:forslag', `aar:${AAR}`]);
    const c = rest.items[0]!;
    await within(grid).findByText(c.virksomhedsnavn);
    grid.focus();
    fireEvent.keyDown(grid, { key: 'Home' });
    fireEvent.keyDown(grid, { key: ' ' });
    await screen.findByTestId('fak-valgte');
    const andenBruger = await s.api<Batch>('POST', 'fakturering/forslag/godkend', {
      forslag: [{ id: c.id, version: c.version }],
    });
    expect(andenBruger.status).toBe(201);
    await act(async () => kommando(t, 'godkend-valgte').run());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Godkend 1' }));
    expect((await screen.findByRole('alert')).textContent).toContain('allerede godkendt af en anden');
    // The list is refreshed: the proposal is gone from it, and no second invoice was made.
    await waitFor(() => expect(within(grid).queryByText(c.virksomhedsnavn)).toBeNull());
    expect((await liste(['status:godkendt', `aar:${AAR}`])).totalCount).toBe(3);
    andenBatchId = andenBruger.body.id;
  }, 60_000);

  it('cancels a batch with a reason, then transfers one: the counts of transferred and failed are shown', async () => {
    const t = await renderVisning(GodkendteView, 'fakturering-godkendtefakturaforslag', {}, session());
    const grid = await screen.findByRole('grid', { name: 'Godkendte batches' });
    // Newest first: the other user's batch has the cursor; it is cancelled, with a reason.
    await within(grid).findByText(`#${andenBatchId}`);
    await screen.findByRole('grid', { name: `Fakturaer i batch ${andenBatchId}` });
    await act(async () => kommando(t, 'annuller-batch').run());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('bliver igen fakturaforslag');
    fireEvent.change(within(dialog).getByLabelText(/Årsag/), { target: { value: 'Godkendt ved en fejl' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annullér batch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const annulleret = await s.api<{ items: Batch[] }>(
      'GET',
      'fakturering/batches?filteredColumns=status:annulleret',
    );
    const a0 = annulleret.body.items.find((b) => b.id === andenBatchId);
    expect(a0?.aarsag).toBe('Godkendt ved en fejl');
    expect((await liste(['status:godkendt', `aar:${AAR}`])).totalCount).toBe(2);
    await waitFor(() => expect(within(grid).queryByText(`#${andenBatchId}`)).toBeNull());
    await within(grid).findByText(`#${batchId}`);
    // The cursor batch's invoices beside it.
    const indhold = await screen.findByRole('grid', { name: `Fakturaer i batch ${batchId}` });
    await within(indhold).findByText(valgte[0]!.virksomhedsnavn);
    within(indhold).getByText(valgte[1]!.virksomhedsnavn);
    // Enter on a batch moves the keyboard to its invoices.
    grid.focus();
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(document.activeElement).toBe(indhold);

    await koer(t, 'overfoer-batch');
    // It asks first: how many invoices and the total; the confirm button has focus.
    const spoerg = await screen.findByRole('dialog', {
      name: `Overfør batch #${batchId} til økonomisystemet?`,
    });
    expect(within(spoerg).getByTestId('overfoer-spoergsmaal').textContent).toMatch(
      /^2 fakturaer for i alt .* kr\. /,
    );
    expect(document.activeElement).toBe(within(spoerg).getByRole('button', { name: 'Overfør' }));
    fireEvent.click(within(spoerg).getByRole('button', { name: 'Overfør' }));
    const svar = await screen.findByTestId('overfoer-svar');
    expect(svar.textContent).toContain(`Batch #${batchId}: 1 overført, 1 fejlet`);
    const a = (await s.api<Faktura>('GET', `fakturering/fakturaer/${valgte[0]!.id}`)).body;
    const b = (await s.api<Faktura>('GET', `fakturering/fakturaer/${valgte[1]!.id}`)).body;
    expect(a.status).toBe('fejlet');
    expect(b.status).toBe('overfoert');
    expect(b.fakturanummer).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('fak-tom')).toBeTruthy());
  }, 60_000);

  it('the failed tab: the reason, the payer fixed with the versioned form, and Prøv igen', async () => {
    const t = await renderVisning(FejledeView, 'fakturering-fakturafejledeoversigt', {}, session());
    const grid = await screen.findByRole('grid', { name: 'Fejlede overførsler' });
    const a = valgte[0]!;
    await within(grid).findByText(a.virksomhedsnavn);
    const fejl = (await s.api<Faktura>('GET', `fakturering/fakturaer/${a.id}`)).body.fejl;
    expect(fejl).toBeTruthy();
    expect(screen.getByTestId('fejl-aarsag').textContent).toBe(fejl);

    // 'Prøv alle igen' sends every failed invoice again: unchanged, it is refused again (a new attempt).
    const foer = (await s.api<Faktura>('GET', `fakturering/fakturaer/${a.id}`)).body.forsoeg;
    await koer(t, 'proev-alle-igen');
    await waitFor(async () => {
      const f = (await s.api<Faktura>('GET', `fakturering/fakturaer/${a.id}`)).body;
      expect(f.forsoeg).toBe(foer + 1);
      expect(f.status).toBe('fejlet');
    });

    const form = await screen.findByRole('form', { name: 'Betalerdata' });
    // 'Ret betalerdata' takes the keyboard to the form's first field.
    await act(async () => kommando(t, 'ret-betaler').run());
    expect(document.activeElement).toBe(within(form).getByLabelText(/Betalertype/));
    fireEvent.change(within(form).getByLabelText(/Betalertype/), { target: { value: 'EAN' } });
    // A CVR number of the wrong length is refused in Danish before anything is sent.
    fireEvent.change(within(form).getByLabelText(/CVR-nummer/), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: /Gem betalerdata/ }));
    expect(await within(form).findByText('CVR-nummeret skal være 8 cifre')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/CVR-nummer/), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText(/Betalingsreference/), {
      target: { value: '5790000000005' },
    });
    expect(t.dirty.at(-1)).toBe(true);
    await act(async () => kommando(t, 'gem-betaler').run());
    await waitFor(async () => {
      const bet = await s.api<{ betalingsReference: string }>('GET', `fakturering/fakturaer/${a.id}/betaler`);
      expect(bet.body.betalingsReference).toBe('5790000000005');
    });
    await waitFor(() => expect(t.dirty.at(-1)).toBe(false));

    await koer(t, 'proev-igen');
    await waitFor(async () => {
      const f = (await s.api<Faktura>('GET', `fakturering/fakturaer/${a.id}`)).body;
      expect(f.status).toBe('overfoert');
      expect(f.fakturanummer).toBeTruthy();
    });
    expect((await screen.findByTestId('fak-tom')).textContent).toContain('Ingen fejlede overførsler');
  }, 60_000);

  it('the overview: the totals reconcile, and Kreditér batch needs a reason and makes a credit batch', async () => {
    const t = await renderVisning(FakturaoversigtView, 'fakturering-fakturaoversigt', {}, session());
    const grid = await screen.findByRole('grid', { name: 'Overførte batches' });
    // The tile kept the year chosen on the proposals tab; the year before is one command away here too.
    expect(kommando(t, 'forrige-afregningsaar').label).toBe(`Afregningsår ${AAR - 1}`);
    // No year after: 2027 has no rates and is not the year to invoice.
    expect(t.commands.at(-1)?.some((k) => k.id === 'naeste-afregningsaar')).toBe(false);
    await within(grid).findByText(`#${batchId}`);
    const faktureret = await liste([`aar:${AAR}`, 'status:overfoert|krediteret', 'art:faktura']);
    expect(faktureret.sumOere).toBe(valgte[0]!.totalOere + valgte[1]!.totalOere);
    await waitFor(() =>
      expect(screen.getByTestId('sum-faktureret').textContent).toBe(formatOere(faktureret.sumOere)),
    );
    expect(screen.getByTestId('sum-krediteret').textContent).toBe(formatOere(0));
    expect(screen.getByTestId('sum-netto').textContent).toBe(formatOere(faktureret.sumOere));
    // The invoices with their numbers.
    const indhold = await screen.findByRole('grid', { name: `Fakturaer i batch ${batchId}` });
    const nr = (await s.api<Faktura>('GET', `fakturering/fakturaer/${valgte[1]!.id}`)).body.fakturanummer!;
    await within(indhold).findByText(nr);

    await act(async () => kommando(t, 'krediter-batch').run());
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kreditér batch' }));
    expect(await within(dialog).findByText('Angiv en årsag til krediteringen')).toBeTruthy();
    expect(s.kald.some((k) => k.path.startsWith('Brugerbetaling/KrediterBatch'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Årsag/), { target: { value: 'Forkert timesats' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kreditér batch' }));
    const svar = await screen.findByTestId('kredit-svar');
    const kredit = await s.api<{ items: Batch[] }>('GET', 'fakturering/batches?filteredColumns=art:kredit');
    const k = kredit.body.items[0]!;
    expect(k.kreditererBatchId).toBe(batchId);
    expect(k.totalOere).toBe(-faktureret.sumOere);
    expect(k.aarsag).toBe('Forkert timesats');
    expect(svar.textContent).toContain(`Kreditbatch #${k.id}`);
    expect(svar.textContent).toContain(formatOere(-faktureret.sumOere));
    cleanup();

    // Transfer the credit batch; the overview's net is then zero, invoiced minus credited.
    s.kobl();
    const t2 = await renderVisning(GodkendteView, 'fakturering-godkendtefakturaforslag', {}, session());
    await within(await screen.findByRole('grid', { name: 'Godkendte batches' })).findByText(`#${k.id}`);
    await koer(t2, 'overfoer-batch');
    fireEvent.click(await screen.findByRole('button', { name: 'Overfør' }));
    expect((await screen.findByTestId('overfoer-svar')).textContent).toContain(
      `Batch #${k.id}: 2 overført, 0 fejlet`,
    );
    cleanup();
    s.kobl();
    await renderVisning(FakturaoversigtView, 'fakturering-fakturaoversigt', {}, session());
    await waitFor(() =>
      expect(screen.getByTestId('sum-krediteret').textContent).toBe(formatOere(-faktureret.sumOere)),
    );
    expect(screen.getByTestId('sum-faktureret').textContent).toBe(formatOere(faktureret.sumOere));
    expect(screen.getByTestId('sum-netto').textContent).toBe(formatOere(0));
  }, 90_000);
});
