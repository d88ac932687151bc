import type { z } from 'zod';
import { type AnswerOf, type AnyEndpoint, type CallArgs, stiFor } from '../../contract/endpoint';
import { reviveDates, serialiseBody } from './dates';
import { noegleTilPost } from './idempotens-noegle';

export { newIdempotencyKey } from './idempotens-noegle';

/** What a failed call reports to the error store; the HTTP client itself shows nothing. */
export interface HttpFailure {
  status: number;
  /** The parsed error body, when there was one. */
  body: unknown;
  method: string;
  url: string;
  /** True when no response came back at all (network down, server gone). */
  noResponse: boolean;
  at: Date;
}

export class HttpError extends Error {
  constructor(readonly failure: HttpFailure) {
    super(`HTTP ${failure.status} ${failure.method} ${failure.url}`);
  }
}

export interface HttpClientOptions {
  getToken(): string | null;
  /** A response carried mwtokenexpired: true. */
  onTokenExpired(): void;
  /** Any other failure, except aborted requests and calls marked silent. */
  onFailure(failure: HttpFailure): void;
  baseUrl?: string;
}

export interface RequestOptions<T> {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined | (string | number)[]>;
  signal?: AbortSignal;
  /** Validate the answer (after date revival is skipped: schemas work on the wire form). */
  schema?: z.ZodType<T>;
  /** Do not report failures (the caller shows them itself, e.g. the login call). */
  silent?: boolean;
  /** Revive ISO date strings into Dates (default true, as spec 000 §7 says, unless a schema is given). */
  reviveDates?: boolean;
}

/**
 * Every POST carries an Idempotency-Key, fresh per call. The server keeps the first answer of a
 * creating call per key, so when no answer comes back at all (the connection broke, maybe after the
 * server created the record) the client sends the call once more with the same key: a record that was
 * created is answered again, not created twice.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const POST_RETRIES = 1;

export function buildQuery(query: RequestOptions<unknown>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // Repeated parameters (filteredColumns, PNRListe ...) are sent once per value.
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The one way the client talks to the API: bearer token, JSON, error reporting. */
export function createHttpClient(opts: HttpClientOptions) {
  const base = opts.baseUrl ?? '/api/';

  async function request<T>(method: string, path: string, ro: RequestOptions<T> = {}): Promise<T> {
    const url = `${base}${path.replace(/^\//, '')}${buildQuery(ro.query)}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = opts.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (method === 'POST') headers[IDEMPOTENCY_HEADER] = noegleTilPost();
    let body: BodyInit | undefined;
    if (ro.body instanceof FormData) body = ro.body;
    else if (ro.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(serialiseBody(ro.body));
    }
    const fail = (failure: HttpFailure): never => {
      if (!ro.silent) opts.onFailure(failure);
      throw new HttpError(failure);
    };

    let response: Response | undefined;
    for (let attempt = 0; response === undefined; attempt++) {
      try {
        response = await fetch(url, { method, headers, body, signal: ro.signal });
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') throw err;
        // No answer to a POST: once more with the same Idempotency-Key.
        if (method === 'POST' && attempt < POST_RETRIES && !ro.signal?.aborted) continue;
        // A network failure counts as a 500 (spec 000 §8).
        return fail({ status: 500, body: undefined, method, url, noResponse: true, at: new Date() });
      }
    }
    const parsed = await readBody(response);
    if (!response.ok) {
      if (response.headers.get('mwtokenexpired') === 'true') {
        opts.onTokenExpired();
        throw new HttpError({
          status: response.status,
          body: parsed,
          method,
          url,
          noResponse: false,
          at: new Date(),
        });
      }
      return fail({ status: response.status, body: parsed, method, url, noResponse: false, at: new Date() });
    }
    if (ro.schema) return ro.schema.parse(parsed);
    return (ro.reviveDates === false ? parsed : reviveDates(parsed)) as T;
  }

  /**
   * Downloads a file; the name comes from content-disposition, else 'ukendt-filnavn'. `onProgress`
   * hears each piece as it arrives (a long export shows how far it is; the signal cancels it).
   */
  async function download(
    method: 'GET' | 'POST',
    path: string,
    ro: RequestOptions<unknown> & { onProgress?(chunk: Uint8Array, headers: Headers): void } = {},
  ) {
    const url = `${base}${path.replace(/^\//, '')}${buildQuery(ro.query)}`;
    const token = opts.getToken();
    const response = await fetch(url, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(ro.body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: ro.body ? JSON.stringify(serialiseBody(ro.body)) : undefined,
      signal: ro.signal,
    });
    if (!response.ok) {
      const failure = {
        status: response.status,
        body: await readBody(response),
        method,
        url,
        noResponse: false,
        at: new Date(),
      };
      if (response.headers.get('mwtokenexpired') === 'true') opts.onTokenExpired();
      else if (!ro.silent) opts.onFailure(failure);
      throw new HttpError(failure);
    }
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    let blob: Blob;
    if (ro.onProgress && response.body) {
      const parts: Uint8Array<ArrayBuffer>[] = [];
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        ro.onProgress(value, response.headers);
      }
      blob = new Blob(parts, { type: contentType });
    } else blob = await response.blob();
    return {
      blob,
      filename: filenameFromDisposition(response.headers.get('content-disposition')),
      contentType,
    };
  }

  /**
   * Calls an endpoint declared in src/contract: method and path from the declaration, params filled
   * into the path, and the answer checked with its answer schema.
   */
  function call<E extends AnyEndpoint>(
    ep: E,
    args: CallArgs<E> & Pick<RequestOptions<unknown>, 'signal' | 'silent'>,
  ): Promise<AnswerOf<E>> {
    const { params, query, body, signal, silent } = args as {
      params?: Record<string, unknown>;
      query?: RequestOptions<unknown>['query'];
      body?: unknown;
    } & Pick<RequestOptions<unknown>, 'signal' | 'silent'>;
    return request<AnswerOf<E>>(ep.method, stiFor(ep, params), {
      query,
      body,
      signal,
      silent,
      schema: ep.answer as z.ZodType<AnswerOf<E>> | undefined,
    });
  }

  return {
    request,
    call,
    get: <T>(path: string, ro?: RequestOptions<T>) => request<T>('GET', path, ro),
    post: <T>(path: string, body?: unknown, ro?: RequestOptions<T>) =>
      request<T>('POST', path, { ...ro, body }),
    put: <T>(path: string, body?: unknown, ro?: RequestOptions<T>) =>
      request<T>('PUT', path, { ...ro, body }),
    delete: <T>(path: string, ro?: RequestOptions<T>) => request<T>('DELETE', path, ro),
    /** Multipart upload: the browser sets the boundary. */
    upload: <T>(path: string, form: FormData, ro?: RequestOptions<T>) =>
      request<T>('POST', path, { ...ro, body: form }),
    download,
  };
}
export type HttpClient = ReturnType<typeof createHttpClient>;

/** The filename of a content-disposition header (RFC 6266 filename* first), else 'ukendt-filnavn'. */
export function filenameFromDisposition(header: string | null): string {
  if (!header) return 'ukendt-filnavn';
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  return plain?.[2]?.trim() || 'ukendt-filnavn';
}
