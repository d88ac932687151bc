import { formatHeltal } from '../../contract/format';

/** Errors a handler throws; the error handler turns each into the answer DESIGN.md describes. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Ressourcen') => new HttpError(404, `${what} blev ikke fundet`);

/** 403: the message's parts are joined by ', ' so the client can show them as separate lines. */
const FORBIDDEN_TEKST = 'Der er ikke de fornødne rettigheder til denne handling.';
export const forbidden = (...parts: string[]) =>
  new HttpError(
    403,
    // The header ends its sentence only when nothing follows it ('handling, Kræver …', never 'handling., ').
    [parts.length > 0 ? FORBIDDEN_TEKST.slice(0, -1) : FORBIDDEN_TEKST, ...parts].join(', '),
  );

export const unauthorized = (message = 'Du er ikke logget ind', headers?: Record<string, string>) =>
  new HttpError(401, message, undefined, headers);

export const conflict = (message: string) => new HttpError(409, message);

/**
 * 502 (an external system refused) or 504 (it did not answer in time) as problem details: the Danish
 * title says what happened and what the user can do.
 */
export const eksternFejl = (status: 502 | 504, title: string) =>
  new HttpError(status, title, { title, status });

/** One message about one field of a request. */
export interface FeltFejl {
  field: string;
  message: string;
}

/** A 400 answer stays small however bad the request: this many fields, messages and characters. */
export const MAKS_FELTER = 20;
export const MAKS_BESKEDER_PR_FELT = 5;
export const MAKS_TEGN = 300;
/** The field under which the note about the fields left out is given. */
export const OEVRIGE_FELT = 'øvrige';

const kort = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * The errors object of a 400: at most MAKS_FELTER fields (then a note under 'øvrige' saying how many
 * more have errors), at most MAKS_BESKEDER_PR_FELT distinct messages per field, each message and field
 * name cut to MAKS_TEGN characters. A body of 100,000 bad entries answers a few hundred bytes.
 */
export function formatProblemErrors(fejl: Iterable<FeltFejl>): Record<string, string[]> {
  const felter = new Map<string, Set<string>>();
  const udeladte = new Set<string>();
  for (const { field, message } of fejl) {
    const navn = kort(field, MAKS_TEGN);
    let beskeder = felter.get(navn);
    if (!beskeder) {
      if (felter.size >= MAKS_FELTER) {
        udeladte.add(navn);
        continue;
      }
      beskeder = new Set();
      felter.set(navn, beskeder);
    }
    if (beskeder.size < MAKS_BESKEDER_PR_FELT) beskeder.add(kort(message, MAKS_TEGN));
  }
  const errors = Object.fromEntries([...felter].map(([navn, beskeder]) => [navn, [...beskeder]]));
  if (udeladte.size > 0) {
    const n = udeladte.size;
    errors[OEVRIGE_FELT] = [
      `${n === 1 ? 'Ét felt mere har' : `${formatHeltal(n)} felter mere har`} fejl; flere fejl vises ikke`,
    ];
  }
  return errors;
}

/** 400 as problem details from a list of field errors, capped as above. */
export const problemDetails = (fejl: Iterable<FeltFejl>, title = 'Ugyldige data') =>
  new HttpError(400, title, { title, status: 400, errors: formatProblemErrors(fejl) });

/** 400 as problem details with field errors, for rules zod cannot express. */
export const badRequest = (errors: Record<string, string[]>, title = 'Ugyldige data') =>
  problemDetails(
    Object.entries(errors).flatMap(([field, messages]) => messages.map((message) => ({ field, message }))),
    title,
  );

/** Adds one message to a field's list in a problem-details errors object. */
export function addFieldError(errors: Record<string, string[]>, field: string, message: string): void {
  const list = errors[field] ?? [];
  list.push(message);
  errors[field] = list;
}
