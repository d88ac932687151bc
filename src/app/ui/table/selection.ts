/**
 * Row selection rules of the DataTable (spec 000 §4): modes disabled, single, multiple and checkbox;
 * in multiple mode a plain click selects one row, Ctrl/Cmd-click toggles a row, Shift-click selects
 * the range from the anchor (added to the selection with Ctrl/Cmd). Pure functions over row ids in
 * display order, so they are tested without a browser.
 */
export type SelectionMode = 'disabled' | 'single' | 'multiple' | 'checkbox';

export interface SelectionState {
  selected: ReadonlySet<string>;
  /** Where a Shift range starts: the last row clicked or toggled without Shift. */
  anchor: string | null;
}

export interface ClickModifiers {
  ctrl?: boolean;
  shift?: boolean;
}

function range(order: readonly string[], from: string, to: string): string[] {
  const a = order.indexOf(from);
  const b = order.indexOf(to);
  if (a < 0 || b < 0) return [to];
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  return order.slice(lo, hi + 1);
}

/** A click on a row (or its checkbox: `viaCheckbox`). */
export function clickSelection(
  mode: SelectionMode,
  state: SelectionState,
  order: readonly string[],
  id: string,
  mods: ClickModifiers = {},
  viaCheckbox = false,
): SelectionState {
  switch (mode) {
    case 'disabled':
      return state;
    case 'single':
      return { selected: new Set([id]), anchor: id };
    case 'checkbox': {
      // Only the checkbox selects; Shift extends from the anchor with the anchor's new state.
      if (!viaCheckbox) return state;
      if (mods.shift && state.anchor) {
        const next = new Set(state.selected);
        const on = state.selected.has(state.anchor);
        for (const r of range(order, state.anchor, id)) on ? next.add(r) : next.delete(r);
        return { selected: next, anchor: state.anchor };
      }
      return toggle(state, id);
    }
    case 'multiple': {
      if (mods.shift && state.anchor) {
        const r = range(order, state.anchor, id);
        const next = mods.ctrl ? new Set([...state.selected, ...r]) : new Set(r);
        return { selected: next, anchor: state.anchor };
      }
      if (mods.ctrl) return toggle(state, id);
      return { selected: new Set([id]), anchor: id };
    }
  }
}

/** Space on the cursor row. */
export function toggleSelection(mode: SelectionMode, state: SelectionState, id: string): SelectionState {
  if (mode === 'disabled') return state;
  if (mode === 'single')
    return state.selected.has(id)
      ? { selected: new Set(), anchor: id }
      : { selected: new Set([id]), anchor: id };
  return toggle(state, id);
}

/** Shift+Arrow in multiple mode: the range from the anchor to the new cursor row. */
export function extendSelection(
  mode: SelectionMode,
  state: SelectionState,
  order: readonly string[],
  from: string,
  to: string,
): SelectionState {
  if (mode !== 'multiple' && mode !== 'checkbox') return state;
  const anchor = state.anchor ?? from;
  return { selected: new Set(range(order, anchor, to)), anchor };
}

function toggle(state: SelectionState, id: string): SelectionState {
  const next = new Set(state.selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return { selected: next, anchor: id };
}
