import { type ReactNode, type RefObject, useMemo, useRef } from 'react';
import { primaryFocus } from './focus';
import { useSmal } from './smal';
import { type RowData, useTableModel } from './table/adapter';
import { Footer, statusText } from './table/Footer';
import { GridBody } from './table/GridBody';
import { GridHead } from './table/GridHead';
import type { SelectionMode } from './table/selection';
import type { TableSettingsBinding } from './table/settings';
import { Toolbar } from './table/Toolbar';
import type { DataTableColumn, OpenOptions, TableSort } from './table/types';
import { useColumnChoice } from './table/useColumnChoice';
import { useTableFilter } from './table/useFilter';
import { useGridCursor } from './table/useGridCursor';
import { usePaging } from './table/usePaging';
import { useRowWindow } from './table/useRowWindow';
import { useSelection } from './table/useSelection';
import { useTableSort } from './table/useSort';
import './table/datatable.css';

export type { RowData } from './table/adapter';
export type { SelectionMode } from './table/selection';
export type { CellValue, DataTableColumn, OpenOptions, SortDirection, TableSort } from './table/types';
export { FILTER_DEBOUNCE_MS } from './table/useFilter';
export { nextSort, savedSort } from './table/useSort';

export interface DataTableProps<T extends RowData> {
  /** Key of the saved settings (mwTablesUserSettings) and the table's test id. */
  tableName: string;
  ariaLabel: string;
  columns: DataTableColumn<T>[];
  /** Server mode: the current page. In-memory mode: every row. */
  rows: readonly T[];
  getRowId(row: T): string;
  /** 'server': sort, filter and paging are the caller's (controlled); 'memory': the table does them. */
  mode: 'server' | 'memory';
  /** Server mode: rows matching the filter in all pages. */
  totalCount?: number;
  /**
   * Server mode: the server counted only up to totalCount and more rows match (issue 16): the table
   * says 'Mere end N', and a next page exists.
   */
  totalCountCapped?: boolean;
  /** Server mode: the page shown. */
  page?: { start: number; take: number };
  onPageChange?(start: number): void;
  /** Controlled sort (server mode needs it); in-memory tables may leave it to the table. */
  sort?: TableSort | null;
  defaultSort?: TableSort | null;
  onSortChange?(sort: TableSort): void;
  /** Called 250 ms after the user stops typing in the filter (spec 000 §9). */
  onFilterChange?(text: string): void;
  initialFilter?: string;
  filterPlaceholder?: string;
  /** False: no free-text filter (a report filters through its own filter editors). */
  filterInput?: boolean;
  /** What an empty table says; default 'Ingen data' (the spec's 'No data'). */
  emptyText?: ReactNode;
  /** The filter takes focus when a modal around the table opens. */
  filterAutoFocus?: boolean;
  loading?: boolean;
  /**
   * A loading failure: the message, or true for the bare 'Error'. The rows of an earlier load are not
   * shown (nor counted) while it lasts.
   */
  error?: string | boolean | null;
  /** Loads again after a failure: the error row offers 'Prøv igen'. */
  onRetry?(): void;
  selectionMode?: SelectionMode;
  selected?: ReadonlySet<string>;
  onSelectionChange?(selected: Set<string>): void;
  /** Enter or double-click; Ctrl/Cmd+Enter with beside: true. */
  onOpen?(row: T, opts?: OpenOptions): void;
  onCursorChange?(row: T | null): void;
  /**
   * A controlled cursor: the row id the caller keeps (null: none). The table shows it and reports
   * the user's moves through onCursorChange; a row that is not shown has no cursor (no fallback to
   * the first row). Without it the table keeps its own cursor.
   */
  cursorId?: string | null;
  /** The rows' ids in the order shown (after sort and filter), whenever it changes. */
  onOrderChange?(ids: readonly string[]): void;
  settings?: TableSettingsBinding;
  /** Extra controls in the toolbar (right of the filter). */
  toolbar?: ReactNode;
  filterRef?: RefObject<HTMLInputElement | null>;
  gridRef?: RefObject<HTMLTableElement | null>;
  /** In-memory lists longer than this render only the rows in view. Default 150. */
  virtualizeAbove?: number;
  className?: string;
}

/**
 * The application's table (spec 000 §4, §8, §9) on TanStack Table v9 (through `table/adapter.tsx`):
 * server-side (controlled sort, filter and paging with a total count) or in memory (sorted, filtered
 * and, when long, virtualised here). Column choice and sort are remembered per table in
 * mwTablesUserSettings. Keyboard: the table body takes focus; arrows or j/k move the row cursor,
 * Home/End, PageUp/PageDown, Space selects, Enter opens, Ctrl/Cmd+Enter opens beside. The cursor row
 * is announced with aria-activedescendant. Each concern is a hook of its own in `table/`; this
 * composes them.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { tableName, columns, rows, mode, selectionMode = 'disabled', settings } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const smal = useSmal(rootRef);
  const ownGridRef = useRef<HTMLTableElement>(null);
  const gridRef = props.gridRef ?? ownGridRef;

  const { sort, changeSort } = useTableSort({
    tableName,
    columns,
    settings,
    sort: props.sort,
    defaultSort: props.defaultSort,
    onSortChange: props.onSortChange,
  });
  const filter = useTableFilter(props.initialFilter, props.onFilterChange);
  const { visibleIds, visibility, toggleColumn } = useColumnChoice({ tableName, columns, settings });
  const memoryFilter = mode === 'memory' ? filter.applied : '';
  const { shownRows, order, headerGroups } = useTableModel({
    columns,
    smal,
    rows,
    getRowId: props.getRowId,
    mode,
    sort,
    visibility,
    filter: memoryFilter,
  });
  const { selection, applySelection } = useSelection(props.selected, props.onSelectionChange);
  const paging = usePaging({
    mode,
    page: props.page,
    totalCount: props.totalCount,
    totalCountCapped: props.totalCountCapped,
    rowCount: rows.length,
    onPageChange: props.onPageChange,
  });
  const rowWindow = useRowWindow({
    count: shownRows.length,
    virtual: mode === 'memory' && shownRows.length > (props.virtualizeAbove ?? 150),
    scrollRef,
  });
  const cursor = useGridCursor({
    order,
    shownRows,
    cursorId: props.cursorId,
    onCursorChange: props.onCursorChange,
    onOrderChange: props.onOrderChange,
    onOpen: props.onOpen,
    selectionMode,
    selection,
    applySelection,
    paging,
    scrollToRow: rowWindow.scrollToRow,
    pageStep: rowWindow.pageStep,
    gridRef,
  });
  const colById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  const visibleCount = headerGroups[0]?.headers.length ?? 1;
  const colSpan = visibleCount + (selectionMode === 'checkbox' ? 1 : 0);
  const multiselect = selectionMode === 'multiple' || selectionMode === 'checkbox';
  const errorText = props.error
    ? typeof props.error === 'string' && props.error
      ? props.error
      : 'Error'
    : null;

  return (
    <div
      ref={rootRef}
      className={`datatable${props.className ? ` ${props.className}` : ''}`}
      data-testid={`table-${tableName}`}
      data-smal={smal || undefined}
    >
      <Toolbar
        tableName={tableName}
        columns={columns}
        visibleIds={visibleIds}
        toggleColumn={toggleColumn}
        filter={props.filterInput !== false ? filter : null}
        filterRef={props.filterRef}
        filterPlaceholder={props.filterPlaceholder}
        filterAutoFocus={props.filterAutoFocus}
        gridRef={gridRef}
      >
        {props.toolbar}
      </Toolbar>
      <div className="datatable-scroll" ref={scrollRef}>
        <table
          ref={gridRef}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a native table with grid semantics (row cursor, selection) is the ARIA grid pattern
          role="grid"
          aria-label={props.ariaLabel}
          aria-rowcount={errorText ? 1 : paging.total + 1}
          aria-multiselectable={multiselect || undefined}
          aria-busy={props.loading || undefined}
          aria-activedescendant={cursor.cursorRow ? cursor.rowDomId(cursor.cursorRow.id) : undefined}
          tabIndex={0}
          // The rows are where the keyboard is expected when the tile showing the table gets focus.
          {...primaryFocus}
          className={props.loading && rows.length > 0 ? 'busy' : undefined}
          onKeyDown={cursor.onKeyDown}
        >
          <GridHead
            headerGroups={headerGroups}
            colById={colById}
            sort={sort}
            changeSort={changeSort}
            checkbox={selectionMode === 'checkbox'}
          />
          <GridBody
            errorText={errorText}
            onRetry={props.onRetry}
            loading={props.loading}
            emptyText={props.emptyText}
            colSpan={colSpan}
            shownRows={shownRows}
            rowIndexes={rowWindow.rowIndexes}
            padTop={rowWindow.padTop}
            padBottom={rowWindow.padBottom}
            rowOffset={mode === 'server' ? (props.page?.start ?? 0) : 0}
            colById={colById}
            selectionMode={selectionMode}
            selected={selection.selected}
            cursorIndex={cursor.cursorIndex}
            rowDomId={cursor.rowDomId}
            onRowClick={cursor.onRowClick}
            onOpen={props.onOpen}
          />
        </table>
      </div>
      <Footer
        status={statusText({
          mode,
          counted: props.totalCount !== undefined,
          paging,
          rowCount: rows.length,
          shownCount: shownRows.length,
          filtered: memoryFilter !== '',
        })}
        errorText={errorText}
        selectedCount={selection.selected.size}
        reloading={!!props.loading && rows.length > 0}
        paging={mode === 'server' ? paging : null}
      />
    </div>
  );
}
