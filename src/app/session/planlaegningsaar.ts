import { useQuery } from '@tanstack/react-query';
import { hentPlanlaegningsperioder } from '../../contract/planlaegning';
import { http } from './runtime';

/**
 * The customer's planning periods and the session's active planning year, shared by the planning
 * screens and the economic follow-up under invoicing (features do not import each other).
 */

/** The key of the planning year the user works in (spec 001: the session's activePlanlaegningsAar). */
export const AKTIVT_AAR = 'activePlanlaegningsAar';

export const perioderKey = (kundeId: number) => ['planlaegning', 'perioder', kundeId] as const;

/**
 * The customer's planning periods, newest year first. A fetch that fails is written to the console
 * (spec 001: 'logs') and shown by the view in its own words, never an earlier answer.
 */
export function usePerioder(kundeId: number) {
  return useQuery({
    queryKey: perioderKey(kundeId),
    queryFn: ({ signal }) =>
      http
        .call(hentPlanlaegningsperioder, { params: { kundeId }, signal, silent: true })
        .catch((err: unknown) => {
          console.error('Planlægning: planlægningsperioderne kunne ikke hentes', err);
          throw err;
        }),
    enabled: kundeId > 0,
  });
}
