/**
 * Benchmark of building a settlement year's invoice proposals (issue 13) for the large data set's
 * customer (Skive, 100,000 companies and farms): `POST fakturering/forslag/dan` through the real app
 * on loopback, side by side with `danForslagForKunde` (src/server/routes/fakturering-forslag.ts) run
 * directly on the database: the same statements in one transaction, no HTTP, token or serialisation.
 * Each run replaces the year's drafts, so every run does the same work. A run is one heavy write, so
 * this measures a fixed number of runs in turn, not throughput under concurrent load.
 *
 * The large seed writes user-payment records only for the demo-sized part of the customer (about 90
 * in the settlement year 2026), so this bench first adds them at scale, once, set-based: one to three
 * records in the period for about 70 % of the companies and farms covered by user payment (hourly,
 * fixed and outside-service fees, approvals on farms), and the year's rates where a data set seeded
 * before invoicing has none.
 *
 *   npm run bench -- --only fakturering [--db pglite|postgres|both]
 *   (BENCH_DATA_DIR=/copy/of/.bench-data to leave the shared PGlite data set alone: this bench adds
 *   records to it)
 *
 * Target: the API within 0.8× the direct run's rate (runs per second).
 */
import { sql } from 'drizzle-orm';
import type { DanForslagSvar } from '../../src/contract/fakturering';
import { ressourcerFor, VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import type { SessionUser } from '../../src/server/auth/session-user';
import { tidsregistreringsKategorier } from '../../src/server/catalog/lookups';
import { type Database, type Db, queryRows } from '../../src/server/db/client';
import { SEED_SATSER } from '../../src/server/db/seed/fakturering';
import { danForslagForKunde } from '../../src/server/fakturering/forslag';
import { paaDatabaserne, startBenchApp, tider, tidsRaekke } from './api-bench';
import type { BenchOptions, BenchRow } from './run';

const BENCH = 'fakturering';
const AAR = 2026;
/** Runs per target (each builds every proposal of the year). */
const KOERSLER = Number(process.env.FAKTURERING_BENCH_RUNS ?? 3);
/** The title of the records this bench adds (so it adds them once). */
const BENCH_TITEL = 'Tilsyn (benchmark)';

const kategori = (type: number, kode: string) =>
  tidsregistreringsKategorier(type).find((k) => k.kode === kode)!.id;

/**
 * The year's rates, and user-payment records at scale (once). Deterministic: every value is a hash
 * of the company id and the record's number.
 */
async function forbered(db: Db, kundeId: number, log: (m: string) => void): Promise<void> {
  for (const s of SEED_SATSER)
    await db.execute(
      sql`insert into brugerbetaling_sats (kunde_id, aar, timesats_oere, fremmed_andel_bp, husdyr_godkendelse_andel_bp)
        values (${kundeId}, ${s.aar}, ${s.timesatsOere}, ${s.fremmedAndelBp}, ${s.husdyrGodkendelseAndelBp})
        on conflict (kunde_id, aar) do nothing`,
    );
  const [findes] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from registrering
      where kunde_id = ${kundeId} and art = 'brugerbetaling' and titel = ${BENCH_TITEL}`,
  );
  if (Number(findes?.n ?? 0) > 0) return;
  log('tilføjer brugerbetalingsregistreringer i afregningsåret …');
  const tilsyn = kategori(VIRKSOMHEDSTYPE.VIRKSOMHED, 'TILSYN');
  const godkendelse = kategori(VIRKSOMHEDSTYPE.LANDBRUG, 'GODKENDELSE');
  const rapport = kategori(VIRKSOMHEDSTYPE.VIRKSOMHED, 'RAPPORT');
  await db.execute(sql`
    insert into registrering (kunde_id, virksomhed_id, art, titel, dato, sagsbehandler_id, data)
    select ${kundeId}, v.id, 'brugerbetaling', ${BENCH_TITEL},
           date '2025-11-01' + ((v.id * 13 + g * 59) % 365),
           v.primaer_sagsbehandler_id,
           case
             when h < 75 then jsonb_build_object(
               'gebyrtype', 'Timesats gebyr', 'timer', (4 + h % 24) * 0.25, 'beloeb', null,
               'kategoriId', case when v.type = 2 and h % 5 = 0 then ${godkendelse}::int
                                  when g = 2 then ${rapport}::int else ${tilsyn}::int end)
             when h < 90 then jsonb_build_object(
               'gebyrtype', 'Fast gebyr', 'timer', null, 'beloeb', (array[1850, 2400, 3150])[1 + h % 3],
               'kategoriId', ${tilsyn}::int)
             else jsonb_build_object(
               'gebyrtype', 'Fremmed tjenesteydelse', 'timer', null, 'beloeb', 1000 + (v.id * 137) % 9000 + 0.5,
               'kategoriId', ${tilsyn}::int)
           end || '{"faktureret": false, "fordringstypeId": null, "bemaerkning": null}'::jsonb
    from virksomhed v
    cross join lateral generate_series(1, 1 + v.id % 3) as g
    cross join lateral (select ((v.id * 7919 + g * 104729) % 100)::int as h) x
    where v.kunde_id = ${kundeId} and v.type in (1, 2) and v.omfattet_af_brugerbetaling and not v.slettet
      and (v.id * 31) % 10 < 7`);
}

const raekke = (db: BenchRow['db'], target: string, ms: number[], note = '') =>
  tidsRaekke(BENCH, db, target, ms, note);

async function measure(database: Database, opts: BenchOptions): Promise<BenchRow[]> {
  const { db } = database;
  const { app, port, token, kundeId, kundeNavn } = await startBenchApp(db, 'oekonomi');
  try {
    await forbered(db, kundeId, opts.log);
    opts.log('VACUUM ANALYZE registrering, virksomhed, faktura, faktura_linje …');
    for (const t of ['registrering', 'virksomhed', 'faktura', 'faktura_linje'])
      await db.execute(sql.raw(`VACUUM ANALYZE ${t}`));
    const [antal] = await queryRows<{ firmaer: number; poster: number }>(
      db,
      sql`select count(distinct virksomhed_id)::int as firmaer, count(*)::int as poster from registrering
        where kunde_id = ${kundeId} and art in ('brugerbetaling', 'satgebyr') and not slettet
          and dato >= ${`${AAR - 1}-11-01`} and dato < ${`${AAR}-11-01`}`,
    );
    opts.log(
      `${kundeNavn}: ${antal?.poster} brugerbetalingsregistreringer hos ${antal?.firmaer} virksomheder i afregningsåret ${AAR}; ${KOERSLER} kørsler pr. mål`,
    );

    const [ok] = await queryRows<{ id: number }>(db, sql`select id from bruger where username = 'oekonomi'`);
    const user: SessionUser = {
      brugerId: Number(ok!.id),
      username: 'oekonomi',
      kundeId,
      kundeNavn,
      kundeNr: '779',
      roller: ['OkonomiAdmin'],
      moduler: [],
      ressourcer: ressourcerFor(['OkonomiAdmin']),
    };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    let apiSvar: DanForslagSvar | undefined;
    const viaApi = async () => {
      const r = await fetch(`http://127.0.0.1:${port}/api/fakturering/forslag/dan`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ aar: AAR }),
      });
      if (r.status !== 200) throw new Error(`API svarede ${r.status}: ${await r.text()}`);
      apiSvar = (await r.json()) as DanForslagSvar;
    };
    let direkteSvar: DanForslagSvar | undefined;
    const direkte = async () => {
      direkteSvar = await danForslagForKunde(db, user, AAR);
    };

    opts.log('opvarmning …');
    await viaApi();
    await direkte();
    const samme = (s?: DanForslagSvar) => s && [s.antalForslag, s.antalLinjer, s.totalOere].join('/');
    if (samme(apiSvar) !== samme(direkteSvar))
      throw new Error(`API ${samme(apiSvar)} og direkte ${samme(direkteSvar)} er uenige`);
    opts.log(
      `${apiSvar?.antalForslag} forslag med ${apiSvar?.antalLinjer} linjer, i alt ${((apiSvar?.totalOere ?? 0) / 100).toFixed(2)} kr.`,
    );

    opts.log('API, dan forslag …');
    const api = await tider(KOERSLER, viaApi);
    opts.log('direkte, danForslagForKunde …');
    const dir = await tider(KOERSLER, direkte);

    const apiRow = raekke(
      database.kind,
      `API, POST forslag/dan (${apiSvar?.antalForslag} forslag, ${apiSvar?.antalLinjer} linjer)`,
      api,
    );
    const dirRow = raekke(database.kind, 'direkte, danForslagForKunde', dir);
    const ratio = apiRow.rps / dirRow.rps;
    apiRow.note = `${ratio.toFixed(2)}× direkte; ${ratio >= 0.8 ? 'OK' : 'UNDER'} (≥0,8×)`;
    return [apiRow, dirRow];
  } finally {
    await app.close();
  }
}

export function run(opts: BenchOptions): Promise<BenchRow[]> {
  return paaDatabaserne(opts, measure);
}
