import { Toasts } from '../ui/Toasts';
import { CookieBanner } from './CookieBanner';
import { ErrorModals } from './ErrorModals';
import { SettingsModal } from './SettingsModal';

/**
 * The application-wide overlays (spec 000 §2.4): http error and forbidden modals, settings modal,
 * cookie-consent banner, and the toasts. Mounted once, beside the router, so that they live across
 * navigations.
 */
export function Overlays() {
  return (
    <>
      <SettingsModal />
      <ErrorModals />
      <CookieBanner />
      <Toasts />
    </>
  );
}
