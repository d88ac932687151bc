import dayjs from 'dayjs';
import { formatDato } from '../../lib/dates';

/** Numbers as the interface writes them: da-DK with 2 decimals. */
const TO = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const HELE = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 0 });

export const tal = (v: number | null | undefined) => (v === null || v === undefined ? '' : TO.format(v));
export const heltal = (v: number | null | undefined) => (v === null || v === undefined ? '' : HELE.format(v));

/** An ISO date (YYYY-MM-DD) as DD-MM-YYYY, without time-zone shifts. */
export const dato = (iso: string | null | undefined) =>
  iso
    ? /^\d{4}-\d{2}-\d{2}$/.test(iso)
      ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`
      : formatDato(iso)
    : '';

export const periode = (start: string, slut: string) => `${dato(start)} – ${dato(slut)}`;

export const datoTid = (iso: string | null | undefined) => (iso ? dayjs(iso).format('DD-MM-YYYY HH:mm') : '');

/** Spec 001 §3 display labels for the water-level situation. */
export function situationTekst(s: number | null): string {
  if (s === 0) return 'I ro';
  if (s === 1) return 'I drift';
  return 'Ingen situation angivet';
}

/** Spec 001 §3: Godkendt/Forkastet/-. */
export function statusTekst(s: number): string {
  if (s === 1) return 'Godkendt';
  if (s === 2) return 'Forkastet';
  return '-';
}

export const flertal = (n: number, ental: string, fler: string) => `${heltal(n)} ${n === 1 ? ental : fler}`;
