/**
 * Benchmark of generating the year's inspection plan (issue 13) for the large data set's customer
 * (100,000 companies and farms): `POST planlaegning/{periodeId}/generer` through the real app on
 * loopback, side by side with the generator's own function run directly on the database
 * (`genererPlanForPeriode`: the same queries and inserts in one transaction, no HTTP, token or
 * serialisation), and its dominant read (`grundlagSql`: every active company with last basis year
 * and latest risk score) alone. Each generation replaces the previous plan, so every run does the
 * same work. A generation is one heavy write, so this measures a fixed number of runs in turn, not
 * throughput under concurrent load.
 *
 *   npm run bench -- --only planlaegning [--db pglite|postgres|both]
 *   (BENCH_DATA_DIR=/copy/of/.bench-data to leave the shared PGlite data set alone)
 *
 * Target: the API within 0.8× the direct generation's rate (runs per second).
 */
import { and, eq, sql } from 'drizzle-orm';
import { ressourcerFor } from '../../src/contract/roles';
import type { SessionUser } from '../../src/server/auth/session-user';
import { type Database, queryRows } from '../../src/server/db/client';
import { planlaegningsperiode } from '../../src/server/db/schema';
import { genererPlanForPeriode, grundlagSql } from '../../src/server/planlaegning/generer';
import { paaDatabaserne, startBenchApp, tider, tidsRaekke } from './api-bench';
import { type BenchOptions, type BenchRow, percentile } from './run';

const BENCH = 'planlaegning';
const AAR = 2026;
/** Runs per target (each generates the whole plan). */
const KOERSLER = Number(process.env.PLANLAEGNING_BENCH_RUNS ?? 3);

const raekke = (db: BenchRow['db'], target: string, ms: number[], note = '') =>
  tidsRaekke(BENCH, db, target, ms, note);

async function measure(database: Database, opts: BenchOptions): Promise<BenchRow[]> {
  const { db } = database;
  const { app, port, token, kundeId, kundeNavn } = await startBenchApp(db, 'planlaegger');
  try {
    // A data set seeded before the planning tables has no periods: add the year's (idempotent).
    await db.execute(
      sql`insert into planlaegningsperiode (kunde_id, aar, navn, startdato, slutdato)
        values (${kundeId}, ${AAR}, ${`Tilsynsplan ${AAR}`}, ${`${AAR}-01-01`}, ${`${AAR}-12-31`})
        on conflict (kunde_id, aar) do nothing`,
    );
    opts.log('VACUUM ANALYZE virksomhed, registrering …');
    await db.execute(sql`VACUUM ANALYZE virksomhed`);
    await db.execute(sql`VACUUM ANALYZE registrering`);
    const periode = async () => {
      const [p] = await db
        .select()
        .from(planlaegningsperiode)
        .where(and(eq(planlaegningsperiode.kundeId, kundeId), eq(planlaegningsperiode.aar, AAR)));
      if (!p) throw new Error('Perioden mangler');
      return p;
    };
    const [antal] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from virksomhed where kunde_id = ${kundeId} and type in (1, 2) and not slettet`,
    );
    opts.log(`${kundeNavn}: ${antal?.n} virksomheder og landbrug; ${KOERSLER} kørsler pr. mål`);

    const [pl] = await queryRows<{ id: number }>(
      db,
      sql`select id from bruger where username = 'planlaegger'`,
    );
    const user: SessionUser = {
      brugerId: Number(pl!.id),
      username: 'planlaegger',
      kundeId,
      kundeNavn,
      kundeNr: '779',
      roller: ['SagsbehandlerAarsplan'],
      moduler: [],
      ressourcer: ressourcerFor(['SagsbehandlerAarsplan']),
    };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    let planlagte = 0;
    const viaApi = async () => {
      const p = await periode();
      const r = await fetch(`http://127.0.0.1:${port}/api/planlaegning/${p.id}/generer`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ version: p.version }),
      });
      if (r.status !== 200) throw new Error(`API svarede ${r.status}: ${await r.text()}`);
      const svar = (await r.json()) as { antal: { basis: number; prioriteret: number; kampagne: number }[] };
      planlagte = svar.antal.reduce((s, a) => s + a.basis + a.prioriteret + a.kampagne, 0);
    };
    let direktePlanlagte = 0;
    const direkte = async () => {
      const p = await periode();
      const r = await db.transaction((tx) => genererPlanForPeriode(tx, user, p, p.version, new Date()));
      direktePlanlagte = r.antal.reduce((s, a) => s + a.basis + a.prioriteret + a.kampagne, 0);
    };
    let grundlagRaekker = 0;
    const grundlag = async () => {
      const p = await periode();
      grundlagRaekker = (await queryRows(db, grundlagSql(kundeId, p.startdato, p.slutdato))).length;
    };

    opts.log('opvarmning …');
    await viaApi();
    await direkte();
    if (planlagte !== direktePlanlagte)
      throw new Error(`API ${planlagte} og direkte ${direktePlanlagte} er uenige`);
    opts.log(`${planlagte} planlagte tilsyn`);

    opts.log('API, generér planen …');
    const api = await tider(KOERSLER, viaApi);
    opts.log('direkte, generatoren …');
    const dir = await tider(KOERSLER, direkte);
    opts.log('direkte, grundlagets forespørgsel alene …');
    const gr = await tider(KOERSLER, grundlag);

    const apiRow = raekke(database.kind, `API, POST generer (${planlagte} tilsyn)`, api);
    const dirRow = raekke(database.kind, 'direkte, genererPlanForPeriode', dir);
    const grRow = raekke(database.kind, `direkte, grundlag alene (${grundlagRaekker} rækker)`, gr);
    const ratio = apiRow.rps / dirRow.rps;
    apiRow.note = `${ratio.toFixed(2)}× direkte; ${ratio >= 0.8 ? 'OK' : 'UNDER'} (≥0,8×)`;
    grRow.note = `${((percentile(gr, 50) / percentile(dir, 50)) * 100).toFixed(0)} % af generatorens tid`;
    return [apiRow, dirRow, grRow];
  } finally {
    await app.close();
  }
}

export function run(opts: BenchOptions): Promise<BenchRow[]> {
  return paaDatabaserne(opts, measure);
}
