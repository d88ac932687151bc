/**
 * Danish order on the company list (issue 9, item 3): whether the name sort is served by the index
 * on the stored sort key (plan without a Sort node), and what the list costs per sort column, on
 * the test-scale demo data plus 100,000 generated companies and farms: in an in-memory PGlite, and
 * in a fresh database of its own on the run's PostgreSQL (dropped after; the shared large data set
 * is left alone).
 *
 *   npm run bench -- --only dansk-orden [--db pglite|postgres|both]
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Database, type Db, queryRows } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { hentVirksomhedListe, type ListeParametre } from '../../src/server/routes/virksomhed-liste';
import { paaEgneDatabaser } from './faelles-postgres';
import type { BenchOptions } from './run';
import { round1 } from './support';

const BENCH = 'dansk-orden';
const RUNS = 7;
const EXTRA = 100_000;

const dialect = new PgDialect();

/**
 * The database with every query's plan recorded (EXPLAIN ANALYZE before running it), in its
 * transactions too; other statements (`set local …`) run as they are.
 */
function withPlans(db: Db, plans: string[]): Db {
  return new Proxy(db, {
    get(target, prop, recv) {
      if (prop === 'transaction')
        return (fn: (tx: Db) => Promise<unknown>, config?: unknown) =>
          target.transaction((tx) => fn(withPlans(tx as unknown as Db, plans)), config as never);
      if (prop !== 'execute') return Reflect.get(target, prop, recv);
      return async (q: SQL) => {
        if (/^\s*(select|with)\b/i.test(dialect.sqlToQuery(q).sql)) {
          const plan = await queryRows<Record<string, string>>(target, sql`EXPLAIN ANALYZE ${q}`);
          plans.push(plan.map((r) => Object.values(r)[0]).join('\n'));
        }
        return target.execute(q);
      };
    },
  });
}

export default async function danskOrden(opts: BenchOptions): Promise<Record<string, unknown>[]> {
  return paaEgneDatabaser(opts, 'mw_bench_dansk_orden', maal);
}

async function maal(database: Database): Promise<Record<string, unknown>[]> {
  const { db } = database;
  const rows: Record<string, unknown>[] = [];
  await seedDatabase(db, { scale: 'test', passwordHashCost: 'fast' });
  const [k] = await queryRows<{ id: number }>(db, sql`SELECT id FROM kunde WHERE kunde_nr = 779`);
  const kundeId = Number(k!.id);
  const t0 = performance.now();
  await db.execute(sql`INSERT INTO virksomhed (kunde_id, type, navn, adresse, postdistrikt, branche_navn)
    SELECT ${kundeId}, 1 + (g % 2),
           (ARRAY['Anneberg','Ærø','Østergaard','Åbybro','Zealand','Éclair','Vestergaard','Hansen'])[1 + g % 8]
             || ' ' || substr(md5(g::text), 1, 8),
           'Vestergade ' || (g % 200) || ', 7800 Skive', 'Skive', 'Vognmandsforretninger'
    FROM generate_series(1, ${EXTRA}) g`);
  const insertMs = performance.now() - t0;
  await db.execute(sql`ANALYZE virksomhed`);
  rows.push({
    bench: BENCH,
    db: database.kind,
    target: `indsæt ${EXTRA} virksomheder (gemte sorteringsnøgler)`,
    'median ms': round1(insertMs),
  });

  const base: ListeParametre = {
    kundeId,
    virksomhedsType: 1,
    start: 0,
    take: 50,
    sortByColumn: 'navn',
    sortDirection: 'ASC',
    filteredColumns: [],
  };
  const cases: [string, Partial<ListeParametre>][] = [
    ['navn stigende, side 1', {}],
    ['navn faldende, side 1', { sortDirection: 'DESC' }],
    ['adresse stigende, side 1', { sortByColumn: 'adresse' }],
    ['by faldende, side 1', { sortByColumn: 'by', sortDirection: 'DESC' }],
    ["navn stigende, filter 'anneberg'", { filter: 'anneberg' }],
  ];
  for (const [target, p] of cases) {
    const plans: string[] = [];
    await hentVirksomhedListe(withPlans(db, plans), { ...base, ...p });
    // The page query is the last one with a LIMIT (a capped count before it may have one too); say
    // whether its rows came from an index in order.
    const page = [...plans].reverse().find((pl) => /Limit/.test(pl)) ?? plans[0] ?? '';
    const plan = /Sort/.test(page)
      ? 'sortering'
      : /Index Scan Backward/.test(page)
        ? 'indeks baglæns'
        : /Index/.test(page)
          ? 'indeks'
          : 'andet';
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await hentVirksomhedListe(db, { ...base, ...p });
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    rows.push({
      bench: BENCH,
      db: database.kind,
      target,
      plan,
      'median ms': round1(ms[Math.floor(RUNS / 2)]!),
    });
  }
  return rows;
}
