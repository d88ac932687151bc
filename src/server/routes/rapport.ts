import type { FastifyInstance } from 'fastify';
import { hentRapport } from '../../contract/rapport';
import { RAPPORTER } from '../../contract/rapporter';
import { harAdgang, LAESERET } from '../../contract/roles';
import { queryRows } from '../db/client';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { forbidden, notFound } from '../http/errors';
import { KILDER } from '../rapport/kilder';
import { planlaegRapport, rapportRaekke, rapportSql } from '../rapport/motor';

/**
 * Reports (issue 14, spec 001 §7): `rapport/{reportType}` runs a declared report through the engine
 * (src/server/rapport/motor.ts). The right is the report's own (a water report needs the water read
 * right; a report over companies and farms shows the types whose read right the user holds).
 */
export async function rapportRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, hentRapport, async (request) => {
    const def = RAPPORTER[request.params.reportType];
    const kilde = KILDER[request.params.reportType];
    if (!def || !kilde) throw notFound('Rapporten');
    if (!harAdgang(request.user.ressourcer, def.access))
      throw forbidden(`Kræver en af rettighederne: ${def.access.split('||').join(' eller ')}`);
    const plan = planlaegRapport(def, request.query);
    // A report over companies and farms shows only the types the user may read.
    const typer = ([1, 2, 3] as const).filter((t) => request.user.ressourcer.has(LAESERET[t]));
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
}
