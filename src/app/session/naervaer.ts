import { useEffect, useSyncExternalStore } from 'react';
import { stiFor } from '../../contract/endpoint';
import {
  meldNaervaer,
  NAERVAER_FORNY_MS,
  NAERVAER_LEASE_MS,
  type NaervaerBesked,
  type NaervaerNoegle,
  type NaervaerTilstand,
  naervaerBeskedSchema,
  naervaerHaendelser,
} from '../../contract/naervaer';
import { buildQuery } from '../lib/http';
import { STORAGE_KEYS, storage } from '../lib/storage';
import { http } from './runtime';

/**
 * The client's presence (nærvær, issue 34 part 3): one event stream for every key a view watches
 * (a validation queue, a record), this page's own presence under each key, and the others' presence
 * with its lease. Nothing is sent while nobody else is there: the server greets the watchers of a
 * key when a client starts watching it ('hallo'); a client tells its presence only to keys where it
 * knows someone else, answers each greeting once, and renews every NAERVAER_FORNY_MS while others
 * are there. Another client's presence is dropped after NAERVAER_LEASE_MS without a word from it,
 * or at once on its 'farvel' (its stream closed). See docs/decisions.md 'Presence (nærvær)'.
 */

/** Another client under a key: who, what it holds, until when (its lease). */
export interface Anden {
  klient: string;
  brugerId: number;
  navn: string;
  initialer: string;
  tilstand: NaervaerTilstand;
  udloeber: number;
}

/** The wait before a changed presence is sent (a cursor run by the arrow keys sends its end). */
const SEND_DEBOUNCE_MS = 150;
/** The wait before the stream is reopened after its keys changed (tiles opening together). */
const GENAABN_MS = 50;

function nytKlientId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** This page's id: a user with two windows is two clients. */
export const KLIENT_ID = nytKlientId();

const seere = new Map<NaervaerNoegle, number>();
const egne = new Map<NaervaerNoegle, NaervaerTilstand>();
const andre = new Map<NaervaerNoegle, Map<string, Anden>>();
const billeder = new Map<NaervaerNoegle, readonly Anden[]>();
const lyttere = new Set<() => void>();
const sendTimere = new Map<NaervaerNoegle, ReturnType<typeof setTimeout>>();
const sidstSendt = new Map<NaervaerNoegle, number>();

let kilde: EventSource | null = null;
let kildeNoegler = '';
/** The token the stream was opened with: another (a customer switch, a renewed token) reopens it. */
let kildeToken: string | null = null;
let genaabnTimer: ReturnType<typeof setTimeout> | null = null;
let vagtTimer: ReturnType<typeof setInterval> | null = null;

const INGEN: readonly Anden[] = [];

function aendret(noegle: NaervaerNoegle): void {
  const m = andre.get(noegle);
  billeder.set(
    noegle,
    m && m.size > 0 ? [...m.values()].sort((a, b) => a.navn.localeCompare(b.navn, 'da')) : INGEN,
  );
  for (const l of [...lyttere]) l();
}

/** Sends this page's presence under a key now (errors are ignored: presence never blocks anyone). */
function send(noegle: NaervaerNoegle): void {
  const t = sendTimere.get(noegle);
  if (t) clearTimeout(t);
  sendTimere.delete(noegle);
  if (!seere.has(noegle)) return;
  sidstSendt.set(noegle, Date.now());
  http
    .call(meldNaervaer, {
      body: { klient: KLIENT_ID, noegle, tilstand: egne.get(noegle) ?? null },
      silent: true,
    })
    .catch(() => {});
}

/** Sends soon, the last presence winning; only while someone else watches the key. */
function sendSnart(noegle: NaervaerNoegle): void {
  if ((andre.get(noegle)?.size ?? 0) === 0) return;
  if (sendTimere.has(noegle)) clearTimeout(sendTimere.get(noegle));
  sendTimere.set(
    noegle,
    setTimeout(() => send(noegle), SEND_DEBOUNCE_MS),
  );
}

function modtag(b: NaervaerBesked): void {
  const noegle = b.noegle as NaervaerNoegle;
  if (!seere.has(noegle) || b.klient === KLIENT_ID) return;
  let m = andre.get(noegle);
  if (b.type === 'farvel') {
    if (m?.delete(b.klient)) aendret(noegle);
    return;
  }
  if (!m) {
    m = new Map();
    andre.set(noegle, m);
  }
  const kendt = m.has(b.klient);
  m.set(b.klient, {
    klient: b.klient,
    brugerId: b.brugerId,
    navn: b.navn,
    initialer: b.initialer,
    tilstand: b.tilstand,
    udloeber: Date.now() + NAERVAER_LEASE_MS,
  });
  aendret(noegle);
  // A greeting is answered; a client not known here learns this page's presence once.
  if (b.type === 'hallo' || !kendt) send(noegle);
}

/** Every few seconds: drops the others whose lease ran out, renews this page's presence where others are. */
function vagt(): void {
  if (kilde && storage.get(STORAGE_KEYS.token) !== kildeToken) {
    lukKilde();
    aabn();
    return;
  }
  const nu = Date.now();
  for (const [noegle, m] of andre) {
    let fjernet = false;
    for (const [k, a] of m) {
      if (a.udloeber <= nu) {
        m.delete(k);
        fjernet = true;
      }
    }
    if (fjernet) aendret(noegle);
    if (m.size > 0 && nu - (sidstSendt.get(noegle) ?? 0) >= NAERVAER_FORNY_MS) send(noegle);
  }
}

function lukKilde(): void {
  kilde?.close();
  kilde = null;
  kildeNoegler = '';
}

/** Opens the stream for the watched keys (again, when they changed); closes it when none are left. */
function aabn(): void {
  genaabnTimer = null;
  const noegler = [...seere.keys()].sort().join(',');
  if (noegler === kildeNoegler && kilde) return;
  lukKilde();
  const token = storage.get(STORAGE_KEYS.token);
  if (!noegler || !token || typeof EventSource === 'undefined') {
    if (vagtTimer) clearInterval(vagtTimer);
    vagtTimer = null;
    return;
  }
  const es = new EventSource(
    `/api${stiFor(naervaerHaendelser)}${buildQuery({ token, klient: KLIENT_ID, noegler })}`,
  );
  kilde = es;
  kildeNoegler = noegler;
  kildeToken = token;
  es.addEventListener('klar', () => {
    // A new stream: the others answer its greeting; what was known before is told anew.
    for (const noegle of [...andre.keys()]) {
      andre.delete(noegle);
      aendret(noegle);
    }
  });
  es.addEventListener('naervaer', (e) => {
    let data: unknown;
    try {
      data = JSON.parse((e as MessageEvent<string>).data);
    } catch {
      return;
    }
    const b = naervaerBeskedSchema.safeParse(data);
    if (b.success) modtag(b.data);
  });
  es.onerror = () => {
    // A refused stream (expired token: 401) is closed by the browser: open again with the current token.
    if (es.readyState === EventSource.CLOSED && kilde === es) {
      lukKilde();
      planlaegAabn(5000);
    }
  };
  vagtTimer ??= setInterval(vagt, 2000);
}

function planlaegAabn(ms = GENAABN_MS): void {
  if (genaabnTimer) clearTimeout(genaabnTimer);
  genaabnTimer = setTimeout(aabn, ms);
}

/** Watches a key while the returned function has not been called. */
export function se(noegle: NaervaerNoegle): () => void {
  const n = seere.get(noegle) ?? 0;
  seere.set(noegle, n + 1);
  if (n === 0) planlaegAabn();
  let stoppet = false;
  return () => {
    if (stoppet) return;
    stoppet = true;
    const igen = (seere.get(noegle) ?? 1) - 1;
    if (igen > 0) {
      seere.set(noegle, igen);
      return;
    }
    seere.delete(noegle);
    egne.delete(noegle);
    sidstSendt.delete(noegle);
    const t = sendTimere.get(noegle);
    if (t) clearTimeout(t);
    sendTimere.delete(noegle);
    if (andre.delete(noegle)) aendret(noegle);
    planlaegAabn();
  };
}

/** This page's presence under a watched key (null: present, holding nothing). */
export function saetEgen(noegle: NaervaerNoegle, tilstand: NaervaerTilstand): void {
  const foer = egne.get(noegle) ?? null;
  if (JSON.stringify(foer) === JSON.stringify(tilstand)) return;
  egne.set(noegle, tilstand);
  sendSnart(noegle);
}

/** The others under a key (sorted by name), for a view. */
export function andreUnder(noegle: NaervaerNoegle | null): readonly Anden[] {
  return noegle === null ? INGEN : (billeder.get(noegle) ?? INGEN);
}

function abonner(l: () => void): () => void {
  lyttere.add(l);
  return () => lyttere.delete(l);
}

/**
 * Watches `noegle` while the view is shown and answers the others there, live (their lease kept).
 * null: watches nothing.
 */
export function useNaervaer(noegle: NaervaerNoegle | null): readonly Anden[] {
  useEffect(() => (noegle === null ? undefined : se(noegle)), [noegle]);
  return useSyncExternalStore(
    abonner,
    () => andreUnder(noegle),
    () => INGEN,
  );
}

/** This page's presence under `noegle` while the view is shown (dropped when it goes). */
export function useEgenNaervaer(noegle: NaervaerNoegle | null, tilstand: NaervaerTilstand): void {
  const tekst = JSON.stringify(tilstand);
  useEffect(() => {
    if (noegle === null) return;
    saetEgen(noegle, JSON.parse(tekst) as NaervaerTilstand);
  }, [noegle, tekst]);
  useEffect(
    () => () => {
      if (noegle !== null && seere.has(noegle)) saetEgen(noegle, null);
    },
    [noegle],
  );
}
