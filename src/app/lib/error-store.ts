import { useSyncExternalStore } from 'react';
import type { HttpFailure } from './http';

/** Failed calls waiting to be shown; the shell's error modals read from here. */
let failures: HttpFailure[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const errorStore = {
  push(failure: HttpFailure) {
    failures = [...failures, failure];
    emit();
  },
  dismiss() {
    failures = failures.slice(1);
    emit();
  },
  clear() {
    failures = [];
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: () => failures[0],
};

export function useCurrentFailure(): HttpFailure | undefined {
  return useSyncExternalStore(errorStore.subscribe, errorStore.current);
}
