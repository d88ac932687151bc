import { and, eq } from 'drizzle-orm';
import { fromType } from '../../contract/entitet';
import { LAESERET, SKRIVERET, VIRKSOMHEDSTYPE } from '../../contract/roles';
import { requireAny } from '../auth/plugin';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { virksomhed } from '../db/schema';
import type { Tx } from '../db/versioneret';
import { notFound } from '../http/errors';

/**
 * Loads a company, farm or water plant of the user's customer and checks the right its type needs:
 * the read right to look, the caseworker right to change. Another customer's id answers 404.
 */
export async function loadVirksomhed(db: Db, user: SessionUser, id: number, mode: 'read' | 'write') {
  const [row] = await db
    .select()
    .from(virksomhed)
    .where(and(eq(virksomhed.id, id), eq(virksomhed.kundeId, user.kundeId)));
  const entitet = row && fromType(row.type);
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
