import { useState } from 'react';
import { PRODUCT_NAME } from '../lib/product';
import { STORAGE_KEYS, storage } from '../lib/storage';
import { Button } from '../ui/Button';

/** What acceptance is stored as (the value only needs to be present). */
export const COOKIE_CONSENT_VALUE = 'accepteret';

/**
 * The cookie-consent banner (spec 000 §2.4): shown until acceptance is stored. 'Påmind mig senere'
 * hides it until the next page load; 'Accepter' stores the acceptance for good.
 */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(() => storage.get(STORAGE_KEYS.cookieConsent) !== null);
  const [later, setLater] = useState(false);
  if (accepted || later) return null;
  return (
    <section className="cookie-banner" aria-label="Cookies og lokal lagring" data-testid="cookie-banner">
      <p>
        {PRODUCT_NAME} bruger ingen cookies til statistik eller markedsføring. Browserens lokale lager bruges
        kun til det, der er nødvendigt for at systemet virker: dit log-ind, den side du sidst bad om, og dine
        tabelindstillinger. Intet af det deles med andre.
      </p>
      <div className="cookie-actions">
        <Button color="secondary" onClick={() => setLater(true)}>
          Påmind mig senere
        </Button>
        <Button
          onClick={() => {
            storage.set(STORAGE_KEYS.cookieConsent, COOKIE_CONSENT_VALUE);
            setAccepted(true);
          }}
        >
          Accepter
        </Button>
      </div>
    </section>
  );
}
