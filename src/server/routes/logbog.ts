import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hentAdHocOpgaver, hentLogbog, opretAdHocOpgave, opretLogbogNotat } from '../../contract/notes';
import { loadVirksomhed } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { adHocOpgave, bruger, logbog } from '../db/schema';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';

type NoteRow = {
  id: number;
  emne: string;
  notat: string;
  brugerId: number | null;
  bruger: string | null;
  dato: Date;
  virksomhedId: number;
};
const toNotat = (r: NoteRow) => ({ ...r, dato: r.dato.toISOString() });

/** The columns a note (log entry or ad hoc task) is read with, its author's name joined. */
const noteKolonner = (t: typeof logbog | typeof adHocOpgave) => ({
  id: t.id,
  emne: t.emne,
  notat: t.notat,
  brugerId: t.brugerId,
  bruger: bruger.navn,
  dato: t.dato,
  virksomhedId: t.virksomhedId,
});

/** The name of the signed-in user, who writes a new note. */
async function forfatter(db: Db, user: SessionUser): Promise<string | null> {
  const [row] = await db.select({ navn: bruger.navn }).from(bruger).where(eq(bruger.id, user.brugerId));
  return row?.navn ?? null;
}

/** A new note's columns: the signed-in user's, on a company or plant they may write to (else 403/404). */
async function nyNote(
  db: Db,
  user: SessionUser,
  body: { virksomhedId: number; emne: string; notat: string },
) {
  const target = await loadVirksomhed(db, user, body.virksomhedId, 'write');
  return {
    kundeId: target.kundeId,
    virksomhedId: target.id,
    emne: body.emne,
    notat: body.notat,
    brugerId: user.brugerId,
  };
}

/** Log entries and ad hoc tasks of a company or water plant: read with the read right, write with the caseworker right. */
export async function logbogRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, hentLogbog, async (request) => {
    await loadVirksomhed(db, request.user, request.params.id, 'read');
    const rows = await db
      .select(noteKolonner(logbog))
      .from(logbog)
      .leftJoin(bruger, eq(bruger.id, logbog.brugerId))
      .where(eq(logbog.virksomhedId, request.params.id))
      .orderBy(desc(logbog.dato), desc(logbog.id));
    return rows.map(toNotat);
  });

  serve(app, opretLogbogNotat, async (request) => {
    const [row] = await db
      .insert(logbog)
      .values(await nyNote(db, request.user, request.body))
      .returning();
    return toNotat({ ...row!, bruger: await forfatter(db, request.user) });
  });

  serve(app, hentAdHocOpgaver, async (request) => {
    await loadVirksomhed(db, request.user, request.params.id, 'read');
    const rows = await db
      .select({ ...noteKolonner(adHocOpgave), frist: adHocOpgave.frist, udfoert: adHocOpgave.udfoert })
      .from(adHocOpgave)
      .leftJoin(bruger, eq(bruger.id, adHocOpgave.brugerId))
      .where(eq(adHocOpgave.virksomhedId, request.params.id))
      .orderBy(desc(adHocOpgave.dato), desc(adHocOpgave.id));
    return rows.map((r) => ({ ...toNotat(r), frist: r.frist, udfoert: r.udfoert }));
  });

  serve(app, opretAdHocOpgave, async (request) => {
    const [row] = await db
      .insert(adHocOpgave)
      .values({ ...(await nyNote(db, request.user, request.body)), frist: request.body.frist ?? null })
      .returning();
    const r = row!;
    return {
      ...toNotat({ ...r, bruger: await forfatter(db, request.user) }),
      frist: r.frist,
      udfoert: r.udfoert,
    };
  });
}
