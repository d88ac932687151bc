import { useRef } from 'react';

/** A ref that always holds the latest value (for commands that must not be rebuilt on every keystroke). */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
