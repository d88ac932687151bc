/**
 * The timings that used to be assertions in the test suite (issue 9, item 7), measured here instead:
 *
 * - Seeding the test-scale demo data into an empty in-memory PGlite (what every API test file pays
 *   first); target < 3,000 ms.
 * - A validation decision reaching another validator's event stream: from sending the approval to
 *   the event arriving on an open stream; target < 2,000 ms.
 *
 * Both on PGlite, in this process, on the test-scale data (they measure the suite's own conditions).
 */
import { openDatabase } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { createTestApp } from '../helpers/test-app';
import { percentile, round1 } from './support';

const BENCH = 'tidskrav';
const SEED_RUNS = 3;
const DECISIONS = 20;

export default async function tidskrav(): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  const row = (target: string, n: number, ms: number[], maalMs: number) => {
    const sorted = [...ms].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    rows.push({
      bench: BENCH,
      db: 'pglite',
      target,
      n,
      'p50 ms': round1(p50),
      'max ms': round1(sorted[sorted.length - 1]!),
      'mål ms': maalMs,
      ok: p50 < maalMs ? 'ja' : 'nej',
    });
  };

  const seedMs: number[] = [];
  for (let i = 0; i < SEED_RUNS; i++) {
    const database = await openDatabase({ dataDir: 'memory://' });
    const t0 = performance.now();
    await seedDatabase(database.db, { scale: 'test', passwordHashCost: 'fast' });
    seedMs.push(performance.now() - t0);
    await database.close();
  }
  row('seed af testdata (tom PGlite i hukommelsen)', SEED_RUNS, seedMs, 3000);

  const t = await createTestApp('pglite');
  try {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const laeser = await t.tokenFor('laeser');
    const vand = await t.tokenFor('vand');
    const skive = await t.kundeId(779);
    const ctrl = new AbortController();
    // EventSource cannot send headers: the stream takes the token in its query, as the client does.
    const stream = await fetch(`${address}/api/validering/haendelser?token=${encodeURIComponent(laeser)}`, {
      signal: ctrl.signal,
    });
    if (!stream.ok || !stream.body) throw new Error(`event stream answered ${stream.status}`);
    const reader = stream.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    /** Resolves when the next 'besluttet' event has arrived. */
    const nextDecision = async () => {
      for (;;) {
        const at = buffer.indexOf('event: besluttet');
        if (at >= 0) {
          const end = buffer.indexOf('\n\n', at);
          if (end >= 0) {
            buffer = buffer.slice(end + 2);
            return;
          }
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    const list = await fetch(`${address}/api/PejlingValidering/list/${skive}`, {
      headers: { authorization: `Bearer ${vand}` },
    });
    const items = ((await list.json()) as { items: { id: number; version: number }[] }).items;
    const liveMs: number[] = [];
    for (const p of items.slice(0, DECISIONS)) {
      const t0 = performance.now();
      const arrived = nextDecision();
      const r = await fetch(`${address}/api/Pejling/Godkend/${skive}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${vand}`, 'content-type': 'application/json' },
        body: JSON.stringify({ poster: [{ id: p.id, version: p.version }] }),
      });
      if (!r.ok) throw new Error(`approval answered ${r.status}`);
      await arrived;
      liveMs.push(performance.now() - t0);
    }
    ctrl.abort();
    row('beslutning → en anden validators hændelsesstrøm', liveMs.length, liveMs, 2000);
  } finally {
    await t.close();
  }
  return rows;
}
