import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  hentDmaStatus,
  hentJupiterStatusListe,
  hentOpfoelgning,
  type OpfoelgningQuery,
} from '../../../contract/frister';
import { http } from '../../session/runtime';

export const fristerKeys = {
  alle: ['frister'] as const,
  opfoelgning: (q: OpfoelgningQuery) => ['frister', 'opfoelgning', q] as const,
  dma: ['frister', 'dmastatus'] as const,
  jupiter: ['frister', 'jupiterstatus'] as const,
};

export function useOpfoelgning(query: OpfoelgningQuery) {
  return useQuery({
    queryKey: fristerKeys.opfoelgning(query),
    queryFn: ({ signal }) => http.call(hentOpfoelgning, { query, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useDmaStatus() {
  return useQuery({
    queryKey: fristerKeys.dma,
    queryFn: ({ signal }) => http.call(hentDmaStatus, { signal, silent: true }),
  });
}

export function useJupiterStatus() {
  return useQuery({
    queryKey: fristerKeys.jupiter,
    queryFn: ({ signal }) => http.call(hentJupiterStatusListe, { signal, silent: true }),
  });
}
