import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Administration: the certificate used towards Jupiter (issue 15). */
export async function jupiterCertifikatRoutes(_app: FastifyInstance, _deps: Deps) {}
