import type { FastifyInstance } from 'fastify';
import {
  gemPeriodeMaal,
  gemPrioritering,
  genererPlan,
  genererPlanJob,
  hentPlanlaegningsperioder,
  hentPlanOversigt,
  hentPrioritering,
  PLANLAEGNING_RET,
} from '../../contract/planlaegning';
import { requireActiveKunde } from '../auth/entitet-adgang';
import { tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { antalIPlanen, hentPeriode, PERIODE_KONFLIKT } from '../planlaegning/generer';
import { oekonomiRoutes } from '../planlaegning/oekonomi';
import { planOversigt } from '../planlaegning/oversigt';
import { gemMaal, genererOgSvar, hentPerioder } from '../planlaegning/perioder';
import { gemPrioriteringsliste, prioriteringsliste } from '../planlaegning/prioritering';
import { ressourceRoutes } from '../planlaegning/ressourcer';

/**
 * Yearly planning (contract src/contract/planlaegning.ts): the periods, the generation, the overview,
 * resources, priority lists and economic follow-up; their SQL and rules in `src/server/planlaegning/`.
 * Every period is the user's customer's (`hentPeriode`: another customer's id answers 404).
 */
export async function planlaegningRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const nu = () => (clock ? clock() : new Date());

  serve(app, hentPlanlaegningsperioder, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    return hentPerioder(db, request.user.kundeId);
  });

  serve(app, hentPlanOversigt, async (request) => {
    const p = await hentPeriode(db, request.user, request.params.periodeId);
    return planOversigt(db, request.user, p, request.query);
  });

  serve(app, gemPeriodeMaal, async (request) => {
    const p = await hentPeriode(db, request.user, request.params.periodeId);
    return gemMaal(db, request.user, p, request.body);
  });

  serve(app, genererPlan, async (request) => {
    const user = request.user;
    const p = await hentPeriode(db, user, request.params.periodeId);
    return genererOgSvar(db, user, p, request.body.version, nu, {
      fremskridt: async () => undefined,
      pause: () => new Promise((ok) => setImmediate(ok)),
    });
  });

  serve(app, genererPlanJob, async (request) => {
    const user = request.user;
    const p = await hentPeriode(db, user, request.params.periodeId);
    const { version } = request.body;
    const { job } = await deps.jobs.start(user, {
      kind: 'planlaegning.generer',
      key: p.id,
      titel: `Generér tilsynsplanen for ${p.aar}`,
      ret: PLANLAEGNING_RET,
      forbered: async () => {
        tjekVersion(version, p.version, PERIODE_KONFLIKT);
        return antalIPlanen(db, user.kundeId, p);
      },
      koer: (ctx) => genererOgSvar(ctx.db, user, p, version, nu, ctx),
    });
    return job;
  });

  // The resources: the record kind RESSOURCE of the period, on the generic path.
  await ressourceRoutes(app, { db });

  serve(app, hentPrioritering, async (request) => {
    const p = await hentPeriode(db, request.user, request.params.periodeId);
    return prioriteringsliste(db, p, request.query.kategori);
  });

  serve(app, gemPrioritering, async (request) => {
    const p = await hentPeriode(db, request.user, request.params.periodeId);
    return gemPrioriteringsliste(db, request.user, p, request.body);
  });

  // ---- economic follow-up (spec): the record kind OPFOELGNING_OEKONOMI of the period, on the generic path.
  await oekonomiRoutes(app, { db });
}
