import { laesSpecFil } from '../helpers/spec-filer';

/**
 * Reads spec/routes.tsv (from MW_SPEC_DIR, tests/helpers/spec-filer.ts) and derives expectations from it without using src/app/routes, so that
 * the route tests compare the table with the specification rather than with itself.
 */

export interface TsvRoute {
  path: string;
  access: string;
  notes: string;
}

/** The rule decided for /validering, whose access the TSV leaves 'unstated' (docs/decisions-routes.md). */
export const VALIDERING_RULE = 'SAGSBEHANDLER_VANDANLAEG_LAES';

export function readRoutesTsv(): TsvRoute[] {
  const text = laesSpecFil('routes.tsv');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [p = '', access = '', notes = ''] = line.split('\t');
      return { path: p, access, notes };
    });
}

/** The path part of a spec path: '/stslogin?userid=' has a query, ':x?' marks an optional param. */
const pathPartOf = (p: string) => p.replace(/\?\w+=.*$/, '');

const segments = (p: string) => pathPartOf(p).split('/').filter(Boolean);

/** The TSV route whose path is the longest proper segment prefix of this one ('/' is nobody's parent). */
export function tsvParent(rows: TsvRoute[], row: TsvRoute): TsvRoute | undefined {
  const own = segments(row.path);
  let best: TsvRoute | undefined;
  for (const other of rows) {
    const segs = segments(other.path);
    if (segs.length === 0 || segs.length >= own.length) continue;
    if (!segs.every((s, i) => s === own[i])) continue;
    if (!best || segs.length > segments(best.path).length) best = other;
  }
  return best;
}

/** The rules a row requires: [] for public, its own rule, or the rules of all its ancestors. */
export function expectedRules(rows: TsvRoute[], row: TsvRoute): string[] {
  const own = (r: TsvRoute) => (r.access === 'unstated' ? VALIDERING_RULE : r.access);
  if (row.access === 'public') return [];
  if (row.access !== 'parent') return [own(row)];
  const rules: string[] = [];
  for (let p = tsvParent(rows, row); p; p = tsvParent(rows, p)) {
    if (p.access !== 'parent' && p.access !== 'public') rules.unshift(own(p));
  }
  // 'tab visible (only) with X': the tab's calls refuse everyone else, so a link to it does too.
  const tabRule = /^tab visible (?:only )?with (\S+)/.exec(row.notes)?.[1];
  return tabRule ? [...rules, tabRule] : rules;
}

/** Every rule holds when, for each, one of its '||' alternatives is among the resources. */
export function rulesHold(rules: string[], ressourcer: ReadonlySet<string>): boolean {
  return rules.every((rule) => rule.split('||').some((alt) => ressourcer.has(alt)));
}

/** Params of a spec path: ':x' and ':x?' in the path, 'x=' in the query (always optional). */
export function tsvParams(p: string): { name: string; optional: boolean }[] {
  const params = [...pathPartOf(p).matchAll(/:(\w+)(\?)?/g)].map((m) => ({
    name: m[1] ?? '',
    optional: m[2] === '?',
  }));
  for (const m of p.matchAll(/[?&](\w+)=/g)) params.push({ name: m[1] ?? '', optional: true });
  return params;
}

/** Sample params for a path: ids 7, 8, 9 ...; the contact person's name is free text. */
export function sampleParams(p: string, withOptional = true): Record<string, string> {
  const out: Record<string, string> = {};
  let id = 7;
  for (const param of tsvParams(p)) {
    if (param.optional && !withOptional) continue;
    if (param.name === 'kontaktpersonnavn') out[param.name] = 'Søren Ø/1';
    else if (param.name === 'userid') out[param.name] = 'sts-abc';
    else out[param.name] = String(id++);
  }
  return out;
}

/** A concrete URL for a spec path, written by hand (not with buildPath). */
export function sampleUrl(p: string, withOptional = true): string {
  const params = sampleParams(p, withOptional);
  let url = pathPartOf(p)
    .replace(/\/:(\w+)\?/g, (_, name: string) => (params[name] ? `/${encodeURIComponent(params[name])}` : ''))
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  if (params.userid) url += `?userid=${params.userid}`;
  return url;
}
