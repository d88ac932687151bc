import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { virksomhedEllerLandbrug } from '../../contract/entitet';
import type { ListeQuery, Side } from '../../contract/liste';
import type { Rolle } from '../../contract/roles';
import {
  hentBrancher,
  hentSagsbehandlere,
  hentVirksomhedListe as hentVirksomhedListeEndpoint,
  type ListeFilter,
  type ListeSortKolonne,
  type VirksomhedListeItem,
  virksomhedListeDef,
} from '../../contract/virksomhed-liste';
import { requireAny } from '../auth/plugin';
import { type Db, queryRows } from '../db/client';
import { containsPattern } from '../db/like';
import { inListe, kolonneFiltreSql, sideAf, sidePart, sorteringSql } from '../db/liste';
import { LANDBRUGSBRANCHER, VIRKSOMHEDSBRANCHER } from '../db/seed/brancher';
import { danskOrden, danskOrdenSql } from '../db/sortering';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { requireActiveKunde } from './entity-access';

/**
 * Sort columns mapped to their sort expressions. Texts sort in Danish order by their stored key, then
 * the text (src/server/db/sortering.ts); numbers, codes and dates as they are. Every sort ends with
 * the id so that pages never overlap.
 */
const SORT_SQL: Record<ListeSortKolonne, SQL[]> = {
  navn: danskOrden(sql`v.navn`, sql`v.navn_sortering`),
  cvrNr: [sql`v.cvr_nr`],
  pNr: [sql`v.p_nr`],
  chrNr: [sql`v.chr_nr`],
  adresse: danskOrden(sql`v.adresse`, sql`v.adresse_sortering`),
  postnummer: [sql`v.postnummer`],
  by: danskOrden(sql`v.postdistrikt`, sql`v.postdistrikt_sortering`),
  branche: danskOrden(sql`v.branche_navn`, sql`v.branche_navn_sortering`),
  kategori: [sql`v.kategori`],
  sagsbehandler: danskOrden(sql`b.navn`, sql`b.navn_sortering`),
  ophoertDato: [sql`v.ophoert_dato`],
  etableringsDato: [sql`v.etablerings_dato`],
  omfattetAfBrugerbetaling: [sql`v.omfattet_af_brugerbetaling`],
};

/**
 * The text filter: name or address contains the text, case-insensitively (trigram GIN indexes), or,
 * for digits, a CVR, P or CHR number starts with them (btree ranges that work in any collation).
 * Every branch is indexable, so PostgreSQL combines them with a BitmapOr.
 */
function tekstFilter(filter: string): SQL {
  const contains = containsPattern(filter);
  const branches: SQL[] = [sql`v.navn ilike ${contains}`, sql`v.adresse ilike ${contains}`];
  const digits = filter.replace(/\s+/g, '');
  if (/^\d{1,10}$/.test(digits)) {
    const hi = digits + '9'.repeat(12);
    branches.push(
      sql`v.cvr_nr between ${digits} and ${hi}`,
      sql`v.p_nr between ${digits} and ${hi}`,
      sql`v.chr_nr between ${digits} and ${hi}`,
    );
  }
  return sql`(${sql.join(branches, sql` or `)})`;
}

function kolonneFilter(f: ListeFilter): SQL {
  const bool = (column: SQL, trueSql: SQL, falseSql: SQL) => {
    const t = f.vaerdier.includes('true');
    const fa = f.vaerdier.includes('false');
    if (t && fa) return sql`true`;
    return t ? sql`${column} ${trueSql}` : sql`${column} ${falseSql}`;
  };
  switch (f.kolonne) {
    case 'kategori':
      return inListe(sql`v.kategori`, f.vaerdier);
    case 'ophoert':
      return bool(sql`v.ophoert_dato`, sql`is not null`, sql`is null`);
    case 'brugerbetaling':
      return bool(sql`v.omfattet_af_brugerbetaling`, sql`= true`, sql`= false`);
    case 'sagsbehandler': {
      const ids = f.vaerdier.filter((v) => v !== 'ingen').map(Number);
      const parts: SQL[] = [];
      if (ids.length > 0) parts.push(inListe(sql`v.primaer_sagsbehandler_id`, ids));
      if (f.vaerdier.includes('ingen')) parts.push(sql`v.primaer_sagsbehandler_id is null`);
      return sql`(${sql.join(parts, sql` or `)})`;
    }
    case 'branche':
      return sql`(${sql.join(
        f.vaerdier.map((k) =>
          k.length === 6 ? sql`v.branche_kode = ${k}` : sql`v.branche_kode like ${`${k}%`}`,
        ),
        sql` or `,
      )})`;
    case 'postnummer':
      return inListe(sql`v.postnummer`, f.vaerdier);
  }
}

export interface ListeParametre extends ListeQuery<ListeSortKolonne> {
  kundeId: number;
  virksomhedsType: 1 | 2;
}

interface ListeRaekke {
  id: number;
  type: number;
  navn: string;
  cvr_nr: string | null;
  p_nr: string | null;
  chr_nr: string | null;
  adresse: string | null;
  postnummer: string | null;
  postdistrikt: string | null;
  branche_kode: string | null;
  branche_navn: string | null;
  kategori: string | null;
  primaer_sagsbehandler_id: number | null;
  sagsbehandler: string | null;
  ophoert_dato: string | Date | null;
  etablerings_dato: string | Date | null;
  omfattet_af_brugerbetaling: boolean;
  total: number | string;
}

const dato = (d: string | Date | null): string | null =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

const tilItem = (r: ListeRaekke): VirksomhedListeItem => ({
  id: Number(r.id),
  type: Number(r.type) as 1 | 2,
  navn: r.navn,
  cvrNr: r.cvr_nr,
  pNr: r.p_nr,
  chrNr: r.chr_nr,
  adresse: r.adresse,
  postnummer: r.postnummer,
  by: r.postdistrikt,
  brancheKode: r.branche_kode,
  branche: r.branche_navn,
  kategori: r.kategori,
  primaerSagsbehandlerId: r.primaer_sagsbehandler_id === null ? null : Number(r.primaer_sagsbehandler_id),
  primaerSagsbehandler: r.sagsbehandler,
  ophoertDato: dato(r.ophoert_dato),
  etableringsDato: dato(r.etablerings_dato),
  omfattetAfBrugerbetaling: Boolean(r.omfattet_af_brugerbetaling),
});

/**
 * One page of the list and the total: one query with a window count (the page and the count share
 * one scan of the matching rows). Only a page past the end needs a second, counting query.
 * Exported so that the benchmark can run exactly this against the database without HTTP.
 */
export async function hentVirksomhedListe(db: Db, p: ListeParametre): Promise<Side<VirksomhedListeItem>> {
  const where: SQL[] = [
    sql`v.kunde_id = ${p.kundeId}`,
    sql`v.type = ${p.virksomhedsType}`,
    sql`not v.slettet`,
  ];
  if (p.filter) where.push(tekstFilter(p.filter));
  where.push(...kolonneFiltreSql(virksomhedListeDef.filterRegler, p.filteredColumns, kolonneFilter));
  const whereSql = sql.join(where, sql` and `);
  const dir = p.sortDirection === 'DESC' ? sql`desc` : sql`asc`;
  const keys = SORT_SQL[p.sortByColumn];
  const cols = sql`v.id, v.type, v.navn, v.cvr_nr, v.p_nr, v.chr_nr, v.adresse, v.postnummer, v.postdistrikt,
    v.branche_kode, v.branche_navn, v.kategori, v.primaer_sagsbehandler_id, v.ophoert_dato,
    v.etablerings_dato, v.omfattet_af_brugerbetaling`;
  const count = async () => {
    const [c] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from virksomhed v where ${whereSql}`,
    );
    return Number(c?.n ?? 0);
  };
  if (!p.filter) {
    // Without a text filter the page comes straight from the (kunde, type, navn) index in sort
    // order, and the count is a separate index-only count.
    // Empty values last in both directions. The name is never empty: without 'nulls last' a
    // descending sort is the name index read backwards.
    const rows = await queryRows<ListeRaekke>(
      db,
      sql`select ${cols}, b.navn as sagsbehandler, 0 as total
          from virksomhed v left join bruger b on b.id = v.primaer_sagsbehandler_id
          where ${whereSql} ${sorteringSql(SORT_SQL, p, sql`v.id`, ['navn'])} ${sidePart(p)}`,
    );
    return { totalCount: await count(), items: rows.map(tilItem) };
  }
  // With a text filter the matches are found first (a materialised CTE, so that the trigram
  // indexes are used through a bitmap scan), keeping only the id and the sort key; they are
  // counted (window count), sorted and paged, and only the page's rows are read in full.
  // Left to itself PostgreSQL walks the name index in sort order and filters every row of the
  // customer, though the count needs every match anyway.
  const join =
    p.sortByColumn === 'sagsbehandler' ? sql`left join bruger b on b.id = v.primaer_sagsbehandler_id` : sql``;
  // The sort expressions as columns s0, s1 of the matches (a text has its key and itself).
  const names = keys.map((_, i) => sql.raw(`s${i}`));
  const orderBy = (alias: string) =>
    sql.join(
      names.map((n) => sql`${sql.raw(alias)}.${n} ${dir} nulls last`),
      sql`, `,
    );
  const rows = await queryRows<ListeRaekke>(
    db,
    sql`with treff as materialized (
            select v.id, ${sql.join(
              keys.map((k, i) => sql`${k} as ${names[i]}`),
              sql`, `,
            )} from virksomhed v ${join} where ${whereSql}
          ),
          side as (
            select t.*, count(*) over () as total from treff t
            order by ${orderBy('t')}, t.id ${dir} ${sidePart(p)}
          )
          select ${cols}, b.navn as sagsbehandler, side.total
          from side join virksomhed v on v.id = side.id left join bruger b on b.id = v.primaer_sagsbehandler_id
          order by ${orderBy('side')}, side.id ${dir}`,
  );
  const side = sideAf(rows, tilItem);
  // A page past the end has no row to carry the count.
  if (rows.length === 0 && p.start > 0) side.totalCount = await count();
  return side;
}

/** DB07 codes of the seeded register (companies' and farms' industries), sorted by code. */
const BRANCHER = [
  ...VIRKSOMHEDSBRANCHER.map((b) => ({ kode: b.kode, navn: b.navn, virksomhedsType: 1 as const })),
  ...LANDBRUGSBRANCHER.map((b) => ({ kode: b.kode, navn: b.navn, virksomhedsType: 2 as const })),
]
  .filter((b, i, all) => all.findIndex((o) => o.kode === b.kode) === i)
  .sort((a, b) => a.kode.localeCompare(b.kode))
  .map((b) => ({ id: Number(b.kode), ...b, aktiv: true }));

/** The caseworker roles each sagsbehandler/list type means. */
const ROLLER_FOR_TYPE: Record<string, Rolle[]> = {
  Virksomhed: ['SagsbehandlerVirksomhed'],
  Landbrug: ['SagsbehandlerLandbrug'],
  Vandanlaeg: ['SagsbehandlerVandanlaeg'],
  Virksomhedlandbrug: ['SagsbehandlerVirksomhed', 'SagsbehandlerLandbrug'],
  Affald: ['SagsbehandlerAffald'],
};

export async function virksomhedListeRoutes(app: FastifyInstance, { db }: Deps) {
  /** GET virksomhed/list: the list of companies (virksomhedsType 1) or farms (2). */
  serve(app, hentVirksomhedListeEndpoint, async (request) => {
    const q = request.query;
    requireActiveKunde(request.user, q.kundeId);
    requireAny(request.user, virksomhedEllerLandbrug(q.virksomhedsType).laeseret);
    return hentVirksomhedListe(db, { ...q, filter: q.filter || undefined });
  });

  /** GET branche/list: the DB07 industry codes (no customer data: every signed-in user). */
  serve(app, hentBrancher, () => BRANCHER);

  /** GET sagsbehandler/list/{kundeId}?type=: the customer's users holding the matching caseworker role. */
  serve(app, hentSagsbehandlere, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    const roller = ROLLER_FOR_TYPE[request.query.type]!;
    const rows = await queryRows<{ id: number; navn: string }>(
      db,
      sql`select b.id, b.navn from bruger b join bruger_kunde bk on bk.bruger_id = b.id
          where bk.kunde_id = ${request.user.kundeId}
            and (${sql.join(
              roller.map((r) => sql`bk.roller @> ${JSON.stringify([r])}::jsonb`),
              sql` or `,
            )})
          order by ${danskOrdenSql(sql`b.navn`, sql`b.navn_sortering`)}, b.id`,
    );
    return rows.map((r) => ({ brugerId: Number(r.id), navn: r.navn }));
  });
}
