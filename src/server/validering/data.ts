import { type SQL, sql } from 'drizzle-orm';
import type { ListeQuery, Side } from '../../contract/liste';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import type {
  KoeSortKolonne,
  OppumpetPost,
  PejlingPost,
  ValideringStatus,
  VandproevePost,
} from '../../contract/validering';
import { type Db, queryRows } from '../db/client';
import { containsPattern } from '../db/like';
import { sideAf, sidePart, sorteringSql } from '../db/liste';
import { JUPITER_FORSYNINGSART } from '../db/seed/lookups';
import { danskOrden } from '../db/sortering';

/** Reading the validation queues and the decided entries, as raw SQL with the joins the lists need. */

export type Niveau = 'anlaeg' | 'indtag';

export function tilIso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  return new Date(String(v)).toISOString();
}
const tilIsoEllerNull = (v: unknown) => (v === null || v === undefined ? null : tilIso(v));
const tal = (v: unknown) => Number(v);
const talEllerNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const FORSYNINGSART = new Map(JUPITER_FORSYNINGSART.map((f) => [f.id, f.navn]));

export interface Udvalg {
  kundeId: number;
  status: ValideringStatus;
  /** Only this plant (plant level) or intake (intake level, readings). */
  vandanlaegId?: number;
  indtagId?: number;
}

/**
 * What a list shows: a page of a queue (the list query: filter, sort, page) or the decided entries
 * of one plant or intake, newest first.
 */
export type Visning<S extends string> = ListeQuery<S> | { nyesteFoerst: true; start: number; take: number };

/** The decided entries of a plant or intake: newest first, at most 10000. */
export const HISTORIK: Visning<never> = { nyesteFoerst: true, start: 0, take: 10_000 };

/** ORDER BY of a list: newest first, or the queue's sort column (the entry's id breaks ties). */
function ordenSql<S extends string>(v: Visning<S>, nyeste: SQL, kolonner: Record<S, SQL[]>): SQL {
  return 'nyesteFoerst' in v ? sql`order by ${nyeste} desc, o.id desc` : sorteringSql(kolonner, v, sql`o.id`);
}

/**
 * One page of a queue or decided list: the entries of `kilde.tabel` (as o) with their plant (v), the
 * kind's own columns and joins, and who decided (bu), narrowed by the conditions, in the list's
 * order, with the window count of the matching rows.
 */
async function koeSide<T, S extends string>(
  db: Db,
  kilde: { tabel: SQL; kolonner: SQL; joins: SQL },
  betingelser: SQL[],
  orden: { visning: Visning<S>; nyeste: SQL; kolonner: Record<S, SQL[]> },
  map: (r: Record<string, unknown>) => T,
): Promise<Side<T>> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT o.id, o.vandanlaeg_id, v.navn AS anlaegsnavn, v.anlaegsnr, o.indtag_id, ${kilde.kolonner},
               o.bemaerkning, o.status, bu.navn AS besluttet_af, o.besluttet_dato, o.version,
               count(*) OVER () AS total
        FROM ${kilde.tabel} o
        JOIN virksomhed v ON v.id = o.vandanlaeg_id
        ${kilde.joins}
        LEFT JOIN bruger bu ON bu.id = o.besluttet_af_bruger_id
        WHERE ${sql.join(betingelser, sql` AND `)}
        ${ordenSql(orden.visning, orden.nyeste, orden.kolonner)}
        ${sidePart(orden.visning)}`,
  );
  return sideAf(rows, map);
}

/** The queues' order by plant: its name in Danish order (the stored key, then the name), then its id. */
const ANLAEGSNAVN = [...danskOrden(sql`v.navn`, sql`v.navn_sortering`), sql`o.vandanlaeg_id`];

/** What every queue entry carries: its id and plant. */
const postFelter = (r: Record<string, unknown>) => ({
  id: tal(r.id),
  vandanlaegId: tal(r.vandanlaeg_id),
  anlaegsnavn: String(r.anlaegsnavn),
  anlaegsnr: (r.anlaegsnr as string | null) ?? null,
});

/** Its decision: status, who decided and when, and the row version. */
const beslutningFelter = (r: Record<string, unknown>) => ({
  status: tal(r.status),
  besluttetAf: (r.besluttet_af as string | null) ?? null,
  besluttetDato: tilIsoEllerNull(r.besluttet_dato),
  version: tal(r.version),
});

// ---------------------------------------------------------------------------------------------

function oppumpetRaekke(r: Record<string, unknown>): OppumpetPost {
  const forsyning =
    (r.forsyning as { jupiterForsyningsartId: number; maengde: number; modtagerAntal?: number }[]) ?? [];
  return {
    ...postFelter(r),
    indtagId: talEllerNull(r.indtag_id),
    indtagsnr: talEllerNull(r.indtagsnr),
    dguNr: (r.dgu_nr as string | null) ?? null,
    startdato: String(r.startdato),
    slutdato: String(r.slutdato),
    maalerstandStart: talEllerNull(r.maalerstand_start),
    maalerstandSlut: talEllerNull(r.maalerstand_slut),
    omregningsfaktor: tal(r.omregningsfaktor),
    vandmaengdeOppumpet: tal(r.vandmaengde_oppumpet),
    vandvaerketsEgetForbrug: talEllerNull(r.vandvaerkets_eget_forbrug),
    forsyning: forsyning.map((f) => ({
      jupiterForsyningsartId: f.jupiterForsyningsartId,
      forsyningsart:
        FORSYNINGSART.get(f.jupiterForsyningsartId) ?? `Forsyningsart ${f.jupiterForsyningsartId}`,
      maengde: f.maengde,
      modtagerAntal: f.modtagerAntal ?? null,
    })),
    bemaerkning: (r.bemaerkning as string | null) ?? null,
    indberetter: (r.indberetter as string | null) ?? null,
    indberettetDato: tilIso(r.indberettet_dato),
    ...beslutningFelter(r),
  };
}

/** The quantities' sort columns: the queue's order (plant, intake, period) or a date of the entry. */
const OPPUMPET_SORTERING: Record<Niveau, Record<KoeSortKolonne<'anlaeg'>, SQL[]>> = {
  anlaeg: {
    anlaegsnavn: [...ANLAEGSNAVN, sql`o.startdato`],
    startdato: [sql`o.startdato`, ...ANLAEGSNAVN],
    indberettetDato: [sql`o.indberettet_dato`],
  },
  indtag: {
    anlaegsnavn: [...ANLAEGSNAVN, sql`b.dgu_nr`, sql`it.indtagsnr`, sql`o.startdato`],
    startdato: [sql`o.startdato`, ...ANLAEGSNAVN, sql`b.dgu_nr`, sql`it.indtagsnr`],
    indberettetDato: [sql`o.indberettet_dato`],
  },
};

/**
 * The free-text filter of a queue page: the plant's name or number, the borehole's DGU number (where
 * the entry has an intake) or one of the entry's own columns contains the text. The plant and
 * borehole parts are matched in their own small tables first (the plant's name has a trigram index)
 * and the entries narrowed by the ids found, rather than joining every pending entry to its plant
 * and borehole before filtering: a plant's name as filter took a queue page of 61,245 pending entries
 * from 5.9 s to 1.6 s on PGlite with the large data set (docs/decisions.md 'Queue filter by plant').
 */
function tekstfilter(v: Visning<string>, kundeId: number, hvor: { boring: boolean; egne: SQL[] }): SQL[] {
  if ('nyesteFoerst' in v || !v.filter) return [];
  const m = containsPattern(v.filter);
  const dele = [
    sql`o.vandanlaeg_id = ANY(ARRAY(SELECT fv.id FROM virksomhed fv
          WHERE fv.kunde_id = ${kundeId} AND (fv.navn ILIKE ${m} OR fv.anlaegsnr ILIKE ${m})))`,
  ];
  if (hvor.boring)
    dele.push(sql`o.indtag_id = ANY(ARRAY(SELECT fi.id FROM indtag fi JOIN boring fb ON fb.id = fi.boring_id
          WHERE fb.dgu_nr ILIKE ${m}))`);
  for (const k of hvor.egne) dele.push(sql`${k} ILIKE ${m}`);
  return [sql`(${sql.join(dele, sql` OR `)})`];
}

export async function hentOppumpet(
  db: Db,
  niveau: Niveau,
  u: Udvalg,
  v: Visning<KoeSortKolonne<'anlaeg'>>,
): Promise<Side<OppumpetPost>> {
  const betingelser: SQL[] = [
    sql`o.kunde_id = ${u.kundeId}`,
    sql`o.status = ${u.status}`,
    niveau === 'anlaeg' ? sql`o.indtag_id IS NULL` : sql`o.indtag_id IS NOT NULL`,
  ];
  if (u.vandanlaegId !== undefined) betingelser.push(sql`o.vandanlaeg_id = ${u.vandanlaegId}`);
  if (u.indtagId !== undefined) betingelser.push(sql`o.indtag_id = ${u.indtagId}`);
  betingelser.push(...tekstfilter(v, u.kundeId, { boring: true, egne: [sql`o.indberetter`] }));
  return koeSide(
    db,
    {
      tabel: sql`oppumpet_maengde`,
      kolonner: sql`it.indtagsnr, b.dgu_nr, o.startdato::text AS startdato, o.slutdato::text AS slutdato,
                    o.maalerstand_start, o.maalerstand_slut, o.omregningsfaktor, o.vandmaengde_oppumpet,
                    o.vandvaerkets_eget_forbrug, o.forsyning, o.indberetter, o.indberettet_dato`,
      joins: sql`LEFT JOIN indtag it ON it.id = o.indtag_id LEFT JOIN boring b ON b.id = it.boring_id`,
    },
    betingelser,
    { visning: v, nyeste: sql`o.startdato`, kolonner: OPPUMPET_SORTERING[niveau] },
    oppumpetRaekke,
  );
}

// ---------------------------------------------------------------------------------------------

function pejlingRaekke(r: Record<string, unknown>): PejlingPost {
  return {
    ...postFelter(r),
    indtagId: tal(r.indtag_id),
    indtagsnr: tal(r.indtagsnr),
    dguNr: String(r.dgu_nr),
    pejletidspunkt: tilIso(r.pejletidspunkt),
    vandstandUnderTerraen: tal(r.vandstand_under_terraen),
    grundvandskote: talEllerNull(r.grundvandskote),
    situation: talEllerNull(r.situation),
    pejlemetode: (r.pejlemetode as string | null) ?? null,
    bemaerkning: (r.bemaerkning as string | null) ?? null,
    ...beslutningFelter(r),
  };
}

const PEJLING_SORTERING: Record<KoeSortKolonne<'pejling'>, SQL[]> = {
  anlaegsnavn: [...ANLAEGSNAVN, sql`b.dgu_nr`, sql`it.indtagsnr`, sql`o.pejletidspunkt`],
  pejletidspunkt: [sql`o.pejletidspunkt`, ...ANLAEGSNAVN, sql`b.dgu_nr`, sql`it.indtagsnr`],
};

export async function hentPejlinger(
  db: Db,
  u: Omit<Udvalg, 'status'> & { status: ValideringStatus | null },
  v: Visning<KoeSortKolonne<'pejling'>>,
): Promise<Side<PejlingPost>> {
  const betingelser: SQL[] = [sql`o.kunde_id = ${u.kundeId}`];
  if (u.status !== null) betingelser.push(sql`o.status = ${u.status}`);
  if (u.indtagId !== undefined) betingelser.push(sql`o.indtag_id = ${u.indtagId}`);
  betingelser.push(...tekstfilter(v, u.kundeId, { boring: true, egne: [] }));
  return koeSide(
    db,
    {
      tabel: sql`pejling`,
      kolonner: sql`it.indtagsnr, b.dgu_nr, o.pejletidspunkt, o.vandstand_under_terraen, o.grundvandskote,
                    o.situation, o.pejlemetode`,
      joins: sql`JOIN indtag it ON it.id = o.indtag_id JOIN boring b ON b.id = it.boring_id`,
    },
    betingelser,
    { visning: v, nyeste: sql`o.pejletidspunkt`, kolonner: PEJLING_SORTERING },
    pejlingRaekke,
  );
}

// ---------------------------------------------------------------------------------------------

/** pH is a range (Drikkevandsbekendtgørelsen: 7,0–8,5); the stored limit is the upper bound. */
export const PH_NEDRE_GRAENSE = 7.0;

export function erOverskredet(a: {
  parameter: string;
  vaerdi: number;
  graensevaerdi: number | null;
}): boolean {
  if (a.graensevaerdi === null) return false;
  if (a.parameter === 'pH') return a.vaerdi > a.graensevaerdi || a.vaerdi < PH_NEDRE_GRAENSE;
  return a.vaerdi > a.graensevaerdi;
}

/** A sample row (with its plant's anlaegsnavn and anlaegsnr) as the queues and the plant's list answer it. */
export function vandproeveRaekke(r: Record<string, unknown>): VandproevePost {
  const analyser = (
    (r.analyser as { parameter: string; vaerdi: number; enhed: string; graensevaerdi: number | null }[]) ?? []
  ).map((a) => ({ ...a, graensevaerdi: a.graensevaerdi ?? null, overskredet: erOverskredet(a) }));
  return {
    ...postFelter(r),
    indtagId: talEllerNull(r.indtag_id),
    proevested: String(r.proevested),
    proevetype: String(r.proevetype),
    udtaget: tilIso(r.udtaget),
    laboratorium: String(r.laboratorium),
    analyser,
    antalOverskridelser: analyser.filter((a) => a.overskredet).length,
    bemaerkning: (r.bemaerkning as string | null) ?? null,
    ...beslutningFelter(r),
  };
}

const VANDPROEVE_SORTERING: Record<KoeSortKolonne<'vandproeve'>, SQL[]> = {
  udtaget: [sql`o.udtaget`, ...ANLAEGSNAVN],
  anlaegsnavn: [...ANLAEGSNAVN, sql`o.udtaget`],
};

export async function hentVandproever(
  db: Db,
  u: Udvalg,
  v: Visning<KoeSortKolonne<'vandproeve'>>,
): Promise<Side<VandproevePost>> {
  const betingelser: SQL[] = [sql`o.kunde_id = ${u.kundeId}`, sql`o.status = ${u.status}`];
  if (u.vandanlaegId !== undefined) betingelser.push(sql`o.vandanlaeg_id = ${u.vandanlaegId}`);
  betingelser.push(
    ...tekstfilter(v, u.kundeId, { boring: false, egne: [sql`o.proevested`, sql`o.laboratorium`] }),
  );
  return koeSide(
    db,
    {
      tabel: sql`vandproeve`,
      kolonner: sql`o.proevested, o.proevetype, o.udtaget, o.laboratorium, o.analyser`,
      joins: sql``,
    },
    betingelser,
    { visning: v, nyeste: sql`o.udtaget`, kolonner: VANDPROEVE_SORTERING },
    vandproeveRaekke,
  );
}

/** The intake of the customer, or null (another customer's intake is answered as not found). */
export async function findIndtag(
  db: Db,
  kundeId: number,
  indtagId: number,
): Promise<{ id: number; vandanlaegId: number } | null> {
  const rows = await queryRows<{ id: number; vandanlaeg_id: number }>(
    db,
    sql`SELECT it.id, b.vandanlaeg_id FROM indtag it JOIN boring b ON b.id = it.boring_id
        JOIN virksomhed v ON v.id = b.vandanlaeg_id
        WHERE it.id = ${indtagId} AND it.kunde_id = ${kundeId} AND NOT v.slettet`,
  );
  const r = rows[0];
  return r ? { id: Number(r.id), vandanlaegId: Number(r.vandanlaeg_id) } : null;
}

/** A water plant of the customer (type 3, not deleted), or null: any other id answers 404. */
export async function findVandanlaeg(
  db: Db,
  kundeId: number,
  id: number,
): Promise<{ id: number; navn: string; anlaegsnr: string | null } | null> {
  const rows = await queryRows<{ id: number; navn: string; anlaegsnr: string | null }>(
    db,
    sql`SELECT id, navn, anlaegsnr FROM virksomhed
        WHERE id = ${id} AND kunde_id = ${kundeId} AND type = ${VIRKSOMHEDSTYPE.VANDANLAEG} AND NOT slettet`,
  );
  const r = rows[0];
  return r ? { id: Number(r.id), navn: r.navn, anlaegsnr: r.anlaegsnr } : null;
}
