import type { FastifyInstance } from 'fastify';
import { hentJob } from '../../contract/jobs';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';

/** GET job/{id}: a long job's progress and result (src/server/jobs/jobs.ts; the jobs start in their areas). */
export async function jobRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, hentJob, (request) => deps.jobs.hent(request.user, request.params.id));
}
