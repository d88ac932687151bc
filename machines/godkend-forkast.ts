/**
 * Approving (Godkend) and discarding (Forkast) entries of a validation queue.
 *
 *   idle ──SELECT/TOGGLE──> selecting ──GODKEND/FORKAST (one entry)──────────> submitting
 *    ^                        │  └──GODKEND/FORKAST (several: bulk)──> confirming ──CONFIRM──┘
 *    └──CLEAR / last deselected┘                                        └──CANCEL──> selecting
 *   submitting ──done──> done (selection cleared; `decided` reports the answer)
 *              └─error─> failed ──RETRY──> submitting  (same entries, same action)
 *                               └─DISMISS / SELECT / TOGGLE──> selecting or idle
 *   done ──SELECT/TOGGLE──> selecting, ──DISMISS──> idle
 *
 * While submitting, nothing else is accepted: a second GODKEND, FORKAST, CONFIRM or RETRY is refused
 * (no transition), so one decision is in flight at a time. Selection changes are refused too, so
 * the entries on their way are the ones shown as selected.
 *
 * Side effects are injected: the actor `decide` performs the call (PUT .../Godkend|Forkast) and
 * resolves the server's answer; the actions `decided` and `failedToDecide` tell the view (refresh the
 * queue, say 'N poster var allerede behandlet af en anden').
 */
import { assign, fromPromise, setup } from 'xstate';
import type { BeslutningSvar } from '../src/contract/validering';

export type Handling = 'godkend' | 'forkast';

/** An entry as the validator saw it: the server refuses a stale version. */
export interface Post {
  id: number;
  version: number;
}

export interface DecideInput {
  handling: Handling;
  poster: Post[];
}

export interface GodkendForkastContext {
  selected: Post[];
  handling: Handling | null;
  /** The entries of the decision being confirmed, submitted or retried. */
  poster: Post[];
  result: BeslutningSvar | null;
  error: string | null;
}

export type GodkendForkastEvent =
  /** Replaces the selection (click, shift-click range, select all). */
  | { type: 'SELECT'; poster: Post[] }
  /** Adds or removes one entry (ctrl-click, space). */
  | { type: 'TOGGLE'; post: Post }
  | { type: 'CLEAR' }
  | { type: 'GODKEND' }
  | { type: 'FORKAST' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'DISMISS' };

/** More than one entry is a bulk action: it is confirmed first. */
export const erMasse = (poster: readonly Post[]) => poster.length > 1;

function toggle(selected: Post[], post: Post): Post[] {
  return selected.some((p) => p.id === post.id)
    ? selected.filter((p) => p.id !== post.id)
    : [...selected, post];
}

const unik = (poster: Post[]) => {
  const set = new Set<number>();
  return poster.filter((p) => {
    if (set.has(p.id)) return false;
    set.add(p.id);
    return true;
  });
};

function fejltekst(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return 'Der opstod en uventet fejl';
}

export const godkendForkastMachine = setup({
  types: {} as { context: GodkendForkastContext; events: GodkendForkastEvent },
  actors: {
    decide: fromPromise<BeslutningSvar, DecideInput>(() =>
      Promise.reject(new Error('decide is not provided')),
    ),
  },
  actions: {
    decided: (_, _params: { handling: Handling; result: BeslutningSvar }) => {},
    failedToDecide: (_, _params: { handling: Handling; error: string }) => {},
  },
  guards: {
    harValg: ({ context }) => context.selected.length > 0,
    masse: ({ context }) => erMasse(context.selected),
    tomEfterToggle: ({ context, event }) =>
      event.type === 'TOGGLE' && toggle(context.selected, event.post).length === 0,
    tomtValg: ({ event }) => event.type === 'SELECT' && event.poster.length === 0,
  },
}).createMachine({
  id: 'godkendForkast',
  initial: 'idle',
  context: { selected: [], handling: null, poster: [], result: null, error: null },
  on: {},
  states: {
    idle: {
      on: {
        SELECT: [
          { guard: 'tomtValg' },
          { target: 'selecting', actions: assign({ selected: ({ event }) => unik(event.poster) }) },
        ],
        TOGGLE: { target: 'selecting', actions: assign({ selected: ({ event }) => [event.post] }) },
      },
    },
    selecting: {
      on: {
        SELECT: [
          { guard: 'tomtValg', target: 'idle', actions: assign({ selected: [] }) },
          { actions: assign({ selected: ({ event }) => unik(event.poster) }) },
        ],
        TOGGLE: [
          { guard: 'tomEfterToggle', target: 'idle', actions: assign({ selected: [] }) },
          { actions: assign({ selected: ({ context, event }) => toggle(context.selected, event.post) }) },
        ],
        CLEAR: { target: 'idle', actions: assign({ selected: [] }) },
        GODKEND: [
          {
            guard: 'masse',
            target: 'confirming',
            actions: assign({ handling: 'godkend', poster: ({ context }) => context.selected }),
          },
          {
            target: 'submitting',
            actions: assign({ handling: 'godkend', poster: ({ context }) => context.selected }),
          },
        ],
        FORKAST: [
          {
            guard: 'masse',
            target: 'confirming',
            actions: assign({ handling: 'forkast', poster: ({ context }) => context.selected }),
          },
          {
            target: 'submitting',
            actions: assign({ handling: 'forkast', poster: ({ context }) => context.selected }),
          },
        ],
      },
    },
    confirming: {
      on: {
        CONFIRM: 'submitting',
        CANCEL: { target: 'selecting', actions: assign({ handling: null, poster: [] }) },
      },
    },
    submitting: {
      entry: assign({ result: null, error: null }),
      invoke: {
        src: 'decide',
        input: ({ context }) => ({ handling: context.handling ?? 'godkend', poster: context.poster }),
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => event.output, selected: [] }),
            {
              type: 'decided',
              params: ({ context, event }) => ({
                handling: context.handling ?? 'godkend',
                result: event.output,
              }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => fejltekst(event.error) }),
            {
              type: 'failedToDecide',
              params: ({ context, event }) => ({
                handling: context.handling ?? 'godkend',
                error: fejltekst(event.error),
              }),
            },
          ],
        },
      },
    },
    done: {
      on: {
        SELECT: [
          { guard: 'tomtValg' },
          {
            target: 'selecting',
            actions: assign({ selected: ({ event }) => unik(event.poster), handling: null, poster: [] }),
          },
        ],
        TOGGLE: {
          target: 'selecting',
          actions: assign({ selected: ({ event }) => [event.post], handling: null, poster: [] }),
        },
        DISMISS: { target: 'idle', actions: assign({ handling: null, poster: [], result: null }) },
      },
    },
    failed: {
      on: {
        RETRY: 'submitting',
        DISMISS: [
          {
            guard: 'harValg',
            target: 'selecting',
            actions: assign({ handling: null, poster: [], error: null }),
          },
          { target: 'idle', actions: assign({ handling: null, poster: [], error: null }) },
        ],
        SELECT: [
          {
            guard: 'tomtValg',
            target: 'idle',
            actions: assign({ selected: [], handling: null, poster: [], error: null }),
          },
          {
            target: 'selecting',
            actions: assign({
              selected: ({ event }) => unik(event.poster),
              handling: null,
              poster: [],
              error: null,
            }),
          },
        ],
        TOGGLE: [
          {
            guard: 'tomEfterToggle',
            target: 'idle',
            actions: assign({ selected: [], handling: null, poster: [], error: null }),
          },
          {
            target: 'selecting',
            actions: assign({
              selected: ({ context, event }) => toggle(context.selected, event.post),
              handling: null,
              poster: [],
              error: null,
            }),
          },
        ],
      },
    },
  },
});

/** The machine with its side effects: the call and the two notifications. */
export function createGodkendForkastMachine(effects: {
  decide(input: DecideInput): Promise<BeslutningSvar>;
  decided?(handling: Handling, result: BeslutningSvar): void;
  failedToDecide?(handling: Handling, error: string): void;
}) {
  return godkendForkastMachine.provide({
    actors: { decide: fromPromise<BeslutningSvar, DecideInput>(({ input }) => effects.decide(input)) },
    actions: {
      decided: (_, { handling, result }) => effects.decided?.(handling, result),
      failedToDecide: (_, { handling, error }) => effects.failedToDecide?.(handling, error),
    },
  });
}

/** 'N poster var allerede behandlet af en anden' (or the singular), or null when none were. */
export function alleredeBehandletTekst(result: BeslutningSvar): string | null {
  const n = result.alleredeBesluttet.length;
  if (n === 0) return null;
  if (n === 1) {
    const a = result.alleredeBesluttet[0]!;
    return `1 post var allerede behandlet af en anden${a.af ? ` (${a.af})` : ''}`;
  }
  return `${n} poster var allerede behandlet af en anden`;
}
