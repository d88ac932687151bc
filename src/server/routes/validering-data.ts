import { type SQL, sql } from 'drizzle-orm';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import type { OppumpetPost, PejlingPost, ValideringStatus, VandproevePost } from '../../contract/validering';
import { type Db, queryRows } from '../db/client';
import { containsPattern } from '../db/like';
import { JUPITER_FORSYNINGSART } from '../db/seed/lookups';
import { danskOrdenSql } from '../db/sortering';

/** Looking needs the water-plant read right; deciding needs the caseworker right (docs/validering-notes.md). */
export const LAES = 'SAGSBEHANDLER_VANDANLAEG_LAES';
export const BESLUT = 'SAGSBEHANDLER_VANDANLAEG';

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

export interface Side<T> {
  totalCount: number;
  items: T[];
}

interface Udvalg {
  kundeId: number;
  status: ValideringStatus;
  /** Only this plant (plant level) or intake (intake level, readings). */
  vandanlaegId?: number;
  indtagId?: number;
  filter?: string;
  start?: number;
  take?: number;
  /** Newest first (decided lists) instead of plant and period order (queues). */
  nyesteFoerst?: boolean;
}

function side<T>(rows: (Record<string, unknown> & { total?: unknown })[], map: (r: never) => T): Side<T> {
  return { totalCount: rows.length > 0 ? tal(rows[0]!.total) : 0, items: rows.map((r) => map(r as never)) };
}

/** The queues' order by plant: its name in Danish order (the stored key, then the name). */
const ANLAEGSNAVN = danskOrdenSql(sql`v.navn`, sql`v.navn_sortering`);

const sidePart = (u: { start?: number; take?: number }) =>
  sql`LIMIT ${u.take ?? 10_000} OFFSET ${u.start ?? 0}`;

// ---------------------------------------------------------------------------------------------

function oppumpetRaekke(r: Record<string, unknown>): OppumpetPost {
  const forsyning =
    (r.forsyning as { jupiterForsyningsartId: number; maengde: number; modtagerAntal?: number }[]) ?? [];
  return {
    id: tal(r.id),
    vandanlaegId: tal(r.vandanlaeg_id),
    anlaegsnavn: String(r.anlaegsnavn),
    anlaegsnr: (r.anlaegsnr as string | null) ?? null,
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
    status: tal(r.status),
    besluttetAf: (r.besluttet_af as string | null) ?? null,
    besluttetDato: tilIsoEllerNull(r.besluttet_dato),
    version: tal(r.version),
  };
}

export async function hentOppumpet(db: Db, niveau: Niveau, u: Udvalg): Promise<Side<OppumpetPost>> {
  const betingelser: SQL[] = [
    sql`o.kunde_id = ${u.kundeId}`,
    sql`o.status = ${u.status}`,
    niveau === 'anlaeg' ? sql`o.indtag_id IS NULL` : sql`o.indtag_id IS NOT NULL`,
  ];
  if (u.vandanlaegId !== undefined) betingelser.push(sql`o.vandanlaeg_id = ${u.vandanlaegId}`);
  if (u.indtagId !== undefined) betingelser.push(sql`o.indtag_id = ${u.indtagId}`);
  if (u.filter) {
    const m = containsPattern(u.filter);
    betingelser.push(
      sql`(v.navn ILIKE ${m} OR v.anlaegsnr ILIKE ${m} OR b.dgu_nr ILIKE ${m} OR o.indberetter ILIKE ${m})`,
    );
  }
  const orden = u.nyesteFoerst
    ? sql`o.startdato DESC, o.id DESC`
    : niveau === 'anlaeg'
      ? sql`${ANLAEGSNAVN}, o.vandanlaeg_id, o.startdato, o.id`
      : sql`${ANLAEGSNAVN}, o.vandanlaeg_id, b.dgu_nr, it.indtagsnr, o.startdato, o.id`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT o.id, o.vandanlaeg_id, v.navn AS anlaegsnavn, v.anlaegsnr, o.indtag_id, it.indtagsnr, b.dgu_nr,
               o.startdato::text AS startdato, o.slutdato::text AS slutdato, o.maalerstand_start,
               o.maalerstand_slut, o.omregningsfaktor, o.vandmaengde_oppumpet, o.vandvaerkets_eget_forbrug,
               o.forsyning, o.bemaerkning, o.indberetter, o.indberettet_dato, o.status,
               bu.navn AS besluttet_af, o.besluttet_dato, o.version, count(*) OVER () AS total
        FROM oppumpet_maengde o
        JOIN virksomhed v ON v.id = o.vandanlaeg_id
        LEFT JOIN indtag it ON it.id = o.indtag_id
        LEFT JOIN boring b ON b.id = it.boring_id
        LEFT JOIN bruger bu ON bu.id = o.besluttet_af_bruger_id
        WHERE ${sql.join(betingelser, sql` AND `)}
        ORDER BY ${orden}
        ${sidePart(u)}`,
  );
  return side(rows, oppumpetRaekke);
}

// ---------------------------------------------------------------------------------------------

function pejlingRaekke(r: Record<string, unknown>): PejlingPost {
  return {
    id: tal(r.id),
    vandanlaegId: tal(r.vandanlaeg_id),
    anlaegsnavn: String(r.anlaegsnavn),
    anlaegsnr: (r.anlaegsnr as string | null) ?? null,
    indtagId: tal(r.indtag_id),
    indtagsnr: tal(r.indtagsnr),
    dguNr: String(r.dgu_nr),
    pejletidspunkt: tilIso(r.pejletidspunkt),
    vandstandUnderTerraen: tal(r.vandstand_under_terraen),
    grundvandskote: talEllerNull(r.grundvandskote),
    situation: talEllerNull(r.situation),
    pejlemetode: (r.pejlemetode as string | null) ?? null,
    bemaerkning: (r.bemaerkning as string | null) ?? null,
    status: tal(r.status),
    besluttetAf: (r.besluttet_af as string | null) ?? null,
    besluttetDato: tilIsoEllerNull(r.besluttet_dato),
    version: tal(r.version),
  };
}

export async function hentPejlinger(
  db: Db,
  u: Omit<Udvalg, 'status'> & { status: ValideringStatus | null },
): Promise<Side<PejlingPost>> {
  const betingelser: SQL[] = [sql`o.kunde_id = ${u.kundeId}`];
  if (u.status !== null) betingelser.push(sql`o.status = ${u.status}`);
  if (u.indtagId !== undefined) betingelser.push(sql`o.indtag_id = ${u.indtagId}`);
  if (u.filter) {
    const m = containsPattern(u.filter);
    betingelser.push(sql`(v.navn ILIKE ${m} OR v.anlaegsnr ILIKE ${m} OR b.dgu_nr ILIKE ${m})`);
  }
  const orden = u.nyesteFoerst
    ? sql`o.pejletidspunkt DESC, o.id DESC`
    : sql`${ANLAEGSNAVN}, o.vandanlaeg_id, b.dgu_nr, it.indtagsnr, o.pejletidspunkt, o.id`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT o.id, o.vandanlaeg_id, v.navn AS anlaegsnavn, v.anlaegsnr, o.indtag_id, it.indtagsnr, b.dgu_nr,
               o.pejletidspunkt, o.vandstand_under_terraen, o.grundvandskote, o.situation, o.pejlemetode,
               o.bemaerkning, o.status, bu.navn AS besluttet_af, o.besluttet_dato, o.version,
               count(*) OVER () AS total
        FROM pejling o
        JOIN virksomhed v ON v.id = o.vandanlaeg_id
        JOIN indtag it ON it.id = o.indtag_id
        JOIN boring b ON b.id = it.boring_id
        LEFT JOIN bruger bu ON bu.id = o.besluttet_af_bruger_id
        WHERE ${sql.join(betingelser, sql` AND `)}
        ORDER BY ${orden}
        ${sidePart(u)}`,
  );
  return side(rows, pejlingRaekke);
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

function vandproeveRaekke(r: Record<string, unknown>): VandproevePost {
  const analyser = (
    (r.analyser as { parameter: string; vaerdi: number; enhed: string; graensevaerdi: number | null }[]) ?? []
  ).map((a) => ({ ...a, overskredet: erOverskredet(a) }));
  return {
    id: tal(r.id),
    vandanlaegId: tal(r.vandanlaeg_id),
    anlaegsnavn: String(r.anlaegsnavn),
    anlaegsnr: (r.anlaegsnr as string | null) ?? null,
    indtagId: talEllerNull(r.indtag_id),
    proevested: String(r.proevested),
    proevetype: String(r.proevetype),
    udtaget: tilIso(r.udtaget),
    laboratorium: String(r.laboratorium),
    analyser,
    antalOverskridelser: analyser.filter((a) => a.overskredet).length,
    bemaerkning: (r.bemaerkning as string | null) ?? null,
    status: tal(r.status),
    besluttetAf: (r.besluttet_af as string | null) ?? null,
    besluttetDato: tilIsoEllerNull(r.besluttet_dato),
    version: tal(r.version),
  };
}

export async function hentVandproever(db: Db, u: Udvalg): Promise<Side<VandproevePost>> {
  const betingelser: SQL[] = [sql`o.kunde_id = ${u.kundeId}`, sql`o.status = ${u.status}`];
  if (u.vandanlaegId !== undefined) betingelser.push(sql`o.vandanlaeg_id = ${u.vandanlaegId}`);
  if (u.filter) {
    const m = containsPattern(u.filter);
    betingelser.push(
      sql`(v.navn ILIKE ${m} OR v.anlaegsnr ILIKE ${m} OR o.proevested ILIKE ${m} OR o.laboratorium ILIKE ${m})`,
    );
  }
  const orden = u.nyesteFoerst ? sql`o.udtaget DESC, o.id DESC` : sql`o.udtaget, ${ANLAEGSNAVN}, o.id`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT o.id, o.vandanlaeg_id, v.navn AS anlaegsnavn, v.anlaegsnr, o.indtag_id, o.proevested,
               o.proevetype, o.udtaget, o.laboratorium, o.analyser, o.bemaerkning, o.status,
               bu.navn AS besluttet_af, o.besluttet_dato, o.version, count(*) OVER () AS total
        FROM vandproeve o
        JOIN virksomhed v ON v.id = o.vandanlaeg_id
        LEFT JOIN bruger bu ON bu.id = o.besluttet_af_bruger_id
        WHERE ${sql.join(betingelser, sql` AND `)}
        ORDER BY ${orden}
        ${sidePart(u)}`,
  );
  return side(rows, vandproeveRaekke);
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
