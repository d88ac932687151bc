/**
 * Presence (nærvær, issue 34 part 3): how many presence messages one server process carries with 50
 * validators connected to one validation queue. 50 presence streams (GET naervaer/haendelser, every
 * one a validator's page on `validering:pejling`, the two demo validators alternating) are held
 * open; then cursor moves (POST naervaer, each from one of the 50) are sent in a closed loop for the
 * run's duration, and every stream counts what it receives: each message goes to the 49 others.
 *
 * The clients run in a worker thread (as real browsers run outside the server; on the server's own
 * event loop they would take the time they measure). Rows: the messages accepted per second
 * (p50/p99 of the POST), with the deliveries per second to the streams, the share of the expected
 * deliveries that arrived, and the time from send to arrival at one watching stream. On an
 * in-memory PGlite (the in-process hub) and on a fresh database of the run's PostgreSQL
 * (NOTIFY/LISTEN, the process hearing its own notifications).
 *
 *   npm run bench -- --only naervaer [--db pglite|postgres|both] [--duration SECONDS]
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { issueToken } from '../../src/server/auth/issue-token';
import { TokenService } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { bruger, kunde } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { paaEgneDatabaser } from './faelles-postgres';
import type { BenchOptions, BenchRow } from './run';
import { round1 } from './support';

const BENCH = 'naervaer';
const VALIDATORER = 50;
/** Cursor moves in flight at once (50 validators moving now and then; a busy queue). */
const SAMTIDIGE = 8;

/** The clients: plain JavaScript, run in a worker thread (fetch and streams only). */
const KLIENTER = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, tokens, klienter, samtidige, sekunder } = workerData;
const noegle = 'validering:pejling';
const modtaget = new Array(klienter.length).fill(0);
const klar = new Array(klienter.length).fill(false);
const sendt = new Map();
const ankomst = [];
const ctrl = new AbortController();

async function hold(i) {
  const url = base + '/api/naervaer/haendelser?token=' + encodeURIComponent(tokens[i % tokens.length]) +
    '&klient=' + klienter[i] + '&noegler=' + encodeURIComponent(noegle);
  const res = await fetch(url, { signal: ctrl.signal });
  if (!res.ok) throw new Error('stream ' + res.status);
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += dec.decode(value, { stream: true });
      let j = buf.indexOf('\\n\\n');
      while (j >= 0) {
        const blok = buf.slice(0, j);
        buf = buf.slice(j + 2);
        if (blok.startsWith('event: klar')) klar[i] = true;
        else if (blok.startsWith('event: naervaer')) {
          modtaget[i]++;
          // One watching stream times each cursor move from its send.
          if (i === 0) {
            const data = JSON.parse(blok.slice(blok.indexOf('data: ') + 6));
            const t = data.tilstand ? sendt.get(data.tilstand.postId) : undefined;
            if (typeof t === 'number') ankomst.push(performance.now() - t);
          }
        }
        j = buf.indexOf('\\n\\n');
      }
    }
  } catch {
    // aborted
  }
}

(async () => {
  const streams = klienter.map((_, i) => hold(i).catch((e) => { parentPort.postMessage({ fejl: String(e) }); }));
  const t0 = performance.now();
  while (!klar.every(Boolean)) {
    if (performance.now() - t0 > 60000) throw new Error('streams not ready');
    await new Promise((r) => setTimeout(r, 20));
  }
  // The greetings (each arrival told to the others) settle before the count starts.
  await new Promise((r) => setTimeout(r, 1500));
  modtaget.fill(0);
  const latenser = [];
  let n = 0;
  let fejl = 0;
  const start = performance.now();
  const slut = start + sekunder * 1000;
  await Promise.all(Array.from({ length: samtidige }, async () => {
    while (performance.now() < slut) {
      const i = n++;
      // Never from stream 0's own client: it times the arrivals.
      const fra = 1 + (i % (klienter.length - 1));
      const postId = i + 1;
      const s = performance.now();
      sendt.set(postId, s);
      const r = await fetch(base + '/api/naervaer', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + tokens[fra % tokens.length], 'content-type': 'application/json' },
        body: JSON.stringify({ klient: klienter[fra], noegle, tilstand: { type: 'markoer', postId } }),
      });
      await r.arrayBuffer();
      if (r.status === 204) latenser.push(performance.now() - s);
      else fejl++;
    }
  }));
  const varighed = (performance.now() - start) / 1000;
  // What is still on its way arrives.
  await new Promise((r) => setTimeout(r, 1000));
  ctrl.abort();
  await Promise.all(streams);
  parentPort.postMessage({
    latenser, fejl, varighed, sendt: n,
    modtaget: modtaget.reduce((a, b) => a + b, 0),
    ankomst,
  });
})().catch((e) => parentPort.postMessage({ fejl: String(e && e.stack || e) }));
`;

interface Resultat {
  latenser: number[];
  fejl: number;
  varighed: number;
  sendt: number;
  modtaget: number;
  ankomst: number[];
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export default async function naervaer(opts: BenchOptions): Promise<BenchRow[]> {
  return paaEgneDatabaser(opts, 'mw_bench_naervaer', (database) => maal(database, opts));
}

async function maal(database: Database, opts: BenchOptions): Promise<BenchRow[]> {
  await seedDatabase(database.db, { scale: 'test', passwordHashCost: 'fast' });
  const config = loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'false', LOG_LEVEL: 'warn' });
  const tokenService = new TokenService(randomBytes(32), 3600);
  const app = await buildApp({ db: database.db, tokens: tokenService, config, logger: false });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const [k] = await database.db.select().from(kunde).where(eq(kunde.kundeNr, 779));
    const tokens: string[] = [];
    for (const username of ['vand', 'admin']) {
      const [b] = await database.db
        .select()
        .from(bruger)
        .where(and(eq(bruger.username, username)));
      const issued = await issueToken(database.db, tokenService, b!.id, k!.id);
      if (!issued.ok) throw new Error(`Kan ikke udstede token til ${username}: ${issued.reason}`);
      tokens.push(issued.token);
    }
    const klienter = Array.from({ length: VALIDATORER }, () => randomBytes(12).toString('hex'));
    opts.log(`${VALIDATORER} validatorer i én kø, markørflytninger i ${opts.duration} s …`);
    const r = await new Promise<Resultat>((resolve, reject) => {
      const w = new Worker(KLIENTER, {
        eval: true,
        workerData: { base, tokens, klienter, samtidige: SAMTIDIGE, sekunder: opts.duration },
      });
      w.on('message', (m: Resultat | { fejl: string }) => {
        if ('latenser' in m) {
          resolve(m);
          void w.terminate();
        } else {
          reject(new Error(m.fejl));
          void w.terminate();
        }
      });
      w.on('error', reject);
    });
    const lat = [...r.latenser].sort((a, b) => a - b);
    const ankomst = [...r.ankomst].sort((a, b) => a - b);
    const forventet = r.latenser.length * (VALIDATORER - 1);
    const rps = r.latenser.length / r.varighed;
    return [
      {
        bench: BENCH,
        db: database.kind,
        target: `markørbeskeder, ${VALIDATORER} validatorer i én kø`,
        concurrency: SAMTIDIGE,
        requests: r.latenser.length,
        p50: round1(pct(lat, 50)),
        p99: round1(pct(lat, 99)),
        rps,
        note: [
          `${Math.round(r.modtaget / r.varighed)} leveringer/s til de ${VALIDATORER - 1} andre`,
          `${round1((100 * r.modtaget) / Math.max(1, forventet))} % af de forventede ankom`,
          `ankomst hos én modtager p50 ${round1(pct(ankomst, 50))} ms, p99 ${round1(pct(ankomst, 99))} ms`,
          ...(r.fejl ? [`${r.fejl} fejl`] : []),
          // The figure depends on what else the machine runs: its load is told with it.
          `belastning ${os.loadavg()[0]!.toFixed(1)} på ${os.cpus().length} kerner`,
        ].join('; '),
      },
    ];
  } finally {
    await app.close();
  }
}
