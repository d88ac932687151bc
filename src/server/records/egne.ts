import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { AnyEndpoint } from '../../contract/endpoint';
import { type AnyRecordKind, KUNDE_EJER, recordKonflikt } from '../../contract/record-kind';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { opdaterVersioneret, type Tx, tjekVersion } from '../db/versioneret';
import { serve } from '../http/endpoint';
import { conflict, notFound } from '../http/errors';

/**
 * The records of a kind on 'egne' paths (src/contract/record-kind.ts): customer-level objects kept in
 * tables of their own (phrases in `frase` ...), served on the endpoints the kind declares, from one
 * generic implementation: the owner scoped from the token (another customer's id is 404), creates and
 * versioned changes (stale → 409 with the kind's text), deletes where the kind declares one, the
 * kind's database checks and side effects as hooks in the write's transaction. What is the kind's own
 * is its SQL: how its rows are read (joins, order, the answer's shape) and which column a field is.
 */

/** A table with an id, a version and the owner's column (kunde_id, or a period's id). */
type EgenTabelT = PgTable & { id: PgColumn; version: PgColumn };

/** A record as the kind's reads answer it: at least its id and version. */
export type EgenRaekke = { id: number; version: number };

export interface EgenKind<R extends EgenRaekke = EgenRaekke> {
  kind: AnyRecordKind;
  tabel: EgenTabelT;
  /** The table's column of the owner's id, by its property name (`kundeId`). */
  ejerKolonne: string;
  /** A field's column where it is not the property of the field's own name. */
  kolonner?: Readonly<Record<string, string>>;
  /** The owner's rows as the kind answers them, narrowed by `hvor` (the kind's SQL: joins, order). */
  hent(db: Db | Tx, ejerId: number, hvor?: SQL): Promise<R[]>;
  /** The list's conditions from its query (a subject, a text). */
  filter?(query: Record<string, unknown>): SQL | undefined;
  /** 'Frasen': who was not found (404). */
  ikkeFundet: string;
  hooks?: EgenHooks<R>;
}

/** A write's context: the transaction, the user, the owner's id, the stored record (none on a create). */
export interface EgenKontekst<R> {
  tx: Db;
  user: SessionUser;
  ejerId: number;
  gemt: R | null;
}

export interface EgenHooks<R> {
  /** Runs first in a create's or change's transaction: checks against the database (throws 400). */
  tjek?(ctx: EgenKontekst<R>, input: Record<string, unknown>): Promise<void>;
  /** Column values of the write besides the input's (the standard mark of the first set). */
  beregn?(ctx: EgenKontekst<R>, input: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Runs after the row was written, in the same transaction. */
  efter?(ctx: EgenKontekst<R> & { id: number }, input: Record<string, unknown>): Promise<void>;
  /** Runs in the delete's transaction before the row is deleted; throws to refuse it. */
  foerSlet?(ctx: EgenKontekst<R> & { gemt: R }): Promise<void>;
}

/**
 * The owners of 'egne' kinds: the owner's id from the request. The customer is the token's; a path
 * that names it (`:kundeId`) must name that one (another answers 404).
 */
const EJER_ID: Readonly<Record<string, (user: SessionUser, params: Record<string, unknown>) => number>> = {
  [KUNDE_EJER.navn]: (user, params) => {
    if (params.kundeId !== undefined && params.kundeId !== user.kundeId) throw notFound('Kunden');
    return user.kundeId;
  },
};

/** The input's fields as the table's columns (read-only fields, and what is no field, left out). */
function tilKolonner(e: EgenKind<never>, input: Record<string, unknown>): Record<string, unknown> {
  const ud: Record<string, unknown> = {};
  for (const f of e.kind.felter) {
    if (f.skrivebeskyttet || !(f.navn in input)) continue;
    ud[e.kolonner?.[f.navn] ?? f.navn] = input[f.navn];
  }
  return ud;
}

const kolonne = (e: EgenKind<never>, navn: string) => (e.tabel as unknown as Record<string, PgColumn>)[navn]!;

/** Serves the kind's declared endpoints over its table. */
export function egenKindRoutes<R extends EgenRaekke>(e: EgenKind<R>) {
  return async (app: FastifyInstance, { db }: { db: Db }) => serveEgen(app, db, e);
}

function serveEgen<R extends EgenRaekke>(app: FastifyInstance, db: Db, e: EgenKind<R>): void {
  const { kind } = e;
  const ep = kind.egne;
  if (!ep) throw new Error(`${kind.art} erklærer ingen egne endpoints`);
  const ejerAf = EJER_ID[kind.owner.navn];
  if (!ejerAf) throw new Error(`Ingen ejer af egne poster med navnet ${kind.owner.navn}`);
  const konflikt = kind.konflikt ?? recordKonflikt(kind.navn);
  const ejerKolonne = kolonne(e as EgenKind<never>, e.ejerKolonne);
  const somKolonner = (input: Record<string, unknown>) => tilKolonner(e as EgenKind<never>, input);

  async function en(d: Db | Tx, ejerId: number, id: number): Promise<R> {
    const [r] = await e.hent(d, ejerId, eq(e.tabel.id, id));
    if (!r) throw notFound(e.ikkeFundet);
    return r;
  }

  /** The owner's id of a request (its path's params checked). */
  const ejerAfReq = (request: { user: SessionUser; params: unknown }) =>
    ejerAf(request.user, (request.params ?? {}) as Record<string, unknown>);

  serve(app, ep.liste as AnyEndpoint, (request) =>
    e.hent(db, ejerAfReq(request), e.filter?.((request.query ?? {}) as Record<string, unknown>)),
  );

  if (ep.hent)
    serve(app, ep.hent, (request) => en(db, ejerAf(request.user, {}), (request.params as { id: number }).id));

  serve(app, ep.opret as AnyEndpoint, async (request) => {
    const { user } = request;
    const ejerId = ejerAf(user, {});
    const input = request.body as Record<string, unknown>;
    const id = await db.transaction(async (tx) => {
      const ctx: EgenKontekst<R> = { tx, user, ejerId, gemt: null };
      await e.hooks?.tjek?.(ctx, input);
      const beregnet = (await e.hooks?.beregn?.(ctx, input)) ?? {};
      const [ny] = (await tx
        .insert(e.tabel)
        .values({ ...somKolonner(input), ...beregnet, [e.ejerKolonne]: ejerId } as never)
        .returning({ id: e.tabel.id })) as { id: number }[];
      await e.hooks?.efter?.({ ...ctx, id: ny!.id }, input);
      return ny!.id;
    });
    return en(db, ejerId, id);
  });

  serve(app, ep.ret as AnyEndpoint, async (request) => {
    const { user } = request;
    const ejerId = ejerAf(user, {});
    const { version, ...input } = request.body as Record<string, unknown> & { version: number };
    const gemt = await en(db, ejerId, (request.params as { id: number }).id);
    tjekVersion(version, gemt.version, konflikt);
    await db.transaction(async (tx) => {
      const ctx: EgenKontekst<R> = { tx, user, ejerId, gemt };
      await e.hooks?.tjek?.(ctx, input);
      const beregnet = (await e.hooks?.beregn?.(ctx, input)) ?? {};
      await opdaterVersioneret(
        tx,
        e.tabel,
        { id: gemt.id, version, hvor: eq(ejerKolonne, ejerId) },
        { ...somKolonner(input), ...beregnet } as never,
        konflikt,
        user,
      );
      await e.hooks?.efter?.({ ...ctx, id: gemt.id }, input);
    });
    return en(db, ejerId, gemt.id);
  });

  const slet = ep.slet;
  if (slet) {
    serve(app, slet as AnyEndpoint, async (request, reply) => {
      const { user } = request;
      const ejerId = ejerAf(user, {});
      const { version } = request.query as { version: number };
      await db.transaction(async (tx) => {
        const gemt = await en(tx, ejerId, (request.params as { id: number }).id);
        tjekVersion(version, gemt.version, konflikt);
        await e.hooks?.foerSlet?.({ tx, user, ejerId, gemt });
        const slettet = await tx
          .delete(e.tabel)
          .where(and(eq(e.tabel.id, gemt.id), eq(ejerKolonne, ejerId), eq(e.tabel.version, version)))
          .returning({ id: e.tabel.id });
        if (slettet.length === 0) throw conflict(konflikt);
      });
      return reply.code(204).send();
    });
  }
}
