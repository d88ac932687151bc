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

/** A code list numbered 1, 2, 3 … in the order given, from its [kode, navn] pairs. */
function kodeliste(...par: [kode: string, navn: string][]): Opslag[] {
  return par.map(([kode, navn], i) => ({ id: i + 1, kode, navn }));
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
export const DMA_STATUS = kodeliste(['AKTIV', 'Aktiv'], ['INAKTIV', 'Inaktiv']);

/** DMA company groups (virksomhedsgrupper). */
export const VIRKSOMHEDSGRUPPER = kodeliste(
  ['IE', 'IE-virksomhed (godkendelsesbekendtgørelsens bilag 1)'],
  ['BILAG2', 'Listevirksomhed (godkendelsesbekendtgørelsens bilag 2)'],
  ['BRUGERBETALING', 'Brugerbetalingspligtig virksomhed'],
  ['HUSDYR_IE', 'IE-husdyrbrug'],
  ['HUSDYR_GODK', 'Husdyrbrug med godkendelse eller tilladelse'],
  ['HUSDYR_OEVRIGE', 'Øvrige husdyrbrug'],
  ['OEVRIGE', 'Øvrige virksomheder'],
);

/** DMA authority types (the municipality supervises all seeded companies). */
export const DMA_MYNDIGHEDSTYPER = kodeliste(['KOMMUNE', 'Kommune'], ['MST', 'Miljøstyrelsen']);

/** BAT conclusions relevant for IE companies and farms. */
export const BAT_KONKLUSIONER = kodeliste(
  ['IRPP', 'BAT-konklusioner for intensivt opdræt af fjerkræ og svin'],
  ['FDM', 'BAT-konklusioner for fødevare-, drikkevare- og mælkeindustrien'],
  ['WT', 'BAT-konklusioner for affaldsbehandling'],
  ['SA', 'BAT-konklusioner for slagterier og animalske biprodukter'],
);

/** Company categories of the planning rules (kategori 1a/1b/2, or none). */
export const KATEGORIER = ['1a', '1b', '2', 'Ingen'] as const;
export type Kategori = (typeof KATEGORIER)[number];

/** Jupiter: plant types (anlægsart). */
export const JUPITER_ANLAEGSART = kodeliste(
  ['ALMEN', 'Almen vandforsyning'],
  ['IKKE_ALMEN', 'Ikke-almen vandforsyning'],
  ['MARKVANDING', 'Markvanding'],
  ['INDUSTRI', 'Erhverv og industri'],
  ['GARTNERI', 'Gartneri'],
);

/** Jupiter: company type of a water plant (primaerVirksomhedstype). */
export const JUPITER_VIRKSOMHEDSTYPE = kodeliste(
  ['V01', 'Alment vandværk'],
  ['V02', 'Ikke-alment vandværk (3–9 ejendomme)'],
  ['V10', 'Markvandingsanlæg'],
  ['V20', 'Indvinding til erhverv og industri'],
  ['V30', 'Indvinding til gartneri'],
);

export const JUPITER_AKTIV_STATUS = kodeliste(
  ['AKTIV', 'Aktiv'],
  ['IKKE_AKTIV', 'Ikke aktiv'],
  ['SLOEJFET', 'Sløjfet'],
);

export const JUPITER_VANDTYPE = kodeliste(['GRUNDVAND', 'Grundvand'], ['OVERFLADEVAND', 'Overfladevand']);

export const JUPITER_INDVINDINGSFORMAAL = kodeliste(
  ['DRIKKEVAND', 'Drikkevandsforsyning'],
  ['MARKVANDING', 'Markvanding'],
  ['PROCESVAND', 'Procesvand'],
  ['GARTNERI', 'Vanding i gartneri'],
);

/** Jupiter's CTRLPROGRAM code list 1–10 (DRWPLANT.CTRLPROGRAM since 1 May 2023; src/contract/jupiter.ts). */
export const JUPITER_CTRLPROGRAM: Opslag[] = Object.entries(JUPITER_CTRLPROGRAM_NAVNE).map(([id, navn]) => ({
  id: Number(id),
  kode: id,
  navn,
}));

export const JUPITER_KOORDINATMETODE = kodeliste(
  ['GPS', 'GPS-indmålt'],
  ['KORT', 'Digitaliseret på kort'],
  ['LANDINSPEKTOER', 'Indmålt af landinspektør'],
);

/** Jupiter supply categories (forsyningsarter) of pumped quantities, ids 1–5. */
export const JUPITER_FORSYNINGSART = kodeliste(
  ['HUSHOLDNING', 'Husholdninger'],
  ['ERHVERV', 'Erhverv og industri'],
  ['INSTITUTION', 'Offentlige institutioner'],
  ['LANDBRUG', 'Landbrug og gartneri'],
  ['ANDET', 'Andre forbrugere'],
);

/** Jupiter permit types of a water plant (VandanlaegTilladelse.jupiterTilladelsetypeId). */
export const JUPITER_TILLADELSETYPE = kodeliste(
  ['INDVINDING', 'Indvindingstilladelse'],
  ['BORING', 'Boretilladelse'],
  ['MIDLERTIDIG', 'Midlertidig tilladelse (prøvepumpning)'],
  ['GRUNDVANDSSAENKNING', 'Tilladelse til grundvandssænkning'],
);

/** Enforcement types of a water plant (vandanlaegHaandhaevelseType). */
export const VANDANLAEG_HAANDHAEVELSE_TYPE = kodeliste(
  ['HENSTILLING', 'Henstilling'],
  ['INDSKAERPELSE', 'Indskærpelse'],
  ['PAABUD', 'Påbud'],
  ['FORBUD', 'Forbud'],
  ['POLITIANMELDELSE', 'Politianmeldelse'],
);

/** Inspection types of a water plant (vandanlaegtilsynstype). */
export const VANDANLAEG_TILSYNSTYPE = kodeliste(
  ['VANDVAERK', 'Tilsyn på vandværk'],
  ['BORING', 'Boringskontrol'],
  ['TEKNISK', 'Teknisk tilsyn'],
  ['ADMINISTRATIVT', 'Administrativt tilsyn'],
  ['OPFOELGNING', 'Opfølgende tilsyn'],
);

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
