import { useSyncExternalStore } from 'react';

/** Whether the command palette or the shortcut sheet is open. */
let state = { palette: false, sheet: false };
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
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePaletteState() {
  return useSyncExternalStore(paletteStore.subscribe, paletteStore.get);
}
