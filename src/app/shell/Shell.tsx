import { useEffect } from 'react';
import type { RouteDef, RouteParams } from '../routes/route-table';
import { useSession } from '../session/useSession';
import { Workspace } from '../workspace/Workspace';
import { Footer } from './Footer';
import { PRODUCT_NAME } from './product';
import { TopBar } from './TopBar';
import { HomeView } from './views/HomeView';
import { LoginView } from './views/LoginView';
import { IngenAdgangView, LoadingView, LogoutView, NotFoundView, StsErrorView } from './views/StatusViews';

export { PRODUCT_NAME } from './product';

/** Routes that show the footer (spec 000 §2.4) and those with the login background (§2.2). */
const FOOTER_ROUTES = new Set(['home', 'login', 'swecologin']);
const LOGIN_BACKGROUND = new Set(['login', 'swecologin', 'stslogin', 'stserror', 'logout']);
const GREYSCALE = new Set(['stserror', 'logout']);

/** Browser tab title: product name, plus ' - ' and the active customer's name when there is one. */
export function documentTitle(kundeNavn: string | null | undefined): string {
  return kundeNavn ? `${PRODUCT_NAME} - ${kundeNavn}` : PRODUCT_NAME;
}

function RouteContent({ route }: { route: RouteDef; params: RouteParams }) {
  switch (route.name) {
    case 'home':
      return <HomeView />;
    case 'login':
    case 'swecologin':
      return <LoginView />;
    case 'stslogin':
      return <LoadingView text="Logger ind …" />;
    case 'stserror':
      return <StsErrorView />;
    case 'logout':
      return <LogoutView />;
    case 'ingenadgang':
      return <IngenAdgangView />;
    case 'notfound':
      return <NotFoundView />;
    default:
      return (
        <section className="status-page">
          <h1>{route.title}</h1>
        </section>
      );
  }
}

/**
 * The page: top bar, content, footer. Signed in, every route but the session screens opens in the
 * workspace; the address bar's route is then the focused tile's.
 */
export function Shell({ route, params }: { route: RouteDef; params: RouteParams }) {
  const { user, signedIn } = useSession();
  const kundeNavn = signedIn ? user?.customerName : null;

  const inWorkspace = signedIn && route.kind !== 'session';
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
      <main className={`content${inWorkspace ? ' with-workspace' : ''}`} id="main">
        {inWorkspace ? <Workspace /> : <RouteContent route={route} params={params} />}
      </main>
      {FOOTER_ROUTES.has(route.name) && <Footer />}
    </div>
  );
}
