import type { FastifyInstance } from 'fastify';
import {
  boringEndpoints,
  indtagMaengdeEndpoints,
  maengdeEndpoints,
  pejlingEndpoints,
  vandproeveEndpoints,
} from '../../contract/vand-data';
import { loadVandanlaeg } from '../auth/entitet-adgang';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { boringerKort, hentBoringer, opretBoring, retBoring, sletBoring } from '../vand/boringer';
import { maengdeHandlinger } from '../vand/maengde-indberetning';
import {
  aarsoversigt,
  beregnMaengde,
  hentMaengder,
  laesIndtag,
  laesMaengde,
  ledningstabAf,
  senesteInfo,
  sumForsyningsarter,
} from '../vand/maengder';
import { opretPejling, retPejling, sletPejling } from '../vand/pejlinger';
import { vandproeverAfAnlaeg } from '../vand/proever';

/**
 * Routes of boreholes, intakes, pumped quantities, supply lines, water levels and samples of a plant
 * (issue 11). Every read loads the plant of the user's customer (another customer's id answers 404);
 * the SQL and rules live in `src/server/vand/` (boreholes, quantities, readings, samples), where every
 * change is versioned (stale → 409), writes the plant's log in the same transaction and puts an
 * edited quantity or reading back to Afventer.
 */
export async function vandDataRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;

  // ---- boreholes
  serve(app, boringEndpoints.liste, async (req) => {
    await loadVandanlaeg(db, req.user, req.params.anlaegId, 'read');
    return hentBoringer(db, req.params.anlaegId);
  });
  serve(app, boringEndpoints.simpel, async (req) => {
    await loadVandanlaeg(db, req.user, req.params.id, 'read');
    return boringerKort(db, req.params.id);
  });
  serve(app, boringEndpoints.opret, async (req) => {
    await loadVandanlaeg(db, req.user, req.body.virksomhedId, 'write');
    return opretBoring(db, req.user, req.body);
  });
  serve(app, boringEndpoints.ret, (req) => retBoring(db, req.user, req.params.id, req.body));
  serve(app, boringEndpoints.slet, (req) => sletBoring(db, req.user, req.params.id, req.query));

  // ---- pumped quantities, plant level
  const anlaeg = maengdeHandlinger(db, 'anlaeg');
  serve(app, maengdeEndpoints.liste, async (req) => {
    await loadVandanlaeg(db, req.user, req.params.anlaegId, 'read');
    return hentMaengder(db, { anlaegId: req.params.anlaegId, kundeId: req.user.kundeId });
  });
  serve(app, maengdeEndpoints.opret, (req) => anlaeg.opret(req.user, req.body));
  serve(app, maengdeEndpoints.ret, (req) => anlaeg.ret(req.user, req.params.id, req.body));
  serve(app, maengdeEndpoints.slet, (req) => anlaeg.slet(req.user, req.params.id, req.query.version));
  serve(app, maengdeEndpoints.ledningstab, async (req) =>
    ledningstabAf(await laesMaengde(db, req.user, req.params.id)),
  );
  serve(
    app,
    maengdeEndpoints.forsyning,
    async (req) => (await laesMaengde(db, req.user, req.params.id)).forsyning,
  );
  serve(app, maengdeEndpoints.seneste, async (req) => {
    await loadVandanlaeg(db, req.user, req.query.virksomhedId, 'read');
    return senesteInfo(db, req.user.kundeId, req.query.virksomhedId, null);
  });
  serve(app, maengdeEndpoints.beregn, (req) => beregnMaengde(req.body));
  serve(app, maengdeEndpoints.sumForsyningsarter, async (req) => {
    await loadVandanlaeg(db, req.user, req.body.virksomhedId, 'read');
    return sumForsyningsarter(db, req.user.kundeId, req.body);
  });
  serve(app, maengdeEndpoints.aarsoversigt, async (req) =>
    aarsoversigt(db, req.user.kundeId, await loadVandanlaeg(db, req.user, req.params.anlaegId, 'read')),
  );

  // ---- pumped quantities, intake level
  const indtagNiveau = maengdeHandlinger(db, 'indtag');
  serve(app, indtagMaengdeEndpoints.liste, async (req) => {
    await laesIndtag(db, req.user, req.params.id);
    return hentMaengder(db, { indtagId: req.params.id, kundeId: req.user.kundeId });
  });
  serve(app, indtagMaengdeEndpoints.opret, (req) => indtagNiveau.opret(req.user, req.body));
  serve(app, indtagMaengdeEndpoints.ret, (req) => indtagNiveau.ret(req.user, req.params.id, req.body));
  serve(app, indtagMaengdeEndpoints.slet, (req) =>
    indtagNiveau.slet(req.user, req.params.id, req.query.version),
  );
  serve(app, indtagMaengdeEndpoints.seneste, async (req) => {
    const it = await laesIndtag(db, req.user, req.query.indtagId);
    return senesteInfo(db, req.user.kundeId, it.vandanlaegId, it.id);
  });

  // ---- water-level readings
  serve(app, pejlingEndpoints.opret, (req) => opretPejling(db, req.user, req.body));
  serve(app, pejlingEndpoints.ret, (req) => retPejling(db, req.user, req.params.id, req.body));
  serve(app, pejlingEndpoints.slet, (req) => sletPejling(db, req.user, req.params.id, req.query.version));

  // ---- water samples of a plant
  serve(app, vandproeveEndpoints.liste, async (req) =>
    vandproeverAfAnlaeg(
      db,
      req.user.kundeId,
      await loadVandanlaeg(db, req.user, req.params.anlaegId, 'read'),
    ),
  );
}
