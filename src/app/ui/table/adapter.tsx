import {
  type ColumnDef,
  columnFilteringFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createSortedRowModel,
  FlexRender,
  globalFilteringFeature,
  type Row,
  type RowData,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { sammenlignDansk } from '../../../contract/sortering';
import { smalOrden } from '../smal';
import type { CellValue, DataTableColumn, TableSort } from './types';

/**
 * The DataTable's one door to TanStack Table v9: the features it uses, the column definitions made
 * from DataTableColumns, and the row model (sorted and filtered here in memory mode, as given in
 * server mode). Nothing else of the table imports the library.
 */

export type { RowData } from '@tanstack/react-table';

const features = tableFeatures({
  columnVisibilityFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});
type Features = typeof features;

/** A row as shown (after sort and filter): `id`, `original` and its cells through `rowCells`. */
export type TableRow<T extends RowData> = Row<Features, T>;

export interface HeaderGroup {
  id: string;
  headers: { id: string; columnId: string }[];
}

export interface ShownCell {
  id: string;
  columnId: string;
  content: ReactNode;
}

/** Case-insensitive 'contains' over the shown text of a cell. */
// biome-ignore lint/suspicious/noExplicitAny: any row type
function containsText(row: Row<Features, any>, columnId: string, filterValue: unknown): boolean {
  const needle = String(filterValue ?? '').toLowerCase();
  if (!needle) return true;
  const v = row.getValue(columnId);
  return v !== null && v !== undefined && String(v).toLowerCase().includes(needle);
}

function compareValues(a: CellValue, b: CellValue): number {
  // Empty values last (flipped by the table for DESC, so they stay at the end only for ASC).
  const ea = a === null || a === undefined || a === '';
  const eb = b === null || b === undefined || b === '';
  if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  return sammenlignDansk(String(a), String(b));
}

function defaultCell(v: CellValue): ReactNode {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Ja' : 'Nej';
  return String(v);
}

/** The visible cells of a shown row, each with its content rendered. */
export function rowCells<T extends RowData>(row: TableRow<T>): ShownCell[] {
  return row.getVisibleCells().map((cell) => ({
    id: cell.id,
    columnId: cell.column.id,
    content: <FlexRender cell={cell as never} />,
  }));
}

/**
 * The table model. `smal`: a narrow table shows its smalFoerst columns first. `filter`: the memory
 * mode's filter text (server mode filters on the server).
 */
export function useTableModel<T extends RowData>(opts: {
  columns: DataTableColumn<T>[];
  smal: boolean;
  rows: readonly T[];
  getRowId(row: T): string;
  mode: 'server' | 'memory';
  sort: TableSort | null;
  visibility: Record<string, boolean>;
  filter: string;
}): { shownRows: TableRow<T>[]; order: string[]; headerGroups: HeaderGroup[] } {
  const { columns, smal, sort, mode, getRowId } = opts;
  const columnDefs = useMemo(
    () =>
      smalOrden(columns, smal).map(
        (c) =>
          ({
            id: c.id,
            accessorFn: (row: T) => c.accessor(row),
            header: c.header,
            cell: (ctx: { row: { original: T } }) =>
              c.cell ? c.cell(ctx.row.original) : defaultCell(c.accessor(ctx.row.original)),
            enableSorting: c.sortable !== false,
            enableHiding: c.hideable !== false,
            sortFn: (a: Row<Features, T>, b: Row<Features, T>, id: string) =>
              compareValues(a.getValue(id) as CellValue, b.getValue(id) as CellValue),
          }) as unknown as ColumnDef<Features, T>,
      ),
    [columns, smal],
  );
  const sorting = useMemo<SortingState>(
    () => (sort ? [{ id: sort.column, desc: sort.direction === 'DESC' }] : []),
    [sort],
  );
  const table = useTable({
    features,
    columns: columnDefs,
    data: opts.rows as T[],
    getRowId: (row: T) => getRowId(row),
    state: { sorting, columnVisibility: opts.visibility, globalFilter: opts.filter },
    onSortingChange: () => {},
    onColumnVisibilityChange: () => {},
    onGlobalFilterChange: () => {},
    manualSorting: mode === 'server',
    manualFiltering: mode === 'server',
    globalFilterFn: containsText as never,
    getColumnCanGlobalFilter: () => true,
    enableSortingRemoval: false,
  } as never) as unknown as ReturnType<typeof useTable<Features, T>>;
  const shownRows = table.getRowModel().rows as unknown as TableRow<T>[];
  const order = useMemo(() => shownRows.map((r) => r.id), [shownRows]);
  const headerGroups = table.getHeaderGroups().map((g) => ({
    id: g.id,
    headers: g.headers.map((h) => ({ id: h.id, columnId: h.column.id })),
  }));
  return { shownRows, order, headerGroups };
}
