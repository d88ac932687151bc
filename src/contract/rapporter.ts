import type { RapportDef, RapportKolonne } from './rapport';
import type { RapportNavn } from './rapport-sider';
import { VAND_LAES } from './vand-data';

/**
 * The report pages (spec 001 §3 'Report rows'), each a declaration on the report engine
 * (./rapport.ts). Shared column groups (a water plant's data, a company's data) are declared once.
 * Where our model holds no data for a field the spec names, the column is left out (docs/decisions.md).
 */

/** 'facility data' of the water reports. */
const ANLAEG: readonly RapportKolonne[] = [
  { navn: 'anlaegsnavn', label: 'Anlægsnavn', type: 'tekst', filter: true },
  { navn: 'anlaegsnr', label: 'Anlægsnr.', type: 'tekst', filter: true },
  { navn: 'anlaegsadresse', label: 'Anlægsadresse', type: 'tekst', filter: true },
  { navn: 'jupiterId', label: 'Jupiter-id', type: 'tekst', filter: true },
];

export const GODKENDT = 'Godkendt';
export const AFVENTER_VALIDERING = 'Afventer validering';

/** Whether a water datum is approved or awaits validation (discarded data is never reported). */
const VALIDERINGSSTATUS: RapportKolonne = {
  navn: 'valideringsstatus',
  label: 'Valideringsstatus',
  type: 'valg',
  filter: { valg: [GODKENDT, AFVENTER_VALIDERING] },
};

/**
 * The water reports count approved data (issue 29): entries awaiting validation show only when the
 * user filters by validation status, and then every row says which it is (the column comes along).
 */
const KUN_GODKENDTE = [
  {
    property: 'valideringsstatus',
    standard: `valideringsstatus:equals(${GODKENDT})`,
    forklaring:
      'Rapporten tæller kun godkendte data. Ret filteret for også at se poster, der afventer validering.',
  },
] as const;

/** Year and month of a row's date. */
const AAR_MAANED: readonly RapportKolonne[] = [
  { navn: 'aarstal', label: 'Årstal', type: 'tal', nummer: true, filter: true },
  { navn: 'maaned', label: 'Måned', type: 'tal', nummer: true, filter: true },
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
    {
      navn: 'jupiterVandType',
      label: 'Vandtype',
      type: 'valg',
      filter: true,
      opslag: 'MWVandanlaegLookUp/list/jupitervandtype',
    },
    { navn: 'vandmaengdeOppumpet', label: 'Oppumpet (m³)', type: 'tal', filter: true, sum: true },
    { navn: 'totalVandmaengdeOppumpet', label: 'Oppumpet i alt (m³)', type: 'tal', sum: true },
    { navn: 'maalerstandStart', label: 'Målerstand start', type: 'tal', sorterbar: false },
    { navn: 'maalerstandSlut', label: 'Målerstand slut', type: 'tal', sorterbar: false },
    { navn: 'omregningsfaktor', label: 'Omregningsfaktor', type: 'tal', sorterbar: false },
    // The line loss and its terms (src/contract/vand-regler.ts), so a row can be checked by hand.
    { navn: 'importeret', label: 'Importeret (m³)', type: 'tal', sum: true },
    { navn: 'eksporteret', label: 'Eksporteret (m³)', type: 'tal', sum: true },
    { navn: 'vandvaerketsEgetForbrug', label: 'Eget forbrug (m³)', type: 'tal', sum: true },
    { navn: 'filterskylning', label: 'Filterskylning (m³)', type: 'tal', sum: true },
    { navn: 'samletLeveretVandmaengde', label: 'Leveret (m³)', type: 'tal', sum: true },
    { navn: 'ledningstab', label: 'Ledningstab (m³)', type: 'tal', filter: true, sum: true },
    VALIDERINGSSTATUS,
  ],
  standardKolonner: ['aarstal', 'anlaegsnavn', 'totalVandmaengdeOppumpet', 'antal'],
  standardSort: 'aarstal',
  standardFiltre: KUN_GODKENDTE,
  tidsserie: { x: 'startdato', y: 'vandmaengdeOppumpet', aggregat: 'sum', enhed: 'm³' },
};

const BORINGPEJLING: RapportDef = {
  navn: 'boringpejling',
  titel: 'Pejlinger',
  access: VAND_LAES,
  kolonner: [
    AAR_MAANED[0]!,
    AAR_MAANED[1]!,
    { navn: 'pejletidspunkt', label: 'Pejletidspunkt', type: 'dato', filter: true, medTid: true },
    ANLAEG[0]!,
    ...ANLAEG.slice(1),
    { navn: 'dgunr', label: 'DGU-nr.', type: 'tekst', filter: true },
    { navn: 'indtagsnr', label: 'Indtagsnr.', type: 'tal', nummer: true, filter: true },
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
    VALIDERINGSSTATUS,
  ],
  standardKolonner: ['pejletidspunkt', 'anlaegsnavn', 'dgunr', 'grundvandskote', 'vandstandUnderTerraen'],
  standardSort: 'pejletidspunkt',
  standardFiltre: KUN_GODKENDTE,
  tidsserie: { x: 'pejletidspunkt', y: 'grundvandskote', aggregat: 'gennemsnit', enhed: 'm DVR90' },
};

// ---------------------------------------------------------------- reports over companies and farms

/** The right of the reports over companies and farms (a user sees the types whose right she holds). */
export const VIRKSOMHED_LANDBRUG_LAES = 'SAGSBEHANDLER_VIRKSOMHED_LAES||SAGSBEHANDLER_LANDBRUG_LAES';

/** The Kategori filter's wire values (spec 001 §5: 'Ingen' → '3_', '2' → '2_'). */
export const KATEGORI_VAERDIER = ['1a', '1b', '2_', '3_'] as const;

const DMA = (navn: string) => `dmalookup/${navn}`;
const LANDBRUG = (navn: string) => `mwlandbruglookup/list/${navn}`;
const VAND = (navn: string) => `MWVandanlaegLookUp/list/${navn}`;

/** A column holding a fixed lookup's name, filtered by those names. */
const opslag = (navn: string, label: string, sti: string): RapportKolonne => ({
  navn,
  label,
  type: 'valg',
  filter: true,
  opslag: sti,
});

const tekst = (navn: string, label: string, filter = true): RapportKolonne => ({
  navn,
  label,
  type: 'tekst',
  filter,
});
const dato = (navn: string, label: string): RapportKolonne => ({ navn, label, type: 'dato', filter: true });
const tal = (navn: string, label: string, ekstra: Partial<RapportKolonne> = {}): RapportKolonne => ({
  navn,
  label,
  type: 'tal',
  filter: true,
  ...ekstra,
});
const jaNej = (navn: string, label: string): RapportKolonne => ({ navn, label, type: 'bool', filter: true });

/** DMA status (spec 001 §4: Aktiv or Inaktiv, default Aktiv). */
const DMA_AKTIV: RapportKolonne = {
  navn: 'dmaAktiv',
  label: 'DMA-status',
  type: 'valg',
  filter: { valg: ['Aktiv', 'Inaktiv'] },
};
const DMA_AKTIV_STANDARD = [{ property: 'dmaaktiv', standard: 'dmaaktiv:equals(Aktiv)' }] as const;

/** A company's or farm's data, as every report over their records carries it. */
const VIRKSOMHED: readonly RapportKolonne[] = [
  tekst('virksomhedsnavn', 'Virksomhedsnavn'),
  tekst('virksomhedsadresse', 'Adresse'),
  tekst('cvrNummer', 'CVR-nr.'),
  tekst('pNummer', 'P-nr.'),
  tekst('chrNummer', 'CHR-nr.'),
  {
    navn: 'virksomhedstype',
    label: 'Virksomhedstype',
    type: 'valg',
    filter: { valg: ['Virksomhed', 'Landbrug'] },
  },
  {
    navn: 'virksomhedskategori',
    label: 'Kategori',
    type: 'valg',
    filter: { valg: KATEGORI_VAERDIER },
  },
  tekst('hovedaktivitet', 'Hovedaktivitet'),
  opslag('virksomhedsgruppe', 'Virksomhedsgruppe', DMA('virksomhedsgrupper')),
  { navn: 'virksomhedId', label: 'Virksomheds-id', type: 'tal', nummer: true },
];

/** The case worker of a record. */
const SAGSBEHANDLER = tekst('sagsbehandler', 'Sagsbehandler');

const TILSYN: RapportDef = {
  navn: 'tilsyn',
  titel: 'Tilsyn',
  access: VIRKSOMHED_LANDBRUG_LAES,
  kolonner: [
    tal('aarstal', 'Årstal', { nummer: true }),
    dato('dato', 'Tilsynsdato'),
    tekst('titel', 'Titel'),
    opslag('tilsynskategori', 'Tilsynskategori', DMA('tilsynsKategorier')),
    opslag('tilsynstype', 'Tilsynstype', DMA('tilsynsTyper')),
    opslag('baggrundForTilsyn', 'Baggrund for tilsyn', DMA('tilsynsBaggrunde')),
    jaNej('varslet', 'Varslet'),
    dato('planlagtStart', 'Planlagt start'),
    dato('planlagtSlut', 'Planlagt slut'),
    SAGSBEHANDLER,
    jaNej('filIDMA', 'Tilsynsrapport lagt i DMA'),
    ...VIRKSOMHED,
    { navn: 'biaktiviteter', label: 'Biaktiviteter', type: 'tekst', sorterbar: false, filter: true },
    dato('ophoertDato', 'Ophørt dato'),
    jaNej('omfattetAfVOC', 'Omfattet af VOC'),
    jaNej('risikoVirksomhed', 'Risikovirksomhed'),
    DMA_AKTIV,
    { navn: 'tilsynId', label: 'Tilsyns-id', type: 'tal', nummer: true },
  ],
  standardKolonner: ['aarstal', 'tilsynskategori', 'antal'],
  standardSort: 'aarstal',
  standardRetning: 'DESC',
  obligatoriskeFiltre: DMA_AKTIV_STANDARD,
};

const HAANDHAEVELSER: RapportDef = {
  navn: 'haandhaevelser',
  titel: 'Håndhævelser',
  access: VIRKSOMHED_LANDBRUG_LAES,
  kolonner: [
    tal('aarstal', 'Årstal', { nummer: true }),
    dato('dato', 'Meddelt dato'),
    dato('frist', 'Frist'),
    dato('efterkommetDato', 'Efterkommet dato'),
    tekst('titel', 'Titel'),
    opslag('haandhaevelsestype', 'Håndhævelsestype', DMA('haandhaevelsesTyper')),
    opslag('haandhaevelsesstatus', 'Status', DMA('haandhaevelsesStatusser')),
    SAGSBEHANDLER,
    ...VIRKSOMHED,
    DMA_AKTIV,
    { navn: 'haandhaevelseId', label: 'Håndhævelses-id', type: 'tal', nummer: true },
  ],
  standardKolonner: ['aarstal', 'haandhaevelsestype', 'haandhaevelsesstatus', 'antal'],
  standardSort: 'aarstal',
  standardRetning: 'DESC',
  obligatoriskeFiltre: DMA_AKTIV_STANDARD,
};

const AFGOERELSER: RapportDef = {
  navn: 'afgoerelser',
  titel: 'Afgørelser',
  access: VIRKSOMHED_LANDBRUG_LAES,
  kolonner: [
    tal('aarstal', 'Årstal', { nummer: true }),
    dato('dato', 'Afgørelsesdato'),
    tekst('titel', 'Titel'),
    opslag('afgoerelsestype', 'Afgørelsestype', DMA('dmaDokumenttype')),
    opslag('afgoerelsesstatus', 'Status', DMA('afgoerelsesStatus')),
    opslag('resultat', 'Resultat', DMA('resultatAfgoerelse')),
    dato('offentliggjortDato', 'Offentliggjort'),
    dato('klagefristDato', 'Klagefrist'),
    tekst('journalNr', 'Journalnummer'),
    SAGSBEHANDLER,
    ...VIRKSOMHED,
    DMA_AKTIV,
    { navn: 'afgoerelseId', label: 'Afgørelses-id', type: 'tal', nummer: true },
  ],
  standardKolonner: ['aarstal', 'afgoerelsestype', 'antal'],
  standardSort: 'aarstal',
  standardRetning: 'DESC',
  obligatoriskeFiltre: DMA_AKTIV_STANDARD,
};

/** A storage facility's own columns (an opbevaringslager record), with the label of its type. */
const lager = (typeLabel: string): RapportKolonne[] => [
  tekst('betegnelse', 'Betegnelse'),
  opslag('lagertype', typeLabel, LANDBRUG('beholdertype')),
  opslag('indhold', 'Indhold', LANDBRUG('opbevaringsindhold')),
  tal('kapacitet', 'Kapacitet (m³)', { sum: true }),
  tal('etableringsaar', 'Etableringsår', { nummer: true }),
  opslag('overdaekning', 'Overdækning', LANDBRUG('overdaekning')),
];

/** Whether a facility's next control is overdue, coming or not set. */
const KONTROLSTATUS: RapportKolonne = {
  navn: 'kontrolstatus',
  label: 'Kontrolstatus',
  type: 'valg',
  filter: { valg: ['Overskredet', 'Kommende', 'Ikke fastsat'] },
};

const BEHOLDERE: RapportDef = {
  navn: 'beholdere',
  titel: 'Beholdere',
  access: VIRKSOMHED_LANDBRUG_LAES,
  kolonner: [
    ...lager('Beholdertype'),
    ...VIRKSOMHED,
    { navn: 'lagerId', label: 'Lager-id', type: 'tal', nummer: true },
  ],
  standardKolonner: ['lagertype', 'kapacitet', 'antal'],
  standardSort: 'lagertype',
};

const BEHOLDERKONTROL: RapportDef = {
  navn: 'beholderkontrol',
  titel: 'Beholderkontrol',
  access: VIRKSOMHED_LANDBRUG_LAES,
  kolonner: [
    dato('senesteKontrol', 'Seneste beholderkontrol'),
    dato('naesteKontrol', 'Næste beholderkontrol'),
    tal('kontrolAarstal', 'Næste kontrol, årstal', { nummer: true }),
    KONTROLSTATUS,
    ...lager('Beholdertype'),
    ...VIRKSOMHED,
    { navn: 'lagerId', label: 'Lager-id', type: 'tal', nummer: true },
  ],
  standardKolonner: ['virksomhedsnavn', 'betegnelse', 'senesteKontrol', 'naesteKontrol', 'kontrolstatus'],
  standardSort: 'naesteKontrol',
};

const OLIETANK: RapportDef = {
  navn: 'olietank',
  titel: 'Olietanke',
  access: VIRKSOMHED_LANDBRUG_LAES,
  kolonner: [
    ...lager('Tanktype'),
    dato('senesteKontrol', 'Seneste inspektion'),
    ...VIRKSOMHED,
    { navn: 'lagerId', label: 'Lager-id', type: 'tal', nummer: true },
  ],
  standardKolonner: ['virksomhedsnavn', 'betegnelse', 'lagertype', 'indhold', 'kapacitet'],
  standardSort: 'virksomhedsnavn',
};

const OLIETANKSINSPEKTION: RapportDef = {
  navn: 'olietanksinspektion',
  titel: 'Olietanksinspektioner',
  access: VIRKSOMHED_LANDBRUG_LAES,
  kolonner: [
    tal('aarstal', 'Årstal', { nummer: true }),
    dato('inspektionsdato', 'Inspektionsdato'),
    dato('naesteInspektion', 'Næste inspektion'),
    KONTROLSTATUS,
    ...lager('Tanktype'),
    ...VIRKSOMHED,
    { navn: 'lagerId', label: 'Lager-id', type: 'tal', nummer: true },
  ],
  standardKolonner: ['aarstal', 'lagertype', 'antal'],
  standardSort: 'aarstal',
  standardRetning: 'DESC',
};

const PLADSER: RapportDef = {
  navn: 'pladser',
  titel: 'Pladser',
  access: VIRKSOMHED_LANDBRUG_LAES,
  kolonner: [
    ...lager('Pladstype'),
    dato('senesteKontrol', 'Seneste kontrol'),
    ...VIRKSOMHED,
    { navn: 'lagerId', label: 'Lager-id', type: 'tal', nummer: true },
  ],
  standardKolonner: ['lagertype', 'kapacitet', 'antal'],
  standardSort: 'lagertype',
};

const BRUGERBETALING: RapportDef = {
  navn: 'brugerbetaling',
  titel: 'Brugerbetaling',
  access: VIRKSOMHED_LANDBRUG_LAES,
  kolonner: [
    tal('aarstal', 'Årstal', { nummer: true }),
    dato('dato', 'Dato'),
    tekst('beskrivelse', 'Beskrivelse'),
    tekst('kategori', 'Tidsregistreringskategori'),
    {
      navn: 'gebyrtype',
      label: 'Gebyrtype',
      type: 'valg',
      filter: { valg: ['Timesats gebyr', 'Fast gebyr', 'Fremmed tjenesteydelse'] },
    },
    tal('timer', 'Timer', { sum: true }),
    tal('beloeb', 'Beløb (ekskl. moms)', { sum: true }),
    jaNej('faktureret', 'Faktureret'),
    SAGSBEHANDLER,
    ...VIRKSOMHED,
    { navn: 'brugerbetalingId', label: 'Registrerings-id', type: 'tal', nummer: true },
  ],
  standardKolonner: ['aarstal', 'gebyrtype', 'timer', 'beloeb', 'antal'],
  standardSort: 'aarstal',
  standardRetning: 'DESC',
};

// ---------------------------------------------------------------- water reports

/** Start and end year and month of a period. */
const PERIODE: readonly RapportKolonne[] = [
  tal('aarstal', 'Startår', { nummer: true }),
  tal('maaned', 'Startmåned', { nummer: true }),
  tal('slutAarstal', 'Slutår', { nummer: true }),
  tal('slutMaaned', 'Slutmåned', { nummer: true }),
  dato('startdato', 'Startdato'),
  dato('slutdato', 'Slutdato'),
];

/** Permit status (spec 001 §4: Gældende or Udløbet). */
const GAELDENDE: RapportKolonne = {
  navn: 'gaeldendeTilladelse',
  label: 'Gældende tilladelse',
  type: 'valg',
  filter: { valg: ['Gældende', 'Udløbet'] },
};

/** A permit's own columns. */
const TILLADELSE: readonly RapportKolonne[] = [
  ...PERIODE,
  GAELDENDE,
  tekst('titel', 'Betegnelse'),
  opslag('tilladelsestype', 'Tilladelsestype', VAND('jupitertilladelsetype')),
  opslag('vandtype', 'Vandtype', VAND('jupitervandtype')),
  opslag('indvindingsformaal', 'Indvindingsformål', VAND('jupiterindvindingsformaal')),
  jaNej('tilbagekaldt', 'Tilbagekaldt'),
  dato('tilbagekaldtDato', 'Tilbagekaldt dato'),
  tal('vandmaengdeM3Aar', 'Tilladt mængde (m³/år)', { sum: true }),
  tal('vandmaengdeM3Time', 'Tilladt mængde (m³/time)', { sum: true }),
  tekst('journalnr', 'Journalnr.'),
  SAGSBEHANDLER,
  { navn: 'tilladelseId', label: 'Tilladelses-id', type: 'tal', nummer: true },
];

const VANDTILLADELSE: RapportDef = {
  navn: 'vandtilladelse',
  titel: 'Tilladelser (anlæg)',
  access: VAND_LAES,
  kolonner: [
    ...TILLADELSE,
    { navn: 'dguNumre', label: 'DGU-numre', type: 'tekst', filter: true, sorterbar: false },
    ...ANLAEG,
  ],
  standardKolonner: [
    'anlaegsnavn',
    'tilladelsestype',
    'startdato',
    'slutdato',
    'vandmaengdeM3Aar',
    'gaeldendeTilladelse',
  ],
  standardSort: 'anlaegsnavn',
};

const VANDTILLADELSEBORING: RapportDef = {
  navn: 'vandtilladelseboring',
  titel: 'Tilladelser (boringer)',
  access: VAND_LAES,
  kolonner: [...TILLADELSE, tekst('dguNr', 'DGU-nr.'), tekst('boringsnavn', 'Boring'), ...ANLAEG],
  standardKolonner: [
    'anlaegsnavn',
    'dguNr',
    'tilladelsestype',
    'startdato',
    'slutdato',
    'gaeldendeTilladelse',
  ],
  standardSort: 'anlaegsnavn',
};

const BORINGTILLADELSE: RapportDef = {
  navn: 'boringtilladelse',
  titel: 'Boringstilladelser',
  access: VAND_LAES,
  kolonner: [
    ...TILLADELSE,
    dato('anlaegStartdato', 'Anlæggets startdato'),
    dato('anlaegSlutdato', 'Anlæggets slutdato'),
    tekst('virksomhedsnavn', 'Virksomhedsnavn'),
    tekst('virksomhedsAdresse', 'Virksomhedsadresse'),
    tekst('cvrnr', 'CVR-nr.'),
    tekst('pnr', 'P-nr.'),
    opslag('primaerVirksomhedstype', 'Primær virksomhedstype', VAND('jupitervirksomhedstype')),
    {
      navn: 'oevrigeVirksomhedstyper',
      label: 'Øvrige virksomhedstyper',
      type: 'tekst',
      filter: true,
      sorterbar: false,
    },
    tekst('anlaegsnr', 'Anlægsnr.'),
    opslag('anlaegsart', 'Anlægsart', VAND('jupiteranlaegsart')),
    opslag('jupiterAktivStatus', 'Aktiv status (Jupiter)', VAND('jupiteraktivstatus')),
    tekst('dgUnr', 'DGU-nr.'),
  ],
  standardKolonner: [
    'aarstal',
    'maaned',
    'slutAarstal',
    'slutMaaned',
    'startdato',
    'tilladelsestype',
    'tilladelseId',
  ],
  standardSort: 'aarstal',
  standardRetning: 'DESC',
};

const VANDTILSYN: RapportDef = {
  navn: 'vandtilsyn',
  titel: 'Tilsyn (vandanlæg)',
  access: VAND_LAES,
  kolonner: [
    ...AAR_MAANED,
    dato('udfoertDato', 'Udført dato'),
    dato('planlagtDato', 'Planlagt dato'),
    tekst('titel', 'Titel'),
    opslag('tilsynstype', 'Tilsynstype', VAND('vandanlaegtilsynstype')),
    tekst('udfoertAf', 'Udført af'),
    dato('frist', 'Frist for opfølgning'),
    SAGSBEHANDLER,
    ...ANLAEG,
    { navn: 'tilsynId', label: 'Tilsyns-id', type: 'tal', nummer: true },
  ],
  standardKolonner: ['aarstal', 'tilsynstype', 'antal'],
  standardSort: 'aarstal',
  standardRetning: 'DESC',
};

const VANDHAANDHAEVELSE: RapportDef = {
  navn: 'vandhaandhaevelse',
  titel: 'Håndhævelser (vandanlæg)',
  access: VAND_LAES,
  kolonner: [
    ...AAR_MAANED,
    dato('startdato', 'Startdato'),
    dato('deadline', 'Frist (deadline)'),
    opslag('haandhaevelsestype', 'Håndhævelsestype', VAND('vandanlaegHaandhaevelseType')),
    tekst('titel', 'Titel'),
    {
      navn: 'status',
      label: 'Status',
      type: 'valg',
      filter: { valg: ['Åben', 'Efterkommet', 'Afsluttet'] },
    },
    dato('efterkommetDato', 'Efterkommet dato'),
    SAGSBEHANDLER,
    ...ANLAEG,
    { navn: 'haandhaevelseId', label: 'Håndhævelses-id', type: 'tal', nummer: true },
  ],
  standardKolonner: ['aarstal', 'haandhaevelsestype', 'antal'],
  standardSort: 'aarstal',
  standardRetning: 'DESC',
};

const VANDFORSYNINGSFORDELING: RapportDef = {
  navn: 'vandforsyningsfordeling',
  titel: 'Forsyningsfordeling',
  access: VAND_LAES,
  kolonner: [
    ...AAR_MAANED,
    dato('startdato', 'Startdato'),
    dato('slutdato', 'Slutdato'),
    ...ANLAEG,
    opslag('forsyningsartNavn', 'Forsyningsart', VAND('jupiterforsyningsart')),
    { navn: 'maalerstandStart', label: 'Målerstand start', type: 'tal', sorterbar: false },
    { navn: 'maalerstandSlut', label: 'Målerstand slut', type: 'tal', sorterbar: false },
    { navn: 'omregningsfaktor', label: 'Omregningsfaktor', type: 'tal', sorterbar: false },
    VALIDERINGSSTATUS,
    tal('oppumpetMaengde', 'Oppumpet i perioden (m³)'),
    tal('forsyningsartMaengde', 'Mængde (m³)', { sum: true }),
    tal('sumForsyningsartMaengde', 'Mængde i alt (m³)', { sum: true }),
    tal('modtagerAntal', 'Antal modtagere', { sum: true, heltal: true }),
  ],
  standardKolonner: ['aarstal', 'forsyningsartNavn', 'sumForsyningsartMaengde', 'antal'],
  standardSort: 'aarstal',
  standardRetning: 'DESC',
  standardFiltre: KUN_GODKENDTE,
};

const VANDANLAEGKONTAKTPERSONER: RapportDef = {
  navn: 'vandanlaegkontaktpersoner',
  titel: 'Kontaktpersoner (vandanlæg)',
  access: VAND_LAES,
  kolonner: [
    tekst('navn', 'Navn'),
    tekst('email', 'E-mail'),
    tekst('telefon', 'Telefon'),
    tekst('kontaktType', 'Rolle'),
    tekst('jupiterId', 'Jupiter-id (kontakt)'),
    {
      navn: 'kontaktTypeAktiv',
      label: 'Aktiv',
      type: 'valg',
      filter: { valg: ['Aktiv', 'Inaktiv'] },
    },
    ANLAEG[0]!,
    ANLAEG[2]!,
    ANLAEG[1]!,
    tal('antalRoller', 'Antal roller', { heltal: true }),
  ],
  standardKolonner: ['navn', 'anlaegsnavn', 'anlaegsadresse', 'antalRoller'],
  standardSort: 'navn',
  obligatoriskeFiltre: [{ property: 'kontakttypeaktiv', standard: 'kontakttypeaktiv:equals(Aktiv)' }],
};

/** Every report page (spec 001 §2 '/rapport'), by its name in ./rapport-sider.ts. */
export const RAPPORTER: Record<RapportNavn, RapportDef> = {
  tilsyn: TILSYN,
  haandhaevelser: HAANDHAEVELSER,
  afgoerelser: AFGOERELSER,
  beholdere: BEHOLDERE,
  beholderkontrol: BEHOLDERKONTROL,
  olietank: OLIETANK,
  olietanksinspektion: OLIETANKSINSPEKTION,
  pladser: PLADSER,
  brugerbetaling: BRUGERBETALING,
  vandanlaegkontaktpersoner: VANDANLAEGKONTAKTPERSONER,
  vandtilladelse: VANDTILLADELSE,
  vandtilladelseboring: VANDTILLADELSEBORING,
  vandtilsyn: VANDTILSYN,
  vandhaandhaevelse: VANDHAANDHAEVELSE,
  vandoppumpet: VANDOPPUMPET,
  vandforsyningsfordeling: VANDFORSYNINGSFORDELING,
  boringtilladelse: BORINGTILLADELSE,
  boringpejling: BORINGPEJLING,
};
