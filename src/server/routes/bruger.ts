import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  brugerSettingsSchema,
  defaultBrugerSettings,
  gemBrugerOpsaetning,
  gemKundeOpsaetning,
  hentBrugerensKunder,
  hentBrugerOpsaetning,
  hentKundeOpsaetning,
  kundeSettingsSchema,
  sortFavoritter,
} from '../../contract/session';
import { requireActiveKunde } from '../auth/entitet-adgang';
import { bruger, brugerKunde, kunde } from '../db/schema';
import { danskOrden } from '../db/sortering';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { addFieldError, badRequest } from '../http/errors';

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

export async function brugerRoutes(app: FastifyInstance, { db }: Deps) {
  /** User settings with defaults filled in for anything never saved. */
  serve(app, hentBrugerOpsaetning, async (request) => {
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
  });

  serve(app, gemBrugerOpsaetning, async (request) => {
    const settings = parseOpsaetning(request.body.opsaetning, brugerSettingsSchema);
    await db
      .update(bruger)
      .set({ opsaetning: JSON.stringify(settings) })
      .where(eq(bruger.id, request.user.brugerId));
  });

  serve(app, hentKundeOpsaetning, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    const [row] = await db
      .select({ opsaetning: brugerKunde.kundeOpsaetning })
      .from(brugerKunde)
      .where(
        and(eq(brugerKunde.brugerId, request.user.brugerId), eq(brugerKunde.kundeId, request.user.kundeId)),
      );
    return { opsaetning: row?.opsaetning ?? JSON.stringify({ favorites: [] }) };
  });

  serve(app, gemKundeOpsaetning, async (request) => {
    requireActiveKunde(request.user, request.body.kundeId);
    const settings = parseOpsaetning(request.body.opsaetning, kundeSettingsSchema);
    const stored = { ...settings, favorites: sortFavoritter(settings.favorites) };
    await db
      .update(brugerKunde)
      .set({ kundeOpsaetning: JSON.stringify(stored) })
      .where(
        and(eq(brugerKunde.brugerId, request.user.brugerId), eq(brugerKunde.kundeId, request.user.kundeId)),
      );
  });

  serve(app, hentBrugerensKunder, (request) =>
    db
      .select({ kundeId: kunde.id, kundeNavn: kunde.navn })
      .from(brugerKunde)
      .innerJoin(kunde, eq(kunde.id, brugerKunde.kundeId))
      .where(eq(brugerKunde.brugerId, request.user.brugerId))
      .orderBy(...danskOrden(kunde.navn), kunde.id),
  );
}
