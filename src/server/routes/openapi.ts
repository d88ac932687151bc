import type { FastifyInstance } from 'fastify';
import { hentOpenApi } from '../../contract/openapi';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { byggOpenApi } from '../http/openapi';
import { appVersion } from '../version';

/**
 * GET openapi.json: the OpenAPI document of every route the app registered from a declaration. Built
 * at the first request (about half a second) and kept: the routes do not change while the app runs.
 */
export async function openApiRoutes(app: FastifyInstance, { config }: Deps) {
  let tekst: string | undefined;
  serve(app, hentOpenApi, async (_request, reply) => {
    tekst ??= JSON.stringify(byggOpenApi(app.registeredRoutes, appVersion(config).version).dokument);
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(tekst);
  });
}
