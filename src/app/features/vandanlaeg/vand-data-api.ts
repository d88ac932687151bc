import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { hentPejlingListe } from '../../../contract/validering';
import {
  boringEndpoints,
  indtagMaengdeEndpoints,
  maengdeEndpoints,
  vandproeveEndpoints,
} from '../../../contract/vand-data';
import { panelerForaeldet } from '../../records/SidePanels';
import { http } from '../../session/runtime';

/**
 * The water data of a plant on the client: every query key starts with ['vandanlaeg', id, 'vand', …]
 * so one invalidation refreshes the tabs of the plant (after a change here, or a decision in a
 * validation queue).
 */
export const vandKeys = {
  alt: (id: number) => ['vandanlaeg', id, 'vand'] as const,
  boringer: (id: number) => ['vandanlaeg', id, 'vand', 'boringer'] as const,
  maengder: (id: number) => ['vandanlaeg', id, 'vand', 'maengder'] as const,
  aar: (id: number) => ['vandanlaeg', id, 'vand', 'aar'] as const,
  seneste: (id: number, indtagId: number | null) => ['vandanlaeg', id, 'vand', 'seneste', indtagId] as const,
  indtagMaengder: (id: number, indtagId: number) => ['vandanlaeg', id, 'vand', 'indtag', indtagId] as const,
  pejlinger: (id: number, indtagId: number) => ['vandanlaeg', id, 'vand', 'pejling', indtagId] as const,
  proever: (id: number) => ['vandanlaeg', id, 'vand', 'proever'] as const,
};

export const useBoringer = (id: number) =>
  useQuery({
    queryKey: vandKeys.boringer(id),
    queryFn: ({ signal }) => http.call(boringEndpoints.liste, { params: { anlaegId: id }, signal }),
  });

export const useMaengder = (id: number) =>
  useQuery({
    queryKey: vandKeys.maengder(id),
    queryFn: ({ signal }) => http.call(maengdeEndpoints.liste, { params: { anlaegId: id }, signal }),
  });

export const useAarsoversigt = (id: number) =>
  useQuery({
    queryKey: vandKeys.aar(id),
    queryFn: ({ signal }) => http.call(maengdeEndpoints.aarsoversigt, { params: { anlaegId: id }, signal }),
  });

export const useSeneste = (id: number, indtagId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: vandKeys.seneste(id, indtagId),
    queryFn: ({ signal }) =>
      indtagId === null
        ? http.call(maengdeEndpoints.seneste, { query: { virksomhedId: id }, signal })
        : http.call(indtagMaengdeEndpoints.seneste, { query: { indtagId }, signal }),
    enabled,
  });

export const useIndtagMaengder = (id: number, indtagId: number | null) =>
  useQuery({
    queryKey: vandKeys.indtagMaengder(id, indtagId ?? 0),
    queryFn: ({ signal }) =>
      http.call(indtagMaengdeEndpoints.liste, { params: { id: indtagId ?? 0 }, signal }),
    enabled: indtagId !== null,
  });

export const usePejlinger = (id: number, indtagId: number | null) =>
  useQuery({
    queryKey: vandKeys.pejlinger(id, indtagId ?? 0),
    queryFn: ({ signal }) =>
      http.call(hentPejlingListe, { query: { AnonymId: indtagId ?? 0, start: 0, take: 10_000 }, signal }),
    enabled: indtagId !== null,
  });

export const useVandproever = (id: number) =>
  useQuery({
    queryKey: vandKeys.proever(id),
    queryFn: ({ signal }) => http.call(vandproeveEndpoints.liste, { params: { anlaegId: id }, signal }),
  });

/** After any change of the plant's water data: its lists, and the plant (log, counts). */
export function efterAendring(client: QueryClient, id: number) {
  void client.invalidateQueries({ queryKey: vandKeys.alt(id) });
  void client.invalidateQueries({ queryKey: ['vandanlaeg', id], exact: true });
  void client.invalidateQueries({ queryKey: ['validering'] });
  // The open timeline and log show the change's entry at once.
  panelerForaeldet(client, ['vandanlaeg', id]);
}

/**
 * A decision in a validation queue (this user's or, through the queue's event stream, another's)
 * invalidates the queue's queries ['validering', …]: the plant's water data follow, so the tab shows
 * the new state without a reload. Listens to the query cache rather than importing the queue.
 */
export function useFoelgValidering(id: number): void {
  const client = useQueryClient();
  useEffect(() => {
    let planlagt = false;
    return client.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated' || e.action.type !== 'invalidate') return;
      if (e.query.queryKey[0] !== 'validering' || planlagt) return;
      planlagt = true;
      queueMicrotask(() => {
        planlagt = false;
        void client.invalidateQueries({ queryKey: vandKeys.alt(id) });
      });
    });
  }, [client, id]);
}

/** The props of an intake's list (quantities, readings) below the borehole. */
export interface IndtagListeProps {
  anlaegId: number;
  indtagId: number;
  kanRette: boolean;
  /** An entry to open (from a validation queue). */
  fokusId: number | null;
}

/**
 * The chosen entry of an intake's list (an id, 'ny' for a new one, or none): the validation queue's
 * entry is chosen once, when it is in the list.
 */
export function useValgtMedFokus(fokusId: number | null, rows: readonly { id: number }[] | undefined) {
  const [valgt, setValgt] = useState<number | 'ny' | null>(null);
  const anvendt = useRef<number | null>(null);
  useEffect(() => {
    if (fokusId === null || anvendt.current === fokusId || !rows?.some((r) => r.id === fokusId)) return;
    anvendt.current = fokusId;
    setValgt(fokusId);
  }, [fokusId, rows]);
  return [valgt, setValgt] as const;
}
