import type { FastifyInstance } from 'fastify';
import { harAdgang } from '../contract/roles';
import { VALIDERING_LAES, type ValideringHaendelse, valideringHaendelser } from '../contract/validering';
import { sessionUserFromClaims } from './auth/session-user';
import type { TokenService } from './auth/tokens';
import type { Db } from './db/client';
import { serve } from './http/endpoint';
import { forbidden, unauthorized } from './http/errors';

/**
 * Server-sent events of validation decisions. Each decision is published to the subscribers of the
 * customer it belongs to; clients refetch the queue they show. One hub per database (per app): the
 * events live in this process only, so several server processes behind one database would need
 * PostgreSQL LISTEN/NOTIFY instead (docs/validering-notes.md).
 */
type Lytter = (haendelse: ValideringHaendelse) => void;

export class HaendelsesHub {
  private readonly lyttere = new Map<number, Set<Lytter>>();

  subscribe(kundeId: number, lytter: Lytter): () => void {
    let set = this.lyttere.get(kundeId);
    if (!set) {
      set = new Set();
      this.lyttere.set(kundeId, set);
    }
    set.add(lytter);
    return () => {
      set.delete(lytter);
      if (set.size === 0) this.lyttere.delete(kundeId);
    };
  }

  publish(kundeId: number, haendelse: ValideringHaendelse): void {
    for (const l of this.lyttere.get(kundeId) ?? []) {
      try {
        l(haendelse);
      } catch {
        // A broken connection must not stop the others.
      }
    }
  }

  antal(kundeId: number): number {
    return this.lyttere.get(kundeId)?.size ?? 0;
  }
}

const hubs = new WeakMap<Db, HaendelsesHub>();

/** The hub of an app (keyed by its database, so test apps in one process stay apart). */
export function hubFor(db: Db): HaendelsesHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new HaendelsesHub();
    hubs.set(db, hub);
  }
  return hub;
}

/** The headers of the event stream (and of its HEAD answer). */
const STROEM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** Heartbeat comment interval: keeps proxies from closing an idle stream. */
export const HJERTESLAG_MS = 25_000;

/**
 * GET validering/haendelser?token=: EventSource cannot send headers, so the token comes in the query
 * string. It is verified like the bearer token (TokenService) and never logged: the route logs at
 * 'warn' only, which leaves out the request line that carries the URL. The stream ends when the
 * token expires; the browser then reconnects with the new token.
 */
export function registerHaendelser(fastify: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  const ret = VALIDERING_LAES;
  const aabne = new Set<{ end(): void }>();
  // Closing the app (tests, shutdown) ends the open streams first, so the server can close.
  fastify.addHook('preClose', async () => {
    for (const res of aabne) res.end();
    aabne.clear();
  });
  // Registered in a plugin of its own for the log level: 'warn' for this route only.
  void fastify.register(
    async (app) =>
      serve(app, valideringHaendelser, async (request, reply) => {
        let claims: Awaited<ReturnType<TokenService['verify']>>;
        try {
          claims = await deps.tokens.verify(request.query.token);
        } catch {
          throw unauthorized('Ugyldigt log-ind-token');
        }
        const user = sessionUserFromClaims(claims);
        if (!harAdgang(user.ressourcer, ret)) {
          throw forbidden(`Kræver en af rettighederne: ${ret.split('||').join(' eller ')}`);
        }
        // HEAD (Fastify adds it to every GET) answers the stream's headers at once: no body, so
        // nothing to subscribe to or hold open.
        if (request.method === 'HEAD') return reply.code(200).headers(STROEM_HEADERS).send();
        const hub = hubFor(deps.db);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, STROEM_HEADERS);
        res.write('retry: 2000\n\n');
        res.write(`event: klar\ndata: {"kundeId":${user.kundeId}}\n\n`);
        const unsubscribe = hub.subscribe(user.kundeId, (h) => {
          res.write(`event: besluttet\ndata: ${JSON.stringify(h)}\n\n`);
        });
        const hjerteslag = setInterval(() => res.write(': hjerteslag\n\n'), HJERTESLAG_MS);
        const udloeb = claims.exp ? claims.exp * 1000 - Date.now() : null;
        const slut = udloeb !== null ? setTimeout(() => res.end(), Math.max(0, udloeb)) : null;
        aabne.add(res);
        const ryd = () => {
          aabne.delete(res);
          unsubscribe();
          clearInterval(hjerteslag);
          if (slut) clearTimeout(slut);
        };
        request.raw.on('close', ryd);
        res.on('close', ryd);
        return reply;
      }),
    { logLevel: 'warn' },
  );
}
