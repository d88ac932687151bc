/** Every key the client keeps in localStorage (spec 000 §7). */
export const STORAGE_KEYS = {
  token: 'usertoken',
  requestedRoute: 'requestedRoute',
  goToRouteAfterLogin: 'goToRouteAfterLogin',
  stsErrorMessage: 'stsErrorMessage',
  cookieConsent: 'mwCookieConsent',
  tableSettings: 'mwTablesUserSettings',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage that never throws (private mode, full quota): a failed write is not fatal. */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the value lives for this page only.
    }
  },
  remove(key: StorageKey): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};
