import {
  type ColumnDef,
  type ColumnVisibilityState,
  columnFilteringFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createSortedRowModel,
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
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Columns3 } from 'lucide-react';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatTal } from '../../contract/format';
import { sammenlignDansk } from '../../contract/sortering';
import { Button } from './Button';
import { Dropdown } from './Dropdown';
import { primaryFocus } from './focus';
import { smalOrden, useSmal } from './smal';
import { TABEL_TEKST, valgteRaekker, viserRaekker } from './tabel-tekster';
import {
  type ClickModifiers,
  clickSelection,
  extendSelection,
  type SelectionMode,
  type SelectionState,
  toggleSelection,
} from './table/selection';
import type { TableSettings, TableSettingsBinding } from './table/settings';
import './table/datatable.css';

export type { SelectionMode } from './table/selection';

export type SortDirection = 'ASC' | 'DESC';
export interface TableSort {
  column: string;
  direction: SortDirection;
}

export type CellValue = string | number | boolean | null | undefined;

export interface DataTableColumn<T> {
  id: string;
  header: string;
  /** The value sorted and filtered on (and shown when there is no `cell`). */
  accessor(row: T): CellValue;
  cell?(row: T): ReactNode;
  /** Default true. */
  sortable?: boolean;
  /** Default true: the user can hide it under 'Vælg kolonner'. */
  hideable?: boolean;
  /** Hidden until the user chooses it. */
  defaultHidden?: boolean;
  /** CSS width, e.g. 110 or '30%'. */
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /**
   * In a narrow table (a third-width tile, src/app/ui/smal.ts) the columns marked so come first, in
   * their declared order: the values a user decides on show without scrolling sideways.
   */
  smalFoerst?: boolean;
}

export interface OpenOptions {
  /** Ctrl/Cmd+Enter: open in a new tile beside this one. */
  beside: boolean;
}

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
  emptyText?: string;
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

export const FILTER_DEBOUNCE_MS = 250;
const ROW_HEIGHT = 30;

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

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (value === debounced) return;
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, debounced, ms]);
  return debounced;
}

/**
 * The application's table (spec 000 §4, §8, §9) on TanStack Table v9: server-side (controlled sort,
 * filter and paging with a total count) or in memory (sorted, filtered and, when long, virtualised
 * here). Column choice and sort are remembered per table in mwTablesUserSettings. Keyboard: the
 * table body takes focus; arrows or j/k move the row cursor, Home/End, PageUp/PageDown, Space
 * selects, Enter opens, Ctrl/Cmd+Enter opens beside. The cursor row is announced with
 * aria-activedescendant.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    tableName,
    ariaLabel,
    columns,
    rows,
    getRowId,
    mode,
    selectionMode = 'disabled',
    settings,
    onOpen,
  } = props;
  const baseId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const smal = useSmal(rootRef);
  const ownGridRef = useRef<HTMLTableElement>(null);
  const gridRef = props.gridRef ?? ownGridRef;

  // ---- sort
  const [ownSort, setOwnSort] = useState<TableSort | null>(() =>
    savedSort(settings?.value, columns, props.defaultSort ?? null),
  );
  const sort = props.sort !== undefined ? props.sort : ownSort;
  const changeSort = (column: string) => {
    const next = nextSort(sort, column);
    setOwnSort(next);
    props.onSortChange?.(next);
    settings?.onChange({
      ...(settings.value ?? { tableName }),
      tableName,
      sortByColumn: next.column,
      sortDirection: next.direction,
    });
  };

  // ---- filter (debounced)
  const [filterText, setFilterText] = useState(props.initialFilter ?? '');
  const filter = useDebounced(filterText, FILTER_DEBOUNCE_MS);
  const onFilterChange = props.onFilterChange;
  const lastReported = useRef(props.initialFilter ?? '');
  useEffect(() => {
    if (filter === lastReported.current) return;
    lastReported.current = filter;
    onFilterChange?.(filter.trim());
  }, [filter, onFilterChange]);

  // ---- visible columns
  const defaultVisible = useMemo(
    () => columns.filter((c) => !c.defaultHidden || c.hideable === false).map((c) => c.id),
    [columns],
  );
  const [ownVisible, setOwnVisible] = useState<string[] | null>(null);
  const savedVisible = settings?.value?.visibleColumns?.filter((id) => columns.some((c) => c.id === id));
  const visibleIds = ownVisible ?? (savedVisible && savedVisible.length > 0 ? savedVisible : defaultVisible);
  const visibleKey = visibleIds.join(',');
  const columnVisibility = useMemo<ColumnVisibilityState>(() => {
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
    settings?.onChange({ ...(settings.value ?? { tableName }), tableName, visibleColumns: next });
  };

  // ---- the TanStack table (a narrow table shows its smalFoerst columns first)
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
  const memoryFilter = mode === 'memory' ? filter.trim() : '';
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows as T[],
    getRowId: (row: T) => getRowId(row),
    state: { sorting, columnVisibility, globalFilter: memoryFilter },
    onSortingChange: () => {},
    onColumnVisibilityChange: () => {},
    onGlobalFilterChange: () => {},
    manualSorting: mode === 'server',
    manualFiltering: mode === 'server',
    globalFilterFn: containsText as never,
    getColumnCanGlobalFilter: () => true,
    enableSortingRemoval: false,
  } as never) as unknown as ReturnType<typeof useTable<Features, T>>;
  const shownRows = table.getRowModel().rows as unknown as Row<Features, T>[];
  const order = useMemo(() => shownRows.map((r) => r.id), [shownRows]);

  // ---- selection
  const [ownSelection, setOwnSelection] = useState<SelectionState>({ selected: new Set(), anchor: null });
  const selection: SelectionState = props.selected
    ? { selected: props.selected, anchor: ownSelection.anchor }
    : ownSelection;
  const applySelection = (next: SelectionState) => {
    setOwnSelection(next);
    if (next.selected !== selection.selected) props.onSelectionChange?.(new Set(next.selected));
  };

  // ---- cursor
  const controlledCursor = props.cursorId !== undefined;
  const [ownCursorId, setOwnCursorId] = useState<string | null>(null);
  const cursorId = controlledCursor ? (props.cursorId ?? null) : ownCursorId;
  const pendingCursor = useRef<'first' | 'last' | null>(null);
  let cursorIndex = cursorId === null ? -1 : order.indexOf(cursorId);
  if (cursorIndex < 0 && order.length > 0 && !controlledCursor) cursorIndex = 0;
  const cursorRow = cursorIndex >= 0 ? shownRows[cursorIndex] : undefined;
  const rowDomId = (id: string) => `${baseId}-row-${id}`;
  const setCursorId = (id: string) => {
    if (!controlledCursor) setOwnCursorId(id);
    else props.onCursorChange?.(shownRows.find((r) => r.id === id)?.original ?? null);
  };

  // A new page from the server: the cursor goes to its first (or, paging back, last) row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a page arrives; setCursorId is new every render
  useLayoutEffect(() => {
    if (!pendingCursor.current || order.length === 0) return;
    setCursorId(pendingCursor.current === 'first' ? order[0]! : order[order.length - 1]!);
    pendingCursor.current = null;
  }, [order]);

  const onCursorChange = controlledCursor ? undefined : props.onCursorChange;
  const cursorOriginal = cursorRow?.original ?? null;
  useEffect(() => {
    onCursorChange?.(cursorOriginal);
  }, [cursorOriginal, onCursorChange]);

  // Reported when the order itself changes (the row model may hand out a new array each render).
  const onOrderChange = props.onOrderChange;
  const orderRef = useRef(order);
  orderRef.current = order;
  const orderKey = order.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: orderKey stands for the order's content
  useEffect(() => {
    onOrderChange?.(orderRef.current);
  }, [orderKey, onOrderChange]);

  // ---- virtualisation of long in-memory lists
  const virtual = mode === 'memory' && shownRows.length > (props.virtualizeAbove ?? 150);
  const virtualizer = useVirtualizer({
    count: shownRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    enabled: virtual,
    initialRect: { width: 1000, height: 600 },
  });

  const scrollCursorIntoView = useCallback(
    (index: number) => {
      if (virtual) virtualizer.scrollToIndex(index, { align: 'auto' });
      else if (index >= 0) {
        const id = order[index];
        const el = id ? document.getElementById(`${baseId}-row-${id}`) : null;
        el?.scrollIntoView?.({ block: 'nearest' });
      }
    },
    [virtual, virtualizer, order, baseId],
  );

  const moveCursor = (index: number, extend = false) => {
    if (order.length === 0) return;
    const clamped = Math.max(0, Math.min(order.length - 1, index));
    const id = order[clamped]!;
    if (extend && cursorRow)
      applySelection(extendSelection(selectionMode, selection, order, cursorRow.id, id));
    setCursorId(id);
    scrollCursorIntoView(clamped);
  };

  const page = props.page;
  const total = mode === 'server' ? (props.totalCount ?? rows.length) : rows.length;
  const capped = mode === 'server' && !!props.totalCountCapped;
  const hasNext = mode === 'server' && !!page && (capped || page.start + page.take < total);
  const hasPrev = mode === 'server' && !!page && page.start > 0;
  const goPage = (start: number, cursor: 'first' | 'last') => {
    pendingCursor.current = cursor;
    props.onPageChange?.(start);
  };

  const pageStep = () =>
    Math.max(1, Math.floor((scrollRef.current?.clientHeight || ROW_HEIGHT * 11) / ROW_HEIGHT) - 1);

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    // Alt combinations are the workspace's (Alt+PageDown next tab, Alt+Shift+arrow next tile).
    if (e.target !== e.currentTarget || e.altKey) return;
    const mod = e.ctrlKey || e.metaKey;
    const at = cursorIndex;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
      case 'j':
        if (e.key === 'j' && (mod || e.altKey)) return;
        if (at >= order.length - 1 && hasNext && page) goPage(page.start + page.take, 'first');
        else moveCursor(at + 1, e.shiftKey && e.key === 'ArrowDown');
        break;
      case 'ArrowUp':
      case 'k':
        if (e.key === 'k' && (mod || e.altKey)) return;
        if (at <= 0 && hasPrev && page) goPage(Math.max(0, page.start - page.take), 'last');
        else moveCursor(at - 1, e.shiftKey && e.key === 'ArrowUp');
        break;
      // Jumps extend the selection with Shift as the arrows do, so the rows chosen end at the cursor row.
      case 'Home':
        moveCursor(0, e.shiftKey);
        break;
      case 'End':
        moveCursor(order.length - 1, e.shiftKey);
        break;
      case 'PageDown':
        if (at >= order.length - 1 && hasNext && page) goPage(page.start + page.take, 'first');
        else moveCursor(at + pageStep(), e.shiftKey);
        break;
      case 'PageUp':
        if (at <= 0 && hasPrev && page) goPage(Math.max(0, page.start - page.take), 'last');
        else moveCursor(at - pageStep(), e.shiftKey);
        break;
      case ' ':
        if (cursorRow) applySelection(toggleSelection(selectionMode, selection, cursorRow.id));
        break;
      case 'Enter':
        if (cursorRow && onOpen) onOpen(cursorRow.original, mod ? { beside: true } : undefined);
        else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const onRowClick = (row: Row<Features, T>, e: MouseEvent, viaCheckbox = false) => {
    setCursorId(row.id);
    const mods: ClickModifiers = { ctrl: e.ctrlKey || e.metaKey, shift: e.shiftKey };
    if (mods.shift && !viaCheckbox) e.preventDefault();
    applySelection(clickSelection(selectionMode, selection, order, row.id, mods, viaCheckbox));
    if (!viaCheckbox) gridRef.current?.focus({ preventScroll: true });
  };

  // ---- texts (spec 000 §8)
  const filtered = mode === 'memory' && memoryFilter !== '';
  const status =
    mode === 'server'
      ? props.totalCount === undefined
        ? ''
        : capped
          ? `${viserRaekker(rows.length)} · Mere end ${formatTal(total)} i alt`
          : viserRaekker(rows.length, total)
      : filtered
        ? viserRaekker(shownRows.length, rows.length)
        : viserRaekker(rows.length);
  const selectedCount = selection.selected.size;
  const headerGroups = table.getHeaderGroups();
  const visibleCount = headerGroups[0]?.headers.length ?? 1;
  const colSpan = visibleCount + (selectionMode === 'checkbox' ? 1 : 0);
  const rowOffset = mode === 'server' ? (page?.start ?? 0) : 0;
  const multiselect = selectionMode === 'multiple' || selectionMode === 'checkbox';
  const errorText = props.error
    ? typeof props.error === 'string' && props.error
      ? props.error
      : 'Error'
    : null;

  const items = virtual ? virtualizer.getVirtualItems() : null;
  const rowIndexes = items ? items.map((i) => i.index) : shownRows.map((_, i) => i);
  const padTop = items && items.length > 0 ? items[0]!.start : 0;
  const padBottom = items && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const colById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  return (
    <div
      ref={rootRef}
      className={`datatable${props.className ? ` ${props.className}` : ''}`}
      data-testid={`table-${tableName}`}
      data-smal={smal || undefined}
    >
      <div className="datatable-toolbar">
        {props.filterInput !== false && (
          <input
            ref={props.filterRef}
            type="search"
            className="input datatable-filter"
            aria-label="Filter"
            data-autofocus={props.filterAutoFocus ? '' : undefined}
            placeholder={props.filterPlaceholder ?? 'Filter'}
            value={filterText}
            onChange={(e) => setFilterText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'Enter') {
                e.preventDefault();
                gridRef.current?.focus();
              } else if (e.key === 'Escape' && filterText) {
                e.preventDefault();
                e.stopPropagation();
                setFilterText('');
              }
            }}
          />
        )}
        {props.toolbar}
        <span className="datatable-spacer" />
        {columns.some((c) => c.hideable !== false) && (
          <Dropdown
            label={
              <>
                <Columns3 size={14} aria-hidden="true" /> {TABEL_TEKST.vaelgKolonner}
              </>
            }
            popupRole="dialog"
            popupLabel={TABEL_TEKST.vaelgKolonner}
            align="right"
            buttonClassName="button secondary size-small"
            maxHeight={400}
            testId={`columns-${tableName}`}
          >
            <fieldset className="datatable-columns">
              <legend className="visually-hidden">{TABEL_TEKST.vaelgKolonner}</legend>
              {columns
                .filter((c) => c.hideable !== false)
                .map((c) => (
                  <label key={c.id} className="check">
                    <input
                      type="checkbox"
                      data-dropdown-item=""
                      checked={visibleIds.includes(c.id)}
                      onChange={() => toggleColumn(c.id)}
                    />
                    {c.header}
                  </label>
                ))}
            </fieldset>
          </Dropdown>
        )}
      </div>
      <div className="datatable-scroll" ref={scrollRef}>
        <table
          ref={gridRef}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a native table with grid semantics (row cursor, selection) is the ARIA grid pattern
          role="grid"
          aria-label={ariaLabel}
          aria-rowcount={errorText ? 1 : total + 1}
          aria-multiselectable={multiselect || undefined}
          aria-busy={props.loading || undefined}
          aria-activedescendant={cursorRow ? rowDomId(cursorRow.id) : undefined}
          tabIndex={0}
          // The rows are where the keyboard is expected when the tile showing the table gets focus.
          {...primaryFocus}
          className={props.loading && rows.length > 0 ? 'busy' : undefined}
          onKeyDown={onKeyDown}
        >
          <thead>
            {headerGroups.map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {selectionMode === 'checkbox' && (
                  <th className="datatable-check" scope="col">
                    <span className="visually-hidden">Valgt</span>
                  </th>
                )}
                {group.headers.map((header) => {
                  const col = colById.get(header.column.id);
                  const sortable = col?.sortable !== false;
                  const active = sort?.column === header.column.id ? sort.direction : null;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      style={col?.width !== undefined ? { width: col.width } : undefined}
                      className={col?.align ? `align-${col.align}` : undefined}
                      aria-sort={
                        active === 'ASC'
                          ? 'ascending'
                          : active === 'DESC'
                            ? 'descending'
                            : sortable
                              ? 'none'
                              : undefined
                      }
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="datatable-sort"
                          onClick={() => changeSort(header.column.id)}
                        >
                          {col?.header}
                          {active === 'ASC' ? (
                            <ArrowUp size={12} aria-hidden="true" />
                          ) : active === 'DESC' ? (
                            <ArrowDown size={12} aria-hidden="true" />
                          ) : (
                            <ArrowUpDown size={12} aria-hidden="true" className="datatable-sort-idle" />
                          )}
                        </button>
                      ) : (
                        col?.header
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {errorText ? (
              <tr className="datatable-message">
                <td colSpan={colSpan} className="datatable-error">
                  <span className="datatable-error-text">{errorText}</span>
                  {props.onRetry && (
                    <Button
                      size="x-small"
                      color="secondary"
                      className="datatable-retry"
                      onClick={props.onRetry}
                      loading={props.loading}
                      loadingText="Henter …"
                    >
                      Prøv igen
                    </Button>
                  )}
                </td>
              </tr>
            ) : shownRows.length === 0 ? (
              <tr className="datatable-message">
                <td colSpan={colSpan}>
                  {props.loading ? TABEL_TEKST.indlaeser : (props.emptyText ?? TABEL_TEKST.ingenData)}
                </td>
              </tr>
            ) : (
              <>
                {padTop > 0 && <tr style={{ height: padTop }} className="datatable-pad" />}
                {rowIndexes.map((index) => {
                  const row = shownRows[index]!;
                  const selected = selection.selected.has(row.id);
                  const isCursor = index === cursorIndex;
                  return (
                    <tr
                      key={row.id}
                      id={rowDomId(row.id)}
                      aria-rowindex={rowOffset + index + 2}
                      aria-selected={selectionMode === 'disabled' ? undefined : selected}
                      className={`dt-row${isCursor ? ' cursor' : ''}${selected ? ' selected' : ''}`}
                      onClick={(e) => onRowClick(row, e)}
                      onDoubleClick={() => onOpen?.(row.original)}
                    >
                      {selectionMode === 'checkbox' && (
                        // biome-ignore lint/a11y/useFocusableInteractive: the grid holds focus and announces the cursor row
                        <td
                          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the grid; the grid holds focus (aria-activedescendant)
                          role="gridcell"
                          className="datatable-check"
                        >
                          <input
                            type="checkbox"
                            tabIndex={-1}
                            aria-label="Vælg række"
                            checked={selected}
                            onClick={(e) => {
                              e.stopPropagation();
                              onRowClick(row, e, true);
                            }}
                            onChange={() => {}}
                          />
                        </td>
                      )}
                      {row.getVisibleCells().map((cell) => {
                        const col = colById.get(cell.column.id);
                        // A text shown as it is may be cut with an ellipsis (a narrow tile): the whole on hover.
                        const tekst = col && !col.cell ? col.accessor(row.original) : null;
                        return (
                          // biome-ignore lint/a11y/useFocusableInteractive: the grid holds focus and announces the cursor row
                          <td
                            key={cell.id}
                            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the grid; the grid holds focus (aria-activedescendant)
                            role="gridcell"
                            className={col?.align ? `align-${col.align}` : undefined}
                            title={typeof tekst === 'string' && tekst.length > 20 ? tekst : undefined}
                          >
                            <table.FlexRender cell={cell as never} />
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
                {padBottom > 0 && <tr style={{ height: padBottom }} className="datatable-pad" />}
              </>
            )}
          </tbody>
        </table>
      </div>
      <div className="datatable-footer">
        <span role="status" aria-live="polite" className="datatable-status">
          {errorText ? (
            // The rows of an earlier load are not shown, so they are not counted either.
            <span className="datatable-status-error">Listen kunne ikke hentes</span>
          ) : (
            <>
              {status}
              {selectedCount > 0 && (
                <span className="datatable-selected"> · {valgteRaekker(selectedCount)}</span>
              )}
              {props.loading && rows.length > 0 && (
                <span className="datatable-loading"> · {TABEL_TEKST.indlaeser}</span>
              )}
            </>
          )}
        </span>
        {!errorText && mode === 'server' && page && (capped || total > page.take) && (
          <span className="datatable-pager">
            <button
              type="button"
              className="icon-button"
              aria-label="Forrige side"
              title="Forrige side"
              disabled={!hasPrev}
              onClick={() => goPage(Math.max(0, page.start - page.take), 'first')}
            >
              <ChevronLeft size={14} />
            </button>
            <span>
              Side {Math.floor(page.start / page.take) + 1} af {capped ? 'mere end ' : ''}
              {Math.max(1, Math.ceil(total / page.take))}
            </span>
            <button
              type="button"
              className="icon-button"
              aria-label="Næste side"
              title="Næste side"
              disabled={!hasNext}
              onClick={() => goPage(page.start + page.take, 'first')}
            >
              <ChevronRight size={14} />
            </button>
          </span>
        )}
      </div>
    </div>
  );
}
