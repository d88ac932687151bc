import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { AnyEndpoint } from '../../contract/endpoint';
import { type AnyRecordKind, KUNDE_EJER, PERIODE_EJER, recordKonflikt } from '../../contract/record-kind';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { hentPeriode } from '../db/perioder';
import { opdaterVersioneret, sletBloedt, type Tx, tjekVersion } from '../db/versioneret';
import { serve } from '../http/endpoint';
import { conflict, notFound } from '../http/errors';

/**
 * The records of a kind on 'egne' paths (src/contract/record-kind.ts): customer- and period-level
 * objects kept in tables of their own (phrases in `frase`, resources in `planlaegning_ressource` ...), served on the endpoints the kind declares, from one
 * generic implementation: the owner scoped from the token (another customer's id is 404), creates and
 * versioned changes (stale → 409 with the kind's text), deletes where the kind declares one, the
 * kind's database checks and side effects as hooks in the write's transaction. What is the kind's own
 * is its SQL: how its rows are read (joins, order, the answer's shape) and which column a field is.
 */

/** A table with an id, a version and the owner's column (kunde_id, or a period's id). */
type EgenTabelT = PgTable & { id: PgColumn; version: PgColumn };

/** A record as the kind's reads answer it: at least its id and version. */
export type EgenRaekke = { id: number; version: number };
/** Any kind's record: its version, and its id in the kind's `idFelt`. */
type EnRaekke = { version: number };

export interface EgenKind<R extends EnRaekke = EgenRaekke> {
  kind: AnyRecordKind;
  tabel: EgenTabelT;
  /** The table's column of the owner's id, by its property name (`kundeId`). */
  ejerKolonne: string;
  /**
   * A field's column where it is not the property of the field's own name, and how its value is
   * stored where it is not as the field has it (hours kept as half hours).
   */
  kolonner?: Readonly<Record<string, string | { kolonne: string; skriv(v: unknown): unknown }>>;
  /** The owner's rows as the kind answers them, narrowed by `hvor` (the kind's SQL: joins, order). */
  hent(db: Db | Tx, ejerId: number, hvor?: SQL): Promise<R[]>;
  /**
   * One record by its id (the kind's `idFelt`), where a condition on the table cannot find it (a
   * record that exists before its row); default `hent` narrowed to the id's column.
   */
  hentEn?(db: Db | Tx, ejerId: number, id: number): Promise<R | undefined>;
  /** The list answer's properties besides its records (with `raekker` on the kind's endpoints). */
  listeTillaeg?(db: Db, ejerId: number): Promise<Record<string, unknown>>;
  /**
   * Records exist before their rows (a case worker's standard hours, version 0): a change of version
   * 0 writes the row (a concurrent first change loses, 409); there is no create.
   */
  raekkeVedFoersteRet?: boolean;
  /**
   * The owner of a stored record where the record's path does not name it (a follow-up row's
   * period), read from the record's row within the token's customer; none: 404.
   */
  ejerAfPost?(db: Db, user: SessionUser, id: number): Promise<number | undefined>;
  /** A delete marks the row `slettet` (the kind's reads leave such rows out) instead of deleting it. */
  bloedSlet?: boolean;
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

type EjerAf = (db: Db, user: SessionUser, params: Record<string, unknown>) => Promise<number>;

/**
 * The owners of 'egne' kinds: the owner's id from the request's params (the record's own left out;
 * a create whose path names no owner: the body's value of the owner's column, `periodeId`).
 * The customer is the token's; a path that names it (`:kundeId`) must name that one (another answers
 * 404). A period is the request's, and must be one of the token's customer (another answers 404).
 */
const EJER_ID: Readonly<Record<string, EjerAf>> = {
  [KUNDE_EJER.navn]: async (_db, user, params) => {
    if (params.kundeId !== undefined && params.kundeId !== user.kundeId) throw notFound('Kunden');
    return user.kundeId;
  },
  [PERIODE_EJER.navn]: async (db, user, params) => {
    const [periodeId] = Object.values(params);
    if (typeof periodeId !== 'number') throw new Error('Periodens id mangler i stien');
    return (await hentPeriode(db, user, periodeId)).id;
  },
};

/** A change of a kind on 'egne' paths writes no company's log. */
const INGEN_LOG = { virksomhedId: 0, emne: '', notat: null };

/** A field's column and how its value is stored. */
function kolonneAf(e: EgenKind<never>, navn: string) {
  const k = e.kolonner?.[navn];
  return typeof k === 'object' ? k : { kolonne: k ?? navn, skriv: (v: unknown) => v };
}

/** The input's fields as the table's columns (read-only fields, and what is no field, left out). */
function tilKolonner(e: EgenKind<never>, input: Record<string, unknown>): Record<string, unknown> {
  const ud: Record<string, unknown> = {};
  for (const f of e.kind.felter) {
    if (f.skrivebeskyttet || !(f.navn in input)) continue;
    const k = kolonneAf(e, f.navn);
    ud[k.kolonne] = k.skriv(input[f.navn]);
  }
  return ud;
}

const kolonne = (e: EgenKind<never>, navn: string) => (e.tabel as unknown as Record<string, PgColumn>)[navn]!;

/** Serves the kind's declared endpoints over its table. */
export function egenKindRoutes<R extends EnRaekke>(e: EgenKind<R>) {
  return async (app: FastifyInstance, { db }: { db: Db }) => serveEgen(app, db, e);
}

function serveEgen<R extends EnRaekke>(app: FastifyInstance, db: Db, e: EgenKind<R>): void {
  const { kind } = e;
  const ep = kind.egne;
  if (!ep) throw new Error(`${kind.art} erklærer ingen egne endpoints`);
  const ejerAf = EJER_ID[kind.owner.navn];
  if (!ejerAf) throw new Error(`Ingen ejer af egne poster med navnet ${kind.owner.navn}`);
  const konflikt = kind.konflikt ?? recordKonflikt(kind.navn);
  const ejerKolonne = kolonne(e as EgenKind<never>, e.ejerKolonne);
  const somKolonner = (input: Record<string, unknown>) => tilKolonner(e as EgenKind<never>, input);

  // A record's id: the kind's id field (default `id`), its column and its path parameter.
  const idFelt = kind.idFelt ?? 'id';
  const idKolonne = kolonne(e as EgenKind<never>, kolonneAf(e as EgenKind<never>, idFelt).kolonne);
  const idAf = (r: R) => (r as unknown as Record<string, number>)[idFelt]!;

  async function en(d: Db | Tx, ejerId: number, id: number): Promise<R> {
    const r = e.hentEn ? await e.hentEn(d, ejerId, id) : (await e.hent(d, ejerId, eq(idKolonne, id)))[0];
    if (!r) throw notFound(e.ikkeFundet);
    return r;
  }

  /**
   * The owner's id of a request, checked: the list's params are all the owner's; a record's path
   * besides the record's own parameter, else the record's row (`ejerAfPost`); a create's path, else
   * its body's value of the owner's column.
   */
  const ejerAfReq = async (
    request: { user: SessionUser; params: unknown; body?: unknown },
    art: 'liste' | 'en' | 'opret',
  ) => {
    const alle = (request.params ?? {}) as Record<string, unknown>;
    const { [idFelt]: _id, ...params } = alle;
    if (art === 'liste') return ejerAf(db, request.user, alle);
    if (Object.keys(params).length > 0) return ejerAf(db, request.user, params);
    if (art === 'en' && e.ejerAfPost) {
      const ejerId = await e.ejerAfPost(db, request.user, alle[idFelt] as number);
      if (ejerId === undefined) throw notFound(e.ikkeFundet);
      return ejerAf(db, request.user, { [e.ejerKolonne]: ejerId });
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    return ejerAf(
      db,
      request.user,
      art === 'opret' && e.ejerKolonne in body ? { [e.ejerKolonne]: body[e.ejerKolonne] } : {},
    );
  };
  /** The record's id in a request's path. */
  const idAfReq = (request: { params: unknown }) => (request.params as Record<string, number>)[idFelt]!;

  serve(app, ep.liste as AnyEndpoint, async (request) => {
    const ejerId = await ejerAfReq(request, 'liste');
    const raekker = await e.hent(db, ejerId, e.filter?.((request.query ?? {}) as Record<string, unknown>));
    return ep.raekker ? { [ep.raekker]: raekker, ...(await e.listeTillaeg?.(db, ejerId)) } : raekker;
  });

  if (ep.hent)
    serve(app, ep.hent, async (request) => en(db, await ejerAfReq(request, 'en'), idAfReq(request)));

  if (ep.opret)
    serve(app, ep.opret as AnyEndpoint, async (request) => {
      const { user } = request;
      const ejerId = await ejerAfReq(request, 'opret');
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
    const ejerId = await ejerAfReq(request, 'en');
    const { version, ...input } = request.body as Record<string, unknown> & { version: number };
    const gemt = await en(db, ejerId, idAfReq(request));
    tjekVersion(version, gemt.version, konflikt);
    const id = idAf(gemt);
    await db.transaction(async (tx) => {
      const ctx: EgenKontekst<R> = { tx, user, ejerId, gemt };
      await e.hooks?.tjek?.(ctx, input);
      const beregnet = (await e.hooks?.beregn?.(ctx, input)) ?? {};
      const saet = { ...somKolonner(input), ...beregnet };
      if (e.raekkeVedFoersteRet) await retRaekke(tx, user, ejerId, id, version, saet);
      else
        await opdaterVersioneret(
          tx,
          e.tabel,
          { id, version, hvor: eq(ejerKolonne, ejerId) },
          saet as never,
          konflikt,
          user,
        );
      await e.hooks?.efter?.({ ...ctx, id }, input);
    });
    return en(db, ejerId, id);
  });

  /**
   * A change of a record that exists before its row: version 0 writes the row (a concurrent first
   * change loses: 409); a later one changes the row of the record's id.
   */
  async function retRaekke(
    tx: Db,
    user: SessionUser,
    ejerId: number,
    id: number,
    version: number,
    saet: Record<string, unknown>,
  ) {
    const ejer = eq(ejerKolonne, ejerId);
    if (version === 0) {
      const ny = await tx
        .insert(e.tabel)
        .values({
          ...saet,
          [e.ejerKolonne]: ejerId,
          [kolonneAf(e as EgenKind<never>, idFelt).kolonne]: id,
        } as never)
        .onConflictDoNothing()
        .returning({ id: e.tabel.id });
      if (ny.length === 0) throw conflict(konflikt);
      return;
    }
    const [r] = await tx
      .select({ id: e.tabel.id })
      .from(e.tabel as PgTable)
      .where(and(ejer, eq(idKolonne, id)));
    if (!r) throw conflict(konflikt);
    await opdaterVersioneret(
      tx,
      e.tabel,
      { id: r.id as number, version, hvor: ejer },
      saet as never,
      konflikt,
      user,
    );
  }

  const slet = ep.slet;
  if (slet) {
    serve(app, slet as AnyEndpoint, async (request, reply) => {
      const { user } = request;
      const ejerId = await ejerAfReq(request, 'en');
      const { version } = request.query as { version: number };
      await db.transaction(async (tx) => {
        const gemt = await en(tx, ejerId, idAfReq(request));
        tjekVersion(version, gemt.version, konflikt);
        await e.hooks?.foerSlet?.({ tx, user, ejerId, gemt });
        if (e.bloedSlet) {
          // No company's log: the kinds on 'egne' paths have none.
          await sletBloedt(tx, e.tabel as never, { id: idAf(gemt), version }, {}, konflikt, user, INGEN_LOG);
          return;
        }
        const slettet = await tx
          .delete(e.tabel)
          .where(and(eq(idKolonne, idAf(gemt)), eq(ejerKolonne, ejerId), eq(e.tabel.version, version)))
          .returning({ id: e.tabel.id });
        if (slettet.length === 0) throw conflict(konflikt);
      });
      return reply.code(204).send();
    });
  }
}
