import { type SQL, sql } from 'drizzle-orm';
import { fromRaekkeType, SAT_RAEKKETYPE } from '../../contract/entitet';
import { formatIsoDato } from '../../contract/format';
import {
  type FristArt,
  type FristRaekke,
  type OpfoelgningFilter,
  type OpfoelgningSort,
  opfoelgningListeDef,
} from '../../contract/frister';
import {
  AARLIGE_FRISTER,
  type AarligFrist,
  DMA_BEKRAEFTELSE,
  DMA_MAANEDER,
  DMA_TILSYNSTYPER,
  type FristStatus,
  KATEGORIER_UDEN_FRISTER,
  naesteAarligeFrist,
  RAPPORT_MAANEDER,
  RAPPORT_TILSYNSTYPER,
  SNART_DAGE,
} from '../../contract/frister-regler';
import type { KolonneFilter, ListeQuery, Side } from '../../contract/liste';
import { LAESERET, VIRKSOMHEDSTYPE } from '../../contract/roles';
import type { SessionUser } from '../auth/session-user';
import { LOOKUP_KATALOG } from '../catalog/lookups';
import { type Db, queryRows } from '../db/client';
import { inListe, kolonneFiltreSql, sideAf, sidePart, sorteringSql } from '../db/liste';
import { fridageSomPgArrays } from './arbejdsdage';
import { idsAf } from './tilsynsfakta';

/**
 * The follow-up list (/frister/opfoelgning), computed in SQL from the records so that a page never
 * loads every inspection into JavaScript. The rules are src/contract/frister-regler.ts's; the SQL
 * applies their figures and code lists (tests/api/frister-api.test.ts holds the two together):
 * - per inspection with a date that has the order's deadlines (`tilsynetsFrister`: a company or farm
 *   under regular inspection, not an 'øvrigt tilsyn'): after a physical one the report to the company
 *   (`rapportFrist`) until `rapportSendt`; after a physical or administrative one DMA (`dmaFrist`)
 *   until `filIDMA`; both moved to the next working day. A water plant's inspection has neither;
 * - per enforcement (company/farm, water plant, SAT) its compliance deadline as given, until complied
 *   with or closed;
 * - per ad hoc task with a deadline, until done;
 * - the yearly dates the user's rights concern, next occurrence.
 */

/** The company enforcement statuses that close it (the lookup haandhaevelsesStatusser). */
function lukkedeStatusIds(): number[] {
  const items = LOOKUP_KATALOG.get('dmalookup/haandhaevelsesstatusser') ?? [];
  return items.filter((i) => ['EFTERKOMMET', 'LUKKET', 'POLITI'].includes(i.kode)).map((i) => i.id);
}

/** The yearly dates and the rights each concerns. */
const AARLIG_RET: Record<AarligFrist, string[]> = {
  jupiterKommune: ['SAGSBEHANDLER_VANDANLAEG_LAES'],
  jupiterEjere: ['SAGSBEHANDLER_VANDANLAEG_LAES'],
  jupiterRegistrering: ['SAGSBEHANDLER_VANDANLAEG_LAES'],
  dmaBekraeftelse: ['SAGSBEHANDLER_VIRKSOMHED_LAES', 'SAGSBEHANDLER_LANDBRUG_LAES'],
  brugerbetaling: ['OKONOMI_ADMIN', 'SAGSBEHANDLER_VIRKSOMHED', 'SAGSBEHANDLER_LANDBRUG'],
};
const AARLIG_STI: Record<AarligFrist, string | null> = {
  jupiterKommune: '/frister/jupiterstatus',
  jupiterEjere: '/validering',
  jupiterRegistrering: '/frister/jupiterstatus',
  dmaBekraeftelse: '/frister/dmastatus',
  brugerbetaling: '/fakturering',
};

/** The owner row types the user may read. */
export function laesbareTyper(user: SessionUser): number[] {
  const typer: number[] = [];
  for (const t of [VIRKSOMHEDSTYPE.VIRKSOMHED, VIRKSOMHEDSTYPE.LANDBRUG, VIRKSOMHEDSTYPE.VANDANLAEG] as const)
    if (user.ressourcer.has(LAESERET[t])) typer.push(t);
  if (user.ressourcer.has('SAGSBEHANDLER_AFFALD')) typer.push(SAT_RAEKKETYPE);
  return typer;
}

/**
 * `tilsynetsFrister` over an inspection (alias r) and its owner (alias v): a company or farm under
 * regular inspection, not an 'øvrigt tilsyn' (an inspection without a category is not one), of one
 * of `typer`.
 */
const underOrdningenSql = (typer: readonly string[]): SQL =>
  sql`v.type in (${VIRKSOMHEDSTYPE.VIRKSOMHED}, ${VIRKSOMHEDSTYPE.LANDBRUG})
    and v.basis->>'omfattetAfAktivtTilsyn' = 'true'
    and coalesce(not ${inListe(
      sql`r.data->>'tilsynskategoriId'`,
      idsAf('dmalookup/tilsynsKategorier', KATEGORIER_UDEN_FRISTER),
    )}, true)
    and ${inListe(sql`r.data->>'tilsynstypeId'`, idsAf('dmalookup/tilsynsTyper', typer))}`;

const datoAf = (felt: string): SQL =>
  sql`case when r.data->>${felt} ~ '^\\d{4}-\\d{2}-\\d{2}$' then (r.data->>${felt})::date end`;

/** Every deadline row of the customer, before paging (columns: art, rid, raa_frist, skift, opfyldt, …). */
function raaSql(user: SessionUser, idag: string): SQL {
  const typer = laesbareTyper(user);
  const k = user.kundeId;
  const ejer = (extra: SQL) =>
    sql`join virksomhed v on v.id = r.virksomhed_id and not v.slettet and ${
      typer.length > 0 ? inListe(sql`v.type`, typer) : sql`false`
    } ${extra}`;
  const lukket = lukkedeStatusIds();
  const dele: SQL[] = [
    sql`select 'rapport' as art, r.id as rid, r.virksomhed_id, r.sagsbehandler_id, r.titel,
        v.navn as virksomhedsnavn, v.navn_sortering, v.type as vtype,
        (r.dato + make_interval(months => ${RAPPORT_MAANEDER}))::date as raa_frist, true as skift,
        (r.data->>'rapportSendt') is not null as opfyldt, true as fysisk
      from registrering r ${ejer(sql``)}
      where r.kunde_id = ${k} and not r.slettet and r.dato is not null and r.art = 'tilsyn'
        and ${underOrdningenSql(RAPPORT_TILSYNSTYPER)}`,
    sql`select 'dma', r.id, r.virksomhed_id, r.sagsbehandler_id, r.titel, v.navn, v.navn_sortering, v.type,
        least((r.dato + make_interval(months => ${DMA_MAANEDER}))::date,
          make_date(extract(year from r.dato)::int + 1, ${DMA_BEKRAEFTELSE.maaned}, ${DMA_BEKRAEFTELSE.dag})),
        true, coalesce(r.data->>'filIDMA' = 'true', false),
        coalesce(${inListe(sql`r.data->>'tilsynstypeId'`, idsAf('dmalookup/tilsynsTyper', RAPPORT_TILSYNSTYPER))}, false)
      from registrering r ${ejer(sql``)}
      where r.kunde_id = ${k} and not r.slettet and r.dato is not null and r.art = 'tilsyn'
        and ${underOrdningenSql(DMA_TILSYNSTYPER)}`,
    sql`select 'haandhaevelse', r.id, r.virksomhed_id, r.sagsbehandler_id, r.titel, v.navn, v.navn_sortering, v.type,
        ${datoAf('frist')}, false,
        case when r.art = 'haandhaevelse' then
            r.data->>'efterkommetDato' is not null
            or coalesce((r.data->>'haandhaevelsesStatusId') in (${sql.join(
              lukket.map((id) => sql`${String(id)}`),
              sql`, `,
            )}), false)
          else r.data->>'efterkommetDato' is not null
            or coalesce(r.data->>'status' in ('Efterkommet', 'Afsluttet'), false)
        end, null::boolean
      from registrering r ${ejer(sql``)}
      where r.kunde_id = ${k} and not r.slettet
        and r.art in ('haandhaevelse', 'VandanlaegHaandhaevelse', 'sathaandhaevelse')
        and ${datoAf('frist')} is not null`,
    sql`select 'adhoc', a.id, a.virksomhed_id, a.bruger_id, a.emne, v.navn, v.navn_sortering, v.type,
        a.frist, false, a.udfoert, null::boolean
      from ad_hoc_opgave a join virksomhed v on v.id = a.virksomhed_id and not v.slettet and ${
        typer.length > 0 ? inListe(sql`v.type`, typer) : sql`false`
      }
      where a.kunde_id = ${k} and a.frist is not null`,
  ];
  const aarlige = (Object.keys(AARLIGE_FRISTER) as AarligFrist[]).filter((f) =>
    AARLIG_RET[f].some((r) => user.ressourcer.has(r as never)),
  );
  if (aarlige.length > 0)
    dele.push(
      sql`select 'aarlig', null::int, null::int, null::int, x.titel, null::text, null::text, null::smallint,
        x.frist::date, false, false, null::boolean
        from (values ${sql.join(
          aarlige.map((f) => sql`(${f}, ${naesteAarligeFrist(f, idag)})`),
          sql`, `,
        )}) as x(titel, frist)`,
    );
  return sql.join(dele, sql` union all `);
}

const SORT: Record<OpfoelgningSort, SQL[]> = {
  frist: [sql`g.frist`],
  art: [sql`g.art collate "C"`, sql`g.frist`],
  virksomhed: [sql`g.navn_sortering`, sql`g.virksomhedsnavn collate "C"`],
  sagsbehandler: [sql`b.navn_sortering`, sql`b.navn collate "C"`],
};

function kolonneFilter(f: KolonneFilter<OpfoelgningFilter>): SQL {
  switch (f.kolonne) {
    case 'art':
      return inListe(sql`g.art`, f.vaerdier);
    case 'status':
      return inListe(sql`g.status`, f.vaerdier);
    case 'sagsbehandler':
      // The yearly dates are everyone's: they show whoever the list is narrowed to.
      return sql`(g.art = 'aarlig' or ${inListe(sql`g.sagsbehandler_id`, f.vaerdier.map(Number))})`;
  }
}

interface FristSqlRaekke {
  art: FristArt;
  rid: number | null;
  virksomhed_id: number | null;
  sagsbehandler_id: number | null;
  titel: string;
  frist: string;
  dage: number | string;
  status: FristStatus;
  opfyldt: boolean;
  /** DMA rows: the inspection is physical (published) rather than administrative. */
  fysisk: boolean | null;
  virksomhedsnavn: string | null;
  vtype: number | null;
  sagsbehandler: string | null;
  total?: number | string;
}

function stiFor(r: FristSqlRaekke): string | null {
  if (r.art === 'aarlig') return AARLIG_STI[r.titel as AarligFrist] ?? null;
  const entitet = r.vtype === null ? undefined : fromRaekkeType(r.vtype);
  if (!entitet || r.virksomhed_id === null) return null;
  const base = `${entitet.sti}/${r.virksomhed_id}`;
  switch (r.art) {
    case 'rapport':
    case 'dma':
      return `${base}/tilsyn/${r.rid}`;
    case 'haandhaevelse':
      return `${base}/haandhaevelser/${r.rid}`;
    case 'adhoc':
      return `${base}/${entitet.standardFane}`;
  }
}

function tekstFor(r: FristSqlRaekke): string {
  const d = formatIsoDato(r.frist);
  switch (r.art) {
    case 'rapport':
      return `Rapport til virksomhed senest ${d}`;
    case 'dma':
      // A physical inspection's report is published (§ 12); an administrative one's data are given (§ 14).
      return r.fysisk ? `Offentliggør på DMA senest ${d}` : `Indberet tilsynet til DMA senest ${d}`;
    case 'haandhaevelse':
      return `Håndhævelse efterkommes senest ${d}: ${r.titel}`;
    case 'adhoc':
      return `Ad hoc-opgave senest ${d}: ${r.titel}`;
    case 'aarlig':
      return `${AARLIGE_FRISTER[r.titel as AarligFrist]?.tekst ?? r.titel} senest ${d}`;
  }
}

type OpfoelgningListeQuery = ListeQuery<OpfoelgningSort> & { visOpfyldte?: boolean };

/** The page's SQL (exported for measuring it with EXPLAIN). */
export function opfoelgningSql(user: SessionUser, q: OpfoelgningListeQuery, idag: string): SQL {
  const { dage, naeste } = fridageSomPgArrays();
  const hvor: SQL[] = [];
  if (!q.visOpfyldte) hvor.push(sql`not g.opfyldt`);
  hvor.push(...kolonneFiltreSql(opfoelgningListeDef.filterRegler, q.filteredColumns, kolonneFilter));
  if (q.filter) {
    const m = `%${q.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    hvor.push(sql`(g.virksomhedsnavn ilike ${m} or g.titel ilike ${m} or b.navn ilike ${m})`);
  }
  return sql`with raa as (${raaSql(user, idag)}),
      f as (
        select raa.*, case when raa.skift then coalesce(s.naeste, raa.raa_frist) else raa.raa_frist end as frist
        from raa left join unnest(${dage}::date[], ${naeste}::date[]) as s(dag, naeste)
          on raa.skift and s.dag = raa.raa_frist
      ),
      g as (
        select f.*, (f.frist - ${idag}::date) as dage,
          case when f.frist < ${idag}::date then 'overskredet'
            when f.frist - ${idag}::date <= ${SNART_DAGE} then 'snart' else 'god tid' end as status
        from f
      )
      select g.art, g.rid, g.virksomhed_id, g.sagsbehandler_id, g.titel, g.frist::text as frist, g.dage,
        g.status, g.opfyldt, g.fysisk, g.virksomhedsnavn, g.vtype, b.navn as sagsbehandler,
        count(*) over () as total
      from g left join bruger b on b.id = g.sagsbehandler_id
      ${hvor.length > 0 ? sql`where ${sql.join(hvor, sql` and `)}` : sql``}
      ${sorteringSql(SORT, q, sql`g.art, g.titel, g.rid`)}
      ${sidePart(q)}`;
}

export async function hentOpfoelgningSide(
  db: Db,
  user: SessionUser,
  q: OpfoelgningListeQuery,
  idag: string,
): Promise<Side<FristRaekke>> {
  const rows = await queryRows<FristSqlRaekke>(db, opfoelgningSql(user, q, idag));
  return sideAf(rows, (r) => ({
    noegle: `${r.art}:${r.rid ?? r.titel}`,
    art: r.art,
    tekst: tekstFor(r),
    frist: r.frist,
    dageTilbage: Number(r.dage),
    status: r.status,
    opfyldt: r.opfyldt,
    virksomhedId: r.virksomhed_id === null ? null : Number(r.virksomhed_id),
    virksomhedsnavn: r.virksomhedsnavn,
    sagsbehandlerId: r.sagsbehandler_id === null ? null : Number(r.sagsbehandler_id),
    sagsbehandler: r.sagsbehandler,
    sti: stiFor(r),
  }));
}
