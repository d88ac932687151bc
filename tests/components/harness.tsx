import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import {
  createSessionMachine,
  type SessionEffects,
  type SessionEvent,
  type SessionUser,
} from '../../machines/session';
import { errorStore } from '../../src/app/lib/error-store';
import { type ShellSession, ShellSessionProvider } from '../../src/app/session/session-context';
import { closeSettingsModal } from '../../src/app/shell/settings-modal-store';
import { DateInput } from '../../src/app/ui/form';
import { toast } from '../../src/app/ui/toast';
import { type Rolle, ressourcerFor } from '../../src/contract/roles';
import { type BrugerSettings, defaultBrugerSettings, type KundeSettings } from '../../src/contract/session';
import { DEMO_BRUGERE } from '../../src/server/db/demo-brugere';
import { stubApiFetch } from '../helpers/api-fetch';

/** Roles of the demo users (src/server/db/demo-brugere.ts), by username. */
export const DEMO_ROLLER: Record<string, Rolle[]> = Object.fromEntries(
  DEMO_BRUGERE.map((b) => [b.username, [...b.roller]]),
);

/** A date field 'Tilsynsdato' that keeps its value, as a form does, and reports every change. */
export function ControlledDate({
  onValue,
  initial = null,
}: {
  onValue(v: string | null): void;
  initial?: string | null;
}) {
  const [v, setV] = useState<string | null>(initial);
  return (
    <DateInput
      name="dato"
      label="Tilsynsdato"
      value={v}
      onChange={(x) => {
        setV(x);
        onValue(x);
      }}
    />
  );
}

export function makeUser(username: string, over: Partial<SessionUser> = {}): SessionUser {
  return {
    userId: '42',
    username,
    roles: DEMO_ROLLER[username] ?? [],
    modules: [],
    customerId: 1,
    customerName: 'Skive Kommune',
    municipalityNumber: '779',
    ...over,
  };
}

/** Registers the cleanup every component test needs (vitest runs without globals). */
export function setupComponentTests() {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    // jsdom has no layout: cmdk and the map measure with ResizeObserver, cmdk scrolls the selected item.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(() => {
    cleanup();
    errorStore.clear();
    toast.clear();
    closeSettingsModal();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}
type Handler = (call: ApiCall) => unknown;

export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * Stubs fetch for /api/ calls. Handlers are keyed 'METHOD path' (path after /api/); a handler's
 * value is sent as JSON (a Response as it is, undefined as 204). Unhandled calls answer 404.
 */
export function stubApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  stubApiFetch(async (method, path, init) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler) return jsonResponse({ status: 404, message: 'Ressourcen blev ikke fundet' }, 404);
    const result = await handler(call);
    if (result instanceof Response) return result;
    if (result === undefined) return new Response(null, { status: 204 });
    return jsonResponse(result);
  });
  return calls;
}

type SessionActor = Actor<ReturnType<typeof createSessionMachine>>;

/**
 * A real session machine, signed in as `user`. Its effects only record: nothing leaves the test.
 */
export async function startSession(
  user: SessionUser,
  settings: { brugerSettings?: BrugerSettings; kundeSettings?: KundeSettings } = {},
): Promise<SessionActor> {
  const never = () => new Promise<never>(() => {});
  const effects: SessionEffects = {
    readToken: () => 'test-token',
    storeToken: () => {},
    removeToken: () => {},
    readGoToRoute: () => null,
    storeGoToRoute: () => {},
    clearGoToRoute: () => {},
    storeStsError: () => {},
    resetStores: () => {},
    removeDrafts: () => {},
    navigate: () => {},
    leaveForSsoLogout: () => {},
    exchangeStsId: never,
    loadSession: async () => ({
      user,
      brugerSettings: settings.brugerSettings ?? defaultBrugerSettings(),
      kundeSettings: settings.kundeSettings ?? { favorites: [] },
    }),
    // A customer switch stays under way: the tests look at the request, not the reload.
    changeMunicipality: never,
    loadUser: never,
    saveBrugerSettings: async () => {},
    loadKundeSettings: async () => ({ favorites: [] }),
    reloadPage: () => {},
  };
  const actor = createActor(createSessionMachine(effects));
  actor.start();
  await waitFor(actor, (s) => s.matches('signedIn'));
  return actor;
}

function ActorSession({
  actor,
  sent,
  children,
}: {
  actor: SessionActor;
  sent: SessionEvent[];
  children: ReactNode;
}) {
  const snapshot = useSelector(actor, (s) => s);
  const { user, brugerSettings, kundeSettings } = snapshot.context;
  const value: ShellSession = {
    signedIn: snapshot.matches('signedIn'),
    user,
    ressourcer: ressourcerFor(user?.roles ?? []),
    brugerSettings,
    kundeSettings,
    switchingCustomer: snapshot.matches({ signedIn: 'switchingCustomer' }),
    send: (event) => {
      sent.push(event);
      actor.send(event);
    },
  };
  return <ShellSessionProvider value={value}>{children}</ShellSessionProvider>;
}

/** Renders `ui` for a signed-in user, with a fresh query cache. `sent` records the session events. */
export async function renderSignedIn(
  ui: ReactNode,
  opts: {
    username?: string;
    user?: Partial<SessionUser>;
    brugerSettings?: BrugerSettings;
    kundeSettings?: KundeSettings;
  } = {},
) {
  const user = makeUser(opts.username ?? 'vand', opts.user);
  const actor = await startSession(user, opts);
  const sent: SessionEvent[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ActorSession actor={actor} sent={sent}>
        {ui}
      </ActorSession>
    </QueryClientProvider>,
  );
  return { ...result, actor, sent, user };
}
