import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { type LookupItem, lookupListeSchema, lookupPath } from '../../contract/lookups';
import { tilsynKonklusionListeSchema } from '../../contract/notes';
import { http } from '../session/runtime';

/**
 * Lookups for forms (spec 001 §3/§9): cached for the session and refetched only when the cached list
 * is empty or a refresh is forced. Query keys start with 'lookup' and carry the path in lower case
 * (the API matches paths case-insensitively), so every form shares one copy of each list.
 */
export const lookupKey = (path: string) => ['lookup', path.toLowerCase()] as const;

/** Infinity while the list has items; an empty list counts as stale, so the next use fetches again. */
const staleUnlessEmpty = (q: { state: { data: unknown } }) =>
  Array.isArray(q.state.data) && q.state.data.length > 0 ? Infinity : 0;

const lookupQuery = <T>(path: string, schema: z.ZodType<T[]>, enabled = true) => ({
  queryKey: lookupKey(path),
  queryFn: ({ signal }: { signal: AbortSignal }) => http.get(path, { schema, signal }),
  staleTime: staleUnlessEmpty,
  gcTime: Infinity,
  enabled,
});

/** A fixed lookup list by its API path, e.g. 'dmalookup/tilsynsTyper' or 'dyretype/list'. */
export function useLookup(path: string | null | undefined) {
  return useQuery(lookupQuery<LookupItem>(path ?? 'ingen', lookupListeSchema, !!path));
}

/** Forces every cached lookup (or one) to be fetched again. */
export function useRefreshLookups() {
  const client = useQueryClient();
  return useCallback((path?: string) => refreshLookups(client, path), [client]);
}
export function refreshLookups(client: QueryClient, path?: string) {
  return client.invalidateQueries({ queryKey: path ? lookupKey(path) : ['lookup'] });
}

const sagsbehandlerListeSchema = z.array(z.looseObject({ brugerId: z.number(), navn: z.string() }));
export type SagsbehandlerType = 'Virksomhed' | 'Landbrug' | 'Vandanlaeg' | 'Virksomhedlandbrug';

/** The customer's case workers for a kind of entity (GET sagsbehandler/list/{kundeId}?type=), as lookup options. */
export function useSagsbehandlere(kundeId: number | null | undefined, type: SagsbehandlerType) {
  const path = `sagsbehandler/list/${kundeId}?type=${type}`;
  return useQuery({
    queryKey: lookupKey(path),
    queryFn: ({ signal }) =>
      http.get(`sagsbehandler/list/${kundeId}`, {
        query: { type },
        schema: sagsbehandlerListeSchema,
        signal,
      }),
    select: (rows): LookupItem[] =>
      rows.map((r, i) => ({
        id: r.brugerId,
        brugerId: r.brugerId,
        kode: String(r.brugerId),
        navn: r.navn,
        beskrivelse: null,
        prioritet: i + 1,
        dmaKode: true,
        aktiv: true,
      })),
    staleTime: staleUnlessEmpty,
    gcTime: Infinity,
    enabled: !!kundeId,
  });
}

/** The customer's inspection conclusions (GET tilsyn/tilsynKonklusion/{kundeId}), as lookup options. */
export function useTilsynKonklusioner(kundeId: number | null | undefined) {
  const path = `tilsyn/tilsynKonklusion/${kundeId}`;
  return useQuery({
    queryKey: lookupKey(path),
    queryFn: ({ signal }) => http.get(path, { schema: tilsynKonklusionListeSchema, signal }),
    select: (rows): LookupItem[] =>
      rows.map((r, i) => ({ ...r, brugerId: null, beskrivelse: null, prioritet: i + 1, dmaKode: true })),
    staleTime: staleUnlessEmpty,
    gcTime: Infinity,
    enabled: !!kundeId,
  });
}

/**
 * Lookups that belong to one company: its risk assessments and its time-registration categories.
 * Their keys carry the company id; a change to the company's records invalidates them.
 */
export function useRisikovurderingLookup(virksomhedId: number | null | undefined) {
  return useLookup(virksomhedId ? lookupPath.risikovurderinger(virksomhedId) : null);
}

export function useTidsregistreringsKategorier(virksomhedId: number | null | undefined) {
  const path = `${lookupPath.tidsregistreringVirksomhed}?virksomhedid=${virksomhedId}`;
  return useQuery({
    queryKey: lookupKey(path),
    queryFn: ({ signal }) =>
      http.get(lookupPath.tidsregistreringVirksomhed, {
        query: { virksomhedid: virksomhedId },
        schema: lookupListeSchema,
        signal,
      }),
    staleTime: staleUnlessEmpty,
    gcTime: Infinity,
    enabled: !!virksomhedId,
  });
}

/** Drops the cached lookups of one company (after its risk assessments changed). */
export function forgetCompanyLookups(client: QueryClient, virksomhedId: number) {
  return client.invalidateQueries({ queryKey: lookupKey(lookupPath.risikovurderinger(virksomhedId)) });
}
