import { z } from 'zod';
// Danish messages for every schema without its own: loaded by every contract through this module.
import './zod-da';

/** The largest value of a PostgreSQL integer column (int4): ids, versions and counts are stored as int4. */
export const INT4_MAX = 2_147_483_647;

/** A positive integer id in a path or query (path params arrive as text). */
export const idSchema = z.coerce
  .number({ error: 'Skal være et tal' })
  .int({ error: 'Skal være et helt tal' })
  .positive({ error: 'Skal være et positivt tal' })
  .max(INT4_MAX, { error: 'Tallet er for stort' });

/**
 * The version of a row that an edit carries (the version column is int4): positive and at most
 * INT4_MAX, so a forged version answers 400 instead of a database error.
 */
export const rowVersionSchema = (manglerBesked: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? manglerBesked : 'Ugyldig version') })
    .int('Ugyldig version')
    .positive('Ugyldig version')
    .max(INT4_MAX, 'Ugyldig version');

/** The same version as a query parameter (text). */
export const rowVersionQuerySchema = (manglerBesked: string) =>
  z.coerce
    .number({ error: manglerBesked })
    .int('Ugyldig version')
    .positive('Ugyldig version')
    .max(INT4_MAX, 'Ugyldig version');

/**
 * Dates the API takes: from 1 January 1755 to 31 December 9999. The years are the specification's
 * year bounds (spec 001 §5: 1755 to 9999); PostgreSQL's date and JavaScript's Date both hold every
 * day of them, while year 0000 or a five-digit year would be a database error.
 */
export const DATO_AAR_MIN = 1755;
export const DATO_AAR_MAX = 9999;
export const DATO_INTERVAL_FEJL = `Datoen skal ligge mellem 01-01-${DATO_AAR_MIN} og 31-12-${DATO_AAR_MAX}`;

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function erKalenderdato(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, mo - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** True when the year of a YYYY-MM-DD text lies within the bounds above. */
export const erDatoIInterval = (s: string) => {
  const y = Number(s.slice(0, 4));
  return y >= DATO_AAR_MIN && y <= DATO_AAR_MAX;
};

/** A date (YYYY-MM-DD) within the bounds; `formatFejl` names what the field is. */
export const datoSchema = (formatFejl = 'Skal være en dato (ÅÅÅÅ-MM-DD)') =>
  z
    .string({ error: formatFejl })
    .refine(erKalenderdato, { error: formatFejl, abort: true })
    .refine(erDatoIInterval, DATO_INTERVAL_FEJL);

const TIDSPUNKT =
  /^(\d{4}-\d{2}-\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?)?$/;

/** True for a date (YYYY-MM-DD) or date-time (ISO 8601, minutes at least) on a real calendar day. */
export const erTidspunkt = (s: string): boolean => {
  const m = TIDSPUNKT.exec(s);
  return m !== null && erKalenderdato(m[1]!);
};

/**
 * A point in time as ISO text, parsed strictly: a real calendar day (2026-02-30 is refused, not moved to
 * 2 March), a time of day within its ranges, and the years of datoSchema (0001-01-01 is refused, not
 * read as 2001).
 */
export const tidspunktSchema = (formatFejl: string) =>
  z
    .string({ error: formatFejl })
    .refine(erTidspunkt, { error: formatFejl, abort: true })
    .refine(erDatoIInterval, DATO_INTERVAL_FEJL);

export const idParamsSchema = z.object({ id: idSchema });
export const kundeIdParamsSchema = z.object({ kundeId: idSchema });

/** 400 answer: problem details with the errors per field. */
export const problemDetailsSchema = z.object({
  title: z.string(),
  status: z.number(),
  errors: z.record(z.string(), z.array(z.string())),
});

/** Dates travel as ISO text; the client revives them. */
export const isoDateTime = z.string();
