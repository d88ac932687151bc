import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ARTER, type RegistreringArt } from '../../../contract/registreringer';
import { gemBasis, hentVirksomhed } from '../../../contract/virksomhed';
import { recordApi, saveFailure, useRecords } from '../../records/api';
import { panelerForaeldet } from '../../records/SidePanels';
import { forgetCompanyLookups } from '../../session/lookups';
import { http } from '../../session/runtime';

/** Query keys of the feature: everything about one company starts with ['virksomhed', id]. */
export const keys = {
  virksomhed: (id: number) => ['virksomhed', id] as const,
  registreringer: (id: number, art: RegistreringArt) => ['virksomhed', id, 'registreringer', art] as const,
};

/**
 * The company. Loaded quietly: a 404 or 403 is shown in the tile itself rather than as an error
 * modal (a stale link or favourite is an ordinary situation).
 */
export function useVirksomhed(id: number) {
  return useQuery({
    queryKey: keys.virksomhed(id),
    queryFn: ({ signal }) => http.call(hentVirksomhed, { params: { id }, signal, silent: true }),
    staleTime: 30_000,
  });
}

export function useRegistreringer(id: number, art: RegistreringArt, enabled = true) {
  return useRecords(ARTER[art], id, enabled);
}

/** What a failed save means for a form (shared with every record form). */
export { saveFailure };

/** After any change: the company (counts, version), its timeline and log (the automatic entry) are stale. */
export function afterChange(client: QueryClient, id: number, art?: RegistreringArt) {
  panelerForaeldet(client, keys.virksomhed(id));
  void client.invalidateQueries({ queryKey: keys.virksomhed(id), exact: true });
  if (art) void client.invalidateQueries({ queryKey: keys.registreringer(id, art) });
  if (art === 'risikovurdering') void forgetCompanyLookups(client, id);
}

/** The calls of the feature's forms; each answers 400/409 to the form itself (silent). */
export const api = {
  gemBasis: (id: number, body: Record<string, unknown>) =>
    http.call(gemBasis, { params: { id }, body, silent: true }),
  opret: recordApi.opret,
  ret: recordApi.ret,
  slet: recordApi.slet,
};
