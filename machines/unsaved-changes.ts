/**
 * The unsaved-changes guard of one tile (spec 000 §4). Before a route change, a tile with tracked
 * changes asks first; clean tiles let the navigation through at once.
 *
 *   clean ──CHANGE──> dirty ──NAVIGATE_REQUEST──> confirming ──STAY──> dirty
 *     ^  └─NAVIGATE_REQUEST: proceed(to)             └──PROCEED: resetForm, proceed(to)──> clean
 *     └──────────── SAVED / RESET ──────────────┘
 *
 * Injected actions: `proceed` ({ to }) performs the navigation; `resetForm` signals the form to
 * drop its changes. Escape and the close icon of the modal send STAY.
 */
import { assign, setup } from 'xstate';

/** The texts of the confirmation modal. */
export const UNSAVED_CHANGES_TEXT = {
  title: 'Ændringer i formularen',
  body: 'Dine ændringer er ikke gemt. Vil du fortsætte uden at gemme?',
  stay: 'Bliv på formularen',
  proceed: 'Gå videre uden at gemme',
} as const;

export interface UnsavedChangesContext {
  /** The navigation waiting for an answer while the modal is open. */
  pendingTo: string | null;
}

export type UnsavedChangesEvent =
  | { type: 'CHANGE' }
  | { type: 'SAVED' }
  | { type: 'RESET' }
  | { type: 'NAVIGATE_REQUEST'; to: string }
  /** 'Bliv på formularen', Escape or the close icon. */
  | { type: 'STAY' }
  /** 'Gå videre uden at gemme'. */
  | { type: 'PROCEED' };

export const unsavedChangesMachine = setup({
  types: {} as { context: UnsavedChangesContext; events: UnsavedChangesEvent },
  actions: {
    proceed: (_, _params: { to: string }) => {},
    resetForm: () => {},
  },
}).createMachine({
  id: 'unsavedChanges',
  initial: 'clean',
  context: { pendingTo: null },
  states: {
    clean: {
      on: {
        CHANGE: 'dirty',
        NAVIGATE_REQUEST: { actions: { type: 'proceed', params: ({ event }) => ({ to: event.to }) } },
      },
    },
    dirty: {
      on: {
        SAVED: 'clean',
        RESET: 'clean',
        NAVIGATE_REQUEST: { target: 'confirming', actions: assign({ pendingTo: ({ event }) => event.to }) },
      },
    },
    confirming: {
      on: {
        STAY: { target: 'dirty', actions: assign({ pendingTo: null }) },
        PROCEED: {
          target: 'clean',
          actions: [
            'resetForm',
            { type: 'proceed', params: ({ context }) => ({ to: context.pendingTo ?? '' }) },
            assign({ pendingTo: null }),
          ],
        },
      },
    },
  },
});
