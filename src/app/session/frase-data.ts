import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LookupItem } from '../../contract/lookups';
import { hentEmner, hentFraser } from '../../contract/notes';
import { http } from './runtime';

/**
 * The phrase subjects (shared by every customer) and the active customer's phrases, for 'Indsæt
 * frase …' and the phrase library. Keys start with ['frase', …]; the library's saves invalidate them.
 */
export const fraseKeys = {
  alle: ['frase'] as const,
  emner: ['frase', 'emner'] as const,
  fraser: (kundeId: number) => ['frase', 'liste', kundeId] as const,
};

export function useEmner(enabled = true) {
  return useQuery({
    queryKey: fraseKeys.emner,
    queryFn: ({ signal }) => http.call(hentEmner, { signal, silent: true }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

/** The subjects as lookup options, in the server's order (a form's 'Emne'). */
export function useEmneLookup(enabled = true): { data: LookupItem[] | undefined; isLoading: boolean } {
  const q = useEmner(enabled);
  const data = useMemo(
    () =>
      q.data?.map((e, i) => ({
        ...e,
        brugerId: null,
        beskrivelse: null,
        aktiv: true,
        dmaKode: true,
        prioritet: i + 1,
      })),
    [q.data],
  );
  return { data, isLoading: q.isLoading };
}

/** Every phrase of the customer (active or not; the callers filter). */
export function useKundeFraser(kundeId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: fraseKeys.fraser(kundeId ?? 0),
    queryFn: ({ signal }) => http.call(hentFraser, { params: { kundeId: kundeId! }, signal, silent: true }),
    enabled: enabled && kundeId !== undefined,
    staleTime: 60_000,
  });
}
