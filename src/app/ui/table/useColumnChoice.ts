import { useMemo, useState } from 'react';
import { saveTableSettings, type TableSettingsBinding } from './settings';
import type { DataTableColumn } from './types';

/**
 * 'Vælg kolonner': the columns shown, in declared order. The user's choice of this visit, else the
 * saved one (columns that no longer exist left out), else every column not `defaultHidden`. A column
 * with `hideable: false` is always shown, and the last shown column cannot be hidden.
 */
export function useColumnChoice<T>(opts: {
  tableName: string;
  columns: DataTableColumn<T>[];
  settings: TableSettingsBinding | undefined;
}): {
  visibleIds: string[];
  /** Column id → shown. */
  visibility: Record<string, boolean>;
  toggleColumn(id: string): void;
} {
  const { tableName, columns, settings } = opts;
  const defaultVisible = useMemo(
    () => columns.filter((c) => !c.defaultHidden || c.hideable === false).map((c) => c.id),
    [columns],
  );
  const [ownVisible, setOwnVisible] = useState<string[] | null>(null);
  const savedVisible = settings?.value?.visibleColumns?.filter((id) => columns.some((c) => c.id === id));
  const visibleIds = ownVisible ?? (savedVisible && savedVisible.length > 0 ? savedVisible : defaultVisible);
  const visibleKey = visibleIds.join(',');
  const visibility = useMemo(() => {
    const shown = new Set(visibleKey.split(','));
    return Object.fromEntries(columns.map((c) => [c.id, shown.has(c.id) || c.hideable === false]));
  }, [columns, visibleKey]);
  const toggleColumn = (id: string) => {
    const shown = new Set(visibleIds);
    if (shown.has(id)) {
      if (columns.filter((c) => shown.has(c.id)).length <= 1) return;
      shown.delete(id);
    } else shown.add(id);
    const next = columns.filter((c) => shown.has(c.id)).map((c) => c.id);
    setOwnVisible(next);
    saveTableSettings(settings, tableName, { visibleColumns: next });
  };
  return { visibleIds, visibility, toggleColumn };
}
