import { useQuery } from '@tanstack/react-query';
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

/** Every phrase of the customer (active or not; the callers filter). */
export function useKundeFraser(kundeId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: fraseKeys.fraser(kundeId ?? 0),
    queryFn: ({ signal }) => http.call(hentFraser, { params: { kundeId: kundeId! }, signal, silent: true }),
    enabled: enabled && kundeId !== undefined,
    staleTime: 60_000,
  });
}
