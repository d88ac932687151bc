import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './db/client';
import {
  Abonnenter,
  type AlleLytter,
  EMNER,
  type Emne,
  type HaendelsesHub,
  type LiveHaendelse,
  type Lytter,
} from './realtime-hub';

/** The one NOTIFY channel of live events; the payload names the customer and the topic. */
export const KANAL = 'mw_haendelser';

/**
 * The largest payload sent in full. PostgreSQL refuses payloads from 8000 bytes; an event above
 * this (a decision on thousands of entries) is sent as a bare 'changed' of its topic instead, and
 * clients refetch the topic.
 */
export const MAKS_PAYLOAD_BYTES = 2000;

/** The payload of an event: `{ k: kundeId, e: emne, d: data }`, or `{ k, e }` when `d` is too large. */
export function notifyPayload(kundeId: number, haendelse: LiveHaendelse): string {
  const fuld = JSON.stringify({ k: kundeId, e: haendelse.emne, d: haendelse.data });
  if (Buffer.byteLength(fuld, 'utf8') <= MAKS_PAYLOAD_BYTES) return fuld;
  return JSON.stringify({ k: kundeId, e: haendelse.emne });
}

/** A payload read back; null for one this version does not know (another version's topic, junk). */
export function laesPayload(
  payload: string | undefined,
): { kundeId: number; haendelse: LiveHaendelse } | { kundeId: number; emne: Emne } | null {
  let v: unknown;
  try {
    v = JSON.parse(payload ?? '');
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const { k, e, d } = v as { k?: unknown; e?: unknown; d?: unknown };
  if (typeof k !== 'number' || !Number.isInteger(k) || typeof e !== 'string' || !EMNER.has(e)) return null;
  const emne = e as Emne;
  if (d === undefined) return { kundeId: k, emne };
  if (typeof d !== 'object' || d === null) return null;
  return { kundeId: k, haendelse: { emne, data: d } as LiveHaendelse };
}

export interface PostgresHubOptions {
  /** The first wait before a new LISTEN connection is tried after a drop; doubled per failure. */
  backoffMs?: number;
  /** The longest wait between attempts. */
  maksBackoffMs?: number;
  /** Where drops and failed publishes are told (the app's log). Default: stderr. */
  log?: (besked: string) => void;
}

/**
 * The hub of a process on PostgreSQL. Publishing runs `pg_notify` (after the change's commit, see
 * HaendelsesHub.publish); every process, this one included, hears it on its one LISTEN connection
 * and hands it to its own subscribers. The LISTEN connection opens with the first subscriber, is
 * opened again after a drop (backoff from `backoffMs` doubling up to `maksBackoffMs`), and when it
 * is back every subscriber gets 'genindlaes' (events in the gap are lost: clients refetch).
 */
export class PostgresHub implements HaendelsesHub {
  readonly art = 'postgres' as const;
  private readonly abonnenter = new Abonnenter();
  private klient: pg.Client | null = null;
  private forbinder: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private fejlIStraek = 0;
  /** The connection was lost (or never made) while there were subscribers: they refetch when it is back. */
  private tabt = false;
  private lukket = false;
  private readonly backoffMs: number;
  private readonly maksBackoffMs: number;
  private readonly log: (besked: string) => void;

  constructor(
    private readonly db: Db,
    private readonly nyForbindelse: () => pg.Client,
    opts: PostgresHubOptions = {},
  ) {
    this.backoffMs = opts.backoffMs ?? 500;
    this.maksBackoffMs = opts.maksBackoffMs ?? 30_000;
    this.log = opts.log ?? ((besked) => console.error(besked));
  }

  async subscribe(kundeId: number, lytter: Lytter): Promise<() => void> {
    const stop = this.abonnenter.add(kundeId, lytter);
    await this.lyt();
    return stop;
  }

  async subscribeAlle(lytter: AlleLytter): Promise<() => void> {
    const stop = this.abonnenter.addAlle(lytter);
    await this.lyt();
    return stop;
  }

  /**
   * Opens the LISTEN connection if it is not open: the first attempt is awaited; if it fails, the
   * retries run on and the subscribers are told 'genindlaes' when one succeeds.
   */
  private async lyt(): Promise<void> {
    if (this.klient || this.lukket) return;
    if (!this.forbinder && !this.timer) this.forbinder = this.forbind();
    await this.forbinder;
  }

  async publish(kundeId: number, haendelse: LiveHaendelse): Promise<void> {
    try {
      await this.db.execute(sql`SELECT pg_notify(${KANAL}, ${notifyPayload(kundeId, haendelse)})`);
    } catch (err) {
      this.log(`Live-hændelsen (${haendelse.emne}) kunne ikke sendes: ${(err as Error).message}`);
    }
  }

  antal(kundeId: number): number {
    return this.abonnenter.antal(kundeId);
  }

  /** Whether the LISTEN connection is up (tests). */
  get lytter(): boolean {
    return this.klient !== null;
  }

  /** The server process id of the LISTEN connection (tests end it to simulate a drop). */
  get lytterPid(): number | undefined {
    return (this.klient as unknown as { processID?: number } | null)?.processID;
  }

  async close(): Promise<void> {
    this.lukket = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.forbinder;
    const c = this.klient;
    this.klient = null;
    this.abonnenter.clear();
    if (c) await c.end().catch(() => {});
  }

  /** One attempt at a LISTEN connection; never rejects (a failure plans the next attempt). */
  private async forbind(): Promise<void> {
    const c = this.nyForbindelse();
    c.on('notification', (m) => {
      if (m.channel === KANAL) this.modtag(m.payload);
    });
    c.on('error', (err) => this.mistet(c, err));
    c.on('end', () => this.mistet(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${KANAL}`);
    } catch (err) {
      this.log(`Live-hændelser: LISTEN-forbindelsen kunne ikke åbnes (${(err as Error).message})`);
      c.end().catch(() => {});
      this.forbinder = null;
      this.tabt = true;
      this.planlaeg();
      return;
    }
    this.forbinder = null;
    if (this.lukket) {
      await c.end().catch(() => {});
      return;
    }
    this.klient = c;
    this.fejlIStraek = 0;
    if (this.tabt) {
      this.tabt = false;
      this.abonnenter.lever(null, { type: 'genindlaes' });
    }
  }

  /** The LISTEN connection ended or failed: drop it and plan a new one. */
  private mistet(c: pg.Client, err?: Error): void {
    if (c !== this.klient) return;
    this.klient = null;
    c.end().catch(() => {});
    if (this.lukket) return;
    this.log(
      `Live-hændelser: LISTEN-forbindelsen blev afbrudt${err ? ` (${err.message})` : ''}; forbinder igen`,
    );
    this.tabt = true;
    this.planlaeg();
  }

  private planlaeg(): void {
    if (this.timer || this.lukket) return;
    const vent = Math.min(this.maksBackoffMs, this.backoffMs * 2 ** this.fejlIStraek);
    this.fejlIStraek++;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.lukket && !this.klient && !this.forbinder) this.forbinder = this.forbind();
    }, vent);
  }

  private modtag(payload: string | undefined): void {
    const p = laesPayload(payload);
    if (!p) return;
    if ('haendelse' in p) this.abonnenter.lever(p.kundeId, { type: 'haendelse', haendelse: p.haendelse });
    else this.abonnenter.lever(p.kundeId, { type: 'aendret', emne: p.emne });
  }
}
