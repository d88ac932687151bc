import { useSyncExternalStore } from 'react';

/** Whether the command palette or the shortcut sheet is open. */
let state = { palette: false, sheet: false };
/** Text typed after Ctrl+K while the palette could not show yet (the workspace chunk still loading). */
let typedAhead = '';
const listeners = new Set<() => void>();
const set = (next: typeof state) => {
  state = next;
  for (const l of listeners) l();
};

export const paletteStore = {
  openPalette: () => set({ palette: true, sheet: false }),
  closePalette: () => set({ ...state, palette: false }),
  openSheet: () => set({ palette: false, sheet: true }),
  closeSheet: () => set({ ...state, sheet: false }),
  get: () => state,
  /** Keeps the text typed for the palette before it was on screen. */
  typeAhead: (text: string) => {
    typedAhead = text;
  },
  /** The text typed ahead: the palette starts its search with it, then clears it. */
  typedAhead: () => typedAhead,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePaletteState() {
  return useSyncExternalStore(paletteStore.subscribe, paletteStore.get);
}
