import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * Where a call's CPU goes (issue 32: "profile where a request's CPU goes"). With `--profil` the
 * API-vs-direct benches record a CPU profile of this process's main thread (the server's, or the
 * direct reads') for each of their two runs through the inspector, and print the self time per
 * package in microseconds per call side by side: what the API adds on top of the same queries.
 * The load generator's worker thread is not in it.
 */

interface ProfilNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profil {
  nodes: ProfilNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time per package, in µs, over the whole profile. */
export type Fordeling = Map<string, number>;

/** Runs `fn` under the CPU profiler and returns its self time per package. */
export async function medProfil<T>(fn: () => Promise<T>): Promise<{ svar: T; fordeling: Fordeling }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const svar = await fn();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profil };
    return { svar, fordeling: fordel(profile) };
  } finally {
    session.disconnect();
  }
}

/** Which package a frame belongs to: a node_modules package, a node: module, the project's file, … */
export function pakke(cf: ProfilNode['callFrame']): string {
  const u = cf.url;
  const i = u.lastIndexOf('node_modules/');
  if (i >= 0) {
    const [a, b] = u.slice(i + 'node_modules/'.length).split('/');
    return a?.startsWith('@') ? `${a}/${b}` : (a ?? u);
  }
  if (u.startsWith('node:')) return u;
  // Code made with new Function (fast-json-stringify's serialisers) has no file.
  if (u === '')
    return cf.functionName.startsWith('anonymous') ? '(genereret kode)' : cf.functionName || '(native)';
  return path.relative(process.cwd(), u.replace(/^file:\/\//, ''));
}

export function fordel(p: Profil): Fordeling {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const ud: Fordeling = new Map();
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const n = byId.get(samples[i]!);
    if (!n) continue;
    const k = pakke(n.callFrame);
    ud.set(k, (ud.get(k) ?? 0) + (deltas[i] ?? 0));
  }
  return ud;
}

/**
 * The two runs side by side, µs per call: the packages whose cost per call differs most first, and
 * the total (without idle) — the API's CPU per call against the direct reads'.
 */
export function forskelLinjer(
  api: { fordeling: Fordeling; kald: number },
  direkte: { fordeling: Fordeling; kald: number },
  antal = 16,
): string[] {
  const pr = (f: Fordeling, n: number, k: string) => (f.get(k) ?? 0) / Math.max(n, 1);
  const noegler = [...new Set([...api.fordeling.keys(), ...direkte.fordeling.keys()])];
  const raekker = noegler
    .map((k) => ({ k, a: pr(api.fordeling, api.kald, k), d: pr(direkte.fordeling, direkte.kald, k) }))
    .sort((x, y) => Math.abs(y.a - y.d) - Math.abs(x.a - x.d));
  const cpu = (f: Fordeling, n: number) =>
    [...f].filter(([k]) => k !== '(idle)').reduce((s, [, v]) => s + v, 0) / Math.max(n, 1);
  const tal = (x: number) => x.toFixed(0).padStart(6);
  return [
    `CPU pr. kald (hovedtråden, uden tomgang): API ${tal(cpu(api.fordeling, api.kald))} µs, direkte ${tal(cpu(direkte.fordeling, direkte.kald))} µs`,
    '   API  direkte  forskel  (µs pr. kald, egen tid)',
    ...raekker.slice(0, antal).map((r) => `${tal(r.a)}   ${tal(r.d)}   ${tal(r.a - r.d)}  ${r.k}`),
  ];
}
