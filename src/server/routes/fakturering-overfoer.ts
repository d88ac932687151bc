import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { resultatAf } from '../../contract/faktura-status';
import {
  FAKTURERING_RET,
  type FakturaRaekke,
  genoverfoerFaktura,
  overfoerBatch,
  overfoerBatchJob,
} from '../../contract/fakturering';
import type { SessionUser } from '../auth/session-user';
import { type Tx, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import {
  BATCH_KONFLIKT,
  FAKTURA_KONFLIKT,
  type ForsoegStatus,
  fakturaLinjer,
  fakturaRaekker,
  hentBatch,
  hentFakturaRaekke,
  logFakturaer,
  opdaterBatchStatus,
  statusEfter,
  tillader,
  type Udfald,
} from '../fakturering/data';
import { raekker } from '../fakturering/forslag';
import { serve } from '../http/endpoint';
import { conflict } from '../http/errors';
import type { OekonomiSvar, OekonomiSystem } from '../integrations/oekonomi';

/**
 * Transfers to the economy system (issue 13): a batch's approved and failed invoices, or one failed
 * invoice again. The call is made outside any transaction and within OEKONOMI_TIMEOUT_MS; the batch or
 * invoice is claimed first (its version bumped where it still has the version the user saw), so two
 * transfers at once answer 409 for the second. Each invoice carries its id as the key, so the economy
 * system never makes a second invoice; every attempt is kept in `oekonomi_overfoersel`.
 */

export const OEKONOMI_TIMEOUT = 'Økonomisystemet svarede ikke i tide';
/** An attempt's reason while its call is under way (and if the server stopped before the answer). */
export const OVERFOERSEL_I_GANG = 'Overførslen blev afbrudt, før økonomisystemet svarede';
export const BATCH_IKKE_TIL_OVERFOERSEL = 'Batchen har ingen fakturaer, der venter på overførsel';
export const FAKTURA_IKKE_FEJLET = 'Kun en faktura, hvis overførsel er fejlet, kan overføres igen';
/** The claim of a credit note, and of invoices without a record's own claim type. */
export const FORDRINGSTYPE = 'Brugerbetaling for miljøtilsyn';

async function kald(system: OekonomiSystem, ms: number, fn: (s: OekonomiSystem) => Promise<OekonomiSvar>) {
  let timer: NodeJS.Timeout | undefined;
  const frist = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    const svar = await Promise.race([fn(system), frist]);
    if (svar === 'timeout') return { status: 'Timeout', besked: OEKONOMI_TIMEOUT } as Udfald;
    return (
      svar.ok
        ? { status: 'OK', fakturanummer: svar.fakturanummer }
        : { status: 'Fejl', besked: svar.aarsag.slice(0, 300) }
    ) as Udfald;
  } catch (err) {
    const besked = err instanceof Error && err.message ? err.message : 'Økonomisystemet afviste kaldet';
    return { status: 'Fejl', besked: besked.slice(0, 300) } as Udfald;
  } finally {
    clearTimeout(timer);
  }
}

/** How many invoices are sent at once. */
const SAMTIDIGE = 4;

/**
 * Sends the invoices to the economy system and records each outcome: the attempt, the invoice's new
 * status (overfoert with its number, or fejlet with the reason), a log entry; then the batches' status.
 * Answers the counts.
 */
async function overfoer(
  deps: Deps,
  user: SessionUser,
  fakturaer: (FakturaRaekke & { forsoegId: number })[],
  fremskridt: (done: number, total: number) => Promise<void> = async () => undefined,
): Promise<{ overfoert: number; fejlet: number }> {
  const { db, integrations, config } = deps;
  let overfoert = 0;
  let fejlet = 0;
  const koe = [...fakturaer];
  const en = async (f: FakturaRaekke & { forsoegId: number }) => {
    const linjer = await fakturaLinjer(db, f.id);
    let krediterer: string | undefined;
    if (f.art === 'kredit' && f.kreditererFakturaId !== null) {
      const [o] = await raekker<{ fakturanummer: string | null }>(
        db,
        sql`select fakturanummer from faktura where id = ${f.kreditererFakturaId}`,
      );
      krediterer = o?.fakturanummer ?? undefined;
    }
    const udfald = await kald(integrations.oekonomi, config.oekonomiTimeoutMs, (s) =>
      s.opretFaktura({
        noegle: String(f.id),
        kundeNr: Number(user.kundeNr),
        debitor: {
          navn: f.virksomhedsnavn,
          betalerTypeKode: f.betalerTypeKode,
          cvrNr: f.cvrNr,
          betalingsReference: f.betalingsReference,
        },
        fordringstype: FORDRINGSTYPE,
        art: f.art,
        ...(krediterer ? { krediterer } : {}),
        linjer: linjer.map((l) => ({
          tekst: `${l.dato} ${l.tekst}: ${l.forklaring}`,
          beloebOere: l.beloebOere,
        })),
      }),
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update oekonomi_overfoersel set status = ${udfald.status},
          besked = ${udfald.status === 'OK' ? null : udfald.besked},
          fakturanummer = ${udfald.status === 'OK' ? udfald.fakturanummer : null}, tidspunkt = now()
        where id = ${f.forsoegId}`);
      if (udfald.status === 'OK') {
        await tx.execute(sql`
          update faktura set status = ${statusEfter('overfoer')}, fakturanummer = ${udfald.fakturanummer}, fejl = null,
            forsoeg = forsoeg + 1, overfoert = now(), version = nextval('record_version')
          where id = ${f.id} and ${tillader(sql`status`, 'overfoer')}`);
        await logFakturaer(
          tx,
          user,
          sql`f.id = ${f.id}`,
          sql`${f.art === 'kredit' ? 'Kreditnota' : 'Faktura'} || ' ' || f.id || ' overført til økonomisystemet som nr. ' || ${udfald.fakturanummer} || '.'`,
        );
      } else {
        await tx.execute(sql`
          update faktura set status = ${statusEfter('overfoerFejlet')}, fejl = ${udfald.besked}, forsoeg = forsoeg + 1,
            version = nextval('record_version')
          where id = ${f.id} and ${tillader(sql`status`, 'overfoerFejlet')}`);
        await logFakturaer(
          tx,
          user,
          sql`f.id = ${f.id}`,
          sql`'Overførsel af ' || ${f.art === 'kredit' ? 'kreditnota' : 'faktura'} || ' ' || f.id || ' til økonomisystemet fejlede: ' || ${udfald.besked}`,
        );
      }
    });
    if (udfald.status === 'OK') overfoert++;
    else fejlet++;
    await fremskridt(overfoert + fejlet, fakturaer.length);
  };
  const arbejdere = Array.from({ length: Math.min(SAMTIDIGE, koe.length) }, async () => {
    for (let f = koe.shift(); f; f = koe.shift()) await en(f);
  });
  await Promise.all(arbejdere);
  const batches = new Set(fakturaer.map((f) => f.batchId).filter((b): b is number => b !== null));
  await db.transaction(async (tx) => {
    for (const b of batches) await opdaterBatchStatus(tx, b);
  });
  return { overfoert, fejlet };
}

/** Claims a row: a new version where it still has the one the user saw; none → 409. */
async function gribVersion(
  tx: Tx,
  tabel: 'afregning_batch' | 'faktura',
  id: number,
  version: number,
  hvor = sql``,
) {
  const rows = await raekker<{ id: number }>(
    tx,
    sql`update ${sql.identifier(tabel)} set version = nextval('record_version')
        where id = ${id} and version = ${version} ${hvor} returning id`,
  );
  return rows.length > 0;
}

/**
 * In one transaction with the claim: the invoices to send, each with an attempt recorded before the
 * call as unanswered (what it is until the answer comes, and stays if the server stops meanwhile), so a
 * cancel that runs after the claim sees that the economy system may hold the invoice.
 */
async function forbered(tx: Tx, user: SessionUser, hvor: SQL) {
  const fakturaer = await fakturaRaekker(tx, user, hvor);
  if (fakturaer.length === 0) throw conflict(BATCH_IKKE_TIL_OVERFOERSEL);
  const rows = await raekker<{ id: number; faktura_id: number }>(
    tx,
    sql`insert into oekonomi_overfoersel (kunde_id, faktura_id, status, besked, bruger_id)
        select ${user.kundeId}, f.id, ${'Timeout' satisfies ForsoegStatus}, ${OVERFOERSEL_I_GANG}, ${user.brugerId}
        from faktura f where f.id in (${sql.join(
          fakturaer.map((f) => sql`${f.id}`),
          sql`, `,
        )})
        returning id, faktura_id`,
  );
  return fakturaer.map((f) => ({ ...f, forsoegId: rows.find((r) => r.faktura_id === f.id)!.id }));
}

export async function faktureringOverfoerRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  /** Claims the batch (stale, cancelled or nothing to send: 409) and records its attempts. */
  const gribBatch = async (user: SessionUser, id: number, version: number) => {
    const batch = await hentBatch(db, user, id);
    tjekVersion(version, batch.version, BATCH_KONFLIKT);
    if (batch.status === 'annulleret') throw conflict('Batchen er annulleret og kan ikke overføres');
    return db.transaction(async (tx) => {
      if (!(await gribVersion(tx, 'afregning_batch', batch.id, batch.version)))
        throw conflict(BATCH_KONFLIKT);
      return forbered(tx, user, sql`f.batch_id = ${batch.id} and ${tillader(sql`f.status`, 'overfoer')}`);
    });
  };

  serve(app, overfoerBatch, async (request) => {
    const user = request.user;
    const fakturaer = await gribBatch(user, request.params.id, request.body.version);
    const { overfoert, fejlet } = await overfoer(deps, user, fakturaer);
    return { batch: await hentBatch(db, user, request.params.id), overfoert, fejlet };
  });

  // The same as a job: the claim before the 202 (its 409s are the call's answer), the sending after,
  // one invoice per transaction, each keyed by its id, so a stop midway leaves every invoice either
  // sent and marked or waiting (its attempt 'afbrudt') for the batch's next transfer.
  serve(app, overfoerBatchJob, async (request) => {
    const user = request.user;
    const id = request.params.id;
    let fakturaer: Awaited<ReturnType<typeof gribBatch>> = [];
    const { job } = await deps.jobs.start(user, {
      kind: 'fakturering.overfoer',
      key: id,
      titel: `Overfør batch #${id} til økonomisystemet`,
      ret: FAKTURERING_RET,
      forbered: async () => {
        fakturaer = await gribBatch(user, id, request.body.version);
        return fakturaer.length;
      },
      koer: async (ctx) => {
        await ctx.fremskridt(0, fakturaer.length);
        const { overfoert, fejlet } = await overfoer(deps, user, fakturaer, ctx.fremskridt);
        return { batch: await hentBatch(ctx.db, user, id), overfoert, fejlet };
      },
    });
    return job;
  });

  serve(app, genoverfoerFaktura, async (request) => {
    const user = request.user;
    const f = await hentFakturaRaekke(db, user, request.params.id);
    tjekVersion(request.body.version, f.version, FAKTURA_KONFLIKT);
    // One failed invoice again (the list 'Fejlede overførsler'); an approved one goes with its batch.
    if (f.status !== resultatAf('overfoerFejlet')) throw conflict(FAKTURA_IKKE_FEJLET);
    const fakturaer = await db.transaction(async (tx) => {
      // The batch locked as a cancel locks it, so the two never pass each other.
      if (f.batchId !== null)
        await tx.execute(sql`select id from afregning_batch where id = ${f.batchId} for update`);
      if (!(await gribVersion(tx, 'faktura', f.id, f.version, sql`and status = ${f.status}`)))
        throw conflict(FAKTURA_KONFLIKT);
      return forbered(tx, user, sql`f.id = ${f.id}`);
    });
    await overfoer(deps, user, fakturaer);
    return hentFakturaRaekke(db, user, f.id);
  });
}
