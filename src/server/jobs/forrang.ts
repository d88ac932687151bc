import { setImmediate as naesteTur } from 'node:timers/promises';

/**
 * Interactive calls go first (issue 32). Long work — an export's batches, a job's steps — is cut into
 * short statements; between two of them it asks `ro()`, which answers once no interactive call of this
 * process has been in flight for `stilleMs`. So a search, a page or a save that arrives while an export
 * runs waits at most for the one step under way, never for a queue of them (on PGlite every statement
 * holds the one connection and the event loop; on PostgreSQL the export's batches and their CSV take
 * the CPU the calls need).
 *
 * Why a quiet spell and not just "none in flight": a client's calls come in runs (a record and then its
 * tab, a page and then its details), a millisecond or two apart on a LAN. Without the spell an export
 * step slips into every gap and the run's next call waits for it.
 *
 * Long work is slowed, never starved: `ro()` answers after `maxVentMs` however busy the process is.
 * A call is counted from its onRequest to its response (or abort), once; the long calls themselves
 * (an export, an event stream) are not counted: their endpoints are declared `langvarig`.
 */
export class Forrang {
  private iGang = 0;
  /** When the last call in flight ended (performance.now()); -Infinity before the first. */
  private sidstFri = Number.NEGATIVE_INFINITY;
  private readonly talte = new WeakSet<object>();
  private ventende: (() => void)[] = [];

  constructor(
    private readonly maxVentMs = 250,
    private readonly stilleMs = 10,
  ) {}

  /** Interactive calls in flight now. */
  get interaktive(): number {
    return this.iGang;
  }

  /** A call has begun (counted once however often it is told). */
  start(kald: object): void {
    if (this.talte.has(kald)) return;
    this.talte.add(kald);
    this.iGang++;
  }

  /** A call has ended or is long work itself: no longer counted. */
  fritag(kald: object): void {
    if (!this.talte.delete(kald)) return;
    this.iGang--;
    if (this.iGang === 0) {
      this.sidstFri = performance.now();
      for (const v of this.ventende.splice(0)) v();
    }
  }

  /**
   * Resolves when no interactive call has been in flight for `stilleMs` (checked after a turn of the
   * event loop, so calls already read from their sockets are counted first), at the latest after
   * `maxVentMs`.
   */
  async ro(): Promise<void> {
    await naesteTur();
    const frist = performance.now() + this.maxVentMs;
    for (;;) {
      const nu = performance.now();
      if (nu >= frist) return;
      if (this.iGang === 0) {
        const tilbage = this.stilleMs - (nu - this.sidstFri);
        if (tilbage <= 0) return;
        await new Promise((r) => setTimeout(r, Math.min(tilbage, frist - nu)));
      } else {
        await this.naarFri(frist - nu);
      }
    }
  }

  /** Resolves when the last call in flight ends, or after `ms`. */
  private naarFri(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const faerdig = () => {
        clearTimeout(timer);
        this.ventende = this.ventende.filter((v) => v !== faerdig);
        resolve();
      };
      const timer = setTimeout(faerdig, ms);
      this.ventende.push(faerdig);
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's count of interactive calls in flight (buildApp). */
    forrang: Forrang;
  }
}
