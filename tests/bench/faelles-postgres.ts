/**
 * The one PostgreSQL of a bench run (`--db postgres|both`): the server given by --database-url, or a
 * throwaway cluster started on first use and stopped when the run ends. Every bench of the run
 * shares it: the large data set is seeded into it once (about 220 s), and benches on data of their
 * own (test scale, extra rows) get a fresh database in the same server, dropped after.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { type PgCluster, startPgCluster } from '../helpers/postgres-cluster';
import type { BenchOptions } from './run';

/** A database of its own for one bench: its URL, and `drop` to remove it. */
export interface EgenDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The URL of another database on the same server (the URL's path names the database). */
function medDatabase(url: string, navn: string): string {
  const u = new URL(url);
  u.pathname = `/${navn}`;
  return u.toString();
}

export class FaellesPostgres {
  #databaseUrl?: string;
  #cluster?: PgCluster;
  #server?: Promise<string | undefined>;
  #storeData?: Promise<string | undefined>;

  /** `databaseUrl`: --database-url (used as is, never stopped); none: a throwaway cluster. */
  constructor(databaseUrl?: string) {
    this.#databaseUrl = databaseUrl;
  }

  /** The server's URL, starting the cluster on the first call; undefined: PostgreSQL is not installed. */
  server(log: (m: string) => void): Promise<string | undefined> {
    this.#server ??= (async () => {
      if (this.#databaseUrl) return this.#databaseUrl;
      log('starter en midlertidig PostgreSQL-klynge til hele kørslen …');
      this.#cluster = await startPgCluster();
      if (!this.#cluster) log('PostgreSQL er ikke installeret her – springer PostgreSQL over');
      return this.#cluster?.url;
    })();
    return this.#server;
  }

  /** The large data set: seeded on the first call of the run (skipped when the database has data). */
  storeData(log: (m: string) => void): Promise<string | undefined> {
    this.#storeData ??= (async () => {
      const url = await this.server(log);
      if (!url) return undefined;
      const database = await openDatabase({ databaseUrl: url });
      try {
        log('seeder det store datasæt i PostgreSQL (springes over, hvis databasen har data) …');
        const s = await seedDatabase(database.db, { scale: 'large', passwordHashCost: 'fast', log });
        log(s.skipped ? 'PostgreSQL har allerede data' : `seedet på ${s.seconds} s`);
      } finally {
        await database.close();
      }
      return url;
    })();
    return this.#storeData;
  }

  /** A new empty database in the same server (not the large data set); undefined: no PostgreSQL. */
  async egenDatabase(log: (m: string) => void, prefix: string): Promise<EgenDatabase | undefined> {
    const url = await this.server(log);
    if (!url) return undefined;
    const navn = `${prefix}_${randomBytes(4).toString('hex')}`;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };
    await admin(`CREATE DATABASE ${navn}`);
    return { url: medDatabase(url, navn), drop: () => admin(`DROP DATABASE IF EXISTS ${navn} WITH (FORCE)`) };
  }

  /** Stops the throwaway cluster (if one was started); --database-url is left running. */
  stop(): void {
    this.#cluster?.stop();
    this.#cluster = undefined;
  }
}

/**
 * Runs `measure` on each database of --db, on an empty database of its own (for benches that bring
 * their own data): an in-memory PGlite, and a fresh database on the run's PostgreSQL, dropped after.
 */
export async function paaEgneDatabaser<R>(
  opts: BenchOptions,
  prefix: string,
  measure: (database: Database) => Promise<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  if (opts.databases.includes('pglite')) {
    opts.log('PGlite i hukommelsen …');
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      rows.push(...(await measure(database)));
    } finally {
      await database.close();
    }
  }
  if (opts.databases.includes('postgres')) {
    const egen = await opts.postgres.egenDatabase(opts.log, prefix);
    if (egen) {
      opts.log('en ny database i PostgreSQL …');
      try {
        const database = await openDatabase({ databaseUrl: egen.url });
        try {
          rows.push(...(await measure(database)));
        } finally {
          await database.close();
        }
      } finally {
        await egen.drop();
      }
    }
  }
  return rows;
}
