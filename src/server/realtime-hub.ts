import type { NaervaerBesked } from '../contract/naervaer';
import type { ValideringHaendelse } from '../contract/validering';

/**
 * Every live event, one member per topic (`emne`). The union is generic on purpose: a later live
 * update (notifications, another list) adds a member here, publishes it with `hubFor(db).publish`
 * and forwards it on a stream of its own; the hubs (in-process and NOTIFY/LISTEN) carry any member
 * unchanged, so nothing else needs to change.
 */
export type LiveHaendelse =
  | { emne: 'validering'; data: ValideringHaendelse }
  /** A user's access changed (suspended, roles changed): their open streams end and reconnect, checked anew. */
  | { emne: 'adgang'; data: { brugerId: number } }
  /** Presence (nærvær): who watches a queue or record, their cursor, their unsaved changes (never stored). */
  | { emne: 'naervaer'; data: NaervaerBesked };
export type Emne = LiveHaendelse['emne'];
/** The topics a hub accepts from NOTIFY payloads (a payload of an unknown topic is dropped). */
export const EMNER: ReadonlySet<string> = new Set<Emne>(['validering', 'adgang', 'naervaer']);

/** What a subscriber receives. */
export type Levering =
  /** An event, as published. */
  | { type: 'haendelse'; haendelse: LiveHaendelse }
  /** Something of a topic changed, but the details were too large to send: refetch the topic. */
  | { type: 'aendret'; emne: Emne }
  /** Events may have been lost (the LISTEN connection was re-established): refetch everything. */
  | { type: 'genindlaes' };
export type Lytter = (levering: Levering) => void;
/** A subscriber to every customer's events (kundeId null: a delivery to all, e.g. 'genindlaes'). */
export type AlleLytter = (kundeId: number | null, levering: Levering) => void;

export interface HaendelsesHub {
  readonly art: 'proces' | 'postgres';
  /**
   * Subscribes to one customer's events. Resolves once every event published after it will be
   * delivered (on PostgreSQL: once the process's LISTEN connection is up, or, if it cannot be
   * opened now, with a 'genindlaes' to come when it is), with the function that unsubscribes.
   */
  subscribe(kundeId: number, lytter: Lytter): Promise<() => void>;
  /**
   * Publishes an event to the customer's subscribers in every process. Call it AFTER the
   * transaction that made the change has committed: a change that rolled back is never announced.
   * Never throws: a failure is logged (the change stands; clients see it on their next refetch).
   */
  publish(kundeId: number, haendelse: LiveHaendelse): Promise<void>;
  /**
   * Subscribes to every customer's events, for a process-wide cache that must forget what changed
   * (the auth hook's memberships); not counted by `antal`. Resolves as `subscribe` does.
   */
  subscribeAlle(lytter: AlleLytter): Promise<() => void>;
  /** Whether events reach this process now (PostgreSQL: the LISTEN connection is up). */
  readonly lytter: boolean;
  /** The subscribers of a customer in this process. */
  antal(kundeId: number): number;
  /** Ends the subscriptions and releases the LISTEN connection (app.close). */
  close(): Promise<void>;
}

/** The subscribers of one process, by customer; one broken subscriber never stops the others. */
export class Abonnenter {
  private readonly lyttere = new Map<number, Set<Lytter>>();
  private readonly alle = new Set<AlleLytter>();

  addAlle(lytter: AlleLytter): () => void {
    this.alle.add(lytter);
    return () => {
      this.alle.delete(lytter);
    };
  }

  add(kundeId: number, lytter: Lytter): () => void {
    let set = this.lyttere.get(kundeId);
    if (!set) {
      set = new Set();
      this.lyttere.set(kundeId, set);
    }
    set.add(lytter);
    return () => {
      set.delete(lytter);
      if (set.size === 0 && this.lyttere.get(kundeId) === set) this.lyttere.delete(kundeId);
    };
  }

  /** Delivers to one customer's subscribers, or to everyone's when kundeId is null. */
  lever(kundeId: number | null, levering: Levering): void {
    const sets = kundeId === null ? [...this.lyttere.values()] : [this.lyttere.get(kundeId) ?? []];
    for (const set of sets) {
      for (const l of [...set]) {
        try {
          l(levering);
        } catch {
          // A broken connection must not stop the others.
        }
      }
    }
    for (const l of [...this.alle]) {
      try {
        l(kundeId, levering);
      } catch {
        // Nor a broken cache.
      }
    }
  }

  antal(kundeId: number): number {
    return this.lyttere.get(kundeId)?.size ?? 0;
  }

  clear(): void {
    this.lyttere.clear();
    this.alle.clear();
  }
}

/** The hub of one process on PGlite: publishing delivers at once to this process's subscribers. */
export class ProcesHub implements HaendelsesHub {
  readonly art = 'proces' as const;
  private readonly abonnenter = new Abonnenter();

  readonly lytter = true;

  async subscribe(kundeId: number, lytter: Lytter): Promise<() => void> {
    return this.abonnenter.add(kundeId, lytter);
  }

  async subscribeAlle(lytter: AlleLytter): Promise<() => void> {
    return this.abonnenter.addAlle(lytter);
  }

  async publish(kundeId: number, haendelse: LiveHaendelse): Promise<void> {
    this.abonnenter.lever(kundeId, { type: 'haendelse', haendelse });
  }

  antal(kundeId: number): number {
    return this.abonnenter.antal(kundeId);
  }

  async close(): Promise<void> {
    this.abonnenter.clear();
  }
}
