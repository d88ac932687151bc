import { antalMed, formatHeltal } from '../../contract/format';

/**
 * The table and filter texts. The specification gives them in English ('Select columns', 'Add
 * filter', 'No data', 'Showing 50 of 120 rows' …); in a Danish product they are Danish (a recorded
 * departure from the specification's wording, docs/decisions.md).
 */
export const TABEL_TEKST = {
  vaelgKolonner: 'Vælg kolonner',
  tilfoejFilter: 'Tilføj filter',
  retFilter: 'Ret filter',
  opdaterFilter: 'Opdatér filter',
  anvendFilter: 'Anvend filter',
  vaelgFilter: 'Vælg filter',
  tilgaengeligeFiltre: 'Tilgængelige filtre',
  ingenFlereFiltre: 'Der er ikke flere tilgængelige filtre',
  ingenData: 'Ingen data',
  indlaeser: 'Indlæser …',
} as const;

const raekker = (n: number) => antalMed(n, 'række', 'rækker');

/** 'Viser 50 af 120 rækker', 'Viser 1 række'. */
export const viserRaekker = (vist: number, iAlt?: number): string =>
  iAlt === undefined ? `Viser ${raekker(vist)}` : `Viser ${formatHeltal(vist)} af ${raekker(iAlt)}`;

/** '1 række valgt', '3 rækker valgt'. */
export const valgteRaekker = (n: number): string => `${raekker(n)} valgt`;
