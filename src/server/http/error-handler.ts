import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { erForbindelsesfejl } from '../db/client';
import { formatProblemErrors, HttpError } from './errors';
import { logUnhandledError } from './logging';

const UVENTET_FEJL = 'Der opstod en uventet fejl, prøv igen. Kontakt support hvis problemet fortsætter.';

/** The answer while the database is out of reach (restart, stop): nothing was saved, try again. */
export const DB_UTILGAENGELIG =
  'Databasen er midlertidigt utilgængelig, og intet blev gemt. Prøv igen om et øjeblik.';

/** Field name of a schema validation error: the path below body/query/params, dotted. */
function fieldOf(instancePath: string, context: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field || context || 'request';
}

/** Fastify's own client errors (malformed JSON, too large body ...) in Danish, by error code. */
const KLIENTFEJL: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Forespørgslen er for stor',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Indholdstypen (content-type) understøttes ikke; send JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Forespørgslens længde passer ikke med Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Indholdet er tomt, men content-type er application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Indholdet er ikke gyldig JSON',
  FST_ERR_BAD_URL: 'Adressen indeholder en ugyldig %-kode',
  FST_ERR_MAX_PARAM_LENGTH: 'En del af adressen er for lang',
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: 'Forespørgslen mangler en content-type',
  FST_ERR_ROUTE_MISSING_CONTENT: 'Forespørgslen mangler indhold',
};

function klientfejl(error: FastifyError): string {
  const kendt = error.code ? KLIENTFEJL[error.code] : undefined;
  if (kendt) return kendt;
  // The JSON parser's own errors (bad syntax, a forbidden __proto__ key) carry no Fastify code.
  if (error instanceof SyntaxError) return 'Indholdet er ikke gyldig JSON';
  return 'Forespørgslen kunne ikke læses';
}

/**
 * Errors the router raises before any route or hook runs (an address with a broken %-code): the
 * same Danish 400 as the error handler gives. Passed to Fastify as its `frameworkErrors` option.
 */
export const frameworkErrors = ((error: FastifyError, _request: unknown, reply: FastifyReply) => {
  void reply
    .code(400)
    .send({ title: 'Ugyldig forespørgsel', status: 400, errors: { request: [klientfejl(error)] } });
}) as NonNullable<FastifyServerOptions['frameworkErrors']>;

/**
 * One place that shapes every error answer: 400 problem details with field errors, 401/403/404/409
 * with a Danish message, 500 with FejlBesked and never a stack trace to anyone but a system admin.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext;
      const errors = formatProblemErrors(
        error.validation.map((v) => ({
          field: fieldOf(v.instancePath, context),
          message: v.message ?? 'Ugyldig værdi',
        })),
      );
      return reply.code(400).send({ title: 'Ugyldige data', status: 400, errors });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(error.body ?? { status: error.statusCode, message: error.message });
    }
    // Malformed JSON, too large body and the like: fastify's own client errors.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const status = error.statusCode;
      if (status === 429)
        return reply.code(429).send({ status, message: 'For mange forsøg. Vent lidt og prøv igen.' });
      return reply
        .code(status)
        .send({ title: 'Ugyldig forespørgsel', status, errors: { request: [klientfejl(error)] } });
    }
    if (erForbindelsesfejl(error)) {
      request.log.warn({ err: error.message }, 'database out of reach: 503');
      return reply.code(503).header('retry-after', '5').send({ status: 503, message: DB_UTILGAENGELIG });
    }
    logUnhandledError(request.log, error);
    const isAdmin = request.user?.ressourcer?.has('SYSTEM_ADMIN') ?? false;
    return reply.code(500).send({
      status: 500,
      FejlBesked: UVENTET_FEJL,
      ...(isAdmin ? { message: error.message, stackTrace: error.stack } : {}),
    });
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ status: 404, message: `Ukendt adresse: ${request.method} ${request.url.split('?')[0]}` });
  });
}
