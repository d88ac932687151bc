import { utcDato } from '../../../contract/format';

/**
 * Date helpers for the demo data. Everything is computed from a fixed reference date so that a
 * fresh seed gives the same data whatever day it runs.
 */

/** The day the demo data is "as of". */
export const REFERENCE_DATE = '2026-11-01';

const DAY_MS = 86_400_000;

/** Midnight UTC of an ISO date (YYYY-MM-DD). */
export function toDate(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

export const isoDate = utcDato;

export function addDays(iso: string, days: number): string {
  return isoDate(new Date(toDate(iso).getTime() + days * DAY_MS));
}

export function addMonths(iso: string, months: number): string {
  const d = toDate(iso);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const day = d.getUTCDate();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return isoDate(new Date(Date.UTC(y, m, Math.min(day, last))));
}

export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((toDate(toIso).getTime() - toDate(fromIso).getTime()) / DAY_MS);
}

/** A timestamp on the given day at the given local-ish hour and minute (stored as UTC). */
export function timestamp(iso: string, hour = 12, minute = 0): Date {
  return new Date(toDate(iso).getTime() + (hour * 60 + minute) * 60_000);
}

/** Last day of the month of an ISO date. */
export function endOfMonth(iso: string): string {
  const d = toDate(iso);
  return isoDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
}

export interface Periode {
  start: string;
  slut: string;
}

/**
 * Consecutive calendar periods of `months` months (1 monthly, 3 quarterly, 12 yearly) that end
 * before `before`, the last `count` of them, oldest first.
 */
export function perioderFoer(before: string, months: number, count: number): Periode[] {
  const b = toDate(before);
  const firstOfMonth = Date.UTC(b.getUTCFullYear(), b.getUTCMonth(), 1);
  // Walk back to a period boundary aligned to the calendar (Jan for years, Jan/Apr/Jul/Oct for quarters).
  let end = new Date(firstOfMonth);
  while (end.getUTCMonth() % months !== 0)
    end = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1));
  const out: Periode[] = [];
  for (let i = 0; i < count; i++) {
    const slutExcl = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - i * months, 1));
    const start = new Date(Date.UTC(slutExcl.getUTCFullYear(), slutExcl.getUTCMonth() - months, 1));
    out.push({ start: isoDate(start), slut: isoDate(new Date(slutExcl.getTime() - DAY_MS)) });
  }
  return out.reverse();
}

/** Day of year (1-366). */
export function dayOfYear(iso: string): number {
  const d = toDate(iso);
  return Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
}

export function year(iso: string): number {
  return Number(iso.slice(0, 4));
}
