import { useCallback, useEffect, useRef } from 'react';
import { useTile } from '../workspace/tile-api';

/** A form's unsaved-changes guard: told of every change of its dirty state (useVersionedForm's `vagt`). */
export type Vagt = (dirty: boolean, reset?: () => void) => void;

/**
 * One tile, several forms (the Diadem tab's lists): each form gets its own guard by name, and the
 * tile is dirty while any of them is; discarding resets every dirty form. Each name's guard is the
 * same function on every render.
 */
export function useDelteVagter(): (navn: string) => Vagt {
  const tile = useTile();
  const tilstand = useRef(new Map<string, { dirty: boolean; reset?: () => void }>());
  const vagter = useRef(new Map<string, Vagt>());
  const tileRef = useRef(tile);
  tileRef.current = tile;
  useEffect(() => () => tileRef.current.setDirty(false), []);
  return useCallback((navn: string) => {
    let v = vagter.current.get(navn);
    if (!v) {
      v = (dirty, reset) => {
        tilstand.current.set(navn, { dirty, reset });
        const beskidte = [...tilstand.current.values()].filter((t) => t.dirty);
        tileRef.current.setDirty(
          beskidte.length > 0,
          beskidte.length > 0
            ? () => {
                for (const t of beskidte) t.reset?.();
              }
            : undefined,
        );
      };
      vagter.current.set(navn, v);
    }
    return v;
  }, []);
}
