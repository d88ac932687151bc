import type { FastifyInstance } from 'fastify';
import {
  annullerFakturering,
  danForslag,
  danForslagJob,
  FAKTURERING_RET,
  gemBetaler,
  godkendForslag,
  hentBatches,
  hentBetaler,
  hentFaktura,
  hentFakturaer,
  krediterBatch,
} from '../../contract/fakturering';
import type { Deps } from '../deps';
import { annullerBatch, batchSide, godkendTilBatch, krediterBatchen } from '../fakturering/batches';
import { betaler, gemBetalerdata } from '../fakturering/betaler';
import { fakturaMedLinjer, fakturaSide } from '../fakturering/fakturaer';
import { antalTrin, danForslagForKunde } from '../fakturering/forslag';
import { serve } from '../http/endpoint';
import { faktureringOverfoerRoutes } from './fakturering-overfoer';

/**
 * Invoicing user payment (issue 13): the invoices and proposals (list with the sums of every match,
 * one with its lines), building the year's proposals, approving them into a batch, the batches,
 * cancelling a batch before transfer, crediting a transferred batch, and the payer data of a failed
 * invoice's company. Transfers live in fakturering-overfoer.ts; the SQL and rules in
 * `src/server/fakturering/` (`fakturaer.ts`, `forslag.ts` the proposal run, `batches.ts`,
 * `betaler.ts`), the rules in src/contract/brugerbetaling-regler.ts. Every act is written in the
 * company's log.
 */
export async function faktureringRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  await faktureringOverfoerRoutes(app, deps);

  // ---- invoices and proposals
  serve(app, hentFakturaer, (request) => fakturaSide(db, request.user, request.query));
  serve(app, hentFaktura, (request) => fakturaMedLinjer(db, request.user, request.params.id));

  serve(app, danForslag, async (request) =>
    danForslagForKunde(db, request.user, request.body.aar, {
      fremskridt: async () => undefined,
      pause: () => new Promise((ok) => setImmediate(ok)),
    }),
  );

  serve(app, danForslagJob, async (request) => {
    const { aar } = request.body;
    const { job } = await deps.jobs.start(request.user, {
      kind: 'fakturering.forslag',
      key: aar,
      titel: `Dan fakturaforslag for ${aar}`,
      ret: FAKTURERING_RET,
      // The steps: the customer's companies, as the run counts them (so the first answer has a percent).
      forbered: () => antalTrin(db, request.user.kundeId),
      koer: (ctx) => danForslagForKunde(ctx.db, request.user, aar, ctx),
    });
    return job;
  });

  serve(app, godkendForslag, (request) => godkendTilBatch(db, request.user, request.body));

  // ---- batches
  serve(app, hentBatches, (request) => batchSide(db, request.user, request.query));
  serve(app, annullerFakturering, (request) =>
    annullerBatch(db, request.user, request.query.afregningBatchId, request.query.aarsag),
  );
  serve(app, krediterBatch, (request) =>
    krediterBatchen(db, request.user, request.query.batchId, request.query.aarsag),
  );

  // ---- the payer of a failed invoice
  serve(app, hentBetaler, (request) => betaler(db, request.user, request.params.id));
  serve(app, gemBetaler, (request) => gemBetalerdata(db, request.user, request.params.id, request.body));
}
