/**
 * Danish order on the company list (issue 9, item 3): whether the name sort is served by the index
 * on the stored sort key (plan without a Sort node), and what the list costs per sort column, on
 * in-memory PGlite with the test-scale demo data plus 100,000 generated companies and farms.
 *
 *   npm run bench -- --only dansk-orden
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { hentVirksomhedListe, type ListeParametre } from '../../src/server/routes/virksomhed-liste';
import { round1 } from './support';

const BENCH = 'dansk-orden';
const RUNS = 7;
const EXTRA = 100_000;

/** The database with every statement's plan recorded (EXPLAIN ANALYZE before running it). */
function withPlans(db: Db, plans: string[]): Db {
  return new Proxy(db, {
    get(target, prop, recv) {
      if (prop !== 'execute') return Reflect.get(target, prop, recv);
      return async (q: SQL) => {
        const plan = await queryRows<Record<string, string>>(target, sql`EXPLAIN ANALYZE ${q}`);
        plans.push(plan.map((r) => Object.values(r)[0]).join('\n'));
        return target.execute(q);
      };
    },
  });
}

export default async function danskOrden(): Promise<Record<string, unknown>[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const { db } = database;
  const rows: Record<string, unknown>[] = [];
  try {
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
      db: 'pglite',
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
      // The page query is the one with a LIMIT; say whether its rows came from an index in order.
      const page = plans.find((pl) => /Limit/.test(pl)) ?? plans[0] ?? '';
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
      rows.push({ bench: BENCH, db: 'pglite', target, plan, 'median ms': round1(ms[Math.floor(RUNS / 2)]!) });
    }
  } finally {
    await database.close();
  }
  return rows;
}
