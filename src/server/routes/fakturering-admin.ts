import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Invoicing (issue 13): being built. */
export async function faktureringAdminRoutes(_app: FastifyInstance, _deps: Deps) {}
