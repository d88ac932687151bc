import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ROLLER,
  BRUGER_AENDRET_AF_ANDEN,
  type BrugerAdminRaekke,
  type BrugerHandling,
  type BrugerTilstand,
  erSuspenderet,
  gemBrugerRoller,
  genaktiverBruger,
  hentAdminBrugere,
  hentBrugerHistorik,
  opretBruger,
  suspenderBruger,
} from '../../contract/brugeradmin';
import { ROLLER } from '../../contract/roles';
import { glemMedlemskab } from '../auth/medlemskab-cache';
import { hashPassword } from '../auth/password';
import type { SessionUser } from '../auth/session-user';
import { bruger, brugerAdminLog, brugerKunde } from '../db/schema';
import type { Tx } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { conflict, forbidden, HttpError, notFound } from '../http/errors';
import { hubFor } from '../realtime';

/**
 * Administration: the customer's users, their roles and suspension (issue 15). Every route works on
 * the token's customer only: a user who is not a member there answers 404. Each change runs in one
 * transaction that locks the customer's memberships, so two administrators cannot together leave the
 * customer without an active KommuneAdmin, and a stale edit (roles changed since they were read)
 * answers 409 instead of overwriting.
 */

/** 400 problem details with one Danish message on one field. */
const felt400 = (field: string, message: string) =>
  new HttpError(400, message, { title: message, status: 400, errors: { [field]: [message] } });

interface Medlemskab {
  brugerId: number;
  username: string;
  navn: string;
  email: string | null;
  roller: string[];
  suspenderetTil: Date | null;
}

/** Roles without TimeOut, in the enumeration's order: what the table shows and edits compare. */
function synligeRoller(roller: readonly string[]): string[] {
  return ROLLER.filter((r) => r !== 'TimeOut' && roller.includes(r));
}

const sammeRoller = (a: readonly string[], b: readonly string[]) =>
  synligeRoller(a).join(',') === synligeRoller(b).join(',');

function tilstand(m: Pick<Medlemskab, 'roller' | 'suspenderetTil'>, nu: Date): BrugerTilstand {
  const suspenderet = erSuspenderet(m.roller, m.suspenderetTil, nu);
  return {
    roller: synligeRoller(m.roller),
    suspenderet,
    suspenderetTil: suspenderet && m.suspenderetTil ? m.suspenderetTil.toISOString() : null,
  };
}

async function medlemskaber(tx: Tx, kundeId: number, brugerId?: number): Promise<Medlemskab[]> {
  return tx
    .select({
      brugerId: bruger.id,
      username: bruger.username,
      navn: bruger.navn,
      email: bruger.email,
      roller: brugerKunde.roller,
      suspenderetTil: brugerKunde.suspenderetTil,
    })
    .from(brugerKunde)
    .innerJoin(bruger, eq(bruger.id, brugerKunde.brugerId))
    .where(
      brugerId === undefined
        ? eq(brugerKunde.kundeId, kundeId)
        : and(eq(brugerKunde.kundeId, kundeId), eq(brugerKunde.brugerId, brugerId)),
    )
    .orderBy(bruger.navnSortering, bruger.id);
}

function raekke(m: Medlemskab, user: SessionUser, nu: Date, senestAendret: Date | null): BrugerAdminRaekke {
  const t = tilstand(m, nu);
  return {
    id: m.brugerId,
    username: m.username,
    navn: m.navn,
    email: m.email,
    roller: t.roller,
    suspenderet: t.suspenderet,
    suspenderetTil: t.suspenderetTil,
    senestAendret: senestAendret?.toISOString() ?? null,
    erDigSelv: m.brugerId === user.brugerId,
  };
}

async function senesteAendringer(tx: Tx, kundeId: number): Promise<Map<number, Date>> {
  const rows = await tx
    .select({
      brugerId: brugerAdminLog.brugerId,
      senest: sql<string | Date>`max(${brugerAdminLog.tidspunkt})`,
    })
    .from(brugerAdminLog)
    .where(eq(brugerAdminLog.kundeId, kundeId))
    .groupBy(brugerAdminLog.brugerId);
  return new Map(rows.map((r) => [r.brugerId, new Date(r.senest)]));
}

async function enRaekke(tx: Tx, user: SessionUser, brugerId: number, nu: Date): Promise<BrugerAdminRaekke> {
  const [m] = await medlemskaber(tx, user.kundeId, brugerId);
  if (!m) throw notFound('Brugeren');
  const [senest] = await tx
    .select({ t: brugerAdminLog.tidspunkt })
    .from(brugerAdminLog)
    .where(and(eq(brugerAdminLog.kundeId, user.kundeId), eq(brugerAdminLog.brugerId, brugerId)))
    .orderBy(desc(brugerAdminLog.tidspunkt))
    .limit(1);
  return raekke(m, user, nu, senest?.t ?? null);
}

/** Locks the customer's memberships and returns them: the state every rule below is checked against. */
async function laasMedlemskaber(tx: Tx, kundeId: number): Promise<Medlemskab[]> {
  await tx.execute(sql`SELECT bruger_id FROM bruger_kunde WHERE kunde_id = ${kundeId} FOR UPDATE`);
  return medlemskaber(tx, kundeId);
}

/** The customer must keep at least one active (not suspended) KommuneAdmin after a change. */
function tjekAktivAdmin(alle: Medlemskab[], brugerId: number, efter: Medlemskab, nu: Date): void {
  const aktive = alle
    .map((m) => (m.brugerId === brugerId ? efter : m))
    .filter((m) => m.roller.includes('KommuneAdmin') && !erSuspenderet(m.roller, m.suspenderetTil, nu));
  if (aktive.length === 0)
    throw conflict(
      'Ændringen kan ikke gemmes: kommunen skal have mindst én aktiv kommuneadministrator. Giv en anden bruger rollen først.',
    );
}

async function log(
  tx: Tx,
  user: SessionUser,
  brugerId: number,
  handling: BrugerHandling,
  foer: BrugerTilstand | null,
  efter: BrugerTilstand,
  nu: Date,
): Promise<void> {
  await tx.insert(brugerAdminLog).values({
    kundeId: user.kundeId,
    brugerId,
    udfoertAf: user.brugerId,
    tidspunkt: nu,
    handling,
    foer,
    efter,
  });
}

/** Writes a change of a membership (`aendring`), logs it (`m` before, `efter` after) and answers the row. */
async function gem(
  tx: Tx,
  user: SessionUser,
  m: Medlemskab,
  efter: Medlemskab,
  aendring: Partial<typeof brugerKunde.$inferInsert>,
  handling: BrugerHandling,
  t: Date,
): Promise<BrugerAdminRaekke> {
  await tx
    .update(brugerKunde)
    .set(aendring)
    .where(and(eq(brugerKunde.kundeId, user.kundeId), eq(brugerKunde.brugerId, m.brugerId)));
  await log(tx, user, m.brugerId, handling, tilstand(m, t), tilstand(efter, t), t);
  return enRaekke(tx, user, m.brugerId, t);
}

export async function brugerAdminRoutes(app: FastifyInstance, { db, clock }: Deps) {
  const nu = () => clock?.() ?? new Date();

  /** After a committed change of a user's access: their open event streams end (in every process). */
  const adgangAendret = (kundeId: number, brugerId: number) => {
    // This process's requests see the change at once; other processes when the event reaches them.
    glemMedlemskab(db, brugerId);
    return hubFor(db).publish(kundeId, { emne: 'adgang', data: { brugerId } });
  };

  serve(app, hentAdminBrugere, async (request) => {
    const t = nu();
    const [alle, senest] = await Promise.all([
      medlemskaber(db, request.user.kundeId),
      senesteAendringer(db, request.user.kundeId),
    ]);
    return alle.map((m) => raekke(m, request.user, t, senest.get(m.brugerId) ?? null));
  });

  serve(app, hentBrugerHistorik, async (request) => {
    const { brugerId } = request.params;
    const [m] = await medlemskaber(db, request.user.kundeId, brugerId);
    if (!m) throw notFound('Brugeren');
    const rows = await db
      .select({
        id: brugerAdminLog.id,
        tidspunkt: brugerAdminLog.tidspunkt,
        handling: brugerAdminLog.handling,
        udfoertAf: bruger.navn,
        foer: brugerAdminLog.foer,
        efter: brugerAdminLog.efter,
      })
      .from(brugerAdminLog)
      .leftJoin(bruger, eq(bruger.id, brugerAdminLog.udfoertAf))
      .where(and(eq(brugerAdminLog.kundeId, request.user.kundeId), eq(brugerAdminLog.brugerId, brugerId)))
      .orderBy(desc(brugerAdminLog.tidspunkt), desc(brugerAdminLog.id));
    return rows.map((r) => ({
      id: r.id,
      tidspunkt: r.tidspunkt.toISOString(),
      handling: r.handling,
      udfoertAf: r.udfoertAf,
      foer: (r.foer as BrugerTilstand | null) ?? null,
      efter: (r.efter as BrugerTilstand | null) ?? null,
    }));
  });

  serve(app, gemBrugerRoller, async (request) => {
    const { brugerId } = request.params;
    const { roller, forrigeRoller } = request.body;
    const user = request.user;
    const ugyldige = roller.filter((r) => !(ADMIN_ROLLER as readonly string[]).includes(r));
    if (ugyldige.length > 0)
      throw felt400(
        'roller',
        ugyldige.includes('SystemAdmin')
          ? 'En kommuneadministrator kan ikke tildele rollen Systemadministrator'
          : 'Rollen TimeOut sættes med Suspender, ikke som en rolle',
      );
    const t = nu();
    const svar = await db.transaction(async (tx) => {
      const alle = await laasMedlemskaber(tx, user.kundeId);
      const m = alle.find((x) => x.brugerId === brugerId);
      if (!m) throw notFound('Brugeren');
      if (!sammeRoller(m.roller, forrigeRoller)) throw conflict(BRUGER_AENDRET_AF_ANDEN);
      // SystemAdmin and TimeOut are not this page's to grant or take: kept as they were.
      const bevar: string[] = m.roller.filter((r) => r === 'SystemAdmin' || r === 'TimeOut');
      const nye = ROLLER.filter((r) => roller.includes(r) || bevar.includes(r));
      if (sammeRoller(m.roller, nye)) return enRaekke(tx, user, brugerId, t);
      if (brugerId === user.brugerId && m.roller.includes('KommuneAdmin') && !nye.includes('KommuneAdmin'))
        throw conflict(
          'Du kan ikke fjerne din egen rolle som kommuneadministrator. Bed en anden administrator om at gøre det.',
        );
      const efter = { ...m, roller: nye };
      tjekAktivAdmin(alle, brugerId, efter, t);
      return gem(tx, user, m, efter, { roller: nye }, 'RollerAendret', t);
    });
    await adgangAendret(user.kundeId, brugerId);
    return svar;
  });

  serve(app, suspenderBruger, async (request) => {
    const { brugerId } = request.params;
    const { til, forrigeRoller } = request.body;
    const user = request.user;
    if (brugerId === user.brugerId) throw felt400('brugerId', 'Du kan ikke suspendere dig selv');
    const t = nu();
    // The suspension lasts to the end of its last day (Danish time is at most two hours ahead of UTC).
    const slut = til === null ? null : new Date(`${til}T23:59:59.999+01:00`);
    if (slut !== null && slut.getTime() <= t.getTime())
      throw felt400('til', 'Slutdatoen skal ligge i fremtiden');
    const svar = await db.transaction(async (tx) => {
      const alle = await laasMedlemskaber(tx, user.kundeId);
      const m = alle.find((x) => x.brugerId === brugerId);
      if (!m) throw notFound('Brugeren');
      // A system administrator serves every municipality: only another system administrator may lock them out.
      if (m.roller.includes('SystemAdmin') && !user.roller.includes('SystemAdmin'))
        throw forbidden('En kommuneadministrator kan ikke suspendere en systemadministrator');
      if (!sammeRoller(m.roller, forrigeRoller)) throw conflict(BRUGER_AENDRET_AF_ANDEN);
      const roller = m.roller.includes('TimeOut') ? m.roller : [...m.roller, 'TimeOut'];
      const efter = { ...m, roller, suspenderetTil: slut };
      tjekAktivAdmin(alle, brugerId, efter, t);
      return gem(tx, user, m, efter, { roller, suspenderetTil: slut }, 'Suspenderet', t);
    });
    await adgangAendret(user.kundeId, brugerId);
    return svar;
  });

  serve(app, genaktiverBruger, async (request) => {
    const { brugerId } = request.params;
    const user = request.user;
    const t = nu();
    const svar = await db.transaction(async (tx) => {
      const alle = await laasMedlemskaber(tx, user.kundeId);
      const m = alle.find((x) => x.brugerId === brugerId);
      if (!m) throw notFound('Brugeren');
      if (!m.roller.includes('TimeOut') && m.suspenderetTil === null) return enRaekke(tx, user, brugerId, t);
      const efter = { ...m, roller: m.roller.filter((r) => r !== 'TimeOut'), suspenderetTil: null };
      return gem(tx, user, m, efter, { roller: efter.roller, suspenderetTil: null }, 'Genaktiveret', t);
    });
    // Their access is back: every process reads the membership anew.
    await adgangAendret(user.kundeId, brugerId);
    return svar;
  });

  serve(app, opretBruger, async (request) => {
    const { username, navn, email, adgangskode, roller } = request.body;
    const user = request.user;
    if (roller.some((r) => !(ADMIN_ROLLER as readonly string[]).includes(r)))
      throw felt400('roller', 'En kommuneadministrator kan kun tildele de viste roller');
    const [findes] = await db.select({ id: bruger.id }).from(bruger).where(eq(bruger.username, username));
    // A user of another customer is not added here (nor revealed beyond the name being taken).
    if (findes) throw felt400('username', 'Brugernavnet er optaget; vælg et andet');
    const passwordHash = await hashPassword(adgangskode);
    const t = nu();
    const nye = ROLLER.filter((r) => roller.includes(r));
    const id = await db.transaction(async (tx) => {
      const [ny] = await tx
        .insert(bruger)
        .values({ username, navn, email, passwordHash })
        .onConflictDoNothing({ target: bruger.username })
        .returning({ id: bruger.id });
      if (!ny) throw felt400('username', 'Brugernavnet er optaget; vælg et andet');
      await tx.insert(brugerKunde).values({ brugerId: ny.id, kundeId: user.kundeId, roller: nye });
      await log(
        tx,
        user,
        ny.id,
        'Oprettet',
        null,
        { roller: nye, suspenderet: false, suspenderetTil: null },
        t,
      );
      return ny.id;
    });
    return enRaekke(db, user, id, t);
  });
}
