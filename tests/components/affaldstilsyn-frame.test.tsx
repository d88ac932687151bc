// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AffaldstilsynView from '../../src/app/features/affaldstilsyn/AffaldstilsynView';
import { satVirksomhed, virksomhed } from '../../src/server/db/schema';
import { nyPeriode, nySatVirksomhed } from '../helpers/sat-fixtures';
import { type SatServer, startSatServer } from '../helpers/sat-server';
import { renderVisning, skjultePaneler } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

/**
 * The SAT company's frame against the real server: the header line (status, deadline passed,
 * Miljøstyrelsen's list, read-only master data), the side panels on the company row, and the
 * Danish states of a company that is not there or may not be read.
 */

setupComponentTests();

let s: SatServer;
let periode: number;
beforeAll(async () => {
  s = await startSatServer('affald');
  periode = await nyPeriode(s.database.db, s.kundeId, 2032);
});
afterAll(async () => s?.close());

const vis = (id: number | string, username = 'affald', brugerId = s.brugerId, paneler = {}) =>
  renderVisning(
    AffaldstilsynView,
    'affaldstilsyn-affaldstilsyn',
    { id: String(id) },
    {
      username,
      user: { userId: String(brugerId), customerId: s.kundeId },
      brugerSettings: skjultePaneler({ activeKundeId: s.kundeId, ...paneler }),
    },
  );

describe('the SAT frame', () => {
  it('shows the header line: status, a passed deadline in danger colour, the ministry list, read-only data', async () => {
    s.kobl();
    const id = await nySatVirksomhed(s.database.db, s.kundeId, periode, { navn: 'Listefirmaet ApS' });
    await s.database.db
      .update(satVirksomhed)
      .set({ deadlineDato: '2020-06-30', fraSatListe: true })
      .where(eq(satVirksomhed.virksomhedId, id));
    const t = await vis(id);
    const deadline = await screen.findByText(/Deadline 30-06-2020/);
    expect(deadline.textContent).toBe('Deadline 30-06-2020 (overskredet)');
    expect(deadline.className).toContain('overskredet');
    expect(screen.getByTestId('sat-status').textContent).toBe('Udvalgt');
    expect(screen.getByText('Fra Miljøstyrelsens liste')).toBeTruthy();
    expect(screen.getByText('Virksomheden kommer fra Miljøstyrelsens liste og kan ikke ændres')).toBeTruthy();
    expect((screen.getByLabelText(/^Virksomhedsnavn/) as HTMLInputElement).disabled).toBe(true);
    expect(t.titles).toContain('Listefirmaet ApS');
    // No favourite star or command: SAT companies are not favourites.
    await waitFor(() => expect(t.commands.at(-1)?.some((c) => c.id === 'sat-opret-resultat')).toBe(true));
    expect(t.commands.at(-1)?.some((c) => c.id === 'favorit')).toBe(false);
    expect(screen.queryByRole('button', { name: /favoritter/ })).toBeNull();
  });

  it('opens the log of the SAT company (its company row) in the side panel', async () => {
    s.kobl();
    const id = await nySatVirksomhed(s.database.db, s.kundeId, periode, { navn: 'Logbogen ApS' });
    // A change of the company writes its log.
    const foer = (await s.api<Record<string, unknown>>('GET', `satvirksomhed/${id}`)).body;
    const put = await s.api('PUT', `satvirksomhed/${id}`, {
      virksomhedsnavn: 'Logbogen ApS',
      cvrNr: null,
      pNr: foer.pNr,
      satTilsynsperiodeId: foer.satTilsynsperiodeId,
      udvalgtDato: foer.udvalgtDato,
      deadlineDato: foer.deadlineDato,
      risikoscore: 12,
      udvaelgelsesmetode: 'Stikprøve',
      erLandbrug: false,
      version: foer.version,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await vis(id, 'affald', s.brugerId, { hideLogs: false });
    await screen.findByRole('complementary', { name: /Logbog/ });
    await waitFor(() =>
      expect(s.kald.some((k) => k.path.startsWith(`logbog/list/${id}`) && k.status === 200)).toBe(true),
    );
  });

  it('says in Danish that a company that is no SAT company was not found', async () => {
    s.kobl();
    const [almindelig] = await s.database.db
      .select({ id: virksomhed.id })
      .from(virksomhed)
      .where(eq(virksomhed.type, 1))
      .limit(1);
    await vis(almindelig!.id);
    expect(await screen.findByText('SAT-virksomheden blev ikke fundet')).toBeTruthy();
    expect(screen.getByText('Den findes ikke hos den aktive kunde, eller den er slettet.')).toBeTruthy();
  });

  it('says in Danish that the user has no access without SAGSBEHANDLER_AFFALD', async () => {
    const vand = await startSatServer('vand');
    try {
      vand.kobl();
      const p = await nyPeriode(vand.database.db, vand.kundeId, 2032);
      const id = await nySatVirksomhed(vand.database.db, vand.kundeId, p);
      await renderVisning(
        AffaldstilsynView,
        'affaldstilsyn-affaldstilsyn',
        { id: String(id) },
        { username: 'vand', user: { userId: String(vand.brugerId), customerId: vand.kundeId } },
      );
      expect(await screen.findByText('Der er ikke de fornødne rettigheder til denne handling.')).toBeTruthy();
      expect(
        screen.getByText('Du har ikke adgang til affaldstilsyn (kræver rollen Sagsbehandler affald).'),
      ).toBeTruthy();
    } finally {
      await vand.close();
    }
  });
});
