import type { z } from 'zod';

/**
 * One API endpoint, declared once: the server registers its route from this (src/server/http/
 * endpoint.ts `serve`) and the client calls it from this (src/app/lib/http.ts `call`), so method,
 * path, schemas and right cannot drift apart.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  /** Below /api, Fastify style: `/virksomhed/:id/tilsyn`. */
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The success answer; undefined for an answer without a body (204) or a file. */
  answer?: A;
  /**
   * An answer without a zod schema (a file, a stream, a generated document): its media types, for
   * the API reference (src/server/http/openapi.ts); the handler sets the one it sends.
   */
  filTyper?: readonly string[];
  /** 200 unless said: 201 for a creation, 202 for a job started (src/contract/jobs.ts), 204 for no content. */
  status?: 200 | 201 | 202 | 204;
  /**
   * The resource rule checked before the handler runs (names joined by '||', any one suffices).
   * Omitted where the right depends on the data (a company's type); the handler checks it then.
   */
  access?: string;
  /** Open without a token (sign-in, readiness). */
  public?: boolean;
  /**
   * A call held open for long — a stream, an export — that is long work itself: it does not count as
   * an interactive call that exports and jobs wait for (src/server/jobs/forrang.ts).
   */
  langvarig?: boolean;
  /**
   * A multipart body instead of `body`: the file part's name and the text parts' schema. The server
   * reads every upload through it (src/server/http/multipart.ts) and the bad-input walk covers its
   * parts (tests/api/multipart-walk.test.ts).
   */
  multipart?: MultipartDecl;
}

export interface MultipartDecl {
  /** The part that carries the file. */
  fil: string;
  /** The text parts, each by name; none when omitted. */
  felter?: z.ZodObject;
}

/** Declares an endpoint, keeping each schema's own type. */
export const endpoint = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends z.ZodType | undefined = undefined,
>(
  def: Endpoint<P, Q, B, A>,
): Endpoint<P, Q, B, A> => def;

// biome-ignore lint/suspicious/noExplicitAny: the widest endpoint, for generic code over any of them
export type AnyEndpoint = Endpoint<any, any, any, any>;

/** The schema of an optional slot, or never when the endpoint has none. */
type Slot<S> = [NonNullable<S>] extends [never] ? never : NonNullable<S>;
type Out<S> = [Slot<S>] extends [never]
  ? undefined
  : Slot<S> extends z.ZodType
    ? z.output<Slot<S>>
    : undefined;
type In<S> = [Slot<S>] extends [never] ? undefined : Slot<S> extends z.ZodType ? z.input<Slot<S>> : undefined;
type Has<S> = [Slot<S>] extends [never] ? false : true;

/** What the server handler receives, parsed. */
export type ParamsOf<E extends AnyEndpoint> = Out<E['params']>;
export type QueryOf<E extends AnyEndpoint> = Out<E['query']>;
export type BodyOf<E extends AnyEndpoint> = Out<E['body']>;
/** What the handler returns (before the answer schema serialises it). */
export type AnswerInOf<E extends AnyEndpoint> = In<E['answer']>;
/** What the client receives (after the answer schema parsed it). */
export type AnswerOf<E extends AnyEndpoint> = Out<E['answer']>;

/** What a caller passes: params and body when the endpoint has them, query optional. */
export type CallArgs<E extends AnyEndpoint> = (Has<E['params']> extends true
  ? { params: In<E['params']> }
  : { params?: undefined }) &
  (Has<E['body']> extends true ? { body: In<E['body']> } : { body?: undefined }) &
  (Has<E['query']> extends true ? { query?: In<E['query']> } : { query?: undefined });

/** The endpoint's path with its params filled in (each value URL-encoded). */
export function stiFor(ep: Pick<AnyEndpoint, 'path'>, params?: Record<string, unknown>): string {
  return ep.path.replace(/:([A-Za-z0-9_]+)(\?)?/g, (_, name: string, optional?: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      if (optional) return '';
      throw new Error(`Parameteren ${name} mangler til ${ep.path}`);
    }
    return encodeURIComponent(String(value));
  });
}
