import { formatDatoTid } from '../lib/dates';
import type { HttpFailure } from '../lib/http';
import { INGEN_FORBINDELSE, UVENTET_FEJL } from '../lib/http-fejl';

/** Texts of the error catalogue (spec 000 §8), verbatim. */
export const FORBIDDEN_HEADER = 'Der er ikke de fornødne rettigheder til denne handling.';
export const ERROR_TEXTS = {
  noResponse: INGEN_FORBINDELSE,
  unauthorized: 'Der er ikke de fornødne rettigheder til denne handling.',
  serverError: 'Der opstod en uventet fejl, prøv igen. Kontakt support hvis problemet fortsætter.',
  other: UVENTET_FEJL,
} as const;
/** A message/detail longer than this starts collapsed (spec 000 §9). */
export const DETAIL_COLLAPSE_LENGTH = 75;

/** The technical detail only SYSTEM_ADMIN sees. */
export interface ErrorDetails {
  /** 'Vis message/detail': the body's message (or problem-details detail). */
  message?: { text: string; collapsed: boolean };
  /** 'Vis stacktrace'. */
  stackTrace?: string;
  /** A 400 with a title: the title plus the errors object. */
  problem?: { title: string; errors: unknown };
}

export type ErrorModalContent =
  | { kind: 'forbidden'; title: string; lines: string[] }
  | { kind: 'error'; title: string; text: string; details: ErrorDetails | null };

const asRecord = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * What the error overlays show for a failed call (spec 000 §8). 403 is the forbidden modal with the
 * message split on ', ' into lines; everything else the error modal titled 'Fejl - ' + timestamp.
 */
export function errorModalContent(failure: HttpFailure, opts: { isSystemAdmin: boolean }): ErrorModalContent {
  const body = asRecord(failure.body);

  if (failure.status === 403 && !failure.noResponse) {
    const lines = (text(body.message) ?? '')
      .split(', ')
      .map((line) => line.trim())
      // The server's message starts with the header itself; it is shown once, as the header.
      .filter((line) => line !== '' && line !== FORBIDDEN_HEADER && `${line}.` !== FORBIDDEN_HEADER);
    return { kind: 'forbidden', title: FORBIDDEN_HEADER, lines };
  }

  let message: string;
  if (failure.noResponse) message = ERROR_TEXTS.noResponse;
  else if (failure.status === 401) message = ERROR_TEXTS.unauthorized;
  else if (failure.status === 500) message = text(body.FejlBesked) ?? ERROR_TEXTS.serverError;
  else message = ERROR_TEXTS.other;

  return {
    kind: 'error',
    title: `Fejl - ${formatDatoTid(failure.at)}`,
    text: message,
    details: opts.isSystemAdmin ? adminDetails(failure, body) : null,
  };
}

function adminDetails(failure: HttpFailure, body: Record<string, unknown>): ErrorDetails | null {
  const details: ErrorDetails = {};
  const detail =
    text(body.message) ??
    text(body.detail) ??
    (typeof failure.body === 'string' ? text(failure.body) : undefined);
  if (detail) details.message = { text: detail, collapsed: detail.length > DETAIL_COLLAPSE_LENGTH };
  const stackTrace = text(body.stackTrace);
  if (stackTrace) details.stackTrace = stackTrace;
  const title = text(body.title);
  if (failure.status === 400 && title) details.problem = { title, errors: body.errors ?? {} };
  return Object.keys(details).length > 0 ? details : null;
}

/** The error modal is not shown on the login routes (spec 000 §8). */
export function errorModalSuppressed(pathname: string): boolean {
  const first = pathname.split('?')[0]?.replace(/\/+$/, '').toLowerCase();
  return first === '/login' || first === '/swecologin';
}
