import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { feltTom } from '../../contract/felter';
import { iDagAf } from '../../contract/format';
import {
  type AnyRecord,
  type AnyRecordKind,
  datoFeltAf,
  KOLONNE_FELTER,
  recordKonflikt,
} from '../../contract/record-kind';
import { feltNormaliser } from '../../contract/virksomhed';
import type { SessionUser } from '../auth/session-user';
import { brugerNavne } from '../db/brugernavne';
import { type Db, queryRows, sqlState } from '../db/client';
import { registrering } from '../db/schema';
import { opdaterVersioneret, skrivLog, sletBloedt, tjekVersion } from '../db/versioneret';
import { badRequest, conflict, type HttpError, notFound } from '../http/errors';
import type { EjerRaekke } from './ejere';
import { beskrivAendringer, FeltOpslag, tjekFelter, visVaerdi } from './felter';

/**
 * The records of companies, farms, water plants and SAT companies (table `registrering`): reading a
 * kind's rows and answers, and its versioned create, change and delete with the field checks, the
 * kind's hooks and the owner's log. The routes (src/server/routes/registreringer.ts `recordRoutes`)
 * load the owner, check the right and call these.
 */

export type Row = typeof registrering.$inferSelect;

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

/** The live record `id` of the customer if it is of one of the kinds `arter`. */
export async function levendeRaekke(
  db: Db,
  kundeId: number,
  id: number,
  arter: readonly string[],
): Promise<Row | undefined> {
  const [r] = await db
    .select()
    .from(registrering)
    .where(
      and(
        eq(registrering.id, id),
        inArray(registrering.art, [...arter]),
        eq(registrering.kundeId, kundeId),
        eq(registrering.slettet, false),
      ),
    );
  return r;
}

/** A live record of the kind `id` of the customer; 404 with the kind's name for any other id. */
export async function levendeRegistrering(
  db: Db,
  kundeId: number,
  kind: AnyRecordKind,
  id: number,
): Promise<Row> {
  const r = await levendeRaekke(db, kundeId, id, [kind.art]);
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

/** A write of a kind's record: by whom, for which owner (loaded, right checked), with the kind's hook. */
export interface Skrivning {
  db: Db;
  kind: AnyRecordKind;
  hook: RecordHook | undefined;
  user: SessionUser;
  e: EjerRaekke;
}

/** Creates a record of the kind for its owner `e`: field checks and hooks, the row, the owner's log. */
export async function opretRegistrering(
  { db, kind, hook, user, e }: Skrivning,
  input: Record<string, unknown>,
): Promise<Row> {
  if (kind.kraeverBrugerbetaling && !e.omfattetAfBrugerbetaling) {
    throw badRequest(
      { omfattetAfBrugerbetaling: ['Virksomheden er ikke omfattet af brugerbetaling'] },
      'Virksomheden er ikke omfattet af brugerbetaling',
    );
  }
  return db
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
}

/** Changes record `r` from `input` (stale version: 409 with the kind's text), logging what changed. */
export async function retRegistrering(
  { db, kind, hook, user, e }: Skrivning,
  r: Row,
  input: Record<string, unknown> & { version: number },
): Promise<Row> {
  const konflikt = recordKonflikt(kind.navn);
  tjekVersion(input.version, r.version, konflikt);
  return db.transaction(async (tx) => {
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
            aendringer.length > 0 ? `${beskrivelse(kind, r.titel)} ændret: ${aendringer.join('; ')}.` : null,
        };
      },
    );
    await hook?.efter?.({ tx, user, ejer: e, id: r.id, handling: 'ret' });
    return ny;
  });
}

/** Deletes record `r` (softly) at `version`, after the kind's hook allowed it. */
export async function sletRegistrering(
  { db, kind, hook, user, e }: Skrivning,
  r: Row,
  version: number,
): Promise<void> {
  const konflikt = recordKonflikt(kind.navn);
  tjekVersion(version, r.version, konflikt);
  await db.transaction(async (tx) => {
    await hook?.foerSlet?.({ tx, user, ejer: e, id: r.id });
    await sletBloedt(
      tx,
      registrering,
      { id: r.id, version: version },
      { opdateret: new Date(), opdateretAf: user.brugerId },
      konflikt,
      user,
      { virksomhedId: e.id, emne: kind.logEmne, notat: `${beskrivelse(kind, r.titel)} slettet.` },
    );
    await hook?.efter?.({ tx, user, ejer: e, id: r.id, handling: 'slet' });
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
export const brugerbetalingHook: RecordHook = {
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
