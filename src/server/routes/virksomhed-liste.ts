import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { virksomhedEllerLandbrug } from '../../contract/entitet';
import { datoDel } from '../../contract/format';
import type { ListeQuery } from '../../contract/liste';
import type { Rolle } from '../../contract/roles';
import {
  ANTAL_LOFT,
  hentBrancher,
  hentSagsbehandlere,
  hentVirksomhedListe as hentVirksomhedListeEndpoint,
  type ListeFilter,
  type ListeSortKolonne,
  type VirksomhedListeItem,
  type VirksomhedListeSvar,
  virksomhedListeDef,
} from '../../contract/virksomhed-liste';
import { requireActiveKunde } from '../auth/entitet-adgang';
import { requireAny } from '../auth/plugin';
import { type Db, queryRows } from '../db/client';
import { containsPattern, soegetekstIndeholder } from '../db/like';
import { inListe, kolonneFiltreSql, sidePart, sorteringSql } from '../db/liste';
import { LANDBRUGSBRANCHER, VIRKSOMHEDSBRANCHER } from '../db/seed/brancher';
import { danskOrden, danskOrdenSql } from '../db/sortering';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';

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
 * The text filter: name or address contains the text, case-insensitively, or, for digits, a CVR, P
 * or CHR number starts with them (btree ranges that work in any collation).
 * - `trigram`: ILIKE on the name and the address, which the trigram GIN indexes serve (PostgreSQL
 *   combines the branches with a BitmapOr): for finding the matches of a search.
 * - `soegetekst`: a plain LIKE on the stored lower-cased name and address (the same matches as the
 *   two ILIKEs: ILIKE lower-cases both sides the same way), which the sort indexes hold: for
 *   walking a sort index and testing each entry without reading the table.
 */
function tekstFilter(filter: string, brug: 'trigram' | 'soegetekst'): SQL {
  const branches: SQL[] = [];
  if (brug === 'trigram') {
    const contains = containsPattern(filter);
    branches.push(sql`v.navn ilike ${contains}`, sql`v.adresse ilike ${contains}`);
  } else {
    branches.push(soegetekstIndeholder(sql`v.soegetekst`, filter));
  }
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
}

const dato = datoDel;

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
 * Sort columns with an index in sort order, in both directions (schema.ts): a broad search pages
 * from it, reading index entries until the page is full instead of reading and sorting every match.
 */
const SORT_INDEKSERET: readonly ListeSortKolonne[] = ['navn', 'postnummer', 'by', 'adresse'];

/**
 * One page of the list and its total (issue 16). The total is counted exactly only up to
 * max(ANTAL_LOFT, start + take): above that the answer says 'more than that' (totalCountCapped), so
 * a broad search never reads every match just to count it.
 * - With a text filter the matches are found through the trigram indexes (a materialised CTE, so
 *   that they are used through a bitmap scan), keeping only the id and the sort key, counted, sorted
 *   and paged; only the page's rows are read in full. When the sort column has an index in sort
 *   order, at most loft + 1 matches are read: a targeted search has them all, and a broad one then
 *   reads its page from the sort index instead, testing each entry's soegetekst as it goes
 *   (index-only: the sort indexes end with it), which stops once the page is full (the more
 *   matches, the sooner).
 * - Without one, the page comes from the sort column's index and the count is a capped index count.
 * Exported so that the benchmark can run exactly this against the database without HTTP.
 */
export async function hentVirksomhedListe(db: Db, p: ListeParametre): Promise<VirksomhedListeSvar> {
  const hvor = (brug: 'trigram' | 'soegetekst') =>
    sql.join(
      [
        sql`v.kunde_id = ${p.kundeId}`,
        sql`v.type = ${p.virksomhedsType}`,
        sql`not v.slettet`,
        ...(p.filter ? [tekstFilter(p.filter, brug)] : []),
        ...kolonneFiltreSql(virksomhedListeDef.filterRegler, p.filteredColumns, kolonneFilter),
      ],
      sql` and `,
    );
  const whereSql = hvor('trigram');
  const dir = p.sortDirection === 'DESC' ? sql`desc` : sql`asc`;
  const keys = SORT_SQL[p.sortByColumn];
  const cols = sql`v.id, v.type, v.navn, v.cvr_nr, v.p_nr, v.chr_nr, v.adresse, v.postnummer, v.postdistrikt,
    v.branche_kode, v.branche_navn, v.kategori, v.primaer_sagsbehandler_id, v.ophoert_dato,
    v.etablerings_dato, v.omfattet_af_brugerbetaling`;
  const loft = Math.max(ANTAL_LOFT, p.start + p.take);
  const indekseret = SORT_INDEKSERET.includes(p.sortByColumn);
  // Empty values last in both directions. The name is never empty: without 'nulls last' a
  // descending sort is the name index read backwards.
  const orden = sorteringSql(SORT_SQL, p, sql`v.id`, ['navn']);
  const sorterJoin =
    p.sortByColumn === 'sagsbehandler' ? sql`left join bruger b on b.id = v.primaer_sagsbehandler_id` : sql``;
  /**
   * The page's ids in sort order, walked from the sort index (index-only when no column filter needs
   * the table: the sort indexes end with slettet and soegetekst), testing each entry as it goes.
   * `naar` gates the walk (a one-time filter: when false, no index entry is read).
   */
  const langsIndeks = (naar: SQL = sql`true`) =>
    sql`select v.id from virksomhed v ${sorterJoin} where ${hvor('soegetekst')} and ${naar} ${orden} ${sidePart(p)}`;
  /**
   * The answer in one statement (one plan, one round trip): the CTEs `antal` (the count, at most
   * loft + 1) and `ider` (the page's ids), then the page's rows read in full and in sort order, each
   * carrying the count; a page past the end is one row of the count alone.
   */
  const side = async (ctes: SQL): Promise<VirksomhedListeSvar> => {
    const rows = await queryRows<ListeRaekke & { total: number | string }>(
      db,
      sql`with ${ctes}
          select ${cols}, b.navn as sagsbehandler, antal.total
          from antal left join (ider join virksomhed v on v.id = ider.id) on true
            left join bruger b on b.id = v.primaer_sagsbehandler_id
          ${orden}`,
    );
    const antal = Number(rows[0]?.total ?? 0);
    return {
      totalCount: Math.min(antal, loft),
      totalCountCapped: antal > loft,
      items: rows.filter((r) => r.id !== null).map(tilItem),
    };
  };

  // Without a text filter: a capped index count, and the page from the sort index.
  if (!p.filter)
    return side(sql`antal as (
        select count(*) as total from (select 1 from virksomhed v where ${whereSql} limit ${loft + 1}) m
      ),
      ider as (${langsIndeks()})`);

  // The sort expressions as columns s0, s1 of the matches (a text has its key and itself).
  const names = keys.map((_, i) => sql.raw(`s${i}`));
  const orderBy = (alias: string) =>
    sql.join(
      names.map((n) => sql`${sql.raw(alias)}.${n} ${dir} nulls last`),
      sql`, `,
    );
  /**
   * With a text filter: the matches (at most `hoejst`) through the trigram indexes, counted; when
   * they are all the matches, the page of them sorted (`sortert`); when there are more (a broad
   * search, `hoejst` given), the page walked from the sort index. Each page source is gated by the
   * count, so only one of them runs.
   */
  const treffer = (hoejst: number | null) =>
    side(sql`alle as materialized (
        select v.id, ${sql.join(
          keys.map((k, i) => sql`${k} as ${names[i]}`),
          sql`, `,
        )} from virksomhed v ${sorterJoin} where ${whereSql}
      ),
      treff as (select * from alle ${hoejst === null ? sql`` : sql`limit ${hoejst}`}),
      antal as (select count(*) as total from treff),
      sortert as (
        select t.id from treff t
        ${hoejst === null ? sql`` : sql`where (select total from antal) < ${hoejst}`}
        order by ${orderBy('t')}, t.id ${dir} ${sidePart(p)}
      ),
      ider as (
        select id from sortert
        ${hoejst === null ? sql`` : sql`union all (${langsIndeks(sql`(select total from antal) >= ${hoejst}`)})`}
      )`);

  // A sort without an index: every match is read and sorted anyway, so they are all counted.
  // So is a deep page: walking the sort index to it would read most rows.
  if (!indekseret || p.start + p.take > ANTAL_LOFT / 4) return treffer(null);
  // At most loft + 1 matches. A materialised CTE is planned for all its rows (so the trigram
  // indexes are used, as for a few matches, instead of a scan that the limit makes look cheap) but
  // read only as far as its reader asks. With more, the page is walked from the sort index;
  // soegetekst has no trigram index, so the planner cannot take the matches through a bitmap and
  // sort them instead.
  return treffer(loft + 1);
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
