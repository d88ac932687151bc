import { useQuery } from '@tanstack/react-query';
import {
  type Afregningsaar,
  gemSatser,
  hentOekonomiSummer,
  hentSatser,
  type SatsInput,
} from '../../../contract/fakturering';
import { hentOpfoelgningOekonomi } from '../../../contract/planlaegning';
import type { AnyRecord } from '../../../contract/record-kind';
import { http } from '../../session/runtime';

/**
 * The calls of the economy administration (the settlement years' rates; the fee types' are the
 * generic record kind's) and of the economic follow-up. Keys start with ['fakturering', …]; the follow-up rows of a planning period
 * sit under the period's planning key too, so a new plan makes them stale with the rest.
 */
export const adminKeys = {
  satser: ['fakturering', 'satser'] as const,
  summer: (periodeId: number) => ['fakturering', 'opfoelgning', periodeId] as const,
  opfoelgning: (periodeId: number) => ['planlaegning', 'periode', periodeId, 'opfoelgningOekonomi'] as const,
};

/**
 * A fetch of the economic follow-up that fails is written to the console (spec 001: 'logs') and
 * shown by the view in its own words, never with an earlier answer.
 */
function logget<T>(p: Promise<T>, hvad: string): Promise<T> {
  return p.catch((err: unknown) => {
    console.error(`Opfølgning økonomi: ${hvad} kunne ikke hentes`, err);
    throw err;
  });
}

/** The settlement years with rates, newest first. */
export function useSatser() {
  return useQuery({
    queryKey: adminKeys.satser,
    queryFn: ({ signal }) => http.call(hentSatser, { signal, silent: true }),
  });
}

export const gemSatserne = (aar: number, input: SatsInput): Promise<Afregningsaar> =>
  http.call(gemSatser, { params: { aar }, body: input, silent: true });

/**
 * The period's follow-up rows (spec: opfoelgningOekonomiData/list/{id}) as the generic record tab
 * lists them (its `liste`) and the total reads them: under the period's planning key, a failure logged.
 */
export const opfoelgningListe = (periodeId: number) => ({
  key: adminKeys.opfoelgning(periodeId),
  hent: (signal: AbortSignal): Promise<AnyRecord[]> =>
    logget(
      http.call(hentOpfoelgningOekonomi, { params: { id: periodeId }, signal, silent: true }),
      'opfølgningens rækker',
    ) as unknown as Promise<AnyRecord[]>,
});

/** The figures the system computes for the period: planned, registered and invoiced. */
export function useOekonomiSummer(periodeId: number) {
  return useQuery({
    queryKey: adminKeys.summer(periodeId),
    queryFn: ({ signal }) =>
      logget(http.call(hentOekonomiSummer, { params: { periodeId }, signal, silent: true }), 'nøgletallene'),
    enabled: periodeId > 0,
  });
}
