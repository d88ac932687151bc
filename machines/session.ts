/**
 * The session: login state, sign-on, post-login target, token expiry, logout and customer switching
 * (spec 000 §2.1, §2.2, §4, §7, §8). Pure: every read, write, call and navigation is an injected
 * actor or action (see `SessionEffects` and `createSessionMachine`).
 *
 *   checking ── token ──> loadingUser ── loaded ──> signedIn { routing → idle ⇄ switchingCustomer }
 *   checking ── none ────> anonymous ── STS_LOGIN ──> signingIn ── token ──> loadingUser
 *   signingIn / loadingUser ── fails, or STS_LOGIN without userid ──> signInFailed (/stserror)
 *   loadingUser / signedIn ── LOGOUT, TOKEN_EXPIRED, switch fails ──> signingOut
 *   signingOut ──> anonymous (sign-on logout page), or loadingUser ('/') if a token is still there
 *
 * The post-login target (goToRouteAfterLogin) is this machine's alone: stored on LOGIN_REQUIRED (the
 * guard sends a visitor without a token to /login) and on TOKEN_EXPIRED, kept in storage through the
 * sign-on service's round trip, followed once in signedIn.routing and cleared there.
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  type BrugerSettings,
  defaultBrugerSettings,
  type KundeSettings,
  parseTextList,
  type TokenClaims,
} from '../src/contract/session';
import {
  type CustomerSwitchEffects,
  type CustomerSwitchOutput,
  customerSwitchMachine,
  provideCustomerSwitch,
} from './customer-switch';

/** The signed-in user, derived from the token's claims (spec 000 §3). */
export interface SessionUser {
  userId: string;
  username: string;
  roles: string[];
  modules: string[];
  /** The active customer's kundeId (a number, like every entity id; the claim carries it as text). */
  customerId: number;
  customerName: string;
  municipalityNumber: string;
}

/** What `loadSession` resolves: user and active customer, brugerSettings and kundeSettings. */
export interface LoadedSession {
  user: SessionUser;
  brugerSettings: BrugerSettings;
  kundeSettings: KundeSettings;
}

export interface SessionContext {
  token: string | null;
  user: SessionUser | null;
  brugerSettings: BrugerSettings | null;
  kundeSettings: KundeSettings | null;
  /** The last sign-on or session error, as stored under stsErrorMessage. */
  errorMessage: string | null;
  /** True when the session comes from a sign-in just now (then home is the default target). */
  freshSignIn: boolean;
}

export type SessionEvent =
  /** /stslogin?userid=… */
  | { type: 'STS_LOGIN'; userid?: string | null }
  /** A token was stored by someone else (password login view, another tab). */
  | { type: 'TOKEN_FOUND'; token: string }
  | { type: 'LOGOUT' }
  /** A response carried mwtokenexpired: true; route is the route the user asked for. */
  | { type: 'TOKEN_EXPIRED'; route: string }
  /**
   * The route guard is about to send a visitor without a token to the login page; route is the full
   * URL asked for (path + query: a shared link's whole layout), kept for after the sign-in.
   */
  | { type: 'LOGIN_REQUIRED'; route: string }
  | { type: 'SETTINGS_CHANGED'; brugerSettings?: BrugerSettings; kundeSettings?: KundeSettings }
  /** currentPath is location.pathname: on '/' the switch only reloads. */
  | { type: 'CUSTOMER_SWITCH'; kundeId: number; currentPath?: string };

/** The side effects of the session, as plain functions (see `createSessionMachine`). */
export interface SessionEffects extends CustomerSwitchEffects {
  /** The stored token (local key usertoken), or null. */
  readToken(): string | null | Promise<string | null>;
  storeToken(token: string): void;
  removeToken(): void;
  /** The stored post-login target (goToRouteAfterLogin), or null. */
  readGoToRoute(): string | null | Promise<string | null>;
  storeGoToRoute(route: string): void;
  clearGoToRoute(): void;
  /** Stores the text under stsErrorMessage. */
  storeStsError(message: string): void;
  /** Resets every in-memory store and cache (not goToRouteAfterLogin). */
  resetStores(): void;
  /**
   * Removes the user's form drafts kept in the browser (issue 34): at sign-out only. An expired token
   * keeps them, so the forms offer them back after the user signs in again.
   */
  removeDrafts(userId: string): void;
  navigate(path: string): void;
  /** Leaves the application for the sign-on service's logout page. */
  leaveForSsoLogout(): void;
  /** POST login/sts: exchanges the sign-on id for a token; rejects with the server's error text. */
  exchangeStsId(stsId: string): Promise<string>;
  /** Loads user, active customer, brugerSettings and kundeSettings for a token. */
  loadSession(token: string): Promise<LoadedSession>;
}

export const HOME_ROUTE = '/';
export const STS_ERROR_ROUTE = '/stserror';
export const MISSING_USERID_MESSAGE = 'Log-ind-id mangler';
export const UNKNOWN_ERROR_MESSAGE = 'Der opstod en uventet fejl';

/** The user a token's claims describe; roles and modules are JSON lists held as text. */
export function userFromClaims(claims: TokenClaims): SessionUser {
  return {
    userId: claims.userId,
    username: claims.username,
    roles: parseTextList(claims.roles),
    modules: parseTextList(claims.modules),
    customerId: Number(claims.customerId),
    customerName: claims.customerName,
    municipalityNumber: claims.municipalityNumber,
  };
}

/** The text to show for a rejection: the server's message when there is one. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return UNKNOWN_ERROR_MESSAGE;
}

/** Whether a route can be the post-login target: not empty, and not one containing the text 'login'. */
export function isPostLoginTarget(route: string | null | undefined): route is string {
  return !!route && !route.toLowerCase().includes('login');
}

/**
 * Where to go once a session is established. A stored target is used unless it contains the text
 * 'login'; otherwise home after a fresh sign-in, and nowhere (stay) when a stored token was restored.
 */
export function routeAfterLogin(target: string | null, freshSignIn: boolean): string | null {
  if (isPostLoginTarget(target)) return target;
  return freshSignIn ? HOME_ROUTE : null;
}

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${name} is not provided`)));
}

const signedOutContext = { token: null, user: null, brugerSettings: null, kundeSettings: null } as const;

/**
 * Signing out, by the user or by an expired token, from every state that holds a token (loading the
 * user and signed in alike).
 */
const UDLOGNING = {
  LOGOUT: {
    target: 'signingOut',
    // The user is still in the context here (signingOut's entry forgets it).
    actions: {
      type: 'removeDrafts',
      params: ({ context }: { context: SessionContext }) => ({ userId: context.user?.userId ?? null }),
    },
  },
  TOKEN_EXPIRED: {
    target: 'signingOut',
    actions: {
      type: 'storeGoToRoute',
      params: ({ event }: { event: { type: 'TOKEN_EXPIRED'; route: string } }) => ({ route: event.route }),
    },
  },
} as const;

export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actors: {
    readToken: notProvided<string | null, void>('readToken'),
    readGoToRoute: notProvided<string | null, void>('readGoToRoute'),
    exchangeStsId: notProvided<string, { stsId: string }>('exchangeStsId'),
    loadSession: notProvided<LoadedSession, { token: string }>('loadSession'),
    customerSwitch: customerSwitchMachine,
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    removeToken: () => {},
    storeGoToRoute: (_, _params: { route: string }) => {},
    clearGoToRoute: () => {},
    storeStsError: (_, _params: { message: string }) => {},
    resetStores: () => {},
    removeDrafts: (_, _params: { userId: string | null }) => {},
    navigate: (_, _params: { path: string }) => {},
    leaveForSsoLogout: () => {},
    noteMissingUserid: assign({ errorMessage: MISSING_USERID_MESSAGE }),
  },
  guards: {
    /** A link asked for without a session, worth coming back to after the sign-in. */
    keepsLoginTarget: ({ context, event }) =>
      event.type === 'LOGIN_REQUIRED' && !context.token && isPostLoginTarget(event.route),
    hasUserid: ({ event }) => event.type === 'STS_LOGIN' && !!event.userid?.trim(),
    isOtherCustomer: ({ context, event }) =>
      event.type === 'CUSTOMER_SWITCH' &&
      Number.isInteger(event.kundeId) &&
      event.kundeId > 0 &&
      event.kundeId !== context.user?.customerId,
  },
}).createMachine({
  id: 'session',
  initial: 'checking',
  context: { ...signedOutContext, errorMessage: null, freshSignIn: false },
  on: {
    // Kept (goToRouteAfterLogin) through the round trip to the sign-on service, which reloads the
    // page; used once in signedIn.routing. Without a session only: signed in, nothing is stored.
    LOGIN_REQUIRED: {
      guard: 'keepsLoginTarget',
      actions: { type: 'storeGoToRoute', params: ({ event }) => ({ route: event.route }) },
    },
  },
  states: {
    checking: {
      invoke: {
        src: 'readToken',
        onDone: [
          {
            guard: ({ event }) => !!event.output,
            target: 'loadingUser',
            actions: assign({ token: ({ event }) => event.output, freshSignIn: false }),
          },
          { target: 'anonymous' },
        ],
        onError: 'anonymous',
      },
      on: {
        STS_LOGIN: [
          { guard: 'hasUserid', target: 'signingIn' },
          { target: 'signInFailed', actions: 'noteMissingUserid' },
        ],
      },
    },
    anonymous: {
      on: {
        STS_LOGIN: [
          { guard: 'hasUserid', target: 'signingIn' },
          { target: 'signInFailed', actions: 'noteMissingUserid' },
        ],
        TOKEN_FOUND: {
          guard: ({ event }) => !!event.token,
          target: 'loadingUser',
          actions: assign({ token: ({ event }) => event.token, freshSignIn: true }),
        },
      },
    },
    signingIn: {
      invoke: {
        src: 'exchangeStsId',
        input: ({ event }) => {
          assertEvent(event, 'STS_LOGIN');
          return { stsId: event.userid?.trim() ?? '' };
        },
        onDone: {
          target: 'loadingUser',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.output }) },
            assign({ token: ({ event }) => event.output, freshSignIn: true }),
          ],
        },
        onError: {
          target: 'signInFailed',
          actions: assign({ errorMessage: ({ event }) => errorText(event.error) }),
        },
      },
    },
    loadingUser: {
      invoke: {
        src: 'loadSession',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: assign(({ event }) => ({ ...event.output, errorMessage: null })),
        },
        onError: {
          target: 'signInFailed',
          actions: [
            'removeToken',
            assign({ token: null, errorMessage: ({ event }) => errorText(event.error) }),
          ],
        },
      },
      on: {
        ...UDLOGNING,
      },
    },
    signedIn: {
      initial: 'routing',
      on: {
        ...UDLOGNING,
        SETTINGS_CHANGED: {
          actions: assign(({ context, event }) => ({
            brugerSettings: event.brugerSettings ?? context.brugerSettings,
            kundeSettings: event.kundeSettings ?? context.kundeSettings,
          })),
        },
      },
      states: {
        routing: {
          invoke: {
            src: 'readGoToRoute',
            onDone: {
              target: 'idle',
              actions: enqueueActions(({ context, event, enqueue }) => {
                // The stored target is consumed once, used or not.
                if (event.output !== null) enqueue('clearGoToRoute');
                const path = routeAfterLogin(event.output, context.freshSignIn);
                if (path !== null) enqueue({ type: 'navigate', params: { path } });
              }),
            },
            onError: {
              target: 'idle',
              actions: enqueueActions(({ context, enqueue }) => {
                const path = routeAfterLogin(null, context.freshSignIn);
                if (path !== null) enqueue({ type: 'navigate', params: { path } });
              }),
            },
          },
        },
        idle: {
          on: { CUSTOMER_SWITCH: { guard: 'isOtherCustomer', target: 'switchingCustomer' } },
        },
        switchingCustomer: {
          invoke: {
            src: 'customerSwitch',
            input: ({ context, event }) => {
              assertEvent(event, 'CUSTOMER_SWITCH');
              return {
                kundeId: event.kundeId,
                currentPath: event.currentPath,
                brugerSettings: context.brugerSettings ?? defaultBrugerSettings(),
              };
            },
            onDone: [
              {
                guard: ({ event }) => event.output.status === 'failed',
                target: '#session.signingOut',
                actions: assign({ errorMessage: ({ event }) => failureText(event.output) }),
              },
              { target: 'idle', actions: assign(({ event }) => switchedContext(event.output)) },
            ],
            onError: {
              target: '#session.signingOut',
              actions: assign({ errorMessage: ({ event }) => errorText(event.error) }),
            },
          },
        },
      },
    },
    signingOut: {
      entry: ['removeToken', 'resetStores', assign(signedOutContext)],
      invoke: {
        src: 'readToken',
        onDone: [
          {
            guard: ({ event }) => !!event.output,
            target: 'loadingUser',
            actions: [
              assign({ token: ({ event }) => event.output, freshSignIn: false }),
              { type: 'navigate', params: { path: HOME_ROUTE } },
            ],
          },
          { target: 'anonymous', actions: 'leaveForSsoLogout' },
        ],
        onError: { target: 'anonymous', actions: 'leaveForSsoLogout' },
      },
    },
    signInFailed: {
      entry: [
        {
          type: 'storeStsError',
          params: ({ context }) => ({ message: context.errorMessage ?? UNKNOWN_ERROR_MESSAGE }),
        },
        { type: 'navigate', params: { path: STS_ERROR_ROUTE } },
      ],
      on: {
        STS_LOGIN: [
          { guard: 'hasUserid', target: 'signingIn' },
          { target: 'signInFailed', reenter: true, actions: 'noteMissingUserid' },
        ],
        TOKEN_FOUND: {
          guard: ({ event }) => !!event.token,
          target: 'loadingUser',
          actions: assign({ token: ({ event }) => event.token, freshSignIn: true }),
        },
      },
    },
  },
});

function failureText(output: CustomerSwitchOutput): string | null {
  return output.status === 'failed' ? errorText(output.error) : null;
}

function switchedContext(output: CustomerSwitchOutput): Partial<SessionContext> {
  if (output.status !== 'switched') return {};
  const { token, user, brugerSettings, kundeSettings } = output;
  return { token, user, brugerSettings, kundeSettings };
}

/** The session machine (with its customer-switch child) wired to plain-function effects. */
export function createSessionMachine(effects: SessionEffects) {
  return sessionMachine.provide({
    actors: {
      readToken: fromPromise<string | null, void>(async () => effects.readToken()),
      readGoToRoute: fromPromise<string | null, void>(async () => effects.readGoToRoute()),
      exchangeStsId: fromPromise<string, { stsId: string }>(({ input }) =>
        effects.exchangeStsId(input.stsId),
      ),
      loadSession: fromPromise<LoadedSession, { token: string }>(({ input }) =>
        effects.loadSession(input.token),
      ),
      customerSwitch: provideCustomerSwitch(effects),
    },
    actions: {
      storeToken: (_, { token }) => effects.storeToken(token),
      removeToken: () => effects.removeToken(),
      storeGoToRoute: (_, { route }) => effects.storeGoToRoute(route),
      clearGoToRoute: () => effects.clearGoToRoute(),
      storeStsError: (_, { message }) => effects.storeStsError(message),
      resetStores: () => effects.resetStores(),
      removeDrafts: (_, { userId }) => {
        if (userId !== null) effects.removeDrafts(userId);
      },
      navigate: (_, { path }) => effects.navigate(path),
      leaveForSsoLogout: () => effects.leaveForSsoLogout(),
    },
  });
}
