/**
 * Benchmark of opening the water plant with the most history (issue 11): its GET Vandanlaeg/{id} and
 * the list of all its plant-level pumped quantities (GET OppumpedeVandmaengder/list/{id}), in turn,
 * under concurrent load on loopback, side by side with the same two reads run directly on the
 * database (the handlers' own functions: no HTTP, no token, no serialisation). On PGlite and on
 * PostgreSQL (`--db both`).
 *
 *   npm run bench -- --only vandanlaeg [--db pglite|postgres|both] [--duration 10]
 *
 * Target: the API's throughput at least 0.8× the direct reads'.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { virksomhed } from '../../src/server/db/schema';
import { hentDetalje } from '../../src/server/vand/anlaeg';
import { hentMaengder } from '../../src/server/vand/maengder';
import { cannon, direkte, paaDatabaserne, profilForskel, startBenchApp } from './api-bench';
import type { BenchOptions, BenchRow } from './run';

const BENCH = 'vandanlaeg';
const CONCURRENCY = 4;

async function measure(database: Database, opts: BenchOptions): Promise<BenchRow[]> {
  const { db } = database;
  opts.log('VACUUM ANALYZE virksomhed, oppumpet_maengde …');
  await db.execute(sql`VACUUM ANALYZE virksomhed`);
  await db.execute(sql`VACUUM ANALYZE oppumpet_maengde`);
  const { app, port, token, kundeId, kundeNavn } = await startBenchApp(db, 'vand');
  try {
    const [mest] = (
      (await db.execute(
        sql`SELECT vandanlaeg_id AS id, count(*)::int AS n FROM oppumpet_maengde
            WHERE kunde_id = ${kundeId} AND indtag_id IS NULL
            GROUP BY vandanlaeg_id ORDER BY count(*) DESC, vandanlaeg_id LIMIT 1`,
      )) as unknown as { rows: { id: number; n: number }[] }
    ).rows;
    if (!mest) throw new Error(`Ingen oppumpede mængder hos ${kundeNavn}`);
    const id = Number(mest.id);
    opts.log(
      `${kundeNavn}: vandanlæg ${id} har flest perioder (${mest.n}); ${CONCURRENCY} samtidige, ${opts.duration} s pr. mål`,
    );

    // The direct reads: the queries the two handlers run (each loads the plant row first, as the
    // access check does), without HTTP, token or serialisation.
    const anlaeg = async () => {
      const [row] = await db
        .select()
        .from(virksomhed)
        .where(and(eq(virksomhed.id, id), eq(virksomhed.kundeId, kundeId)));
      return row!;
    };
    const plant = async () => hentDetalje(db, await anlaeg());
    const maengder = async () => {
      await anlaeg();
      return hentMaengder(db, { anlaegId: id, kundeId });
    };
    const stier = [`/api/Vandanlaeg/${id}`, `/api/OppumpedeVandmaengder/list/${id}`];

    // Warm up and check: the API answers what the direct reads answer.
    const headers = { authorization: `Bearer ${token}` };
    const [a, b] = await Promise.all(stier.map((s) => fetch(`http://127.0.0.1:${port}${s}`, { headers })));
    const api = { plant: (await a!.json()) as { id: number }, maengder: (await b!.json()) as unknown[] };
    const d = { plant: await plant(), maengder: await maengder() };
    if (
      a!.status !== 200 ||
      b!.status !== 200 ||
      api.plant.id !== d.plant.id ||
      api.maengder.length !== d.maengder.length
    )
      throw new Error('API og direkte læsning er uenige');
    opts.log(`${d.maengder.length} perioder i listen`);

    const maal = { bench: BENCH, db: database.kind, port, concurrency: CONCURRENCY };
    const apiRow = await cannon(maal, opts, 'API, åbn vandanlæg + mængder', stier, headers);
    const direct = await direkte(maal, opts, 'direkte, samme to læsninger', (i) =>
      i % 2 === 0 ? plant() : maengder(),
    );
    const ratio = apiRow.rps / direct.rps;
    apiRow.note = [
      apiRow.note,
      `${ratio.toFixed(2)}× direkte`,
      `gennemløb ${ratio >= 0.8 ? 'OK' : 'UNDER'} (≥0,8×)`,
    ]
      .filter(Boolean)
      .join('; ');
    profilForskel(opts, apiRow, direct);
    return [apiRow, direct];
  } finally {
    await app.close();
  }
}

export function run(opts: BenchOptions): Promise<BenchRow[]> {
  return paaDatabaserne(opts, measure);
}
