import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { kundeIdParamsSchema } from '../../contract/common';
import {
  brugerSettingsSchema,
  defaultBrugerSettings,
  gemKundeOpsaetningBodySchema,
  gemOpsaetningBodySchema,
  kundeListeSchema,
  kundeSettingsSchema,
  opsaetningResponseSchema,
  sortFavoritter,
} from '../../contract/session';
import { bruger, brugerKunde, kunde } from '../db/schema';
import { danskOrden } from '../db/sortering';
import type { Deps } from '../deps';
import { addFieldError, badRequest } from '../http/errors';
import { requireActiveKunde } from './entity-access';

/** Parses settings JSON text against a schema, answering 400 with the fields in error. */
function parseOpsaetning<T>(text: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest({ opsaetning: ['Opsætningen er ikke gyldig JSON'] });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = ['opsaetning', ...issue.path.map(String)].join('.');
      addFieldError(errors, field, issue.message);
    }
    throw badRequest(errors);
  }
  return parsed.data;
}

export async function brugerRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** User settings with defaults filled in for anything never saved. */
  app.get(
    '/Bruger/HentOpsaetning',
    { schema: { response: { 200: opsaetningResponseSchema } } },
    async (request) => {
      const [row] = await db
        .select({ opsaetning: bruger.opsaetning })
        .from(bruger)
        .where(eq(bruger.id, request.user.brugerId));
      let saved: Record<string, unknown> = {};
      try {
        saved = row?.opsaetning ? (JSON.parse(row.opsaetning) as Record<string, unknown>) : {};
      } catch {
        saved = {};
      }
      const merged = { ...defaultBrugerSettings(), activeKundeId: request.user.kundeId, ...saved };
      return { opsaetning: JSON.stringify(merged) };
    },
  );

  app.put('/Bruger/GemOpsaetning', { schema: { body: gemOpsaetningBodySchema } }, async (request, reply) => {
    const settings = parseOpsaetning(request.body.opsaetning, brugerSettingsSchema);
    await db
      .update(bruger)
      .set({ opsaetning: JSON.stringify(settings) })
      .where(eq(bruger.id, request.user.brugerId));
    return reply.code(204).send();
  });

  app.get(
    '/Bruger/HentKundeOpsaetning/:kundeId',
    { schema: { params: kundeIdParamsSchema, response: { 200: opsaetningResponseSchema } } },
    async (request) => {
      requireActiveKunde(request.user, request.params.kundeId);
      const [row] = await db
        .select({ opsaetning: brugerKunde.kundeOpsaetning })
        .from(brugerKunde)
        .where(
          and(eq(brugerKunde.brugerId, request.user.brugerId), eq(brugerKunde.kundeId, request.user.kundeId)),
        );
      return { opsaetning: row?.opsaetning ?? JSON.stringify({ favorites: [] }) };
    },
  );

  app.put(
    '/Bruger/GemKundeOpsaetning',
    { schema: { body: gemKundeOpsaetningBodySchema } },
    async (request, reply) => {
      requireActiveKunde(request.user, request.body.kundeId);
      const settings = parseOpsaetning(request.body.opsaetning, kundeSettingsSchema);
      const stored = { ...settings, favorites: sortFavoritter(settings.favorites) };
      await db
        .update(brugerKunde)
        .set({ kundeOpsaetning: JSON.stringify(stored) })
        .where(
          and(eq(brugerKunde.brugerId, request.user.brugerId), eq(brugerKunde.kundeId, request.user.kundeId)),
        );
      return reply.code(204).send();
    },
  );

  app.get(
    '/bruger/GetAvailableMunicipalitiesForUser',
    { schema: { response: { 200: kundeListeSchema } } },
    async (request) =>
      db
        .select({ kundeId: kunde.id, kundeNavn: kunde.navn })
        .from(brugerKunde)
        .innerJoin(kunde, eq(kunde.id, brugerKunde.kundeId))
        .where(eq(brugerKunde.brugerId, request.user.brugerId))
        .orderBy(...danskOrden(kunde.navn), kunde.id),
  );
}
