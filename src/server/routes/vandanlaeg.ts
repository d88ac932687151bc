import type { FastifyInstance } from 'fastify';
import {
  gemVandanlaegBasis,
  hentVandanlaeg,
  hentVandanlaegListe,
  soegVandanlaegDawa,
} from '../../contract/vandanlaeg';
import { loadVandanlaeg, requireActiveKunde } from '../auth/entitet-adgang';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { hentDetalje } from '../vand/anlaeg';
import { hentVandanlaegListeSide } from '../vand/anlaeg-liste';
import { gemBasis } from '../vand/stamoplysninger';

/**
 * The water plant itself: GET Vandanlaeg/{id}, PUT vandanlaeg/{id}/basis (versioned, logged) and
 * the list GET Vandanlaeg/HentVandanlaegListe. Reading needs SAGSBEHANDLER_VANDANLAEG_LAES,
 * changing SAGSBEHANDLER_VANDANLAEG. The SQL and rules: `src/server/vand/anlaeg*.ts`, `stamoplysninger.ts`.
 */
export async function vandanlaegRoutes(app: FastifyInstance, { db, integrations }: Deps): Promise<void> {
  serve(app, hentVandanlaeg, async (request) =>
    hentDetalje(db, await loadVandanlaeg(db, request.user, request.params.id, 'read')),
  );

  serve(app, hentVandanlaegListe, async (request) => {
    const q = request.query;
    requireActiveKunde(request.user, q.kundeid);
    return hentVandanlaegListeSide(db, request.user.kundeId, { ...q, filter: q.filter || undefined });
  });

  /** The address search of the basis form (the customer's municipality, as the company search). */
  serve(app, soegVandanlaegDawa, (request) =>
    integrations.dawa.soeg(request.query.q, Number(request.user.kundeNr), request.query.antal),
  );

  serve(app, gemVandanlaegBasis, async (request) => {
    const row = await loadVandanlaeg(db, request.user, request.params.id, 'write');
    return gemBasis(db, integrations.dawa, request.user, row, request.body);
  });
}
