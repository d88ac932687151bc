import { erArbejdsdag, naesteArbejdsdag, plusDage } from '../../contract/frister-regler';

/**
 * The working-day rule (src/contract/frister-regler.ts) as two PostgreSQL date arrays for the list's
 * SQL: every closed day from 2000 to 2060 (Saturday, Sunday, public holiday, Constitution Day,
 * 24 and 31 December) and the working day each moves to. A deadline that is not among them stays.
 * Built once per process (about 6 200 days).
 */
const FRA = '2000-01-01';
const TIL = '2060-12-31';

let cache: { dage: string; naeste: string } | null = null;

export function fridageSomPgArrays(): { dage: string; naeste: string } {
  if (cache) return cache;
  const dage: string[] = [];
  const naeste: string[] = [];
  for (let d = FRA; d <= TIL; d = plusDage(d, 1)) {
    if (!erArbejdsdag(d)) {
      dage.push(d);
      naeste.push(naesteArbejdsdag(d));
    }
  }
  cache = { dage: `{${dage.join(',')}}`, naeste: `{${naeste.join(',')}}` };
  return cache;
}

export { idagIDanmark } from '../../contract/format';
