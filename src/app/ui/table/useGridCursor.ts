import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  type ClickModifiers,
  clickSelection,
  extendSelection,
  type SelectionMode,
  type SelectionState,
  toggleSelection,
} from './selection';
import type { OpenOptions } from './types';
import type { Paging } from './usePaging';

interface CursorRow<T> {
  id: string;
  original: T;
}

/**
 * The grid's row cursor and its keyboard (spec 000 §4): arrows or j/k move the cursor, Home/End,
 * PageUp/PageDown, Shift extends the selection, Space toggles it, Enter opens, Ctrl/Cmd+Enter opens
 * beside; past the last (before the first) row of a server page the next (previous) page is asked
 * for and the cursor lands on its first (last) row. A click moves the cursor and selects. The
 * cursor is the caller's when `cursorId` is given, else the table's own (falling back to the first
 * row). The rows' order is reported to `onOrderChange` whenever it changes.
 */
export function useGridCursor<T>(opts: {
  order: readonly string[];
  shownRows: readonly CursorRow<T>[];
  cursorId: string | null | undefined;
  onCursorChange: ((row: T | null) => void) | undefined;
  onOrderChange: ((ids: readonly string[]) => void) | undefined;
  onOpen: ((row: T, opts?: OpenOptions) => void) | undefined;
  selectionMode: SelectionMode;
  selection: SelectionState;
  applySelection(next: SelectionState): void;
  paging: Paging;
  scrollToRow(index: number, domId: string | undefined): void;
  pageStep(): number;
  gridRef: RefObject<HTMLTableElement | null>;
}): {
  cursorIndex: number;
  cursorRow: CursorRow<T> | undefined;
  /** The DOM id of a row (aria-activedescendant points at the cursor row's). */
  rowDomId(id: string): string;
  onKeyDown(e: KeyboardEvent<HTMLTableElement>): void;
  onRowClick(row: CursorRow<T>, e: MouseEvent, viaCheckbox?: boolean): void;
} {
  const { order, shownRows, selectionMode, selection, applySelection, paging, onOpen } = opts;
  const baseId = useId();
  const controlled = opts.cursorId !== undefined;
  const [ownCursorId, setOwnCursorId] = useState<string | null>(null);
  const cursorId = controlled ? (opts.cursorId ?? null) : ownCursorId;
  let cursorIndex = cursorId === null ? -1 : order.indexOf(cursorId);
  if (cursorIndex < 0 && order.length > 0 && !controlled) cursorIndex = 0;
  const cursorRow = cursorIndex >= 0 ? shownRows[cursorIndex] : undefined;
  const rowDomId = (id: string) => `${baseId}-row-${id}`;
  const setCursorId = (id: string) => {
    if (!controlled) setOwnCursorId(id);
    else opts.onCursorChange?.(shownRows.find((r) => r.id === id)?.original ?? null);
  };

  // A new page from the server: the cursor goes to its first (or, paging back, last) row.
  const pendingCursor = paging.pendingCursor;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a page arrives; setCursorId is new every render
  useLayoutEffect(() => {
    if (!pendingCursor.current || order.length === 0) return;
    setCursorId(pendingCursor.current === 'first' ? order[0]! : order[order.length - 1]!);
    pendingCursor.current = null;
  }, [order]);

  const onCursorChange = controlled ? undefined : opts.onCursorChange;
  const cursorOriginal = cursorRow?.original ?? null;
  useEffect(() => {
    onCursorChange?.(cursorOriginal);
  }, [cursorOriginal, onCursorChange]);

  // Reported when the order itself changes (the row model may hand out a new array each render).
  const onOrderChange = opts.onOrderChange;
  const orderRef = useRef(order);
  orderRef.current = order;
  const orderKey = order.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: orderKey stands for the order's content
  useEffect(() => {
    onOrderChange?.(orderRef.current);
  }, [orderKey, onOrderChange]);

  const moveCursor = (index: number, extend = false) => {
    if (order.length === 0) return;
    const clamped = Math.max(0, Math.min(order.length - 1, index));
    const id = order[clamped]!;
    if (extend && cursorRow)
      applySelection(extendSelection(selectionMode, selection, order, cursorRow.id, id));
    setCursorId(id);
    opts.scrollToRow(clamped, rowDomId(id));
  };

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
        if (at >= order.length - 1 && paging.hasNext) paging.toNext();
        else moveCursor(at + 1, e.shiftKey && e.key === 'ArrowDown');
        break;
      case 'ArrowUp':
      case 'k':
        if (e.key === 'k' && (mod || e.altKey)) return;
        if (at <= 0 && paging.hasPrev) paging.toPrev('last');
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
        if (at >= order.length - 1 && paging.hasNext) paging.toNext();
        else moveCursor(at + opts.pageStep(), e.shiftKey);
        break;
      case 'PageUp':
        if (at <= 0 && paging.hasPrev) paging.toPrev('last');
        else moveCursor(at - opts.pageStep(), e.shiftKey);
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

  const onRowClick = (row: CursorRow<T>, e: MouseEvent, viaCheckbox = false) => {
    setCursorId(row.id);
    const mods: ClickModifiers = { ctrl: e.ctrlKey || e.metaKey, shift: e.shiftKey };
    if (mods.shift && !viaCheckbox) e.preventDefault();
    applySelection(clickSelection(selectionMode, selection, order, row.id, mods, viaCheckbox));
    if (!viaCheckbox) opts.gridRef.current?.focus({ preventScroll: true });
  };

  return { cursorIndex, cursorRow, rowDomId, onKeyDown, onRowClick };
}
