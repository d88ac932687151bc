import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The initial JavaScript of the built client: what a browser fetches before the first paint — the
 * entry script of dist/index.html and every module it preloads (Vite lists each static import as a
 * modulepreload), gzipped one file at a time as a server would send them. Lazily imported chunks
 * (the workspace, the palette, the feature views) are not part of it.
 */

/** The limit of issue 16: at most 170 KB gzipped. */
export const FOERSTE_JS_GRAENSE_KB = 170;

export interface FoersteJs {
  filer: { fil: string; gzipKb: number }[];
  gzipKb: number;
}

export function maalFoersteJs(distDir: string): FoersteJs {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const stier = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) stier.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) stier.add(m[1]!);
  const filer = [...stier].map((sti) => {
    const bytes = readFileSync(path.join(distDir, sti.replace(/^\//, '')));
    return { fil: sti, gzipKb: gzipSync(bytes, { level: 9 }).length / 1024 };
  });
  return { filer, gzipKb: filer.reduce((s, f) => s + f.gzipKb, 0) };
}

/** One line for the build's output and the bench's log. */
export function foersteJsLinje(m: FoersteJs): string {
  const ok = m.gzipKb <= FOERSTE_JS_GRAENSE_KB;
  return `Første JavaScript: ${m.gzipKb.toFixed(1)} KB gzip i ${m.filer.length} filer (grænse ${FOERSTE_JS_GRAENSE_KB} KB: ${ok ? 'OK' : 'OVER'})`;
}
