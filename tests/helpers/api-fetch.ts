import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

/**
 * Stubs the global fetch for the client's /api/ calls: `svar` gets each call's method, its path after
 * /api/ (with the query) and its init, and answers the Response.
 */
export function stubApiFetch(
  svar: (method: string, path: string, init: RequestInit | undefined) => Promise<Response>,
): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      return svar(init?.method ?? 'GET', url.pathname.replace(/^\/api\//, '') + url.search, init);
    }),
  );
}

/** One call the client made to the real app: method and path after /api/ (with the query), its status. */
export interface AppKald {
  method: string;
  path: string;
  status?: number;
}

type InjectSvar = Awaited<ReturnType<FastifyInstance['inject']>>;

/**
 * Routes the client's /api/ calls to a real app: `send` hands the call to it (app.inject), and its
 * answer goes back to the client with the app's headers, a 204 without a body. Each call is recorded in
 * `kald` with its status. `bytes`: the body as the answer's bytes (a .docx download) instead of text.
 */
export function koblAppFetch(
  kald: AppKald[],
  send: (method: string, path: string, init: RequestInit | undefined) => Promise<InjectSvar>,
  bytes = false,
): void {
  stubApiFetch(async (method, path, init) => {
    const k: AppKald = { method, path };
    kald.push(k);
    const res = await send(method, path, init);
    k.status = res.statusCode;
    const headers: Record<string, string> = {};
    for (const [n, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[n] = v;
    const krop = res.statusCode === 204 ? null : bytes ? new Uint8Array(res.rawPayload) : res.body;
    return new Response(krop, { status: res.statusCode, headers });
  });
}
