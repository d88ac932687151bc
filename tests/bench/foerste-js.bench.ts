/**
 * The initial JavaScript of the client (issue 16): the entry script and the modules it preloads,
 * gzipped, after a fresh production build. Target: at most 170 KB. Unlike the timings, the figure
 * is exact, so a figure above the limit fails the bench run (exit code 1), not only its row.
 * It measures the build, not a database: it runs once whatever --db says (db column 'ingen').
 *
 *   npm run bench -- --only foerste-js
 */
import { execFileSync } from 'node:child_process';
import { FOERSTE_JS_GRAENSE_KB, maalFoersteJs } from '../../scripts/foerste-js';

export default async function foersteJs(): Promise<Record<string, unknown>[]> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'ignore' });
  const m = maalFoersteJs('dist');
  const ok = m.gzipKb <= FOERSTE_JS_GRAENSE_KB;
  if (!ok) process.exitCode = 1;
  const stoerste = [...m.filer].sort((a, b) => b.gzipKb - a.gzipKb).slice(0, 3);
  return [
    {
      bench: 'foerste-js',
      db: 'ingen (byggeriet)',
      target: 'første JavaScript (entry + modulepreload), gzip',
      filer: m.filer.length,
      'KB gzip': Math.round(m.gzipKb * 10) / 10,
      'grænse KB': FOERSTE_JS_GRAENSE_KB,
      ok: ok ? 'ja' : 'nej (OVER)',
      note: `største: ${stoerste.map((f) => `${f.fil.replace(/^\/assets\//, '')} ${f.gzipKb.toFixed(1)}`).join(', ')}`,
    },
  ];
}
