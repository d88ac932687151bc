import { useQuery } from '@tanstack/react-query';
import { hentProevepunkter, type Proevepunkt, type Visningssted } from '../../../contract/minimap';
import { minimapKeys } from '../../session/koordinater-links';
import { http } from '../../session/runtime';

/**
 * The map links' own call beside their record kind (MINIMAPKOBLING): the records to test a link on.
 * Keys under ['minimap'].
 */
const proevepunktKey = (visningssted: Visningssted, soeg: string) =>
  [...minimapKeys.alle, 'proevepunkter', visningssted, soeg] as const;

/** Records with a coordinate to test a link on, by name. */
export function useProevepunkter(visningssted: Visningssted, soeg: string) {
  return useQuery<Proevepunkt[]>({
    queryKey: proevepunktKey(visningssted, soeg),
    queryFn: ({ signal }) =>
      http.call(hentProevepunkter, {
        query: { visningssted, ...(soeg ? { soeg } : {}) },
        signal,
        silent: true,
      }),
    staleTime: 60_000,
  });
}
