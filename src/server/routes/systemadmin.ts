import type { FastifyInstance } from 'fastify';
import { afproevFejl, hentKundemoduler } from '../../contract/systemadmin';
import { kunde } from '../db/schema';
import { danskOrden } from '../db/sortering';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest, forbidden, HttpError } from '../http/errors';

/**
 * System administration (SYSTEM_ADMIN): the customers and their modules, and a diagnostics call that
 * answers a chosen error, so an administrator can check that error reporting works end to end.
 */
export async function systemadminRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, hentKundemoduler, async () => {
    const rows = await db
      .select()
      .from(kunde)
      .orderBy(...danskOrden(kunde.navn), kunde.id);
    return rows.map((k) => ({ kundeId: k.id, kundeNavn: k.navn, kundeNr: k.kundeNr, moduler: k.moduler }));
  });

  serve(app, afproevFejl, async (request) => {
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
  });
}
