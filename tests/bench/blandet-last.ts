/**
 * The load generator of the mixed-load bench (blandet.bench.ts), run in worker threads of its own:
 * simulated users, each with their own token, doing what case workers, validators and a reporter
 * do, with think time between actions, against the server process's port(s) with plain fetch
 * (round-robin per request over the ports when there are several). Every request's latency is taken
 * here, on the client side, until its whole answer is read.
 */
import { parentPort, workerData } from 'node:worker_threads';

/** The kinds of action the bench reports on, one row each. */
export const HANDLINGER = {
  palette: { navn: 'palette (tast)', maal: 150 },
  liste: { navn: 'virksomhedsliste (filter)', maal: 150 },
  virksomhed: { navn: 'åbn virksomhed', maal: 150 },
  tilsynFane: { navn: 'fane: tilsyn', maal: 150 },
  gem: { navn: 'gem tilsyn (PUT, version)', maal: 300 },
  koe: { navn: 'valideringskø (side)', maal: 150 },
  vandanlaeg: { navn: 'åbn vandanlæg', maal: 150 },
  maengdeFane: { navn: 'fane: oppumpede mængder', maal: 150 },
  beslut: { navn: 'godkend/forkast (1–20)', maal: 300 },
  rapport: { navn: 'rapportside', maal: 150 },
  eksport: { navn: 'eksport (CSV, største rapport)', maal: null },
} as const satisfies Record<string, { navn: string; maal: number | null }>;
export type Handling = keyof typeof HANDLINGER;

interface Faelles {
  token: string;
  /** Words typed into the palette, keystroke by keystroke. */
  soegeord: string[];
}
export interface Sagsbehandler extends Faelles {
  rolle: 'sagsbehandler';
  /** Company-list paths (filter, sort, page) this user pages through. */
  listeStier: string[];
  /** The user's own companies, each with one inspection record to save (no two users share one). */
  virksomheder: { id: number; tilsynId: number }[];
}
export interface Validator extends Faelles {
  rolle: 'validator';
  kundeId: number;
  /** The user's own water plants (no two validators share one), with the queue filter that finds them. */
  anlaeg: { id: number; filter: string }[];
}
export interface Rapportoer extends Faelles {
  rolle: 'rapport';
  rapportStier: string[];
}
export type SimuleretBruger = Sagsbehandler | Validator | Rapportoer;

export interface LastData {
  porte: number[];
  brugere: SimuleretBruger[];
  /** The exporting user: the export's path, run again and again until the end. */
  eksport?: { token: string; sti: string };
  varighedMs: number;
  /** Think time between actions, ms (uniform). */
  taenketid: [number, number];
  timeoutMs: number;
  eksportTimeoutMs: number;
  /** The input fields of an inspection (what a PUT sends besides the version). */
  tilsynFelter: string[];
  seed: number;
}

export interface LastSvar {
  tider: Partial<Record<Handling, number[]>>;
  /** Answers other than 2xx that were not expected. */
  fejl: Partial<Record<Handling, number>>;
  timeouts: Partial<Record<Handling, number>>;
  /** Entries another validator had decided first (answered in alleredeBesluttet; not errors). */
  alleredeBesluttet: number;
  /** The ids of the entries decided (the bench puts them back in the queue afterwards). */
  besluttet: number[];
  /** The first few errors, for the log. */
  eksempler: string[];
}

/** An answer with nothing in it yet (a thread's start, and the sum over the threads). */
export const tomtLastSvar = (): LastSvar => ({
  tider: {},
  fejl: {},
  timeouts: {},
  alleredeBesluttet: 0,
  besluttet: [],
  eksempler: [],
});

/** A small seeded generator (mulberry32), so a run's choices repeat. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const vent = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function koer(d: LastData): Promise<LastSvar> {
  const svar = tomtLastSvar();
  const slut = performance.now() + d.varighedMs;
  const tid = () => performance.now() < slut;
  let rr = 0;
  const tael = (m: Partial<Record<Handling, number>>, h: Handling) => {
    m[h] = (m[h] ?? 0) + 1;
  };

  /** One request: its latency until the whole answer is read; an error unless 2xx. */
  async function kald(
    h: Handling,
    token: string,
    sti: string,
    init: { method?: string; body?: unknown } = {},
  ): Promise<{ status: number; json: unknown } | null> {
    const port = d.porte[rr++ % d.porte.length]!;
    const t0 = performance.now();
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api${sti}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(h === 'eksport' ? d.eksportTimeoutMs : d.timeoutMs),
      });
      let json: unknown = null;
      if (h === 'eksport') {
        const reader = r.body!.getReader();
        for (;;) if ((await reader.read()).done) break;
      } else {
        const tekst = await r.text();
        json = tekst && r.headers.get('content-type')?.includes('json') ? JSON.parse(tekst) : tekst;
      }
      svar.tider[h] ??= [];
      svar.tider[h].push(performance.now() - t0);
      if (r.status < 200 || r.status >= 300) {
        tael(svar.fejl, h);
        if (svar.eksempler.length < 8)
          svar.eksempler.push(
            `${h}: ${init.method ?? 'GET'} ${sti} → ${r.status} ${JSON.stringify(json).slice(0, 200)}`,
          );
      }
      return { status: r.status, json };
    } catch (e) {
      const navn = e instanceof Error ? e.name : '';
      if (navn === 'TimeoutError' || navn === 'AbortError') tael(svar.timeouts, h);
      else {
        tael(svar.fejl, h);
        if (svar.eksempler.length < 8) svar.eksempler.push(`${h}: ${sti} → ${String(e)}`);
      }
      return null;
    }
  }

  async function taenk(rnd: () => number): Promise<void> {
    const [a, b] = d.taenketid;
    await vent(a + rnd() * (b - a));
  }

  /** A word typed into the palette: one search per keystroke from the second character on. */
  async function palette(u: SimuleretBruger, rnd: () => number): Promise<void> {
    const ord = u.soegeord[Math.floor(rnd() * u.soegeord.length)];
    if (!ord) return;
    const kald_: Promise<unknown>[] = [];
    for (let n = 2; n <= ord.length && tid(); n++) {
      const tekst = ord.slice(0, n).trim();
      if (tekst.length >= 2) kald_.push(kald('palette', u.token, `/soeg?${new URLSearchParams({ tekst })}`));
      await vent(90 + rnd() * 110);
    }
    await Promise.all(kald_);
  }

  async function sagsbehandler(u: Sagsbehandler, rnd: () => number): Promise<void> {
    let i = Math.floor(rnd() * u.virksomheder.length);
    while (tid()) {
      await palette(u, rnd);
      await taenk(rnd);
      if (!tid()) break;
      await kald('liste', u.token, u.listeStier[Math.floor(rnd() * u.listeStier.length)]!);
      await taenk(rnd);
      if (!tid()) break;
      const v = u.virksomheder[i++ % u.virksomheder.length]!;
      await kald('virksomhed', u.token, `/virksomhed/${v.id}`);
      const fane = await kald('tilsynFane', u.token, `/virksomhed/${v.id}/tilsyn`);
      await taenk(rnd);
      if (!tid()) break;
      const rec = Array.isArray(fane?.json)
        ? (fane.json as Record<string, unknown>[]).find((r) => r.id === v.tilsynId)
        : undefined;
      if (rec) {
        const body: Record<string, unknown> = { version: rec.version };
        for (const f of d.tilsynFelter) if (f in rec) body[f] = rec[f];
        await kald('gem', u.token, `/tilsyn/${v.tilsynId}`, { method: 'PUT', body });
        await taenk(rnd);
      }
    }
  }

  async function validator(u: Validator, rnd: () => number): Promise<void> {
    let i = Math.floor(rnd() * u.anlaeg.length);
    while (tid()) {
      const a = u.anlaeg[i % u.anlaeg.length]!;
      const q = new URLSearchParams({
        start: '0',
        take: '100',
        filter: a.filter,
        sortByColumn: 'startdato',
        sortDirection: 'ASC',
      });
      const side = await kald('koe', u.token, `/OppumpedeVandmaengderValidering/list/${u.kundeId}?${q}`);
      await taenk(rnd);
      if (!tid()) break;
      await kald('vandanlaeg', u.token, `/Vandanlaeg/${a.id}`);
      await kald('maengdeFane', u.token, `/OppumpedeVandmaengder/list/${a.id}`);
      await taenk(rnd);
      if (!tid()) break;
      // Only this validator's own plant: another validator's entries matched by the filter are left.
      const items = (
        (side?.json as { items?: { id: number; version: number; vandanlaegId: number }[] })?.items ?? []
      ).filter((p) => p.vandanlaegId === a.id);
      if (items.length === 0) {
        i++; // the plant's queue is empty: the next plant
        continue;
      }
      const antal = Math.min(items.length, 1 + Math.floor(rnd() * 20));
      const handling = rnd() < 0.8 ? 'Godkend' : 'Forkast';
      const poster = items.slice(0, antal).map((p) => ({ id: p.id, version: p.version }));
      const r = await kald('beslut', u.token, `/OppumpedeVandmaengderValidering/${handling}/${u.kundeId}`, {
        method: 'PUT',
        body: { poster },
      });
      const b = r?.json as { besluttet?: number[]; alleredeBesluttet?: unknown[] } | undefined;
      if (r && r.status === 200 && b) {
        svar.besluttet.push(...(b.besluttet ?? []));
        svar.alleredeBesluttet += b.alleredeBesluttet?.length ?? 0;
      }
      await taenk(rnd);
      if (!tid()) break;
      await palette(u, rnd);
      await taenk(rnd);
    }
  }

  async function rapportoer(u: Rapportoer, rnd: () => number): Promise<void> {
    while (tid()) {
      await kald('rapport', u.token, u.rapportStier[Math.floor(rnd() * u.rapportStier.length)]!);
      await taenk(rnd);
      if (!tid()) break;
      await palette(u, rnd);
      await taenk(rnd);
    }
  }

  async function eksportoer(e: { token: string; sti: string }): Promise<void> {
    while (tid()) {
      await kald('eksport', e.token, e.sti);
      await vent(250);
    }
  }

  await Promise.all([
    ...d.brugere.map(async (u, n) => {
      const rnd = prng(d.seed * 1000 + n);
      // Users do not all start in the same millisecond.
      await vent(rnd() * d.taenketid[1]);
      if (u.rolle === 'sagsbehandler') await sagsbehandler(u, rnd);
      else if (u.rolle === 'validator') await validator(u, rnd);
      else await rapportoer(u, rnd);
    }),
    ...(d.eksport ? [eksportoer(d.eksport)] : []),
  ]);
  return svar;
}

if (parentPort && workerData) {
  const port = parentPort;
  koer(workerData as LastData).then(
    (svar) => port.postMessage(svar),
    (e: unknown) => {
      throw e;
    },
  );
}
