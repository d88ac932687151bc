import { antalMed, formatDato, formatDatoTidKort, formatHeltal, formatTal2 } from '../../../contract/format';

/** Numbers as the interface writes them: da-DK with 2 decimals (the shared contract/format). */
export const tal = formatTal2;
export const heltal = formatHeltal;

/** An ISO date (YYYY-MM-DD) as DD-MM-YYYY, without time-zone shifts. */
export const dato = formatDato;

export const periode = (start: string, slut: string) => `${dato(start)} – ${dato(slut)}`;

export const datoTid = formatDatoTidKort;

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

/** 'N post' or 'N poster' (the shared contract/format). */
export const flertal = antalMed;
