import { useSyncExternalStore } from 'react';

/** Whether the settings modal is open; the user menu (and later the command palette) opens it. */
let open = false;
const listeners = new Set<() => void>();
const set = (value: boolean) => {
  open = value;
  for (const l of listeners) l();
};

export const openSettingsModal = () => set(true);
export const closeSettingsModal = () => set(false);

export function useSettingsModalOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    () => open,
    () => false,
  );
}
