/**
 * The lookup values the demo data refers to in `virksomhed.basis` and in water data. They are the
 * simulator's values (ids of the local DMA and Jupiter lookups), exported so that the lookup
 * endpoints can serve the same ids the seeded rows carry.
 */

import { JUPITER_CTRLPROGRAM_NAVNE } from '../../../contract/jupiter';

export interface Opslag {
  id: number;
  kode: string;
  navn: string;
}

export const KUNDE_MODULER = [
  'Virksomhed',
  'Landbrug',
  'Vandanlaeg',
  'Affald',
  'Fakturering',
  'Planlaegning',
];

/** DMA status of a company. */
export const DMA_STATUS: Opslag[] = [
  { id: 1, kode: 'AKTIV', navn: 'Aktiv' },
  { id: 2, kode: 'INAKTIV', navn: 'Inaktiv' },
];

/** DMA company groups (virksomhedsgrupper). */
export const VIRKSOMHEDSGRUPPER: Opslag[] = [
  { id: 1, kode: 'IE', navn: 'IE-virksomhed (godkendelsesbekendtgørelsens bilag 1)' },
  { id: 2, kode: 'BILAG2', navn: 'Listevirksomhed (godkendelsesbekendtgørelsens bilag 2)' },
  { id: 3, kode: 'BRUGERBETALING', navn: 'Brugerbetalingspligtig virksomhed' },
  { id: 4, kode: 'HUSDYR_IE', navn: 'IE-husdyrbrug' },
  { id: 5, kode: 'HUSDYR_GODK', navn: 'Husdyrbrug med godkendelse eller tilladelse' },
  { id: 6, kode: 'HUSDYR_OEVRIGE', navn: 'Øvrige husdyrbrug' },
  { id: 7, kode: 'OEVRIGE', navn: 'Øvrige virksomheder' },
];

/** DMA authority types (the municipality supervises all seeded companies). */
export const DMA_MYNDIGHEDSTYPER: Opslag[] = [
  { id: 1, kode: 'KOMMUNE', navn: 'Kommune' },
  { id: 2, kode: 'MST', navn: 'Miljøstyrelsen' },
];

/** BAT conclusions relevant for IE companies and farms. */
export const BAT_KONKLUSIONER: Opslag[] = [
  { id: 1, kode: 'IRPP', navn: 'BAT-konklusioner for intensivt opdræt af fjerkræ og svin' },
  { id: 2, kode: 'FDM', navn: 'BAT-konklusioner for fødevare-, drikkevare- og mælkeindustrien' },
  { id: 3, kode: 'WT', navn: 'BAT-konklusioner for affaldsbehandling' },
  { id: 4, kode: 'SA', navn: 'BAT-konklusioner for slagterier og animalske biprodukter' },
];

/** Company categories of the planning rules (kategori 1a/1b/2, or none). */
export const KATEGORIER = ['1a', '1b', '2', 'Ingen'] as const;
export type Kategori = (typeof KATEGORIER)[number];

/** Jupiter: plant types (anlægsart). */
export const JUPITER_ANLAEGSART: Opslag[] = [
  { id: 1, kode: 'ALMEN', navn: 'Almen vandforsyning' },
  { id: 2, kode: 'IKKE_ALMEN', navn: 'Ikke-almen vandforsyning' },
  { id: 3, kode: 'MARKVANDING', navn: 'Markvanding' },
  { id: 4, kode: 'INDUSTRI', navn: 'Erhverv og industri' },
  { id: 5, kode: 'GARTNERI', navn: 'Gartneri' },
];

/** Jupiter: company type of a water plant (primaerVirksomhedstype). */
export const JUPITER_VIRKSOMHEDSTYPE: Opslag[] = [
  { id: 1, kode: 'V01', navn: 'Alment vandværk' },
  { id: 2, kode: 'V02', navn: 'Ikke-alment vandværk (3–9 ejendomme)' },
  { id: 3, kode: 'V10', navn: 'Markvandingsanlæg' },
  { id: 4, kode: 'V20', navn: 'Indvinding til erhverv og industri' },
  { id: 5, kode: 'V30', navn: 'Indvinding til gartneri' },
];

export const JUPITER_AKTIV_STATUS: Opslag[] = [
  { id: 1, kode: 'AKTIV', navn: 'Aktiv' },
  { id: 2, kode: 'IKKE_AKTIV', navn: 'Ikke aktiv' },
  { id: 3, kode: 'SLOEJFET', navn: 'Sløjfet' },
];

export const JUPITER_VANDTYPE: Opslag[] = [
  { id: 1, kode: 'GRUNDVAND', navn: 'Grundvand' },
  { id: 2, kode: 'OVERFLADEVAND', navn: 'Overfladevand' },
];

export const JUPITER_INDVINDINGSFORMAAL: Opslag[] = [
  { id: 1, kode: 'DRIKKEVAND', navn: 'Drikkevandsforsyning' },
  { id: 2, kode: 'MARKVANDING', navn: 'Markvanding' },
  { id: 3, kode: 'PROCESVAND', navn: 'Procesvand' },
  { id: 4, kode: 'GARTNERI', navn: 'Vanding i gartneri' },
];

/** Jupiter's CTRLPROGRAM code list 1–10 (DRWPLANT.CTRLPROGRAM since 1 May 2023; src/contract/jupiter.ts). */
export const JUPITER_CTRLPROGRAM: Opslag[] = Object.entries(JUPITER_CTRLPROGRAM_NAVNE).map(([id, navn]) => ({
  id: Number(id),
  kode: id,
  navn,
}));

export const JUPITER_KOORDINATMETODE: Opslag[] = [
  { id: 1, kode: 'GPS', navn: 'GPS-indmålt' },
  { id: 2, kode: 'KORT', navn: 'Digitaliseret på kort' },
  { id: 3, kode: 'LANDINSPEKTOER', navn: 'Indmålt af landinspektør' },
];

/** Jupiter supply categories (forsyningsarter) of pumped quantities, ids 1–5. */
export const JUPITER_FORSYNINGSART: Opslag[] = [
  { id: 1, kode: 'HUSHOLDNING', navn: 'Husholdninger' },
  { id: 2, kode: 'ERHVERV', navn: 'Erhverv og industri' },
  { id: 3, kode: 'INSTITUTION', navn: 'Offentlige institutioner' },
  { id: 4, kode: 'LANDBRUG', navn: 'Landbrug og gartneri' },
  { id: 5, kode: 'ANDET', navn: 'Andre forbrugere' },
];

/** Jupiter permit types of a water plant (VandanlaegTilladelse.jupiterTilladelsetypeId). */
export const JUPITER_TILLADELSETYPE: Opslag[] = [
  { id: 1, kode: 'INDVINDING', navn: 'Indvindingstilladelse' },
  { id: 2, kode: 'BORING', navn: 'Boretilladelse' },
  { id: 3, kode: 'MIDLERTIDIG', navn: 'Midlertidig tilladelse (prøvepumpning)' },
  { id: 4, kode: 'GRUNDVANDSSAENKNING', navn: 'Tilladelse til grundvandssænkning' },
];

/** Enforcement types of a water plant (vandanlaegHaandhaevelseType). */
export const VANDANLAEG_HAANDHAEVELSE_TYPE: Opslag[] = [
  { id: 1, kode: 'HENSTILLING', navn: 'Henstilling' },
  { id: 2, kode: 'INDSKAERPELSE', navn: 'Indskærpelse' },
  { id: 3, kode: 'PAABUD', navn: 'Påbud' },
  { id: 4, kode: 'FORBUD', navn: 'Forbud' },
  { id: 5, kode: 'POLITIANMELDELSE', navn: 'Politianmeldelse' },
];

/** Inspection types of a water plant (vandanlaegtilsynstype). */
export const VANDANLAEG_TILSYNSTYPE: Opslag[] = [
  { id: 1, kode: 'VANDVAERK', navn: 'Tilsyn på vandværk' },
  { id: 2, kode: 'BORING', navn: 'Boringskontrol' },
  { id: 3, kode: 'TEKNISK', navn: 'Teknisk tilsyn' },
  { id: 4, kode: 'ADMINISTRATIVT', navn: 'Administrativt tilsyn' },
  { id: 5, kode: 'OPFOELGNING', navn: 'Opfølgende tilsyn' },
];

/** Which company types (JUPITER_VIRKSOMHEDSTYPE ids) fit an abstraction purpose (JUPITER_INDVINDINGSFORMAAL id). */
export const MULIGE_VIRKSOMHEDSTYPER: Record<number, number[]> = {
  1: [1, 2],
  2: [3, 5],
  3: [4],
  4: [5, 3],
};

/** Water-level reading situation: 0 at rest, 1 pumping (spec 001 §3 display labels). */
export const PEJLE_SITUATION = { I_RO: 0, I_DRIFT: 1 } as const;

export const PEJLEMETODER = ['Elektrisk pejlebånd', 'Trykføler med datalogger', 'Lod og målebånd'] as const;

/** Subjects of log-book entries. */
export const LOGBOG_EMNER = [
  'Telefonnotat',
  'Mail',
  'Henvendelse',
  'Klage',
  'Tilsyn',
  'Håndhævelse',
  'Afgørelse',
  'Stamoplysninger',
  'Vandanlæg',
  'Andet',
] as const;

/** Subjects of ad hoc tasks (AdHocOpgave/emner). */
export const ADHOC_EMNER = [
  'Opfølgning',
  'Ring tilbage',
  'Dokumentation mangler',
  'Besigtigelse',
  'Indberetning',
  'Høring',
] as const;

export const KONTAKT_ROLLER_VIRKSOMHED = [
  'Direktør',
  'Ejer',
  'Driftsleder',
  'Miljøkoordinator',
  'Værkstedschef',
  'Bogholder',
];
export const KONTAKT_ROLLER_LANDBRUG = ['Ejer', 'Driftsleder', 'Medejer', 'Landbrugskonsulent'];
export const KONTAKT_ROLLER_VANDANLAEG = ['Formand', 'Driftsansvarlig', 'Kasserer', 'Vandværkspasser'];
