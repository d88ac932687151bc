import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contract/common';
import {
  adHocOpgaveListeSchema,
  adHocOpgaveSchema,
  notatListeSchema,
  notatSchema,
  opretAdHocOpgaveSchema,
  opretNotatSchema,
} from '../../contract/notes';
import { adHocOpgave, bruger, logbog } from '../db/schema';
import type { Deps } from '../deps';
import { loadVirksomhed } from './entity-access';

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

/** Log entries and ad hoc tasks of a company or water plant: read with the read right, write with the caseworker right. */
export async function logbogRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/logbog/list/:id',
    { schema: { params: idParamsSchema, response: { 200: notatListeSchema } } },
    async (request) => {
      await loadVirksomhed(db, request.user, request.params.id, 'read');
      const rows = await db
        .select({
          id: logbog.id,
          emne: logbog.emne,
          notat: logbog.notat,
          brugerId: logbog.brugerId,
          bruger: bruger.navn,
          dato: logbog.dato,
          virksomhedId: logbog.virksomhedId,
        })
        .from(logbog)
        .leftJoin(bruger, eq(bruger.id, logbog.brugerId))
        .where(eq(logbog.virksomhedId, request.params.id))
        .orderBy(desc(logbog.dato), desc(logbog.id));
      return rows.map(toNotat);
    },
  );

  app.post(
    '/logbog',
    { schema: { body: opretNotatSchema, response: { 201: notatSchema } } },
    async (request, reply) => {
      const target = await loadVirksomhed(db, request.user, request.body.virksomhedId, 'write');
      const [row] = await db
        .insert(logbog)
        .values({
          kundeId: target.kundeId,
          virksomhedId: target.id,
          emne: request.body.emne,
          notat: request.body.notat,
          brugerId: request.user.brugerId,
        })
        .returning();
      const [author] = await db
        .select({ navn: bruger.navn })
        .from(bruger)
        .where(eq(bruger.id, request.user.brugerId));
      return reply.code(201).send(toNotat({ ...row!, bruger: author?.navn ?? null }));
    },
  );

  app.get(
    '/AdHocOpgave/list/:id',
    { schema: { params: idParamsSchema, response: { 200: adHocOpgaveListeSchema } } },
    async (request) => {
      await loadVirksomhed(db, request.user, request.params.id, 'read');
      const rows = await db
        .select({
          id: adHocOpgave.id,
          emne: adHocOpgave.emne,
          notat: adHocOpgave.notat,
          brugerId: adHocOpgave.brugerId,
          bruger: bruger.navn,
          dato: adHocOpgave.dato,
          virksomhedId: adHocOpgave.virksomhedId,
          frist: adHocOpgave.frist,
          udfoert: adHocOpgave.udfoert,
        })
        .from(adHocOpgave)
        .leftJoin(bruger, eq(bruger.id, adHocOpgave.brugerId))
        .where(eq(adHocOpgave.virksomhedId, request.params.id))
        .orderBy(desc(adHocOpgave.dato), desc(adHocOpgave.id));
      return rows.map((r) => ({ ...toNotat(r), frist: r.frist, udfoert: r.udfoert }));
    },
  );

  app.post(
    '/AdHocOpgave',
    { schema: { body: opretAdHocOpgaveSchema, response: { 201: adHocOpgaveSchema } } },
    async (request, reply) => {
      const target = await loadVirksomhed(db, request.user, request.body.virksomhedId, 'write');
      const [row] = await db
        .insert(adHocOpgave)
        .values({
          kundeId: target.kundeId,
          virksomhedId: target.id,
          emne: request.body.emne,
          notat: request.body.notat,
          frist: request.body.frist ?? null,
          brugerId: request.user.brugerId,
        })
        .returning();
      const [author] = await db
        .select({ navn: bruger.navn })
        .from(bruger)
        .where(eq(bruger.id, request.user.brugerId));
      const r = row!;
      return reply
        .code(201)
        .send({ ...toNotat({ ...r, bruger: author?.navn ?? null }), frist: r.frist, udfoert: r.udfoert });
    },
  );
}
