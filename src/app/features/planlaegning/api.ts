import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import type { Job } from '../../../contract/jobs';
import {
  type GenererSvar,
  gemPeriodeMaal,
  gemPrioritering,
  genererPlanJob,
  genererSvarSchema,
  hentPlanOversigt,
  hentPrioritering,
  hentRessourcer,
  type OversigtQuery,
  type Planlaegningsperiode,
  RESSOURCE,
} from '../../../contract/planlaegning';
import type { AnyRecord } from '../../../contract/record-kind';
import { recordsAfListe } from '../../records/api';
import { koerJob } from '../../session/jobs';
import { perioderKey } from '../../session/planlaegningsaar';
import { http } from '../../session/runtime';

/**
 * The calls of the yearly planning. Keys start with ['planlaegning']: the periods per customer, and
 * per period its overview pages, resources and priority lists, so a generation makes exactly the
 * period's data stale.
 */
export const planKeys = {
  alle: ['planlaegning'] as const,
  perioder: perioderKey,
  periode: (periodeId: number) => ['planlaegning', 'periode', periodeId] as const,
  oversigt: (periodeId: number, q: OversigtQuery) =>
    ['planlaegning', 'periode', periodeId, 'oversigt', q] as const,
  ressourcer: (periodeId: number) => ['planlaegning', 'periode', periodeId, 'ressourcer'] as const,
  prioritering: (periodeId: number, kategori: string) =>
    ['planlaegning', 'periode', periodeId, 'prioritering', kategori] as const,
};

/**
 * A planning call that failed is written to the console (spec 001: 'logs') and shown by the view in
 * its own words; the view shows nothing of an earlier answer while it lasts.
 */
function logget<T>(p: Promise<T>, hvad: string): Promise<T> {
  return p.catch((err: unknown) => {
    console.error(`Planlægning: ${hvad} kunne ikke hentes`, err);
    throw err;
  });
}

export { usePerioder } from '../../session/planlaegningsaar';

/** The period of a route's id among the customer's periods (undefined while loading or when unknown). */
export const findPeriode = (perioder: readonly Planlaegningsperiode[] | undefined, id: number) =>
  perioder?.find((p) => p.id === id);

/** The category status and one page of the plan; the last page stays while the next loads. */
export function useOversigt(periodeId: number, query: OversigtQuery, enabled = true) {
  return useQuery({
    queryKey: planKeys.oversigt(periodeId, query),
    queryFn: ({ signal }) =>
      logget(
        http.call(hentPlanOversigt, { params: { periodeId }, query, signal, silent: true }),
        'tilsynsplanen',
      ),
    placeholderData: keepPreviousData,
    enabled: enabled && periodeId > 0,
  });
}

const ressourcerKald = (periodeId: number, signal: AbortSignal) =>
  logget(http.call(hentRessourcer, { params: { periodeId }, signal, silent: true }), 'ressourcerne');

/** The period's resources: the rows per case worker and the planned hours without one. */
export function useRessourcer(periodeId: number) {
  return useQuery({
    queryKey: planKeys.ressourcer(periodeId),
    queryFn: ({ signal }) => ressourcerKald(periodeId, signal),
    enabled: periodeId > 0,
  });
}

/**
 * The rows of the generic list, taken from the same answer as the totals (useRessourcer): one fetch
 * serves both (a fetch under way is shared; an answer under 2 s old is used as it is). Its key lies
 * under the resources' key, so invalidating that refreshes both.
 */
export const ressourceListe = (client: QueryClient, periodeId: number) => ({
  key: [...planKeys.ressourcer(periodeId), 'raekker'] as const,
  // The shared fetch has its own signal: the list's query going away must not cancel the totals'.
  hent: async (): Promise<AnyRecord[]> => {
    const svar = await client.fetchQuery({
      queryKey: planKeys.ressourcer(periodeId),
      queryFn: ({ signal }) => ressourcerKald(periodeId, signal),
      staleTime: 2000,
    });
    return recordsAfListe(RESSOURCE, svar);
  },
});

/** The planned rows of a priority list; `kategori` is the query's value ('1a', '1b', '2_' or none). */
export function usePrioritering(periodeId: number, kategori: '1a' | '1b' | '2_' | undefined) {
  return useQuery({
    queryKey: planKeys.prioritering(periodeId, kategori ?? 'alle'),
    queryFn: ({ signal }) =>
      logget(
        http.call(hentPrioritering, {
          params: { periodeId },
          query: kategori ? { kategori } : {},
          signal,
          silent: true,
        }),
        'prioriteringslisten',
      ),
    enabled: periodeId > 0,
  });
}

/**
 * Generates (or regenerates) the period's plan as a job (issue 32): `onJob` hears its progress, the
 * answer is the generation's; afterwards the period and its lists are stale. When a generation of the
 * period runs already, `onKoerer` hears the server's message and that one is followed.
 */
export async function generer(
  client: QueryClient,
  periode: Planlaegningsperiode,
  onJob: (job: Job) => void = () => undefined,
  onKoerer?: (besked: string) => void,
): Promise<GenererSvar> {
  try {
    return await koerJob(
      () =>
        http.call(genererPlanJob, {
          params: { periodeId: periode.id },
          body: { version: periode.version },
          silent: true,
        }),
      genererSvarSchema,
      onJob,
      onKoerer,
    );
  } finally {
    await client.invalidateQueries({ queryKey: planKeys.alle });
  }
}

/** The period's goal setting: category 1's yearly share of physical inspections (whole percent). */
export const gemKategori1Andel = (periodeId: number, kategori1Andel: number, version: number) =>
  http.call(gemPeriodeMaal, { params: { periodeId }, body: { kategori1Andel, version }, silent: true });

export const gemValgte = (periodeId: number, kategori: '1a1b' | '2', valgte: number[], version: number) =>
  http.call(gemPrioritering, { params: { periodeId }, body: { kategori, valgte, version }, silent: true });

/**
 * The Kategori filter's choices and what each sends (spec 001: 'Ingen' is sent as '3_' and '2' as
 * '2_'; 1a and 1b as they are).
 */
export const KATEGORI_FILTER = [
  { tekst: '1a', vaerdi: '1a' },
  { tekst: '1b', vaerdi: '1b' },
  { tekst: '2', vaerdi: '2_' },
  { tekst: 'Ingen', vaerdi: '3_' },
] as const;
export type KategoriFilterTekst = (typeof KATEGORI_FILTER)[number]['tekst'];

export function kategoriFilterVaerdi(tekst: KategoriFilterTekst): string {
  const v = KATEGORI_FILTER.find((k) => k.tekst === tekst);
  if (!v) throw new Error(`Ukendt kategori: ${tekst}`);
  return v.vaerdi;
}

/**
 * The chosen rows of a priority list in the list's order (highest score first): what the save sends,
 * so the server numbers them 1, 2, … in that order.
 */
export function valgteIListeOrden<T extends { id: number }>(
  raekker: readonly T[],
  valgte: ReadonlySet<number>,
): number[] {
  return raekker.filter((r) => valgte.has(r.id)).map((r) => r.id);
}

/** The priority numbers the chosen rows get when saved: 1, 2, … in list order. */
export function nyeNumre<T extends { id: number }>(
  raekker: readonly T[],
  valgte: ReadonlySet<number>,
): Map<number, number> {
  return new Map(valgteIListeOrden(raekker, valgte).map((id, i) => [id, i + 1]));
}
