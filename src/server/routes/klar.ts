import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hentKlar } from '../../contract/klar';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';

/** How long the readiness query may take before the answer is 'not ready'. */
export const KLAR_TIMEOUT_MS = 2000;

export const IKKE_KLAR = 'Serveren er ikke klar: databasen svarer ikke.';

/** Rejects when `promise` has not settled within `ms`; a late rejection is swallowed. */
function inden<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const frist = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`intet svar inden for ${ms} ms`)), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, frist]).finally(() => clearTimeout(timer));
}

/**
 * GET test/klar: readiness for a load balancer or orchestrator. 200 `{ klar: true }` when the
 * database answers a trivial query within KLAR_TIMEOUT_MS, else 503 with a Danish message. Public,
 * like test/ping, which only says that the process answers (liveness).
 */
export async function klarRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, hentKlar, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await inden(Promise.resolve(db.execute(sql`SELECT 1`)), KLAR_TIMEOUT_MS);
      return { klar: true as const };
    } catch (err) {
      request.log.warn({ err }, 'readiness: the database does not answer');
      return reply.code(503).send({ klar: false as const, status: 503 as const, message: IKKE_KLAR });
    }
  });
}
