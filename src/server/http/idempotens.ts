import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { type Db, queryRows } from '../db/client';
import { badRequest, conflict, HttpError } from './errors';

/**
 * Idempotency keys for creating calls: a client that sends `Idempotency-Key: <key>` and retries
 * after a lost answer gets the first answer again instead of a second record.
 *
 * Applies to every POST route whose answer is 201 Created (found when the route is registered, so a
 * new creating route is covered without doing anything). Per customer, user and key:
 * - the first call reserves the key (INSERT ... ON CONFLICT DO NOTHING) before its handler runs, so
 *   of two identical calls sent at the same time only one runs;
 * - its answer, if 2xx, is stored with the request's method, URL and a hash of its body; any other
 *   answer releases the key (nothing was created; a retry runs again);
 * - a retry of the same request answers the stored answer (header `idempotent-replayed: true`); one
 *   that arrives while the first still runs waits for it (up to VENT_MS, then 409);
 * - the same key with another method, URL or body answers 422;
 * - keys expire after GYLDIG (24 h) and are deleted lazily; a reservation whose call never finished
 *   (the process died) is free again after FORLADT.
 */

export const IDEMPOTENS_HEADER = 'idempotency-key';
export const REPLAY_HEADER = 'idempotent-replayed';
export const MAKS_NOEGLE_LAENGDE = 100;
const GYLDIG = sql.raw(`interval '24 hours'`);
const FORLADT = sql.raw(`interval '5 minutes'`);
const VENT_MS = 10_000;

export const UGYLDIG_NOEGLE = `Idempotency-Key skal være 1–${MAKS_NOEGLE_LAENGDE} synlige ASCII-tegn, fx et UUID`;
export const NOEGLE_BRUGT =
  'Idempotency-Key er allerede brugt til en anden forespørgsel. Brug en ny nøgle til en ny oprettelse.';
export const NOEGLE_I_GANG = 'En forespørgsel med samme Idempotency-Key er stadig i gang. Prøv igen om lidt.';

const GYLDIG_NOEGLE = new RegExp(`^[\\x21-\\x7e]{1,${MAKS_NOEGLE_LAENGDE}}$`);

interface Reservation {
  kundeId: number;
  brugerId: number;
  noegle: string;
  reservation: string;
}

interface Gemt {
  fingeraftryk: string;
  status: number | null;
  svar: string | null;
  indholdstype: string | null;
}

/** The key of a request: undefined without the header; 400 when it is malformed or repeated. */
function noegleAf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENS_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !GYLDIG_NOEGLE.test(raw)) {
    throw badRequest({ 'Idempotency-Key': [UGYLDIG_NOEGLE] });
  }
  return raw;
}

function fingeraftrykAf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, request.body ?? null]))
    .digest('hex');
}

const isCreatingPost = (route: RouteOptions) => {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
  return methods.includes('POST') && response !== undefined && '201' in response;
};

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** Registers the keys on every creating POST route added to `app` (and its children) after this call. */
export function registerIdempotens(app: FastifyInstance, db: Db): void {
  const reservationer = new WeakMap<FastifyRequest, Reservation>();

  const reserver: preHandlerAsyncHookHandler = async (request, reply) => {
    const noegle = noegleAf(request);
    if (noegle === undefined || !request.user) return;
    const { kundeId, brugerId } = request.user;
    const fingeraftryk = fingeraftrykAf(request);
    const sti = request.url.split('?')[0] ?? request.url;
    const slut = Date.now() + VENT_MS;
    await db.execute(sql`DELETE FROM idempotens_noegle WHERE oprettet < now() - ${GYLDIG}`);
    for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
      const reservation = randomUUID();
      const [egen] = await queryRows<{ reservation: string }>(
        db,
        sql`INSERT INTO idempotens_noegle AS i (kunde_id, bruger_id, noegle, metode, sti, fingeraftryk, reservation)
            VALUES (${kundeId}, ${brugerId}, ${noegle}, ${request.method}, ${sti}, ${fingeraftryk}, ${reservation})
            ON CONFLICT (kunde_id, bruger_id, noegle) DO UPDATE
              SET metode = EXCLUDED.metode, sti = EXCLUDED.sti, fingeraftryk = EXCLUDED.fingeraftryk,
                  reservation = EXCLUDED.reservation, status = NULL, svar = NULL, indholdstype = NULL,
                  oprettet = now()
              WHERE i.oprettet < now() - ${GYLDIG} OR (i.status IS NULL AND i.oprettet < now() - ${FORLADT})
            RETURNING reservation`,
      );
      if (egen?.reservation === reservation) {
        reservationer.set(request, { kundeId, brugerId, noegle, reservation });
        return;
      }
      const [gemt] = await queryRows<Gemt>(
        db,
        sql`SELECT fingeraftryk, status, svar, indholdstype FROM idempotens_noegle
            WHERE kunde_id = ${kundeId} AND bruger_id = ${brugerId} AND noegle = ${noegle}`,
      );
      // Released in the meantime (the first call failed): reserve it for this one.
      if (!gemt) continue;
      if (gemt.fingeraftryk !== fingeraftryk) throw new HttpError(422, NOEGLE_BRUGT);
      if (gemt.status !== null) return gentag(reply, gemt);
      if (Date.now() >= slut) throw conflict(NOEGLE_I_GANG);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  };

  function gentag(reply: FastifyReply, gemt: Gemt): FastifyReply {
    reply.code(Number(gemt.status)).header(REPLAY_HEADER, 'true');
    if (gemt.indholdstype) reply.header('content-type', gemt.indholdstype);
    return reply.send(gemt.svar ?? '');
  }

  const gem: onSendHookHandler = async (request, reply, payload) => {
    const r = reservationer.get(request);
    if (!r) return payload;
    reservationer.delete(request);
    const hvor = sql`kunde_id = ${r.kundeId} AND bruger_id = ${r.brugerId} AND noegle = ${r.noegle}
                     AND reservation = ${r.reservation}`;
    const svar =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && svar !== undefined) {
        const type = reply.getHeader('content-type');
        await db.execute(
          sql`UPDATE idempotens_noegle SET status = ${reply.statusCode}, svar = ${svar},
                indholdstype = ${typeof type === 'string' ? type : null}
              WHERE ${hvor}`,
        );
      } else {
        await db.execute(sql`DELETE FROM idempotens_noegle WHERE ${hvor}`);
      }
    } catch (err) {
      // The record exists; the answer is delivered even if it could not be kept for a retry.
      request.log.error({ err }, 'idempotency: the answer could not be stored');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!isCreatingPost(route)) return;
    route.preHandler = [...asArray(route.preHandler), reserver];
    route.onSend = [...asArray(route.onSend), gem];
  });
}
