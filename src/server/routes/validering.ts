import type { FastifyInstance } from 'fastify';
import type { Side } from '../../contract/liste';
import {
  hentPejlingListe,
  KOE_ENDPOINTS,
  type KoeEndpoints,
  VALIDERING_STATUS,
} from '../../contract/validering';
import { requireActiveKunde } from '../auth/entitet-adgang';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { notFound } from '../http/errors';
import { registerHaendelser } from '../realtime';
import {
  findIndtag,
  findVandanlaeg,
  HISTORIK,
  hentOppumpet,
  hentPejlinger,
  hentVandproever,
  type Udvalg,
  type Visning,
} from '../validering/data';
import { medianTest } from '../validering/median';
import { beslut } from './validering-beslut';
import { valideringFortrydRoutes } from './validering-fortryd';
import { valideringKontaktRoutes, valideringMailRoutes } from './validering-mail';

/**
 * The validation queues of spec 001 §7 'Administration and validation', plus what the spec leaves
 * out but the screens need (pending readings, water samples, discarded entries), named in its style.
 * Each queue's endpoints are declared in src/contract/validering.ts (KOE_ENDPOINTS).
 */
export async function valideringRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  koeRuter(app, db, KOE_ENDPOINTS.anlaeg, 'anlaeg', (u, v) => hentOppumpet(db, 'anlaeg', u, v));
  koeRuter(app, db, KOE_ENDPOINTS.indtag, 'indtag', (u, v) => hentOppumpet(db, 'indtag', u, v));
  koeRuter(app, db, KOE_ENDPOINTS.pejling, 'indtag', (u, v) => hentPejlinger(db, u, v));
  koeRuter(app, db, KOE_ENDPOINTS.vandproeve, 'anlaeg', (u, v) => hentVandproever(db, u, v));

  // Pejling/list: AnonymId is the intake; every reading of it, newest first.
  serve(app, hentPejlingListe, async (request) => {
    const { start, take, AnonymId } = request.query;
    const it = await findIndtag(db, request.user.kundeId, AnonymId);
    if (!it) throw notFound('Indtaget');
    return hentPejlinger(
      db,
      { kundeId: request.user.kundeId, status: null, indtagId: it.id },
      { nyesteFoerst: true, start, take },
    );
  });

  registerHaendelser(app, deps);
  await valideringFortrydRoutes(app, deps);
  await valideringMailRoutes(app, deps);
  await valideringKontaktRoutes(app, deps);
}

/**
 * One queue's routes: its pending list, its median test (not for samples), approve and discard, and
 * the approved and discarded entries of one plant or intake (`serie` says which the id names).
 */
function koeRuter<T, S extends string>(
  app: FastifyInstance,
  db: Db,
  e: KoeEndpoints<T, S>,
  serie: 'anlaeg' | 'indtag',
  hent: (u: Udvalg, v: Visning<S>) => Promise<Side<T>>,
): void {
  serve(app, e.liste, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    return hent({ kundeId: request.user.kundeId, status: VALIDERING_STATUS.AFVENTER }, request.query);
  });
  const { art, median } = e;
  if (median && art !== 'vandproeve') {
    serve(app, median, async (request, reply) => {
      requireActiveKunde(request.user, request.params.kundeId);
      const ids = request.body.ids?.length ? request.body.ids : null;
      // The answer comes from the database as JSON text (up to 100,000 entries): sent as it is.
      const svar = await medianTest(db, request.user.kundeId, art, ids);
      return reply.type('application/json; charset=utf-8').send(svar);
    });
  }
  for (const [ep, status] of [
    [e.godkend, VALIDERING_STATUS.GODKENDT],
    [e.forkast, VALIDERING_STATUS.FORKASTET],
  ] as const) {
    serve(app, ep, async (request) => {
      requireActiveKunde(request.user, request.params.kundeId);
      return beslut(db, request.user, art, status, request.body);
    });
  }
  for (const [ep, status] of [
    [e.godkendte, VALIDERING_STATUS.GODKENDT],
    [e.forkastede, VALIDERING_STATUS.FORKASTET],
  ] as const) {
    serve(app, ep, async (request) => {
      const { kundeId } = request.user;
      const udvalg = { kundeId, status, ...(await serieAf(db, kundeId, serie, request.params.id)) };
      return (await hent(udvalg, HISTORIK)).items;
    });
  }
}

/** The plant or intake a decided list is of; another customer's (or a company) answers 404. */
async function serieAf(
  db: Db,
  kundeId: number,
  serie: 'anlaeg' | 'indtag',
  id: number,
): Promise<Pick<Udvalg, 'vandanlaegId' | 'indtagId'>> {
  if (serie === 'anlaeg') {
    if (!(await findVandanlaeg(db, kundeId, id))) throw notFound('Vandanlægget');
    return { vandanlaegId: id };
  }
  const it = await findIndtag(db, kundeId, id);
  if (!it) throw notFound('Indtaget');
  return { indtagId: it.id };
}
