import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { addFieldError, HttpError } from './errors';

const UVENTET_FEJL = 'Der opstod en uventet fejl, prøv igen. Kontakt support hvis problemet fortsætter.';

/** Field name of a schema validation error: the path below body/query/params, dotted. */
function fieldOf(instancePath: string, context: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field || context || 'request';
}

/**
 * One place that shapes every error answer: 400 problem details with field errors, 401/403/404/409
 * with a Danish message, 500 with FejlBesked and never a stack trace to anyone but a system admin.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field = fieldOf(v.instancePath, error.validationContext);
        addFieldError(errors, field, v.message ?? 'Ugyldig værdi');
      }
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
        .send({ title: 'Ugyldig forespørgsel', status, errors: { request: [error.message] } });
    }
    request.log.error({ err: error }, 'unhandled error');
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
