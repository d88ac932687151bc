import type { FastifyInstance } from 'fastify';
import { hentRapport, hentRapportTidsserie } from '../../contract/rapport';
import { queryRows } from '../db/client';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest } from '../http/errors';
import { rapportForBruger } from '../rapport/adgang';
import { planlaegRapport, rapportRaekke, rapportSql, rapportTidsserieSql } from '../rapport/motor';

/**
 * Reports (issue 14, spec 001 §7): `rapport/{reportType}` runs a declared report through the engine
 * (src/server/rapport/motor.ts), and `rapport/{reportType}/tidsserie` a time-series report's chart.
 * The right is the report's own (a water report needs the water read right; a report over companies
 * and farms shows the types whose read right the user holds).
 */
export async function rapportRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, hentRapport, async (request) => {
    const { def, kilde, typer } = rapportForBruger(request.user, request.params.reportType);
    const plan = planlaegRapport(def, request.query);
    const rows = await queryRows<Record<string, unknown>>(
      db,
      rapportSql(kilde, plan, request.user.kundeId, request.query, typer),
    );
    return {
      totalCount: rows.length > 0 ? Number(rows[0]!.__total) : 0,
      items: rows.map((r) => rapportRaekke(plan, r)),
      kolonner: plan.valgte.map((k) => k.navn),
    };
  });

  serve(app, hentRapportTidsserie, async (request) => {
    const { def, kilde, typer } = rapportForBruger(request.user, request.params.reportType);
    if (!def.tidsserie) throw badRequest({ reportType: [`${def.titel} er ikke en tidsserie`] });
    const plan = planlaegRapport(def, {
      filter: request.query.filter,
      start: 0,
      take: 1,
      sortDirection: 'ASC',
    });
    const rows = await queryRows<{ maaned: string; vaerdi: number }>(
      db,
      rapportTidsserieSql(kilde, plan.filtre, request.user.kundeId, typer, def.tidsserie),
    );
    return { punkter: rows.map((r) => ({ maaned: String(r.maaned), vaerdi: Number(r.vaerdi) })) };
  });
}
