// @vitest-environment jsdom
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdministrativeOplysningerView from '../../src/app/features/admin/AdministrativeOplysningerView';
import MinimapkoblingerView from '../../src/app/features/admin/MinimapkoblingerView';
import type { ViewComponent } from '../../src/app/workspace/tile-api';
import { LOGO_TYPE_FEJL } from '../../src/contract/admin-tekster';
import { satServerTilFilen, somSatBruger } from '../helpers/sat-visning';
import { type FakeTile, renderVisning } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

setupComponentTests();
configure({ asyncUtilTimeout: 8000 });

/**
 * Two admin views with a list and the record in the address (administrative details and map links,
 * both record kinds of the customer on the generic record tab), against the real server as 'kommuneadmin':
 * they offer 'Ny …' and 'Gå til …' with their shortcuts, 'Ny …' opens the new form and Annullér closes
 * it, and an id in the address that the customer lacks is said not to exist.
 */

const s = satServerTilFilen('kommuneadmin', { timeout: 60_000 });

const vis = (
  View: ViewComponent,
  rute: Parameters<typeof renderVisning>[1],
  params: Record<string, string>,
) => {
  s.kobl();
  return renderVisning(View, rute, params, somSatBruger(s, 'kommuneadmin'));
};
const kommando = (t: FakeTile, id: string) => t.commands.at(-1)?.find((c) => c.id === id);

const VISNINGER = [
  {
    navn: 'administrative oplysninger',
    View: AdministrativeOplysningerView,
    rute: 'admin-administrativeoplysninger' as const,
    param: 'administrativeoplysningerid',
    // The generic record tab's commands (record kind ADM_OPLYSNINGER).
    ny: { id: 'ny', label: 'Nye administrative oplysninger', shortcut: 'alt+n' },
    liste: { id: 'liste', label: 'Gå til listen', shortcut: 'alt+l' },
    nyForm: 'Nye administrative oplysninger',
    findesIkke: 'De administrative oplysninger findes ikke hos den aktive kunde.',
  },
  {
    navn: 'minimapkoblinger',
    View: MinimapkoblingerView,
    rute: 'admin-minimapkoblinger' as const,
    param: 'minimapkoblingid',
    // The generic record tab's commands (record kind MINIMAPKOBLING).
    ny: { id: 'ny', label: 'Ny minimapkobling', shortcut: 'alt+n' },
    liste: { id: 'liste', label: 'Gå til listen', shortcut: 'alt+l' },
    nyForm: 'Ny minimapkobling',
    findesIkke: 'Minimapkoblingen findes ikke hos den aktive kunde.',
  },
];

describe.each(VISNINGER)('$navn on the shared list-and-detail controller', (v) => {
  it("offers 'Ny …' and the list; 'Ny …' opens the new form with its save command, Annullér closes it", async () => {
    const t = await vis(v.View, v.rute, {});
    await waitFor(() => expect(kommando(t, v.ny.id)).toMatchObject(v.ny));
    expect(kommando(t, v.liste.id)).toMatchObject(v.liste);
    act(() => kommando(t, v.ny.id)!.run());
    const form = await screen.findByRole('form', { name: v.nyForm });
    await waitFor(() => expect(t.commands.at(-1)?.some((c) => c.shortcut === 'mod+s')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Annullér' }));
    await waitFor(() => expect(form.isConnected).toBe(false));
    expect(t.navigate).toEqual([]);
  });

  it('says that a record in the address the customer lacks does not exist', async () => {
    await vis(v.View, v.rute, { [v.param]: '987654' });
    expect((await screen.findByRole('alert')).textContent).toBe(v.findesIkke);
  });
});

describe('administrative details on the generic record tab', () => {
  it('names a set in the placeholder; the standard set shows its mark, keeps it and cannot be deleted; a saved set has its logo box', async () => {
    // The seeded customer has its standard set.
    const foerste = (
      await s.api<{ id: number; navn: string; standard: boolean }[]>('GET', 'admin/administrativeoplysninger')
    ).body.find((x) => x.standard)!;

    await vis(AdministrativeOplysningerView, 'admin-administrativeoplysninger', {});
    expect((await screen.findByText(/^Vælg et sæt i listen/)).textContent).toMatch(
      /^Vælg et sæt i listen, eller opret et nyt med /,
    );
    const raekke = await screen.findByRole('row', { name: new RegExp(foerste.navn) });
    expect(raekke.textContent).toContain('Ja');
    expect(screen.getByRole('columnheader', { name: /Logo/ })).toBeTruthy();

    const t = await vis(AdministrativeOplysningerView, 'admin-administrativeoplysninger', {
      administrativeoplysningerid: String(foerste.id),
    });
    const form = await screen.findByRole('form', { name: `Administrative oplysninger ${foerste.navn}` });
    expect(form.textContent).toContain('Standard: bruges i breve, når intet andet er valgt');
    const maerke = screen.getByRole('checkbox', {
      name: 'Standardsæt (bruges i breve). Gør et andet sæt til standard for at flytte mærket',
    }) as HTMLInputElement;
    expect([maerke.checked, maerke.disabled]).toEqual([true, true]);
    expect(screen.queryByRole('button', { name: 'Slet' })).toBeNull();
    await waitFor(() => expect(t.commands.at(-1)?.some((c) => c.shortcut === 'mod+s')).toBe(true));
    expect(t.commands.at(-1)?.some((c) => c.id === 'slet')).toBe(false);
    expect(screen.getByRole('button', { name: 'Vælg logo' })).toBeTruthy();
    expect(screen.getByText('Intet logo')).toBeTruthy();
  });

  it('a set that is not the standard may be marked and deleted; a wrong file or a change to the form holds back the logo', async () => {
    // A second set is not marked.
    type Saet = { id: number; navn: string; standard: boolean };
    const vand = await s.api<Saet>('POST', 'admin/administrativeoplysninger', {
      navn: 'Vand',
      afsender: 'Vandforsyning',
      standard: false,
    });
    expect(vand.body.standard).toBe(false);
    await vis(AdministrativeOplysningerView, 'admin-administrativeoplysninger', {
      administrativeoplysningerid: String(vand.body.id),
    });
    await screen.findByRole('form', { name: 'Administrative oplysninger Vand' });
    const maerke = screen.getByRole('checkbox', { name: 'Standardsæt (bruges i breve)' }) as HTMLInputElement;
    expect([maerke.checked, maerke.disabled]).toEqual([false, false]);
    expect(screen.getByRole('button', { name: 'Slet' })).toBeTruthy();
    const logo = screen.getByRole('button', { name: 'Vælg logo' }) as HTMLButtonElement;
    expect(logo.disabled).toBe(false);
    // A file the server would refuse is said at once, without a call.
    const kald = s.kald.length;
    fireEvent.change(screen.getByLabelText('Vælg logo (PNG eller JPEG, højst 500 KB)'), {
      target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(LOGO_TYPE_FEJL);
    expect(s.kald.length).toBe(kald);
    fireEvent.click(maerke);
    await waitFor(() => expect(logo.disabled).toBe(true));
    expect(logo.title).toBe('Gem eller fortryd ændringerne først');
  });
});
