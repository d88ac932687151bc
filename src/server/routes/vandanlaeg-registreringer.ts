import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Routes of a water plant's record kinds (permits, inspections with files, enforcement, Diadem, sampling sites, imports and exports) (issue 11; being built). */
export async function vandanlaegRegistreringRoutes(_app: FastifyInstance, _deps: Deps): Promise<void> {}
