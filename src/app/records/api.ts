import { useQuery } from '@tanstack/react-query';
import type { AnyEndpoint } from '../../contract/endpoint';
import {
  type AnyRecord,
  type AnyRecordKind,
  kindEndpoints,
  listeParams,
  opretKald,
} from '../../contract/record-kind';
import { errorStore } from '../lib/error-store';
import { HttpError } from '../lib/http';
import { serverTekst } from '../lib/http-fejl';
import { http } from '../session/runtime';
import type { GemFejl } from '../ui/form';

/**
 * The client side of the shared record kinds (src/contract/record-kind.ts), for any owner: the query
 * key of an owner's records of a kind, the list, and the create, change and delete calls. Keys start
 * with the owner's domain (its segment): ['virksomhed', id, 'registreringer', art],
 * ['vandanlaeg', id, 'registreringer', art].
 */
export const recordKeys = {
  liste: (kind: AnyRecordKind, ejerId: number) =>
    [kind.owner.segment, ejerId, 'registreringer', kind.art] as const,
};

/** The owner's records of a kind (the kind's own GET list). */
export function useRecords(kind: AnyRecordKind, ejerId: number, enabled = true) {
  return useQuery({
    queryKey: recordKeys.liste(kind, ejerId),
    queryFn: ({ signal }) => recordApi.liste(kind, ejerId, signal),
    staleTime: 30_000,
    enabled,
  });
}

/** What a failed save means for a form: field errors (400), someone else's change (409), or the usual modal. */
export function saveFailure(err: unknown): GemFejl {
  if (err instanceof HttpError) {
    const { status, body } = err.failure;
    if (status === 400) return { kind: 'felter', body };
    if (status === 409) return { kind: 'konflikt', message: serverTekst(err, ['message']) ?? '' };
    // Everything else is reported as any failed call is (error or forbidden modal).
    errorStore.push(err.failure);
  }
  return { kind: 'andet' };
}

/** The calls of a record form; each answers 400/409 to the form itself (silent). */
export const recordApi = {
  /** `type`: the owner's path segment on 'art-type' paths (default the owner's first). */
  liste: (kind: AnyRecordKind, ejerId: number, signal?: AbortSignal, type?: string) =>
    http.call(kindEndpoints(kind).liste, {
      params: listeParams(kind, ejerId, type) as { type: string; id: number },
      signal,
    }) as Promise<AnyRecord[]>,
  opret: (kind: AnyRecordKind, ejerId: number, body: Record<string, unknown>, type?: string) =>
    // The create's path shape depends on the owner; the call is the same.
    http.call(kindEndpoints(kind).opret as AnyEndpoint, {
      ...opretKald(kind, ejerId, body, type),
      silent: true,
    }) as Promise<AnyRecord>,
  ret: (kind: AnyRecordKind, recordId: number, body: Record<string, unknown>) =>
    http.call(kindEndpoints(kind).ret, {
      params: { id: recordId },
      body,
      silent: true,
    }) as Promise<AnyRecord>,
  slet: (kind: AnyRecordKind, recordId: number, version: number) =>
    http.call(kindEndpoints(kind).slet!, {
      params: { id: recordId },
      query: { version },
      silent: true,
    }),
};
