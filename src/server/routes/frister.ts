import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Deadlines: the follow-up list, DMA status and Jupiter status (issue 15). */
export async function fristerRoutes(_app: FastifyInstance, _deps: Deps) {}
