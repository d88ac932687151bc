import { z } from 'zod';
import { endpoint } from './endpoint';

/** The 503 answer of test/klar while the database does not answer. */
export const ikkeKlarSchema = z.object({
  klar: z.literal(false),
  status: z.literal(503),
  message: z.string(),
});

/**
 * GET test/klar: readiness for a load balancer or orchestrator (public). 200 `{ klar: true }`, or
 * 503 `ikkeKlarSchema` with a Danish message.
 */
export const hentKlar = endpoint({
  method: 'GET',
  path: '/test/klar',
  answer: z.object({ klar: z.literal(true) }),
  public: true,
});
