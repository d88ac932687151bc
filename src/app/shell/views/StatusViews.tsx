import { navigate } from '../../lib/navigation';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { clientConfig } from '../../session/runtime';

export function StsErrorView() {
  const message = storage.get(STORAGE_KEYS.stsErrorMessage);
  return (
    <section className="login-card" aria-labelledby="stserror-title">
      <h1 id="stserror-title">Log ind mislykkedes</h1>
      <p role="alert">{message ?? 'Der opstod en fejl under log ind.'}</p>
      <p>
        <a className="button primary" href={clientConfig.ssoLoginUrl}>
          Prøv igen
        </a>
      </p>
    </section>
  );
}

export function LogoutView() {
  return (
    <section className="login-card" aria-labelledby="logout-title">
      <h1 id="logout-title">Du er logget ud</h1>
      <p>Tak for denne gang.</p>
      <p>
        <a className="button primary" href={clientConfig.ssoLoginUrl}>
          Log ind igen
        </a>
      </p>
    </section>
  );
}

export function IngenAdgangView() {
  return (
    <section className="status-page" aria-labelledby="ingenadgang-title">
      <h1 id="ingenadgang-title">Ingen adgang</h1>
      <p>Du har ikke de fornødne rettigheder til at se denne side.</p>
      <button type="button" className="button" onClick={() => navigate('/')}>
        Til forsiden
      </button>
    </section>
  );
}

export function NotFoundView() {
  return (
    <section className="status-page" aria-labelledby="notfound-title">
      <h1 id="notfound-title">Siden findes ikke</h1>
      <p>Adressen findes ikke i Miljøtilsyn.</p>
      <button type="button" className="button" onClick={() => navigate('/')}>
        Til forsiden
      </button>
    </section>
  );
}

export function LoadingView({ text = 'Indlæser …' }: { text?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {text}
    </div>
  );
}
