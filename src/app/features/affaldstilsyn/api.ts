import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  hentSatListe,
  hentTilsynsperioder,
  type OpretFraCvrSvar,
  opretSatVirksomhederFraCvr,
  opretSatVirksomhedManuelt,
  type opretSatVirksomhedSchema,
  type SatListeLinje,
  type SatListeQuery,
  type SatTilsynsperiode,
  validerOpretSatVirksomhed,
} from '../../../contract/sat';
import { isoDatoAf } from '../../lib/dates';
import { http } from '../../session/runtime';

/**
 * The calls of the SAT list (/affaldstilsyn) and of the creation dialogs. Keys start with
 * ['satvirksomhed'] like the SAT company's own (detail-api.ts, ['satvirksomhed', id]); the list and
 * the periods' boards have their own second segment, so a creation makes exactly them stale.
 */
export const satListeKeys = {
  liste: ['satvirksomhed', 'liste'] as const,
  perioder: (kundeId: number) => ['satvirksomhed', 'perioder', kundeId] as const,
  allePerioder: ['satvirksomhed', 'perioder'] as const,
};

/** The customer's inspection periods with their boards, newest first. */
export function useTilsynsperioder(kundeId: number) {
  return useQuery({
    queryKey: satListeKeys.perioder(kundeId),
    queryFn: ({ signal }) => http.call(hentTilsynsperioder, { params: { kundeId }, signal, silent: true }),
    enabled: kundeId > 0,
  });
}

/**
 * The period a list opens on: the newest one that contains today (periods may overlap), else the
 * newest of all; null when the customer has none.
 */
export function standardPeriode(
  perioder: readonly SatTilsynsperiode[],
  idag: string = isoDatoAf(new Date()),
): SatTilsynsperiode | null {
  const nyestFoerst = [...perioder].sort(
    (a, b) => b.startdato.localeCompare(a.startdato) || b.aar - a.aar || b.id - a.id,
  );
  return (
    nyestFoerst.find((p) => p.startdato.slice(0, 10) <= idag && idag <= p.slutdato.slice(0, 10)) ??
    nyestFoerst[0] ??
    null
  );
}

/** One page of the SAT list (server paging, sort and filters); the last page stays while the next loads. */
export function useSatListe(params: SatListeQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...satListeKeys.liste, params],
    queryFn: ({ signal }) => http.call(hentSatListe, { query: params, signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** After a creation the list and the boards are stale. */
export function efterOprettelse(client: QueryClient) {
  void client.invalidateQueries({ queryKey: satListeKeys.liste });
  void client.invalidateQueries({ queryKey: satListeKeys.allePerioder });
}

export type OpretSatInput = z.input<typeof opretSatVirksomhedSchema>;

/** The server's checks of a manual creation, nothing created (400 with messages per field). */
export const validerOpret = (body: OpretSatInput) =>
  http.call(validerOpretSatVirksomhed, { body, silent: true });

/** A manual creation (the same checks first on the server). */
export const opretManuelt = (body: OpretSatInput) =>
  http.call(opretSatVirksomhedManuelt, { body, silent: true });

export interface FraCvrValg {
  kundeId: number;
  periodeId: number;
  fraSatListe: boolean;
  udvalgtDato: string | null;
}

/** SAT companies from P-numbers: the dry run (`proevekoersel`) sorts them, the real run creates the new ones. */
export const opretFraCvr = (
  linjer: readonly SatListeLinje[],
  valg: FraCvrValg,
  proevekoersel: boolean,
  signal?: AbortSignal,
): Promise<OpretFraCvrSvar> =>
  http.call(opretSatVirksomhederFraCvr, {
    query: { KundeId: valg.kundeId, satTilsynsperiodeId: valg.periodeId },
    body: {
      linjer: [...linjer],
      proevekoersel,
      fraSatListe: valg.fraSatListe,
      udvalgtDato: valg.udvalgtDato,
    },
    signal,
    silent: true,
  });
