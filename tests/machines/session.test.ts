import { describe, expect, test } from 'vitest';
import { type Actor, createActor, fromPromise, waitFor } from 'xstate';
import { customerSwitchMachine } from '../../machines/customer-switch';
import {
  createSessionMachine,
  type LoadedSession,
  type SessionEvent,
  sessionMachine,
  userFromClaims,
} from '../../machines/session';
import {
  brugerSettings,
  fakeSwitchActors,
  flush,
  kundeSettingsOf,
  type SwitchStep,
  sessionOf,
  userOf,
} from './fixtures';

const TOKEN = 'usertoken';
const TARGET = 'goToRouteAfterLogin';
const STS_ERROR = 'stsErrorMessage';

/** localStorage across page loads: one World, several actors (one per page load). */
function newWorld(stored: Record<string, string> = {}) {
  return { storage: new Map(Object.entries(stored)), calls: [] as string[] };
}
type World = ReturnType<typeof newWorld>;

interface Options {
  exchangeStsId?: (stsId: string) => Promise<string>;
  loadSession?: (token: string) => Promise<LoadedSession>;
  /** Read of the token while signing out (default: what is stored). */
  readTokenOnLogout?: () => Promise<string | null>;
  /** removeToken leaves the token in place (another tab stored one again). */
  tokenStays?: boolean;
  switchFailsAt?: SwitchStep;
  confirmLeave?: boolean;
  changeMunicipality?: () => Promise<string>;
}

function provided(world: World, options: Options = {}) {
  const { storage, calls } = world;
  const log = (line: string) => void calls.push(line);
  const step = (name: SwitchStep, line: string) => {
    log(line);
    if (options.switchFailsAt === name) throw new Error(`${name} fejlede`);
  };
  let started = false;
  return sessionMachine.provide({
    actors: {
      readToken: fromPromise<string | null, void>(async () => {
        log('readToken');
        if (started && options.readTokenOnLogout) return options.readTokenOnLogout();
        started = true;
        return storage.get(TOKEN) ?? null;
      }),
      readGoToRoute: fromPromise<string | null, void>(async () => {
        log('readGoToRoute');
        return storage.get(TARGET) ?? null;
      }),
      exchangeStsId: fromPromise<string, { stsId: string }>(async ({ input }) => {
        log(`exchangeStsId ${input.stsId}`);
        if (options.exchangeStsId) return options.exchangeStsId(input.stsId);
        if (input.stsId === 'brugt') throw new Error('Log-ind-id er allerede brugt');
        return `token-${input.stsId}`;
      }),
      loadSession: fromPromise<LoadedSession, { token: string }>(async ({ input }) => {
        log(`loadSession ${input.token}`);
        return options.loadSession ? options.loadSession(input.token) : sessionOf(1);
      }),
      customerSwitch: customerSwitchMachine.provide({
        actors: {
          confirmLeave: fromPromise<boolean, { kundeId: number }>(async ({ input }) => {
            log(`confirmLeave ${input.kundeId}`);
            return options.confirmLeave ?? true;
          }),
          ...fakeSwitchActors(step, options.changeMunicipality),
        },
        actions: {
          storeToken: (_, { token }) => {
            step('storeToken', `storeToken ${token}`);
            storage.set(TOKEN, token);
          },
          navigate: (_, { path }) => log(`navigate ${path}`),
          reloadPage: () => log('reloadPage'),
        },
      }),
    },
    actions: {
      storeToken: (_, { token }) => {
        log(`storeToken ${token}`);
        storage.set(TOKEN, token);
      },
      removeToken: () => {
        log('removeToken');
        if (!options.tokenStays) storage.delete(TOKEN);
      },
      storeGoToRoute: (_, { route }) => {
        log(`storeGoToRoute ${route}`);
        storage.set(TARGET, route);
      },
      clearGoToRoute: () => {
        log('clearGoToRoute');
        storage.delete(TARGET);
      },
      storeStsError: (_, { message }) => {
        log(`storeStsError ${message}`);
        storage.set(STS_ERROR, message);
      },
      resetStores: () => log('resetStores'),
      removeDrafts: (_, { userId }) => {
        if (userId !== null) log(`removeDrafts ${userId}`);
      },
      navigate: (_, { path }) => log(`navigate ${path}`),
      leaveForSsoLogout: () => log('leaveForSsoLogout'),
    },
  });
}

type SessionActor = Actor<typeof sessionMachine>;

/** A new page load in the given world. */
function pageLoad(world: World, options?: Options): SessionActor {
  return createActor(provided(world, options)).start();
}

type StateValue = Parameters<ReturnType<SessionActor['getSnapshot']>['matches']>[0];

/** Waits for the state, then lets pending callbacks run. */
async function settle(actor: SessionActor, state: StateValue) {
  await waitFor(actor, (s) => s.matches(state));
  await flush();
  return actor.getSnapshot();
}

async function signedInActor(options?: Options, customerId = 1) {
  const world = newWorld({ [TOKEN]: 'token-gemt' });
  const actor = pageLoad(world, { loadSession: async () => sessionOf(customerId), ...options });
  await settle(actor, { signedIn: 'idle' });
  world.calls.length = 0;
  return { world, actor };
}

function pending<T>() {
  return () => new Promise<T>(() => {});
}

describe('session: start-up', () => {
  test('without a stored token the session is anonymous', async () => {
    const world = newWorld();
    const actor = pageLoad(world);
    expect(actor.getSnapshot().matches('checking')).toBe(true);
    const snapshot = await settle(actor, 'anonymous');
    expect(snapshot.context.user).toBeNull();
    expect(world.calls).toEqual(['readToken']);
  });

  test('a stored token loads the session and stays on the current page', async () => {
    const world = newWorld({ [TOKEN]: 'token-gemt' });
    const actor = pageLoad(world);
    await waitFor(actor, (s) => s.matches('loadingUser'));
    const snapshot = await settle(actor, { signedIn: 'idle' });

    expect(snapshot.context).toMatchObject({
      token: 'token-gemt',
      user: userOf(1),
      brugerSettings,
      kundeSettings: kundeSettingsOf(1),
      errorMessage: null,
    });
    expect(world.calls).toEqual(['readToken', 'loadSession token-gemt', 'readGoToRoute']);
  });

  test('a stored token with a stored target goes there once and clears it', async () => {
    const world = newWorld({ [TOKEN]: 'token-gemt', [TARGET]: '/landbrug/5/dyrehold' });
    await settle(pageLoad(world), { signedIn: 'idle' });
    expect(world.calls).toEqual([
      'readToken',
      'loadSession token-gemt',
      'readGoToRoute',
      'clearGoToRoute',
      'navigate /landbrug/5/dyrehold',
    ]);
    expect(world.storage.has(TARGET)).toBe(false);

    world.calls.length = 0;
    await settle(pageLoad(world), { signedIn: 'idle' });
    expect(world.calls).toEqual(['readToken', 'loadSession token-gemt', 'readGoToRoute']);
  });

  test("a stored target containing 'login' is cleared and not followed", async () => {
    const world = newWorld({ [TOKEN]: 'token-gemt', [TARGET]: '/login' });
    await settle(pageLoad(world), { signedIn: 'idle' });
    expect(world.calls).toEqual(['readToken', 'loadSession token-gemt', 'readGoToRoute', 'clearGoToRoute']);
  });

  test('when loading the session fails the token is removed and the error screen shown', async () => {
    const world = newWorld({ [TOKEN]: 'token-gemt' });
    const actor = pageLoad(world, { loadSession: () => Promise.reject(new Error('Brugeren findes ikke')) });
    const snapshot = await settle(actor, 'signInFailed');

    expect(snapshot.context).toMatchObject({ token: null, user: null, errorMessage: 'Brugeren findes ikke' });
    expect(world.calls).toEqual([
      'readToken',
      'loadSession token-gemt',
      'removeToken',
      'storeStsError Brugeren findes ikke',
      'navigate /stserror',
    ]);
    expect(world.storage.has(TOKEN)).toBe(false);
    expect(world.storage.get(STS_ERROR)).toBe('Brugeren findes ikke');
  });
});

describe('session: sign-on (/stslogin?userid=)', () => {
  test('exchanges the sign-on id, stores the token, loads the user and goes home', async () => {
    const world = newWorld();
    const actor = pageLoad(world);
    await settle(actor, 'anonymous');
    actor.send({ type: 'STS_LOGIN', userid: ' abc ' });
    expect(actor.getSnapshot().matches('signingIn')).toBe(true);
    const snapshot = await settle(actor, { signedIn: 'idle' });

    expect(world.calls).toEqual([
      'readToken',
      'exchangeStsId abc',
      'storeToken token-abc',
      'loadSession token-abc',
      'readGoToRoute',
      'navigate /',
    ]);
    expect(world.storage.get(TOKEN)).toBe('token-abc');
    expect(snapshot.context).toMatchObject({ token: 'token-abc', user: userOf(1), freshSignIn: true });
  });

  test('is accepted while the stored token is still being checked', async () => {
    const world = newWorld();
    const actor = pageLoad(world);
    expect(actor.getSnapshot().can({ type: 'STS_LOGIN', userid: 'abc' })).toBe(true);
    actor.send({ type: 'STS_LOGIN', userid: 'abc' });
    await settle(actor, { signedIn: 'idle' });
    expect(world.calls).toContain('exchangeStsId abc');
    expect(world.calls.at(-1)).toBe('navigate /');
  });

  test.each([undefined, null, '', '   '])(
    'a missing userid (%o) goes to /stserror without a call',
    async (userid) => {
      const world = newWorld();
      const actor = pageLoad(world);
      await settle(actor, 'anonymous');
      actor.send({ type: 'STS_LOGIN', userid });
      const snapshot = actor.getSnapshot();

      expect(snapshot.matches('signInFailed')).toBe(true);
      expect(snapshot.context.errorMessage).toBe('Log-ind-id mangler');
      expect(world.calls).toEqual(['readToken', 'storeStsError Log-ind-id mangler', 'navigate /stserror']);
    },
  );

  test("a refused sign-on id stores the server's error text and goes to /stserror", async () => {
    const world = newWorld();
    const actor = pageLoad(world);
    await settle(actor, 'anonymous');
    actor.send({ type: 'STS_LOGIN', userid: 'brugt' });
    const snapshot = await settle(actor, 'signInFailed');

    expect(snapshot.context.errorMessage).toBe('Log-ind-id er allerede brugt');
    expect(world.calls).toEqual([
      'readToken',
      'exchangeStsId brugt',
      'storeStsError Log-ind-id er allerede brugt',
      'navigate /stserror',
    ]);
    expect(world.storage.has(TOKEN)).toBe(false);
  });

  test('a rejection without a message stores the generic text', async () => {
    const world = newWorld();
    const actor = pageLoad(world, { exchangeStsId: () => Promise.reject({}) });
    await settle(actor, 'anonymous');
    actor.send({ type: 'STS_LOGIN', userid: 'abc' });
    await settle(actor, 'signInFailed');
    expect(world.storage.get(STS_ERROR)).toBe('Der opstod en uventet fejl');
  });

  test('when loading the user fails after sign-on, the new token is removed again', async () => {
    const world = newWorld();
    const actor = pageLoad(world, { loadSession: () => Promise.reject(new Error('Ingen kunde')) });
    await settle(actor, 'anonymous');
    actor.send({ type: 'STS_LOGIN', userid: 'abc' });
    await settle(actor, 'signInFailed');

    expect(world.calls).toEqual([
      'readToken',
      'exchangeStsId abc',
      'storeToken token-abc',
      'loadSession token-abc',
      'removeToken',
      'storeStsError Ingen kunde',
      'navigate /stserror',
    ]);
    expect(world.storage.has(TOKEN)).toBe(false);
  });

  test('from the error screen a new sign-on can succeed', async () => {
    const world = newWorld();
    const actor = pageLoad(world);
    await settle(actor, 'anonymous');
    actor.send({ type: 'STS_LOGIN', userid: 'brugt' });
    await settle(actor, 'signInFailed');
    actor.send({ type: 'STS_LOGIN' });
    expect(world.calls.slice(-2)).toEqual(['storeStsError Log-ind-id mangler', 'navigate /stserror']);
    actor.send({ type: 'STS_LOGIN', userid: 'ny' });
    const snapshot = await settle(actor, { signedIn: 'idle' });
    expect(snapshot.context).toMatchObject({ token: 'token-ny', errorMessage: null });
  });

  test.each(['anonymous', 'signInFailed'] as const)(
    'TOKEN_FOUND in %s loads that session and goes home',
    async (from) => {
      const world = newWorld();
      const actor = pageLoad(world);
      await settle(actor, 'anonymous');
      if (from === 'signInFailed') actor.send({ type: 'STS_LOGIN' });
      world.calls.length = 0;
      actor.send({ type: 'TOKEN_FOUND', token: 'token-fane' });
      await settle(actor, { signedIn: 'idle' });
      expect(world.calls).toEqual(['loadSession token-fane', 'readGoToRoute', 'navigate /']);
    },
  );
});

describe('session: post-login target', () => {
  test('after sign-on the stored target is used once, then home again', async () => {
    const world = newWorld({ [TARGET]: '/virksomheder/42/tilsyn' });
    const first = pageLoad(world);
    await settle(first, 'anonymous');
    first.send({ type: 'STS_LOGIN', userid: 'a' });
    await settle(first, { signedIn: 'idle' });
    expect(world.calls.slice(-3)).toEqual([
      'readGoToRoute',
      'clearGoToRoute',
      'navigate /virksomheder/42/tilsyn',
    ]);
    expect(world.storage.has(TARGET)).toBe(false);

    world.storage.delete(TOKEN);
    world.calls.length = 0;
    const second = pageLoad(world);
    await settle(second, 'anonymous');
    second.send({ type: 'STS_LOGIN', userid: 'b' });
    await settle(second, { signedIn: 'idle' });
    expect(world.calls.slice(-2)).toEqual(['readGoToRoute', 'navigate /']);
  });

  test.each(['/login', '/stslogin?userid=abc', '/swecologin', '/LOGIN'])(
    "a target containing 'login' (%s) is dropped and the user goes home",
    async (target) => {
      const world = newWorld({ [TARGET]: target });
      const actor = pageLoad(world);
      await settle(actor, 'anonymous');
      actor.send({ type: 'STS_LOGIN', userid: 'a' });
      await settle(actor, { signedIn: 'idle' });
      expect(world.calls.slice(-3)).toEqual(['readGoToRoute', 'clearGoToRoute', 'navigate /']);
      expect(world.storage.has(TARGET)).toBe(false);
    },
  );
});

describe('session: a shared link through the sign-on (issue 30)', () => {
  const LINK =
    '/vandanlaeg/3/maengder?v=1&t=/virksomheder/12/stamoplysninger&t=/vandanlaeg/3/maengder&w=r60-40(0,1)&f=1';

  test('the link asked for before /login is kept through the sign-on round trip and used once', async () => {
    const world = newWorld();
    // The guard sends LOGIN_REQUIRED before the actor has started (the page's first effect): queued.
    const anonymous = createActor(provided(world));
    anonymous.send({ type: 'LOGIN_REQUIRED', route: LINK });
    anonymous.start();
    await settle(anonymous, 'anonymous');
    expect(world.storage.get(TARGET)).toBe(LINK);
    anonymous.stop();

    // The sign-on service sends the browser back to /stslogin?userid=…: a new page load.
    world.calls.length = 0;
    const back = pageLoad(world);
    await settle(back, 'anonymous');
    back.send({ type: 'STS_LOGIN', userid: 'delt' });
    await settle(back, { signedIn: 'idle' });
    expect(world.calls).toEqual([
      'readToken',
      'exchangeStsId delt',
      'storeToken token-delt',
      'loadSession token-delt',
      'readGoToRoute',
      'clearGoToRoute',
      `navigate ${LINK}`,
    ]);
    expect(world.storage.has(TARGET)).toBe(false);

    // Signed out and in again: home (the saved workspace), never the link a second time.
    back.send({ type: 'LOGOUT' });
    await settle(back, 'anonymous');
    world.calls.length = 0;
    const again = pageLoad(world);
    await settle(again, 'anonymous');
    again.send({ type: 'STS_LOGIN', userid: 'igen' });
    await settle(again, { signedIn: 'idle' });
    expect(world.calls.slice(-2)).toEqual(['readGoToRoute', 'navigate /']);
  });

  test('a later link replaces an earlier one; the login routes themselves are never kept', async () => {
    const world = newWorld();
    const actor = pageLoad(world);
    await settle(actor, 'anonymous');
    actor.send({ type: 'LOGIN_REQUIRED', route: '/frister' });
    actor.send({ type: 'LOGIN_REQUIRED', route: LINK });
    actor.send({ type: 'LOGIN_REQUIRED', route: '/swecologin' });
    expect(world.storage.get(TARGET)).toBe(LINK);
  });

  test('with a session nothing is stored', async () => {
    const { world, actor } = await signedInActor();
    actor.send({ type: 'LOGIN_REQUIRED', route: LINK });
    await flush();
    expect(world.storage.has(TARGET)).toBe(false);
    expect(world.calls).toEqual([]);
  });

  test('after a sign-on error the next sign-in still lands on the link', async () => {
    const world = newWorld();
    const actor = pageLoad(world);
    await settle(actor, 'anonymous');
    actor.send({ type: 'LOGIN_REQUIRED', route: LINK });
    actor.send({ type: 'STS_LOGIN', userid: 'brugt' });
    await settle(actor, 'signInFailed');
    expect(world.storage.get(TARGET)).toBe(LINK);
    actor.send({ type: 'STS_LOGIN', userid: 'ny' });
    await settle(actor, { signedIn: 'idle' });
    expect(world.calls.slice(-2)).toEqual(['clearGoToRoute', `navigate ${LINK}`]);
  });

  test('token expiry on a link keeps its whole layout for the re-login', async () => {
    const { world, actor } = await signedInActor();
    actor.send({ type: 'TOKEN_EXPIRED', route: LINK });
    await settle(actor, 'anonymous');
    world.calls.length = 0;
    const next = pageLoad(world);
    await settle(next, 'anonymous');
    next.send({ type: 'STS_LOGIN', userid: 'igen' });
    await settle(next, { signedIn: 'idle' });
    expect(world.calls.slice(-2)).toEqual(['clearGoToRoute', `navigate ${LINK}`]);
  });
});

describe('session: token expiry', () => {
  test('remembers the route, logs out, and the next sign-in lands on it', async () => {
    const { world, actor } = await signedInActor();
    actor.send({ type: 'TOKEN_EXPIRED', route: '/vandanlaeg/7/maengder' });
    await settle(actor, 'anonymous');
    expect(world.calls).toEqual([
      'storeGoToRoute /vandanlaeg/7/maengder',
      'removeToken',
      'resetStores',
      'readToken',
      'leaveForSsoLogout',
    ]);

    // Back from the sign-on service: a new page load on /stslogin?userid=…
    world.calls.length = 0;
    const next = pageLoad(world);
    await settle(next, 'anonymous');
    next.send({ type: 'STS_LOGIN', userid: 'igen' });
    await settle(next, { signedIn: 'idle' });
    expect(world.calls).toEqual([
      'readToken',
      'exchangeStsId igen',
      'storeToken token-igen',
      'loadSession token-igen',
      'readGoToRoute',
      'clearGoToRoute',
      'navigate /vandanlaeg/7/maengder',
    ]);
  });

  test('an expiry while the user loads also logs out', async () => {
    const world = newWorld({ [TOKEN]: 'token-udloebet' });
    const actor = pageLoad(world, { loadSession: pending() });
    await settle(actor, 'loadingUser');
    actor.send({ type: 'TOKEN_EXPIRED', route: '/frister' });
    await settle(actor, 'anonymous');
    expect(world.calls.slice(2)).toEqual([
      'storeGoToRoute /frister',
      'removeToken',
      'resetStores',
      'readToken',
      'leaveForSsoLogout',
    ]);
  });
});

describe('session: logout', () => {
  test("removes the user's drafts and the token, resets the stores and leaves for the sign-on logout page", async () => {
    const { world, actor } = await signedInActor();
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    const snapshot = await settle(actor, 'anonymous');

    expect(world.calls).toEqual([
      'removeDrafts 7',
      'removeToken',
      'resetStores',
      'readToken',
      'leaveForSsoLogout',
    ]);
    expect(world.storage.has(TOKEN)).toBe(false);
    expect(snapshot.context).toMatchObject({
      token: null,
      user: null,
      brugerSettings: null,
      kundeSettings: null,
    });
  });

  test("goes to '/' instead when a token is still present, and that session is loaded", async () => {
    const { world, actor } = await signedInActor({ tokenStays: true });
    actor.send({ type: 'LOGOUT' });
    const snapshot = await settle(actor, { signedIn: 'idle' });

    expect(world.calls).toEqual([
      'removeDrafts 7',
      'removeToken',
      'resetStores',
      'readToken',
      'navigate /',
      'loadSession token-gemt',
      'readGoToRoute',
    ]);
    expect(world.calls).not.toContain('leaveForSsoLogout');
    expect(snapshot.context.user).toEqual(userOf(1));
  });

  test('a failing token read still leaves for the sign-on logout page', async () => {
    const { world, actor } = await signedInActor({ readTokenOnLogout: () => Promise.reject(new Error('x')) });
    actor.send({ type: 'LOGOUT' });
    await settle(actor, 'anonymous');
    expect(world.calls.at(-1)).toBe('leaveForSsoLogout');
  });

  test('logging out while the user loads', async () => {
    const world = newWorld({ [TOKEN]: 'token-gemt' });
    const actor = pageLoad(world, { loadSession: pending() });
    await settle(actor, 'loadingUser');
    actor.send({ type: 'LOGOUT' });
    await settle(actor, 'anonymous');
    expect(world.calls.slice(2)).toEqual(['removeToken', 'resetStores', 'readToken', 'leaveForSsoLogout']);
  });
});

describe('session: settings', () => {
  test('SETTINGS_CHANGED replaces only the settings it carries', async () => {
    const { actor } = await signedInActor();
    const changed = { ...brugerSettings, hideLogs: false, hideTimeline: true };
    actor.send({ type: 'SETTINGS_CHANGED', brugerSettings: changed });
    expect(actor.getSnapshot().context.brugerSettings).toEqual(changed);
    expect(actor.getSnapshot().context.kundeSettings).toEqual(kundeSettingsOf(1));

    actor.send({ type: 'SETTINGS_CHANGED', kundeSettings: { favorites: [] } });
    expect(actor.getSnapshot().context).toMatchObject({
      brugerSettings: changed,
      kundeSettings: { favorites: [] },
    });
  });
});

describe('session: switching customer', () => {
  test('runs the switch and takes over the new token, user and settings', async () => {
    const { world, actor } = await signedInActor();
    actor.send({ type: 'CUSTOMER_SWITCH', kundeId: 2, currentPath: '/virksomheder' });
    expect(actor.getSnapshot().matches({ signedIn: 'switchingCustomer' })).toBe(true);
    const snapshot = await settle(actor, { signedIn: 'idle' });

    expect(world.calls).toEqual([
      'confirmLeave 2',
      'changeMunicipality 2',
      'storeToken token-kunde-2',
      'loadUser token-kunde-2',
      'saveBrugerSettings activeKundeId=2',
      'loadKundeSettings 2',
      'navigate /',
      'reloadPage',
    ]);
    expect(snapshot.context).toMatchObject({
      token: 'token-kunde-2',
      user: userOf(2),
      brugerSettings: { ...brugerSettings, activeKundeId: 2 },
      kundeSettings: kundeSettingsOf(2),
    });
    expect(world.storage.get(TOKEN)).toBe('token-kunde-2');
  });

  test.each([
    'changeMunicipality',
    'storeToken',
    'loadUser',
    'saveBrugerSettings',
    'loadKundeSettings',
  ] as const)('when %s fails the user is logged out', async (step) => {
    const { world, actor } = await signedInActor({ switchFailsAt: step });
    actor.send({ type: 'CUSTOMER_SWITCH', kundeId: 2, currentPath: '/' });
    await settle(actor, 'anonymous');

    expect(world.calls.slice(-4)).toEqual(['removeToken', 'resetStores', 'readToken', 'leaveForSsoLogout']);
    expect(world.calls).not.toContain('reloadPage');
    expect(world.storage.has(TOKEN)).toBe(false);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  test('a declined confirmLeave returns to signedIn without side effects', async () => {
    const { world, actor } = await signedInActor({ confirmLeave: false });
    const before = actor.getSnapshot().context;
    actor.send({ type: 'CUSTOMER_SWITCH', kundeId: 2 });
    const snapshot = await settle(actor, { signedIn: 'idle' });
    expect(world.calls).toEqual(['confirmLeave 2']);
    expect(snapshot.context).toEqual(before);
  });
});

describe('session: forbidden transitions', () => {
  type Reach = 'anonymous' | 'signingIn' | 'signInFailed' | 'signedIn' | 'switchingCustomer' | 'signingOut';

  async function reach(state: Reach) {
    if (state === 'signedIn') return signedInActor();
    if (state === 'switchingCustomer') {
      const h = await signedInActor({ changeMunicipality: pending() });
      h.actor.send({ type: 'CUSTOMER_SWITCH', kundeId: 2 });
      await flush();
      return h;
    }
    if (state === 'signingOut') {
      const h = await signedInActor({ readTokenOnLogout: pending() });
      h.actor.send({ type: 'LOGOUT' });
      await flush();
      return h;
    }
    const world = newWorld();
    const actor = pageLoad(world, { exchangeStsId: pending() });
    await settle(actor, 'anonymous');
    if (state === 'signingIn') actor.send({ type: 'STS_LOGIN', userid: 'abc' });
    if (state === 'signInFailed') actor.send({ type: 'STS_LOGIN' });
    await flush();
    return { world, actor };
  }

  const switchTo2: SessionEvent = { type: 'CUSTOMER_SWITCH', kundeId: 2 };
  test.each<[Reach, SessionEvent]>([
    ['anonymous', switchTo2],
    ['anonymous', { type: 'LOGOUT' }],
    ['anonymous', { type: 'TOKEN_EXPIRED', route: '/frister' }],
    ['anonymous', { type: 'SETTINGS_CHANGED', kundeSettings: { favorites: [] } }],
    ['signingIn', { type: 'STS_LOGIN', userid: 'xyz' }],
    ['signingIn', { type: 'LOGOUT' }],
    ['signingIn', switchTo2],
    ['signingIn', { type: 'TOKEN_FOUND', token: 't' }],
    ['signInFailed', { type: 'LOGOUT' }],
    ['signInFailed', switchTo2],
    ['signedIn', { type: 'STS_LOGIN', userid: 'xyz' }],
    ['signedIn', { type: 'TOKEN_FOUND', token: 't' }],
    ['signedIn', { type: 'CUSTOMER_SWITCH', kundeId: 1 }],
    ['signedIn', { type: 'CUSTOMER_SWITCH', kundeId: 0 }],
    ['switchingCustomer', { type: 'CUSTOMER_SWITCH', kundeId: 3 }],
    ['switchingCustomer', { type: 'STS_LOGIN', userid: 'xyz' }],
    ['signingOut', { type: 'LOGOUT' }],
    ['signingOut', { type: 'TOKEN_EXPIRED', route: '/frister' }],
    ['signingOut', switchTo2],
    ['signingOut', { type: 'STS_LOGIN', userid: 'xyz' }],
    ['signingOut', { type: 'SETTINGS_CHANGED', kundeSettings: { favorites: [] } }],
  ])('in %s, %o is ignored', async (state, event) => {
    const { world, actor } = await reach(state);
    const before = actor.getSnapshot();
    const callsBefore = [...world.calls];

    expect(before.can(event)).toBe(false);
    actor.send(event);
    expect(actor.getSnapshot()).toBe(before);
    await flush();
    expect(world.calls).toEqual(callsBefore);
  });
});

describe('session: wiring and helpers', () => {
  test('createSessionMachine runs on plain-function effects', async () => {
    const calls: string[] = [];
    const storage = new Map<string, string>();
    const machine = createSessionMachine({
      readToken: () => storage.get(TOKEN) ?? null,
      storeToken: (token) => void storage.set(TOKEN, token),
      removeToken: () => void storage.delete(TOKEN),
      readGoToRoute: async () => '/admin',
      storeGoToRoute: (route) => calls.push(`storeGoToRoute ${route}`),
      clearGoToRoute: () => calls.push('clearGoToRoute'),
      storeStsError: (message) => calls.push(`storeStsError ${message}`),
      resetStores: () => calls.push('resetStores'),
      removeDrafts: (userId) => calls.push(`removeDrafts ${userId}`),
      navigate: (path) => calls.push(`navigate ${path}`),
      leaveForSsoLogout: () => calls.push('leaveForSsoLogout'),
      exchangeStsId: async (stsId) => `token-${stsId}`,
      loadSession: async () => sessionOf(1),
      changeMunicipality: async () => 'token-2',
      loadUser: async () => userOf(2),
      saveBrugerSettings: async () => {},
      loadKundeSettings: async (kundeId) => kundeSettingsOf(kundeId),
      reloadPage: () => calls.push('reloadPage'),
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'STS_LOGIN', userid: 'abc' });
    await settle(actor, { signedIn: 'idle' });
    expect(storage.get(TOKEN)).toBe('token-abc');

    actor.send({ type: 'CUSTOMER_SWITCH', kundeId: 2, currentPath: '/' });
    await waitFor(actor, (s) => s.context.user?.customerId === 2);
    expect(storage.get(TOKEN)).toBe('token-2');

    actor.send({ type: 'LOGOUT' });
    await settle(actor, 'anonymous');
    expect(storage.has(TOKEN)).toBe(false);
    expect(calls).toEqual([
      'clearGoToRoute',
      'navigate /admin',
      'reloadPage',
      'removeDrafts 7',
      'resetStores',
      'leaveForSsoLogout',
    ]);
  });

  test('userFromClaims reads roles and modules from their JSON text', () => {
    const user = userFromClaims({
      username: 'anna',
      userId: '7',
      customerId: '2',
      customerName: 'Odense Kommune',
      municipalityNumber: '461',
      roles: '["KommuneAdmin","SagsbehandlerLandbrug"]',
      modules: 'ikke json',
    });
    expect(user).toEqual({
      username: 'anna',
      userId: '7',
      customerId: 2,
      customerName: 'Odense Kommune',
      municipalityNumber: '461',
      roles: ['KommuneAdmin', 'SagsbehandlerLandbrug'],
      modules: [],
    });
  });
});
