import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { hentBrugOIR } from '../../../contract/fakturering';
import { RammeVenter } from '../../records/ramme';
import { http } from '../../session/runtime';
import { useShellSession } from '../../session/session-context';
import { useTile } from '../../workspace/tile-api';

export const faktureringKeys = {
  alle: ['fakturering'] as const,
  brugOIR: (kundeId: number) => ['fakturering', 'brugOIR', kundeId] as const,
};

/** The customer's economic-integration flag (Brugerbetaling/BrugOIR), cached per customer. */
export function useBrugOIR() {
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  return useQuery({
    queryKey: faktureringKeys.brugOIR(kundeId),
    queryFn: ({ signal }) => http.call(hentBrugOIR, { query: { kundeId }, signal, silent: true }),
    enabled: kundeId > 0,
    staleTime: 5 * 60_000,
  });
}

/**
 * The frame of every invoicing tab: the economic-integration flag is loaded first (spec 000 §6), then
 * published to the tile, whose tab rules show 'Fejlede overførsler' only when it is set (views.ts).
 */
export function FaktureringRamme({ children }: { children: (oekonomiIntegration: boolean) => ReactNode }) {
  const flag = useBrugOIR();
  const tile = useTile();
  useEffect(() => {
    if (flag.data !== undefined) tile.setFlags({ oekonomiIntegration: flag.data });
  }, [flag.data, tile]);
  if (flag.data === undefined)
    return (
      <RammeVenter
        idGyldigt
        henter={flag.isPending}
        fejl={flag.error}
        tekster={{
          ikkeFundet: 'Fakturering findes ikke',
          findesIkke: 'Kunden har ikke fakturering.',
          ingenLaeseret: 'Du har ikke adgang til fakturering.',
          kunneIkkeHentes: 'Faktureringen kunne ikke hentes',
        }}
        onProevIgen={() => void flag.refetch()}
      />
    );
  return <>{children(flag.data)}</>;
}
