// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsModal } from '../../src/app/shell/SettingsModal';
import { openSettingsModal } from '../../src/app/shell/settings-modal-store';
import { toastStore } from '../../src/app/ui/toast';
import { defaultBrugerSettings } from '../../src/contract/session';
import { renderSignedIn, setupComponentTests, stubApi } from './harness';

setupComponentTests();

const settings = {
  ...defaultBrugerSettings(new Date(2025, 0, 1)),
  activeKundeId: 1,
  mwTablesUserSettings: [{ tableName: 'virksomheder', pageSize: 50 }],
};
const kundeSettings = {
  favorites: [{ virksomhedId: 5, virksomhedType: 'Virksomhed' as const, displayName: 'Auto ApS' }],
};

async function openModal(username = 'vand') {
  const calls = stubApi({
    'PUT Bruger/GemOpsaetning': () => undefined,
    'PUT Bruger/GemKundeOpsaetning': () => undefined,
  });
  const rendered = await renderSignedIn(<SettingsModal />, {
    username,
    brugerSettings: settings,
    kundeSettings,
  });
  act(() => openSettingsModal());
  const dialog = screen.getByRole('dialog', { name: 'Indstillinger' });
  return { ...rendered, calls, dialog };
}

const savedOpsaetning = (calls: { method: string; path: string; body: unknown }[]) => {
  const put = calls.find((c) => c.path === 'Bruger/GemOpsaetning');
  return put ? JSON.parse((put.body as { opsaetning: string }).opsaetning) : undefined;
};

describe('settings modal (spec 000 §2.4, §3)', () => {
  it("refuses a year outside 1755–9999 with 'Året angivet er ikke validt'", async () => {
    const { dialog, calls } = await openModal();
    const aar = within(dialog).getByLabelText('År i oversigt over indberetninger');
    for (const bad of ['1754', '10000', '', '20x5']) {
      fireEvent.change(aar, { target: { value: bad } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
      expect(within(dialog).getByText('Året angivet er ikke validt')).toBeTruthy();
      expect(aar.getAttribute('aria-invalid')).toBe('true');
    }
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.change(aar, { target: { value: '1755' } });
    expect(within(dialog).queryByText('Året angivet er ikke validt')).toBeNull();
  });

  it('saves every choice with PUT Bruger/GemOpsaetning and updates the session', async () => {
    const { dialog, calls, actor } = await openModal();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Logbog' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Brugeroplysninger' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Vis adresser under favoritter' }));
    fireEvent.change(within(dialog).getByLabelText('År i oversigt over indberetninger'), {
      target: { value: '2023' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const expected = {
      ...settings,
      hideTimeline: true,
      hideLogs: false,
      hideAdHocOpgaver: true,
      hidePlanlaegningGraphs: true,
      hidePlanlaegningUserInfo: false,
      visFavoritAdresser: true,
      oversigtOverIndberetningerAar: 2023,
    };
    expect(savedOpsaetning(calls)).toEqual(expected);
    expect(actor.getSnapshot().context.brugerSettings).toEqual(expected);
    expect(toastStore.all().map((t) => [t.type, t.message])).toEqual([
      ['success', 'Indstillingerne er gemt'],
    ]);
  });

  it("'Nulstil favoritter' asks 'Er du sikker?' and then saves no favourites", async () => {
    const { dialog, calls, actor } = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nulstil favoritter' }));
    const confirm = screen.getByRole('dialog', { name: 'Er du sikker?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Fortryd' }));
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nulstil favoritter' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Er du sikker?' })).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: 'Bruger/GemKundeOpsaetning',
      body: { kundeId: 1, opsaetning: JSON.stringify({ favorites: [] }) },
    });
    await waitFor(() => expect(actor.getSnapshot().context.kundeSettings).toEqual({ favorites: [] }));
  });

  it("'Nulstil indstillinger' asks first, then saves the defaults and keeps the active customer", async () => {
    const { dialog, calls } = await openModal();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Ad hoc-opgaver' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nulstil indstillinger' }));
    const confirm = screen.getByRole('dialog', { name: 'Er du sikker?' });
    // Escape closes only the question, not the settings modal under it.
    fireEvent.keyDown(confirm, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Er du sikker?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Indstillinger' })).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nulstil indstillinger' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Er du sikker?' })).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() => expect(savedOpsaetning(calls)).toBeDefined());
    expect(savedOpsaetning(calls)).toEqual({ ...defaultBrugerSettings(), activeKundeId: 1 });
    await waitFor(() =>
      expect((within(dialog).getByRole('radio', { name: 'Tidslinje' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
  });

  it('shows SYSTEM_ADMIN the user id, raw user data and raw settings, read-only', async () => {
    const { dialog } = await openModal('admin');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avancerede indstillinger' }));
    expect(within(dialog).getByTestId('settings-user-id').textContent).toBe('42');
    const userData = within(dialog).getByLabelText('Brugerdata') as HTMLTextAreaElement;
    expect(userData.readOnly).toBe(true);
    expect(JSON.parse(userData.value).username).toBe('admin');
    const raw = JSON.parse((within(dialog).getByLabelText('Indstillinger') as HTMLTextAreaElement).value);
    expect(raw.brugerSettings.mwTablesUserSettings).toEqual(settings.mwTablesUserSettings);
    expect(raw.kundeSettings).toEqual(kundeSettings);
  });

  it('has no advanced section for other users', async () => {
    const { dialog } = await openModal('vand');
    expect(within(dialog).queryByRole('button', { name: 'Avancerede indstillinger' })).toBeNull();
  });
});
