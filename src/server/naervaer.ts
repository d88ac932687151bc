import { eq, sql } from 'drizzle-orm';
import {
  initialer,
  type NaervaerBesked,
  type NaervaerNoegle,
  type NaervaerTilstand,
} from '../contract/naervaer';
import type { SessionUser } from './auth/session-user';
import type { Db } from './db/client';
import { bruger } from './db/schema';
import type { HaendelsesHub } from './realtime-hub';

/**
 * Presence (nærvær) on the server: names the sender and hands the
 * message to the live event hub (in-process on PGlite, NOTIFY/LISTEN on PostgreSQL). Nothing is
 * stored: a message lives in the hub for the moment it is delivered, and in the watching browsers
 * for a lease (NAERVAER_LEASE_MS). See docs/decisions.md 'Presence (nærvær)'.
 */

/** How long a looked-up display name is kept (a renamed user shows the new name after this). */
const NAVN_TTL_MS = 60_000;

/**
 * The display name of a user, looked up once a minute per user in this process (a cursor moves
 * often; its messages should not each cost a query).
 */
export function navneOpslag(db: Db): (brugerId: number) => Promise<{ navn: string; initialer: string }> {
  const cache = new Map<number, { navn: string; initialer: string; t: number }>();
  const opslag = db
    .select({ navn: bruger.navn, username: bruger.username })
    .from(bruger)
    .where(eq(bruger.id, sql.placeholder('id')))
    .prepare('naervaer_navn');
  return async (brugerId) => {
    const nu = Date.now();
    const c = cache.get(brugerId);
    if (c && nu - c.t < NAVN_TTL_MS) return c;
    const [r] = await opslag.execute({ id: brugerId });
    const navn = r?.navn?.trim() || r?.username || 'Ukendt bruger';
    const v = { navn, initialer: initialer(navn), t: nu };
    // A small cache: one entry per user of the process; cleared when it grows beyond reason.
    if (cache.size > 5000) cache.clear();
    cache.set(brugerId, v);
    return v;
  };
}

/** Publishes one presence message to the watchers of the key, in the user's customer only. */
export async function publicerNaervaer(
  hub: HaendelsesHub,
  user: SessionUser,
  hvem: { navn: string; initialer: string },
  besked: {
    type: NaervaerBesked['type'];
    noegle: NaervaerNoegle;
    klient: string;
    tilstand: NaervaerTilstand;
  },
): Promise<void> {
  await hub.publish(user.kundeId, {
    emne: 'naervaer',
    data: { ...besked, brugerId: user.brugerId, navn: hvem.navn, initialer: hvem.initialer },
  });
}
