import { useQuery } from '@tanstack/react-query';
import { hentVandanlaeg } from '../../../contract/vandanlaeg';
import { http } from '../../session/runtime';

/** Query keys of the plant core: everything about one plant starts with ['vandanlaeg', id]. */
export const vandanlaegKeys = {
  alle: ['vandanlaeg'] as const,
  plant: (id: number) => ['vandanlaeg', id] as const,
  liste: ['vandanlaeg', 'liste'] as const,
};

/**
 * The water plant (GET Vandanlaeg/{id}). Loaded quietly: a 404 or 403 is shown in the tile itself
 * rather than as an error modal (a stale link or favourite is an ordinary situation).
 */
export function useVandanlaeg(id: number) {
  return useQuery({
    queryKey: vandanlaegKeys.plant(id),
    queryFn: ({ signal }) => http.call(hentVandanlaeg, { params: { id }, signal, silent: true }),
    staleTime: 30_000,
    enabled: Number.isInteger(id) && id > 0,
  });
}
