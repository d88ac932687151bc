import { type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  fastLookup,
  hentRisikovurderingLookup,
  hentTidsregistreringsKategorier,
  type LookupItem,
  lookupPath,
} from '../../contract/lookups';
import { hentTilsynKonklusioner, type TilsynKonklusion } from '../../contract/notes';
import { hentGebyrTypeLookup, hentTilsynsperiodeLookup } from '../../contract/sat';
import {
  hentSagsbehandlere,
  type SAGSBEHANDLER_TYPER,
  type Sagsbehandler,
} from '../../contract/virksomhed-liste';
import { http } from './runtime';

/**
 * Lookups for forms (spec 000: "Lookups are cached and refetched only when empty or forced"; spec
 * 001 §3/§9). This module is the one cache policy: every lookup the client fetches goes through
 * `lookupQuery`, so each list is fetched once per session, fetched again only when the cached list
 * is empty, and when a refresh is forced (`refreshLookups`). Query keys start with 'lookup' and carry
 * the path in lower case (the API matches paths case-insensitively), so every form shares one copy.
 */
export const lookupKey = (path: string) => ['lookup', path.toLowerCase()] as const;

/** Infinity while the list has items; an empty list counts as stale, so the next use fetches again. */
const staleUnlessEmpty = (q: { state: { data: unknown } }) =>
  Array.isArray(q.state.data) && q.state.data.length > 0 ? Infinity : 0;

/** The lookup cache policy as TanStack Query options: kept for the session, never refetched by itself. */
export const LOOKUP_POLITIK = {
  staleTime: staleUnlessEmpty,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/**
 * The query options of one lookup under the policy: its key (the path), how it is fetched, and
 * optionally how its rows become lookup items. Disabled while a needed id is missing.
 */
export function lookupQuery<T, R = T[]>(o: {
  path: string;
  hent: (signal: AbortSignal) => Promise<T[]>;
  enabled?: boolean;
  select?: (rows: T[]) => R;
}) {
  return {
    queryKey: lookupKey(o.path) as QueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => o.hent(signal),
    ...(o.select ? { select: o.select } : {}),
    ...LOOKUP_POLITIK,
    enabled: o.enabled ?? true,
  };
}

/** A fixed lookup list by its API path, as query options (for useQuery/useQueries). */
export const lookupListeQuery = (path: string, enabled = true) =>
  lookupQuery<LookupItem>({
    path,
    hent: (signal) => http.call(fastLookup(path), { signal }),
    enabled,
  });

/** A fixed lookup list by its API path, e.g. 'dmalookup/tilsynsTyper' or 'dyretype/list'. */
export function useLookup(path: string | null | undefined) {
  return useQuery(lookupListeQuery(path ?? 'ingen', !!path));
}

/** Forces every cached lookup (or one) to be fetched again. */
export function useRefreshLookups() {
  const client = useQueryClient();
  return useCallback((path?: string) => refreshLookups(client, path), [client]);
}
export function refreshLookups(client: QueryClient, path?: string) {
  return client.invalidateQueries({ queryKey: path ? lookupKey(path) : ['lookup'] });
}

export type SagsbehandlerType = (typeof SAGSBEHANDLER_TYPER)[number];

/** Rows of a list that is not lookup-item shaped, as lookup items in the server's order. */
const somLookupItems =
  <T>(item: (r: T) => Omit<LookupItem, 'prioritet'>) =>
  (rows: T[]): LookupItem[] =>
    rows.map((r, i) => ({ ...item(r), prioritet: i + 1 }));

/** The customer's case workers for a kind of entity (GET sagsbehandler/list/{kundeId}?type=), as lookup options. */
export function useSagsbehandlere(kundeId: number | null | undefined, type: SagsbehandlerType) {
  return useQuery(
    lookupQuery({
      path: `sagsbehandler/list/${kundeId}?type=${type}`,
      hent: (signal) =>
        http.call(hentSagsbehandlere, { params: { kundeId: kundeId ?? 0 }, query: { type }, signal }),
      select: somLookupItems<Sagsbehandler>((r) => ({
        id: r.brugerId,
        brugerId: r.brugerId,
        kode: String(r.brugerId),
        navn: r.navn,
        beskrivelse: null,
        dmaKode: true,
        aktiv: true,
      })),
      enabled: !!kundeId,
    }),
  );
}

/** The customer's inspection conclusions (GET tilsyn/tilsynKonklusion/{kundeId}), as lookup options. */
export function useTilsynKonklusioner(kundeId: number | null | undefined) {
  return useQuery(
    lookupQuery({
      path: `tilsyn/tilsynKonklusion/${kundeId}`,
      hent: (signal) => http.call(hentTilsynKonklusioner, { params: { id: kundeId ?? 0 }, signal }),
      select: somLookupItems<TilsynKonklusion>((r) => ({
        ...r,
        brugerId: null,
        beskrivelse: null,
        dmaKode: true,
      })),
      enabled: !!kundeId,
    }),
  );
}

/**
 * Lookups that belong to one company: its risk assessments and its time-registration categories.
 * Their keys carry the company id; a change to the company's records invalidates them.
 */
export function useRisikovurderingLookup(virksomhedId: number | null | undefined) {
  return useQuery(
    lookupQuery({
      path: lookupPath.risikovurderinger(virksomhedId ?? 0),
      hent: (signal) =>
        http.call(hentRisikovurderingLookup, { params: { virksomhedId: virksomhedId ?? 0 }, signal }),
      enabled: !!virksomhedId,
    }),
  );
}

export function useTidsregistreringsKategorier(virksomhedId: number | null | undefined) {
  return useQuery(
    lookupQuery({
      path: `${lookupPath.tidsregistreringVirksomhed}?virksomhedid=${virksomhedId}`,
      hent: (signal) =>
        http.call(hentTidsregistreringsKategorier, { query: { virksomhedid: virksomhedId ?? 0 }, signal }),
      enabled: !!virksomhedId,
    }),
  );
}

/** Drops the cached lookups of one company (after its risk assessments changed). */
export function forgetCompanyLookups(client: QueryClient, virksomhedId: number) {
  return client.invalidateQueries({ queryKey: lookupKey(lookupPath.risikovurderinger(virksomhedId)) });
}

/** The customer's SAT inspection periods (GET SATTilsynsperiode/tilsynsperiodelookup/{kundeId}), newest first. */
export function useSatTilsynsperiodeLookup(kundeId: number | null | undefined) {
  return useQuery(
    lookupQuery({
      path: `SATTilsynsperiode/tilsynsperiodelookup/${kundeId}`,
      hent: (signal) => http.call(hentTilsynsperiodeLookup, { params: { kundeId: kundeId ?? 0 }, signal }),
      enabled: !!kundeId,
    }),
  );
}

/**
 * The customer's SAT fee types valid on a date (GET satgebyrtype/lookup/{kundeId}?date): lookup items
 * with the type's kind and rate in øre. One cached list per date; disabled without a date.
 */
export const satGebyrTypeQuery = (kundeId: number | null | undefined, dato: string | null | undefined) => {
  const date = dato ? dato.slice(0, 10) : '';
  return lookupQuery({
    path: `satgebyrtype/lookup/${kundeId}?date=${date}`,
    hent: (signal) =>
      http.call(hentGebyrTypeLookup, { params: { kundeId: kundeId ?? 0 }, query: { date }, signal }),
    enabled: !!kundeId && /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
};
export function useSatGebyrTypeLookup(kundeId: number | null | undefined, dato: string | null | undefined) {
  return useQuery(satGebyrTypeQuery(kundeId, dato));
}
