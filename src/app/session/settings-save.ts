import { useCallback } from 'react';
import type { BrugerSettings, KundeSettings } from '../../contract/session';
import { api } from './runtime';
import { useShellSession } from './session-context';

export interface SaveOptions {
  /**
   * Show the new settings at once and put the old ones back if the save fails (panel toggles,
   * favourites); otherwise the session changes only after the server took them.
   */
  optimistic?: boolean;
}

/** Saves brugerSettings (PUT Bruger/GemOpsaetning) and tells the session (SETTINGS_CHANGED). */
export function useSaveBrugerSettings() {
  const { brugerSettings, send } = useShellSession();
  return useCallback(
    async (next: BrugerSettings, { optimistic = false }: SaveOptions = {}) => {
      const previous = brugerSettings;
      if (optimistic) send({ type: 'SETTINGS_CHANGED', brugerSettings: next });
      try {
        await api.saveBrugerSettings(next);
      } catch (err) {
        if (optimistic && previous) send({ type: 'SETTINGS_CHANGED', brugerSettings: previous });
        throw err;
      }
      if (!optimistic) send({ type: 'SETTINGS_CHANGED', brugerSettings: next });
    },
    [brugerSettings, send],
  );
}

/** Saves the active customer's kundeSettings (PUT Bruger/GemKundeOpsaetning) and tells the session. */
export function useSaveKundeSettings() {
  const { user, kundeSettings, send } = useShellSession();
  const kundeId = user?.customerId;
  return useCallback(
    async (next: KundeSettings, { optimistic = false }: SaveOptions = {}) => {
      if (kundeId === undefined) throw new Error('Ingen aktiv kunde');
      const previous = kundeSettings;
      if (optimistic) send({ type: 'SETTINGS_CHANGED', kundeSettings: next });
      try {
        await api.saveKundeSettings(kundeId, next);
      } catch (err) {
        if (optimistic && previous) send({ type: 'SETTINGS_CHANGED', kundeSettings: previous });
        throw err;
      }
      if (!optimistic) send({ type: 'SETTINGS_CHANGED', kundeSettings: next });
    },
    [kundeId, kundeSettings, send],
  );
}
