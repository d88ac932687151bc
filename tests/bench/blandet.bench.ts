/**
 * The mixed load (issue 32): many users at once on the large data set, as a municipality's users
 * work, against the real server running as its own process.
 *
 *   npm run bench -- --only blandet [--db pglite|postgres|both] [--duration S] [--brugere N] [--taenketid 1-3] [--gentag N]
 *
 * N simulated users (--brugere; default 10 on PGlite, 50 on PostgreSQL), each signed in with its own
 * token as a fitting demo user: case workers ('virksomhed': palette searches typed keystroke by
 * keystroke, company-list pages with filters, opening one of their own companies and its inspections
 * tab, saving an inspection with its version), validators ('vand': a page of the plant-level queue
 * filtered to one of their own plants, opening the plant and its pumped-quantities tab, approving or
 * discarding 1–20 entries, palette searches) and one reporter ('vand': pages of the water report and
 * palette searches); think time between actions (--taenketid, seconds, default 1–3). Each user saves
 * and decides on records no other user touches, so every 409 is an error. The load runs in worker
 * threads of its own (blandet-last.ts: plain fetch, latency taken on the client until the whole
 * answer is read; 10 s timeout), never on the server's event loop.
 *
 * Each database runs the load twice for --duration seconds: without and with one more user exporting
 * the largest report (the water report's rows of two years as CSV, about 108,000 rows) in a loop.
 * Printed per kind of action: count, p50, p95, p99, errors and timeouts, side by side, with the
 * p95 ratio (the issue's target: the export moves no interactive p95 by more than 2×) and PASS/FAIL
 * against the targets (p95 ≤ 150 ms for interactive reads, ≤ 300 ms for saves and decisions, no
 * errors); and per run the throughput and the server process's CPU (utime + stime from /proc over
 * the wall time; on PostgreSQL the database's own processes are not counted) and RSS (peak and end).
 * On PostgreSQL also the scale-out: the same load with the export against two server processes on
 * the one database (one JWT secret; the load generator sends its requests round-robin to the two
 * ports), throughput and p95 beside the one process's.
 *
 * Decisions are put back afterwards (the entries back in the queue with their version, the log rows
 * of the run removed), so later runs and other benches find the queue as it was. No timing here is
 * asserted in the test suite.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { TILSYN } from '../../src/contract/registreringer';
import { type Database, openDatabase, queryRows } from '../../src/server/db/client';
import { intArray, opdaterStatistik } from '../../src/server/validering/median';
import { freePort } from '../helpers/postgres-cluster';
import {
  HANDLINGER,
  type Handling,
  type LastData,
  type LastSvar,
  type Rapportoer,
  type Sagsbehandler,
  type SimuleretBruger,
  tomtLastSvar,
  type Validator,
} from './blandet-last';
import type { BenchOptions, BenchRow } from './run';
import {
  BENCH_DATA_DIR,
  type BenchServer,
  ensureBenchData,
  percentile,
  round1,
  startBenchServer,
} from './support';

const BENCH = 'blandet';
const BRUGERE = { pglite: 10, postgres: 50 } as const;
const TIMEOUT_MS = 10_000;
const EKSPORT_TIMEOUT_MS = 120_000;
/** Users per load-generating thread. */
const PR_TRAAD = 25;

/** The worker: tsx registered in the thread first (as src/server/dokument/docx-pulje.ts does). */
const LAST_START = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.resolve('./blandet-last.ts'))}); })`;

/** What the users work on, read from the database before the server starts. */
interface Plan {
  kundeId: number;
  logFoer: number;
  virksomheder: { id: number; tilsynId: number }[];
  listeStier: string[];
  virksomhedsord: string[];
  anlaeg: { id: number; filter: string }[];
  anlaegsord: string[];
  rapportStier: string[];
  eksportSti: string;
}

async function planlaeg(db: Database['db'], brugere: number): Promise<Plan> {
  const [k] = await queryRows<{ id: number }>(db, sql`SELECT id FROM kunde WHERE kunde_nr = 779`);
  if (!k) throw new Error('Benchmark-data mangler Skive (779)');
  const kundeId = Number(k.id);
  const [{ m: logFoer } = { m: 0 }] = await queryRows<{ m: number }>(
    db,
    sql`SELECT COALESCE(max(id), 0)::int AS m FROM logbog`,
  );
  // Four companies per user, each with one inspection that only that user saves.
  const virksomheder = (
    await queryRows<{ id: number; tilsyn_id: number }>(
      db,
      sql`SELECT DISTINCT ON (v.id) v.id, r.id AS tilsyn_id
            FROM virksomhed v JOIN registrering r ON r.virksomhed_id = v.id AND r.art = 'tilsyn' AND NOT r.slettet
           WHERE v.kunde_id = ${kundeId} AND v.type = 1 AND NOT v.slettet
           ORDER BY v.id, r.id LIMIT ${brugere * 4}`,
    )
  ).map((r) => ({ id: Number(r.id), tilsynId: Number(r.tilsyn_id) }));
  if (virksomheder.length < brugere) throw new Error('For få virksomheder med tilsyn i benchmark-data');

  // Palette words and list filters from the data: name beginnings, CVR numbers, streets.
  const navne = await queryRows<{ navn: string; cvr_nr: string | null; vejnavn: string | null }>(
    db,
    sql`SELECT navn, cvr_nr, vejnavn FROM virksomhed
         WHERE kunde_id = ${kundeId} AND type = 1 AND NOT slettet ORDER BY md5(id::text) LIMIT 40`,
  );
  const virksomhedsord = [
    ...navne.map((n) => n.navn.slice(0, 12).trim()),
    ...navne.slice(0, 8).flatMap((n) => (n.cvr_nr ? [n.cvr_nr] : [])),
    ...navne.slice(8, 16).flatMap((n) => (n.vejnavn ? [n.vejnavn] : [])),
  ].filter((o) => o.length >= 2);
  const sorteringer = ['navn', 'by', 'postnummer', 'sagsbehandler'] as const;
  const filtre = [
    'jensen',
    'autoværksted',
    'vvs',
    'kro',
    'tømrer',
    'Hansen',
    ...navne.slice(16, 26).map((n) => n.navn),
    ...navne.slice(26, 32).flatMap((n) => (n.vejnavn ? [n.vejnavn] : [])),
  ];
  const listeStier = filtre.map((filter, i) => {
    const q = new URLSearchParams({
      kundeId: String(kundeId),
      virksomhedsType: '1',
      start: i % 5 === 4 ? '50' : '0',
      take: '50',
      sortByColumn: sorteringer[i % sorteringer.length]!,
      sortDirection: i % 2 === 0 ? 'ASC' : 'DESC',
      filter,
    });
    return `/virksomhed/list?${q}`;
  });

  // Water plants with pending plant-level entries, three per validator.
  const anlaegRaekker = await queryRows<{ id: number; navn: string }>(
    db,
    sql`SELECT v.id, v.navn FROM virksomhed v
          JOIN (SELECT vandanlaeg_id, count(*) AS n FROM oppumpet_maengde
                 WHERE kunde_id = ${kundeId} AND status = 0 AND indtag_id IS NULL GROUP BY vandanlaeg_id) o
            ON o.vandanlaeg_id = v.id
         ORDER BY o.n DESC, v.id LIMIT ${Math.max(3, brugere * 3)}`,
  );
  const anlaeg = anlaegRaekker.map((a) => ({ id: Number(a.id), filter: a.navn }));
  const anlaegsord = anlaegRaekker.slice(0, 20).map((a) => a.navn.slice(0, 12).trim());

  // The water report: grouped pages of the two latest years (as the rapport bench), and the export
  // of every row of those years, the largest export the data set has in daily use.
  const [aar] = await queryRows<{ max: number }>(
    db,
    sql`SELECT max(extract(year from startdato))::int AS max FROM oppumpet_maengde WHERE kunde_id = ${kundeId}`,
  );
  const filter = `aarstal:between(${Number(aar!.max) - 1}|${Number(aar!.max)})`;
  const rapportStier = (
    [
      ['totalVandmaengdeOppumpet', 'DESC', 0],
      ['totalVandmaengdeOppumpet', 'DESC', 50],
      ['anlaegsnavn', 'ASC', 0],
      ['antal', 'DESC', 0],
    ] as const
  ).map(([sortByColumn, sortDirection, start]) => {
    const q = new URLSearchParams({
      kolonner: 'anlaegsnavn,aarstal,totalVandmaengdeOppumpet,antal',
      filter,
      sortByColumn,
      sortDirection,
      start: String(start),
      take: '50',
    });
    return `/rapport/vandoppumpet?${q}`;
  });
  const eksportSti = `/rapport/vandoppumpet/eksport?${new URLSearchParams({
    kolonner: 'startdato,anlaegsnavn,jupiterVandType,vandmaengdeOppumpet',
    filter,
    sortByColumn: 'startdato',
    format: 'csv',
  })}`;
  return {
    kundeId,
    logFoer: Number(logFoer),
    virksomheder,
    listeStier,
    virksomhedsord,
    anlaeg,
    anlaegsord,
    rapportStier,
    eksportSti,
  };
}

/** Puts the run's decisions back: the entries pending again with their version, the log rows gone. */
async function genskab(db: Database['db'], plan: Plan, besluttet: number[]): Promise<void> {
  if (besluttet.length > 0) {
    await db.execute(
      sql`UPDATE oppumpet_maengde SET status = 0, besluttet_af_bruger_id = NULL, besluttet_dato = NULL,
                 version = version - 1
           WHERE id = ANY(${intArray(besluttet)}::int[]) AND status <> 0`,
    );
    await opdaterStatistik(db, plan.kundeId);
  }
  await db.execute(sql`DELETE FROM logbog WHERE id > ${plan.logFoer}`);
}

async function logInd(port: number, username: string): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  if (!r.ok) throw new Error(`log ind som ${username}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { data: string }).data;
}

/** The users: one reporter, about a third validators, the rest case workers; each its own token. */
async function brugereTil(port: number, plan: Plan, n: number): Promise<SimuleretBruger[]> {
  const rapport = n >= 3 ? 1 : 0;
  const validatorer = n >= 2 ? Math.max(1, Math.round(n * 0.3)) : 0;
  const sagsbehandlere = n - rapport - validatorer;
  const brugere: SimuleretBruger[] = [];
  for (let i = 0; i < sagsbehandlere; i++) {
    brugere.push({
      rolle: 'sagsbehandler',
      token: await logInd(port, 'virksomhed'),
      soegeord: plan.virksomhedsord,
      listeStier: plan.listeStier,
      virksomheder: plan.virksomheder.filter((_, j) => j % sagsbehandlere === i),
    } satisfies Sagsbehandler);
  }
  for (let i = 0; i < validatorer; i++) {
    brugere.push({
      rolle: 'validator',
      token: await logInd(port, 'vand'),
      kundeId: plan.kundeId,
      soegeord: plan.anlaegsord,
      anlaeg: plan.anlaeg.filter((_, j) => j % validatorer === i),
    } satisfies Validator);
  }
  for (let i = 0; i < rapport; i++) {
    brugere.push({
      rolle: 'rapport',
      token: await logInd(port, 'vand'),
      soegeord: plan.anlaegsord,
      rapportStier: plan.rapportStier,
    } satisfies Rapportoer);
  }
  return brugere;
}

// ---------------------------------------------------------------- the server process's CPU and RSS

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process, in seconds (fields 14 and 15 of /proc/<pid>/stat, after the name). */
function cpuSekunder(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return Number.NaN;
  }
  const felter = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(felter[11]) + Number(felter[12])) / CLK_TCK;
}

/** Resident memory in MB; 0 once the process is gone (a crash shows as errors in the run). */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface Koersel {
  navn: string;
  brugere: number;
  processer: number;
  sekunder: number;
  svar: LastSvar;
  /** Server CPU as a share of one core (summed over the processes), and RSS peak/end in MB (summed). */
  cpu: number;
  rssTop: number;
  rssSlut: number;
}

/** One run of the load: the users (and the exporter) in worker threads, the servers sampled meanwhile. */
async function koerLast(
  opts: BenchOptions,
  navn: string,
  servere: { port: number; pid: number }[],
  brugere: SimuleretBruger[],
  eksport: LastData['eksport'],
  taenketid: [number, number],
): Promise<Koersel> {
  opts.log(
    `${navn}: ${brugere.length} brugere${eksport ? ' + 1 eksport' : ''}, ${servere.length} proces(ser), ${opts.duration} s …`,
  );
  const traade: { brugere: SimuleretBruger[]; eksport?: LastData['eksport'] }[] = [];
  const antalTraade = Math.max(1, Math.ceil(brugere.length / PR_TRAAD));
  for (let t = 0; t < antalTraade; t++)
    traade.push({ brugere: brugere.filter((_, i) => i % antalTraade === t) });
  // The exporter in a thread of its own: reading its answer must not delay the users' timings.
  if (eksport) traade.push({ brugere: [], eksport });

  const cpu0 = servere.map((s) => cpuSekunder(s.pid));
  let rssTop = 0;
  const maal = () => servere.reduce((sum, s) => sum + rssMb(s.pid), 0);
  const maaler = setInterval(() => {
    rssTop = Math.max(rssTop, maal());
  }, 500);
  const t0 = performance.now();
  let svar: LastSvar[];
  try {
    svar = await Promise.all(
      traade.map(
        (t, i) =>
          new Promise<LastSvar>((resolve, reject) => {
            const data: LastData = {
              porte: servere.map((s) => s.port),
              brugere: t.brugere,
              eksport: t.eksport,
              varighedMs: opts.duration * 1000,
              taenketid,
              timeoutMs: TIMEOUT_MS,
              eksportTimeoutMs: EKSPORT_TIMEOUT_MS,
              tilsynFelter: TILSYN.felter.filter((f) => !f.skrivebeskyttet).map((f) => f.navn),
              seed: i + 1,
            };
            const w = new Worker(LAST_START, { eval: true, execArgv: [], workerData: data });
            w.once('message', (m: LastSvar) => {
              resolve(m);
              void w.terminate();
            });
            w.once('error', reject);
            w.once('exit', (code) => {
              if (code !== 0) reject(new Error(`belastningstråd ${i} sluttede med ${code}`));
            });
          }),
      ),
    );
  } finally {
    clearInterval(maaler);
  }
  const sekunder = (performance.now() - t0) / 1000;
  const rssSlut = maal();
  rssTop = Math.max(rssTop, rssSlut);
  const cpu = servere.reduce((sum, s, i) => sum + (cpuSekunder(s.pid) - cpu0[i]!), 0) / sekunder;

  // Merged over the threads.
  const samlet = tomtLastSvar();
  for (const s of svar) {
    for (const [h, v] of Object.entries(s.tider) as [Handling, number[]][]) {
      samlet.tider[h] ??= [];
      samlet.tider[h].push(...v);
    }
    for (const k of ['fejl', 'timeouts'] as const)
      for (const [h, v] of Object.entries(s[k]) as [Handling, number][])
        samlet[k][h] = (samlet[k][h] ?? 0) + v;
    samlet.alleredeBesluttet += s.alleredeBesluttet;
    samlet.besluttet.push(...s.besluttet);
    samlet.eksempler.push(...s.eksempler);
  }
  for (const v of Object.values(samlet.tider)) v.sort((a, b) => a - b);
  for (const e of samlet.eksempler.slice(0, 5)) opts.log(`  fejl: ${e}`);
  return {
    navn,
    brugere: brugere.length,
    processer: servere.length,
    sekunder,
    svar: samlet,
    cpu,
    rssTop,
    rssSlut,
  };
}

// ---------------------------------------------------------------- printing

const antalKald = (k: Koersel) => Object.values(k.svar.tider).reduce((s, v) => s + v.length, 0);
const p95 = (k: Koersel, h: Handling) => percentile(k.svar.tider[h] ?? [], 95);
const fejlI = (k: Koersel, h: Handling) => (k.svar.fejl[h] ?? 0) + (k.svar.timeouts[h] ?? 0);
const fejlIalt = (k: Koersel) => (Object.keys(HANDLINGER) as Handling[]).reduce((s, h) => s + fejlI(k, h), 0);
const ms = (v: number) => (Number.isFinite(v) ? String(Math.round(v)) : '–');

/**
 * The per-action table: the runs side by side, the p95 ratio of the last to the first, verdicts
 * (`medForhold`: the ratio is judged too, at most 2×, as for the run with the export).
 */
function printHandlinger(db: string, koersler: Koersel[], medForhold = true): void {
  const header = ['handling'];
  for (const k of koersler) header.push(`${k.navn}: antal`, 'p50', 'p95', 'p99', 'fejl/timeout');
  header.push('p95 ×', 'mål p95', 'dom');
  const rows: string[][] = [];
  for (const h of Object.keys(HANDLINGER) as Handling[]) {
    if (koersler.every((k) => !k.svar.tider[h] && !fejlI(k, h))) continue;
    const row: string[] = [HANDLINGER[h].navn];
    for (const k of koersler) {
      const t = k.svar.tider[h] ?? [];
      row.push(
        String(t.length),
        ms(percentile(t, 50)),
        ms(percentile(t, 95)),
        ms(percentile(t, 99)),
        `${k.svar.fejl[h] ?? 0}/${k.svar.timeouts[h] ?? 0}`,
      );
    }
    const maal = HANDLINGER[h].maal;
    const forhold = koersler.length > 1 ? p95(koersler.at(-1)!, h) / p95(koersler[0]!, h) : Number.NaN;
    const ok =
      koersler.every((k) => fejlI(k, h) === 0) &&
      (maal === null || koersler.every((k) => !(p95(k, h) > maal))) &&
      (maal === null || !medForhold || !(forhold > 2));
    row.push(
      Number.isFinite(forhold) ? `${forhold.toFixed(2)}×` : '–',
      maal === null ? '–' : `≤${maal}`,
      !ok ? 'FAIL' : koersler.some((k) => !k.svar.tider[h]?.length) ? '– (ingen kald i en kørsel)' : 'PASS',
    );
    rows.push(row);
  }
  const widths = header.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(
    `\nblandet (${db}): pr. handling, ms målt hos klienten (mål: p95 ≤ 150 ms læsninger, ≤ 300 ms gem/beslut, 0 fejl${medForhold ? '; eksporten højst 2× p95' : ''})`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  for (const k of koersler)
    console.log(
      `  ${k.navn}: ${antalKald(k)} kald på ${k.sekunder.toFixed(1)} s = ${(antalKald(k) / k.sekunder).toFixed(1)} kald/s; ` +
        `server-CPU ${(k.cpu * 100).toFixed(0)} % af én kerne${k.processer > 1 ? ` (${k.processer} processer i alt)` : ''}` +
        `${db === 'postgres' ? ' (PostgreSQL selv ikke med)' : ''}; RSS top ${Math.round(k.rssTop)} MB, slut ${Math.round(k.rssSlut)} MB; ` +
        `${k.svar.besluttet.length} poster besluttet${k.svar.alleredeBesluttet ? `, ${k.svar.alleredeBesluttet} allerede besluttet af en anden` : ''}`,
    );
  console.log('');
}

/** Rows for the runner's table: one per action and run, and one for the run as a whole. */
function raekker(db: BenchRow['db'], k: Koersel): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const h of Object.keys(HANDLINGER) as Handling[]) {
    const t = k.svar.tider[h];
    if (!t && !fejlI(k, h)) continue;
    const maal = HANDLINGER[h].maal;
    const p = percentile(t ?? [], 95);
    const ok = fejlI(k, h) === 0 && (maal === null || !(p > maal));
    rows.push({
      bench: BENCH,
      db,
      target: `${k.navn}: ${HANDLINGER[h].navn}`,
      concurrency: k.brugere,
      requests: t?.length ?? 0,
      p50: percentile(t ?? [], 50),
      p99: percentile(t ?? [], 99),
      rps: (t?.length ?? 0) / k.sekunder,
      note: `p95 ${round1(p)} ms; ${fejlI(k, h)} fejl/timeouts; ${maal === null ? '' : `mål ≤${maal} ms `}${!ok ? 'FAIL' : t?.length ? 'PASS' : '–'}`,
    });
  }
  const alle = Object.values(k.svar.tider)
    .flat()
    .sort((a, b) => a - b);
  rows.push({
    bench: BENCH,
    db,
    target: `${k.navn}: i alt (${k.processer} proces${k.processer > 1 ? 'ser' : ''})`,
    concurrency: k.brugere,
    requests: alle.length,
    p50: percentile(alle, 50),
    p99: percentile(alle, 99),
    rps: alle.length / k.sekunder,
    note: `p95 ${round1(percentile(alle, 95))} ms; ${fejlIalt(k)} fejl/timeouts; server-CPU ${Math.round(k.cpu * 100)} %; RSS top ${Math.round(k.rssTop)} MB`,
  });
  return rows;
}

/** The scale-out figure: one process against two on one PostgreSQL, the same load. */
function printSkalering(en: Koersel, to: Koersel): void {
  const interaktive = (Object.keys(HANDLINGER) as Handling[]).filter((h) => h !== 'eksport');
  const p95Af = (k: Koersel) =>
    percentile(
      interaktive.flatMap((h) => k.svar.tider[h] ?? []).sort((a, b) => a - b),
      95,
    );
  console.log('blandet (postgres): skalering, samme last med eksport, én mod to processer på én database');
  for (const k of [en, to])
    console.log(
      `  ${k.processer} proces${k.processer > 1 ? 'ser' : ''}: ${(antalKald(k) / k.sekunder).toFixed(1)} kald/s, ` +
        `p95 (interaktive kald) ${ms(p95Af(k))} ms, ${fejlIalt(k)} fejl/timeouts, server-CPU ${Math.round(k.cpu * 100)} %`,
    );
  console.log('');
}

// ---------------------------------------------------------------- on each database

async function medServere(
  opts: BenchOptions,
  db: BenchRow['db'],
  database: () => Promise<Database>,
  start: (port: number, env?: Record<string, string>) => Promise<BenchServer>,
): Promise<{ rows: BenchRow[]; koersler: Koersel[] }> {
  const n = opts.brugere ?? BRUGERE[db];
  const taenketid = (opts.taenketid ?? [1, 3]).map((s) => s * 1000) as [number, number];
  let d = await database();
  let plan: Plan;
  try {
    plan = await planlaeg(d.db, n);
  } finally {
    // PGlite is one process's: the server opens the data directory itself.
    if (db === 'pglite') await d.close();
  }
  opts.log(
    `${db}: ${n} brugere, tænketid ${taenketid.map((t) => t / 1000).join('–')} s; ${plan.anlaeg.length} vandanlæg til validatorerne`,
  );
  const besluttet: number[] = [];
  const rows: BenchRow[] = [];
  const koersler: Koersel[] = [];
  const secret = randomBytes(32).toString('hex');
  const env = db === 'postgres' ? { JWT_SECRET: secret } : undefined;
  const port = await freePort();
  opts.log(`starter serveren (${db}) …`);
  let server: BenchServer | undefined = await start(port, env);
  let andenServer: BenchServer | undefined;
  try {
    const brugere = await brugereTil(port, plan, n);
    const eksport = { token: await logInd(port, 'vand'), sti: plan.eksportSti };
    // Warm-up, not measured: a few seconds of the load with short think times.
    const opvarmning = await koerLast(
      { ...opts, duration: Math.min(5, opts.duration) },
      'opvarmning',
      [{ port, pid: server.pid }],
      brugere,
      undefined,
      [200, 500],
    );
    besluttet.push(...opvarmning.svar.besluttet);
    const uden = await koerLast(
      opts,
      'uden eksport',
      [{ port, pid: server.pid }],
      brugere,
      undefined,
      taenketid,
    );
    const med = await koerLast(opts, 'med eksport', [{ port, pid: server.pid }], brugere, eksport, taenketid);
    besluttet.push(...uden.svar.besluttet, ...med.svar.besluttet);
    printHandlinger(db, [uden, med]);
    rows.push(...raekker(db, uden), ...raekker(db, med));
    koersler.push(uden, med);

    if (db === 'postgres') {
      const port2 = await freePort();
      opts.log('starter en server mere på samme database …');
      andenServer = await start(port2, env);
      const to = await koerLast(
        opts,
        'to processer, med eksport',
        [
          { port, pid: server.pid },
          { port: port2, pid: andenServer.pid },
        ],
        brugere,
        eksport,
        taenketid,
      );
      besluttet.push(...to.svar.besluttet);
      printHandlinger(db, [med, to], false);
      printSkalering(med, to);
      rows.push(...raekker(db, to));
      koersler.push(to);
    }
  } finally {
    await andenServer?.stop();
    await server?.stop();
    server = undefined;
    if (db === 'pglite') d = await database();
    try {
      opts.log(`sætter ${besluttet.length} beslutninger tilbage …`);
      await genskab(d.db, plan, besluttet);
    } finally {
      await d.close();
    }
  }
  return { rows, koersler };
}

/**
 * With --gentag N: the range of each figure over the N runs of one database (min–max of p95 per
 * action and run kind, of the p95 ratio with/without the export, of the throughput). Beside them,
 * the calls per run and the p95 of all runs' calls together: an action with a handful of calls a run
 * has its slowest call for p95, so one stray call decides its run's ratio, and the pooled figure says
 * more.
 */
function printGentagelser(db: string, runder: Koersel[][]): void {
  if (runder.length < 2) return;
  const spaend = (v: number[]) => {
    const ok = v.filter(Number.isFinite);
    return ok.length === 0 ? '–' : `${ms(Math.min(...ok))}–${ms(Math.max(...ok))}`;
  };
  const navne = runder[0]!.map((k) => k.navn);
  console.log(`\nblandet (${db}): ${runder.length} kørsler, spænd (min–max) af p95 i ms pr. handling`);
  const header = [
    'handling',
    ...navne.map((n) => `${n}: p95`),
    'p95 × (med/uden)',
    'kald pr. kørsel',
    'alle kørsler: p95 uden → med',
    '×',
    'fejl i alt',
  ];
  /** The p95 of run kind i's calls of all runs together. */
  const samletP95 = (i: number, h: Handling) =>
    percentile(
      runder.flatMap((r) => r[i]?.svar.tider[h] ?? []).sort((a, b) => a - b),
      95,
    );
  const rows: string[][] = [];
  for (const h of Object.keys(HANDLINGER) as Handling[]) {
    if (runder.every((r) => r.every((k) => !k.svar.tider[h]))) continue;
    rows.push([
      HANDLINGER[h].navn,
      ...navne.map((_, i) => spaend(runder.map((r) => p95(r[i]!, h)))),
      runder[0]!.length > 1
        ? (() => {
            const f = runder.map((r) => p95(r[1]!, h) / p95(r[0]!, h)).filter(Number.isFinite);
            return f.length ? `${Math.min(...f).toFixed(2)}–${Math.max(...f).toFixed(2)}×` : '–';
          })()
        : '–',
      spaend(runder.map((r) => r[Math.min(1, r.length - 1)]?.svar.tider[h]?.length ?? 0)),
      runder[0]!.length > 1 ? `${ms(samletP95(0, h))} → ${ms(samletP95(1, h))}` : ms(samletP95(0, h)),
      (() => {
        const f = runder[0]!.length > 1 ? samletP95(1, h) / samletP95(0, h) : Number.NaN;
        return Number.isFinite(f) ? `${f.toFixed(2)}×` : '–';
      })(),
      String(runder.reduce((s, r) => s + r.reduce((t, k) => t + fejlI(k, h), 0), 0)),
    ]);
  }
  rows.push([
    'kald/s',
    ...navne.map((_, i) => {
      const v = runder.map((r) => antalKald(r[i]!) / r[i]!.sekunder);
      return `${Math.min(...v).toFixed(1)}–${Math.max(...v).toFixed(1)}`;
    }),
    '',
    '',
    '',
    '',
    '',
  ]);
  const widths = header.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log('');
}

/** Runs the load --gentag times on one database and prints the ranges. */
async function gentaget(
  opts: BenchOptions,
  db: BenchRow['db'],
  database: () => Promise<Database>,
  start: (port: number, env?: Record<string, string>) => Promise<BenchServer>,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const runder: Koersel[][] = [];
  const n = opts.gentag ?? 1;
  for (let i = 0; i < n; i++) {
    if (n > 1) opts.log(`${db}: kørsel ${i + 1} af ${n}`);
    const r = await medServere(opts, db, database, start);
    rows.push(...r.rows);
    runder.push(r.koersler);
  }
  printGentagelser(db, runder);
  return rows;
}

export async function run(opts: BenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  if (opts.databases.includes('pglite')) {
    ensureBenchData();
    rows.push(
      ...(await gentaget(
        opts,
        'pglite',
        () => openDatabase({ dataDir: BENCH_DATA_DIR }),
        (port) => startBenchServer({ port }),
      )),
    );
  }
  if (opts.databases.includes('postgres')) {
    const databaseUrl = await opts.postgres.storeData(opts.log);
    if (databaseUrl)
      rows.push(
        ...(await gentaget(
          opts,
          'postgres',
          () => openDatabase({ databaseUrl }),
          (port, env) => startBenchServer({ port, databaseUrl, env }),
        )),
      );
  }
  return rows;
}
