import { useSyncExternalStore } from 'react';
import { notifyLocationChanged } from '../lib/navigation';
import {
  closeTile,
  EMPTY_WORKSPACE,
  type FocusDirection,
  findTileByPath,
  focusDirection,
  focusSibling,
  focusTile,
  type LayoutNode,
  leaves,
  moveFocused,
  navigateTile,
  resizeFocused,
  type SplitDirection,
  setLayout,
  singleTile,
  splitTile,
  type TileId,
  toggleMaximise,
  type Workspace,
} from './layout';
import { decodeWorkspace, encodeWorkspace, plainLinkPath, workspaceUrl } from './url-codec';

/**
 * The open workspace, and the browser history that mirrors it. Every change writes the URL:
 * navigations and layout changes push a history entry (Back steps through them), focus, resize
 * and maximise replace the current one (so dragging a divider does not flood the history).
 */
type HistoryMode = 'push' | 'replace' | 'none';

let state: Workspace = EMPTY_WORKSPACE;
const listeners = new Set<() => void>();
let onLayoutChanged: ((encoded: string) => void) | undefined;

function set(next: Workspace, history: HistoryMode): void {
  if (next === state) return;
  state = next;
  const encoded = encodeWorkspace(next);
  if (history !== 'none') {
    const url = workspaceUrl(next);
    const current = window.location.pathname + window.location.search;
    // history.state keeps the exact layout of every entry, so Back restores it even for a plain URL.
    const entry = { mwLayout: encoded };
    if (history === 'push' && url !== current) window.history.pushState(entry, '', url);
    else window.history.replaceState(entry, '', url);
    if (url !== current) notifyLocationChanged();
  }
  for (const l of listeners) l();
  onLayoutChanged?.(encoded);
}

export type OpenMode = 'replace' | 'beside' | 'below';

export const workspace = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Called with the encoded layout after every change, to save it in the user's settings. */
  onChange(handler: ((encoded: string) => void) | undefined) {
    onLayoutChanged = handler;
  },

  /**
   * Reads the workspace from the URL (first load, Back/Forward, a shared link). A URL with a layout
   * is reproduced exactly; a plain link opens its route in the current workspace (or in the saved
   * one, on first load): focused if already open, else in the focused tile.
   */
  syncFromUrl(pathname: string, search: string, saved?: string | null): void {
    const { next, history } = workspaceForUrl(state, pathname, search, saved, historyLayout());
    set(next, history);
  },
  /** What syncFromUrl would make of a URL, without applying it (to ask dirty tiles first). */
  preview(pathname: string, search: string): Workspace {
    return workspaceForUrl(state, pathname, search, null, historyLayout()).next;
  },

  /**
   * Opens a route: in the focused tile (a route that is open already is focused instead), or in a
   * new tile beside/below it, always, even when the route is open elsewhere (to compare, or to keep
   * the list while working in a copy).
   */
  open(path: string, mode: OpenMode = 'replace'): void {
    const existing = mode === 'replace' ? findTileByPath(state, path) : null;
    if (existing) {
      set(focusTile(state, existing), 'replace');
      return;
    }
    if (!state.focused || leaves(state.layout).length === 0) {
      set(singleTile(path), 'push');
      return;
    }
    if (mode === 'replace') set(navigateTile(state, state.focused, path), 'push');
    else set(splitTile(state, state.focused, mode === 'beside' ? 'row' : 'column', path), 'push');
  },
  /** Replaces one tile's route (its own links and tabs); redirects pass replace so Back skips them. */
  navigateTile(tileId: TileId, path: string, history: HistoryMode = 'push'): void {
    const current = state.tiles[tileId]?.path;
    if (current === path) return;
    set(focusTile(navigateTile(state, tileId, path), tileId), history);
  },
  split(tileId: TileId, direction: SplitDirection): void {
    const path = state.tiles[tileId]?.path ?? '/';
    set(splitTile(state, tileId, direction, path), 'push');
  },
  close(tileId: TileId): void {
    if (leaves(state.layout).length <= 1) {
      set(singleTile('/'), 'push');
      return;
    }
    set(closeTile(state, tileId), 'push');
  },
  focus(tileId: TileId): void {
    if (state.focused !== tileId) set(focusTile(state, tileId), 'replace');
  },
  focusSibling(step: 1 | -1): void {
    set(focusSibling(state, step), 'replace');
  },
  focusDirection(direction: FocusDirection): void {
    set(focusDirection(state, direction), 'replace');
  },
  /** Keyboard rearranging: the focused tile changes places with its neighbour in a direction. */
  moveFocused(direction: FocusDirection): void {
    set(moveFocused(state, direction), 'push');
  },
  toggleMaximise(tileId?: TileId): void {
    set(toggleMaximise(state, tileId ?? state.focused), 'replace');
  },
  resizeFocused(delta: number): void {
    set(resizeFocused(state, delta), 'replace');
  },
  /** The mosaic's drag and resize results. */
  setLayout(layout: LayoutNode | null, history: HistoryMode): void {
    set(setLayout(state, layout), history);
  },
  /**
   * Replaces the whole workspace (a named workspace opened): 'push' from the palette or home, so Back
   * returns to what was there; 'replace' for its link, whose URL becomes the workspace's own.
   */
  apply(next: Workspace, history: 'push' | 'replace'): void {
    set(next, history);
  },
  /** One home tile, nothing else (a customer switch goes home, spec 000 §4). */
  goHome(): void {
    set(singleTile('/'), 'replace');
  },
  reset(): void {
    state = EMPTY_WORKSPACE;
    for (const l of listeners) l();
  },
};

/** The layout this history entry was written with (Back/Forward, reload), if the workspace wrote it. */
function historyLayout(): string | null {
  const value: unknown = window.history.state;
  return value && typeof value === 'object' && 'mwLayout' in value && typeof value.mwLayout === 'string'
    ? value.mwLayout
    : null;
}

function workspaceForUrl(
  current: Workspace,
  pathname: string,
  search: string,
  saved: string | null | undefined,
  fromHistory: string | null,
): { next: Workspace; history: HistoryMode } {
  const fromUrl =
    decodeWorkspace(pathname, search) ?? (fromHistory ? decodeWorkspace(pathname, fromHistory) : null);
  if (fromUrl) return { next: fromUrl, history: 'none' };
  let base = current;
  if (leaves(base.layout).length === 0 && saved) {
    const [savedPath, savedQuery] = splitSaved(saved);
    base = decodeWorkspace(savedPath, savedQuery) ?? EMPTY_WORKSPACE;
  }
  const link = plainLinkPath(pathname, search);
  if (leaves(base.layout).length === 0) return { next: singleTile(link), history: 'none' };
  // Home with a saved workspace: show the workspace as it was.
  if (pathname === '/' && base !== current) return { next: base, history: 'replace' };
  const existing = findTileByPath(base, link);
  if (existing) return { next: focusTile(base, existing), history: 'none' };
  return { next: navigateTile(base, base.focused ?? leaves(base.layout)[0]!, link), history: 'none' };
}

function splitSaved(saved: string): [string, string] {
  const params = new URLSearchParams(saved);
  const paths = params.getAll('t');
  const f = Number(params.get('f') ?? 0);
  return [paths[f] ?? paths[0] ?? '/', saved];
}

export function useWorkspace(): Workspace {
  return useSyncExternalStore(workspace.subscribe, workspace.get);
}
