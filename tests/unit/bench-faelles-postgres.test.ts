import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { FaellesPostgres, paaEgneDatabaser } from '../bench/faelles-postgres';
import type { BenchOptions } from '../bench/run';

/** The bench run's one PostgreSQL (issue 16): one server per run, databases of their own on it. */
const pgUrl = inject('pgUrl');
const log = () => {};

async function databaser(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ datname: string }>('select datname from pg_database');
    return r.rows.map((x) => x.datname);
  } finally {
    await c.end();
  }
}

describe.skipIf(!pgUrl)('FaellesPostgres', () => {
  it('starts one throwaway cluster for the whole run and stops it at the end', async () => {
    const postgres = new FaellesPostgres();
    const url = await postgres.server(log);
    expect(url).toBeTruthy();
    // A second bench of the run gets the same server, not a cluster of its own.
    expect(await postgres.server(log)).toBe(url);
    expect(await databaser(url!)).toContain('postgres');
    postgres.stop();
    await expect(databaser(url!)).rejects.toThrow();
  }, 60_000);

  it('runs a bench on data of its own in PGlite and in a fresh database on the shared server, dropped after', async () => {
    const postgres = new FaellesPostgres(pgUrl);
    const opts: BenchOptions = { duration: 1, databases: ['pglite', 'postgres'], postgres, log };
    const seen: { kind: string; navn: string }[] = [];
    const rows = await paaEgneDatabaser(opts, 'mw_test_bench', async (database) => {
      const r = (await database.db.execute('select current_database() as navn')) as unknown as {
        rows: { navn: string }[];
      };
      seen.push({ kind: database.kind, navn: r.rows[0]!.navn });
      return [database.kind];
    });
    expect(rows).toEqual(['pglite', 'postgres']);
    const egen = seen.find((s) => s.kind === 'postgres')!.navn;
    expect(egen).toMatch(/^mw_test_bench_[0-9a-f]{8}$/);
    expect(await databaser(pgUrl)).not.toContain(egen);
    // --database-url is the caller's server: the run leaves it running.
    postgres.stop();
    expect(await databaser(pgUrl)).toContain('postgres');
  }, 60_000);
});
