import { and, eq } from 'drizzle-orm';
import { erSuspenderet } from '../../contract/brugeradmin';
import type { Db } from '../db/client';
import { bruger, brugerKunde, kunde } from '../db/schema';
import type { TokenService } from './tokens';

export type IssueResult = { ok: true; token: string } | { ok: false; reason: 'ingen-kunde' | 'suspenderet' };

/**
 * Issues a session token for a user in one of their customers: the requested one, else the one
 * saved as activeKundeId in their settings, else their first. Roles come from that membership.
 */
export async function issueToken(
  db: Db,
  tokens: TokenService,
  brugerId: number,
  kundeId?: number,
): Promise<IssueResult> {
  const memberships = await db
    .select({
      kundeId: kunde.id,
      navn: kunde.navn,
      kundeNr: kunde.kundeNr,
      moduler: kunde.moduler,
      roller: brugerKunde.roller,
      suspenderetTil: brugerKunde.suspenderetTil,
    })
    .from(brugerKunde)
    .innerJoin(kunde, eq(kunde.id, brugerKunde.kundeId))
    .where(eq(brugerKunde.brugerId, brugerId))
    .orderBy(kunde.id);
  const [user] = await db.select().from(bruger).where(eq(bruger.id, brugerId));
  if (!user || memberships.length === 0) return { ok: false, reason: 'ingen-kunde' };

  let wanted = kundeId;
  if (wanted === undefined && user.opsaetning) {
    try {
      const saved = JSON.parse(user.opsaetning) as { activeKundeId?: unknown };
      if (typeof saved.activeKundeId === 'number') wanted = saved.activeKundeId;
    } catch {
      // Unreadable settings fall back to the first customer.
    }
  }
  const membership =
    kundeId !== undefined
      ? memberships.find((m) => m.kundeId === kundeId)
      : (memberships.find((m) => m.kundeId === wanted) ?? memberships[0]);
  if (!membership) return { ok: false, reason: 'ingen-kunde' };
  // TimeOut suspends until suspenderet_til (null: until restored); a suspension that has ended
  // leaves TimeOut out of the token's roles.
  if (erSuspenderet(membership.roller, membership.suspenderetTil, new Date()))
    return { ok: false, reason: 'suspenderet' };
  const roller = membership.roller.filter((r) => r !== 'TimeOut');

  const token = await tokens.sign({
    username: user.username,
    userId: String(user.id),
    customerId: String(membership.kundeId),
    customerName: membership.navn,
    municipalityNumber: String(membership.kundeNr),
    roles: JSON.stringify(roller),
    modules: JSON.stringify(membership.moduler),
  });
  return { ok: true, token };
}

export async function isMember(db: Db, brugerId: number, kundeId: number): Promise<boolean> {
  const rows = await db
    .select({ k: brugerKunde.kundeId })
    .from(brugerKunde)
    .where(and(eq(brugerKunde.brugerId, brugerId), eq(brugerKunde.kundeId, kundeId)));
  return rows.length > 0;
}
