import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AnyEndpoint } from '../../contract/endpoint';
import { feltTom } from '../../contract/felter';
import { iDagAf } from '../../contract/format';
import {
  type AnyRecord,
  type AnyRecordKind,
  datoFeltAf,
  KOLONNE_FELTER,
  recordEndpoints,
  recordKonflikt,
} from '../../contract/record-kind';
import { ARTER, BRUGERBETALING, REGISTRERING_ARTER } from '../../contract/registreringer';
import { feltNormaliser } from '../../contract/virksomhed';
import type { SessionUser } from '../auth/session-user';
import { brugerNavne } from '../db/brugernavne';
import { type Db, queryRows, sqlState } from '../db/client';
import { registrering } from '../db/schema';
import { opdaterVersioneret, skrivLog, sletBloedt, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest, conflict, type HttpError, notFound } from '../http/errors';
import { beskrivAendringer, FeltOpslag, tjekFelter, visVaerdi } from '../records/felter';
import { EJERE, type EjerRaekke, type EjerRegister, ejerLoader } from './record-owners';

type Row = typeof registrering.$inferSelect;

/** Whether a kind's field is a column of `registrering` (its date field is kept in `dato`). */
const erKolonne = (kind: AnyRecordKind, navn: string) =>
  navn === datoFeltAf(kind) || (navn !== 'dato' && (KOLONNE_FELTER as readonly string[]).includes(navn));

/** A record's fields as one flat object (columns and data), every field present. */
function felterAf(kind: AnyRecordKind, r: Row): Record<string, unknown> {
  const raw: Record<string, unknown> = {
    ...r.data,
    titel: r.titel,
    [datoFeltAf(kind)]: r.dato,
    sagsbehandlerId: r.sagsbehandlerId,
  };
  return Object.fromEntries(kind.felter.map((f) => [f.navn, feltNormaliser(f, raw[f.navn])]));
}

/** Today as YYYY-MM-DD by the server's clock (a kind's derived fields). */

export async function svar(
  db: Db,
  kind: AnyRecordKind,
  rows: Row[],
  clock?: () => Date,
): Promise<AnyRecord[]> {
  const navne = await brugerNavne(
    db,
    rows.flatMap((r) => [r.sagsbehandlerId, r.oprettetAf, r.opdateretAf]),
  );
  const navn = (id: number | null) => (id === null ? null : (navne.get(id) ?? null));
  const iDag = iDagAf(clock);
  return rows.map((r) => {
    const felter = felterAf(kind, r);
    return {
      id: r.id,
      virksomhedId: r.virksomhedId,
      art: kind.art,
      version: r.version,
      sagsbehandler: navn(r.sagsbehandlerId),
      oprettet: r.oprettet.toISOString(),
      oprettetAf: navn(r.oprettetAf),
      opdateret: r.opdateret.toISOString(),
      opdateretAf: navn(r.opdateretAf),
      titel: r.titel,
      dato: r.dato,
      sagsbehandlerId: r.sagsbehandlerId,
      ...felter,
      ...kind.afled?.(felter, iDag),
    };
  });
}

/**
 * Splits validated input into the columns and the kind's data. Read-only fields are never taken from
 * the input: their stored values (set by the system, e.g. a SAT transfer date) are kept.
 */
function tilRaekke(kind: AnyRecordKind, input: Record<string, unknown>, gemt: Record<string, unknown> = {}) {
  const data: Record<string, unknown> = {};
  for (const f of kind.felter) {
    if (erKolonne(kind, f.navn)) continue;
    if (f.skrivebeskyttet) {
      if (gemt[f.navn] !== undefined) data[f.navn] = gemt[f.navn];
    } else data[f.navn] = input[f.navn];
  }
  return {
    titel: input.titel as string,
    dato: (input[datoFeltAf(kind)] as string | null) ?? null,
    sagsbehandlerId: (input.sagsbehandlerId as number | null) ?? null,
    data,
  };
}

const beskrivelse = (kind: AnyRecordKind, titel: string) => `${kind.navn} '${titel}'`;

/**
 * A create that a unique index refuses (two saves at once of a kind an owner may have one of) answers
 * 409 in Danish, not 500; the kind's hook normally says so first with a 400.
 */
const unikFejl =
  (kind: AnyRecordKind) =>
  (err: unknown): never => {
    if (sqlState(err) === '23505')
      throw conflict(`${kind.navn} er netop oprettet af en anden. Genindlæs for at se den.`);
    throw err;
  };

/** A live record of the kind `id` of the customer; 404 with the kind's name for any other id. */
export async function levendeRegistrering(
  db: Db,
  kundeId: number,
  kind: AnyRecordKind,
  id: number,
): Promise<Row> {
  const [r] = await db
    .select()
    .from(registrering)
    .where(
      and(
        eq(registrering.id, id),
        eq(registrering.art, kind.art),
        eq(registrering.kundeId, kundeId),
        eq(registrering.slettet, false),
      ),
    );
  if (!r) throw notFound(kind.navn);
  return r;
}

/** An owner's live records of one kind, newest first (by date, else by when they were made). */
export function levendeRegistreringer(db: Db, ejerId: number, art: string): Promise<Row[]> {
  return db
    .select()
    .from(registrering)
    .where(
      and(eq(registrering.virksomhedId, ejerId), eq(registrering.art, art), eq(registrering.slettet, false)),
    )
    .orderBy(
      desc(sql`COALESCE(${registrering.dato}, ${registrering.oprettet}::date)`),
      desc(registrering.id),
    );
}

/**
 * The records of any owner, one generic implementation over table `registrering`: every declared
 * kind's five endpoints (src/contract/record-kind.ts `recordEndpoints`) served from its declaration,
 * the owner loaded (and its right checked) by the owner's loader from the register, every change
 * written to the owner's log in the same transaction, a stale version answered 409 with the kind's
 * text. Another customer's id is 404.
 */
export function recordRoutes(
  kinds: readonly AnyRecordKind[],
  ejere: EjerRegister = EJERE,
  hooks: RecordHooks = {},
) {
  return async (app: FastifyInstance, { db, clock }: Pick<Deps, 'db' | 'clock'>) => {
    for (const kind of kinds) serveKind(app, db, kind, ejere, hooks, clock);
  };
}

/**
 * A kind's server-side rules that need the database (at most one valid permit per plant at a date):
 * run in the save's transaction after the field checks; the errors they return (field → messages)
 * answer 400 like the field checks' do.
 */
export interface RecordHook {
  tjek?(ctx: {
    tx: Db;
    user: SessionUser;
    ejer: EjerRaekke;
    /** The record being changed; null for a new one. */
    id: number | null;
    input: Record<string, unknown>;
  }): Promise<Record<string, string[]>>;
  /**
   * Values of the kind's read-only fields computed when the record is saved (a fee's rate and amount
   * from the fee type valid on its date), in the save's transaction after the checks.
   */
  beregn?(ctx: {
    tx: Db;
    user: SessionUser;
    ejer: EjerRaekke;
    /** The record being changed; null for a new one. */
    id: number | null;
    input: Record<string, unknown>;
  }): Promise<Record<string, unknown>>;
  /**
   * Runs in the delete's transaction before the record is deleted; throws (an HttpError) to refuse
   * the delete (a SAT result still in the SAT system, an invoiced fee).
   */
  foerSlet?(ctx: { tx: Db; user: SessionUser; ejer: EjerRaekke; id: number }): Promise<void>;
  /** Runs in the change's transaction after the record was written (kept in step: the plant's permitted quantity). */
  efter?(ctx: {
    tx: Db;
    user: SessionUser;
    ejer: EjerRaekke;
    id: number;
    handling: 'opret' | 'ret' | 'slet';
  }): Promise<void>;
}
export type RecordHooks = Readonly<Record<string, RecordHook>>;

function serveKind(
  app: FastifyInstance,
  db: Db,
  kind: AnyRecordKind,
  ejere: EjerRegister,
  hooks: RecordHooks,
  clock?: () => Date,
) {
  const ep = recordEndpoints(kind);
  const hook = hooks[kind.art];
  const ejer = ejerLoader(ejere, kind.owner);
  const konflikt = recordKonflikt(kind.navn);

  /** The owner, with the right checked; an owner of a type without the kind is 404 with the kind's name. */
  async function hentEjer(user: SessionUser, id: number, mode: 'read' | 'write'): Promise<EjerRaekke> {
    const e = await ejer.load(db, user, id, mode);
    if ((ejer.typer && !ejer.typer.includes(e.type)) || (kind.kunForType && e.type !== kind.kunForType))
      throw notFound(kind.navn);
    return e;
  }

  /** Loads a live record of the user's customer and checks the right on its owner. */
  async function hentRegistrering(user: SessionUser, id: number, mode: 'read' | 'write') {
    const r = await levendeRegistrering(db, user.kundeId, kind, id);
    return { r, e: await hentEjer(user, r.virksomhedId, mode) };
  }

  /** On 'art-type' paths the row must be of a type the path's {type} names, else 404. */
  function tjekType(e: EjerRaekke, params: unknown): void {
    const segmenter = kind.owner.typeSegmenter;
    if (kind.owner.stier !== 'art-type' || !segmenter) return;
    const type = (params as { type: string }).type;
    if (!segmenter[type]?.includes(e.type)) throw notFound(kind.navn);
  }

  if (!kind.egenListe) {
    serve(app, ep.liste as AnyEndpoint, async (request) => {
      const params = request.params as { id: number };
      const e = await hentEjer(request.user, params.id, 'read');
      tjekType(e, params);
      return svar(db, kind, await levendeRegistreringer(db, e.id, kind.art), clock);
    });
  }

  serve(app, ep.opret as AnyEndpoint, async (request) => {
    const user = request.user;
    // Under the owner's path the owner is in the path; on 'art' paths it is in the body.
    const ejerId =
      kind.owner.stier === 'art'
        ? (request.body as { virksomhedId: number }).virksomhedId
        : (request.params as unknown as { id: number }).id;
    const e = await hentEjer(user, ejerId, 'write');
    tjekType(e, request.params);
    if (kind.kraeverBrugerbetaling && !e.omfattetAfBrugerbetaling) {
      throw badRequest(
        { omfattetAfBrugerbetaling: ['Virksomheden er ikke omfattet af brugerbetaling'] },
        'Virksomheden er ikke omfattet af brugerbetaling',
      );
    }
    const input = request.body as Record<string, unknown>;
    const created = await db
      .transaction(async (tx) => {
        const opslag = new FeltOpslag(tx, user.kundeId, e);
        const errors = {
          ...(await tjekFelter(opslag, kind.felter, e.type, input, {})),
          ...(await hook?.tjek?.({ tx, user, ejer: e, id: null, input })),
        };
        if (Object.keys(errors).length > 0) throw badRequest(errors);
        const beregnet = (await hook?.beregn?.({ tx, user, ejer: e, id: null, input })) ?? {};
        const [r] = await tx
          .insert(registrering)
          .values({
            kundeId: user.kundeId,
            virksomhedId: e.id,
            art: kind.art,
            ...tilRaekke(kind, input, beregnet),
            oprettetAf: user.brugerId,
            opdateretAf: user.brugerId,
          })
          .returning();
        const felter: string[] = [];
        for (const f of kind.felter) {
          if (f.navn === 'titel' || JSON.stringify(input[f.navn] ?? null) === JSON.stringify(feltTom(f)))
            continue;
          felter.push(`${f.label}: ${await visVaerdi(opslag, f, input[f.navn])}`);
        }
        await skrivLog(tx, user, {
          virksomhedId: e.id,
          emne: kind.logEmne,
          notat: `${beskrivelse(kind, r!.titel)} oprettet${felter.length > 0 ? `: ${felter.join('; ')}` : ''}.`,
        });
        await hook?.efter?.({ tx, user, ejer: e, id: r!.id, handling: 'opret' });
        return r!;
      })
      .catch(unikFejl(kind));
    const [item] = await svar(db, kind, [created], clock);
    return item!;
  });

  serve(app, ep.hent, async (request) => {
    const { r } = await hentRegistrering(request.user, request.params.id, 'read');
    const [item] = await svar(db, kind, [r], clock);
    return item!;
  });

  serve(app, ep.ret, async (request) => {
    const user = request.user;
    const { r, e } = await hentRegistrering(user, request.params.id, 'write');
    const input = request.body as Record<string, unknown> & { version: number };
    tjekVersion(input.version, r.version, konflikt);
    const updated = await db.transaction(async (tx) => {
      const opslag = new FeltOpslag(tx, user.kundeId, e);
      const gamle = felterAf(kind, r);
      const errors = {
        ...(await tjekFelter(opslag, kind.felter, e.type, input, gamle)),
        ...(await hook?.tjek?.({ tx, user, ejer: e, id: r.id, input })),
      };
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const beregnet = (await hook?.beregn?.({ tx, user, ejer: e, id: r.id, input })) ?? {};
      const ny = await opdaterVersioneret(
        tx,
        registrering,
        { id: r.id, version: input.version, hvor: eq(registrering.slettet, false) },
        {
          ...tilRaekke(kind, input, { ...r.data, ...beregnet }),
          opdateret: new Date(),
          opdateretAf: user.brugerId,
        },
        konflikt,
        user,
        async () => {
          const aendringer = await beskrivAendringer(opslag, kind.felter, gamle, input);
          return {
            virksomhedId: e.id,
            emne: kind.logEmne,
            notat:
              aendringer.length > 0
                ? `${beskrivelse(kind, r.titel)} ændret: ${aendringer.join('; ')}.`
                : null,
          };
        },
      );
      await hook?.efter?.({ tx, user, ejer: e, id: r.id, handling: 'ret' });
      return ny;
    });
    const [item] = await svar(db, kind, [updated], clock);
    return item!;
  });

  serve(app, ep.slet, async (request) => {
    const user = request.user;
    const { r, e } = await hentRegistrering(user, request.params.id, 'write');
    tjekVersion(request.query.version, r.version, konflikt);
    await db.transaction(async (tx) => {
      await hook?.foerSlet?.({ tx, user, ejer: e, id: r.id });
      await sletBloedt(
        tx,
        registrering,
        { id: r.id, version: request.query.version },
        { opdateret: new Date(), opdateretAf: user.brugerId },
        konflikt,
        user,
        { virksomhedId: e.id, emne: kind.logEmne, notat: `${beskrivelse(kind, r.titel)} slettet.` },
      );
      await hook?.efter?.({ tx, user, ejer: e, id: r.id, handling: 'slet' });
    });
  });
}

/**
 * Invoicing freezes a user-payment record: approving an invoice sets its `faktureret` (a read-only
 * field), cancelling the batch or crediting the invoice clears it. A change or delete of a frozen
 * record is refused with `fejl`. The stored row is locked first, so an approval committed since the
 * record was read is seen, and one that comes later waits for the change.
 */
export async function afvisFaktureret(tx: Db, id: number, fejl: () => HttpError): Promise<void> {
  const [r] = await queryRows<{ faktureret: boolean | null }>(
    tx,
    sql`SELECT (data->'faktureret') = 'true'::jsonb AS faktureret FROM registrering WHERE id = ${id} FOR UPDATE`,
  );
  if (r?.faktureret === true) throw fejl();
}

export const REGISTRERING_FAKTURERET =
  'Registreringen er faktureret og kan ikke ændres. Kreditér fakturaen for at rette den.';

/** A user-payment record: new ones start unbilled; an invoiced one is frozen (409). */
const brugerbetalingHook: RecordHook = {
  async tjek({ tx, id }) {
    if (id !== null) await afvisFaktureret(tx, id, () => conflict(REGISTRERING_FAKTURERET));
    return {};
  },
  async beregn({ id }) {
    return id === null ? { faktureret: false } : {};
  },
  async foerSlet({ tx, id }) {
    await afvisFaktureret(tx, id, () => conflict(REGISTRERING_FAKTURERET));
  },
};

/** The eight record kinds of a company or farm. */
export const registreringRoutes = recordRoutes(
  REGISTRERING_ARTER.map((art) => ARTER[art]),
  EJERE,
  { [BRUGERBETALING.art]: brugerbetalingHook },
);
