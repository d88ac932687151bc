import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/postgres-cluster';
import { logIndViaSso, startChromium } from './browser-login';
import type { BenchOptions } from './run';
import { ensureClientBuild, fordeling, percentile, startBenchServer } from './support';

/**
 * A keystroke's main-thread time in a real form with drafts on (issue 34; target: the drafts add
 * under 2 ms), in Chromium against the real server on the demo data.
 *
 * A company's Stamoplysninger, 'Bemærkning': bursts of 25 keys (40 ms apart), each followed by a
 * pause of a second, so every burst ends in one draft write. Measured in the page:
 * - per keystroke, the 'input' event from the first listener (window, capture) to the last (window,
 *   bubble): React's handler, its render and commit of the form and the draft hook's work on the key
 *   (the timer restart) all run in between. This is the whole keystroke, an upper bound of the
 *   drafts' share (tests/bench/kladde-tast.bench.tsx measures with and without them);
 * - per draft write, the synchronous part of IndexedDB's put (the copy of the values), the only
 *   draft work that is not on a keystroke.
 *
 *   npm run bench -- --only kladde
 */
export default async function kladdeBench(opts: BenchOptions): Promise<Record<string, unknown>[]> {
  ensureClientBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mw-kladde-bench-'));
  opts.log('starter serveren på demodata …');
  const server = await startBenchServer({ port: await freePort(), env: { DATA_DIR: dataDir } });
  const browser = await startChromium();
  try {
    const { page, token } = await logIndViaSso(browser, server.url, 'virksomhed');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    const list = await fetch(
      `${server.url}/api/virksomhed/list?kundeId=${claims.customerId}&start=0&take=5&virksomhedsType=1&sortByColumn=navn&sortDirection=ASC`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const id = ((await list.json()) as { items: { id: number }[] }).items[0]!.id;
    const sti = `/virksomheder/${id}/stamoplysninger`;
    await page.goto(`${server.url}${sti}?v=1&t=${sti}&f=0`);
    const felt = page.getByRole('form', { name: 'Stamoplysninger' }).getByRole('textbox', {
      name: 'Bemærkning',
      exact: true,
    });
    await felt.waitFor();

    // Page-side probes, as plain script text (tsx would wrap inline functions in helpers the page lacks).
    await page.evaluate(`
      window.__tast = [];
      window.__put = [];
      var t0 = 0;
      window.addEventListener('input', function () { t0 = performance.now(); }, { capture: true });
      window.addEventListener('input', function () { window.__tast.push(performance.now() - t0); });
      var put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function () {
        var s = performance.now();
        try { return put.apply(this, arguments); } finally { window.__put.push(performance.now() - s); }
      };
    `);
    await felt.click();
    await felt.press('End');
    const runder = Math.max(4, Math.min(20, opts.duration * 2));
    for (let r = 0; r < runder; r++) {
      await page.keyboard.type(' kladden holder på det skrevne', { delay: 40 });
      await page.waitForTimeout(1000);
    }
    const tast = ((await page.evaluate('window.__tast')) as number[]).sort((a, b) => a - b);
    const put = ((await page.evaluate('window.__put')) as number[]).sort((a, b) => a - b);
    const gemt = await page.evaluate(`new Promise(function (resolve) {
      var req = indexedDB.open('miljoetilsyn-kladder');
      req.onsuccess = function () {
        var all = req.result.transaction('kladder').objectStore('kladder').getAll();
        all.onsuccess = function () { resolve(all.result.length); };
      };
    })`);
    if (gemt !== 1) throw new Error(`ventede én kladde i browseren, fandt ${String(gemt)}`);
    return [
      {
        bench: 'kladde',
        db: 'pglite',
        target: 'tastetryk (hele input-hændelsen, kladder slået til)',
        antal: tast.length,
        ...fordeling(tast),
        mål: 'kladdernes andel < 2 ms',
      },
      {
        bench: 'kladde',
        db: 'pglite',
        target: 'kladde skrives (put, synkron del; én pr. pause)',
        antal: put.length,
        median_ms: Math.round(percentile(put, 50) * 1000) / 1000,
        p95_ms: Math.round(percentile(put, 95) * 1000) / 1000,
        max_ms: Math.round((put.at(-1) ?? Number.NaN) * 1000) / 1000,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
