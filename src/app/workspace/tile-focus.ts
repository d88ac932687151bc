import { type RefObject, useEffect, useSyncExternalStore } from 'react';
import { layerOpen } from '../lib/keyboard';
import {
  firstField,
  focusHome,
  isInOverlay,
  isShown,
  PRIMARY_FOCUS_ATTR,
  primaryTarget,
  registerFocusHome,
  setFocusFallback,
} from '../ui/focus';
import type { TileId } from './layout';
import { workspace } from './store';

/**
 * Keyboard focus follows the focused tile. When a tile receives focus (by the palette, a tile
 * shortcut, opening, a new tab, maximising) and focus is not already inside it, focus goes to where
 * the user was in that tile, or else to its view's primary focus target (see PRIMARY_FOCUS_ATTR):
 * the list's rows, the form's first field. Until the view has drawn its target, the tile region holds
 * focus, so keys keep working and nothing falls to the page.
 */

/** Where focus was inside a tile: the element, and how to find its like again once the view redraws it. */
interface Memory {
  el: HTMLElement;
  /** A selector for the labelled form or grid that held it, e.g. form[aria-label="Tilsyn"]. */
  region: string | null;
  /** The field's name inside that form. */
  field: string | null;
}
const memories = new Map<TileId, Memory>();

const quote = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;

/** Notes where focus is inside a tile (called for every focus inside it). */
export function rememberTileFocus(tileId: TileId, target: EventTarget | null, tile: HTMLElement): void {
  if (!(target instanceof HTMLElement) || target === tile || isInOverlay(target)) return;
  const region = target.closest<HTMLElement>('form[aria-label], [role="grid"][aria-label]');
  const field = target.closest<HTMLElement>('[data-felt]')?.dataset.felt ?? target.getAttribute('name');
  memories.set(tileId, {
    el: target,
    region: region
      ? `${region.tagName.toLowerCase()}[aria-label=${quote(region.getAttribute('aria-label')!)}]`
      : null,
    field: region?.tagName === 'FORM' ? field : null,
  });
}

/** The remembered element, or its like after a redraw (the saved record's form, the maximised tile). */
function remembered(tileId: TileId, tile: HTMLElement): HTMLElement | null {
  const m = memories.get(tileId);
  if (!m) return null;
  if (m.el.isConnected && tile.contains(m.el)) return m.el;
  const region = m.region ? tile.querySelector<HTMLElement>(m.region) : null;
  if (!region) return null;
  if (!m.field) return region.tagName === 'FORM' ? firstField(region) : region;
  const felt = region.querySelector<HTMLElement>(`[data-felt=${quote(m.field)}], [name=${quote(m.field)}]`);
  return (felt && (felt.matches('input, select, textarea') ? felt : firstField(felt))) ?? firstField(region);
}

/** The tile starts afresh at its primary target next time (the palette opens something else in it). */
export function forgetTileFocus(tileId: TileId | null): void {
  if (tileId) memories.delete(tileId);
}

// ---- explicit requests: 'this tile should take focus now, starting afresh'

const requests = new Map<TileId, number>();
const listeners = new Set<() => void>();

/**
 * Asks a tile to take focus at its primary target, forgetting where the user was in it (the palette
 * opened something there). Also works when the workspace did not change (the route was open already).
 */
export function requestTileFocus(tileId: TileId | null): void {
  if (!tileId) return;
  memories.delete(tileId);
  requests.set(tileId, (requests.get(tileId) ?? 0) + 1);
  for (const l of listeners) l();
}

function useRequests(tileId: TileId): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => requests.get(tileId) ?? 0,
  );
}

/** Gives keyboard focus to the focused tile whenever it becomes focused, changes route or is asked to. */
export function useTileFocus(
  ref: RefObject<HTMLElement | null>,
  tileId: TileId,
  focused: boolean,
  path: string,
): void {
  const request = useRequests(tileId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: path and request are triggers: a new route or an explicit request
  useEffect(() => {
    const tile = ref.current;
    if (!focused || !tile) return;
    const active = document.activeElement;
    // A dialog holds focus (it gives it back when it closes). The palette, just opened, may not hold
    // it yet: focus moved into the tile now would close it (a company opened from the palette
    // finished loading as the user pressed Ctrl+K again).
    if (isInOverlay(active) || layerOpen('palette')) return;

    const place = () => {
      const target = remembered(tileId, tile) ?? primaryTarget(tile);
      target?.focus();
      // Until the view has drawn its target (it is loading), the tile region holds focus.
      if (!target || document.activeElement !== target) tile.focus({ preventScroll: true });
    };
    // Focus already on something shown inside the tile stays (a clicked tab, the same view's list).
    const inside = active instanceof HTMLElement && active !== tile && tile.contains(active);
    if (!inside || !isShown(active)) place();
    // While the view settles (lazy code, data, content React hides while it loads more) focus is
    // placed again whenever it has fallen to the page or the region, until the user takes over.
    const observer = new MutationObserver(() => {
      const now = document.activeElement;
      if (now === tile || now === document.body || now === null) place();
      else if (!tile.contains(now) && !isInOverlay(now)) stop();
    });
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('keydown', stop, true);
      document.removeEventListener('pointerdown', stop, true);
    };
    observer.observe(tile, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'style', 'hidden', PRIMARY_FOCUS_ATTR],
    });
    document.addEventListener('keydown', stop, true);
    document.addEventListener('pointerdown', stop, true);
    return stop;
  }, [focused, path, request, tileId]);
}

/**
 * The tile is a focus home (see FOCUS_HOME_ATTR): when a change removes, disables or hides the
 * control with focus (a save that closes its form, a transfer that disables its button, a dialog
 * that closes after its action), focus goes back to that control when it is usable again, else to
 * its like after the redraw (the saved record's form), else to the view's primary target (the list's
 * rows), else to the tile region, which hears the tile's keys. Never to the page.
 */
export function useTileFocusHome(ref: RefObject<HTMLElement | null>, tileId: TileId): void {
  useEffect(() => {
    const tile = ref.current;
    if (!tile) return;
    return registerFocusHome(tile, () => remembered(tileId, tile));
  }, [ref, tileId]);
}

/** Focus that lost its home (a closed dialog's control, a closed tile's) goes to the focused tile. */
setFocusFallback(() => {
  const id = workspace.get().focused;
  const tile = id ? document.querySelector<HTMLElement>(`[data-tile-id="${CSS.escape(id)}"]`) : null;
  if (tile) focusHome(tile);
});
