import type { z } from 'zod';
import type { tableSettingsSchema } from '../../../contract/session';

/** One table's entry in brugerSettings.mwTablesUserSettings. */
export type TableSettings = z.infer<typeof tableSettingsSchema>;

/**
 * What a DataTable needs to remember a user's choices: the saved entry and a way to save a new one.
 * The table does no I/O itself; the shell's useTableSettings binds it to the session.
 */
export interface TableSettingsBinding {
  value: TableSettings | undefined;
  onChange(next: TableSettings): void;
}

/** Saves one change (sort or columns) to a table's entry, keeping what else it holds. */
export function saveTableSettings(
  binding: TableSettingsBinding | undefined,
  tableName: string,
  change: Partial<Pick<TableSettings, 'visibleColumns' | 'sortByColumn' | 'sortDirection'>>,
): void {
  binding?.onChange({ ...(binding.value ?? { tableName }), tableName, ...change });
}
