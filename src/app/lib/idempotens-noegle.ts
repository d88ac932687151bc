/**
 * The Idempotency-Key of a creating call (POST). Every POST gets a fresh one (src/app/lib/http.ts),
 * unless a caller ordered one for it: a form saving a new record keeps the key of a save that got no
 * answer and sends the next save of the same record with it, so a save that did reach the server is
 * answered again instead of creating the record twice (the server keeps the first answer per key:
 * src/server/http/idempotens.ts). No I/O here: ui/ may use it.
 */

/** A random UUID; also where crypto.randomUUID is missing (pages served over plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

let bestilt: string | null = null;

/**
 * Runs `kald` with `noegle` ordered for the first POST it sends before its first await (the request
 * writes its headers synchronously); a later POST, or one after an await, gets a fresh key as always.
 */
export function medIdempotensNoegle<T>(noegle: string, kald: () => T): T {
  bestilt = noegle;
  try {
    return kald();
  } finally {
    bestilt = null;
  }
}

/** The key a POST carries: the one ordered for it (used once), else a fresh one. */
export function noegleTilPost(): string {
  const n = bestilt ?? newIdempotencyKey();
  bestilt = null;
  return n;
}
