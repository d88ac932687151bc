/**
 * Parsing and formatting of what users type in form fields: dates as DD-MM-YYYY (spec 001 §5 and
 * §9), numbers in Danish format (dot thousands, comma decimals).
 */

import { formatIsoDato, formatTal, parseDanskTal, parseDato } from '../../../contract/format';

/** A typed date as ISO (YYYY-MM-DD), or null when it is not a date: the shared parser (contract/format). */
export const parseDanskDato = parseDato;

/**
 * What a date field says when typed text is not a date: the value is cleared (spec 001 §5), the
 * typed text stays in the field for the user to correct (issue 30), and the message says how a date
 * is written.
 */
export const UGYLDIG_DATO = 'Ugyldig dato – brug DD-MM-ÅÅÅÅ';

/** Text shaped like a whole date (DD-MM-YYYY, DDMMYYYY, ISO): if it does not parse, it is wrong, not unfinished. */
const HEL_DATO = /^(\d{1,2}[-./]\d{1,2}[-./]\d{4}|\d{8}|\d{4}-\d{2}-\d{2})$/;

/**
 * Why typed date text is rejected: 'Ugyldig dato' when it is not a date, or null (a date, or
 * nothing). While the user is still typing (`undervejs`) only text shaped like a whole date is
 * judged, so '12-0' is not called wrong before it is finished.
 */
export function datoFejl(text: string, undervejs = false): string | null {
  const s = text.trim();
  if (s === '' || parseDanskDato(s) !== null) return null;
  if (undervejs && !HEL_DATO.test(s)) return null;
  return UGYLDIG_DATO;
}

/** ISO (YYYY-MM-DD, or with a time) as DD-MM-YYYY; '' for nothing. */
export const formatDanskDato = formatIsoDato;

/** A number typed the Danish way (read by contract/format, the one owner of number input). */
export { parseDanskTal };

/** A number as da-DK text (at most 2 decimals); '' for nothing. */
export const formatDanskTal = (n: number | null | undefined): string => formatTal(n);
