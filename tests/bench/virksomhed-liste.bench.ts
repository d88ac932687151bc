/**
 * Benchmark of GET virksomhed/list on the large data set (100,000 companies and farms in Skive):
 * a text filter and a sort, a page of 50, under concurrent load on loopback, side by side with the
 * same query run directly against the database (no HTTP, no token, no serialisation) and with
 * GET test/ping. On PGlite (./.bench-data, seeded first if absent) and on PostgreSQL (a throwaway
 * cluster seeded for the run, or --database-url).
 *
 * Targets (issue 5): p99 < 25 ms, and the API's throughput at least half the direct query's.
 * Issue 16: a broad search's p99 at most twice a targeted one's (the total is counted only up to
 * ANTAL_LOFT, and a broad search pages from the sort index), for the API and the direct query alike.
 */

import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { hentVirksomhedListe, type ListeParametre } from '../../src/server/routes/virksomhed-liste';
import { cannon, direkte, paaDatabaserne, profilForskel, startBenchApp } from './api-bench';
import type { BenchOptions, BenchRow } from './run';

const BENCH = 'virksomhed/list';
/** Requests in flight at once, for all three targets. */
const CONCURRENCY = 4;

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

  const { app, port, token, kundeId, kundeNavn } = await startBenchApp(db, 'virksomhed');
  const k = { id: kundeId, navn: kundeNavn };
  const issued = { token };
  try {
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
      const hits: string[] = [];
      for (const f of mix.forespoergsler) {
        const p = tilParams(f);
        const direct = await hentVirksomhedListe(db, p);
        const res = await fetch(`http://127.0.0.1:${port}${tilSti(p)}`, {
          headers: { authorization: `Bearer ${issued.token}` },
        });
        const body = (await res.json()) as {
          totalCount: number;
          totalCountCapped: boolean;
          items: { id: number }[];
        };
        if (
          res.status !== 200 ||
          body.totalCount !== direct.totalCount ||
          body.totalCountCapped !== direct.totalCountCapped ||
          body.items[0]?.id !== direct.items[0]?.id
        ) {
          throw new Error(`API og direkte forespørgsel er uenige for ${tilSti(p)}`);
        }
        hits.push(direct.totalCountCapped ? `mere end ${direct.totalCount}` : String(direct.totalCount));
      }
      opts.log(`${mix.navn}: ${mix.forespoergsler.map((f, i) => `'${f.filter}' (${hits[i]})`).join(', ')}`);
    }

    const maal = { bench: BENCH, db: database.kind, port, concurrency: CONCURRENCY };
    const rows: BenchRow[] = [];
    for (const mix of mixes) {
      const params = mix.forespoergsler.map(tilParams);
      const api = await cannon(maal, opts, `API, ${mix.navn}`, params.map(tilSti), {
        authorization: `Bearer ${issued.token}`,
      });
      const direct = await direkte(maal, opts, `direkte, ${mix.navn}`, (i) =>
        hentVirksomhedListe(db, params[i % params.length]!),
      );
      profilForskel(opts, api, direct);
      const ratio = api.rps / direct.rps;
      api.note = [
        api.note,
        `${ratio.toFixed(2)}× direkte`,
        `p99 ${api.p99 < 25 ? 'OK' : 'OVER'} (<25 ms)`,
        `gennemløb ${ratio >= 0.8 ? 'OK' : 'UNDER'} (≥0,8× direkte, issue 32)`,
      ]
        .filter(Boolean)
        .join('; ');
      rows.push(api, direct);
    }
    // Issue 16: broad p99 ≤ 2 × targeted p99, API against API and direct against direct.
    const [apiBred, dirBred, apiMaal, dirMaal] = rows;
    for (const [bred, maalrettet] of [
      [apiBred!, apiMaal!],
      [dirBred!, dirMaal!],
    ] as const) {
      const gange = bred.p99 / maalrettet.p99;
      bred.note = [bred.note, `p99 ${gange.toFixed(2)}× målrettede ${gange <= 2 ? 'OK' : 'OVER'} (≤2×)`]
        .filter(Boolean)
        .join('; ');
    }
    rows.push(await cannon(maal, opts, 'GET test/ping', ['/api/test/ping'], {}));
    return rows;
  } finally {
    await app.close();
  }
}

export function run(opts: BenchOptions): Promise<BenchRow[]> {
  return paaDatabaserne(opts, measure);
}
