/**
 * Benchmark of the follow-up list (/frister/opfoelgning, issue 15) on the large data set's customer:
 * `GET frister/opfoelgning` through the real app on loopback, for the first page of the open
 * deadlines, every deadline (with the met ones), a page deep in the list, a filtered and a
 * text-searched page. The list is computed in SQL (a union over the inspections, enforcements and
 * ad hoc tasks with the closed days as a join), so a page never loads every row into JavaScript.
 *
 *   npm run bench -- --only frister [--db pglite|postgres|both]
 *   (BENCH_DATA_DIR=/copy/of/.bench-data to leave the shared PGlite data set alone)
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../src/server/db/client';
import { paaDatabaserne, startBenchApp, tider, tidsRaekke } from './api-bench';
import type { BenchOptions, BenchRow } from './run';

const BENCH = 'frister';
const KOERSLER = Number(process.env.FRISTER_BENCH_RUNS ?? 20);

async function measure(database: Database, opts: BenchOptions): Promise<BenchRow[]> {
  const { db } = database;
  const { app, port, token, kundeId } = await startBenchApp(db, 'admin');
  try {
    const [n] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from registrering where kunde_id = ${kundeId} and art in ('tilsyn', 'VandanlaegTilsyn')`,
    );
    opts.log(`${n?.n} tilsyn i kunden; ${KOERSLER} kald pr. mål`);
    const headers = { authorization: `Bearer ${token}` };
    const rows: BenchRow[] = [];
    for (const [navn, query] of [
      ['åbne frister, side 1', ''],
      ['alle frister (med opfyldte), side 1', '&visOpfyldte=true'],
      ['alle frister, side 100', '&visOpfyldte=true&start=4950'],
      ['overskredne DMA-frister', '&filteredColumns=art:dma&filteredColumns=status:overskredet'],
      ['fritekst, sorteret på virksomhed', '&visOpfyldte=true&filter=smed&sortByColumn=virksomhed'],
    ] as const) {
      let total = 0;
      const kald = async () => {
        const r = await fetch(`http://127.0.0.1:${port}/api/frister/opfoelgning?take=50${query}`, {
          headers,
        });
        if (r.status !== 200) throw new Error(`API svarede ${r.status}: ${await r.text()}`);
        total = ((await r.json()) as { totalCount: number }).totalCount;
      };
      await kald();
      const ms = await tider(KOERSLER, kald);
      rows.push(tidsRaekke(BENCH, database.kind, `GET opfoelgning: ${navn}`, ms, `${total} rækker i alt`));
    }
    return rows;
  } finally {
    await app.close();
  }
}

export function run(opts: BenchOptions): Promise<BenchRow[]> {
  return paaDatabaserne(opts, measure);
}
