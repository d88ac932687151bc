import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Map links per display location (issue 15). */
export async function minimapRoutes(_app: FastifyInstance, _deps: Deps) {}
