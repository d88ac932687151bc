import dayjs from 'dayjs';
import 'dayjs/locale/da';
import { isoDatoAf } from '../../contract/format';

dayjs.locale('da');

/** The client's formatting is the one shared module (src/contract/format.ts), re-exported here. */
export {
  DATO_FORMAT,
  DATO_TID_FORMAT,
  formatDato,
  formatDatoTid,
  formatDatoTidKort,
  formatIsoDato,
  formatKoordinat,
  isoDatoAf,
} from '../../contract/format';

/** Dates go to the server as local-time ISO without zone, at 13:00 (spec 000 §7), so no zone shifts the day. */
export function serialiseDate(d: Date): string {
  return `${isoDatoAf(d)}T13:00:00`;
}

const ISO_LIKE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Date-like strings longer than 8 characters in ISO form become Dates (spec 000 §7). */
export function reviveDates(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.length > 8 && ISO_LIKE.test(value)) {
      const d = new Date(value);
      return Number.isNaN(d.getTime()) ? value : d;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(reviveDates);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reviveDates(v)]));
  }
  return value;
}

/** JSON.stringify replacer input: every Date in a body becomes the 13:00 local form. */
export function serialiseBody(value: unknown): unknown {
  if (value instanceof Date) return serialiseDate(value);
  if (Array.isArray(value)) return value.map(serialiseBody);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serialiseBody(v)]));
  }
  return value;
}
