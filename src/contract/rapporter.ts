import type { RapportDef, RapportKolonne, RapportNavn } from './rapport';
import { VAND_LAES } from './vand-data';

/**
 * The report pages (spec 001 §3 'Report rows'), each a declaration on the report engine
 * (./rapport.ts). Shared column groups (a water plant's data) are declared once.
 */

/** 'facility data' of the water reports. */
const ANLAEG: readonly RapportKolonne[] = [
  { navn: 'anlaegsnavn', label: 'Anlægsnavn', type: 'tekst', filter: true },
  { navn: 'anlaegsnr', label: 'Anlægsnr.', type: 'tekst', filter: true },
  { navn: 'anlaegsadresse', label: 'Anlægsadresse', type: 'tekst', filter: true },
  { navn: 'jupiterId', label: 'Jupiter-id', type: 'tekst', filter: true },
];

/** Year and month of a row's date. */
const AAR_MAANED: readonly RapportKolonne[] = [
  { navn: 'aarstal', label: 'Årstal', type: 'tal', filter: true },
  { navn: 'maaned', label: 'Måned', type: 'tal', filter: true },
];

const VANDOPPUMPET: RapportDef = {
  navn: 'vandoppumpet',
  titel: 'Oppumpet vand',
  access: VAND_LAES,
  kolonner: [
    AAR_MAANED[0]!,
    AAR_MAANED[1]!,
    { navn: 'startdato', label: 'Startdato', type: 'dato', filter: true },
    { navn: 'slutdato', label: 'Slutdato', type: 'dato', filter: true },
    ANLAEG[0]!,
    ...ANLAEG.slice(1),
    { navn: 'jupiterVandType', label: 'Vandtype', type: 'tekst', filter: true },
    { navn: 'vandmaengdeOppumpet', label: 'Oppumpet (m³)', type: 'tal', filter: true, sum: true },
    { navn: 'totalVandmaengdeOppumpet', label: 'Oppumpet i alt (m³)', type: 'tal', sum: true },
    { navn: 'maalerstandStart', label: 'Målerstand start', type: 'tal', sorterbar: false },
    { navn: 'maalerstandSlut', label: 'Målerstand slut', type: 'tal', sorterbar: false },
    { navn: 'omregningsfaktor', label: 'Omregningsfaktor', type: 'tal', sorterbar: false },
  ],
  standardKolonner: ['aarstal', 'anlaegsnavn', 'totalVandmaengdeOppumpet', 'antal'],
  standardSort: 'aarstal',
  tidsserie: { x: 'startdato', y: 'vandmaengdeOppumpet' },
};

const BORINGPEJLING: RapportDef = {
  navn: 'boringpejling',
  titel: 'Pejlinger',
  access: VAND_LAES,
  kolonner: [
    AAR_MAANED[0]!,
    AAR_MAANED[1]!,
    { navn: 'pejletidspunkt', label: 'Pejletidspunkt', type: 'dato', filter: true },
    ANLAEG[0]!,
    ...ANLAEG.slice(1),
    { navn: 'dgunr', label: 'DGU-nr.', type: 'tekst', filter: true },
    { navn: 'indtagsnr', label: 'Indtagsnr.', type: 'tal', filter: true },
    { navn: 'grundvandskote', label: 'Grundvandskote (m DVR90)', type: 'tal', filter: true },
    { navn: 'terraenkote', label: 'Terrænkote (m DVR90)', type: 'tal' },
    { navn: 'vandstandUnderTerraen', label: 'Vandstand under terræn (m)', type: 'tal' },
    { navn: 'pejlemetode', label: 'Pejlemetode', type: 'tekst', filter: true },
    {
      navn: 'pejleSituation',
      label: 'Situation',
      type: 'valg',
      filter: { valg: ['I ro', 'I drift', 'Ingen situation angivet'] },
    },
  ],
  standardKolonner: ['pejletidspunkt', 'anlaegsnavn', 'dgunr', 'grundvandskote', 'vandstandUnderTerraen'],
  standardSort: 'pejletidspunkt',
  tidsserie: { x: 'pejletidspunkt', y: 'grundvandskote' },
};

/** The reports declared so far; the pages not here open as 'not built yet'. */
export const RAPPORTER: Partial<Record<RapportNavn, RapportDef>> = {
  vandoppumpet: VANDOPPUMPET,
  boringpejling: BORINGPEJLING,
};
