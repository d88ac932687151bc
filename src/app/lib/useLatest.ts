import { useRef } from 'react';

/**
 * A ref that always holds the latest value: for commands and callbacks that must read the current
 * state without being rebuilt on every keystroke.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
