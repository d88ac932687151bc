import { useCallback, useMemo } from 'react';
import type { TableSettings, TableSettingsBinding } from '../ui/table/settings';
import { useShellSession } from './session-context';
import { useSaveBrugerSettings } from './settings-save';

/**
 * The table's entry in brugerSettings.mwTablesUserSettings (matched by tableName), saved through the
 * session like every other user setting (PUT Bruger/GemOpsaetning, shown at once, put back on failure).
 */
export function useTableSettings(tableName: string): TableSettingsBinding {
  const { brugerSettings } = useShellSession();
  const save = useSaveBrugerSettings();
  const value = useMemo(
    () => brugerSettings?.mwTablesUserSettings.find((t) => t.tableName === tableName),
    [brugerSettings, tableName],
  );
  const onChange = useCallback(
    (next: TableSettings) => {
      if (!brugerSettings) return;
      const others = brugerSettings.mwTablesUserSettings.filter((t) => t.tableName !== tableName);
      save(
        { ...brugerSettings, mwTablesUserSettings: [...others, { ...next, tableName }] },
        { optimistic: true },
      ).catch(() => {
        // The HTTP client has shown the error; the old settings are back in the session.
      });
    },
    [brugerSettings, save, tableName],
  );
  return { value, onChange };
}
