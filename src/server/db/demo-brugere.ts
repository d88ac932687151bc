import { ALLE_ROLLER_UDEN_TIMEOUT, type Rolle } from '../../contract/roles';

/** The demo customers: real Danish municipalities with their real municipality numbers. */
export const DEMO_KUNDER = [
  { navn: 'Skive Kommune', kundeNr: 779 },
  { navn: 'Herning Kommune', kundeNr: 657 },
  { navn: 'Jammerbugt Kommune', kundeNr: 849 },
] as const;

export interface DemoBruger {
  username: string;
  navn: string;
  roller: readonly Rolle[];
  /** Indexes into DEMO_KUNDER; the first is the user's default customer. */
  kunder: number[];
}

/** Demo users, all with password 'demo' (issue 2). */
export const DEMO_BRUGERE: DemoBruger[] = [
  { username: 'admin', navn: 'Anne Admin', roller: ALLE_ROLLER_UDEN_TIMEOUT, kunder: [0, 1, 2] },
  {
    username: 'kommuneadmin',
    navn: 'Karsten Kommunesen',
    // A municipal administrator who also handles companies: letters are made from inspections.
    roller: ['KommuneAdmin', 'SagsbehandlerAdmin', 'SagsbehandlerVirksomhed'],
    kunder: [0],
  },
  { username: 'virksomhed', navn: 'Vibeke Virksomhedsen', roller: ['SagsbehandlerVirksomhed'], kunder: [0] },
  { username: 'landbrug', navn: 'Lars Landmand', roller: ['SagsbehandlerLandbrug'], kunder: [0] },
  { username: 'vand', navn: 'Vera Vandløb', roller: ['SagsbehandlerVandanlaeg'], kunder: [0] },
  { username: 'affald', navn: 'Asger Affaldsen', roller: ['SagsbehandlerAffald'], kunder: [0] },
  { username: 'oekonomi', navn: 'Øjvind Økonomisen', roller: ['OkonomiAdmin'], kunder: [0] },
  {
    username: 'planlaegger',
    navn: 'Pia Planlægger',
    // A planner reads the companies and farms she plans (opens them beside the plan), changes none.
    roller: ['SagsbehandlerAarsplan', 'SagsbehandlerVirksomLaes', 'SagsbehandlerLandbrugLaes'],
    kunder: [0],
  },
  {
    username: 'laeser',
    navn: 'Lene Læser',
    roller: ['SagsbehandlerVirksomLaes', 'SagsbehandlerLandbrugLaes', 'SagsbehandlerVandanlaegLaes'],
    kunder: [0],
  },
  {
    username: 'multi',
    navn: 'Mads Multisen',
    roller: ['SagsbehandlerVirksomhed', 'SagsbehandlerLandbrug'],
    kunder: [0, 1],
  },
];

export const DEMO_ADGANGSKODE = 'demo';
