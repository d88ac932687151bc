import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contract/common';
import { ENTITETER, erVirksomhedEllerLandbrug } from '../../contract/entitet';
import {
  ARTER,
  type ArtDef,
  KOLONNE_FELTER,
  opretSchema,
  REGISTRERING_ARTER,
  type Registrering,
  type RegistreringArt,
  registreringKonflikt,
  registreringListeSchema,
  registreringSchema,
  retSchema,
  versionQuerySchema,
} from '../../contract/registreringer';
import { feltNormaliser, feltTom } from '../../contract/virksomhed';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { bruger, registrering, type virksomhed } from '../db/schema';
import { naesteVersion } from '../db/version';
import type { Deps } from '../deps';
import { badRequest, conflict, notFound } from '../http/errors';
import { loadVirksomhed } from './entity-access';
import { beskrivAendringer, FeltOpslag, LOG_EMNE, skrivLog, tjekFelter, visVaerdi } from './virksomhed';

type Row = typeof registrering.$inferSelect;
type VirksomhedRow = typeof virksomhed.$inferSelect;

const erKolonne = (navn: string) => (KOLONNE_FELTER as readonly string[]).includes(navn);

/** A record's fields as one flat object (columns and data), every field present. */
function felterAf(def: ArtDef, r: Row): Record<string, unknown> {
  const raw: Record<string, unknown> = {
    ...r.data,
    titel: r.titel,
    dato: r.dato,
    sagsbehandlerId: r.sagsbehandlerId,
  };
  return Object.fromEntries(def.felter.map((f) => [f.navn, feltNormaliser(f, raw[f.navn])]));
}

async function navneAf(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const unikke = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (unikke.length === 0) return new Map();
  const rows = await db
    .select({ id: bruger.id, navn: bruger.navn })
    .from(bruger)
    .where(inArray(bruger.id, unikke));
  return new Map(rows.map((r) => [r.id, r.navn]));
}

async function svar(db: Db, def: ArtDef, rows: Row[]): Promise<Registrering[]> {
  const navne = await navneAf(
    db,
    rows.flatMap((r) => [r.sagsbehandlerId, r.oprettetAf, r.opdateretAf]),
  );
  const navn = (id: number | null) => (id === null ? null : (navne.get(id) ?? null));
  return rows.map((r) => ({
    id: r.id,
    virksomhedId: r.virksomhedId,
    art: def.art,
    version: r.version,
    sagsbehandler: navn(r.sagsbehandlerId),
    oprettet: r.oprettet.toISOString(),
    oprettetAf: navn(r.oprettetAf),
    opdateret: r.opdateret.toISOString(),
    opdateretAf: navn(r.opdateretAf),
    titel: r.titel,
    dato: r.dato,
    sagsbehandlerId: r.sagsbehandlerId,
    ...felterAf(def, r),
  }));
}

/** Splits validated input into the columns and the kind's data. */
function tilRaekke(def: ArtDef, input: Record<string, unknown>) {
  const data: Record<string, unknown> = {};
  for (const f of def.felter) if (!erKolonne(f.navn)) data[f.navn] = input[f.navn];
  return {
    titel: input.titel as string,
    dato: (input.dato as string | null) ?? null,
    sagsbehandlerId: (input.sagsbehandlerId as number | null) ?? null,
    data,
  };
}

/** The kind must exist for the company: dyrehold only on farms. */
function tjekArt(def: ArtDef, v: VirksomhedRow): void {
  if (!erVirksomhedEllerLandbrug(v.type) || (def.kunLandbrug && v.type !== ENTITETER.landbrug.type))
    throw notFound(def.navn);
}

const beskrivelse = (def: ArtDef, titel: string) => `${def.navn} '${titel}'`;

/**
 * The records of a company or farm, one generic implementation over table `registrering` for every
 * kind, with the kind in the path:
 *   GET    virksomhed/{id}/{art}      the company's records of the kind, newest first
 *   POST   virksomhed/{id}/{art}      create (201)
 *   GET    {art}/{id}                 one record
 *   PUT    {art}/{id}                 change (body carries version; stale → 409)
 *   DELETE {art}/{id}?version=        delete (soft; stale → 409)
 * Read right of the company's type to look, caseworker right to change; another customer's id is 404.
 */
export async function registreringRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Loads a live record of the user's customer and checks the right on its company. */
  async function hentRegistrering(user: SessionUser, def: ArtDef, id: number, mode: 'read' | 'write') {
    const [r] = await db
      .select()
      .from(registrering)
      .where(
        and(
          eq(registrering.id, id),
          eq(registrering.art, def.art),
          eq(registrering.kundeId, user.kundeId),
          eq(registrering.slettet, false),
        ),
      );
    if (!r) throw notFound(def.navn);
    const v = await loadVirksomhed(db, user, r.virksomhedId, mode);
    tjekArt(def, v);
    return { r, v };
  }

  for (const art of REGISTRERING_ARTER) {
    const def = ARTER[art];
    const itemSchema = registreringSchema(art);

    app.get(
      `/virksomhed/:id/${art}`,
      { schema: { params: idParamsSchema, response: { 200: registreringListeSchema(art) } } },
      async (request) => {
        const v = await loadVirksomhed(db, request.user, request.params.id, 'read');
        tjekArt(def, v);
        const rows = await db
          .select()
          .from(registrering)
          .where(
            and(
              eq(registrering.virksomhedId, v.id),
              eq(registrering.art, art),
              eq(registrering.slettet, false),
            ),
          )
          .orderBy(
            desc(sql`COALESCE(${registrering.dato}, ${registrering.oprettet}::date)`),
            desc(registrering.id),
          );
        return svar(db, def, rows);
      },
    );

    app.post(
      `/virksomhed/:id/${art}`,
      { schema: { params: idParamsSchema, body: opretSchema(art), response: { 201: itemSchema } } },
      async (request, reply) => {
        const user = request.user;
        const v = await loadVirksomhed(db, user, request.params.id, 'write');
        tjekArt(def, v);
        if (def.kraeverBrugerbetaling && !v.omfattetAfBrugerbetaling) {
          throw badRequest(
            { omfattetAfBrugerbetaling: ['Virksomheden er ikke omfattet af brugerbetaling'] },
            'Virksomheden er ikke omfattet af brugerbetaling',
          );
        }
        const input = request.body as Record<string, unknown>;
        const created = await db.transaction(async (tx) => {
          const opslag = new FeltOpslag(tx, user.kundeId, v);
          const errors = await tjekFelter(opslag, def.felter, v.type, input, {});
          if (Object.keys(errors).length > 0) throw badRequest(errors);
          const [r] = await tx
            .insert(registrering)
            .values({
              kundeId: user.kundeId,
              virksomhedId: v.id,
              art,
              ...tilRaekke(def, input),
              oprettetAf: user.brugerId,
              opdateretAf: user.brugerId,
            })
            .returning();
          const felter: string[] = [];
          for (const f of def.felter) {
            if (f.navn === 'titel' || JSON.stringify(input[f.navn] ?? null) === JSON.stringify(feltTom(f)))
              continue;
            felter.push(`${f.label}: ${await visVaerdi(opslag, f, input[f.navn])}`);
          }
          await skrivLog(
            tx,
            user,
            v.id,
            LOG_EMNE[art],
            `${beskrivelse(def, r!.titel)} oprettet${felter.length > 0 ? `: ${felter.join('; ')}` : ''}.`,
          );
          return r!;
        });
        const [item] = await svar(db, def, [created]);
        return reply.code(201).send(item!);
      },
    );

    app.get(
      `/${art}/:id`,
      { schema: { params: idParamsSchema, response: { 200: itemSchema } } },
      async (request) => {
        const { r } = await hentRegistrering(request.user, def, request.params.id, 'read');
        const [item] = await svar(db, def, [r]);
        return item;
      },
    );

    app.put(
      `/${art}/:id`,
      { schema: { params: idParamsSchema, body: retSchema(art), response: { 200: itemSchema } } },
      async (request) => {
        const user = request.user;
        const { r, v } = await hentRegistrering(user, def, request.params.id, 'write');
        const input = request.body as Record<string, unknown> & { version: number };
        if (input.version !== r.version) throw conflict(registreringKonflikt(def.navn));
        const updated = await db.transaction(async (tx) => {
          const opslag = new FeltOpslag(tx, user.kundeId, v);
          const gamle = felterAf(def, r);
          const errors = await tjekFelter(opslag, def.felter, v.type, input, gamle);
          if (Object.keys(errors).length > 0) throw badRequest(errors);
          const [u] = await tx
            .update(registrering)
            .set({
              ...tilRaekke(def, input),
              version: naesteVersion,
              opdateret: new Date(),
              opdateretAf: user.brugerId,
            })
            .where(
              and(
                eq(registrering.id, r.id),
                eq(registrering.version, input.version),
                eq(registrering.slettet, false),
              ),
            )
            .returning();
          if (!u) throw conflict(registreringKonflikt(def.navn));
          const aendringer = await beskrivAendringer(opslag, def.felter, gamle, input);
          if (aendringer.length > 0) {
            await skrivLog(
              tx,
              user,
              v.id,
              LOG_EMNE[art],
              `${beskrivelse(def, r.titel)} ændret: ${aendringer.join('; ')}.`,
            );
          }
          return u;
        });
        const [item] = await svar(db, def, [updated]);
        return item;
      },
    );

    app.delete(
      `/${art}/:id`,
      { schema: { params: idParamsSchema, querystring: versionQuerySchema } },
      async (request, reply) => {
        const user = request.user;
        const { r, v } = await hentRegistrering(user, def, request.params.id, 'write');
        if (request.query.version !== r.version) throw conflict(registreringKonflikt(def.navn));
        await db.transaction(async (tx) => {
          const [u] = await tx
            .update(registrering)
            .set({
              slettet: true,
              version: naesteVersion,
              opdateret: new Date(),
              opdateretAf: user.brugerId,
            })
            .where(
              and(
                eq(registrering.id, r.id),
                eq(registrering.version, request.query.version),
                eq(registrering.slettet, false),
              ),
            )
            .returning({ id: registrering.id });
          if (!u) throw conflict(registreringKonflikt(def.navn));
          await skrivLog(tx, user, v.id, LOG_EMNE[art], `${beskrivelse(def, r.titel)} slettet.`);
        });
        return reply.code(204).send();
      },
    );
  }
}

export type { RegistreringArt };
