import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ARBEJDSOMRAADE_KONFLIKT,
  ARBEJDSOMRAADER_MAKS,
  type Arbejdsomraade,
  FOR_MANGE_ARBEJDSOMRAADER,
  gemArbejdsomraade,
  hentArbejdsomraade,
  hentArbejdsomraader,
  navnOptaget,
  opretArbejdsomraade,
  sletArbejdsomraade,
} from '../../contract/arbejdsomraader';
import type { SessionUser } from '../auth/session-user';
import { type Db, sqlState } from '../db/client';
import { arbejdsomraade } from '../db/schema';
import { danskOrden } from '../db/sortering';
import { naesteVersion } from '../db/version';
import { opdaterVersioneret, type Tx, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest, conflict, notFound } from '../http/errors';

/**
 * Named workspaces (issue 34): the signed-in user's own, in the token's customer only; any other id
 * (another user's, another customer's, a deleted one) answers 404. Names are unique per user and
 * customer regardless of case (400 naming the name); at most one is the start layout, and marking
 * one unmarks the other in the same transaction. Edits and deletes carry the version (stale 409).
 */

const tilArbejdsomraade = (r: typeof arbejdsomraade.$inferSelect): Arbejdsomraade => ({
  id: r.id,
  navn: r.navn,
  layout: r.layout,
  start: r.start,
  version: r.version,
  aendret: r.aendret.toISOString(),
});

/** The rows of the user in the token's customer. */
const egne = (user: SessionUser, ...hvor: (SQL | undefined)[]) =>
  and(eq(arbejdsomraade.brugerId, user.brugerId), eq(arbejdsomraade.kundeId, user.kundeId), ...hvor);

async function find(db: Db, user: SessionUser, id: number): Promise<Arbejdsomraade> {
  const [r] = await db
    .select()
    .from(arbejdsomraade)
    .where(egne(user, eq(arbejdsomraade.id, id)));
  if (!r) throw notFound('Arbejdsområdet');
  return tilArbejdsomraade(r);
}

/** 400 when another of the user's workspaces (not `undtagen`) already has the name, in any case. */
async function tjekNavnLedigt(tx: Tx, user: SessionUser, navn: string, undtagen?: number): Promise<void> {
  const [optaget] = await tx
    .select({ navn: arbejdsomraade.navn })
    .from(arbejdsomraade)
    .where(
      egne(
        user,
        sql`lower(${arbejdsomraade.navn}) = lower(${navn})`,
        undtagen === undefined ? undefined : ne(arbejdsomraade.id, undtagen),
      ),
    );
  if (optaget) throw badRequest({ navn: [navnOptaget(navn)] });
}

/** The start mark moves: every other workspace of the user in the customer loses it (a new version). */
async function fjernAndenStart(tx: Tx, user: SessionUser, undtagen?: number): Promise<void> {
  await tx
    .update(arbejdsomraade)
    .set({ start: false, version: naesteVersion })
    .where(
      egne(
        user,
        eq(arbejdsomraade.start, true),
        undtagen === undefined ? undefined : ne(arbejdsomraade.id, undtagen),
      ),
    );
}

/**
 * Two saves of the same name at once pass the check above together; the unique index refuses the
 * second, which answers the same 400 instead of a 500.
 */
const navnFejl =
  (navn: string) =>
  (err: unknown): never => {
    if (sqlState(err) === '23505') throw badRequest({ navn: [navnOptaget(navn)] });
    throw err;
  };

export async function arbejdsomraadeRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, hentArbejdsomraader, async (request) => {
    const rows = await db
      .select()
      .from(arbejdsomraade)
      .where(egne(request.user))
      .orderBy(...danskOrden(arbejdsomraade.navn, arbejdsomraade.navnSortering), arbejdsomraade.id);
    return rows.map(tilArbejdsomraade);
  });

  serve(app, hentArbejdsomraade, (request) => find(db, request.user, request.params.id));

  serve(app, opretArbejdsomraade, async (request) => {
    const { user } = request;
    const { navn, layout, start = false } = request.body;
    const ny = await db
      .transaction(async (tx) => {
        const [antal] = await tx.select({ n: count() }).from(arbejdsomraade).where(egne(user));
        if ((antal?.n ?? 0) >= ARBEJDSOMRAADER_MAKS) throw badRequest({ navn: [FOR_MANGE_ARBEJDSOMRAADER] });
        await tjekNavnLedigt(tx, user, navn);
        if (start) await fjernAndenStart(tx, user);
        const [r] = await tx
          .insert(arbejdsomraade)
          .values({ brugerId: user.brugerId, kundeId: user.kundeId, navn, layout, start })
          .returning();
        return r!;
      })
      .catch(navnFejl(navn));
    return tilArbejdsomraade(ny);
  });

  serve(app, gemArbejdsomraade, async (request) => {
    const { user } = request;
    const { version, navn, layout, start = false } = request.body;
    const gemt = await find(db, user, request.params.id);
    tjekVersion(version, gemt.version, ARBEJDSOMRAADE_KONFLIKT);
    const ny = await db
      .transaction(async (tx) => {
        await tjekNavnLedigt(tx, user, navn, gemt.id);
        if (start) await fjernAndenStart(tx, user, gemt.id);
        return opdaterVersioneret(
          tx,
          arbejdsomraade,
          { id: gemt.id, version, hvor: egne(user) },
          { navn, layout, start, aendret: sql`now()` },
          ARBEJDSOMRAADE_KONFLIKT,
          user,
        );
      })
      .catch(navnFejl(navn));
    return tilArbejdsomraade(ny);
  });

  /** Nothing hangs on a workspace: it is removed, but only from the version the user saw. */
  serve(app, sletArbejdsomraade, async (request) => {
    const { user } = request;
    const { id } = request.params;
    const slettet = await db
      .delete(arbejdsomraade)
      .where(egne(user, eq(arbejdsomraade.id, id), eq(arbejdsomraade.version, request.query.version)))
      .returning({ id: arbejdsomraade.id });
    if (slettet.length > 0) return;
    await find(db, user, id);
    throw conflict(ARBEJDSOMRAADE_KONFLIKT);
  });
}
