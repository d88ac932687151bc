import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';
import { ensureBenchData, ensureClientBuild, percentile, round1, startBenchServer } from './support';

/**
 * Keystroke to results painted in the command palette, on the large data set (issue 4; target: p95
 * under 50 ms). For each query the text but its last character is entered, then the last key is
 * pressed; the time runs from that keydown to the first animation frame after the palette shows the
 * server's results for the full text.
 */
export default async function paletteBench(): Promise<Record<string, unknown>[]> {
  ensureBenchData();
  ensureClientBuild();
  const server = await startBenchServer({ port: 8391 });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/sso/`);
    await page.getByRole('button', { name: 'admin', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const token = await page.evaluate(() => localStorage.getItem('usertoken'));

    // Realistic queries: name prefixes, CVR numbers, streets, from the data itself.
    const queries: string[] = [];
    // (each query is trimmed: the palette searches the trimmed text)
    for (const word of [
      'Auto',
      'VVS',
      'Tømrer',
      'gården',
      'Maskin',
      'Vandværk',
      'Smede',
      'Kro',
      'Svine',
      'Transport',
    ]) {
      const r = await fetch(`${server.url}/api/soeg?tekst=${encodeURIComponent(word)}&antal=10`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!r.ok) throw new Error(`soeg svarede ${r.status}: ${await r.text()}`);
      const { resultater } = (await r.json()) as {
        resultater: { navn: string; nummer: string | null; adresse: string | null }[];
      };
      for (const hit of resultater.slice(0, 4)) {
        queries.push(hit.navn.slice(0, Math.min(hit.navn.length, 9)).trim());
        if (hit.nummer) queries.push(hit.nummer);
        if (hit.adresse) queries.push(hit.adresse.split(',')[0]!.trim());
      }
    }

    // Page-side probes, as plain script text (tsx would wrap inline functions in helpers the page lacks).
    await page.evaluate(`
      document.addEventListener('keydown', function () { window.__t0 = performance.now(); }, { capture: true });
      window.__painted = function (full) {
        return new Promise(function (resolve) {
          var started = performance.now();
          function check() {
            var list = document.querySelector('.palette-list');
            if (list && list.dataset.resultsFor === full) {
              requestAnimationFrame(function () { resolve(performance.now() - window.__t0); });
            } else if (performance.now() - started > 5000) resolve(-1);
            else requestAnimationFrame(check);
          }
          check();
        });
      };
    `);
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox');
    const times: number[] = [];
    for (const q of queries) {
      await input.fill(q.slice(0, -1));
      await page.waitForTimeout(60);
      const painted = page.evaluate(`window.__painted(${JSON.stringify(q)})`) as Promise<number>;
      await page.keyboard.press(q.at(-1) === ' ' ? 'Space' : q.at(-1)!);
      const ms = await painted;
      if (ms < 0) console.warn(`palette: ingen resultater vist for '${q}' inden for 5 s`);
      else times.push(ms);
    }
    // The first queries warm caches; keep them anyway: users type cold too.
    const sorted = [...times].sort((a, b) => a - b);
    return [
      {
        benchmark: 'palette: tast → resultater vist',
        queries: times.length,
        median_ms: round1(percentile(sorted, 50)),
        p95_ms: round1(percentile(sorted, 95)),
        max_ms: round1(sorted.at(-1) ?? Number.NaN),
        target: 'p95 < 50 ms',
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
