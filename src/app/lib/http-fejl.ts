import { HttpError } from './http';

/**
 * A failed call as Danish text for the user: one place that reads the server's error answer (400
 * problem details, 403/404/409 messages, 500's FejlBesked) so that no view shows 'HTTP 409 PUT …'.
 * The texts are the error catalogue's (spec 000 §8).
 */

export const UVENTET_FEJL = 'Der opstod en uventet fejl';
export const INGEN_FORBINDELSE = 'Kunne ikke oprette forbindelse til serveren';

/**
 * Where the server puts its text: the first field message of a 400 (`felter`), `message` (403, 404,
 * 409 ...), `FejlBesked` (500), `title` (problem details).
 */
export type FejlKilde = 'felter' | 'message' | 'FejlBesked' | 'title';

export const STANDARD_KILDER: readonly FejlKilde[] = ['message', 'FejlBesked', 'title'];

const somObjekt = (body: unknown): Record<string, unknown> | undefined =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;

/** The first field message of a 400 answer's `errors` (problem details); undefined when there is none. */
export function foersteFeltBesked(body: unknown): string | undefined {
  const errors = somObjekt(somObjekt(body)?.errors);
  const v = errors ? Object.values(errors).flat()[0] : undefined;
  return v === null || v === undefined ? undefined : String(v);
}

function fraKilde(body: Record<string, unknown>, kilde: FejlKilde): unknown {
  return kilde === 'felter' ? foersteFeltBesked(body) : body[kilde];
}

/** The HTTP status of a failed call, 0 when it is no HTTP failure. */
export const httpStatus = (err: unknown): number => (err instanceof HttpError ? err.failure.status : 0);

/** True when the call got no answer at all (network down, server gone). */
export const udenSvar = (err: unknown): boolean => err instanceof HttpError && err.failure.noResponse;

/** The server's own text of a failed call: the first of `kilder` the answer carries; undefined when none. */
export function serverTekst(
  err: unknown,
  kilder: readonly FejlKilde[] = STANDARD_KILDER,
): string | undefined {
  if (!(err instanceof HttpError)) return undefined;
  const body = somObjekt(err.failure.body);
  if (!body) return undefined;
  for (const kilde of kilder) {
    const v = fraKilde(body, kilde);
    if (v !== null && v !== undefined) return String(v);
  }
  return undefined;
}

export interface FejlTekstValg {
  /** Where to look for the server's text, in order (default: message, FejlBesked, title). */
  kilder?: readonly FejlKilde[];
  /** Say 'Kunne ikke oprette forbindelse til serveren' when no answer came (default: the general text). */
  udenSvar?: boolean;
  /** For an error that is not an HTTP failure, its own message (default: the general text). */
  egenBesked?: boolean;
}

/** A failed call (or any error) as one Danish line for an inline text, a toast or a red table row. */
export function fejlTekst(err: unknown, valg: FejlTekstValg = {}): string {
  if (err instanceof HttpError) {
    if (valg.udenSvar && err.failure.noResponse) return INGEN_FORBINDELSE;
    return serverTekst(err, valg.kilder) ?? UVENTET_FEJL;
  }
  return valg.egenBesked && err instanceof Error ? err.message : UVENTET_FEJL;
}

/** What a list's query tells its table (a react-query result has all of it). */
export interface TabelHentning {
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * A list query as a DataTable's `loading`, `error` (the failure in the view's own words: `tekst`)
 * and `onRetry` (fetch again), to spread onto the table.
 */
export function tabelHentning(q: TabelHentning, tekst: (err: unknown) => string | true) {
  return {
    loading: q.isFetching,
    error: q.isError ? tekst(q.error) : null,
    onRetry: () => void q.refetch(),
  };
}

/** The part of a list's query the pane's table needs (a TanStack Query result fits). */
export interface ListeHentning {
  isSuccess: boolean;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * A list's fetch as a list pane's (ui/ListeRude) `hentet` (it succeeded) and the table's loading, error and retry
 * props; the error reads '<hvad> kunne ikke hentes: <the server's reason>' (`hvad`, e.g.
 * 'Gebyrtyperne'). Loading is the first fetch only (`isLoading`), where `tabelHentning` also
 * spins on every refetch.
 */
export function hentTilstand(q: ListeHentning, hvad: string) {
  return {
    hentet: q.isSuccess,
    loading: q.isLoading,
    error: q.isError ? `${hvad} kunne ikke hentes: ${fejlTekst(q.error, { udenSvar: true })}` : null,
    onRetry: () => void q.refetch(),
  };
}
