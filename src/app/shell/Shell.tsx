import { type ComponentType, Suspense, useEffect } from 'react';
import { documentTitle } from '../lib/product';
import type { RouteDef } from '../routes/route-table';
import { useSession } from '../session/useSession';
import { paletteStore, usePaletteState } from '../workspace/palette-store';
import { Footer } from './Footer';
import { SystemBeskeder } from './SystemBeskeder';
import { TopBar } from './TopBar';
import { LoginView } from './views/LoginView';
import { LoadingView, LogoutView, StsErrorView } from './views/StatusViews';

export { PRODUCT_NAME } from '../lib/product';

/**
 * The workspace (tiles, drag and drop, the palette, every view) is its own chunk, so the first paint
 * (the top bar, the sign-in page or 'Indlæser …') needs only the shell's JavaScript (issue 16: initial
 * JavaScript ≤ 170 KB gzipped). The shell sits below the features and the palette, so the app's
 * composition root hands it the chunk (App.tsx): `hent` fetches it, right after the first paint,
 * beside the session check, not when the user is signed in (by then it is usually there); `Visning`
 * renders it (a React.lazy component over the same fetch).
 */
export interface WorkspaceIndlaesning {
  hent(): Promise<unknown>;
  Visning: ComponentType;
}

/**
 * Shown while the workspace chunk loads. A case worker who presses Ctrl+K and types at once, right
 * after signing in, loses nothing: the palette is asked for and the text kept until it shows.
 */
function WorkspaceLoading() {
  const { palette } = usePaletteState();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        paletteStore.openPalette();
      } else if (e.key === 'Escape' && paletteStore.get().palette) paletteStore.closePalette();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  return (
    <>
      <LoadingView text="Henter arbejdsområdet …" />
      {/* A real input catches every way of typing (dead keys, composition, pasted text). */}
      {palette && (
        <input
          // biome-ignore lint/a11y/noAutofocus: the palette was asked for; its text goes here meanwhile
          autoFocus
          className="visually-hidden"
          aria-label="Søg i kommandopaletten"
          onChange={(e) => paletteStore.typeAhead(e.target.value)}
        />
      )}
    </>
  );
}

/** Routes that show the footer (spec 000 §2.4) and those with the login background (§2.2). */
const FOOTER_ROUTES = new Set(['home', 'login', 'swecologin']);
const LOGIN_BACKGROUND = new Set(['login', 'swecologin', 'stslogin', 'stserror', 'logout']);
const GREYSCALE = new Set(['stserror', 'logout']);

/**
 * The session screens (login, sign-on, errors, logout): the only routes shown outside the workspace.
 * Every other route opens in a tile when signed in, and without a token the guard sends it to /login.
 */
function SessionScreen({ route }: { route: RouteDef }) {
  switch (route.name) {
    case 'stslogin':
      return <LoadingView text="Logger ind …" />;
    case 'stserror':
      return <StsErrorView />;
    case 'logout':
      return <LogoutView />;
    default:
      return <LoginView />;
  }
}

/**
 * The page: top bar, content, footer. Signed in, every route but the session screens opens in the
 * workspace; the address bar's route is then the focused tile's.
 */
export function Shell({ route, workspace }: { route: RouteDef; workspace: WorkspaceIndlaesning }) {
  const { user, signedIn } = useSession();
  const kundeNavn = signedIn ? user?.customerName : null;

  const inWorkspace = signedIn && route.kind !== 'session';
  useEffect(() => {
    void workspace.hent();
  }, [workspace]);
  useEffect(() => {
    // In the workspace the focused tile decides the title (see Workspace).
    if (!inWorkspace) document.title = documentTitle(kundeNavn);
  }, [inWorkspace, kundeNavn]);

  // Files dropped anywhere on the application are ignored (spec 000 §2.4).
  useEffect(() => {
    const block = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    window.addEventListener('dragover', block);
    window.addEventListener('drop', block);
    return () => {
      window.removeEventListener('dragover', block);
      window.removeEventListener('drop', block);
    };
  }, []);

  const background = LOGIN_BACKGROUND.has(route.name)
    ? GREYSCALE.has(route.name)
      ? 'login-bg greyscale'
      : 'login-bg'
    : '';
  return (
    <div className={`app ${background}`}>
      {signedIn && <TopBar />}
      {signedIn && <SystemBeskeder />}
      <main className={`content${inWorkspace ? ' with-workspace' : ''}`} id="main">
        {inWorkspace ? (
          <Suspense fallback={<WorkspaceLoading />}>
            <workspace.Visning />
          </Suspense>
        ) : (
          <SessionScreen route={route} />
        )}
      </main>
      {FOOTER_ROUTES.has(route.name) && <Footer />}
    </div>
  );
}
