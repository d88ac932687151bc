import { useQuery } from '@tanstack/react-query';
import {
  gemMinimapKobling,
  hentMinimapUrls,
  hentProevepunkter,
  type MinimapKobling,
  type MinimapKoblingInput,
  opretMinimapKobling,
  type Proevepunkt,
  sletMinimapKobling,
  type Visningssted,
} from '../../../contract/minimap';
import { minimapKeys } from '../../session/koordinater-links';
import { http } from '../../session/runtime';

/** The admin's calls for map links; keys under ['minimap'] so the tiles' link lists follow a change. */
export const minimapAdminKeys = {
  alle: (kundeId: number) => [...minimapKeys.alle, 'alle', kundeId] as const,
  proevepunkter: (visningssted: Visningssted, soeg: string) =>
    [...minimapKeys.alle, 'proevepunkter', visningssted, soeg] as const,
};

/** Every link of the customer, active or not (GET minimaps/minimapurl/{kundeId}). */
export function useMinimapKoblinger(kundeId: number) {
  return useQuery<MinimapKobling[]>({
    queryKey: minimapAdminKeys.alle(kundeId),
    queryFn: ({ signal }) => http.call(hentMinimapUrls, { params: { kundeId }, signal, silent: true }),
    enabled: kundeId > 0,
  });
}

/** Records with a coordinate to test a link on, by name. */
export function useProevepunkter(visningssted: Visningssted, soeg: string) {
  return useQuery<Proevepunkt[]>({
    queryKey: minimapAdminKeys.proevepunkter(visningssted, soeg),
    queryFn: ({ signal }) =>
      http.call(hentProevepunkter, {
        query: { visningssted, ...(soeg ? { soeg } : {}) },
        signal,
        silent: true,
      }),
    staleTime: 60_000,
  });
}

export const opretKobling = (input: MinimapKoblingInput): Promise<MinimapKobling> =>
  http.call(opretMinimapKobling, { body: input, silent: true });

export const gemKobling = (
  id: number,
  input: MinimapKoblingInput,
  version: number,
): Promise<MinimapKobling> =>
  http.call(gemMinimapKobling, { params: { id }, body: { ...input, version }, silent: true });

export const sletKobling = (id: number, version: number): Promise<void> =>
  http.call(sletMinimapKobling, { params: { id }, query: { version }, silent: true }) as Promise<void>;
