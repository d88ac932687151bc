/**
 * Benchmark of the report engine (issue 14) on the large data set (1,000,000 pumped-quantity rows at
 * one customer): 'Oppumpet vand' filtered to a range of years and grouped by plant and year with
 * antal and the summed quantity, the first page with its total —
 *   - through the API (GET rapport/vandoppumpet, autocannon on loopback), side by side with
 *   - the same SQL the engine builds, run directly on the database (a closed loop);
 * and a full export of the ungrouped result (every row of the years, four columns) as CSV and XLSX
 * through the API: rows per second and the server process's peak memory (RSS sampled while it runs).
 *
 *   npm run bench -- --only rapport [--db pglite|postgres|both]
 *
 * Target: the API page at least 0.8× the direct query's rate.
 */
import { sql } from 'drizzle-orm';
import { ressourcerFor } from '../../src/contract/roles';
import type { SessionUser } from '../../src/server/auth/session-user';
import { type Database, queryRows } from '../../src/server/db/client';
import { rapportForBruger } from '../../src/server/rapport/adgang';
import { planlaegRapport, rapportSql } from '../../src/server/rapport/motor';
import { cannon, direkte, paaDatabaserne, profilForskel, startBenchApp } from './api-bench';
import type { BenchOptions, BenchRow } from './run';

const BENCH = 'rapport';

async function measure(database: Database, opts: BenchOptions): Promise<BenchRow[]> {
  const { db } = database;
  const { app, port, token, kundeId, kundeNavn } = await startBenchApp(db, 'vand');
  try {
    // The two latest years with quantities, and how many rows the customer has.
    const [aar] = await queryRows<{ min: number; max: number; n: number }>(
      db,
      sql`select max(extract(year from startdato))::int - 1 as min, max(extract(year from startdato))::int as max,
            count(*)::int as n from oppumpet_maengde where kunde_id = ${kundeId}`,
    );
    if (!aar) throw new Error('Ingen oppumpede mængder');
    opts.log(`${kundeNavn}: ${aar.n} rækker med oppumpede mængder; filtreret til ${aar.min}–${aar.max}`);

    const filter = `aarstal:between(${aar.min}|${aar.max})`;
    const side = {
      kolonner: 'anlaegsnavn,aarstal,totalVandmaengdeOppumpet,antal',
      filter,
      sortByColumn: 'totalVandmaengdeOppumpet',
      sortDirection: 'DESC' as const,
      start: 0,
      take: 50,
    };
    const sti = `/api/rapport/vandoppumpet?${new URLSearchParams(Object.entries(side).map(([k, v]) => [k, String(v)]))}`;
    const headers = { authorization: `Bearer ${token}` };

    // The same SQL the engine runs for the page, built the same way.
    const user = {
      kundeId,
      ressourcer: new Set(ressourcerFor(['SagsbehandlerVandanlaeg'])),
    } as unknown as SessionUser;
    const { def, kilde, typer } = rapportForBruger(user, 'vandoppumpet');
    const plan = planlaegRapport(def, side);
    const sideSql = rapportSql(kilde, plan, kundeId, side, typer);
    const tjek = await queryRows<{ __total: number }>(db, sideSql);
    const api0 = (await (await fetch(`http://127.0.0.1:${port}${sti}`, { headers })).json()) as {
      totalCount: number;
    };
    if (Number(tjek[0]?.__total ?? 0) !== api0.totalCount)
      throw new Error(`API (${api0.totalCount}) og direkte (${tjek[0]?.__total}) er uenige`);
    opts.log(`første side: ${tjek.length} af ${api0.totalCount} grupper`);

    const rows: BenchRow[] = [];
    for (const concurrency of [1, 8]) {
      const a = { bench: BENCH, db: database.kind, port, concurrency };
      const apiRow = await cannon(
        a,
        opts,
        `API, grupperet side 1 (${api0.totalCount} grupper)`,
        [sti],
        headers,
      );
      const dirRow = await direkte(a, opts, 'direkte, samme SQL', () => queryRows(db, sideSql));
      profilForskel(opts, apiRow, dirRow);
      const ratio = apiRow.rps / dirRow.rps;
      apiRow.note = `${apiRow.note ? `${apiRow.note}; ` : ''}${ratio.toFixed(2)}× direkte; ${ratio >= 0.8 ? 'OK' : 'UNDER'} (≥0,8×)`;
      rows.push(apiRow, dirRow);
    }

    // Full exports of the ungrouped rows of the years: rows per second and the peak RSS meanwhile.
    for (const format of ['csv', 'xlsx'] as const) {
      const q = new URLSearchParams({
        kolonner: 'startdato,anlaegsnavn,jupiterVandType,vandmaengdeOppumpet',
        filter,
        sortByColumn: 'startdato',
        format,
      });
      opts.log(`eksport ${format} …`);
      global.gc?.();
      const foer = process.memoryUsage().rss;
      let top = foer;
      const maaler = setInterval(() => {
        top = Math.max(top, process.memoryUsage().rss);
      }, 50);
      const t0 = performance.now();
      const r = await fetch(`http://127.0.0.1:${port}/api/rapport/vandoppumpet/eksport?${q}`, { headers });
      const antal = Number(r.headers.get('x-antal-raekker'));
      let bytes = 0;
      const reader = r.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
      }
      const ms = performance.now() - t0;
      clearInterval(maaler);
      rows.push({
        bench: BENCH,
        db: database.kind,
        target: `API, eksport ${format.toUpperCase()} (${antal} rækker, ${(bytes / 1_048_576).toFixed(1)} MB)`,
        concurrency: 1,
        requests: 1,
        p50: ms,
        p99: ms,
        rps: 1000 / ms,
        note: `${Math.round(antal / (ms / 1000))} rækker/s; RSS ${Math.round(foer / 1_048_576)} → top ${Math.round(top / 1_048_576)} MB`,
      });
    }
    return rows;
  } finally {
    await app.close();
  }
}

export function run(opts: BenchOptions): Promise<BenchRow[]> {
  return paaDatabaserne(opts, measure);
}
