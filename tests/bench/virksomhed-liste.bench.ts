/**
 * Benchmark of GET virksomhed/list on the large data set (100,000 companies and farms in Skive):
 * a text filter and a sort, a page of 50, under concurrent load on loopback, side by side with the
 * same query run directly against the database (no HTTP, no token, no serialisation) and with
 * GET test/ping. On PGlite (./.bench-data, seeded first if absent) and on PostgreSQL (a throwaway
 * cluster seeded for the run, or --database-url).
 *
 * Targets (issue 5): p99 < 25 ms, and the API's throughput at least half the direct query's.
 */

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { issueToken } from '../../src/server/auth/issue-token';
import { TokenService } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import { bruger, kunde } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { hentVirksomhedListe, type ListeParametre } from '../../src/server/routes/virksomhed-liste';
import { startPgCluster } from '../helpers/postgres-cluster';
import { type BenchOptions, type BenchRow, closedLoop, percentile } from './run';

const BENCH = 'virksomhed/list';
/** Requests in flight at once, for all three targets. */
const CONCURRENCY = 4;
/** The large data set; BENCH_DATA_DIR points elsewhere (e.g. a copy no other process has open). */
const BENCH_DATA = process.env.BENCH_DATA_DIR ?? './.bench-data';

type Forespoergsel = Pick<ListeParametre, 'filter' | 'sortByColumn' | 'sortDirection'>;

/** Broad searches: a trade, a common surname, a village: 200–7,500 hits of 78,000 companies. */
const BREDE: Forespoergsel[] = [
  { filter: 'jensen', sortByColumn: 'navn', sortDirection: 'ASC' },
  { filter: 'autoværksted', sortByColumn: 'by', sortDirection: 'ASC' },
  { filter: 'holstebrovej', sortByColumn: 'navn', sortDirection: 'DESC' },
  { filter: 'vvs', sortByColumn: 'navn', sortDirection: 'ASC' },
  { filter: 'kro', sortByColumn: 'postnummer', sortDirection: 'DESC' },
  { filter: 'tømrer', sortByColumn: 'navn', sortDirection: 'ASC' },
  { filter: 'Resen', sortByColumn: 'sagsbehandler', sortDirection: 'ASC' },
  { filter: 'Hansen', sortByColumn: 'navn', sortDirection: 'DESC' },
];

/**
 * Targeted searches, as when a case worker looks for one company: a full name, a street and house
 * number, a CVR number. Taken from the data (the same rows every run): 1–20 hits.
 */
async function maalrettede(db: Database['db'], kundeId: number): Promise<Forespoergsel[]> {
  const rows = (
    (await db.execute(
      sql`select navn, vejnavn, husnummer, cvr_nr from virksomhed
          where kunde_id = ${kundeId} and type = 1 and not slettet order by id offset 5000 limit 8`,
    )) as unknown as { rows: { navn: string; vejnavn: string; husnummer: string; cvr_nr: string }[] }
  ).rows;
  const sorts: Forespoergsel['sortByColumn'][] = ['navn', 'by', 'postnummer', 'sagsbehandler'];
  return rows.map((r, i) => ({
    filter: i < 4 ? r.navn : i < 6 ? `${r.vejnavn} ${r.husnummer}` : r.cvr_nr,
    sortByColumn: sorts[i % sorts.length]!,
    sortDirection: i % 2 === 0 ? 'ASC' : 'DESC',
  }));
}

async function measure(database: Database, opts: BenchOptions): Promise<BenchRow[]> {
  const { db } = database;
  opts.log('VACUUM ANALYZE virksomhed, bruger (statistik til planlæggeren) …');
  await db.execute(sql`VACUUM ANALYZE virksomhed`);
  await db.execute(sql`VACUUM ANALYZE bruger`);

  const config = loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'false', LOG_LEVEL: 'warn' });
  const tokens = new TokenService(randomBytes(32), 3600);
  const app = await buildApp({ db, tokens, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const [k] = await db.select().from(kunde).where(eq(kunde.kundeNr, 779));
    const [b] = await db.select().from(bruger).where(eq(bruger.username, 'virksomhed'));
    if (!k || !b) throw new Error('Benchmark-data mangler kunde 779 eller brugeren virksomhed');
    const issued = await issueToken(db, tokens, b.id, k.id);
    if (!issued.ok) throw new Error(`Kan ikke udstede token: ${issued.reason}`);
    const [{ n }] = (
      (await db.execute(
        sql`select count(*)::int as n from virksomhed where kunde_id = ${k.id}`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    opts.log(
      `${n} virksomheder og landbrug i ${k.navn}; ${CONCURRENCY} samtidige forespørgsler, ${opts.duration} s pr. mål`,
    );

    const mixes: { navn: string; forespoergsler: Forespoergsel[] }[] = [
      { navn: 'brede søgninger', forespoergsler: BREDE },
      { navn: 'målrettede søgninger', forespoergsler: await maalrettede(db, k.id) },
    ];
    const tilParams = (f: Forespoergsel): ListeParametre => ({
      kundeId: k.id,
      virksomhedsType: 1,
      start: 0,
      take: 50,
      filteredColumns: [],
      ...f,
    });
    const tilSti = (p: ListeParametre) =>
      `/api/virksomhed/list?kundeId=${p.kundeId}&virksomhedsType=1&start=0&take=50` +
      `&sortByColumn=${p.sortByColumn}&sortDirection=${p.sortDirection}&filter=${encodeURIComponent(p.filter!)}`;

    // Warm up and check: the API answers what the direct query answers.
    for (const mix of mixes) {
      const hits: number[] = [];
      for (const f of mix.forespoergsler) {
        const p = tilParams(f);
        const direct = await hentVirksomhedListe(db, p);
        const res = await fetch(`http://127.0.0.1:${port}${tilSti(p)}`, {
          headers: { authorization: `Bearer ${issued.token}` },
        });
        const body = (await res.json()) as { totalCount: number; items: { id: number }[] };
        if (
          res.status !== 200 ||
          body.totalCount !== direct.totalCount ||
          body.items[0]?.id !== direct.items[0]?.id
        ) {
          throw new Error(`API og direkte forespørgsel er uenige for ${tilSti(p)}`);
        }
        hits.push(direct.totalCount);
      }
      opts.log(`${mix.navn}: ${mix.forespoergsler.map((f, i) => `'${f.filter}' (${hits[i]})`).join(', ')}`);
    }

    const cannon = async (target: string, requests: { path: string }[], headers: Record<string, string>) => {
      opts.log(`${target} …`);
      const r = await autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONCURRENCY,
        duration: opts.duration,
        headers,
        requests: requests.map((x) => ({ method: 'GET', path: x.path })),
      });
      const ok = r.non2xx === 0 && r.errors === 0;
      return {
        bench: BENCH,
        db: database.kind,
        target,
        concurrency: CONCURRENCY,
        requests: r.requests.total,
        p50: r.latency.p50,
        p99: r.latency.p99,
        rps: r.requests.total / (r.duration || opts.duration),
        note: ok ? '' : `${r.non2xx} ikke-2xx, ${r.errors} fejl`,
      } satisfies BenchRow;
    };

    const rows: BenchRow[] = [];
    for (const mix of mixes) {
      const params = mix.forespoergsler.map(tilParams);
      const api = await cannon(
        `API, ${mix.navn}`,
        params.map((p) => ({ path: tilSti(p) })),
        { authorization: `Bearer ${issued.token}` },
      );
      opts.log(`direkte forespørgsel, ${mix.navn} …`);
      const d = await closedLoop(
        (i) => hentVirksomhedListe(db, params[i % params.length]!),
        CONCURRENCY,
        opts.duration,
      );
      const direct: BenchRow = {
        bench: BENCH,
        db: database.kind,
        target: `direkte, ${mix.navn}`,
        concurrency: CONCURRENCY,
        requests: d.latencies.length,
        p50: percentile(d.latencies, 50),
        p99: percentile(d.latencies, 99),
        rps: d.rps,
        note: d.errors ? `${d.errors} fejl` : '',
      };
      const ratio = api.rps / direct.rps;
      api.note = [
        api.note,
        `${ratio.toFixed(2)}× direkte`,
        `p99 ${api.p99 < 25 ? 'OK' : 'OVER'} (<25 ms)`,
        `gennemløb ${ratio >= 0.5 ? 'OK' : 'UNDER'} (≥0,5×)`,
      ]
        .filter(Boolean)
        .join('; ');
      rows.push(api, direct);
    }
    rows.push(await cannon('GET test/ping', [{ path: '/api/test/ping' }], {}));
    return rows;
  } finally {
    await app.close();
  }
}

async function pglite(opts: BenchOptions): Promise<BenchRow[]> {
  const fresh = !existsSync(BENCH_DATA);
  if (fresh) opts.log(`${BENCH_DATA} findes ikke: genererer det store datasæt (ca. 90–120 s) …`);
  const database = await openDatabase({ dataDir: BENCH_DATA });
  try {
    const s = await seedDatabase(database.db, {
      scale: 'large',
      passwordHashCost: 'fast',
      log: fresh ? opts.log : undefined,
    });
    if (!s.skipped) opts.log(`seedet på ${s.seconds} s`);
    return await measure(database, opts);
  } finally {
    await database.close();
  }
}

async function postgres(opts: BenchOptions): Promise<BenchRow[]> {
  const cluster = opts.databaseUrl ? undefined : await startPgCluster();
  const url = opts.databaseUrl ?? cluster?.url;
  if (!url) {
    opts.log('PostgreSQL er ikke installeret her – springer PostgreSQL over');
    return [];
  }
  try {
    const database = await openDatabase({ databaseUrl: url });
    try {
      opts.log('seeder det store datasæt i PostgreSQL (springes over, hvis databasen har data) …');
      const s = await seedDatabase(database.db, { scale: 'large', passwordHashCost: 'fast', log: opts.log });
      if (!s.skipped) opts.log(`seedet på ${s.seconds} s`);
      return await measure(database, opts);
    } finally {
      await database.close();
    }
  } finally {
    cluster?.stop();
  }
}

export async function run(opts: BenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  if (opts.databases.includes('pglite')) rows.push(...(await pglite(opts)));
  if (opts.databases.includes('postgres')) rows.push(...(await postgres(opts)));
  return rows;
}
