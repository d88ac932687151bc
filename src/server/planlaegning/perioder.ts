import { eq, sql } from 'drizzle-orm';
import type { BodyOf } from '../../contract/endpoint';
import type { gemPeriodeMaal } from '../../contract/planlaegning';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows } from '../db/client';
import { planlaegningsperiode } from '../db/schema';
import { opdaterVersioneret } from '../db/versioneret';
import { notFound } from '../http/errors';
import {
  genererPlanForPeriode,
  laesPlanForud,
  PERIODE_KONFLIKT,
  type PeriodeRaekke,
  udfoertSql,
} from './generer';

/** The planning periods as the lists answer them: with counts of planned and done inspections. */

interface PeriodeSqlRaekke {
  id: number;
  aar: number;
  navn: string;
  startdato: string;
  slutdato: string;
  genereret: string | Date | null;
  genereret_af: string | null;
  kategori1_andel_pct: number;
  version: number;
  planlagte: number | string;
  udfoerte: number | string;
}

const isoAf = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function periodeSvar(r: PeriodeSqlRaekke) {
  return {
    id: Number(r.id),
    aar: Number(r.aar),
    navn: r.navn,
    startdato: r.startdato,
    slutdato: r.slutdato,
    planGenereret: isoAf(r.genereret),
    planGenereretAf: r.genereret_af,
    antalPlanlagte: Number(r.planlagte),
    antalUdfoerte: Number(r.udfoerte),
    kategori1Andel: Number(r.kategori1_andel_pct),
    version: Number(r.version),
  };
}

/** The periods with their counts; `periodeId` narrows to one. */
export async function hentPerioder(db: Db, kundeId: number, periodeId?: number) {
  const rows = await queryRows<PeriodeSqlRaekke>(
    db,
    sql`select p.id, p.aar, p.navn, p.startdato::text as startdato, p.slutdato::text as slutdato,
        p.genereret, b.navn as genereret_af, p.kategori1_andel_pct, p.version,
        (select count(*) from planlagt_tilsyn pt where pt.periode_id = p.id) as planlagte,
        (select count(*) from planlagt_tilsyn pt
          join (${udfoertSql(kundeId, sql`p.startdato`, sql`p.slutdato`)}) d
            on d.virksomhed_id = pt.virksomhed_id
          where pt.periode_id = p.id) as udfoerte
      from planlaegningsperiode p left join bruger b on b.id = p.genereret_af
      where p.kunde_id = ${kundeId} ${periodeId === undefined ? sql`` : sql`and p.id = ${periodeId}`}
      order by p.aar desc, p.id desc`,
  );
  return rows.map(periodeSvar);
}

export async function periodeSvarFor(db: Db, user: SessionUser, periodeId: number) {
  const [p] = await hentPerioder(db, user.kundeId, periodeId);
  if (!p) throw notFound('Planlægningsperioden');
  return p;
}

/** The period's goal for category 1 (its share of physical inspections), versioned. */
export async function gemMaal(db: Db, user: SessionUser, p: PeriodeRaekke, b: BodyOf<typeof gemPeriodeMaal>) {
  await opdaterVersioneret(
    db,
    planlaegningsperiode,
    { id: p.id, version: b.version, hvor: eq(planlaegningsperiode.kundeId, user.kundeId) },
    { kategori1AndelPct: b.kategori1Andel },
    PERIODE_KONFLIKT,
    user,
  );
  return periodeSvarFor(db, user, p.id);
}

/**
 * The generation, the call's or a job's: the companies read in parts outside any transaction (other
 * calls run between them), then the plan written in one transaction, so a stop before its commit
 * leaves the old plan whole (docs/decisions.md 'Long jobs').
 */
export async function genererOgSvar(
  db: Db,
  user: SessionUser,
  p: PeriodeRaekke,
  version: number,
  nu: () => Date,
  trin: { fremskridt: (done: number, total: number) => Promise<void>; pause: () => Promise<void> },
) {
  const forud = await laesPlanForud(db, user.kundeId, p, trin.fremskridt, trin.pause);
  const resultat = await db.transaction((tx) => genererPlanForPeriode(tx, user, p, version, nu(), forud));
  return { periode: await periodeSvarFor(db, user, p.id), ...resultat };
}
