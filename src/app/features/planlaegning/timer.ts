import { laesMaengde } from '../../../contract/format';

/**
 * Hours available as typed in a resource row: the product's hours field kind ('37,5', '1.200', and
 * '12.5' as twelve and a half, not 125), in whole or half hours, not negative; null otherwise.
 */
export function laesTimerTilRaadighed(tekst: string): number | null {
  const r = laesMaengde('timer', tekst);
  if (!('vaerdi' in r) || r.vaerdi === null) return null;
  const n = r.vaerdi;
  return n >= 0 && !Object.is(n, -0) && Number.isInteger(n * 2) ? n : null;
}
