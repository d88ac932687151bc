import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Document templates, control points and letters from templates (issue 15). */
export async function dokumentRoutes(_app: FastifyInstance, _deps: Deps) {}
