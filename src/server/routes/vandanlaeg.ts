import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Routes of the water plant itself: list, basis, lookups (issue 11; being built). */
export async function vandanlaegRoutes(_app: FastifyInstance, _deps: Deps): Promise<void> {}
