import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { iAnmodningsTransaktion } from '../db/anmodnings-transaktion';
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
 * - its answer, if 2xx, is stored with the request's method, URL and a hash of its body, in the same
 *   transaction as the record it created (src/server/db/anmodnings-transaktion.ts): a crash cannot
 *   commit the record without its answer; any other answer releases the key (nothing was created;
 *   a retry runs again);
 * - a multipart body is read whole before the key is looked at, and its hash covers every part (each
 *   file's name, type and content; each field), not the boundary the browser drew;
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
  /** Set once the answer was written with the record: the onSend hook then keeps it as it is. */
  gemt?: boolean;
}

/** A creating call in progress: the database it writes to and its key's reservation, if any. */
interface Opret {
  db: Db;
  reservation?: Reservation;
}

const oprettende = new WeakMap<FastifyRequest, Opret>();

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

function fingeraftrykAf(request: FastifyRequest, multipart: string | null): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, request.body ?? null, multipart]))
    .digest('hex');
}

/**
 * Runs a creating call's handler (`beregn` answers the serialised body, or undefined when the
 * handler sent the reply itself) as one transaction begun at its first write, with the key's answer
 * written in it. Answers what `beregn` answered; the caller sends it.
 */
export async function koerOprettende(
  request: FastifyRequest,
  reply: FastifyReply,
  beregn: () => Promise<string | undefined>,
): Promise<string | undefined> {
  const opret = oprettende.get(request);
  if (!opret) return beregn();
  const r = opret.reservation;
  const { svar } = await iAnmodningsTransaktion(opret.db, beregn, async (tx, payload) => {
    if (!r || payload === undefined || reply.statusCode < 200 || reply.statusCode >= 300) return;
    await tx.execute(
      sql`UPDATE idempotens_noegle SET status = ${reply.statusCode}, svar = ${payload},
            indholdstype = ${JSON_TYPE}
          WHERE ${hvorReservation(r)}`,
    );
    r.gemt = true;
  });
  return svar;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

const hvorReservation = (r: Reservation) =>
  sql`kunde_id = ${r.kundeId} AND bruger_id = ${r.brugerId} AND noegle = ${r.noegle}
      AND reservation = ${r.reservation}`;

type Del = Record<string, unknown> & { type: 'file' | 'field'; fieldname: string };

/**
 * A multipart body read whole before the key is looked at (a retry with another file must be told,
 * not answered the first file's record): the parts are kept, `request.parts()` and `request.file()`
 * give them again to the handler, an error of the reading (a file over the limit) is thrown there,
 * where the handler turns it into its own Danish answer. Returns the hash of the parts, or null when
 * the body is not multipart.
 */
async function forudlaesMultipart(request: FastifyRequest): Promise<string | null> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) return null;
  const dele: Del[] = [];
  let fejl: unknown;
  const hash = createHash('sha256');
  try {
    for await (const del of request.parts()) {
      if (del.type === 'file') {
        const indhold = await del.toBuffer();
        const { file: _strøm, toBuffer: _læs, ...meta } = del;
        dele.push({ ...meta, type: 'file', toBuffer: async () => indhold, file: Readable.from(indhold) });
        hash.update(JSON.stringify(['fil', del.fieldname, del.filename, del.mimetype, indhold.length]));
        hash.update(indhold);
      } else {
        dele.push(del as unknown as Del);
        hash.update(JSON.stringify(['felt', del.fieldname, del.value]));
      }
    }
  } catch (err) {
    fejl = err;
  }
  async function* gentag() {
    for (const del of dele) yield del;
    if (fejl !== undefined) throw fejl;
  }
  const r = request as unknown as Record<string, unknown>;
  r.parts = gentag;
  r.file = async () => {
    for await (const del of gentag()) if (del.type === 'file') return del;
    return undefined;
  };
  return fejl === undefined ? hash.digest('hex') : `fejl:${randomUUID()}`;
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
  const reserver: preHandlerAsyncHookHandler = async (request, reply) => {
    const opret: Opret = { db };
    oprettende.set(request, opret);
    const noegle = noegleAf(request);
    if (noegle === undefined || !request.user) return;
    const { kundeId, brugerId } = request.user;
    const fingeraftryk = fingeraftrykAf(request, await forudlaesMultipart(request));
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
        opret.reservation = { kundeId, brugerId, noegle, reservation };
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
    const r = oprettende.get(request)?.reservation;
    if (!r || r.gemt) return payload;
    oprettende.delete(request);
    const hvor = hvorReservation(r);
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
