import { type SQL, sql } from 'drizzle-orm';
import { datoDel } from '../../contract/format';
import type { KolonneFilter, Side } from '../../contract/liste';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import {
  type VandanlaegFilterKolonne,
  type VandanlaegListeRaekke,
  type VandanlaegSortKolonne,
  vandanlaegListeDef,
} from '../../contract/vandanlaeg';
import { type Db, queryRows } from '../db/client';
import { inListe, kolonneFiltreSql, sideAf, sidePart, sorteringSql } from '../db/liste';

/** The list of the customer's water plants (GET Vandanlaeg/HentVandanlaegListe): filters, sort and page. */

const tekstSort = (kolonne: string): SQL[] => [
  sql`dansk_sortering(${sql.raw(kolonne)})`,
  sql.raw(`${kolonne} collate "C"`),
];

const SORT_SQL: Record<VandanlaegSortKolonne, SQL[]> = {
  anlaegsnavn: tekstSort('p.anlaegsnavn'),
  anlaegsnr: [sql`p.anlaegsnr collate "C"`],
  jupiterId: [sql`p.jupiter_id collate "C"`],
  primaerVirksomhedstype: [sql`p.primaer_virksomhedstype collate "C"`],
  adresse: tekstSort('p.adresse'),
  sagsbehandler: tekstSort('p.sagsbehandler'),
  jupiterStatus: [sql`p.jupiter_status collate "C"`],
  tilladtMaengde: [sql`p.tilladt_maengde`],
  udloebsdato: [sql`p.udloebsdato`],
  senestePeriode: [sql`p.seneste_periode`],
  afventer: [sql`p.afventer`],
};

function kolonneFilter(f: KolonneFilter<VandanlaegFilterKolonne>): SQL {
  switch (f.kolonne) {
    case 'primaerVirksomhedstype':
      return inListe(sql`p.primaer_virksomhedstype`, f.vaerdier);
    case 'sagsbehandler': {
      const ids = f.vaerdier.filter((v) => v !== 'ingen').map(Number);
      const dele: SQL[] = [];
      if (ids.length > 0) dele.push(inListe(sql`p.sagsbehandler_id`, ids));
      if (f.vaerdier.includes('ingen')) dele.push(sql`p.sagsbehandler_id is null`);
      return sql`(${sql.join(dele, sql` or `)})`;
    }
    case 'jupiterStatus': {
      const st = f.vaerdier.filter((v) => v !== 'ingen');
      const dele: SQL[] = [];
      if (st.length > 0) dele.push(inListe(sql`p.jupiter_status`, st));
      if (f.vaerdier.includes('ingen')) dele.push(sql`p.jupiter_status is null`);
      return sql`(${sql.join(dele, sql` or `)})`;
    }
    case 'afventer': {
      const dele = f.vaerdier.map((v) => (v === 'true' ? sql`p.afventer > 0` : sql`p.afventer = 0`));
      return sql`(${sql.join(dele, sql` or `)})`;
    }
    case 'udloebet': {
      const dele = f.vaerdier.map((v) =>
        v === 'true'
          ? sql`p.udloebsdato < current_date`
          : sql`(p.udloebsdato is null or p.udloebsdato >= current_date)`,
      );
      return sql`(${sql.join(dele, sql` or `)})`;
    }
  }
}

interface ListeSqlRaekke {
  id: number;
  anlaegsnavn: string;
  anlaegsnr: string | null;
  jupiter_id: string | null;
  primaer_virksomhedstype: string | null;
  adresse: string | null;
  sagsbehandler: string | null;
  jupiter_status: string | null;
  tilladt_maengde: number | string | null;
  udloebsdato: string | Date | null;
  seneste_periode: string | Date | null;
  afventer: number | string;
  total: number | string;
}

const dato = datoDel;

/**
 * One page of the customer's water plants with their computed columns (latest Jupiter status,
 * latest reported period, entries awaiting validation). A customer has hundreds of plants, not
 * tens of thousands: the columns are computed for all of them (grouped once per table, not per
 * row), then filtered, sorted and paged with a window count.
 */
export async function hentVandanlaegListeSide(
  db: Db,
  kundeId: number,
  q: {
    start: number;
    take: number;
    sortByColumn: VandanlaegSortKolonne;
    sortDirection: 'ASC' | 'DESC';
    filter?: string;
    filteredColumns: string[];
  },
): Promise<Side<VandanlaegListeRaekke>> {
  const where: SQL[] = [sql`true`];
  if (q.filter) {
    const m = `%${q.filter.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(lower(p.anlaegsnavn) like ${m} or lower(coalesce(p.anlaegsnr, '')) like ${m}
        or lower(coalesce(p.jupiter_id, '')) like ${m} or lower(coalesce(p.adresse, '')) like ${m})`,
    );
  }
  where.push(...kolonneFiltreSql(vandanlaegListeDef.filterRegler, q.filteredColumns, kolonneFilter));
  // The latest period of a plant is one probe of oppumpet_anlaeg_slut_idx: for every plant when the
  // list is sorted by it, else for the page's rows alone.
  const senesteForAlle = q.sortByColumn === 'senestePeriode';
  const seneste = (id: SQL) =>
    sql`(select max(om.slutdato) from oppumpet_maengde om where om.vandanlaeg_id = ${id})`;
  const rows = await queryRows<ListeSqlRaekke>(
    db,
    sql`with
      j as (
        select distinct on (vandanlaeg_id) vandanlaeg_id, status
        from jupiter_indberetning where kunde_id = ${kundeId}
        order by vandanlaeg_id, sendt desc, id desc
      ),
      a as (
        select vandanlaeg_id, count(*) as afventer from (
          select vandanlaeg_id from oppumpet_maengde where kunde_id = ${kundeId} and status = 0
          union all select vandanlaeg_id from pejling where kunde_id = ${kundeId} and status = 0
          union all select vandanlaeg_id from vandproeve where kunde_id = ${kundeId} and status = 0
        ) x group by vandanlaeg_id
      ),
      p as (
        select v.id, v.navn as anlaegsnavn, v.anlaegsnr, v.jupiter_id,
          v.basis->>'primaerVirksomhedstype' as primaer_virksomhedstype,
          v.adresse, v.primaer_sagsbehandler_id as sagsbehandler_id, b.navn as sagsbehandler,
          j.status as jupiter_status,
          case when jsonb_typeof(v.basis->'vandmaengdeM3Aar') = 'number'
            then (v.basis->>'vandmaengdeM3Aar')::double precision end as tilladt_maengde,
          case when v.basis->>'udloebsdatoPaaGaeldendeTilladelse' ~ '^\\d{4}-\\d{2}-\\d{2}'
            then substr(v.basis->>'udloebsdatoPaaGaeldendeTilladelse', 1, 10)::date end as udloebsdato,
          ${senesteForAlle ? seneste(sql`v.id`) : sql`null::date`} as seneste_periode,
          coalesce(a.afventer, 0) as afventer
        from virksomhed v
          left join bruger b on b.id = v.primaer_sagsbehandler_id
          left join j on j.vandanlaeg_id = v.id
          left join a on a.vandanlaeg_id = v.id
        where v.kunde_id = ${kundeId} and v.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} and not v.slettet
      ),
      side as (
        select p.*, count(*) over () as total from p
        where ${sql.join(where, sql` and `)}
        ${sorteringSql(SORT_SQL, q, sql`p.id`, ['anlaegsnavn', 'afventer'])} ${sidePart(q)}
      )
      select p.id, p.anlaegsnavn, p.anlaegsnr, p.jupiter_id, p.primaer_virksomhedstype, p.adresse,
        p.sagsbehandler, p.jupiter_status, p.tilladt_maengde, p.udloebsdato, p.afventer, p.total,
        ${senesteForAlle ? sql`p.seneste_periode` : seneste(sql`p.id`)} as seneste_periode
      from side p
      ${sorteringSql(SORT_SQL, q, sql`p.id`, ['anlaegsnavn', 'afventer'])}`,
  );
  const side = sideAf(rows, (r) => ({
    id: Number(r.id),
    anlaegsnavn: r.anlaegsnavn,
    anlaegsnr: r.anlaegsnr,
    jupiterId: r.jupiter_id,
    primaerVirksomhedstype: r.primaer_virksomhedstype,
    adresse: r.adresse,
    sagsbehandler: r.sagsbehandler,
    jupiterStatus: r.jupiter_status,
    tilladtMaengde: r.tilladt_maengde === null ? null : Number(r.tilladt_maengde),
    udloebsdato: dato(r.udloebsdato),
    senestePeriode: dato(r.seneste_periode),
    afventer: Number(r.afventer),
  }));
  if (rows.length === 0 && q.start > 0) {
    const [c] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from virksomhed p where p.kunde_id = ${kundeId}
        and p.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} and not p.slettet`,
    );
    // Without filters every plant counts; with filters the page past the end reports 0 (no row carries it).
    if (!q.filter && q.filteredColumns.length === 0) side.totalCount = Number(c?.n ?? 0);
  }
  return side;
}
