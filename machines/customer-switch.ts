/**
 * Switching customer (spec 000 §4), in this exact order: request a new token, store it, reload user
 * and customer, save the user settings with the new activeKundeId, reload the customer settings,
 * then go home and reload the page (reload directly when already on home).
 *
 * Any failure ends in the final state `failed`; the session machine, which invokes this machine as
 * a child, then logs the user out. Before anything happens `confirmLeave` is asked (the
 * unsaved-changes guard of open tiles plugs in there); false cancels without side effects.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { BrugerSettings, KundeSettings } from '../src/contract/session';
import type { SessionUser } from './session';

export interface CustomerSwitchInput {
  kundeId: number;
  /** The current user settings; saved with activeKundeId set to the new customer. */
  brugerSettings: BrugerSettings;
  /** location.pathname when the switch was asked for; unknown counts as "not on home". */
  currentPath?: string;
}

export type CustomerSwitchOutput =
  | {
      status: 'switched';
      token: string;
      user: SessionUser;
      brugerSettings: BrugerSettings;
      kundeSettings: KundeSettings;
    }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown };

/** The side effects of the switch, as plain functions (see `provideCustomerSwitch`). */
export interface CustomerSwitchEffects {
  /** GET login/ChangeMunicipality?municipalityId; resolves the new token (rejects unless 200). */
  changeMunicipality(kundeId: number): Promise<string>;
  storeToken(token: string): void;
  /** Reloads user and active customer for the new token. */
  loadUser(token: string): Promise<SessionUser>;
  /** PUT Bruger/GemOpsaetning. */
  saveBrugerSettings(brugerSettings: BrugerSettings): Promise<void>;
  /** GET Bruger/HentKundeOpsaetning/{kundeId}. */
  loadKundeSettings(kundeId: number): Promise<KundeSettings>;
  navigate(path: string): void;
  reloadPage(): void;
  /** Asked first; false cancels the switch. Defaults to true. */
  confirmLeave?(kundeId: number): Promise<boolean> | boolean;
}

interface CustomerSwitchContext extends CustomerSwitchInput {
  token: string | null;
  user: SessionUser | null;
  result: CustomerSwitchOutput;
}

function withActiveKunde({ brugerSettings, kundeId }: CustomerSwitchContext): BrugerSettings {
  return { ...brugerSettings, activeKundeId: kundeId };
}

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${name} is not provided`)));
}

export const customerSwitchMachine = setup({
  types: {} as {
    context: CustomerSwitchContext;
    input: CustomerSwitchInput;
    output: CustomerSwitchOutput;
  },
  actors: {
    confirmLeave: fromPromise<boolean, { kundeId: number }>(async () => true),
    changeMunicipality: notProvided<string, { kundeId: number }>('changeMunicipality'),
    loadUser: notProvided<SessionUser, { token: string }>('loadUser'),
    saveBrugerSettings: notProvided<void, { brugerSettings: BrugerSettings }>('saveBrugerSettings'),
    loadKundeSettings: notProvided<KundeSettings, { kundeId: number }>('loadKundeSettings'),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    navigate: (_, _params: { path: string }) => {},
    reloadPage: () => {},
    fail: assign((_, params: { error: unknown }) => ({
      result: { status: 'failed', error: params.error } as const,
    })),
  },
}).createMachine({
  id: 'customerSwitch',
  initial: 'confirming',
  context: ({ input }) => ({ ...input, token: null, user: null, result: { status: 'cancelled' } }),
  output: ({ context }) => context.result,
  states: {
    confirming: {
      invoke: {
        src: 'confirmLeave',
        input: ({ context }) => ({ kundeId: context.kundeId }),
        onDone: [
          { guard: ({ event }) => event.output === true, target: 'requestingToken' },
          { target: 'cancelled' },
        ],
        onError: 'cancelled',
      },
    },
    requestingToken: {
      invoke: {
        src: 'changeMunicipality',
        input: ({ context }) => ({ kundeId: context.kundeId }),
        onDone: {
          target: 'loadingUser',
          actions: [
            assign({ token: ({ event }) => event.output }),
            { type: 'storeToken', params: ({ event }) => ({ token: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingUser: {
      invoke: {
        src: 'loadUser',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'savingSettings', actions: assign({ user: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    savingSettings: {
      invoke: {
        src: 'saveBrugerSettings',
        input: ({ context }) => ({ brugerSettings: withActiveKunde(context) }),
        onDone: 'loadingKundeSettings',
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingKundeSettings: {
      invoke: {
        src: 'loadKundeSettings',
        input: ({ context }) => ({ kundeId: context.kundeId }),
        onDone: {
          target: 'done',
          actions: assign({
            result: ({ context, event }) => ({
              status: 'switched' as const,
              token: context.token!,
              user: context.user!,
              brugerSettings: withActiveKunde(context),
              kundeSettings: event.output,
            }),
          }),
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: {
      type: 'final',
      entry: enqueueActions(({ context, enqueue }) => {
        if (context.currentPath !== '/') enqueue({ type: 'navigate', params: { path: '/' } });
        enqueue('reloadPage');
      }),
    },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** The customer-switch machine with its effects given as plain functions. */
export function provideCustomerSwitch(effects: CustomerSwitchEffects) {
  const { confirmLeave } = effects;
  return customerSwitchMachine.provide({
    actors: {
      ...(confirmLeave && {
        confirmLeave: fromPromise<boolean, { kundeId: number }>(async ({ input }) =>
          confirmLeave(input.kundeId),
        ),
      }),
      changeMunicipality: fromPromise<string, { kundeId: number }>(({ input }) =>
        effects.changeMunicipality(input.kundeId),
      ),
      loadUser: fromPromise<SessionUser, { token: string }>(({ input }) => effects.loadUser(input.token)),
      saveBrugerSettings: fromPromise<void, { brugerSettings: BrugerSettings }>(({ input }) =>
        effects.saveBrugerSettings(input.brugerSettings),
      ),
      loadKundeSettings: fromPromise<KundeSettings, { kundeId: number }>(({ input }) =>
        effects.loadKundeSettings(input.kundeId),
      ),
    },
    actions: {
      storeToken: (_, { token }) => effects.storeToken(token),
      navigate: (_, { path }) => effects.navigate(path),
      reloadPage: () => effects.reloadPage(),
    },
  });
}
