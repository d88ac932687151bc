import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Administration: the phrase library and the municipality's administrative details (issue 15). */
export async function adminTekstRoutes(_app: FastifyInstance, _deps: Deps) {}
