import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Answers are serialised by a function compiled once per route from the answer's schema
 * (fast-json-stringify over the schema's JSON Schema, output side), instead of a zod pass over every
 * answer and JSON.stringify after it. Like the zod pass, it writes only the declared properties, so
 * a column a handler selected by mistake still never reaches the client.
 *
 * With `kontrol` (on under Vitest, or SVAR_KONTROL=true) every answer is also parsed by its zod
 * schema as before and the two texts compared: an answer that does not match its schema, or that the
 * compiled function writes differently, fails the request with 500, so the whole API test suite holds
 * the compiled serialisers to the schemas.
 */

interface SchemaArg {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}

export function svarSerializerCompiler(opts: { kontrol: boolean }) {
  return ({ schema, method, url }: SchemaArg) => {
    const zod = schema as z.ZodType;
    const json = z.toJSONSchema(zod, { io: 'output', target: 'draft-7' }) as Record<string, unknown>;
    delete json.$schema;
    const stringify = fastJson(json);
    if (!opts.kontrol) return (data: unknown) => stringify(data);
    return (data: unknown) => {
      const parsed = zod.safeParse(data);
      if (!parsed.success) {
        throw new Error(`Svaret på ${method} ${url} passer ikke til sit skema: ${parsed.error.message}`);
      }
      const ventet = JSON.stringify(parsed.data);
      const skrevet = stringify(data);
      if (skrevet !== ventet && !samme(skrevet, ventet)) {
        throw new Error(
          `Den kompilerede serialisering af ${method} ${url} afviger fra skemaet: ${skrevet.slice(0, 300)} ≠ ${ventet.slice(0, 300)}`,
        );
      }
      return skrevet;
    };
  };
}

/** The same JSON value, whatever the order of object keys. */
function samme(a: string, b: string): boolean {
  const norm = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(norm)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, norm((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(norm(JSON.parse(a))) === JSON.stringify(norm(JSON.parse(b)));
}
