import { sql } from 'drizzle-orm';
import { formatTal } from '../../contract/format';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows } from '../db/client';
import { JUPITER_FORSYNINGSART } from '../db/seed/lookups';
import { notFound } from '../http/errors';
import { findIndtag, tilIso } from '../validering/data';

/**
 * What the water-data domain modules share (boreholes `boringer.ts`, pumped quantities `maengder.ts`
 * and `maengde-indberetning.ts`, readings `pejlinger.ts`, samples `proever.ts`; issue 11, moved out of
 * the route module in issue 33): reading raw rows and naming supply kinds and intakes.
 */

export type R = Record<string, unknown>;
export const num = (v: unknown) => Number(v);
export const numN = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const strN = (v: unknown) => (v === null || v === undefined ? null : String(v));
export const isoN = (v: unknown) => (v === null || v === undefined ? null : tilIso(v));

export const FORSYNINGSART = new Map(JUPITER_FORSYNINGSART.map((f) => [f.id, f.navn]));
export const forsyningsartNavn = (id: number) => FORSYNINGSART.get(id) ?? `Forsyningsart ${id}`;
export const m3 = (n: number | null | undefined) =>
  n === null || n === undefined ? '–' : `${formatTal(n)} m³`;

/** The intake of the user's customer (its plant's id with it), else 404. */
export async function indtagAfKunde(db: Db, user: SessionUser, indtagId: number) {
  const it = await findIndtag(db, user.kundeId, indtagId);
  if (!it) throw notFound('Indtaget');
  return it;
}

/** The intake's borehole terrain level and its name in log texts ('DGU-nr. … indtag …'). */
export async function indtagBeskrivelse(db: Db, indtagId: number) {
  const [r] = await queryRows<R>(
    db,
    sql`SELECT b.terraenkote, b.dgu_nr, it.indtagsnr FROM indtag it JOIN boring b ON b.id = it.boring_id WHERE it.id = ${indtagId}`,
  );
  return {
    terraenkote: numN(r?.terraenkote),
    tekst: `DGU-nr. ${String(r?.dgu_nr)} indtag ${String(r?.indtagsnr)}`,
  };
}
