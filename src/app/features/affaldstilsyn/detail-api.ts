import { type QueryClient, useQuery } from '@tanstack/react-query';
import { hentSatVirksomhed, type SatVirksomhed } from '../../../contract/sat';
import { http } from '../../session/runtime';
import { satListeKeys } from './api';

/**
 * The calls of a SAT company's tiles (the frame and its tabs). Everything about one SAT company is
 * kept under ['satvirksomhed', id]: the company itself (with its result, fees and transfers), the
 * side panels' lists and the record tabs' lists, so one invalidation makes all of it stale.
 */
export const satKeys = {
  alle: ['satvirksomhed'] as const,
  sat: (id: number) => ['satvirksomhed', id] as const,
  /** A record kind's list on the company (the record tabs: sattilsyn, sathaandhaevelse, satgebyr). */
  records: (id: number, art: string) => ['satvirksomhed', id, 'records', art] as const,
};

/**
 * The SAT company (GET satvirksomhed/{id}). Loaded quietly: a 404 or 403 is shown in the tile itself
 * rather than as an error modal (a stale link is an ordinary situation).
 */
export function useSatVirksomhed(id: number) {
  return useQuery({
    queryKey: satKeys.sat(id),
    queryFn: ({ signal }) => http.call(hentSatVirksomhed, { params: { id }, signal, silent: true }),
    staleTime: 30_000,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The company's master data as typed values (the field-language shape types them loosely). */
export function satStam(sat: SatVirksomhed) {
  const v = sat as SatVirksomhed & Record<string, unknown>;
  return {
    navn: String(v.virksomhedsnavn ?? ''),
    cvrNr: (v.cvrNr as string | null) ?? null,
    pNr: (v.pNr as string | null) ?? null,
    udvalgtDato: (v.udvalgtDato as string | null) ?? null,
    deadlineDato: (v.deadlineDato as string | null) ?? null,
    erLandbrug: v.erLandbrug === true,
  };
}

/** After a change of a company or its result: the list and the periods' boards (counts, status) are stale. */
export function listeForaeldet(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: satListeKeys.liste });
  void client.invalidateQueries({ queryKey: satListeKeys.allePerioder });
}
