import { raaDb } from '../db/anmodnings-transaktion';
import type { Db } from '../db/client';
import type { HaendelsesHub, Levering } from '../realtime-hub';

/** A membership as the auth hook needs it: the roles and the end of a suspension. */
export interface Medlemskab {
  roller: string[];
  suspenderetTil: Date | null;
}

/** How long an entry is trusted at the most, should an event be lost some way the hub cannot tell. */
export const MEDLEMSKAB_LEVETID_MS = 60_000;

/**
 * The memberships this process has read for the auth hook (issue 32: one query less per request),
 * forgotten when a user's access changes:
 * - in this process at once (`glemMedlemskab`, called by the change itself before it answers);
 * - from other processes by the hub's 'adgang' event (NOTIFY on PostgreSQL), and everything when the
 *   hub may have lost events ('genindlaes' after its LISTEN connection was back);
 * - not used at all while the hub is not listening (its LISTEN connection is down), nor before this
 *   cache's subscription is in place, and an entry at the most `MEDLEMSKAB_LEVETID_MS` old.
 * A suspension's end is compared with the clock on every request, from the cached date.
 */
export class MedlemskabsCache {
  private readonly poster = new Map<number, Map<number, { m: Medlemskab; hentet: number }>>();
  /** Raised by every forgetting: a read that began before it does not store what it read. */
  private generation = 0;
  private abonnement: Promise<void> | null = null;
  private abonneret = false;

  constructor(
    private readonly hub: HaendelsesHub,
    private readonly levetidMs = MEDLEMSKAB_LEVETID_MS,
    private readonly ur: () => number = () => Date.now(),
  ) {}

  /** The cached membership, or undefined (read it, then `gem` it with the generation from `laes`). */
  hent(brugerId: number, kundeId: number): Medlemskab | undefined {
    if (!this.aktiv()) return undefined;
    const p = this.poster.get(brugerId)?.get(kundeId);
    if (!p || this.ur() - p.hentet > this.levetidMs) return undefined;
    return p.m;
  }

  /** The generation to hand to `gem` after reading the database. */
  laes(): number {
    return this.generation;
  }

  gem(brugerId: number, kundeId: number, m: Medlemskab, generation: number): void {
    if (generation !== this.generation || !this.aktiv()) return;
    let afBruger = this.poster.get(brugerId);
    if (!afBruger) {
      afBruger = new Map();
      this.poster.set(brugerId, afBruger);
    }
    afBruger.set(kundeId, { m, hentet: this.ur() });
  }

  /** Forgets a user's memberships (all of them, when brugerId is null). */
  glem(brugerId: number | null): void {
    this.generation++;
    if (brugerId === null) this.poster.clear();
    else this.poster.delete(brugerId);
  }

  /** Whether entries may be used: subscribed and the hub listening; else the subscription is begun. */
  private aktiv(): boolean {
    if (!this.abonneret) {
      this.abonner();
      return false;
    }
    if (!this.hub.lytter) {
      // Events may be missed while the hub is deaf: what is cached may be stale.
      this.glem(null);
      return false;
    }
    return true;
  }

  private abonner(): void {
    if (this.abonnement) return;
    this.abonnement = this.hub
      .subscribeAlle((_kundeId, l) => this.modtag(l))
      .then(() => {
        this.abonneret = true;
      })
      .catch(() => {
        this.abonnement = null;
      });
  }

  private modtag(l: Levering): void {
    if (l.type === 'genindlaes') this.glem(null);
    else if (l.type === 'aendret' && l.emne === 'adgang') this.glem(null);
    else if (l.type === 'haendelse' && l.haendelse.emne === 'adgang') this.glem(l.haendelse.data.brugerId);
  }
}

const caches = new WeakMap<Db, MedlemskabsCache>();

/** The cache of an app's database (made by registerAuth with the app's hub). */
export function medlemskabsCacheFor(db: Db, hub: HaendelsesHub): MedlemskabsCache {
  const raa = raaDb(db);
  let c = caches.get(raa);
  if (!c) {
    c = new MedlemskabsCache(hub);
    caches.set(raa, c);
  }
  return c;
}

/** After a committed change of a user's access: this process forgets their memberships at once. */
export function glemMedlemskab(db: Db, brugerId: number): void {
  caches.get(raaDb(db))?.glem(brugerId);
}
