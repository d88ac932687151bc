import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, useEffect, useMemo, useRef } from 'react';
import { navigate, useLocation } from './lib/navigation';
import { STORAGE_KEYS, storage } from './lib/storage';
import { resolveNavigation } from './routes/guard';
import { forbindArbejdsomraade, queryClient, sessionActor } from './session/runtime';
import { useSession } from './session/useSession';
import { Overlays } from './shell/Overlays';
import { Shell, type WorkspaceIndlaesning } from './shell/Shell';
import { LoadingView } from './shell/views/StatusViews';
import { confirmLeaveWorkspace } from './workspace/actions';
import { workspace } from './workspace/store';

// The session empties the workspace at sign-out and asks its tiles before a customer switch.
forbindArbejdsomraade({ nulstil: () => workspace.reset(), bekraeftForlad: confirmLeaveWorkspace });

/** The workspace with its views, palette and shortcut sheet: its own chunk (./WorkspaceRoot.tsx). */
const hentWorkspace = () => import('./WorkspaceRoot');
const WORKSPACE: WorkspaceIndlaesning = {
  hent: hentWorkspace,
  Visning: lazy(() => hentWorkspace().then((m) => ({ default: m.WorkspaceRoot }))),
};

/**
 * Runs the route guard (spec 000 §2.1) on every navigation and session change, follows its
 * redirects, and hands the allowed route to the shell.
 */
function Router() {
  const url = useLocation();
  const session = useSession();
  const state = session.snapshot.value;
  const signedIn = session.signedIn;
  const hasToken = !!storage.get(STORAGE_KEYS.token);

  const resolved = useMemo(
    () => resolveNavigation({ url, hasToken, activeUserLoaded: signedIn, ressourcer: session.ressourcer }),
    [url, hasToken, signedIn, session.ressourcer],
  );

  // The guard's own redirect is not a request: requestedRoute keeps what the user asked for.
  const redirectedTo = useRef<string | null>(null);
  useEffect(() => {
    if (resolved.requestedRoute !== redirectedTo.current) {
      storage.set(STORAGE_KEYS.requestedRoute, resolved.requestedRoute);
    }
    // Before the redirect to /login: the session keeps the link (with its layout) for after the sign-in.
    if (resolved.signInTarget !== null) {
      sessionActor.send({ type: 'LOGIN_REQUIRED', route: resolved.signInTarget });
    }
    const last = resolved.redirects.at(-1);
    redirectedTo.current = last ?? null;
    if (last !== undefined) navigate(last, { replace: true });
  }, [resolved]);

  // /stslogin?userid=…: hand the sign-on id to the session machine once.
  const sentStsId = useRef<string | null>(null);
  const decision = resolved.decision;
  useEffect(() => {
    if (decision.kind !== 'allow' || decision.route.name !== 'stslogin') return;
    const userid = decision.params.userid ?? new URLSearchParams(decision.search).get('userid');
    if (sentStsId.current === (userid ?? '')) return;
    sentStsId.current = userid ?? '';
    sessionActor.send({ type: 'STS_LOGIN', userid });
  }, [decision]);

  if (decision.kind === 'loadUser' || (state === 'checking' && hasToken)) return <LoadingView />;
  if (decision.kind === 'redirect') return <LoadingView />;
  return <Shell route={decision.route} workspace={WORKSPACE} />;
}

export function App() {
  useEffect(() => {
    sessionActor.start();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Router />
      <Overlays />
    </QueryClientProvider>
  );
}
