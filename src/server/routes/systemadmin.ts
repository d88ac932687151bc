import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kunde } from '../db/schema';
import { danskOrden } from '../db/sortering';
import type { Deps } from '../deps';
import { badRequest, forbidden, HttpError } from '../http/errors';

export const kundeModulerSchema = z.array(
  z.object({ kundeId: z.number(), kundeNavn: z.string(), kundeNr: z.number(), moduler: z.array(z.string()) }),
);

/**
 * System administration (SYSTEM_ADMIN): the customers and their modules, and a diagnostics call that
 * answers a chosen error, so an administrator can check that error reporting works end to end.
 */
export async function systemadminRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/systemadmin/kundemoduler',
    { config: { access: 'SYSTEM_ADMIN' }, schema: { response: { 200: kundeModulerSchema } } },
    async () => {
      const rows = await db
        .select()
        .from(kunde)
        .orderBy(...danskOrden(kunde.navn), kunde.id);
      return rows.map((k) => ({ kundeId: k.id, kundeNavn: k.navn, kundeNr: k.kundeNr, moduler: k.moduler }));
    },
  );

  app.get(
    '/test/fejl/:status',
    {
      config: { access: 'SYSTEM_ADMIN' },
      schema: {
        params: z.object({
          status: z.coerce
            .number()
            .pipe(z.union([z.literal(400), z.literal(403), z.literal(404), z.literal(409), z.literal(500)])),
        }),
      },
    },
    async (request) => {
      switch (request.params.status) {
        case 400:
          throw badRequest({ felt: ['Eksempel på en valideringsfejl'] }, 'Afprøvning af valideringsfejl');
        case 403:
          throw forbidden('Afprøvning af manglende rettighed', 'Kræver rettigheden EKSEMPEL');
        case 404:
          throw new HttpError(404, 'Afprøvning: ressourcen blev ikke fundet');
        case 409:
          throw new HttpError(409, 'Afprøvning: posten er ændret af en anden bruger');
        default:
          throw new Error('Afprøvning af en uventet serverfejl');
      }
    },
  );
}
