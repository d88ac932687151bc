import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ensurePrivateDir, secureDataDir } from '../data-dir';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` holding the start-up advisory lock, so that processes starting at the same time
   * migrate and seed one after another. The lock is held by a session of its own and is released
   * when `fn` ends (or the process dies).
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The key of the start-up advisory lock ('MW' and 1): one per database, shared by every process. */
const STARTUP_LOCK_KEY = 0x4d57_0001;

/** A session that can take and release advisory locks: a pooled PostgreSQL client or PGlite. */
interface LockSession {
  query(text: string, params: unknown[]): Promise<unknown>;
}

async function holdingAdvisoryLock<T>(session: LockSession, fn: () => Promise<T>): Promise<T> {
  await session.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
  try {
    return await fn();
  } finally {
    await session.query('SELECT pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
  }
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/**
 * Opens the database: PostgreSQL when a URL is given, else PGlite in `dataDir`
 * (or in memory when dataDir is 'memory://'), starting from `loadDataDir` (a PGlite dump, as the
 * tests' seeded template) when given. Runs the committed migrations.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, admin termination) must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL: en ledig forbindelse blev lukket (${err.message})`));
    // A connection checked out (a transaction between two statements) that the server closes emits
    // 'error' on its client, where the pool listens only while it is idle: without this listener the
    // process would die of an unhandled 'error' event. The statement in flight fails on its own (the
    // request answers 503, see erForbindelsesfejl) and the client is thrown away on release.
    pool.on('connect', (client) => {
      client.on('error', (err) =>
        console.error(`PostgreSQL: en forbindelse i brug blev lukket (${err.message})`),
      );
    });
    const db = drizzlePg(pool, { schema });
    const withStartupLock = async <T>(fn: () => Promise<T>): Promise<T> => {
      const session = await pool.connect();
      let broken: Error | undefined;
      try {
        return await holdingAdvisoryLock(session, fn);
      } catch (err) {
        // The lock's session may be gone (server restarted): destroy it rather than pool it.
        broken = err as Error;
        throw err;
      } finally {
        session.release(broken);
      }
    };
    await withStartupLock(() => migratePg(db, { migrationsFolder }));
    return { db: db as unknown as Db, kind: 'postgres', withStartupLock, close: () => pool.end() };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  const onDisk = dataDir !== 'memory://';
  if (onDisk) await ensurePrivateDir(dataDir);
  const client = await PGlite.create(onDisk ? dataDir : undefined, {
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const langsomMs = Number(process.env.MW_LANGSOM_SQL_MS);
  if (langsomMs > 0) logLangsomme(client, langsomMs);
  const db = drizzlePglite(client, { schema });
  // One process per PGlite folder, so the lock never waits; it is taken anyway, as on PostgreSQL.
  const withStartupLock = <T>(fn: () => Promise<T>) => holdingAdvisoryLock(client, fn);
  await withStartupLock(() => migratePglite(db, { migrationsFolder }));
  // PGlite writes the files of a new database world-readable (0666): narrow them to the owner.
  if (onDisk) await secureDataDir(dataDir);
  return { db: db as unknown as Db, kind: 'pglite', withStartupLock, close: () => client.close() };
}

/**
 * Logs every PGlite statement slower than `ms` (env MW_LANGSOM_SQL_MS): on PGlite a statement holds
 * the one connection and the process's event loop while it runs, so these are what every other call
 * waits behind. Logs the time and the statement's first 160 characters, never its parameters.
 */
function logLangsomme(client: PGlite, ms: number): void {
  type Query = (sql: string, ...rest: unknown[]) => Promise<unknown>;
  const maalt = <Q>(q: Q, hvad: string): Q => {
    const query = q as unknown as Query;
    return (async (...args: Parameters<Query>) => {
      const t0 = performance.now();
      try {
        return await query(...args);
      } finally {
        const t = performance.now() - t0;
        if (t >= ms)
          console.error(
            `langsom ${hvad} ${t.toFixed(0)} ms: ${String(args[0]).replace(/\s+/g, ' ').slice(0, 160)}`,
          );
      }
    }) as unknown as Q;
  };
  client.query = maalt(client.query.bind(client), 'SQL');
  // A transaction holds the connection from its first statement to its commit: its statements and
  // its whole length are logged too.
  const transaction = client.transaction.bind(client);
  client.transaction = (async (fn: Parameters<PGlite['transaction']>[0]) => {
    const t0 = performance.now();
    try {
      return await transaction((tx) => {
        tx.query = maalt(tx.query.bind(tx), 'SQL i transaktion');
        return fn(tx);
      });
    } finally {
      const t = performance.now() - t0;
      if (t >= ms) console.error(`langsom transaktion ${t.toFixed(0)} ms`);
    }
  }) as PGlite['transaction'];
}

/** A PGlite database's files as one uncompressed tar (see openDatabase's loadDataDir). */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('dumpPglite: not a PGlite database');
  return (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
}

/** The pool of a database on PostgreSQL; undefined for PGlite (or a transaction). */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** Whether a database (not a transaction of it) is PGlite, for the rare query shaped per engine. */
export function erPglite(db: Db): boolean {
  return poolOf(db) === undefined;
}

/**
 * A session of its own for work that keeps session state between its statements (a temporary table,
 * a cursor WITH HOLD) without holding a transaction open: on PostgreSQL one pooled connection, checked
 * out until `slip` (a failure passed to it throws the connection away instead of pooling it); on
 * PGlite its one session. Each statement commits on its own.
 */
export async function egenSession(db: Db): Promise<{ db: Db; slip: (fejl?: unknown) => void }> {
  const pool = poolOf(db);
  if (!pool) return { db, slip: () => undefined };
  const klient = await pool.connect();
  let sluppet = false;
  return {
    db: drizzlePg(klient, { schema }) as unknown as Db,
    slip: (fejl) => {
      if (sluppet) return;
      sluppet = true;
      klient.release(fejl === undefined ? undefined : fejl instanceof Error ? fejl : new Error(String(fejl)));
    },
  };
}

/**
 * For a database on PostgreSQL: a factory of new clients to its server, outside the pool (a LISTEN
 * connection must be a session of its own, held open). undefined for PGlite.
 */
export function separateClientFor(db: Db): (() => pg.Client) | undefined {
  const pool = poolOf(db);
  if (!pool) return undefined;
  const { max: _max, ...options } = pool.options;
  // Held open for hours: TCP keep-alive notices a silently dropped peer; a connect that hangs
  // (server unreachable) gives up after 10 s and is retried by the caller.
  return () =>
    new pg.Client({
      ...options,
      keepAlive: true,
      connectionTimeoutMillis: options.connectionTimeoutMillis || 10_000,
    });
}

/** SQLSTATEs of a transaction PostgreSQL aborted to resolve a conflict: running it again may succeed. */
const RETRYABLE = new Set(['40001', '40P01']);

/** The SQLSTATE of a database error, also when the driver or drizzle wrapped it (`cause`). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Node's codes of a connection refused, reset or timed out. */
const FORBINDELSESKODER = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** The driver's words for a connection that ended under it (node-postgres has no code for these). */
const FORBINDELSE_ENDT =
  /Connection terminated|Client has encountered a connection error|Connection ended|connection is closed|Client was closed/i;

/**
 * Whether an error means the database is out of reach (restarting, stopped, unreachable) rather
 * than a fault of the request: SQLSTATE class 08 (connection exception) and 57P01–57P03 (admin or
 * crash shutdown, cannot connect now), a refused or reset socket, or a connection the driver saw
 * end. Such a request answers 503 and can be retried (src/server/http/error-handler.ts).
 */
export function erForbindelsesfejl(err: unknown): boolean {
  const state = sqlState(err);
  if (state !== undefined && (state.startsWith('08') || /^57P0[123]$/.test(state))) return true;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && FORBINDELSESKODER.has(code)) return true;
    if (typeof message === 'string' && FORBINDELSE_ENDT.test(message)) return true;
    // AggregateError (a refused connect to several addresses) holds its causes in `errors`.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((x) => erForbindelsesfejl(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** How many times a transaction aborted as a deadlock victim or serialisation failure is run again. */
const GENFORSOEG = 3;

/**
 * Runs a transaction, and again (up to GENFORSOEG times) if PostgreSQL aborted it as a deadlock
 * victim or for a serialisation failure (SQLSTATE 40P01 / 40001). `run` must start a fresh
 * transaction each time. Each new attempt waits a short, growing and random while first: run at
 * once, the victim could take its first lock back before the other transaction, woken by the abort,
 * had taken it, and the two would deadlock again (seen under load in CI).
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let forsoeg = 0; ; forsoeg++) {
    try {
      return await run();
    } catch (err) {
      const code = sqlState(err);
      if (code === undefined || !RETRYABLE.has(code) || forsoeg >= GENFORSOEG) throw err;
      await new Promise((r) => setTimeout(r, (forsoeg + 1) * (5 + Math.random() * 20)));
    }
  }
}

/** Runs raw SQL and answers its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A transaction of `db.transaction`. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** `db.transaction(fn)`, run once more if PostgreSQL aborted it as a deadlock victim or serialisation failure. */
export function transactionWithRetry<T>(db: Db, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return retryOnDeadlock(() => db.transaction(fn));
}
