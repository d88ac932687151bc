import { Worker } from 'node:worker_threads';
import { DocxFejl, type Udfyldning } from './docx';
import type { DocxBesked, DocxOpgave, DocxSvar, ScanSvar } from './docx-arbejder';

/**
 * A small pool of worker threads (docx-arbejder.ts) that scan and fill templates, so that no file
 * blocks the thread that answers requests. Workers start when a job needs one and are kept for the
 * next; each job has a time budget (past it the worker is stopped and the job refused) and each
 * worker a memory budget (a worker out of memory ends; the job is refused). A stopped worker is
 * replaced by the next job that needs one.
 */

export interface DocxPuljeValg {
  /** Workers at most. */
  arbejdere: number;
  /** A job's time in the worker, in ms. */
  tidMs: number;
  /** A worker's heap (V8's old generation), in MB. */
  hukommelseMb: number;
}

export const DOCX_PULJE_STANDARD: DocxPuljeValg = { arbejdere: 2, tidMs: 10_000, hukommelseMb: 256 };

export const SKABELON_FOR_KOMPLEKS =
  'Skabelonen er for kompleks: den kunne ikke læses og udfyldes inden for tidsgrænsen og kan ikke bruges';
export const SKABELON_FOR_MEGET_HUKOMMELSE =
  'Skabelonen kræver for meget hukommelse, når den åbnes, og kan ikke bruges';

/**
 * The worker's module is TypeScript like the rest of the server (run by tsx: npm start, the dev
 * server; Vitest). A worker's own `--import tsx` comes too late on Node 20 (its entry is already
 * loading), so the worker starts from a line that registers tsx's loader and then imports the module.
 * Both are resolved with import.meta.resolve (Vite rewrites `new URL(…, import.meta.url)` to a web
 * address under jsdom).
 */
const ARBEJDER_START = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.resolve('./docx-arbejder.ts'))}); })`;

interface Job {
  opgave: DocxOpgave;
  overfoer: ArrayBuffer[];
  svar: (b: DocxSvar) => void;
  fejl: (err: Error) => void;
}

interface Arbejder {
  w: Worker;
  klar: boolean;
  /** Stopped past its time budget: what it still sends is not heard. */
  stoppes: boolean;
  job: Job | null;
  ur: NodeJS.Timeout | null;
  fejl: Error | null;
}

export class DocxPulje {
  private readonly valg: DocxPuljeValg;
  private readonly alle = new Set<Arbejder>();
  private readonly ledige: Arbejder[] = [];
  private readonly koe: Job[] = [];
  private lukket = false;

  constructor(valg: Partial<DocxPuljeValg> = {}) {
    this.valg = { ...DOCX_PULJE_STANDARD, ...valg };
  }

  /** The names a template holds and its text filled with the sample values (the upload preview). */
  async scan(bytes: Uint8Array, navne: string[], eksempel: Udfyldning): Promise<ScanSvar> {
    const kopi = new Uint8Array(bytes);
    const b = await this.koer({ art: 'scan', bytes: kopi, navne, eksempel }, [kopi.buffer]);
    if (!('scan' in b)) throw new Error('docx-arbejder: uventet svar');
    return b.scan;
  }

  /** The template filled (a letter). */
  async fyld(bytes: Uint8Array, navne: string[], udfyldning: Udfyldning): Promise<Uint8Array> {
    const kopi = new Uint8Array(bytes);
    const b = await this.koer({ art: 'fyld', bytes: kopi, navne, udfyldning }, [kopi.buffer]);
    if (!('docx' in b)) throw new Error('docx-arbejder: uventet svar');
    return b.docx;
  }

  /** Stops every worker; jobs not yet answered are refused. */
  async luk(): Promise<void> {
    this.lukket = true;
    for (const job of this.koe.splice(0)) job.fejl(new Error('Skabelonpuljen er lukket'));
    await Promise.all([...this.alle].map((a) => a.w.terminate()));
  }

  /** The bytes (a copy the caller does not keep) go transferred, not copied again. */
  private koer(opgave: DocxOpgave, overfoer: ArrayBuffer[]): Promise<DocxSvar> {
    if (this.lukket) return Promise.reject(new Error('Skabelonpuljen er lukket'));
    return new Promise((resolve, reject) => {
      this.koe.push({
        opgave,
        overfoer,
        svar: (b) => {
          if (b.ok) resolve(b);
          else reject(b.status ? new DocxFejl(b.status, b.besked) : new Error(`docx-arbejder: ${b.besked}`));
        },
        fejl: reject,
      });
      this.fordel();
    });
  }

  private fordel(): void {
    while (this.koe.length > 0) {
      const a = this.ledige.pop();
      if (a) this.start(a, this.koe.shift()!);
      else {
        const startende = [...this.alle].filter((x) => !x.klar).length;
        if (this.alle.size < this.valg.arbejdere && startende < this.koe.length) this.nyArbejder();
        return;
      }
    }
  }

  private start(a: Arbejder, job: Job): void {
    a.job = job;
    a.w.ref();
    a.ur = setTimeout(() => {
      // Past the budget: the job is refused now, the worker stopped (its 'exit' replaces it).
      a.stoppes = true;
      this.afslut(a)?.fejl(new DocxFejl(400, SKABELON_FOR_KOMPLEKS));
      void a.w.terminate();
    }, this.valg.tidMs);
    a.w.postMessage(job.opgave, job.overfoer);
  }

  /** The worker's job, taken off it. */
  private afslut(a: Arbejder): Job | null {
    const job = a.job;
    if (a.ur) clearTimeout(a.ur);
    a.job = null;
    a.ur = null;
    a.w.unref();
    return job;
  }

  private nyArbejder(): void {
    const w = new Worker(ARBEJDER_START, {
      eval: true,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.valg.hukommelseMb },
    });
    w.unref();
    const a: Arbejder = { w, klar: false, stoppes: false, job: null, ur: null, fejl: null };
    this.alle.add(a);
    w.on('message', (b: DocxBesked) => {
      if (a.stoppes) return;
      if ('klar' in b) a.klar = true;
      else this.afslut(a)?.svar(b);
      if (this.lukket) void w.terminate();
      else {
        this.ledige.push(a);
        this.fordel();
      }
    });
    w.on('error', (err) => {
      a.fejl = err;
    });
    w.on('exit', () => {
      this.alle.delete(a);
      const i = this.ledige.indexOf(a);
      if (i >= 0) this.ledige.splice(i, 1);
      const job = this.afslut(a);
      const oom = (a.fejl as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (job)
        job.fejl(
          oom
            ? new DocxFejl(413, SKABELON_FOR_MEGET_HUKOMMELSE)
            : (a.fejl ?? new Error('docx-arbejder stoppede')),
        );
      if (!a.klar) {
        // A worker that cannot start would not start the next time either: the waiting jobs fail.
        for (const j of this.koe.splice(0)) j.fejl(a.fejl ?? new Error('docx-arbejder kunne ikke starte'));
      } else if (!this.lukket) this.fordel();
    });
  }
}
