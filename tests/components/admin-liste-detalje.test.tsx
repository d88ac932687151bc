// @vitest-environment jsdom
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdministrativeOplysningerView from '../../src/app/features/admin/AdministrativeOplysningerView';
import MinimapkoblingerView from '../../src/app/features/admin/MinimapkoblingerView';
import type { ViewComponent } from '../../src/app/workspace/tile-api';
import { satServerTilFilen, somSatBruger } from '../helpers/sat-visning';
import { type FakeTile, renderVisning } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

setupComponentTests();
configure({ asyncUtilTimeout: 8000 });

/**
 * Two admin views with a list and the record in the address (administrative details on
 * useListeDetalje, map links on the generic record tab), against the real server as 'kommuneadmin':
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
    ny: { id: 'ny-admoplys', label: 'Nye administrative oplysninger', shortcut: 'alt+n' },
    liste: {
      id: 'admoplys-liste',
      label: 'Gå til listen over administrative oplysninger',
      shortcut: 'alt+l',
    },
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
