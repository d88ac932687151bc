import { useSyncExternalStore } from 'react';
import type { TabFlags } from '../routes/tabs';
import type { TileId } from './layout';

/** What a tile's view has told it: the entity title for the header, flags for its tabs. */
export interface TileMeta {
  title: string | null;
  flags: TabFlags;
}
const EMPTY: TileMeta = { title: null, flags: {} };

let meta = new Map<TileId, TileMeta>();
const listeners = new Set<() => void>();

export const tileMetaStore = {
  update(tileId: TileId, patch: Partial<TileMeta>) {
    const current = meta.get(tileId) ?? EMPTY;
    const next = { ...current, ...patch };
    if (next.title === current.title && JSON.stringify(next.flags) === JSON.stringify(current.flags)) return;
    meta = new Map(meta).set(tileId, next);
    for (const l of listeners) l();
  },
  get: (tileId: TileId) => meta.get(tileId) ?? EMPTY,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTileMeta(tileId: TileId): TileMeta {
  return useSyncExternalStore(tileMetaStore.subscribe, () => tileMetaStore.get(tileId));
}
