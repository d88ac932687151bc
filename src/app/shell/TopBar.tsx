import { navigate } from '../lib/navigation';
import { PRODUCT_NAME } from '../lib/product';
import { useShellSession } from '../session/session-context';
import { CustomerSwitcher } from './CustomerSwitcher';
import { environmentLabel } from './environment';
import { FavoritesMenu } from './FavoritesMenu';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

/**
 * The top bar (spec 000 §2.4): logo to home and, off production, the environment label; when a user
 * is signed in also favourites, the customer switcher, the notification bell and the user menu.
 */
export function TopBar({ hostname = window.location.hostname }: { hostname?: string }) {
  const { signedIn, user } = useShellSession();
  const environment = environmentLabel(hostname);
  return (
    <header className="topbar">
      <a
        className="logo"
        href="/"
        onClick={(e) => {
          if (e.ctrlKey || e.metaKey || e.shiftKey) return;
          e.preventDefault();
          navigate('/');
        }}
      >
        {PRODUCT_NAME}
      </a>
      {environment && (
        <span className={`env-label env-${environment.toLowerCase()}`} data-testid="environment-label">
          {environment}
        </span>
      )}
      <span className="topbar-spacer" />
      {signedIn && user && (
        <nav className="topbar-nav" aria-label="Topmenu">
          <FavoritesMenu />
          <CustomerSwitcher />
          <NotificationBell />
          <UserMenu />
        </nav>
      )}
    </header>
  );
}
