// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import BrugerAdministrationView from '../../src/app/features/admin/BrugerAdministrationView';
import { bruger, brugerKunde } from '../../src/server/db/schema';
import { satServerTilFilen, somSatBrugerUdenPaneler } from '../helpers/sat-visning';
import { renderVisning } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

/**
 * /admin/BrugerAdministration against the real server as kommuneadmin: the table of the customer's
 * users with search, picking a user, ticking a role and saving it (the membership changes, the
 * history shows it), and no suspension of oneself.
 */

setupComponentTests();

const s = satServerTilFilen('kommuneadmin');

const vis = () =>
  renderVisning(
    BrugerAdministrationView,
    'admin-brugeradministration',
    {},
    somSatBrugerUdenPaneler(s, 'kommuneadmin'),
  );

const raekkeMed = (tekst: string) => screen.getByText(tekst).closest('tr') as HTMLElement;

describe('the user table', () => {
  it('lists, searches, edits a role and shows the history', async () => {
    s.kobl();
    await vis();
    await screen.findByText('Vibeke Virksomhedsen');
    expect(screen.getByText('Lars Landmand')).toBeTruthy();
    expect(within(raekkeMed('Lars Landmand')).getByText('Sagsbehandler, landbrug')).toBeTruthy();

    const filter = screen.getByPlaceholderText(/Søg i navn/);
    fireEvent.change(filter, { target: { value: 'landmand' } });
    await waitFor(() => expect(screen.queryByText('Vibeke Virksomhedsen')).toBeNull());
    expect(screen.getByText('Lars Landmand')).toBeTruthy();

    fireEvent.click(raekkeMed('Lars Landmand'));
    const detalje = await screen.findByTestId('bruger-detalje');
    expect(within(detalje).getByRole('heading', { name: 'Lars Landmand' })).toBeTruthy();
    // SystemAdmin is not among the roles a KommuneAdmin can tick.
    expect(within(detalje).queryByLabelText('Systemadministrator')).toBeNull();
    fireEvent.click(within(detalje).getByLabelText('Sagsbehandler, affaldstilsyn'));
    fireEvent.click(within(detalje).getByRole('button', { name: /Gem roller/ }));

    const [lars] = await s.database.db
      .select({ id: bruger.id })
      .from(bruger)
      .where(eq(bruger.username, 'landbrug'));
    await waitFor(async () => {
      const [m] = await s.database.db
        .select({ roller: brugerKunde.roller })
        .from(brugerKunde)
        .where(and(eq(brugerKunde.brugerId, lars!.id), eq(brugerKunde.kundeId, s.kundeId)));
      expect(m!.roller).toEqual(['SagsbehandlerLandbrug', 'SagsbehandlerAffald']);
    });
    await within(detalje).findByText('Roller ændret');
    expect(within(detalje).getByText('Karsten Kommunesen')).toBeTruthy();
    const put = s.kald.find((k) => k.method === 'PUT' && k.path.startsWith('brugeradmin/brugere/'));
    expect(put?.status).toBe(200);
  });

  it('does not offer to suspend oneself', async () => {
    s.kobl();
    await vis();
    await screen.findByText('Karsten Kommunesen');
    fireEvent.click(raekkeMed('Karsten Kommunesen'));
    const detalje = await screen.findByTestId('bruger-detalje');
    expect(within(detalje).getByText('Du kan ikke suspendere dig selv.')).toBeTruthy();
    const knap = within(detalje).getByRole('button', { name: /Suspender/ }) as HTMLButtonElement;
    expect(knap.closest('fieldset')?.disabled).toBe(true);
  });

  it('asks before moving to another user with unsaved role ticks', async () => {
    s.kobl();
    await vis();
    await screen.findByText('Vera Vandløb');
    fireEvent.click(raekkeMed('Vera Vandløb'));
    const detalje = await screen.findByTestId('bruger-detalje');
    fireEvent.click(within(detalje).getByLabelText('Sagsbehandler, årsplan'));
    fireEvent.click(raekkeMed('Vibeke Virksomhedsen'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Rollerne for Vera Vandløb er ikke gemt/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fortryd' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(screen.getByTestId('bruger-detalje')).getByRole('heading', { name: 'Vera Vandløb' }),
    ).toBeTruthy();
    expect(
      (
        within(screen.getByTestId('bruger-detalje')).getByLabelText(
          'Sagsbehandler, årsplan',
        ) as HTMLInputElement
      ).checked,
    ).toBe(true);
    fireEvent.click(raekkeMed('Vibeke Virksomhedsen'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Skift uden at gemme' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByTestId('bruger-detalje')).getByRole('heading', { name: 'Vibeke Virksomhedsen' }),
      ).toBeTruthy(),
    );
  });
});
