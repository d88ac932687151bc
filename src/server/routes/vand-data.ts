import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Routes of boreholes, intakes, pumped quantities, supply lines, water levels and samples of a plant (issue 11; being built). */
export async function vandDataRoutes(_app: FastifyInstance, _deps: Deps): Promise<void> {}
