import { useSyncExternalStore } from 'react';

/** A tiny history-backed location store: the one place that pushes and replaces browser history. */
const NAVIGATE_EVENT = 'mw:navigate';

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  const current = window.location.pathname + window.location.search;
  if (to === current) return;
  if (opts.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  notifyLocationChanged();
}

/** Tells location subscribers that history changed without a popstate (pushState, replaceState). */
export function notifyLocationChanged(): void {
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

/** The current pathname + search, re-rendering on every navigation. */
export function useLocation(): string {
  return useSyncExternalStore(subscribe, snapshot);
}
