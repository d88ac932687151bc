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
export const forbidden = (...parts: string[]) =>
  new HttpError(403, ['Der er ikke de fornødne rettigheder til denne handling.', ...parts].join(', '));

export const unauthorized = (message = 'Du er ikke logget ind', headers?: Record<string, string>) =>
  new HttpError(401, message, undefined, headers);

export const conflict = (message: string) => new HttpError(409, message);

/** 400 as problem details with field errors, for rules zod cannot express. */
export const badRequest = (errors: Record<string, string[]>, title = 'Ugyldige data') =>
  new HttpError(400, title, { title, status: 400, errors });

/** Adds one message to a field's list in a problem-details errors object. */
export function addFieldError(errors: Record<string, string[]>, field: string, message: string): void {
  const list = errors[field] ?? [];
  list.push(message);
  errors[field] = list;
}
