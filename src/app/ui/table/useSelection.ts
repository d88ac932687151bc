import { useState } from 'react';
import type { SelectionState } from './selection';

/**
 * The selected rows: the caller's when controlled (`selected` given), else the table's own; the
 * anchor of a Shift range is always the table's. A change is reported as a new set.
 */
export function useSelection(
  selected: ReadonlySet<string> | undefined,
  onSelectionChange: ((selected: Set<string>) => void) | undefined,
): { selection: SelectionState; applySelection(next: SelectionState): void } {
  const [own, setOwn] = useState<SelectionState>({ selected: new Set(), anchor: null });
  const selection: SelectionState = selected ? { selected, anchor: own.anchor } : own;
  const applySelection = (next: SelectionState) => {
    setOwn(next);
    if (next.selected !== selection.selected) onSelectionChange?.(new Set(next.selected));
  };
  return { selection, applySelection };
}
