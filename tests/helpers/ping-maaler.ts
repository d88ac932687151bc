import { Worker } from 'node:worker_threads';

/** The pinger: plain JavaScript in a thread of its own, so its timing does not hang on the thread under test. */
const PINGER = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
const tider = [];
parentPort.once('message', () => { stop = true; });
(async () => {
  while (!stop) {
    const t = performance.now();
    let ms;
    try {
      const r = await fetch(workerData.url);
      await r.arrayBuffer();
      ms = r.status === 200 ? performance.now() - t : Number.POSITIVE_INFINITY;
    } catch {
      ms = Number.POSITIVE_INFINITY;
    }
    tider.push(ms);
    if (tider.length === 1) parentPort.postMessage('klar');
    await new Promise((r) => setTimeout(r, workerData.hvertMs));
  }
  parentPort.postMessage(tider);
})();
`;

export interface PingMaaling {
  /** Stops after the ping in flight; each ping's time in ms (Infinity: failed). */
  stop(): Promise<number[]>;
}

/** Pings `url` every `hvertMs` ms from another thread until stopped; resolves once the first ping answered. */
export async function startPing(url: string, hvertMs = 20): Promise<PingMaaling> {
  const w = new Worker(PINGER, { eval: true, workerData: { url, hvertMs } });
  const naeste = () =>
    new Promise<unknown>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
    });
  await naeste();
  return {
    async stop() {
      const svar = naeste();
      w.postMessage('stop');
      const tider = (await svar) as number[];
      await w.terminate();
      return tider;
    },
  };
}
