import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  hentJupiterKlar,
  hentJupiterStatus,
  type IndberetSvar,
  indberetTilJupiter,
  type JupiterIndhold,
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
  klar: (id: number) => ['vandanlaeg', id, 'jupiter', 'klar'] as const,
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

/** What only the server checks: the boreholes' DGU numbers and the permit in force (the form has neither). */
const KUN_SERVEREN: ReadonlySet<string> = new Set(['boringer', 'tilladelser']);

/**
 * The form's Jupiter-klar with what only the server's check of the saved plant can find: the
 * boreholes and the permits, and a coordinate outside Denmark's shape (the form knows only the box)
 * while the form still holds the saved coordinate.
 */
export function fletKlar(
  lokal: JupiterKlar,
  server: JupiterKlar | undefined,
  gemtKoordinat: boolean,
): JupiterKlar {
  if (!server) return lokal;
  const lokalKoordinat = lokal.mangler.some((m) => m.felt === 'koordinat');
  const ekstra = server.mangler.filter(
    (m) => KUN_SERVEREN.has(m.felt) || (m.felt === 'koordinat' && gemtKoordinat && !lokalKoordinat),
  );
  const mangler = [...lokal.mangler, ...ekstra];
  return { klar: mangler.length === 0, mangler };
}

/**
 * Jupiter-klar of a plant: computed here with the server's own function (src/contract/jupiter.ts)
 * as the form is typed, merged with the server's answer for the saved plant (fletKlar).
 */
export function useJupiterKlar(
  plant: Pick<Vandanlaeg, 'id' | 'basis' | 'koordinat'>,
  kladde?: JupiterKlarInput,
): JupiterKlar & { indhold?: JupiterIndhold } {
  const server = useQuery({
    queryKey: jupiterKeys.klar(plant.id),
    queryFn: ({ signal }) => http.call(hentJupiterKlar, { params: { id: plant.id }, signal, silent: true }),
  });
  return useMemo(() => {
    const input = klarInput(plant, kladde);
    const gemt =
      (input.koordinat?.x ?? null) === (plant.koordinat?.x ?? null) &&
      (input.koordinat?.y ?? null) === (plant.koordinat?.y ?? null);
    const klar = fletKlar(jupiterKlar(input), server.data, gemt);
    // What a report would send (the saved plant's count), while the server finds it ready.
    return server.data?.indhold ? { ...klar, indhold: server.data.indhold } : klar;
  }, [plant, kladde, server.data]);
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
