import { useSyncExternalStore } from 'react';
import { type Actor, createActor } from 'xstate';
import { unsavedChangesMachine } from '../../../machines/unsaved-changes';
import type { TileId } from './layout';

/**
 * One unsaved-changes guard per tile (the XState machine), and the registry that asks them before
 * a tile navigates or closes, before a customer switch or logout, and before the browser tab closes.
 */
class TileGuard {
  readonly actor: Actor<typeof unsavedChangesMachine>;
  private resetForm: (() => void) | undefined;
  private readonly waiting = new Map<string, (ok: boolean) => void>();
  private counter = 0;

  constructor() {
    this.actor = createActor(
      unsavedChangesMachine.provide({
        actions: {
          proceed: (_, { to }) => this.settle(to, true),
          resetForm: () => this.resetForm?.(),
        },
      }),
    );
    this.actor.subscribe((snapshot) => {
      // Back to dirty from confirming: the user chose to stay; every waiting navigation is cancelled.
      if (snapshot.matches('dirty')) for (const key of [...this.waiting.keys()]) this.settle(key, false);
      notify();
    });
    this.actor.start();
  }

  private settle(key: string, ok: boolean) {
    const resolve = this.waiting.get(key);
    this.waiting.delete(key);
    resolve?.(ok);
  }

  setDirty(dirty: boolean, reset?: () => void) {
    this.resetForm = reset;
    this.actor.send({ type: dirty ? 'CHANGE' : 'RESET' });
  }

  get dirty() {
    return !this.actor.getSnapshot().matches('clean');
  }

  /** Resolves true when the tile may leave (clean, or the user chose to go on without saving). */
  request(): Promise<boolean> {
    const key = `n${++this.counter}`;
    return new Promise((resolve) => {
      this.waiting.set(key, resolve);
      this.actor.send({ type: 'NAVIGATE_REQUEST', to: key });
    });
  }
}

const guards = new Map<TileId, TileGuard>();
const listeners = new Set<() => void>();
function notify() {
  for (const l of listeners) l();
}

export function guardFor(tileId: TileId): TileGuard {
  let guard = guards.get(tileId);
  if (!guard) {
    guard = new TileGuard();
    guards.set(tileId, guard);
  }
  return guard;
}

export function dropGuard(tileId: TileId): void {
  guards.get(tileId)?.actor.stop();
  guards.delete(tileId);
  notify();
}

export function isDirty(tileId: TileId): boolean {
  return guards.get(tileId)?.dirty ?? false;
}

export function anyDirty(): boolean {
  return [...guards.values()].some((g) => g.dirty);
}

/** Asks each dirty tile in turn; false as soon as one says stay. */
export async function confirmLeave(
  tileIds: Iterable<TileId>,
  focus?: (id: TileId) => void,
): Promise<boolean> {
  for (const id of tileIds) {
    const guard = guards.get(id);
    if (!guard?.dirty) continue;
    focus?.(id);
    if (!(await guard.request())) return false;
  }
  return true;
}

/** The tile whose guard is asking now (the modal shows for it), or undefined. */
export function confirmingTile(): { tileId: TileId; stay(): void; proceed(): void } | undefined {
  for (const [tileId, guard] of guards) {
    if (guard.actor.getSnapshot().matches('confirming')) {
      return {
        tileId,
        stay: () => guard.actor.send({ type: 'STAY' }),
        proceed: () => guard.actor.send({ type: 'PROCEED' }),
      };
    }
  }
  return undefined;
}

let confirmingSnapshot = confirmingTile();
listeners.add(() => {
  confirmingSnapshot = confirmingTile();
});

export function useConfirmingTile() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => confirmingSnapshot,
  );
}
