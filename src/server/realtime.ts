import type { FastifyInstance, FastifyReply } from 'fastify';
import { harAdgang } from '../contract/roles';
import { VALIDERING_LAES, valideringHaendelser } from '../contract/validering';
import { medlemskabsOpslag } from './auth/plugin';
import { sessionUserFromClaims } from './auth/session-user';
import type { TokenService } from './auth/tokens';
import { raaDb } from './db/anmodnings-transaktion';
import { type Db, separateClientFor } from './db/client';
import { serve } from './http/endpoint';
import { forbidden, unauthorized } from './http/errors';
import { type HaendelsesHub, type Levering, type LiveHaendelse, ProcesHub } from './realtime-hub';
import { PostgresHub } from './realtime-pg';

export type { HaendelsesHub, Levering, LiveHaendelse };

/**
 * Live events: what one user does that others' open views should show at once (today validation
 * decisions; later notifications and other lists). Each event belongs to one customer and reaches
 * the subscribers of that customer only; payloads are small (kinds and ids) and clients refetch.
 *
 * The hub is chosen by the database (`hubFor`): on PGlite (one process per database) the in-process
 * hub below; on PostgreSQL `PostgresHub` (realtime-pg.ts), which publishes with NOTIFY and holds one
 * LISTEN connection per process, so an event published by any process reaches the subscribers of
 * every process. See docs/decisions.md 'Validation of water data' and README ('Flere processer bag en load balancer').
 */

const hubs = new WeakMap<Db, HaendelsesHub>();

/**
 * The hub of an app, keyed by its database (test apps in one process stay apart): PostgreSQL →
 * `PostgresHub`, PGlite → `ProcesHub`. `log` is used by the first call (the app's registration).
 */
export function hubFor(aware: Db, log?: (besked: string) => void): HaendelsesHub {
  // One hub per database, whether reached through the app's transaction-aware proxy or not.
  const db = raaDb(aware);
  let hub = hubs.get(db);
  if (!hub) {
    const nyForbindelse = separateClientFor(db);
    hub = nyForbindelse ? new PostgresHub(db, nyForbindelse, { log }) : new ProcesHub();
    hubs.set(db, hub);
  }
  return hub;
}

/** Closes the app's hub (its LISTEN connection); a later hubFor makes a new one. */
export async function lukHub(aware: Db): Promise<void> {
  const db = raaDb(aware);
  const hub = hubs.get(db);
  hubs.delete(db);
  await hub?.close();
}

/** The headers of the event stream (and of its HEAD answer). */
export const STROEM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** Heartbeat comment interval: keeps proxies from closing an idle stream. */
export const HJERTESLAG_MS = 25_000;

/**
 * The user of a stream's token (EventSource cannot send headers, so it comes in the query string):
 * verified like the bearer token, then the membership as every route checks it (a suspended or
 * removed membership is refused; the membership's current roles decide).
 */
export async function stroemBruger(
  deps: { tokens: TokenService; clock?: () => Date },
  gaeldendeMedlemskab: ReturnType<typeof medlemskabsOpslag>,
  token: string,
) {
  let claims: Awaited<ReturnType<TokenService['verify']>>;
  try {
    claims = await deps.tokens.verify(token);
  } catch {
    throw unauthorized('Ugyldigt log-ind-token');
  }
  const user = await gaeldendeMedlemskab(sessionUserFromClaims(claims), deps.clock?.() ?? new Date());
  return { user, claims };
}

/**
 * Holds one server-sent event stream open on the hub (the validation stream, the presence stream):
 * hijacks the reply, writes the headers and `retry`, subscribes to the user's customer, sends
 * `klar` once the subscription is live and again after events may have been lost ('genindlaes'),
 * beats the heart, ends the stream when the token expires or the user's access changes ('adgang'),
 * and tidies up once when it closes (`slut`). `lever` writes the topic's own events.
 */
export async function holdStroem(o: {
  reply: FastifyReply;
  aabne: Set<{ end(): void }>;
  hub: HaendelsesHub;
  user: { kundeId: number; brugerId: number };
  /** When the token expires (epoch ms); the stream ends then and the browser reconnects. */
  udloeberMs: number | null;
  klar: string;
  lever(levering: Levering, skriv: (tekst: string) => void): void;
  /** Once the subscription is live and `klar` sent. */
  aaben?(): void;
  /** Once, when the stream has closed (client gone, token expired, app closing). */
  slut?(): void;
}): Promise<void> {
  const { reply, aabne, user, klar } = o;
  reply.hijack();
  const res = reply.raw;
  // Nothing is written to a stream that has ended (app closing, client gone).
  const skriv = (tekst: string) => {
    if (!res.writableEnded && !res.destroyed) res.write(tekst);
  };
  res.writeHead(200, STROEM_HEADERS);
  skriv('retry: 2000\n\n');
  let hjerteslag: ReturnType<typeof setInterval> | undefined;
  let udloeb: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;
  let ryddet = false;
  let aabnet = false;
  const ryd = () => {
    if (ryddet) return;
    ryddet = true;
    aabne.delete(res);
    unsubscribe?.();
    clearInterval(hjerteslag);
    clearTimeout(udloeb);
    if (aabnet) o.slut?.();
  };
  reply.request.raw.on('close', ryd);
  res.on('close', ryd);
  aabne.add(res);
  unsubscribe = await o.hub.subscribe(user.kundeId, (l: Levering) => {
    if (l.type === 'haendelse' && l.haendelse.emne === 'adgang') {
      // The user's access changed: end at once; the browser reconnects and is checked anew
      // (a suspended user is refused, changed roles decide).
      if (l.haendelse.data.brugerId === user.brugerId) res.end();
    } else if (l.type === 'genindlaes') {
      skriv(klar);
    } else {
      o.lever(l, skriv);
    }
  });
  // The stream may have closed while the subscription was made.
  if (ryddet) {
    unsubscribe();
    return;
  }
  if (res.writableEnded) {
    ryd();
    return;
  }
  // Sent once the subscription is live: a client that refetches on 'klar' misses nothing.
  skriv(klar);
  aabnet = true;
  o.aaben?.();
  hjerteslag = setInterval(() => skriv(': hjerteslag\n\n'), HJERTESLAG_MS);
  if (o.udloeberMs !== null) udloeb = setTimeout(() => res.end(), Math.max(0, o.udloeberMs - Date.now()));
}

/**
 * GET validering/haendelser?token=: EventSource cannot send headers, so the token comes in the query
 * string. It is verified like the bearer token (TokenService) and never logged: the route logs at
 * 'warn' only, which leaves out the request line that carries the URL. The stream ends when the
 * token expires; the browser then reconnects with the new token.
 */
export function registerHaendelser(
  fastify: FastifyInstance,
  deps: { db: Db; tokens: TokenService; clock?: () => Date },
): void {
  // The stream checks its token itself (EventSource sends no header): like every other route, a
  // suspended or removed membership ends it, and the membership's current roles decide.
  const gaeldendeMedlemskab = medlemskabsOpslag(deps.db);
  const ret = VALIDERING_LAES;
  const aabne = new Set<{ end(): void }>();
  // Closing the app (tests, shutdown) ends the open streams first, so the server can close, and
  // then releases the hub's LISTEN connection.
  fastify.addHook('preClose', async () => {
    for (const res of aabne) res.end();
    aabne.clear();
  });
  fastify.addHook('onClose', async () => lukHub(deps.db));
  // Registered in a plugin of its own for the log level: 'warn' for this route only.
  void fastify.register(
    async (app) =>
      serve(app, valideringHaendelser, async (request, reply) => {
        const { user, claims } = await stroemBruger(deps, gaeldendeMedlemskab, request.query.token);
        if (!harAdgang(user.ressourcer, ret)) {
          throw forbidden(`Kræver en af rettighederne: ${ret.split('||').join(' eller ')}`);
        }
        // HEAD (Fastify adds it to every GET) answers the stream's headers at once: no body, so
        // nothing to subscribe to or hold open.
        if (request.method === 'HEAD') return reply.code(200).headers(STROEM_HEADERS).send();
        // 'klar' tells the client to refetch every validation query: sent on connect, and again
        // when events may have been lost (a re-established LISTEN connection) or were too large.
        const klar = `event: klar\ndata: {"kundeId":${user.kundeId}}\n\n`;
        await holdStroem({
          reply,
          aabne,
          hub: hubFor(deps.db),
          user,
          udloeberMs: claims.exp ? claims.exp * 1000 : null,
          klar,
          lever: (l, skriv) => {
            if (l.type === 'haendelse' && l.haendelse.emne === 'validering') {
              skriv(`event: besluttet\ndata: ${JSON.stringify(l.haendelse.data)}\n\n`);
            } else if (l.type === 'aendret' && l.emne === 'validering') {
              skriv(klar);
            }
          },
        });
        return reply;
      }),
    { logLevel: 'warn' },
  );
}
