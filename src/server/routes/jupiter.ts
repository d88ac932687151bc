import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Routes of reporting a plant to Jupiter and its status (issue 11; being built). */
export async function jupiterRoutes(_app: FastifyInstance, _deps: Deps): Promise<void> {}
