import { and, eq } from 'drizzle-orm';
import { fromRaekkeType, SAT_RAEKKETYPE } from '../../contract/entitet';
import { LAESERET, SKRIVERET, VIRKSOMHEDSTYPE } from '../../contract/roles';
import type { Db } from '../db/client';
import { virksomhed } from '../db/schema';
import type { Tx } from '../db/versioneret';
import { notFound } from '../http/errors';
import { requireAny } from './plugin';
import type { SessionUser } from './session-user';

/**
 * Loads a company, farm, water plant or SAT company of the user's customer and checks the right its
 * kind needs (a SAT company: SAGSBEHANDLER_AFFALD):
 * the read right to look, the caseworker right to change. Another customer's id answers 404.
 */
export async function loadVirksomhed(db: Db, user: SessionUser, id: number, mode: 'read' | 'write') {
  const [row] = await db
    .select()
    .from(virksomhed)
    .where(and(eq(virksomhed.id, id), eq(virksomhed.kundeId, user.kundeId)));
  const entitet = row && fromRaekkeType(row.type);
  if (!row || row.slettet || !entitet) throw notFound('Virksomheden');
  requireAny(user, mode === 'read' ? entitet.laeseret : entitet.skriveret);
  return row;
}

/**
 * Loads a water plant of the user's customer: any other row (a company, a farm, another customer's
 * plant) answers 404 before any right is checked, so the answer never tells what the id is.
 */
export async function loadVandanlaeg(db: Db | Tx, user: SessionUser, id: number, mode: 'read' | 'write') {
  const [row] = await db
    .select()
    .from(virksomhed)
    .where(and(eq(virksomhed.id, id), eq(virksomhed.kundeId, user.kundeId)));
  if (!row || row.slettet || row.type !== VIRKSOMHEDSTYPE.VANDANLAEG) throw notFound('Vandanlægget');
  requireAny(
    user,
    mode === 'read' ? LAESERET[VIRKSOMHEDSTYPE.VANDANLAEG] : SKRIVERET[VIRKSOMHEDSTYPE.VANDANLAEG],
  );
  return row;
}

/** A path or body kundeId must be the active customer's: any other answers 404, never its data. */
export function requireActiveKunde(user: SessionUser, kundeId: number): void {
  if (kundeId !== user.kundeId) throw notFound('Kunden');
}

/**
 * Loads a SAT company (row type 4) of the user's customer, with SAGSBEHANDLER_AFFALD (the one right
 * of the SAT programme, to read and to act): any other row answers 404 before the right is checked.
 */
export async function loadSatVirksomhed(db: Db | Tx, user: SessionUser, id: number, _mode: 'read' | 'write') {
  const row = await loadSatEjer(db, user, id, _mode);
  if (row.type !== SAT_RAEKKETYPE) throw notFound('SAT-virksomheden');
  return row;
}

/**
 * Loads what a SAT result or fee may hang on: a SAT company, or an ordinary company or farm (a SAT
 * inspection made with a miljøtilsyn), of the user's customer, with SAGSBEHANDLER_AFFALD only.
 */
export async function loadSatEjer(db: Db | Tx, user: SessionUser, id: number, _mode: 'read' | 'write') {
  const [row] = await db
    .select()
    .from(virksomhed)
    .where(and(eq(virksomhed.id, id), eq(virksomhed.kundeId, user.kundeId)));
  const typer: readonly number[] = [SAT_RAEKKETYPE, VIRKSOMHEDSTYPE.VIRKSOMHED, VIRKSOMHEDSTYPE.LANDBRUG];
  if (!row || row.slettet || !typer.includes(row.type)) throw notFound('SAT-virksomheden');
  requireAny(user, 'SAGSBEHANDLER_AFFALD');
  return row;
}
