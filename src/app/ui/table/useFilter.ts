import { useEffect, useRef, useState } from 'react';

export const FILTER_DEBOUNCE_MS = 250;

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
 * The free-text filter: `text` follows every key, `applied` (trimmed) is the text that stood still
 * for FILTER_DEBOUNCE_MS (spec 000 §9), reported to `onFilterChange` when it changes.
 */
export function useTableFilter(
  initialFilter: string | undefined,
  onFilterChange: ((text: string) => void) | undefined,
): { text: string; setText(text: string): void; applied: string } {
  const [text, setText] = useState(initialFilter ?? '');
  const filter = useDebounced(text, FILTER_DEBOUNCE_MS);
  const lastReported = useRef(initialFilter ?? '');
  useEffect(() => {
    if (filter === lastReported.current) return;
    lastReported.current = filter;
    onFilterChange?.(filter.trim());
  }, [filter, onFilterChange]);
  return { text, setText, applied: filter.trim() };
}
