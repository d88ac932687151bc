import { type SQL, sql } from 'drizzle-orm';
import type { QueryOf } from '../../contract/endpoint';
import type { KolonneFilter } from '../../contract/liste';
import {
  type hentPlanOversigt,
  kategoriFraFilter,
  type PlanFilterKolonne,
  type PlanSortKolonne,
  planListeDef,
} from '../../contract/planlaegning';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import {
  erPlanKategori,
  kampagneAdvarsel,
  kraevetFysisk,
  MAALGRUPPE_KATEGORIER,
  MAALGRUPPER,
  maalAndelPct,
  PLAN_KATEGORIER,
  type PlanKategori,
  type Tilsynstype,
} from '../../contract/tilsynsplan-regler';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows } from '../db/client';
import { inListe, kolonneFiltreSql, sideAf, sidePart, sorteringSql } from '../db/liste';
import {
  aktivVirksomhedSql,
  type PeriodeRaekke,
  TILSYNSKATEGORI_ID,
  udfoertIdsSql,
  udfoertLateralSql,
} from './generer';
import { periodeSvarFor } from './perioder';

/**
 * The plan's overview (issue 13): the planned inspections as a server-paged list, the status per
 * category against the goals (tilsynsplan-regler.ts) and the plan's warnings.
 */

const SORT_SQL: Record<PlanSortKolonne, SQL[]> = {
  // The stored Danish sort keys (virksomhed.navn_sortering, bruger.navn_sortering).
  virksomhedsnavn: [sql`p.navn_sortering`, sql`p.virksomhedsnavn collate "C"`],
  type: [sql`p.type`],
  kategori: [sql`p.kategori collate "C"`],
  score: [sql`p.score`],
  tilsynstype: [sql`p.tilsynstype collate "C"`],
  fysisk: [sql`p.fysisk`],
  sagsbehandler: [sql`p.sagsbehandler_sortering`, sql`p.sagsbehandler collate "C"`],
  timer: [sql`p.timer_halve`],
  prioritet: [sql`p.prioritet`],
  udfoert: [sql`p.udfoert`],
};

function kolonneFilter(f: KolonneFilter<PlanFilterKolonne>): SQL {
  const eller = (dele: SQL[]) => sql`(${sql.join(dele, sql` or `)})`;
  switch (f.kolonne) {
    case 'kategori':
      return inListe(sql`p.kategori`, f.vaerdier.map(kategoriFraFilter));
    case 'tilsynstype':
      return inListe(sql`p.tilsynstype`, f.vaerdier);
    case 'type':
      return inListe(sql`p.type`, f.vaerdier);
    case 'fysisk':
      return eller(f.vaerdier.map((v) => (v === 'true' ? sql`p.fysisk` : sql`not p.fysisk`)));
    case 'udfoert':
      return eller(
        f.vaerdier.map((v) => (v === 'true' ? sql`p.udfoert is not null` : sql`p.udfoert is null`)),
      );
    case 'sagsbehandler':
      return inListe(sql`p.sagsbehandler_id`, f.vaerdier.map(Number));
  }
}

export interface PlanSqlRaekke {
  id: number;
  virksomhed_id: number;
  virksomhedsnavn: string;
  type: 'virksomhed' | 'landbrug';
  kategori: string;
  score: number | string | null;
  tilsynstype: Tilsynstype;
  fysisk: boolean;
  begrundelse: string;
  sagsbehandler_id: number | null;
  sagsbehandler: string | null;
  timer_halve: number;
  prioritet: number | null;
  valgt: boolean;
  udfoert: string | null;
  total?: number | string;
}

/** The planned rows of a period with company, case worker and done date (alias p). */
export const planRaekkerSql = (p: PeriodeRaekke): SQL =>
  sql`select pt.id, pt.virksomhed_id, v.navn as virksomhedsnavn,
      case v.type when ${VIRKSOMHEDSTYPE.LANDBRUG} then 'landbrug' else 'virksomhed' end as type,
      pt.kategori, pt.score, pt.tilsynstype, pt.fysisk, pt.begrundelse, pt.sagsbehandler_id,
      b.navn as sagsbehandler, b.navn_sortering as sagsbehandler_sortering, v.navn_sortering,
      pt.timer_halve, pt.prioritet, pt.valgt, d.dato as udfoert
    from planlagt_tilsyn pt
      join virksomhed v on v.id = pt.virksomhed_id
      left join bruger b on b.id = pt.sagsbehandler_id
      ${udfoertLateralSql(sql`pt.virksomhed_id`, p.startdato, p.slutdato)}
    where pt.periode_id = ${p.id}`;

const kategoriAf = (k: string): PlanKategori => (erPlanKategori(k) ? k : '2');

export function planRaekkeSvar(r: PlanSqlRaekke) {
  return {
    id: Number(r.id),
    virksomhedId: Number(r.virksomhed_id),
    virksomhedsnavn: r.virksomhedsnavn,
    type: r.type,
    kategori: kategoriAf(r.kategori),
    score: r.score === null ? null : Number(r.score),
    tilsynstype: r.tilsynstype,
    fysisk: r.fysisk,
    begrundelse: r.begrundelse,
    sagsbehandlerId: r.sagsbehandler_id === null ? null : Number(r.sagsbehandler_id),
    sagsbehandler: r.sagsbehandler,
    timer: Number(r.timer_halve) / 2,
    prioritet: r.prioritet === null ? null : Number(r.prioritet),
    valgt: r.valgt,
    udfoert: r.udfoert,
  };
}

// ---------------------------------------------------------------- per category

interface StatusSqlRaekke {
  kategori: string;
  antal: number | string;
  udfoert_fysisk: number | string;
}

async function kategoriStatus(db: Db, p: PeriodeRaekke) {
  const [virksomheder, planlagte] = await Promise.all([
    queryRows<StatusSqlRaekke>(
      db,
      sql`select v.kategori, count(*) as antal,
          count(*) filter (where v.id in (${udfoertIdsSql(p.kundeId, p.startdato, p.slutdato)})) as udfoert_fysisk
        from virksomhed v
        where ${aktivVirksomhedSql(p.kundeId, p.startdato)}
        group by v.kategori`,
    ),
    queryRows<{
      kategori: string;
      tilsynstype: Tilsynstype;
      antal: number | string;
      fysisk: number | string;
      udfoert: number | string;
    }>(
      db,
      sql`select pt.kategori, pt.tilsynstype, count(*) as antal,
          count(*) filter (where pt.fysisk) as fysisk,
          count(*) filter (where pt.virksomhed_id in (${udfoertIdsSql(p.kundeId, p.startdato, p.slutdato)})) as udfoert
        from planlagt_tilsyn pt
        where pt.periode_id = ${p.id}
        group by pt.kategori, pt.tilsynstype`,
    ),
  ]);
  const kategorier = PLAN_KATEGORIER.map((kategori) => {
    const v = virksomheder.find((r) => r.kategori === kategori);
    const af = planlagte.filter((r) => r.kategori === kategori);
    const n = (t: Tilsynstype) => Number(af.find((r) => r.tilsynstype === t)?.antal ?? 0);
    return {
      kategori,
      antalVirksomheder: Number(v?.antal ?? 0),
      basis: n('basis'),
      prioriteret: n('prioriteret'),
      kampagne: n('kampagne'),
      planlagtFysisk: af.reduce((s, r) => s + Number(r.fysisk), 0),
      udfoertFysisk: Number(v?.udfoert_fysisk ?? 0),
      udfoertPlanlagte: af.reduce((s, r) => s + Number(r.udfoert), 0),
    };
  });
  // The goals: category 1 is 1a and 1b together (the period's share), category 2 its own (25 %).
  const maal = MAALGRUPPER.map((gruppe) => {
    const af = kategorier.filter((k) => MAALGRUPPE_KATEGORIER[gruppe].includes(k.kategori));
    const antalVirksomheder = af.reduce((s, k) => s + k.antalVirksomheder, 0);
    const andel = maalAndelPct(gruppe, p.kategori1AndelPct);
    return {
      maal: gruppe,
      andel,
      bekraeftet: gruppe === '2',
      antalVirksomheder,
      planlagtFysisk: af.reduce((s, k) => s + k.planlagtFysisk, 0),
      kraevetFysisk: kraevetFysisk(antalVirksomheder, andel),
    };
  });
  return { kategorier, maal };
}

/**
 * The warnings of the plan: a year without a campaign inspection (rule kampagneAdvarsel, § 7), counting
 * the plan's campaign rows and the customer's campaign inspections recorded for the year (done in it,
 * or planned to start in it).
 */
async function advarsler(db: Db, p: PeriodeRaekke): Promise<string[]> {
  const [r] = await queryRows<{ antal: number | string }>(
    db,
    sql`select (select count(*) from planlagt_tilsyn where periode_id = ${p.id} and tilsynstype = 'kampagne')
      + (select count(*) from registrering r
          where r.kunde_id = ${p.kundeId} and r.art = 'tilsyn' and not r.slettet
            and r.data->>'tilsynskategoriId' = ${String(TILSYNSKATEGORI_ID.KAMPAGNE)}
            and coalesce(r.dato, case when r.data->>'planlagtStart' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}'
              then left(r.data->>'planlagtStart', 10)::date end)
              between ${p.startdato}::date and ${p.slutdato}::date) as antal`,
  );
  const kampagne = kampagneAdvarsel(p.aar, Number(r?.antal ?? 0));
  return kampagne === null ? [] : [kampagne];
}

/** The overview of a period: the period, the status per category and goal, warnings and a page of the plan. */
export async function planOversigt(
  db: Db,
  user: SessionUser,
  p: PeriodeRaekke,
  qy: QueryOf<typeof hentPlanOversigt>,
) {
  const where: SQL[] = [sql`true`];
  if (qy.filter) {
    const m = `%${qy.filter.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(lower(p.virksomhedsnavn) like ${m} or lower(p.begrundelse) like ${m})`);
  }
  where.push(...kolonneFiltreSql(planListeDef.filterRegler, qy.filteredColumns, kolonneFilter));
  const [periode, status, advarselLinjer, rows] = await Promise.all([
    periodeSvarFor(db, user, p.id),
    kategoriStatus(db, p),
    advarsler(db, p),
    queryRows<PlanSqlRaekke>(
      db,
      sql`select p.*, count(*) over () as total from (${planRaekkerSql(p)}) p
        where ${sql.join(where, sql` and `)}
        ${sorteringSql(SORT_SQL, qy, sql`p.virksomhed_id`, ['virksomhedsnavn', 'kategori', 'tilsynstype', 'type', 'fysisk', 'timer'])} ${sidePart(qy)}`,
    ),
  ]);
  return { periode, ...status, advarsler: advarselLinjer, planlagte: sideAf(rows, planRaekkeSvar) };
}
