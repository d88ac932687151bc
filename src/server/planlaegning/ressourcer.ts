import { sql } from 'drizzle-orm';
import { RESSOURCE, RESSOURCE_KONFLIKT, type Ressource } from '../../contract/planlaegning';
import { STANDARD_TIMER_TIL_RAADIGHED } from '../../contract/tilsynsplan-regler';
import { type Db, queryRows } from '../db/client';
import { planlaegningRessource } from '../db/schema';
import type { Tx } from '../db/versioneret';
import { egenKindRoutes } from '../records/egne';

/**
 * The resources of a period: each case worker's planned inspections and hours against the hours at
 * their disposal (half hours stored; a worker without a stored row has the standard hours), as the
 * record kind RESSOURCE of the period on the generic path (src/server/records/egne.ts).
 */

export { RESSOURCE_KONFLIKT };

interface RessourceSqlRaekke {
  bruger_id: number;
  navn: string;
  antal: number | string;
  timer_halve: number | string;
  raadighed_halve: number | null;
  version: number | null;
}

const SAGSBEHANDLER_ROLLER = ['SagsbehandlerVirksomhed', 'SagsbehandlerLandbrug', 'SagsbehandlerAarsplan'];

/** The case workers of the period's customer, those with planned inspections and those with stored hours. */
async function ressourcer(db: Db | Tx, periodeId: number, brugerId?: number): Promise<Ressource[]> {
  const rows = await queryRows<RessourceSqlRaekke>(
    db as Db,
    sql`with plan as (
        select sagsbehandler_id, count(*) as antal, sum(timer_halve) as timer_halve
        from planlagt_tilsyn where periode_id = ${periodeId} and sagsbehandler_id is not null
        group by sagsbehandler_id
      ), brugere as (
        select bruger_id from bruger_kunde
        where kunde_id = (select kunde_id from planlaegningsperiode where id = ${periodeId})
          and (${sql.join(
            SAGSBEHANDLER_ROLLER.map((r) => sql`roller @> ${JSON.stringify([r])}::jsonb`),
            sql` or `,
          )})
        union select sagsbehandler_id from plan
        union select bruger_id from planlaegning_ressource where periode_id = ${periodeId}
      )
      select b.id as bruger_id, b.navn, coalesce(plan.antal, 0) as antal,
        coalesce(plan.timer_halve, 0) as timer_halve,
        r.timer_til_raadighed_halve as raadighed_halve, r.version
      from brugere u join bruger b on b.id = u.bruger_id
        left join plan on plan.sagsbehandler_id = b.id
        left join planlaegning_ressource r on r.periode_id = ${periodeId} and r.bruger_id = b.id
      ${brugerId === undefined ? sql`` : sql`where b.id = ${brugerId}`}
      order by b.navn_sortering, b.id`,
  );
  return rows.map((r) => ({
    brugerId: Number(r.bruger_id),
    navn: r.navn,
    antalPlanlagte: Number(r.antal),
    planlagteTimer: Number(r.timer_halve) / 2,
    timerTilRaadighed:
      r.raadighed_halve === null ? STANDARD_TIMER_TIL_RAADIGHED : Number(r.raadighed_halve) / 2,
    version: r.version === null ? 0 : Number(r.version),
  }));
}

/** The hours planned without a case worker. */
async function ufordelteTimer(db: Db, periodeId: number) {
  const [r] = await queryRows<{ timer_halve: number | string | null }>(
    db,
    sql`select sum(timer_halve) as timer_halve from planlagt_tilsyn
      where periode_id = ${periodeId} and sagsbehandler_id is null`,
  );
  return Number(r?.timer_halve ?? 0) / 2;
}

/**
 * GET and PUT planlaegning/{periodeId}/ressourcer: a record per case worker (none of another customer:
 * 404), the first change of the standard hours (version 0) writes the row, hours kept as half hours.
 */
export const ressourceRoutes = egenKindRoutes<Ressource>({
  kind: RESSOURCE,
  tabel: planlaegningRessource,
  ejerKolonne: 'periodeId',
  kolonner: {
    timerTilRaadighed: {
      kolonne: 'timerTilRaadighedHalve',
      skriv: (timer) => Math.round((timer as number) * 2),
    },
  },
  hent: (db, periodeId) => ressourcer(db, periodeId),
  hentEn: async (db, periodeId, brugerId) => (await ressourcer(db, periodeId, brugerId))[0],
  listeTillaeg: async (db, periodeId) => ({ ufordelteTimer: await ufordelteTimer(db, periodeId) }),
  raekkeVedFoersteRet: true,
  ikkeFundet: 'Sagsbehandleren',
});
