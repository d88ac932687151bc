import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerInOf, AnyEndpoint, BodyOf, ParamsOf, QueryOf } from '../../contract/endpoint';
import { JSON_TYPE, koerOprettende } from './idempotens';

/** The request a handler of endpoint E receives: params, query and body parsed by its schemas. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler of a 204 endpoint returns nothing
) => Promise<AnswerInOf<E> | FastifyReply | void> | AnswerInOf<E> | FastifyReply | void;

/**
 * Registers the route of an endpoint declared in src/contract: its method, path, schemas (the
 * answer is serialised through its schema), status and right all come from the declaration. The
 * handler returns the answer; a handler that must answer otherwise (a 401 with a body, a stream)
 * returns the reply it sent.
 */
export function serve<E extends AnyEndpoint>(app: FastifyInstance, ep: E, handler: EndpointHandler<E>): void {
  const status = ep.status ?? 200;
  app.route({
    method: ep.method,
    url: ep.path,
    schema: {
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body ? { body: ep.body } : {}),
      ...(ep.answer && status !== 204 ? { response: { [status]: ep.answer } } : {}),
    },
    config: {
      ...(ep.access ? { access: ep.access } : {}),
      ...(ep.public ? { public: true } : {}),
      ...(ep.langvarig ? { langvarig: true } : {}),
      ...(ep.multipart ? { multipart: ep.multipart } : {}),
      declared: true,
      endpoint: ep,
    },
    handler: async (request, reply) => {
      if (ep.method === 'POST' && status === 201) {
        // A creating call: one transaction with its idempotency answer (src/server/http/idempotens.ts),
        // so the answer is serialised here, before the transaction commits.
        const payload = await koerOprettende(request, reply, async () => {
          const answer = await handler(request as EndpointRequest<E>, reply);
          if (answer === reply || reply.sent) return undefined;
          return String(reply.code(status).serialize(answer));
        });
        if (payload === undefined || reply.sent) return reply;
        return reply.code(status).type(JSON_TYPE).send(payload);
      }
      const answer = await handler(request as EndpointRequest<E>, reply);
      if (answer === reply || reply.sent) return reply;
      if (status === 204) return reply.code(204).send();
      return reply.code(status).send(answer);
    },
  });
}
