import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  hentJupiterStatus,
  type IndberetSvar,
  indberetTilJupiter,
  type JupiterKlar,
  type JupiterKlarInput,
  jupiterKlar,
} from '../../../contract/jupiter';
import type { Vandanlaeg } from '../../../contract/vandanlaeg';
import { http } from '../../session/runtime';
import { toast } from '../../ui/toast';
import type { TileCommand } from '../../workspace/tile-api';

/** Query keys of Jupiter: below the plant's, so a change of the plant refreshes them too. */
export const jupiterKeys = {
  status: (id: number) => ['vandanlaeg', id, 'jupiter', 'status'] as const,
};

/** The latest report and the history (GET vandanlaeg/{id}/jupiter/status). */
export function useJupiterStatus(id: number) {
  return useQuery({
    queryKey: jupiterKeys.status(id),
    queryFn: ({ signal }) => http.call(hentJupiterStatus, { params: { id }, signal, silent: true }),
    staleTime: 30_000,
  });
}

/** What Jupiter-klar reads of a plant: its basis and coordinate, or the form's unsaved values over them. */
export function klarInput(
  plant: Pick<Vandanlaeg, 'basis' | 'koordinat'>,
  kladde?: JupiterKlarInput,
): JupiterKlarInput {
  return {
    basis: { ...plant.basis, ...(kladde?.basis ?? {}) },
    koordinat: kladde && 'koordinat' in kladde ? kladde.koordinat : plant.koordinat,
  };
}

/** Jupiter-klar of a plant, computed here with the server's own function (src/contract/jupiter.ts). */
export function useJupiterKlar(
  plant: Pick<Vandanlaeg, 'basis' | 'koordinat'>,
  kladde?: JupiterKlarInput,
): JupiterKlar {
  return useMemo(() => jupiterKlar(klarInput(plant, kladde)), [plant, kladde]);
}

/** Why 'Indberet til Jupiter' cannot run now, or null when it can. */
export function indberetSpaerret(o: {
  kanRette: boolean;
  klar: JupiterKlar;
  ikkeGemt?: boolean;
}): string | null {
  if (!o.kanRette) return 'Du har kun læseadgang til vandanlæg.';
  if (o.ikkeGemt) return 'Gem ændringerne, før du indberetter.';
  if (!o.klar.klar) {
    const n = o.klar.mangler.length;
    return n === 1
      ? '1 Jupiter-felt mangler eller er ugyldigt.'
      : `${n} Jupiter-felter mangler eller er ugyldige.`;
  }
  return null;
}

/** POST vandanlaeg/{id}/jupiter/indberet with the plant's version; refreshes the plant and its status. */
export function useIndberet(plant: Pick<Vandanlaeg, 'id' | 'version'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.call(indberetTilJupiter, {
        params: { id: plant.id },
        body: { version: plant.version },
        silent: true,
      }),
    onSuccess: (svar: IndberetSvar) => {
      queryClient.setQueryData(jupiterKeys.status(plant.id), (gammel: unknown) => {
        const g = gammel as { historik?: IndberetSvar['indberetning'][] } | undefined;
        return { seneste: svar.indberetning, historik: [svar.indberetning, ...(g?.historik ?? [])] };
      });
      void queryClient.invalidateQueries({ queryKey: ['vandanlaeg', plant.id] });
      void queryClient.invalidateQueries({ queryKey: ['vandanlaeg', 'liste'] });
      if (svar.indberetning.jupiterIndberetningsFejlStatus === 'OK')
        toast.success('Vandanlægget er indberettet til Jupiter');
      else
        toast.error(
          `Jupiter afviste indberetningen: ${svar.indberetning.jupiterIndberetningsFejlTypeText ?? 'ukendt fejl'}`,
        );
    },
  });
}

/**
 * The tile command 'Indberet til Jupiter', for the tab that shows the panel to add to its own
 * commands (useFrameCommands holds one list per tab).
 */
export function jupiterKommando(o: { spaerret: string | null; indberet(): void }): TileCommand {
  return {
    id: 'jupiter-indberet',
    label: 'Indberet til Jupiter',
    keywords: ['jupiter', 'indberet', 'geus'],
    disabled: o.spaerret !== null,
    run: o.indberet,
  };
}
