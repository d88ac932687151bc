import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the server logs, and what it keeps out of the log: sign-on ids, tokens and passwords in
 * query strings, and the parameters of failing SQL statements (debug level only).
 */

/** Where the log goes: stdout (true), nowhere (false), or a stream of JSON lines (tests capture it). */
export type LogDestination = boolean | { write(line: string): void };

const SKJULT = '[skjult]';
const SKJULTE_NOEGLER = new Set(['userid', 'stsid', 'password', 'adgangskode']);

/** Query keys whose values never reach the log: the sign-on id, passwords, anything with 'token'. */
export function isSensitiveQueryKey(key: string): boolean {
  const k = key.toLowerCase();
  return SKJULTE_NOEGLER.has(k) || k.includes('token') || k.includes('secret');
}

function decodeKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/** The url with the values of sensitive query keys replaced by '[skjult]'; the rest as it came. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = eq < 0 ? part : part.slice(0, eq);
      return isSensitiveQueryKey(decodeKey(key)) ? `${key}=${SKJULT}` : part;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's own request serializer, with the url redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.['accept-version']?.toString(),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The logger options for Fastify. */
export function loggerOptions(
  destination: LogDestination | undefined,
  level: string,
): FastifyServerOptions['logger'] {
  if (!destination) return false;
  return {
    level,
    redact: ['req.headers.authorization', 'req.body.password', 'req.body.stsId'],
    serializers: { req: serializeRequest },
    ...(typeof destination === 'object' ? { stream: destination } : {}),
  };
}

/** A failing statement's error as it is logged at error level: the SQL text, never its parameters. */
class RedactedQueryError extends Error {}

interface QueryFailure {
  query: string;
  params: unknown[];
}

function isQueryFailure(e: unknown): e is Error & QueryFailure {
  return (
    e instanceof Error &&
    typeof (e as Partial<QueryFailure>).query === 'string' &&
    Array.isArray((e as Partial<QueryFailure>).params)
  );
}

/** The errors of a cause chain, outermost first. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 10 && !chain.includes(e); e = (e as Error).cause)
    chain.push(e);
  return chain;
}

/** Identifiers PostgreSQL adds to an error: names and codes, never values. */
const PG_FELTER = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

/**
 * A copy of one error of the chain (message and stack) without parameter values: a message naming the parameters (the
 * driver's "params: ..." line) is cut to the SQL text, and a parameter value PostgreSQL quotes in its
 * message (invalid input syntax for type integer: "...") is replaced by [skjult].
 */
function redacted(error: unknown, params: unknown[], cause: Error | undefined): Error {
  const e = error instanceof Error ? error : new Error(String(error));
  const values = params.map((p) => (p instanceof Date ? p.toISOString() : String(p))).filter((v) => v !== '');
  let message = isQueryFailure(e) && e.message.includes('\nparams:') ? `Failed query: ${e.query}` : e.message;
  for (const v of values) message = message.replaceAll(`"${v}"`, `"${SKJULT}"`);
  const copy = new RedactedQueryError(message, cause ? { cause } : undefined);
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  copy.stack = [`${e.constructor.name}: ${message}`, ...frames].join('\n');
  return copy;
}

/**
 * Logs an error no handler answered. A failing SQL statement is logged at error level with its SQL
 * text and PostgreSQL's code and names; its parameters and PostgreSQL's detail (which quotes row
 * values) go to a separate debug line only.
 */
export function logUnhandledError(log: FastifyBaseLogger, error: unknown): void {
  const chain = causeChain(error);
  const failure = chain.find(isQueryFailure);
  if (!failure) {
    log.error({ err: error }, 'unhandled error');
    return;
  }
  const safe = chain.reduceRight<Error | undefined>(
    (cause, e) => redacted(e, failure.params, cause),
    undefined,
  ) as Error;
  // PostgreSQL's code and names, from whichever error of the chain carries them (the driver's).
  const fields = safe as unknown as Record<string, unknown>;
  for (const f of PG_FELTER) {
    const value = chain.map((e) => (e as Record<string, unknown>)[f]).find((v) => typeof v === 'string');
    if (value !== undefined) fields[f] = value;
  }
  log.error({ err: safe, sql: failure.query }, 'unhandled error: SQL-sætning fejlede');
  const detail = chain.map((e) => (e as { detail?: unknown }).detail).find((d) => typeof d === 'string');
  log.debug({ sql: failure.query, params: failure.params, detail }, 'parametre til den fejlede SQL-sætning');
}
