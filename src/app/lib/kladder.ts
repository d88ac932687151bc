/**
 * Drafts (kladder): what a case worker typed in a form and has not saved, kept in the browser's
 * IndexedDB so that a reload, a crash, a closed tile or an expired token loses nothing
 * (issue 34; the policy is in docs/decisions.md, "Drafts (kladder)").
 *
 * One draft per user, customer and record identity (the form's `identitet`); it carries the version
 * of the record the form was read at and the values as read (`base`), so a draft against a record
 * that changed since can be shown beside the current values. Drafts are personal data: they never
 * leave the browser, go at sign-out, after a save or a discard, and after seven days.
 *
 * Plain IndexedDB, no React: the form mechanism (ui/form/kladde.ts), the palette and the session's
 * sign-out use it. Every function answers quietly when IndexedDB is missing or refuses (a private
 * window may): drafts are a safety net, never a reason for a form to fail.
 */

export const KLADDE_DB = 'miljoetilsyn-kladder';
export const KLADDE_STORE = 'kladder';
const DB_VERSION = 1;
/** A draft older than this is removed unread. */
export const KLADDE_LEVETID_MS = 7 * 24 * 60 * 60 * 1000;

/** Whose drafts: one user in one customer. */
export interface KladdeEjer {
  bruger: string;
  kunde: number;
}

export interface Kladde {
  /** `${bruger}@${kunde}|${identitet}` (see kladdeNoegle). */
  noegle: string;
  bruger: string;
  kunde: number;
  /** The form's record identity, e.g. `virksomhed:42`. */
  identitet: string;
  /** The record's version when the form read it (undefined for a new record or an unversioned form). */
  version: number | undefined;
  /** The values as read (the saved record's values when the user began typing). */
  base: Record<string, unknown>;
  /** What the user typed. */
  vaerdier: Record<string, unknown>;
  /** The tile's route, so the palette can open the draft where it belongs. */
  sti: string;
  /** What the palette calls the draft ('Grøn Fabrik ApS · Stamoplysninger'). */
  titel: string;
  /** When the draft was last written (ms since the epoch). */
  gemt: number;
}

export const kladdeNoegle = (ejer: KladdeEjer, identitet: string) =>
  `${ejer.bruger}@${ejer.kunde}|${identitet}`;

let dbPromise: Promise<IDBDatabase | null> | null = null;

function aabn(): Promise<IDBDatabase | null> {
  if (dbPromise) return dbPromise;
  dbPromise = new Promise<IDBDatabase | null>((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    let req: IDBOpenDBRequest;
    try {
      req = indexedDB.open(KLADDE_DB, DB_VERSION);
    } catch {
      resolve(null);
      return;
    }
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(KLADDE_STORE, { keyPath: 'noegle' });
      store.createIndex('bruger', 'bruger');
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another tab upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        dbPromise = null;
      };
      resolve(db);
    };
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
  return dbPromise;
}

/** Runs one request in a transaction; answers its result, or `fallback` when IndexedDB fails. */
async function koer<T>(
  mode: IDBTransactionMode,
  fallback: T,
  fn: (store: IDBObjectStore) => IDBRequest | undefined,
): Promise<T> {
  const db = await aabn();
  if (!db) return fallback;
  return new Promise<T>((resolve) => {
    try {
      const tx = db.transaction(KLADDE_STORE, mode);
      const req = fn(tx.objectStore(KLADDE_STORE));
      tx.oncomplete = () => resolve(req ? (req.result as T) : fallback);
      tx.onerror = () => resolve(fallback);
      tx.onabort = () => resolve(fallback);
    } catch {
      resolve(fallback);
    }
  });
}

const udloebet = (k: Kladde, nu: number) => nu - k.gemt > KLADDE_LEVETID_MS;

/** Writes (replaces) a draft. */
export async function gemKladde(kladde: Kladde): Promise<void> {
  await koer('readwrite', undefined, (s) => s.put(kladde));
}

/** The draft of a record for a user and customer; an expired one is removed and not answered. */
export async function hentKladde(
  ejer: KladdeEjer,
  identitet: string,
  nu = Date.now(),
): Promise<Kladde | null> {
  const noegle = kladdeNoegle(ejer, identitet);
  const k = await koer<Kladde | undefined>('readonly', undefined, (s) => s.get(noegle));
  if (!k) return null;
  if (udloebet(k, nu)) {
    await sletKladde(ejer, identitet);
    return null;
  }
  return k;
}

export async function sletKladde(ejer: KladdeEjer, identitet: string): Promise<void> {
  await koer('readwrite', undefined, (s) => s.delete(kladdeNoegle(ejer, identitet)));
}

/** The user's drafts in the customer, newest first (expired ones are left out; ryd removes them). */
export async function listKladder(ejer: KladdeEjer, nu = Date.now()): Promise<Kladde[]> {
  const alle = await koer<Kladde[]>('readonly', [], (s) => s.index('bruger').getAll(ejer.bruger));
  return alle.filter((k) => k.kunde === ejer.kunde && !udloebet(k, nu)).sort((a, b) => b.gemt - a.gemt);
}

/** Removes every draft of a user (all customers): at sign-out. */
export async function sletBrugersKladder(bruger: string): Promise<void> {
  const db = await aabn();
  if (!db) return;
  await new Promise<void>((resolve) => {
    try {
      const tx = db.transaction(KLADDE_STORE, 'readwrite');
      const req = tx.objectStore(KLADDE_STORE).index('bruger').openKeyCursor(IDBKeyRange.only(bruger));
      req.onsuccess = () => {
        const c = req.result;
        if (!c) return;
        tx.objectStore(KLADDE_STORE).delete(c.primaryKey);
        c.continue();
      };
      tx.oncomplete = () => resolve();
      tx.onerror = () => resolve();
      tx.onabort = () => resolve();
    } catch {
      resolve();
    }
  });
}

/** Removes every draft older than seven days, whoever's (once when the workspace starts). */
export async function rydGamleKladder(nu = Date.now()): Promise<number> {
  const db = await aabn();
  if (!db) return 0;
  return new Promise<number>((resolve) => {
    let fjernet = 0;
    try {
      const tx = db.transaction(KLADDE_STORE, 'readwrite');
      const req = tx.objectStore(KLADDE_STORE).openCursor();
      req.onsuccess = () => {
        const c = req.result;
        if (!c) return;
        if (udloebet(c.value as Kladde, nu)) {
          c.delete();
          fjernet++;
        }
        c.continue();
      };
      tx.oncomplete = () => resolve(fjernet);
      tx.onerror = () => resolve(fjernet);
      tx.onabort = () => resolve(fjernet);
    } catch {
      resolve(fjernet);
    }
  });
}

/** For tests: closes the connection so a fresh IndexedDB (fake-indexeddb) can take its place. */
export function glemKladdeDb(): void {
  void dbPromise?.then((db) => db?.close());
  dbPromise = null;
}
