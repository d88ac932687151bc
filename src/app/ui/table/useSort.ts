import { useState } from 'react';
import { saveTableSettings, type TableSettings, type TableSettingsBinding } from './settings';
import type { TableSort } from './types';

/** Sort after a click on a column header: ASC on a new column, toggled on the same one (spec 000 §4). */
export function nextSort(current: TableSort | null | undefined, column: string): TableSort {
  if (current?.column === column) return { column, direction: current.direction === 'ASC' ? 'DESC' : 'ASC' };
  return { column, direction: 'ASC' };
}

/** The sort to start with: the user's saved one if its column still exists, else the default. */
export function savedSort(
  settings: TableSettings | undefined,
  columns: readonly { id: string; sortable?: boolean }[],
  fallback: TableSort | null,
): TableSort | null {
  const col = settings?.sortByColumn;
  if (col && columns.some((c) => c.id === col && c.sortable !== false)) {
    return { column: col, direction: settings?.sortDirection === 'DESC' ? 'DESC' : 'ASC' };
  }
  return fallback;
}

/**
 * The table's sort: the caller's when controlled (`sort` given), else its own, starting from the
 * saved one. A header click reports the next sort and saves it in the table's settings.
 */
export function useTableSort(opts: {
  tableName: string;
  columns: readonly { id: string; sortable?: boolean }[];
  settings: TableSettingsBinding | undefined;
  sort: TableSort | null | undefined;
  defaultSort: TableSort | null | undefined;
  onSortChange: ((sort: TableSort) => void) | undefined;
}): { sort: TableSort | null; changeSort(column: string): void } {
  const { tableName, settings } = opts;
  const [ownSort, setOwnSort] = useState<TableSort | null>(() =>
    savedSort(settings?.value, opts.columns, opts.defaultSort ?? null),
  );
  const sort = opts.sort !== undefined ? opts.sort : ownSort;
  const changeSort = (column: string) => {
    const next = nextSort(sort, column);
    setOwnSort(next);
    opts.onSortChange?.(next);
    saveTableSettings(settings, tableName, { sortByColumn: next.column, sortDirection: next.direction });
  };
  return { sort, changeSort };
}
