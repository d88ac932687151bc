import { QueryClient } from '@tanstack/react-query';
import { createActor } from 'xstate';
import { createSessionMachine, type SessionEffects } from '../../../machines/session';
import { readClientConfig } from '../lib/client-config';
import { errorStore } from '../lib/error-store';
import { createHttpClient } from '../lib/http';
import { rydGamleKladder, sletBrugersKladder } from '../lib/kladder';
import { navigate } from '../lib/navigation';
import { STORAGE_KEYS, storage } from '../lib/storage';
import { sessionApi, userFromToken } from './api';

/**
 * The client's single runtime: HTTP client, query cache and the session actor, wired together.
 * Everything with I/O lives here so the machines stay pure.
 */
export const clientConfig = readClientConfig();
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
});

/**
 * What the session asks of the workspace: empty it at sign-out and ask its tiles with unsaved changes
 * before a customer switch. The workspace sits above the session, so the app's composition root
 * (App.tsx) hands these in with `forbindArbejdsomraade`; until then there is no tile to empty or ask.
 */
export interface ArbejdsomraadeForSession {
  nulstil(): void;
  bekraeftForlad(): Promise<boolean>;
}
let arbejdsomraade: ArbejdsomraadeForSession = { nulstil: () => {}, bekraeftForlad: async () => true };
export function forbindArbejdsomraade(forbindelse: ArbejdsomraadeForSession): void {
  arbejdsomraade = forbindelse;
}

const currentRoute = () => window.location.pathname + window.location.search;

export const http = createHttpClient({
  getToken: () => storage.get(STORAGE_KEYS.token),
  onTokenExpired: () => sessionActor.send({ type: 'TOKEN_EXPIRED', route: currentRoute() }),
  onFailure: (failure) => errorStore.push(failure),
});
export const api = sessionApi(http);

const effects: SessionEffects = {
  readToken: () => storage.get(STORAGE_KEYS.token),
  storeToken: (token) => storage.set(STORAGE_KEYS.token, token),
  removeToken: () => storage.remove(STORAGE_KEYS.token),
  readGoToRoute: () => storage.get(STORAGE_KEYS.goToRouteAfterLogin),
  storeGoToRoute: (route) => storage.set(STORAGE_KEYS.goToRouteAfterLogin, route),
  clearGoToRoute: () => storage.remove(STORAGE_KEYS.goToRouteAfterLogin),
  storeStsError: (message) => storage.set(STORAGE_KEYS.stsErrorMessage, message),
  resetStores: () => {
    queryClient.clear();
    errorStore.clear();
    arbejdsomraade.nulstil();
  },
  removeDrafts: (userId) => void sletBrugersKladder(userId),
  navigate: (path) => navigate(path, { replace: true }),
  leaveForSsoLogout: () => window.location.assign(clientConfig.ssoLogoutUrl),
  exchangeStsId: (stsId) => api.exchangeStsId(stsId),
  async loadSession(token) {
    const user = userFromToken(token);
    const [brugerSettings, kundeSettings] = await Promise.all([
      api.loadBrugerSettings(),
      api.loadKundeSettings(user.customerId),
    ]);
    return { user, brugerSettings, kundeSettings };
  },
  changeMunicipality: (kundeId) => api.changeMunicipality(kundeId),
  loadUser: async (token) => userFromToken(token),
  saveBrugerSettings: (settings) => api.saveBrugerSettings(settings),
  loadKundeSettings: (kundeId) => api.loadKundeSettings(kundeId),
  reloadPage: () => window.location.reload(),
  // Tiles with unsaved changes are asked before the customer switch starts.
  confirmLeave: () => arbejdsomraade.bekraeftForlad(),
};

export const sessionActor = createActor(createSessionMachine(effects));

// Drafts older than seven days go when the application starts (docs/decisions.md, "Drafts (kladder)").
if (typeof window !== 'undefined') void rydGamleKladder();
