import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arkitekturInventar, medInventar } from '../../scripts/inventar';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * docs/architecture.md against the code (issue 33, "A map that stays true"): its inventory is the
 * one the code gives (features and their views, record kinds, reports, machines, integrations,
 * contract and route modules, endpoints; scripts/inventar.ts, written by `npm run docs`), every file
 * or folder it names exists, each worked path takes at most 6 hops, and the links between the docs
 * reach a file and a heading that exist.
 * Run: npx vitest run tests/api/arkitektur.test.ts
 */

const ROD = process.cwd();
const SIDE = path.join(ROD, 'docs/architecture.md');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as '-'. */
function anker(overskrift: string): string {
  return overskrift
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside code blocks), with GitHub's -1, -2 for repeats. */
function ankre(fil: string): Set<string> {
  const set = new Set<string>();
  const taelt = new Map<string, number>();
  let iKode = false;
  for (const linje of readFileSync(fil, 'utf8').split('\n')) {
    if (linje.startsWith('```')) iKode = !iKode;
    const m = !iKode && /^#{1,6} (.+)$/.exec(linje);
    if (!m) continue;
    const a = anker(m[1]!);
    const n = taelt.get(a) ?? 0;
    set.add(n === 0 ? a : `${a}-${n}`);
    taelt.set(a, n + 1);
  }
  return set;
}

describe('docs/architecture.md against the code', () => {
  let t: TestApp;
  let side: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.ready();
    side = readFileSync(SIDE, 'utf8');
  });
  afterAll(async () => t?.close());

  it('states the inventory the code gives (npm run docs writes it)', async () => {
    const ventet = medInventar(side, await arkitekturInventar(t.app.registeredRoutes));
    if (ventet !== side) {
      const ny = ventet.split('\n');
      const gammel = side.split('\n');
      const i = ny.findIndex((l, n) => l !== gammel[n]);
      throw new Error(
        `docs/architecture.md's inventory differs from the code at line ${i + 1}:\n  page: ${gammel[i]}\n  code: ${ny[i]}\nRun: npm run docs`,
      );
    }
    // Every feature folder is in it, so a new feature cannot stay off the map.
    for (const feature of readdirSync(path.join(ROD, 'src/app/features')))
      expect(side).toContain(`| \`${feature}\` |`);
  });

  it('names only files and folders that exist', () => {
    const stier = [...side.matchAll(/`((?:src|tests|e2e|machines|drizzle|docs|scripts)\/[^`\s]*)`/g)]
      .map((m) => m[1]!.replace(/[),.:;]+$/, ''))
      // Patterns and placeholders (`src/contract/<area>.ts`, `features/*/views.ts`) name no one file.
      .filter((s) => !/[*<{…]/.test(s));
    expect(stier.length).toBeGreaterThan(40);
    expect(stier.filter((s) => !existsSync(path.join(ROD, s)))).toEqual([]);
  });

  it('walks each worked path in at most 6 hops', () => {
    const stier = side.split(/^## /m).filter((s) => s.startsWith('Path '));
    expect(stier.map((s) => s.split('\n')[0])).toHaveLength(3);
    for (const s of stier) {
      const hop = s.split('\n').filter((l) => /^\d+\. \*\*/.test(l));
      expect(hop.length, s.split('\n')[0]).toBeGreaterThanOrEqual(4);
      expect(hop.length, s.split('\n')[0]).toBeLessThanOrEqual(6);
    }
  });

  it('links between the docs reach a file and a heading that exist', () => {
    const filer = [
      'README.md',
      ...readdirSync(path.join(ROD, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const brudte: string[] = [];
    for (const fil of filer) {
      const tekst = readFileSync(path.join(ROD, fil), 'utf8');
      for (const m of tekst.matchAll(/\]\(([^)\s]+)\)/g)) {
        const maal = m[1]!;
        if (/^[a-z]+:/.test(maal)) continue;
        const [del, hash] = maal.split('#');
        const maalFil = del ? path.join(path.dirname(path.join(ROD, fil)), del) : path.join(ROD, fil);
        if (!existsSync(maalFil)) brudte.push(`${fil}: ${maal} (no such file)`);
        else if (hash && maalFil.endsWith('.md') && !ankre(maalFil).has(hash))
          brudte.push(`${fil}: ${maal} (no such heading)`);
      }
    }
    expect(brudte).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(anker('The API reference at /api/openapi.json')).toBe('the-api-reference-at-apiopenapijson');
    expect(anker('Fortryd (undoing a decision)')).toBe('fortryd-undoing-a-decision');
    expect(anker('Genveje på et dansk tastatur (issue 30, part)')).toBe(
      'genveje-på-et-dansk-tastatur-issue-30-part',
    );
  });
});
