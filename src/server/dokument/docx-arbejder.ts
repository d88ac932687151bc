import { parentPort } from 'node:worker_threads';
import type { SkabelonFelt } from '../../contract/dokumenter';
import { aabnDocx, DocxFejl, fyldDocx, katalogAf, scanDocx, type Udfyldning } from './docx';

/**
 * The worker thread that opens, scans and fills templates (docx-pulje.ts starts it): an untrusted
 * file is never parsed on the thread that answers requests. One job at a time; the bytes come
 * transferred, the answer goes back as plain data (a filled .docx transferred).
 */

export type DocxOpgave =
  | { art: 'scan'; bytes: Uint8Array; navne: string[]; eksempel: Udfyldning }
  | { art: 'fyld'; bytes: Uint8Array; navne: string[]; udfyldning: Udfyldning };

export interface ScanSvar {
  felter: SkabelonFelt[];
  forhaandsvisning: string[];
}

export type DocxSvar =
  | { ok: true; scan: ScanSvar }
  | { ok: true; docx: Uint8Array }
  /** A DocxFejl has its status; anything else is an error of the program. */
  | { ok: false; status?: 400 | 413; besked: string };

/** What the worker sends: that it is ready for jobs (once), then one answer per job. */
export type DocxBesked = { klar: true } | DocxSvar;

const port = parentPort;
if (!port) throw new Error('docx-arbejder.ts kører kun som worker thread (se docx-pulje.ts)');

port.on('message', (opgave: DocxOpgave) => {
  try {
    if (opgave.art === 'scan') {
      const svar: DocxSvar = {
        ok: true,
        scan: scanDocx(opgave.bytes, katalogAf(opgave.navne), opgave.eksempel),
      };
      port.postMessage(svar);
    } else {
      const docx = fyldDocx(aabnDocx(opgave.bytes), opgave.udfyldning, katalogAf(opgave.navne));
      const svar: DocxSvar = { ok: true, docx };
      port.postMessage(svar, docx.byteLength === docx.buffer.byteLength ? [docx.buffer as ArrayBuffer] : []);
    }
  } catch (err) {
    const svar: DocxSvar =
      err instanceof DocxFejl
        ? { ok: false, status: err.status, besked: err.besked }
        : { ok: false, besked: err instanceof Error ? err.message : String(err) };
    port.postMessage(svar);
  }
});

const klar: DocxBesked = { klar: true };
port.postMessage(klar);
