import { type AppKald, koblAppFetch } from './api-fetch';
import type { SatServer } from './sat-server';

/**
 * Makes the test realm's Uint8Array Node's own (call before starting the server). Under jsdom the
 * global Uint8Array is jsdom's, while Node's Buffer (the server's file bytes: multipart parts, a
 * generated .docx) extends Node's; PGlite checks a bytea value with `instanceof Uint8Array`, so a
 * stored file would fail only in this test environment. Nothing of the server is replaced.
 */
export function nodeUint8Array(): void {
  globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
}

/**
 * The client's fetch routed to the real app of a SatServer (app.inject) as a demo user signed in with
 * the password, with what sat-server's own stub leaves out: multipart bodies (FormData with files,
 * as the template upload sends them) and the answers' bytes as they are (a .docx download).
 * `kald` records each call (method and path after /api/, with the status).
 */
export async function koblDokumentFetch(s: SatServer, username: string): Promise<{ kald: AppKald[] }> {
  const login = await s.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: 'demo' },
  });
  if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.statusCode} ${login.body}`);
  const token = (JSON.parse(login.body) as { data: string }).data;
  const kald: AppKald[] = [];
  koblAppFetch(
    kald,
    async (method, path, init) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      let payload: string | Buffer | undefined;
      if (typeof init?.body === 'string') {
        headers['content-type'] = 'application/json';
        payload = init.body;
      } else if (init?.body && typeof (init.body as FormData).entries === 'function') {
        const boundary = `----dokument${Math.random().toString(16).slice(2)}`;
        headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
        payload = await multipart(init.body as FormData, boundary);
      }
      return s.app.inject({ method: method as 'GET', url: `/api/${path}`, headers, payload });
    },
    true,
  );
  return { kald };
}

/** A FormData as a multipart/form-data body (RFC 7578): text parts and file parts with their bytes. */
async function multipart(form: FormData, boundary: string): Promise<Buffer> {
  const dele: Buffer[] = [];
  for (const [navn, v] of form.entries()) {
    if (typeof v === 'string') {
      dele.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${navn}"\r\n\r\n${v}\r\n`),
      );
    } else {
      const fil = v as File;
      const bytes = Buffer.from(await blobBytes(fil));
      dele.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${navn}"; filename="${fil.name}"\r\n` +
            `Content-Type: ${fil.type || 'application/octet-stream'}\r\n\r\n`,
        ),
        bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  dele.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(dele);
}

/** A blob's bytes, also where the environment's Blob has no arrayBuffer() (FileReader then). */
function blobBytes(b: Blob): Promise<ArrayBuffer> {
  if (typeof b.arrayBuffer === 'function') return b.arrayBuffer();
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result as ArrayBuffer);
    r.onerror = () => reject(r.error);
    r.readAsArrayBuffer(b);
  });
}
