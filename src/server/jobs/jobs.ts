import { setImmediate as naesteTur } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { JOB_AFBRUDT, type Job, type JobArt, type JobStatus, jobKoererAllerede } from '../../contract/jobs';
import { harAdgang } from '../../contract/roles';
import type { SessionUser } from '../auth/session-user';
import { raaDb } from '../db/anmodnings-transaktion';
import { type Db, erPglite, queryRows, sqlState } from '../db/client';
import { forbidden, HttpError, notFound } from '../http/errors';
import { Forrang } from './forrang';

/**
 * Long jobs (issue 32, docs/decisions.md 'Long jobs'). A job is started by a call that answers 202
 * with the job's row at once; its work then runs in this process, outside the call, in steps the job
 * itself cuts into short transactions (`JobKontekst.pause` between them lets the calls queued on
 * PGlite's one connection in), reporting its progress to its row. The row is the job's only state:
 * `GET job/{id}` reads it, and a second start of the same kind and key while one runs is refused by
 * the partial unique index (`job_koerer_idx`, drizzle/0027_jobs.sql) with 409, atomically, whichever
 * process tries.
 *
 * A process that stops leaves its running rows 'koerer'; they are marked 'fejlet' (JOB_AFBRUDT) when
 * the next process starts (`afbrydForladte`) or, on PostgreSQL where several processes share the
 * table, as soon as their heartbeat is older than FORLADT_EFTER_S. Each kind's work commits in one
 * final step or is idempotent per batch, so an interrupted job leaves nothing half done.
 */

/** A running job refreshes its heartbeat this often. */
const HJERTESLAG_MS = 5_000;
/** A 'koerer' row whose heartbeat is older than this belongs to a process that stopped. */
export const FORLADT_EFTER_S = 30;
/** Progress is written at most this often (and always at the end of the work). */
const FREMSKRIDT_MS = 200;

/** The message of a job that failed of an error that is not the user's to act on. */
export const JOB_UVENTET_FEJL = 'Jobbet fejlede uventet. Prøv igen, og kontakt support, hvis det sker igen.';

/** What a job's work receives. */
export interface JobKontekst {
  readonly id: number;
  /** The database itself (never a call's transaction): each step opens its own short transaction. */
  readonly db: Db;
  /** Reports that `done` of `total` steps are done (total kept when omitted). */
  fremskridt(done: number, total?: number): Promise<void>;
  /** Lets the calls waiting for the database in before the next step (between transactions). */
  pause(): Promise<void>;
}

/** A job to start: its kind and key (one run per customer at a time), title, right and work. */
export interface JobDef<R> {
  kind: JobArt;
  key: string | number;
  titel: string;
  /** The right of the starting call; reading the job needs it too. */
  ret: string;
  /** The steps, when known at the start. */
  total?: number;
  /**
   * Checks made before the start answers, after the job's row is claimed (a stale version, a claim of
   * the batch): an error here removes the row and is the starting call's answer. A number answered is
   * the job's total, so the first answer already shows how much there is to do.
   */
  forbered?(): Promise<number | undefined>;
  koer(ctx: JobKontekst): Promise<R>;
}

interface JobSqlRaekke {
  id: number;
  kind: JobArt;
  key: string;
  titel: string;
  ret: string;
  status: JobStatus;
  done: number;
  total: number;
  startet_af: string | null;
  started_at: string | Date;
  finished_at: string | Date | null;
  result: unknown;
  error: string | null;
  forladt: boolean;
}

const iso = (d: string | Date | null): string | null =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

function jobSvar(r: JobSqlRaekke): Job {
  return {
    id: Number(r.id),
    kind: r.kind,
    key: r.key,
    titel: r.titel,
    status: r.status,
    done: Number(r.done),
    total: Number(r.total),
    startetAf: r.startet_af,
    startet: iso(r.started_at)!,
    afsluttet: iso(r.finished_at),
    resultat: r.result ?? null,
    fejl: r.error,
  };
}

/** The message a failed job keeps: a refusal's own Danish text, else the general one. */
function fejltekst(err: unknown): string {
  if (err instanceof HttpError && err.statusCode < 500) {
    const body = err.body as { errors?: Record<string, string[]> } | undefined;
    const felter = body?.errors ? Object.values(body.errors).flat() : [];
    return felter.length > 0 ? felter.join('; ') : err.message;
  }
  return JOB_UVENTET_FEJL;
}

/** The running jobs of one app (one process): starts them, reads them, and waits for them at close. */
export class JobKoerer {
  private readonly db: Db;
  private readonly koerende = new Map<number, Promise<unknown>>();
  private hjerteslag: ReturnType<typeof setInterval> | undefined;
  private lukket = false;

  constructor(
    db: Db,
    private readonly log: { error(obj: unknown, msg?: string): void } = console,
    private readonly fremskridtMs = FREMSKRIDT_MS,
    /** Lets interactive calls go first between a job's steps (src/server/jobs/forrang.ts). */
    private readonly forrang = new Forrang(),
  ) {
    this.db = raaDb(db);
  }

  private hentRaekke(kundeId: number, id: number) {
    return queryRows<JobSqlRaekke>(
      this.db,
      sql`select j.id, j.kind, j.key, j.titel, j.ret, j.status, j.done, j.total, b.navn as startet_af,
            j.started_at, j.finished_at, j.result, j.error,
            (j.status = 'koerer' and j.hjerteslag < now() - make_interval(secs => ${FORLADT_EFTER_S})) as forladt
          from job j left join bruger b on b.id = j.started_by
          where j.id = ${id} and j.kunde_id = ${kundeId}`,
    );
  }

  /** A job of the user's customer (another customer's: 404), if the user holds the job's right. */
  async hent(user: SessionUser, id: number): Promise<Job> {
    let [r] = await this.hentRaekke(user.kundeId, id);
    if (!r) throw notFound('Jobbet');
    // Running in a process that stopped (its heartbeat gone): failed now, not left running forever.
    if (r.forladt && !this.koerende.has(r.id)) {
      await this.afbrydForladte(user.kundeId);
      [r] = await this.hentRaekke(user.kundeId, id);
      if (!r) throw notFound('Jobbet');
    }
    if (!harAdgang(user.ressourcer, r.ret))
      throw forbidden(`Kræver en af rettighederne: ${r.ret.split('||').join(' eller ')}`);
    return jobSvar(r);
  }

  /**
   * Marks the jobs a stopped process left 'koerer' as 'fejlet' (JOB_AFBRUDT). At start-up on PGlite
   * (one process per database) every running row is such a job; on PostgreSQL only those whose
   * heartbeat stopped, since other live processes may be running theirs. Answers how many.
   */
  async afbrydForladte(kundeId?: number, alle = false): Promise<number> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`update job set status = 'fejlet', error = ${JOB_AFBRUDT}, finished_at = now()
          where status = 'koerer'
            ${kundeId === undefined ? sql`` : sql`and kunde_id = ${kundeId}`}
            ${alle ? sql`` : sql`and hjerteslag < now() - make_interval(secs => ${FORLADT_EFTER_S})`}
            ${
              this.koerende.size > 0
                ? sql`and id not in (${sql.join(
                    [...this.koerende.keys()].map((id) => sql`${id}`),
                    sql`, `,
                  )})`
                : sql``
            }
          returning id`,
    );
    return rows.length;
  }

  /** At the app's start: the jobs of a stopped process (all running ones on PGlite). */
  vedStart(): Promise<number> {
    return this.afbrydForladte(undefined, erPglite(this.db));
  }

  /**
   * Starts a job: its row inserted as 'koerer' (a running one of the same kind and key → 409 naming
   * it, with its id as `jobId`), its work begun on the next turn, after the caller has answered.
   * `faerdig` settles with the work's result or error (the synchronous calls await it).
   */
  async start<R>(user: SessionUser, def: JobDef<R>): Promise<{ job: Job; faerdig: Promise<R> }> {
    if (this.lukket) throw new HttpError(503, 'Serveren lukker ned. Prøv igen om et øjeblik.');
    const key = String(def.key);
    const indsaet = () =>
      queryRows<{ id: number }>(
        this.db,
        sql`insert into job (kunde_id, kind, key, titel, ret, total, started_by)
            values (${user.kundeId}, ${def.kind}, ${key}, ${def.titel}, ${def.ret}, ${def.total ?? 0},
                    ${user.brugerId})
            returning id`,
      );
    let rows: { id: number }[];
    try {
      rows = await indsaet();
    } catch (err) {
      if (sqlState(err) !== '23505') throw err;
      // One runs already; if its process stopped (heartbeat gone), it is failed and this one starts.
      if ((await this.afbrydForladte(user.kundeId)) > 0) rows = await indsaet().catch(() => []);
      else rows = [];
      if (rows.length === 0) {
        const [koerende] = await queryRows<{ id: number; titel: string }>(
          this.db,
          sql`select id, titel from job where kunde_id = ${user.kundeId} and kind = ${def.kind}
              and key = ${key} and status = 'koerer'`,
        );
        const besked = jobKoererAllerede(koerende?.titel ?? def.titel);
        throw new HttpError(409, besked, { status: 409, message: besked, jobId: koerende?.id ?? null });
      }
    }
    const id = Number(rows[0]!.id);
    if (def.forbered) {
      try {
        const total = await def.forbered();
        if (total !== undefined) {
          def.total = total;
          await this.db.execute(sql`update job set total = ${total} where id = ${id}`);
        }
      } catch (err) {
        await this.db.execute(sql`delete from job where id = ${id}`);
        throw err;
      }
    }
    const faerdig = this.koer(id, def);
    // The caller may not await `faerdig` (the 202 call); its failure is in the row, not unhandled.
    faerdig.catch(() => undefined);
    const [r] = await this.hentRaekke(user.kundeId, id);
    return { job: jobSvar(r!), faerdig };
  }

  private async koer<R>(id: number, def: JobDef<R>): Promise<R> {
    let total = def.total ?? 0;
    let senest = 0;
    const db = this.db;
    const ctx: JobKontekst = {
      id,
      db,
      fremskridt: async (done, nyTotal) => {
        if (nyTotal !== undefined) total = nyTotal;
        const nu = Date.now();
        if (done < total && nu - senest < this.fremskridtMs) return;
        senest = nu;
        await db.execute(
          sql`update job set done = ${done}, total = ${total}, hjerteslag = now()
              where id = ${id} and status = 'koerer'`,
        );
      },
      pause: () => this.forrang.ro(),
    };
    const arbejde = (async () => {
      // After the starting call has answered (its reply is sent on this turn).
      await naesteTur();
      try {
        const resultat = await def.koer(ctx);
        await db.execute(
          sql`update job set status = 'faerdig', done = greatest(done, total), result = ${JSON.stringify(resultat ?? null)}::jsonb,
                finished_at = now(), hjerteslag = now()
              where id = ${id}`,
        );
        return resultat;
      } catch (err) {
        if (!(err instanceof HttpError && err.statusCode < 500))
          this.log.error(err, `Job ${id} (${def.kind}) fejlede`);
        await db
          .execute(
            sql`update job set status = 'fejlet', error = ${fejltekst(err)}, finished_at = now()
                where id = ${id}`,
          )
          .catch((e) => this.log.error(e, `Job ${id}: status kunne ikke gemmes`));
        throw err;
      }
    })();
    this.koerende.set(id, arbejde);
    this.startHjerteslag();
    void arbejde
      .finally(() => {
        this.koerende.delete(id);
        if (this.koerende.size === 0) this.stopHjerteslag();
      })
      .catch(() => undefined);
    return arbejde;
  }

  private startHjerteslag() {
    if (this.hjerteslag) return;
    this.hjerteslag = setInterval(() => {
      const ids = [...this.koerende.keys()];
      if (ids.length === 0) return;
      this.db
        .execute(
          sql`update job set hjerteslag = now() where status = 'koerer' and id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        )
        .catch((e) => this.log.error(e, 'Jobbenes hjerteslag kunne ikke gemmes'));
    }, HJERTESLAG_MS);
    this.hjerteslag.unref();
  }

  private stopHjerteslag() {
    clearInterval(this.hjerteslag);
    this.hjerteslag = undefined;
  }

  /** At the app's close: no new jobs; the running ones are awaited (their work ends in its own step). */
  async luk(): Promise<void> {
    this.lukket = true;
    await Promise.allSettled([...this.koerende.values()]);
    this.stopHjerteslag();
  }
}
