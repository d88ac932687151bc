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
 *   idle, selecting, done, failed, undoFailed ──FORTRYD (a decision within the window)──> undoing
 *   undoing ──done──> idle (selection cleared, cursor on the restored entry; `undone` reports it)
 *           └─error─> undoFailed ──RETRY──> undoing (the same decision)
 *                                └─DISMISS──> idle, ──SELECT/TOGGLE──> selecting
 *
 * While submitting or undoing, nothing else is accepted: a second GODKEND, FORKAST, CONFIRM, RETRY
 * or FORTRYD is refused (no transition), so one call is in flight at a time. Selection changes are
 * refused too, so the entries on their way are the ones shown as selected.
 *
 * The keyboard cursor (ROWS: the queue as shown, in order; CURSOR: the user moved it) is kept here in
 * every state, with one rule: after a decision the cursor goes to the next undecided row after it
 * (else the nearest before it), never back to the first row; when a refresh removes the cursor's row
 * (decided elsewhere) it goes to the next remaining row the same way. After an undo the cursor is
 * on the restored entry.
 *
 * Every decision the validator made is kept for FORTRYD_VINDUE_MS (the server's window, by the same
 * validator) with the versions the server gave the entries; FORTRYD undoes the newest, or the one
 * named by its key (the toast of that decision). The clock is the machine's input (`nu`).
 *
 * Side effects are injected: the actors `decide` (PUT .../Godkend|Forkast, in the input's customer)
 * and `undo` (POST validering/fortryd) perform the calls; the actions `decided`, `failedToDecide`,
 * `undone` and `failedToUndo` tell the owner. The validation queue (machines/koe.ts) runs this
 * machine as its child and turns those into its banner, toasts and refreshes.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  type BeslutningSvar,
  type BeslutningSvarMedVersioner,
  FORTRYD_VINDUE_MS,
  type FortrydSvar,
} from '../src/contract/validering';

export type Handling = 'godkend' | 'forkast';

/** An entry as the validator saw it: the server refuses a stale version. */
export interface Post {
  id: number;
  version: number;
}

export interface DecideInput {
  /** The customer the queue belongs to (the machine's input): the call decides there, nowhere else. */
  kundeId: number;
  handling: Handling;
  poster: Post[];
}

/** A decision that can still be undone: its entries with the versions the decision gave them. */
export interface Fortrydelig {
  /** Names the decision (its toast's 'Fortryd' undoes exactly this one). */
  noegle: number;
  handling: Handling;
  poster: Post[];
  /** When the answer came (the machine's clock, ms). */
  tid: number;
  /** The cursor's row when the decision was made: where the cursor returns after the undo. */
  markoer: number | null;
}

export type UndoInput = Fortrydelig;

/** The most decisions kept for undoing (each also expires after the window). */
export const MAKS_FORTRYDELIGE = 20;

export interface GodkendForkastContext {
  selected: Post[];
  handling: Handling | null;
  /** The entries of the decision being confirmed, submitted or retried. */
  poster: Post[];
  result: BeslutningSvarMedVersioner | null;
  error: string | null;
  /** The queue's rows as shown, in order. */
  raekker: number[];
  /** The keyboard cursor's row, or null when the queue is empty. */
  markoer: number | null;
  /** Decisions that can still be undone, oldest first. */
  fortrydelige: Fortrydelig[];
  /** The decision being undone (or whose undo failed). */
  fortryder: Fortrydelig | null;
  naesteNoegle: number;
  /** The customer the queue belongs to (the input's). */
  kundeId: number;
  /** The clock (ms); the input's, so tests move time instead of waiting. */
  nu: () => number;
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
  | { type: 'DISMISS' }
  /** The queue as shown now (after a refresh, a sort or a filter), in order. */
  | { type: 'ROWS'; ids: number[] }
  /** The user moved the cursor (arrows, j/k, a click). */
  | { type: 'CURSOR'; id: number | null }
  /** Undo the newest decision still in the window, or the one with this key. */
  | { type: 'FORTRYD'; noegle?: number };

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

/**
 * The cursor after a decision: the row itself if it was not decided, else the first row after it
 * that was not decided, else the nearest one before it; null when every row was decided. A cursor
 * that is not in the rows stays where it is.
 */
export function naesteUbesluttede(
  raekker: readonly number[],
  markoer: number | null,
  besluttede: ReadonlySet<number>,
): number | null {
  if (markoer === null) return raekker.find((id) => !besluttede.has(id)) ?? null;
  const i = raekker.indexOf(markoer);
  if (i < 0 || !besluttede.has(markoer)) return markoer;
  for (let j = i + 1; j < raekker.length; j++) if (!besluttede.has(raekker[j]!)) return raekker[j]!;
  for (let j = i - 1; j >= 0; j--) if (!besluttede.has(raekker[j]!)) return raekker[j]!;
  return null;
}

/**
 * The cursor when the rows change: it stays on its row while that is shown; a row that left (decided
 * elsewhere) hands the cursor to the next remaining row after it, else the nearest before it; with
 * no cursor yet it starts on the first row. A cursor on a row that was not shown before (an entry
 * on its way back after an undo) waits for it.
 */
export function markoerEfterNyeRaekker(
  foer: readonly number[],
  nye: readonly number[],
  markoer: number | null,
): number | null {
  if (markoer === null) return nye[0] ?? null;
  if (nye.includes(markoer)) return markoer;
  const i = foer.indexOf(markoer);
  if (i < 0) return markoer;
  const tilbage = new Set(nye);
  const naeste = naesteUbesluttede(
    foer.filter((id) => id === markoer || tilbage.has(id)),
    markoer,
    new Set([markoer]),
  );
  return naeste ?? nye[0] ?? null;
}

/** The decision FORTRYD means: the named one, or the newest; null when none is within the window. */
export function fortrydelig(
  context: Pick<GodkendForkastContext, 'fortrydelige' | 'nu'>,
  noegle?: number,
): Fortrydelig | null {
  const f =
    noegle === undefined
      ? context.fortrydelige.at(-1)
      : context.fortrydelige.find((x) => x.noegle === noegle);
  return f && context.nu() - f.tid < FORTRYD_VINDUE_MS ? f : null;
}

function fejltekst(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return 'Der opstod en uventet fejl';
}

export interface GodkendForkastInput {
  /** The customer the queue belongs to: every decision is made there (a new customer, a new machine). */
  kundeId: number;
  /** The clock in ms (default Date.now). */
  nu?: () => number;
}

/** What a failed decision leaves behind, cleared when the validator moves on. */
const udenFejl: Pick<GodkendForkastContext, 'handling' | 'poster' | 'error'> = {
  handling: null,
  poster: [],
  error: null,
};

export const godkendForkastMachine = setup({
  types: {} as {
    context: GodkendForkastContext;
    events: GodkendForkastEvent;
    input: GodkendForkastInput;
  },
  actors: {
    decide: fromPromise<BeslutningSvarMedVersioner, DecideInput>(() =>
      Promise.reject(new Error('decide is not provided')),
    ),
    undo: fromPromise<FortrydSvar, UndoInput>(() => Promise.reject(new Error('undo is not provided'))),
  },
  actions: {
    decided: (
      _,
      _params: { handling: Handling; result: BeslutningSvarMedVersioner; noegle: number | null },
    ) => {},
    failedToDecide: (_, _params: { handling: Handling; error: string }) => {},
    undone: (_, _params: { fortrudt: Fortrydelig; result: FortrydSvar }) => {},
    failedToUndo: (_, _params: { fortrudt: Fortrydelig; error: string }) => {},
    vaelgFortrydelig: assign({
      fortryder: ({ context, event }) =>
        event.type === 'FORTRYD' ? fortrydelig(context, event.noegle) : null,
    }),
  },
  guards: {
    harValg: ({ context }) => context.selected.length > 0,
    masse: ({ context }) => erMasse(context.selected),
    tomEfterToggle: ({ context, event }) =>
      event.type === 'TOGGLE' && toggle(context.selected, event.post).length === 0,
    tomtValg: ({ event }) => event.type === 'SELECT' && event.poster.length === 0,
    kanFortryde: ({ context, event }) =>
      event.type === 'FORTRYD' && fortrydelig(context, event.noegle) !== null,
  },
}).createMachine({
  id: 'godkendForkast',
  initial: 'idle',
  context: ({ input }) => ({
    selected: [],
    handling: null,
    poster: [],
    result: null,
    error: null,
    raekker: [],
    markoer: null,
    fortrydelige: [],
    fortryder: null,
    naesteNoegle: 1,
    kundeId: input.kundeId,
    nu: input.nu ?? (() => Date.now()),
  }),
  on: {
    // The cursor follows the rows and the user in every state, also while a call is in flight.
    ROWS: {
      actions: assign({
        raekker: ({ event }) => event.ids,
        markoer: ({ context, event }) => markoerEfterNyeRaekker(context.raekker, event.ids, context.markoer),
      }),
    },
    CURSOR: { actions: assign({ markoer: ({ event }) => event.id }) },
  },
  states: {
    idle: {
      on: {
        SELECT: [
          { guard: 'tomtValg' },
          { target: 'selecting', actions: assign({ selected: ({ event }) => unik(event.poster) }) },
        ],
        TOGGLE: { target: 'selecting', actions: assign({ selected: ({ event }) => [event.post] }) },
        FORTRYD: { guard: 'kanFortryde', target: 'undoing', actions: 'vaelgFortrydelig' },
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
        FORTRYD: { guard: 'kanFortryde', target: 'undoing', actions: 'vaelgFortrydelig' },
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
        input: ({ context }) => ({
          kundeId: context.kundeId,
          handling: context.handling ?? 'godkend',
          poster: context.poster,
        }),
        onDone: {
          target: 'done',
          actions: [
            assign(({ context, event }) => {
              const svar = event.output;
              const besluttede = new Set([...svar.besluttet, ...svar.alleredeBesluttet.map((a) => a.id)]);
              const nu = context.nu();
              const levende = context.fortrydelige.filter((f) => nu - f.tid < FORTRYD_VINDUE_MS);
              const ny: Fortrydelig[] =
                svar.versioner.length > 0
                  ? [
                      {
                        noegle: context.naesteNoegle,
                        handling: context.handling ?? 'godkend',
                        poster: svar.versioner,
                        tid: nu,
                        markoer: context.markoer,
                      },
                    ]
                  : [];
              return {
                result: svar,
                selected: [],
                // Decided entries are no longer in the queue, whether or not the view has refreshed.
                raekker: context.raekker.filter((id) => !besluttede.has(id)),
                markoer: naesteUbesluttede(context.raekker, context.markoer, besluttede),
                fortrydelige: [...levende, ...ny].slice(-MAKS_FORTRYDELIGE),
                naesteNoegle: context.naesteNoegle + ny.length,
              };
            }),
            {
              type: 'decided',
              params: ({ context, event }) => ({
                handling: context.handling ?? 'godkend',
                result: event.output,
                noegle: event.output.versioner.length > 0 ? context.naesteNoegle - 1 : null,
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
        FORTRYD: { guard: 'kanFortryde', target: 'undoing', actions: 'vaelgFortrydelig' },
      },
    },
    failed: {
      on: {
        RETRY: 'submitting',
        DISMISS: [
          { guard: 'harValg', target: 'selecting', actions: assign(udenFejl) },
          { target: 'idle', actions: assign(udenFejl) },
        ],
        SELECT: [
          { guard: 'tomtValg', target: 'idle', actions: assign({ ...udenFejl, selected: [] }) },
          {
            target: 'selecting',
            actions: assign({ ...udenFejl, selected: ({ event }) => unik(event.poster) }),
          },
        ],
        TOGGLE: [
          { guard: 'tomEfterToggle', target: 'idle', actions: assign({ ...udenFejl, selected: [] }) },
          {
            target: 'selecting',
            actions: assign({
              ...udenFejl,
              selected: ({ context, event }) => toggle(context.selected, event.post),
            }),
          },
        ],
        FORTRYD: {
          guard: 'kanFortryde',
          target: 'undoing',
          actions: [assign({ ...udenFejl, selected: [] }), 'vaelgFortrydelig'],
        },
      },
    },
    undoing: {
      entry: assign({ error: null, selected: [] }),
      invoke: {
        src: 'undo',
        input: ({ context }) => context.fortryder!,
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'undone',
              params: ({ context, event }) => ({ fortrudt: context.fortryder!, result: event.output }),
            },
            assign(({ context, event }) => {
              const f = context.fortryder!;
              const ids = f.poster.map((p) => p.id);
              // The cursor goes to the restored entry: the one it was on when deciding, if restored.
              const markoer =
                f.markoer !== null && ids.includes(f.markoer)
                  ? f.markoer
                  : (event.output.fortrudt[0] ?? ids[0] ?? null);
              return {
                fortrydelige: context.fortrydelige.filter((x) => x.noegle !== f.noegle),
                markoer,
                fortryder: null,
                result: null,
                handling: null,
                poster: [],
              };
            }),
          ],
        },
        onError: {
          target: 'undoFailed',
          actions: [
            assign({ error: ({ event }) => fejltekst(event.error) }),
            {
              type: 'failedToUndo',
              params: ({ context, event }) => ({
                fortrudt: context.fortryder!,
                error: fejltekst(event.error),
              }),
            },
          ],
        },
      },
    },
    undoFailed: {
      on: {
        RETRY: 'undoing',
        DISMISS: { target: 'idle', actions: assign({ fortryder: null, error: null }) },
        SELECT: [
          { guard: 'tomtValg', target: 'idle', actions: assign({ fortryder: null, error: null }) },
          {
            target: 'selecting',
            actions: assign({ fortryder: null, error: null, selected: ({ event }) => unik(event.poster) }),
          },
        ],
        TOGGLE: {
          target: 'selecting',
          actions: assign({ fortryder: null, error: null, selected: ({ event }) => [event.post] }),
        },
        FORTRYD: { guard: 'kanFortryde', target: 'undoing', actions: 'vaelgFortrydelig' },
      },
    },
  },
});

/** The machine with its side effects: the two calls and the notifications. */
export function createGodkendForkastMachine(effects: {
  decide(input: DecideInput): Promise<BeslutningSvarMedVersioner>;
  undo?(input: UndoInput): Promise<FortrydSvar>;
  decided?(handling: Handling, result: BeslutningSvarMedVersioner, noegle: number | null): void;
  failedToDecide?(handling: Handling, error: string): void;
  undone?(fortrudt: Fortrydelig, result: FortrydSvar): void;
  failedToUndo?(fortrudt: Fortrydelig, error: string): void;
}) {
  return godkendForkastMachine.provide({
    actors: {
      decide: fromPromise<BeslutningSvarMedVersioner, DecideInput>(({ input }) => effects.decide(input)),
      ...(effects.undo
        ? { undo: fromPromise<FortrydSvar, UndoInput>(({ input }) => effects.undo!(input)) }
        : {}),
    },
    actions: {
      decided: (_, { handling, result, noegle }) => effects.decided?.(handling, result, noegle),
      failedToDecide: (_, { handling, error }) => effects.failedToDecide?.(handling, error),
      undone: (_, { fortrudt, result }) => effects.undone?.(fortrudt, result),
      failedToUndo: (_, { fortrudt, error }) => effects.failedToUndo?.(fortrudt, error),
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
