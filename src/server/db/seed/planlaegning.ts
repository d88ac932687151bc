import { sql } from 'drizzle-orm';
import { ressourcerFor } from '../../../contract/roles';
import { STANDARD_KATEGORI1_ANDEL_PCT } from '../../../contract/tilsynsplan-regler';
import type { SessionUser } from '../../auth/session-user';
import { genererPlanForPeriode, type PeriodeRaekke } from '../../planlaegning/generer';
import type { Transaction } from '../client';
import type { KundeRef } from './context';
import { timestamp } from './dates';
import type { Prng } from './prng';
import { type Executor, rowsOf } from './writer';

/**
 * Yearly planning of one customer (issue 13): the planning periods 2025, 2026 and 2027, the 2026
 * plan made by the product's own generator (so the demo shows exactly what the rules give), and a
 * few rows of economic follow-up. Runs on its own random stream (kp.fork('planlaegning')), so the
 * rest of the seeded data does not change with it.
 */

const AAR = [2025, 2026, 2027] as const;
/** The seeded plan is generated as of this moment (a planner did it early in the year). */
const GENERERET = timestamp('2026-01-12', 9, 30);

export async function lavPlanlaegning(exec: Executor, kunde: KundeRef, prng: Prng): Promise<number> {
  const perioder: PeriodeRaekke[] = [];
  for (const aar of AAR) {
    const [r] = rowsOf<{ id: number; version: number }>(
      await exec.execute(
        sql`insert into planlaegningsperiode (kunde_id, aar, navn, startdato, slutdato)
          values (${kunde.id}, ${aar}, ${`Tilsynsplan ${aar}`}, ${`${aar}-01-01`}, ${`${aar}-12-31`})
          returning id, version`,
      ),
    );
    perioder.push({
      id: Number(r!.id),
      kundeId: kunde.id,
      aar,
      navn: `Tilsynsplan ${aar}`,
      startdato: `${aar}-01-01`,
      slutdato: `${aar}-12-31`,
      genereret: null,
      genereretAf: null,
      kategori1AndelPct: STANDARD_KATEGORI1_ANDEL_PCT,
      version: Number(r!.version),
    });
  }
  // The planner who generated it: a case worker of the customer (the demo user 'planlaegger' where present).
  const [planlaegger] = rowsOf<{ id: number }>(
    await exec.execute(
      sql`select bk.bruger_id as id from bruger_kunde bk join bruger b on b.id = bk.bruger_id
        where bk.kunde_id = ${kunde.id}
        order by (b.username = 'planlaegger') desc, (bk.roller @> '["SagsbehandlerAarsplan"]'::jsonb) desc, b.id
        limit 1`,
    ),
  );
  const p2026 = perioder[1]!;
  let planlagte = 0;
  if (planlaegger) {
    const user: SessionUser = {
      brugerId: Number(planlaegger.id),
      username: 'seed',
      kundeId: kunde.id,
      kundeNavn: kunde.navn,
      kundeNr: String(kunde.kundeNr),
      roller: ['SagsbehandlerAarsplan'],
      moduler: [],
      ressourcer: new Set(ressourcerFor(['SagsbehandlerAarsplan'])),
    };
    // The seed runs in the one transaction of seedDatabase; its executor is that drizzle transaction.
    const r = await genererPlanForPeriode(
      exec as unknown as Transaction,
      user,
      p2026,
      p2026.version,
      GENERERET,
    );
    planlagte = r.antal.reduce((s, a) => s + a.basis + a.prioriteret + a.kampagne, 0);
  }

  // Economic follow-up: the finished year and the current one, hours in half hours, money in øre.
  const timesats = [68_500, 71_200];
  for (const [i, p] of perioder.slice(0, 2).entries()) {
    for (const [tekst, andel] of [
      ['Miljøtilsyn med virksomheder', 0.7],
      ['Miljøtilsyn med landbrug', 0.3],
    ] as const) {
      const planlagt = Math.round(prng.int(800, 1400) * andel) * 2;
      const registreret = Math.round(planlagt * prng.float(i === 0 ? 0.85 : 0.6, i === 0 ? 1.05 : 0.8));
      const faktureret = Math.round(registreret * prng.float(0.7, 0.95));
      await exec.execute(
        sql`insert into opfoelgning_oekonomi (kunde_id, periode_id, tekst, planlagte_timer_halve,
            registrerede_timer_halve, fakturerede_timer_halve, planlagt_beloeb_oere, faktureret_beloeb_oere, bemaerkning)
          values (${kunde.id}, ${p.id}, ${tekst}, ${planlagt}, ${registreret}, ${faktureret},
            ${(planlagt / 2) * timesats[i]!}, ${(faktureret / 2) * timesats[i]!},
            ${i === 0 ? 'Året er afsluttet og faktureret.' : null})`,
      );
    }
  }
  return planlagte;
}
