import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FeltFejl, problemDetails } from './errors';

/**
 * One place that refuses text PostgreSQL cannot store, for every route: U+0000 (a text or jsonb value
 * cannot hold it, so the statement failed with a 500), a UTF-16 surrogate without its partner (a
 * jsonb value refuses it; a text column silently got U+FFFD instead), and the control characters
 * XML 1.0 cannot hold (they would make a generated letter unreadable). Query, path parameters, the
 * headers the server reads and the parsed body (JSON and the sign-on form) are checked before the
 * route's own validation, and the answer is a 400 naming each field, like any validation error.
 */

export const NUL_BESKED = 'Indeholder et nul-tegn (U+0000), som ikke kan gemmes';
export const SURROGAT_BESKED = 'Indeholder et ugyldigt tegn (en enlig UTF-16-surrogat), som ikke kan gemmes';
const NOEGLE_BESKED = 'Et feltnavn indeholder et ugyldigt tegn (U+0000 eller en enlig UTF-16-surrogat)';

/** Headers the server reads as input (the bearer token). */
const INPUT_HEADERS = ['authorization'] as const;

const SURROGAT = /[\ud800-\udfff]/;
const ENLIG_SURROGAT = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Control characters outside XML 1.0's set (all C0 controls but tab, LF and CR; U+FFFE, U+FFFF): a
 * letter or export holding one is a file Word and Excel refuse to open, so no text may carry them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what is refused
const IKKE_XML_TEGN = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
export const styretegnBesked = (tegn: string) =>
  `Indeholder et styretegn (U+${tegn.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}), som ikke kan bruges i breve og eksporter`;

/** Why a text cannot be stored, or null when it can. */
export function ugyldigTekst(s: string): string | null {
  if (s.includes('\u0000')) return NUL_BESKED;
  const styretegn = IKKE_XML_TEGN.exec(s);
  if (styretegn) return styretegnBesked(styretegn[0]);
  return SURROGAT.test(s) && ENLIG_SURROGAT.test(s) ? SURROGAT_BESKED : null;
}

/**
 * Every string in a parsed value (keys too), walked without recursion so a deeply nested body cannot
 * overflow the stack. Fields are named by their dotted path below `rod`, as validation errors are.
 */
export function findUgyldigeTekster(value: unknown, rod: string): FeltFejl[] {
  const fejl: FeltFejl[] = [];
  // [value, parent path, key]: a path is only built for a container or a field in error.
  const stak: [unknown, string, string | number | null][] = [[value, '', null]];
  const sti = (forael: string, noegle: string | number | null) =>
    noegle === null ? forael : forael ? `${forael}.${noegle}` : String(noegle);
  while (stak.length > 0) {
    const [v, forael, noegle] = stak.pop()!;
    if (typeof v === 'string') {
      const besked = ugyldigTekst(v);
      if (besked) fejl.push({ field: sti(forael, noegle) || rod, message: besked });
    } else if (Array.isArray(v)) {
      const her = sti(forael, noegle);
      for (let i = v.length - 1; i >= 0; i--) stak.push([v[i], her, i]);
    } else if (v !== null && typeof v === 'object') {
      const her = sti(forael, noegle);
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!;
        if (ugyldigTekst(k)) fejl.push({ field: her || rod, message: NOEGLE_BESKED });
        else stak.push([x, her, k]);
      }
    }
  }
  return fejl;
}

function afvisUgyldigt(fejl: FeltFejl[]): void {
  if (fejl.length > 0) throw problemDetails(fejl);
}

export function registerInputGuard(app: FastifyInstance): void {
  // Before authentication too: the query, path and headers are parsed when the request arrives.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const fejl = [
      ...findUgyldigeTekster(request.query, 'querystring'),
      ...findUgyldigeTekster(request.params, 'params'),
    ];
    for (const h of INPUT_HEADERS) {
      const v = request.headers[h];
      const besked = typeof v === 'string' ? ugyldigTekst(v) : null;
      if (besked) fejl.push({ field: h, message: besked });
    }
    afvisUgyldigt(fejl);
  });
  // The body is parsed by now (JSON, or the sign-on page's form); the route's schema comes next.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    afvisUgyldigt(findUgyldigeTekster(request.body, 'body'));
  });
}

/** The longest file name kept (most file systems' limit). */
export const FILNAVN_MAKS = 255;
export const FILNAVN_FOR_LANGT = `Filnavnet er for langt: højst ${FILNAVN_MAKS} tegn`;

/**
 * A multipart text (a field's value) as the guard above checks JSON: a text it refuses is a 400 on
 * `felt`. Multipart bodies are read by the routes themselves, after the hooks have run.
 */
export function multipartTekst(felt: string, v: string): string {
  const besked = ugyldigTekst(v);
  if (besked) throw problemDetails([{ field: felt, message: besked }]);
  return v;
}

/** An uploaded file's name: trimmed, null when empty, refused (400 on `felt`) when unusable or too long. */
export function multipartFilnavn(felt: string, raa: string | undefined): string | null {
  const navn = raa?.trim() ?? '';
  if (navn === '') return null;
  multipartTekst(felt, navn);
  if (navn.length > FILNAVN_MAKS) throw problemDetails([{ field: felt, message: FILNAVN_FOR_LANGT }]);
  return navn;
}
