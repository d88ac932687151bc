import { useQuery } from '@tanstack/react-query';
import { hentMinimapsForVisningssted, type MinimapKobling, type Visningssted } from '../../contract/minimap';
import { http } from './runtime';

/** Query keys of the map links; the admin view invalidates ['minimap'] after a change. */
export const minimapKeys = {
  alle: ['minimap'] as const,
  forVisningssted: (kundeId: number, visningssted: Visningssted) =>
    ['minimap', 'forvisningssted', kundeId, visningssted] as const,
};

/** The customer's active map links for a display location (GET minimaps/forvisningssted). */
export function useMinimapLinks(kundeId: number, visningssted: Visningssted) {
  return useQuery<MinimapKobling[]>({
    queryKey: minimapKeys.forVisningssted(kundeId, visningssted),
    queryFn: ({ signal }) =>
      http.call(hentMinimapsForVisningssted, {
        params: { kundeId },
        query: { visningssted },
        signal,
        silent: true,
      }),
    enabled: kundeId > 0,
    staleTime: 5 * 60_000,
  });
}
