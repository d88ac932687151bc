import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The sign-in limit: attempts are counted per client address and per username across every sign-in
 * route together (POST /api/login, POST /api/login/sts, the sign-on form), so spreading guesses over
 * the routes, or one username over many addresses, gains nothing. Counts live in a
 * SignInCounterStore: in the process today; a PostgreSQL store can take its place without touching
 * the routes.
 */

export const FOR_MANGE_FORSOEG = 'For mange forsøg. Vent lidt og prøv igen.';

/** Counters with a fixed window per key, starting at the key's first attempt. */
export interface SignInCounterStore {
  /** Adds one attempt to each key and answers each key's count and window end, in order. */
  increment(keys: string[], windowMs: number, now: number): Promise<{ count: number; resetAt: number }[]>;
}

/** Counters in this process's memory; expired windows are swept once per window length. */
export class MemorySignInCounters implements SignInCounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  async increment(keys: string[], windowMs: number, now: number) {
    if (now >= this.nextSweep) {
      for (const [key, c] of this.counters) if (c.resetAt <= now) this.counters.delete(key);
      this.nextSweep = now + windowMs;
    }
    return keys.map((key) => {
      let c = this.counters.get(key);
      if (!c || c.resetAt <= now) {
        c = { count: 0, resetAt: now + windowMs };
        this.counters.set(key, c);
      }
      c.count += 1;
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
    store?: SignInCounterStore;
    now?: () => number;
  }) {
    this.maxPerWindow = opts.maxPerWindow;
    this.windowMs = opts.windowMs ?? 60_000;
    this.store = opts.store ?? new MemorySignInCounters();
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
