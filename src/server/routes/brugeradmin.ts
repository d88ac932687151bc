import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Administration: the customer's users, their roles and suspension (issue 15). */
export async function brugerAdminRoutes(_app: FastifyInstance, _deps: Deps) {}
