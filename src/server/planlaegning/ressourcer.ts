import { and, eq, sql } from 'drizzle-orm';
import type { BodyOf } from '../../contract/endpoint';
import type { gemRessource } from '../../contract/planlaegning';
import { STANDARD_TIMER_TIL_RAADIGHED } from '../../contract/tilsynsplan-regler';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows } from '../db/client';
import { planlaegningRessource } from '../db/schema';
import { opdaterVersioneret } from '../db/versioneret';
import { conflict, notFound } from '../http/errors';
import type { PeriodeRaekke } from './generer';

/**
 * The resources of a period: each case worker's planned inspections and hours against the hours at
 * their disposal (half hours stored; a worker without a stored row has the standard hours).
 */

export const RESSOURCE_KONFLIKT =
  'De disponible timer er blevet ændret af en anden, siden du hentede dem. Hent dem igen og ret på ny.';

// ---------------------------------------------------------------- resources

interface RessourceSqlRaekke {
  bruger_id: number;
  navn: string;
  antal: number | string;
  timer_halve: number | string;
  raadighed_halve: number | null;
  version: number | null;
}

const SAGSBEHANDLER_ROLLER = ['SagsbehandlerVirksomhed', 'SagsbehandlerLandbrug', 'SagsbehandlerAarsplan'];

async function ressourcer(db: Db, p: PeriodeRaekke, brugerId?: number) {
  const rows = await queryRows<RessourceSqlRaekke>(
    db,
    sql`with plan as (
        select sagsbehandler_id, count(*) as antal, sum(timer_halve) as timer_halve
        from planlagt_tilsyn where periode_id = ${p.id} and sagsbehandler_id is not null
        group by sagsbehandler_id
      ), brugere as (
        select bruger_id from bruger_kunde where kunde_id = ${p.kundeId}
          and (${sql.join(
            SAGSBEHANDLER_ROLLER.map((r) => sql`roller @> ${JSON.stringify([r])}::jsonb`),
            sql` or `,
          )})
        union select sagsbehandler_id from plan
        union select bruger_id from planlaegning_ressource where periode_id = ${p.id}
      )
      select b.id as bruger_id, b.navn, coalesce(plan.antal, 0) as antal,
        coalesce(plan.timer_halve, 0) as timer_halve,
        r.timer_til_raadighed_halve as raadighed_halve, r.version
      from brugere u join bruger b on b.id = u.bruger_id
        left join plan on plan.sagsbehandler_id = b.id
        left join planlaegning_ressource r on r.periode_id = ${p.id} and r.bruger_id = b.id
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

/** Every case worker's resources and the hours planned without a case worker. */
export async function ressourceOversigt(db: Db, p: PeriodeRaekke) {
  const [liste, [ufordelt]] = await Promise.all([
    ressourcer(db, p),
    queryRows<{ timer_halve: number | string | null }>(
      db,
      sql`select sum(timer_halve) as timer_halve from planlagt_tilsyn
        where periode_id = ${p.id} and sagsbehandler_id is null`,
    ),
  ]);
  return { ressourcer: liste, ufordelteTimer: Number(ufordelt?.timer_halve ?? 0) / 2 };
}

/** Saves a case worker's hours at disposal (version 0: not stored yet, the first write creates it). */
export async function gemRessourceTimer(
  db: Db,
  user: SessionUser,
  p: PeriodeRaekke,
  brugerId: number,
  { timerTilRaadighed, version }: BodyOf<typeof gemRessource>,
) {
  const [foer] = await ressourcer(db, p, brugerId);
  if (!foer) throw notFound('Sagsbehandleren');
  const halve = Math.round(timerTilRaadighed * 2);
  if (version === 0) {
    // Not stored yet: the first write creates the row; a concurrent first write loses (409).
    const ny = await db
      .insert(planlaegningRessource)
      .values({ periodeId: p.id, brugerId, timerTilRaadighedHalve: halve })
      .onConflictDoNothing()
      .returning();
    if (ny.length === 0) throw conflict(RESSOURCE_KONFLIKT);
  } else {
    const [r] = await db
      .select({ id: planlaegningRessource.id })
      .from(planlaegningRessource)
      .where(and(eq(planlaegningRessource.periodeId, p.id), eq(planlaegningRessource.brugerId, brugerId)));
    if (!r) throw conflict(RESSOURCE_KONFLIKT);
    await opdaterVersioneret(
      db,
      planlaegningRessource,
      { id: r.id, version },
      { timerTilRaadighedHalve: halve },
      RESSOURCE_KONFLIKT,
      user,
    );
  }
  const [efter] = await ressourcer(db, p, brugerId);
  if (!efter) throw notFound('Sagsbehandleren');
  return efter;
}
