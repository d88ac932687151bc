import { useQuery } from '@tanstack/react-query';
import {
  type FraseAdmin,
  type FraseInput,
  gemFrase,
  hentAdminFraser,
  opretFrase,
} from '../../../contract/admin-tekster';
import { http } from '../../session/runtime';

/** The phrase library's calls. Keys start with ['frase', …], so a save also refreshes 'Indsæt frase …'. */
export const fraseAdminKeys = {
  liste: (kundeId: number) => ['frase', 'admin', kundeId] as const,
};

export function useAdminFraser(kundeId: number) {
  return useQuery({
    queryKey: fraseAdminKeys.liste(kundeId),
    queryFn: ({ signal }) => http.call(hentAdminFraser, { signal, silent: true }),
    enabled: kundeId > 0,
  });
}

export const opretFrasen = (input: FraseInput): Promise<FraseAdmin> =>
  http.call(opretFrase, { body: input, silent: true });

export const gemFrasen = (id: number, input: FraseInput, version: number): Promise<FraseAdmin> =>
  http.call(gemFrase, { params: { id }, body: { ...input, version }, silent: true });
