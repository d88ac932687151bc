import { useQuery } from '@tanstack/react-query';
import type { AnyEndpoint } from '../../contract/endpoint';
import {
  type AnyRecord,
  type AnyRecordKind,
  kindEndpoints,
  listeParams,
  opretKald,
  recordParams,
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

/** A record as the kind's answer has it, its id in `id` where the kind names it otherwise (`brugerId`). */
const somRecord = (kind: AnyRecordKind, r: AnyRecord): AnyRecord =>
  kind.idFelt ? { ...r, id: r[kind.idFelt] as number } : r;

/**
 * The records of a kind's list answer: the answer itself, or its `kind.egne.raekker` where it carries
 * more than them (the resources' planned hours without a case worker), each with its id in `id`.
 */
export function recordsAfListe(kind: AnyRecordKind, svar: unknown): AnyRecord[] {
  const raekker = (
    kind.egne?.raekker ? (svar as Record<string, unknown>)[kind.egne.raekker] : svar
  ) as AnyRecord[];
  return kind.idFelt ? raekker.map((r) => somRecord(kind, r)) : raekker;
}

/** The calls of a record form; each answers 400/409 to the form itself (silent). */
export const recordApi = {
  /** `type`: the owner's path segment on 'art-type' paths (default the owner's first). */
  liste: async (kind: AnyRecordKind, ejerId: number, signal?: AbortSignal, type?: string) => {
    const svar = await http.call(kindEndpoints(kind).liste, {
      params: listeParams(kind, ejerId, type) as { type: string; id: number },
      signal,
    });
    return recordsAfListe(kind, svar);
  },
  opret: (kind: AnyRecordKind, ejerId: number, body: Record<string, unknown>, type?: string) =>
    // The create's path shape depends on the owner; the call is the same.
    http.call(kindEndpoints(kind).opret as AnyEndpoint, {
      ...opretKald(kind, ejerId, body, type),
      silent: true,
    }) as Promise<AnyRecord>,
  /** `ejerId`: the owner, where the record's path names it too (a period's resource). */
  ret: async (kind: AnyRecordKind, recordId: number, body: Record<string, unknown>, ejerId = 0) =>
    somRecord(
      kind,
      (await http.call(kindEndpoints(kind).ret, {
        params: recordParams(kind, recordId, ejerId) as { id: number },
        body,
        silent: true,
      })) as AnyRecord,
    ),
  slet: (kind: AnyRecordKind, recordId: number, version: number, ejerId = 0) =>
    http.call(kindEndpoints(kind).slet!, {
      params: recordParams(kind, recordId, ejerId) as { id: number },
      query: { version },
      silent: true,
    }),
};
