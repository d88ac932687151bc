/**
 * Import boundaries, kept by a test (issue 10, "Boundaries kept by a machine").
 *
 * Reads every .ts/.tsx file under src/ and machines/, collects its module references
 * (static `import … from`, side-effect `import '…'`, `export … from`, and `import('…')`),
 * resolves relative paths to files, and checks these rules:
 *
 * 1. Features do not import each other: a file in src/app/features/<a>/ imports nothing in
 *    src/app/features/<b>/ (b ≠ a). What two features share lives in src/app/ui, src/app/lib
 *    or src/contract.
 * 2. machines/ imports only the package `xstate`, src/contract/ and other files in machines/.
 * 3. src/app/ui/ does no I/O. Precisely: an "I/O module" is a file under src/app that calls (or
 *    hands on) the global `fetch`, or uses `XMLHttpRequest`, `WebSocket`, `EventSource` or
 *    `sendBeacon` itself, or that imports (with a value import) another I/O module. A ui file
 *    neither calls these itself nor value-imports an I/O module. `import type` statements are
 *    exempt: they vanish at build. I/O reaches ui components as props and callbacks.
 * 4. The client (src/app) and the server (src/server) never import each other, types included;
 *    both may import src/contract. src/contract imports neither of them.
 *
 * 5. Server route modules are the top layer: only the composition roots (src/server/app.ts,
 *    src/server/main.ts) import src/server/routes/; catalogues, records, domain modules, seeds and
 *    documents do not (issue 33). ROUTE_IMPORT_UNDTAGELSER is empty and stays so.
 *
 * A dynamic `import()` whose path is not a string literal cannot be checked, so it is allowed
 * only in src/server/integrations/ (which loads optional packages by name).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'machines'];
const EXTENSIONS = ['.ts', '.tsx'];

type Token = { kind: 'word' | 'punct' | 'string' | 'template'; text: string; line: number };

/** A small lexer: drops comments, keeps words, punctuation and string literals (with their value). */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  // Template literals may nest `${ … }`; each entry counts the open braces inside one substitution.
  const templateBraces: number[] = [];

  const regexAllowedAfter = (prev: Token | undefined): boolean => {
    if (!prev) return true;
    if (prev.kind === 'punct') return !/^[)\]}]$/.test(prev.text);
    if (prev.kind === 'word')
      return /^(return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/.test(
        prev.text,
      );
    return false;
  };

  const readTemplate = (startLine: number): void => {
    // i is just after the opening backtick or after the closing brace of a substitution.
    let text = '';
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') {
        text += source.slice(i, i + 2);
        i += 2;
        continue;
      }
      if (c === '\n') line++;
      if (c === '`') {
        i++;
        tokens.push({ kind: 'template', text, line: startLine });
        return;
      }
      if (c === '$' && source[i + 1] === '{') {
        i += 2;
        tokens.push({ kind: 'template', text, line: startLine });
        templateBraces.push(0);
        return;
      }
      text += c;
      i++;
    }
  };

  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\n') {
      line++;
      i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      for (let k = i; k < stop; k++) if (source[k] === '\n') line++;
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") {
      const startLine = line;
      let text = '';
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === '\\') {
          text += source[i + 1] ?? '';
          i += 2;
          continue;
        }
        if (source[i] === '\n') break;
        text += source[i];
        i++;
      }
      i++;
      tokens.push({ kind: 'string', text, line: startLine });
      continue;
    }
    if (c === '`') {
      i++;
      readTemplate(line);
      continue;
    }
    if (c === '/' && regexAllowedAfter(tokens[tokens.length - 1])) {
      // Regular expression literal: skip it (character classes may hold '/').
      i++;
      let inClass = false;
      while (i < source.length && source[i] !== '\n') {
        const r = source[i];
        if (r === '\\') {
          i += 2;
          continue;
        }
        if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        i++;
      }
      i++;
      while (i < source.length && /[a-z]/i.test(source[i] as string)) i++;
      tokens.push({ kind: 'punct', text: 'regex', line });
      continue;
    }
    if (/[A-Za-z_$\d]/.test(c)) {
      let j = i;
      while (j < source.length && /[A-Za-z_$\d]/.test(source[j] as string)) j++;
      tokens.push({ kind: 'word', text: source.slice(i, j), line });
      i = j;
      continue;
    }
    if (templateBraces.length > 0) {
      const depth = templateBraces.length - 1;
      if (c === '{') templateBraces[depth] = (templateBraces[depth] ?? 0) + 1;
      if (c === '}') {
        if (templateBraces[depth] === 0) {
          templateBraces.pop();
          i++;
          readTemplate(line);
          continue;
        }
        templateBraces[depth] = (templateBraces[depth] ?? 0) - 1;
      }
    }
    tokens.push({ kind: 'punct', text: c, line });
    i++;
  }
  return tokens;
}

type ModuleRef = {
  /** The module path as written, or null for a dynamic import with a computed path. */
  specifier: string | null;
  line: number;
  /** True for `import type …` / `export type … from` statements. */
  typeOnly: boolean;
};

type Scan = { refs: ModuleRef[]; ioCalls: { what: string; line: number }[] };

const IO_GLOBALS = new Set(['XMLHttpRequest', 'WebSocket', 'EventSource']);

/** Files that compose the server from its route modules. */
const SERVER_ROEDDER = new Set(['src/server/app.ts', 'src/server/main.ts']);
/** Imports of a route module from below it ('from -> to'): none left (issue 33 ended them). */
const ROUTE_IMPORT_UNDTAGELSER = new Set<string>([]);

function scanSource(source: string): Scan {
  const tokens = tokenize(source);
  const refs: ModuleRef[] = [];
  const ioCalls: { what: string; line: number }[] = [];
  // Whether the current import/export statement is type-only; reset at each import/export keyword.
  let typeOnly = false;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    const next = tokens[k + 1];
    const prev = tokens[k - 1];
    const afterDot = prev?.kind === 'punct' && prev.text === '.';
    if (t.kind !== 'word') continue;
    if ((t.text === 'import' || t.text === 'export') && !afterDot) {
      if (t.text === 'import' && next?.kind === 'punct' && next.text === '(') {
        const arg = tokens[k + 2];
        const close = tokens[k + 3];
        const literal = arg?.kind === 'string' || (arg?.kind === 'template' && close?.text === ')');
        refs.push({ specifier: literal ? (arg?.text ?? null) : null, line: t.line, typeOnly: false });
        continue;
      }
      if (t.text === 'import' && next?.kind === 'punct' && next.text === '.') continue; // import.meta
      typeOnly = next?.kind === 'word' && next.text === 'type' && tokens[k + 2]?.text !== 'from';
      if (t.text === 'import' && next?.kind === 'string') {
        refs.push({ specifier: next.text, line: t.line, typeOnly: false });
      }
      continue;
    }
    if (t.text === 'from' && !afterDot && next?.kind === 'string') {
      refs.push({ specifier: next.text, line: t.line, typeOnly });
      continue;
    }
    const called = next?.kind === 'punct' && next.text === '(';
    if (t.text === 'fetch') {
      // The global fetch, called or handed on (`.then(fetch)`, `const f = fetch`); not `client.fetch`
      // and not an object key `{ fetch: … }`.
      const viaObject = afterDot && !/^(globalThis|window|self)$/.test(tokens[k - 2]?.text ?? '');
      const key = !afterDot && next?.kind === 'punct' && next.text === ':' && /^[{,]$/.test(prev?.text ?? '');
      if (!viaObject && !key) ioCalls.push({ what: called ? 'fetch(' : 'fetch', line: t.line });
    } else if (t.text === 'sendBeacon' && called) {
      ioCalls.push({ what: 'sendBeacon(', line: t.line });
    } else if (IO_GLOBALS.has(t.text) && !afterDot) {
      ioCalls.push({ what: t.text, line: t.line });
    }
  }
  return { refs, ioCalls };
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listFiles(full));
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const rel = (abs: string) => relative(ROOT, abs).split(sep).join('/');

/**
 * Resolves a relative specifier the way the bundler does, against the scanned files: the exact
 * path, then with .ts/.tsx (a written .js ending maps to .ts), then an index file. Returns the
 * repository path when found, else null.
 */
function resolveRelative(fromPath: string, specifier: string, known: Set<string>): string | null {
  const base = posix.join(posix.dirname(fromPath), specifier);
  const withoutJs = base.replace(/\.(m|c)?js$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => withoutJs + e),
    ...EXTENSIONS.map((e) => `${base}/index${e}`),
  ];
  return candidates.find((c) => known.has(c)) ?? null;
}

/**
 * One module reference. The target is a repository path (src/…) for a relative import, `pakke:<name>`
 * for a package, or null for an `import()` with a computed path.
 */
type Edge = { from: string; line: number; specifier: string; target: string | null; typeOnly: boolean };

function packageName(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

const featureOf = (path: string) => /^src\/app\/features\/([^/]+)\//.exec(path)?.[1];

type Graph = { edges: Edge[]; io: Map<string, { what: string; line: number }[]>; unresolved: Edge[] };

function buildGraph(files: { path: string; source: string }[]): Graph {
  const known = new Set(files.map((f) => f.path));
  const edges: Edge[] = [];
  const unresolved: Edge[] = [];
  const io = new Map<string, { what: string; line: number }[]>();
  for (const f of files) {
    const scan = scanSource(f.source);
    if (scan.ioCalls.length > 0) io.set(f.path, scan.ioCalls);
    for (const r of scan.refs) {
      if (r.specifier === null) {
        edges.push({
          from: f.path,
          line: r.line,
          specifier: '(computed path)',
          target: null,
          typeOnly: false,
        });
        continue;
      }
      if (r.specifier.startsWith('.')) {
        const found = resolveRelative(f.path, r.specifier, known);
        // Assets (CSS, JSON, images) are not scanned: their normalised path is the target.
        const target = found ?? posix.join(posix.dirname(f.path), r.specifier);
        const edge = { from: f.path, line: r.line, specifier: r.specifier, target, typeOnly: r.typeOnly };
        if (found === null && !/\.(css|svg|png|json)$/.test(r.specifier)) unresolved.push(edge);
        edges.push(edge);
      } else {
        edges.push({
          from: f.path,
          line: r.line,
          specifier: r.specifier,
          target: `pakke:${packageName(r.specifier)}`,
          typeOnly: r.typeOnly,
        });
      }
    }
  }
  return { edges, io, unresolved };
}

/** Returns one readable line per violation; empty when every rule holds. */
function checkBoundaries(graph: Graph): string[] {
  const violations: string[] = [];
  const where = (e: Edge) => `${e.from}:${e.line} imports '${e.specifier}'`;

  // I/O modules under src/app: direct callers, then everything that value-imports one (fixpoint).
  const ioModules = new Map<string, string>();
  for (const [path, calls] of graph.io) {
    if (path.startsWith('src/app/')) ioModules.set(path, `calls ${calls[0]?.what}`);
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of graph.edges) {
      if (e.typeOnly || !e.target || !e.from.startsWith('src/app/') || ioModules.has(e.from)) continue;
      if (ioModules.has(e.target)) {
        ioModules.set(e.from, `imports ${e.target}`);
        grew = true;
      }
    }
  }

  for (const [path, calls] of graph.io) {
    if (!path.startsWith('src/app/ui/')) continue;
    for (const c of calls) violations.push(`ui does I/O: ${path}:${c.line} calls ${c.what}`);
  }

  for (const e of graph.edges) {
    const t = e.target;
    if (t === null) {
      if (!e.from.startsWith('src/server/integrations/'))
        violations.push(`dynamic import with a computed path: ${e.from}:${e.line}`);
      continue;
    }
    const fa = featureOf(e.from);
    const fb = featureOf(t);
    if (fa && fb && fa !== fb) violations.push(`feature '${fa}' imports feature '${fb}': ${where(e)}`);

    if (e.from.startsWith('machines/')) {
      const ok = t === 'pakke:xstate' || t.startsWith('src/contract/') || t.startsWith('machines/');
      if (!ok) violations.push(`machine imports more than xstate and src/contract: ${where(e)}`);
    }

    if (e.from.startsWith('src/app/ui/') && !e.typeOnly && ioModules.has(t)) {
      violations.push(`ui imports an I/O module (${t} ${ioModules.get(t)}): ${where(e)}`);
    }

    if (
      e.from.startsWith('src/server/') &&
      !e.from.startsWith('src/server/routes/') &&
      t.startsWith('src/server/routes/') &&
      !SERVER_ROEDDER.has(e.from) &&
      !ROUTE_IMPORT_UNDTAGELSER.has(`${e.from} -> ${t}`)
    )
      violations.push(`server module imports a route module (routes are the top layer): ${where(e)}`);

    if (e.from.startsWith('src/app/') && t.startsWith('src/server/'))
      violations.push(`client imports server: ${where(e)}`);
    if (e.from.startsWith('src/server/') && t.startsWith('src/app/'))
      violations.push(`server imports client: ${where(e)}`);
    if (e.from.startsWith('src/contract/') && (t.startsWith('src/app/') || t.startsWith('src/server/')))
      violations.push(`contract imports client or server: ${where(e)}`);
  }
  return violations;
}

function readTree(): { path: string; source: string }[] {
  return SCANNED.flatMap((d) => listFiles(join(ROOT, d))).map((abs) => ({
    path: rel(abs),
    source: readFileSync(abs, 'utf8'),
  }));
}

/**
 * 6. The client's layers, as data (issue 33): a folder of src/app imports only folders of a lower
 *    layer (src/contract is below all). Layers: contract ← lib, routes (the route table) ← ui ←
 *    session ← workspace ← palette, records, shell ← features ← the app's root files (App.tsx and
 *    the composition root beside it: views.tsx, tab-regler.ts, WorkspaceRoot.tsx, which hand the
 *    features' views and the palette to the workspace and the workspace's hooks to the session).
 */
const KLIENT_LAG: Record<string, number> = {
  lib: 1,
  routes: 1,
  ui: 2,
  session: 3,
  workspace: 4,
  palette: 5,
  records: 5,
  shell: 5,
  features: 6,
};

/** The layer folder of a file under src/app (a root file such as App.tsx is 'app', the top). */
function lagAf(path: string): { navn: string; lag: number } | null {
  if (path.startsWith('src/contract/')) return { navn: 'contract', lag: 0 };
  const m = /^src\/app\/(?:([^/]+)\/)?[^/]+$/.exec(path) ?? /^src\/app\/([^/]+)\//.exec(path);
  if (!m) return null;
  const mappe = m[1];
  if (mappe === undefined) return { navn: 'app', lag: 7 };
  return { navn: mappe, lag: KLIENT_LAG[mappe] ?? 7 };
}

/**
 * Imports against the layers, per pair of folders, with their number: none left (issue 33 moved the
 * shared pieces down and made the view registry, the palette and the workspace's hooks into the
 * session things the composition root hands in). A pair not listed fails the test, and so does a
 * listed pair that no longer occurs or occurs more often. The list is empty and stays so.
 */
const LAG_UNDTAGELSER: Record<string, number> = {};

/** Imports of src/app that go up a layer or sideways, counted per pair of folders. */
function lagBrud(graph: Graph): Map<string, number> {
  const brud = new Map<string, number>();
  for (const e of graph.edges) {
    if (e.target === null || !e.from.startsWith('src/app/')) continue;
    const a = lagAf(e.from);
    const b = lagAf(e.target);
    if (!a || !b || a.navn === b.navn) continue;
    if (b.lag < a.lag) continue;
    const par = `${a.navn} -> ${b.navn}`;
    brud.set(par, (brud.get(par) ?? 0) + 1);
  }
  return brud;
}

describe('import boundaries', () => {
  const files = readTree();
  const graph = buildGraph(files);

  it("keeps the client's layers: only the listed exceptions, and none more often", () => {
    const brud = Object.fromEntries([...lagBrud(graph)].sort());
    expect(brud).toEqual(LAG_UNDTAGELSER);
  });

  it('scans the whole tree', () => {
    expect(files.some((f) => f.path.startsWith('machines/'))).toBe(true);
    expect(files.some((f) => f.path.startsWith('src/app/ui/'))).toBe(true);
    expect(graph.io.has('src/app/lib/http.ts')).toBe(true);
    expect(graph.unresolved.map((e) => `${e.from}:${e.line} '${e.specifier}'`)).toEqual([]);
  });

  it('holds every rule', () => {
    const violations = checkBoundaries(graph);
    expect(violations, `Import boundaries broken:\n${violations.join('\n')}`).toEqual([]);
  });
});

describe('the boundary checker', () => {
  it('reads static, side-effect, re-export, type-only and dynamic imports, not comments or strings', () => {
    const scan = scanSource(
      [
        "import a, { b } from './a';",
        "import type { C } from '../c';",
        "import './side.css';",
        "export { d } from './d';",
        "export type { E } from './e';",
        "const f = await import('./f');",
        'const g = await import(`./g`);',
        'const h = await import(name);',
        "// import x from './comment';",
        "/* export * from './block'; */",
        'const s = "import y from \'./string\'";',
        // A template literal with a substitution, written in two parts so it stays a plain string here.
        "const t = `from './template' $" + "{ fetch('/api/x') }`;",
        "const r = /from '[a]'/g; window.fetch('/y'); client.fetch('/z');",
        'const hent = fetch; p.then(globalThis.fetch); const o = { fetch: 1 };',
        "import.meta.url; import {\n  multi,\n} from './multi';",
      ].join('\n'),
    );
    expect(scan.refs.map((r) => [r.specifier, r.typeOnly])).toEqual([
      ['./a', false],
      ['../c', true],
      ['./side.css', false],
      ['./d', false],
      ['./e', true],
      ['./f', false],
      ['./g', false],
      [null, false],
      ['./multi', false],
    ]);
    expect(scan.ioCalls.map((c) => [c.what, c.line])).toEqual([
      ['fetch(', 12],
      ['fetch(', 13],
      ['fetch', 14],
      ['fetch', 14],
    ]);
  });

  it('reports a violation of each rule with file and line', () => {
    const graph = buildGraph([
      { path: 'src/app/features/virksomhed/X.tsx', source: "import { Y } from '../validering/KoeView';" },
      { path: 'machines/x.ts', source: "import { z } from 'zod';\nimport { setup } from 'xstate';" },
      { path: 'src/app/ui/W.tsx', source: "import { http } from '../lib/http';\nfetch('/api');" },
      { path: 'src/app/ui/T.tsx', source: "import type { HttpError } from '../lib/http';" },
      { path: 'src/app/lib/http.ts', source: "export const http = () => fetch('/api');" },
      { path: 'src/app/App.tsx', source: "import { db } from '../server/db/client';" },
      { path: 'src/server/app.ts', source: "import { App } from '../app/App';" },
      { path: 'src/app/features/validering/KoeView.tsx', source: '' },
      { path: 'src/server/db/client.ts', source: '' },
    ]);
    expect(checkBoundaries(graph)).toEqual([
      'ui does I/O: src/app/ui/W.tsx:2 calls fetch(',
      "feature 'virksomhed' imports feature 'validering': src/app/features/virksomhed/X.tsx:1 imports '../validering/KoeView'",
      "machine imports more than xstate and src/contract: machines/x.ts:1 imports 'zod'",
      "ui imports an I/O module (src/app/lib/http.ts calls fetch(): src/app/ui/W.tsx:1 imports '../lib/http'",
      "client imports server: src/app/App.tsx:1 imports '../server/db/client'",
      "server imports client: src/server/app.ts:1 imports '../app/App'",
    ]);
  });
});
