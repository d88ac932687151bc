import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { INT4_MAX } from '../../contract/common';
import type { SessionUser } from '../auth/session-user';
import { conflict } from '../http/errors';
import type { Db } from './client';
import { logbog } from './schema';
import { naesteVersion } from './version';

/** A database handle or a transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** A table with an id and a version column (every versioned table of the product). */
type Versioneret = PgTable & { id: PgColumn; version: PgColumn };

/** The change the user made must start from the version they saw; any other answers 409 with the text. */
export function tjekVersion(sendt: number, aktuel: number, konflikt: string): void {
  if (sendt !== aktuel) throw conflict(konflikt);
}

/** What one versioned change writes to its owner's log: nothing when `notat` is null (no change). */
export interface LogPost {
  virksomhedId: number;
  emne: string;
  notat: string | null;
}

/** The automatic log entry of a change: who (bruger_id), when (now), what (the text). */
export async function skrivLog(tx: Tx, user: SessionUser, log: LogPost): Promise<void> {
  if (log.notat === null) return;
  const notat = log.notat;
  await tx.insert(logbog).values({
    kundeId: user.kundeId,
    virksomhedId: log.virksomhedId,
    emne: log.emne,
    notat: notat.length > 10_000 ? `${notat.slice(0, 9_990)} …` : notat,
    brugerId: user.brugerId,
    automatisk: true,
  });
}

/**
 * The one versioned update: changes the row only while it still has the version the user edited
 * (WHERE id AND version, plus `hvor`), gives it the next version of the one sequence, writes the log
 * entry in the same transaction, and answers 409 with the kind's text when no row matched (changed or
 * deleted by someone else since).
 */
export async function opdaterVersioneret<T extends Versioneret>(
  tx: Tx,
  table: T,
  raekke: { id: number; version: number; hvor?: SQL },
  set: PgUpdateSetSource<T>,
  konflikt: string,
  user: SessionUser,
  log?: LogPost | ((ny: T['$inferSelect']) => Promise<LogPost> | LogPost),
): Promise<T['$inferSelect']> {
  // A version no row can have (beyond int4, not whole) is stale by definition: 409, never a database error.
  if (!Number.isInteger(raekke.version) || raekke.version < 0 || raekke.version > INT4_MAX)
    throw conflict(konflikt);
  const rows = (await tx
    .update(table)
    .set({ ...set, version: naesteVersion } as PgUpdateSetSource<T>)
    .where(and(eq(table.id, raekke.id), eq(table.version, raekke.version), raekke.hvor))
    .returning()) as T['$inferSelect'][];
  const [ny] = rows;
  if (!ny) throw conflict(konflikt);
  if (log) await skrivLog(tx, user, typeof log === 'function' ? await log(ny) : log);
  return ny;
}

/** The one soft delete: the same versioned update, marking a live row `slettet`. */
export function sletBloedt<T extends Versioneret & { slettet: PgColumn }>(
  tx: Tx,
  table: T,
  raekke: { id: number; version: number },
  set: PgUpdateSetSource<T>,
  konflikt: string,
  user: SessionUser,
  log: LogPost,
): Promise<T['$inferSelect']> {
  return opdaterVersioneret(
    tx,
    table,
    { ...raekke, hvor: eq(table.slettet, false) },
    { ...set, slettet: true } as PgUpdateSetSource<T>,
    konflikt,
    user,
    log,
  );
}
