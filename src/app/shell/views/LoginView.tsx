import { useEffect } from 'react';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { clientConfig } from '../../session/runtime';

/** Delay before /login sends a visitor without a token on to the sign-on service (spec 000 §9). */
export const LOGIN_REDIRECT_MS = 3000;

export function LoginView() {
  useEffect(() => {
    if (storage.get(STORAGE_KEYS.token)) return;
    const timer = window.setTimeout(
      () => window.location.assign(clientConfig.ssoLoginUrl),
      LOGIN_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <section className="login-card" aria-labelledby="login-title">
      <h1 id="login-title">Miljøtilsyn</h1>
      <p>Du sendes videre til fælleslogin …</p>
      <p>
        <a className="button primary" href={clientConfig.ssoLoginUrl}>
          Log ind nu
        </a>
      </p>
    </section>
  );
}
