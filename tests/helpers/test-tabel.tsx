import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../../src/app/ui/DataTable';

interface MedId {
  id: number | string;
}

/** A test table's props: mode and getRowId may be left out; `hoejde` gives it a box of that height. */
export type TestTabelProps<T extends MedId> = Omit<DataTableProps<T>, 'mode' | 'getRowId'> &
  Partial<Pick<DataTableProps<T>, 'mode' | 'getRowId'>> & { hoejde?: number };

/** A DataTable over rows in memory, each row keyed by its id, unless the props say otherwise. */
export function TestTabel<T extends MedId>({ hoejde, ...props }: TestTabelProps<T>): ReactNode {
  const tabel = <DataTable<T> mode="memory" getRowId={(r) => String(r.id)} {...props} />;
  return hoejde === undefined ? tabel : <div style={{ height: hoejde }}>{tabel}</div>;
}
