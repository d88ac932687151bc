import { useSyncExternalStore } from 'react';
import type { TileId } from './layout';
import type { TileCommand } from './tile-api';

/** The commands each tile's view offers; the palette and the shortcuts read the focused tile's. */
let byTile = new Map<TileId, TileCommand[]>();
const listeners = new Set<() => void>();

export const tileCommandStore = {
  set(tileId: TileId, commands: TileCommand[]) {
    byTile = new Map(byTile);
    if (commands.length === 0) byTile.delete(tileId);
    else byTile.set(tileId, commands);
    for (const l of listeners) l();
  },
  get: (tileId: TileId | null) => (tileId ? (byTile.get(tileId) ?? []) : []),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => byTile,
};

const EMPTY: TileCommand[] = [];
export function useTileCommandsOf(tileId: TileId | null): TileCommand[] {
  const map = useSyncExternalStore(tileCommandStore.subscribe, tileCommandStore.snapshot);
  return (tileId && map.get(tileId)) || EMPTY;
}
