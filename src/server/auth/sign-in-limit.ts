import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, queryRows, retryOnDeadlock } from '../db/client';

/**
 * The sign-in limit: attempts are counted per client address and per username across every sign-in
 * route together (POST /api/login, POST /api/login/sts, the sign-on form), so spreading guesses over
 * the routes, or one username over many addresses, gains nothing. The counts live in the database
 * (`DbSignInCounters`, table login_forsoeg), so every server process on one PostgreSQL counts
 * against the same limit; PGlite runs the same code.
 */

export const FOR_MANGE_FORSOEG = 'For mange forsøg. Vent lidt og prøv igen.';

/** Counters with a fixed window per key, starting at the key's first attempt. */
export interface SignInCounterStore {
  /** Adds one attempt to each key and answers each key's count and window end, in order. */
  increment(keys: string[], windowMs: number, now: number): Promise<{ count: number; resetAt: number }[]>;
}

/**
 * The key as stored: the SHA-256 of it, hex. A username field sometimes receives a password typed in
 * the wrong box; hashed, the table never holds what was typed (a row lives one window anyway).
 */
export const lagretNoegle = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * Counters in table login_forsoeg (noegle = hashed key, antal, nulstilles = window end), shared by
 * every process on the database. One statement per attempt upserts all its keys atomically: a key
 * whose window has ended starts again at 1. The keys are upserted in one order (sorted) so two
 * attempts on the same keys queue rather than deadlock. Expired rows are deleted at most once per
 * window length per process (cheap: the table holds the last minute's keys).
 *
 * `now` is the app's clock (tests move it); processes on one database are assumed to have clocks
 * in step to within a second or two, which only moves a window's end by as much.
 */
export class DbSignInCounters implements SignInCounterStore {
  private nextSweep = 0;

  constructor(private readonly db: Db) {}

  async increment(keys: string[], windowMs: number, now: number) {
    const hashed = keys.map(lagretNoegle);
    const unique = [...new Set(hashed)].sort();
    const nu = new Date(now).toISOString();
    const slut = new Date(now + windowMs).toISOString();
    if (now >= this.nextSweep) {
      this.nextSweep = now + windowMs;
      await this.db.execute(sql`DELETE FROM login_forsoeg WHERE nulstilles <= ${nu}::timestamptz`);
    }
    const rows = await retryOnDeadlock(() =>
      queryRows<{ noegle: string; antal: number; nulstilles: Date | string }>(
        this.db,
        sql`INSERT INTO login_forsoeg AS f (noegle, antal, nulstilles)
            SELECT k, 1, ${slut}::timestamptz FROM unnest(${`{${unique.join(',')}}`}::text[]) WITH ORDINALITY AS u(k, n)
            ORDER BY n
            ON CONFLICT (noegle) DO UPDATE SET
              antal = CASE WHEN f.nulstilles <= ${nu}::timestamptz THEN 1 ELSE f.antal + 1 END,
              nulstilles = CASE WHEN f.nulstilles <= ${nu}::timestamptz THEN excluded.nulstilles ELSE f.nulstilles END
            RETURNING noegle, antal, nulstilles`,
      ),
    );
    const byKey = new Map(
      rows.map((r) => [r.noegle, { count: Number(r.antal), resetAt: new Date(r.nulstilles).getTime() }]),
    );
    return hashed.map((h) => {
      const c = byKey.get(h);
      if (!c) throw new Error('login_forsoeg: a key was not counted');
      return { ...c };
    });
  }
}

export interface SignInAttempt {
  /** The client's address as Fastify sees it (request.ip, after TRUST_PROXY). */
  address: string;
  /** The username tried, when the route has one. */
  username?: string;
}

export type SignInVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Usernames longer than any real one are not counted by name (the route refuses them anyway). */
const MAX_USERNAME_LENGTH = 200;

export class SignInLimit {
  readonly maxPerWindow: number;
  readonly windowMs: number;
  private readonly store: SignInCounterStore;
  private readonly now: () => number;

  constructor(opts: {
    maxPerWindow: number;
    windowMs?: number;
    store: SignInCounterStore;
    now?: () => number;
  }) {
    this.maxPerWindow = opts.maxPerWindow;
    this.windowMs = opts.windowMs ?? 60_000;
    this.store = opts.store;
    this.now = opts.now ?? Date.now;
  }

  /** Counts one attempt against its address and its username; refused when either is over the limit. */
  async attempt({ address, username }: SignInAttempt): Promise<SignInVerdict> {
    const keys = [`adresse:${address}`];
    const name = username?.trim().toLowerCase();
    if (name && name.length <= MAX_USERNAME_LENGTH) keys.push(`bruger:${name}`);
    const now = this.now();
    const counts = await this.store.increment(keys, this.windowMs, now);
    const over = counts.filter((c) => c.count > this.maxPerWindow);
    if (over.length === 0) return { allowed: true };
    const resetAt = Math.max(...over.map((c) => c.resetAt));
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }

  /**
   * A preValidation hook for a sign-in route: counts the attempt (the username from the parsed body,
   * before validation, so malformed attempts count too) and answers 429 over the limit. `refuse`
   * writes the answer; by default the API's JSON message.
   */
  hook(refuse?: (reply: FastifyReply) => FastifyReply) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const body = request.body as { username?: unknown } | null | undefined;
      const username = typeof body?.username === 'string' ? body.username : undefined;
      const verdict = await this.attempt({ address: request.ip, username });
      if (verdict.allowed) return;
      reply.code(429).header('retry-after', String(verdict.retryAfterSeconds));
      if (refuse) return refuse(reply);
      return reply.send({ status: 429, message: FOR_MANGE_FORSOEG });
    };
  }
}
