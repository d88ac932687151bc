import { type QueryClient, useQuery } from '@tanstack/react-query';
import { detailPath, virksomhedEllerLandbrug } from '../../../contract/entitet';
import {
  adHocOpgaveListeSchema,
  adHocOpgaveSchema,
  notatListeSchema,
  notatSchema,
} from '../../../contract/notes';
import {
  ARTER,
  anyRegistreringListeSchema,
  anyRegistreringSchema,
  type Registrering,
  type RegistreringArt,
} from '../../../contract/registreringer';
import {
  kontaktpersonSchema,
  tidslinjeSchema,
  type Virksomhed,
  virksomhedSchema,
} from '../../../contract/virksomhed';
import { errorStore } from '../../lib/error-store';
import { HttpError } from '../../lib/http';
import { serverTekst } from '../../lib/http-fejl';
import { forgetCompanyLookups } from '../../lib/lookups';
import { http } from '../../session/runtime';

/** Query keys of the feature: everything about one company starts with ['virksomhed', id]. */
export const keys = {
  virksomhed: (id: number) => ['virksomhed', id] as const,
  registreringer: (id: number, art: RegistreringArt) => ['virksomhed', id, 'registreringer', art] as const,
  tidslinje: (id: number) => ['virksomhed', id, 'tidslinje'] as const,
  logbog: (id: number) => ['virksomhed', id, 'logbog'] as const,
  adHoc: (id: number) => ['virksomhed', id, 'adhoc'] as const,
};

/**
 * The company. Loaded quietly: a 404 or 403 is shown in the tile itself rather than as an error
 * modal (a stale link or favourite is an ordinary situation).
 */
export function useVirksomhed(id: number) {
  return useQuery({
    queryKey: keys.virksomhed(id),
    queryFn: ({ signal }) => http.get(`virksomhed/${id}`, { schema: virksomhedSchema, signal, silent: true }),
    staleTime: 30_000,
  });
}

export function useRegistreringer(id: number, art: RegistreringArt, enabled = true) {
  return useQuery({
    queryKey: keys.registreringer(id, art),
    queryFn: ({ signal }) =>
      http.get(`virksomhed/${id}/${art}`, { schema: anyRegistreringListeSchema, signal }) as Promise<
        Registrering[]
      >,
    staleTime: 30_000,
    enabled,
  });
}

export function useTidslinje(id: number, take: number) {
  return useQuery({
    queryKey: [...keys.tidslinje(id), take],
    queryFn: ({ signal }) =>
      http.get(`virksomhed/${id}/tidslinje`, { query: { start: 0, take }, schema: tidslinjeSchema, signal }),
    staleTime: 30_000,
    placeholderData: (prev) => prev,
  });
}

export function useLogbog(id: number) {
  return useQuery({
    queryKey: keys.logbog(id),
    queryFn: ({ signal }) => http.get(`logbog/list/${id}`, { schema: notatListeSchema, signal }),
    staleTime: 30_000,
  });
}

export function useAdHocOpgaver(id: number) {
  return useQuery({
    queryKey: keys.adHoc(id),
    queryFn: ({ signal }) => http.get(`AdHocOpgave/list/${id}`, { schema: adHocOpgaveListeSchema, signal }),
    staleTime: 30_000,
  });
}

/** What a failed save means for a form: field errors (400), someone else's change (409), or the usual modal. */
export type SaveFailure =
  | { kind: 'felter'; body: unknown }
  | { kind: 'konflikt'; message: string }
  | { kind: 'andet' };

export function saveFailure(err: unknown): SaveFailure {
  if (err instanceof HttpError) {
    const { status, body } = err.failure;
    if (status === 400) return { kind: 'felter', body };
    if (status === 409) return { kind: 'konflikt', message: serverTekst(err, ['message']) ?? '' };
    // Everything else is reported as any failed call is (error or forbidden modal).
    errorStore.push(err.failure);
  }
  return { kind: 'andet' };
}

/** After any change: the company (counts, version), its timeline and log (the automatic entry) are stale. */
export function afterChange(client: QueryClient, id: number, art?: RegistreringArt) {
  void client.invalidateQueries({ queryKey: keys.tidslinje(id) });
  void client.invalidateQueries({ queryKey: keys.logbog(id) });
  void client.invalidateQueries({ queryKey: keys.virksomhed(id), exact: true });
  if (art) void client.invalidateQueries({ queryKey: keys.registreringer(id, art) });
  if (art === 'risikovurdering') void forgetCompanyLookups(client, id);
}

export const api = {
  gemBasis: (id: number, body: unknown) =>
    http.put(`virksomhed/${id}/basis`, body, {
      schema: virksomhedSchema,
      silent: true,
    }) as Promise<Virksomhed>,
  opret: (id: number, art: RegistreringArt, body: unknown) =>
    http.post(`virksomhed/${id}/${art}`, body, {
      schema: anyRegistreringSchema,
      silent: true,
    }) as Promise<Registrering>,
  ret: (art: RegistreringArt, recordId: number, body: unknown) =>
    http.put(`${art}/${recordId}`, body, {
      schema: anyRegistreringSchema,
      silent: true,
    }) as Promise<Registrering>,
  slet: (art: RegistreringArt, recordId: number, version: number) =>
    http.delete(`${art}/${recordId}`, { query: { version }, silent: true }),
  opretKontakt: (id: number, body: unknown) =>
    http.post(`virksomhed/${id}/kontaktperson`, body, { schema: kontaktpersonSchema, silent: true }),
  retKontakt: (kontaktId: number, body: unknown) =>
    http.put(`kontaktperson/${kontaktId}`, body, { schema: kontaktpersonSchema, silent: true }),
  sletKontakt: (kontaktId: number, etag: string) =>
    http.delete(`kontaktperson/${kontaktId}`, { query: { etag }, silent: true }),
  opretNotat: (body: { virksomhedId: number; emne: string; notat: string }) =>
    http.post('logbog', body, { schema: notatSchema, silent: true }),
  opretAdHoc: (body: { virksomhedId: number; emne: string; notat: string; frist: string | null }) =>
    http.post('AdHocOpgave', body, { schema: adHocOpgaveSchema, silent: true }),
};

/** Record kinds by the tab's path segment, and the name of its record-id parameter. */
export const TABS: Record<RegistreringArt, { segment: string; param: string }> = {
  tilsyn: { segment: 'tilsyn', param: 'tilsynid' },
  haandhaevelse: { segment: 'haandhaevelser', param: 'haandhaevelseid' },
  afgoerelse: { segment: 'afgoerelser', param: 'afgoerelseid' },
  risikovurdering: { segment: 'risikovurdering', param: 'risikovurderingid' },
  fyringsanlaeg: { segment: 'fyringsanlaeg', param: 'fyringsanlaegid' },
  brugerbetaling: { segment: 'brugerbetaling', param: 'brugerbetalingid' },
  opbevaringslager: { segment: 'opbevaringslagre', param: 'opbevaringslagerid' },
  dyrehold: { segment: 'dyrehold', param: 'dyreholdid' },
};

export const recordPath = (type: number, id: number, art: RegistreringArt, recordId?: number) =>
  detailPath(virksomhedEllerLandbrug(type), id, `${TABS[art].segment}${recordId ? `/${recordId}` : ''}`);

export const artNavn = (art: string) => (art in ARTER ? ARTER[art as RegistreringArt].navn : art);
