import {
  DMA_LOOKUPS,
  type DmaLookup,
  LANDBRUG_LOOKUPS,
  type LandbrugLookup,
  type LookupItem,
} from '../../contract/lookups';
import { SAT_KATEGORI_TEKST, SAT_RESULTAT_KATEGORIER, SAT_RESULTAT_TYPE_STI } from '../../contract/sat';
import { SAT_KATEGORI_STI } from '../../contract/sat-registreringer';
import { VANDANLAEG_LOOKUPS, type VandanlaegLookup, vandLookupSti } from '../../contract/vandanlaeg';
import { LANDBRUGSBRANCHER, VIRKSOMHEDSBRANCHER } from '../db/seed/brancher';
import {
  ADHOC_EMNER,
  BAT_KONKLUSIONER,
  DMA_MYNDIGHEDSTYPER,
  DMA_STATUS,
  JUPITER_AKTIV_STATUS,
  JUPITER_ANLAEGSART,
  JUPITER_CTRLPROGRAM,
  JUPITER_FORSYNINGSART,
  JUPITER_INDVINDINGSFORMAAL,
  JUPITER_KOORDINATMETODE,
  JUPITER_TILLADELSETYPE,
  JUPITER_VANDTYPE,
  JUPITER_VIRKSOMHEDSTYPE,
  KONTAKT_ROLLER_LANDBRUG,
  KONTAKT_ROLLER_VANDANLAEG,
  KONTAKT_ROLLER_VIRKSOMHED,
  MULIGE_VIRKSOMHEDSTYPER,
  VANDANLAEG_HAANDHAEVELSE_TYPE,
  VANDANLAEG_TILSYNSTYPE,
  VIRKSOMHEDSGRUPPER,
} from '../db/seed/lookups';

/**
 * The lookup catalogue: the local simulator's values of the DMA lookups and the product's own lists.
 * Ids are stable (the seed's records and `virksomhed.basis` refer to them; the lists that the seed's
 * lookups.ts already defines are reused with their ids). `dmaKode: false` marks values that are not
 * DMA's own; `aktiv: false` marks retired values that old records may still carry.
 */
type Def = readonly [
  kode: string,
  navn: string,
  opts?: { id?: number; aktiv?: boolean; dma?: boolean; beskrivelse?: string },
];

function liste(defs: readonly Def[]): LookupItem[] {
  return defs.map(([kode, navn, opts], i) => ({
    id: opts?.id ?? i + 1,
    brugerId: null,
    kode,
    navn,
    beskrivelse: opts?.beskrivelse ?? null,
    prioritet: i + 1,
    dmaKode: opts?.dma ?? true,
    aktiv: opts?.aktiv ?? true,
  }));
}

const fraOpslag = (items: readonly { id: number; kode: string; navn: string }[]): Def[] =>
  items.map((o) => [o.kode, o.navn, { id: o.id }] as const);

/** The municipalities as environmental authorities: id = the official municipality number. */
const KOMMUNER: readonly (readonly [number, string])[] = [
  [101, 'København'],
  [147, 'Frederiksberg'],
  [151, 'Ballerup'],
  [153, 'Brøndby'],
  [155, 'Dragør'],
  [157, 'Gentofte'],
  [159, 'Gladsaxe'],
  [161, 'Glostrup'],
  [163, 'Herlev'],
  [165, 'Albertslund'],
  [167, 'Hvidovre'],
  [169, 'Høje-Taastrup'],
  [173, 'Lyngby-Taarbæk'],
  [175, 'Rødovre'],
  [183, 'Ishøj'],
  [185, 'Tårnby'],
  [187, 'Vallensbæk'],
  [190, 'Furesø'],
  [201, 'Allerød'],
  [210, 'Fredensborg'],
  [217, 'Helsingør'],
  [219, 'Hillerød'],
  [223, 'Hørsholm'],
  [230, 'Rudersdal'],
  [240, 'Egedal'],
  [250, 'Frederikssund'],
  [253, 'Greve'],
  [259, 'Køge'],
  [260, 'Halsnæs'],
  [265, 'Roskilde'],
  [269, 'Solrød'],
  [270, 'Gribskov'],
  [306, 'Odsherred'],
  [316, 'Holbæk'],
  [320, 'Faxe'],
  [326, 'Kalundborg'],
  [329, 'Ringsted'],
  [330, 'Slagelse'],
  [336, 'Stevns'],
  [340, 'Sorø'],
  [350, 'Lejre'],
  [360, 'Lolland'],
  [370, 'Næstved'],
  [376, 'Guldborgsund'],
  [390, 'Vordingborg'],
  [400, 'Bornholms Regionskommune'],
  [410, 'Middelfart'],
  [420, 'Assens'],
  [430, 'Faaborg-Midtfyn'],
  [440, 'Kerteminde'],
  [450, 'Nyborg'],
  [461, 'Odense'],
  [479, 'Svendborg'],
  [480, 'Nordfyns'],
  [482, 'Langeland'],
  [492, 'Ærø'],
  [510, 'Haderslev'],
  [530, 'Billund'],
  [540, 'Sønderborg'],
  [550, 'Tønder'],
  [561, 'Esbjerg'],
  [563, 'Fanø'],
  [573, 'Varde'],
  [575, 'Vejen'],
  [580, 'Aabenraa'],
  [607, 'Fredericia'],
  [615, 'Horsens'],
  [621, 'Kolding'],
  [630, 'Vejle'],
  [657, 'Herning'],
  [661, 'Holstebro'],
  [665, 'Lemvig'],
  [671, 'Struer'],
  [706, 'Syddjurs'],
  [707, 'Norddjurs'],
  [710, 'Favrskov'],
  [727, 'Odder'],
  [730, 'Randers'],
  [740, 'Silkeborg'],
  [741, 'Samsø'],
  [746, 'Skanderborg'],
  [751, 'Aarhus'],
  [756, 'Ikast-Brande'],
  [760, 'Ringkøbing-Skjern'],
  [766, 'Hedensted'],
  [773, 'Morsø'],
  [779, 'Skive'],
  [787, 'Thisted'],
  [791, 'Viborg'],
  [810, 'Brønderslev'],
  [813, 'Frederikshavn'],
  [820, 'Vesthimmerlands'],
  [825, 'Læsø'],
  [840, 'Rebild'],
  [846, 'Mariagerfjord'],
  [849, 'Jammerbugt'],
  [851, 'Aalborg'],
  [860, 'Hjørring'],
];

const kommunenavn = (navn: string) => (navn.endsWith('kommune') ? navn : `${navn} Kommune`);

/** Main activities: the ones the seeded companies and farms carry (basis.hovedaktivitet is the name). */
const AKTIVITETER: Def[] = [
  ...new Set([...VIRKSOMHEDSBRANCHER, ...LANDBRUGSBRANCHER].map((b) => b.hovedaktivitet)),
].map((navn, i) => [`A${String(i + 1).padStart(3, '0')}`, navn] as const);

const ANLAEGSTYPER: Def[] = [
  ['HELE', 'Hele virksomheden'],
  ['PROCES', 'Produktions- og procesanlæg'],
  ['OPLAG', 'Lager og oplag'],
  ['SPILDEVAND', 'Spildevands- og renseanlæg'],
  ['FYRING', 'Fyringsanlæg'],
  ['HUSDYR', 'Husdyranlæg og stalde'],
  ['GOEDNING', 'Gødnings- og ensilageopbevaring'],
  ['VASKEPLADS', 'Vaskeplads og olieudskiller'],
  ['AFFALD', 'Affaldsbehandling'],
];

const KRAV: Def[] = [
  ['GODKENDELSE', 'Miljøgodkendelse'],
  ['PAABUD', 'Påbud'],
  ['BEKENDTGOERELSE', 'Bekendtgørelse eller standardvilkår'],
  ['HUSDYR', 'Husdyrgodkendelse eller -tilladelse'],
  ['SPILDEVAND', 'Spildevands- eller tilslutningstilladelse'],
  ['REGULATIV', 'Kommunalt regulativ', { dma: false }],
  ['INGEN', 'Ingen krav'],
];

const DMA_LISTER: Record<DmaLookup, LookupItem[]> = {
  virksomhedsgrupper: liste(fraOpslag(VIRKSOMHEDSGRUPPER)),
  aktiviteter: liste(AKTIVITETER),
  batkonklusion: liste([
    ...fraOpslag(BAT_KONKLUSIONER),
    ['LCP', 'BAT-konklusioner for store fyringsanlæg', { id: 5 }],
    ['STS', 'BAT-konklusioner for overfladebehandling med organiske opløsningsmidler', { id: 6 }],
    ['FMP', 'BAT-konklusioner for smedjer og støberier', { id: 7 }],
  ]),
  miljoemyndighed: liste([
    ...KOMMUNER.map(([nr, navn]) => [String(nr), kommunenavn(navn), { id: nr }] as const),
    ['MST', 'Miljøstyrelsen', { id: 1000 }],
  ]),
  dmaStatus: liste(fraOpslag(DMA_STATUS)),
  dmaMyndighedstyper: liste(fraOpslag(DMA_MYNDIGHEDSTYPER)),
  afgoerelseVedroererAnlaegstyper: liste(ANLAEGSTYPER),
  afgoerelsesStatus: liste([
    ['UDKAST', 'Udkast', { dma: false }],
    ['HOERING', 'I høring', { dma: false }],
    ['MEDDELT', 'Meddelt'],
    ['PAAKLAGET', 'Påklaget'],
    ['ENDELIG', 'Endelig'],
    ['OPHAEVET', 'Ophævet'],
    ['BORTFALDET', 'Bortfaldet', { aktiv: false }],
  ]),
  afgoerelseBATAEL: liste([
    ['OVERHOLDT', 'BAT-AEL overholdes'],
    ['UNDTAGELSE', 'Undtagelse fra BAT-AEL meddelt'],
    ['IKKE_RELEVANT', 'Ikke relevant'],
  ]),
  resultatAfgoerelse: liste([
    ['GODKENDT', 'Godkendt'],
    ['GODKENDT_VILKAAR', 'Godkendt med vilkår'],
    ['DELVIST_AFSLAG', 'Delvist afslag'],
    ['AFSLAG', 'Afslag'],
    ['HENLAGT', 'Henlagt', { dma: false }],
  ]),
  dmaDokumenttype: liste([
    ['MILJOEGODKENDELSE', 'Miljøgodkendelse'],
    ['REVURDERING', 'Revurdering af miljøgodkendelse'],
    ['TILLAEG', 'Tillæg til miljøgodkendelse'],
    ['HUSDYRGODKENDELSE', 'Husdyrgodkendelse (§ 16 a)'],
    ['HUSDYRTILLADELSE', 'Husdyrtilladelse (§ 16 b)'],
    ['PAABUD', 'Påbud'],
    ['TILLADELSE', 'Tilladelse'],
    ['DISPENSATION', 'Dispensation'],
    ['TILSYNSRAPPORT', 'Tilsynsrapport'],
    ['ANMELDELSE', 'Afgørelse om anmeldelse', { dma: false }],
  ]),
  dmaFortrolighedsNiveau: liste([
    ['OFFENTLIG', 'Offentlig'],
    ['DELVIST', 'Delvist fortrolig'],
    ['FORTROLIG', 'Fortrolig'],
  ]),
  // Miljøtilsynsbekendtgørelsen (BEK 1536/2019) § 14 stk. 1 and DMA: the *tilsynstype* is physical or
  // administrative; the *tilsynskategori* is basis, prioriteret, kampagne, opstart, § 9 or øvrige
  // (guide 4.1). Until migration 0021 the two lists were swapped; the ids stayed with their codes, so
  // the migration only swaps the two keys in every inspection's data. KLAGE and OPFOELGNING are the
  // categories of before (inactive: kept for the records that name them; DMA takes them as § 9).
  tilsynsTyper: liste([
    ['FYSISK', 'Fysisk tilsyn'],
    ['ADMINISTRATIVT', 'Administrativt tilsyn'],
    ['SYSTEMREVISION', 'Systemrevision', { dma: false }],
  ]),
  tilsynsKategorier: liste([
    ['BASIS', 'Basistilsyn (inkl. relateret tilsyn)', { id: 1 }],
    ['PRIORITERET', 'Prioriteret tilsyn', { id: 2 }],
    ['KAMPAGNE', 'Kampagnetilsyn', { id: 3 }],
    ['OPSTART', 'Opstartstilsyn', { id: 8 }],
    ['PARAGRAF9', '§ 9-tilsyn (klage, uheld, overtrædelse, før godkendelse)', { id: 9 }],
    ['OEVRIGE', 'Øvrige tilsyn (ikke omfattet af regelmæssigt tilsyn)', { id: 10 }],
    ['KLAGE', 'Klagesagstilsyn (tidligere kategori, indberettes som § 9-tilsyn)', { id: 4, aktiv: false }],
    [
      'OPFOELGNING',
      'Opfølgende tilsyn (tidligere kategori, indberettes som § 9-tilsyn)',
      { id: 5, aktiv: false },
    ],
    ['ANDET', 'Andet tilsyn (tidligere kategori)', { id: 6, aktiv: false }],
    ['REGELMAESSIGT', 'Regelmæssigt tilsyn (før 2018)', { id: 7, aktiv: false }],
  ]),
  tilsynsBaggrunde: liste([
    ['PLANLAGT', 'Planlagt tilsyn (tilsynsplan)'],
    ['KLAGE', 'Klage fra borger eller nabo'],
    ['UHELD', 'Uheld eller forurening'],
    ['HAANDHAEVELSE', 'Opfølgning på håndhævelse'],
    ['ANDEN_MYNDIGHED', 'Henvendelse fra anden myndighed'],
    ['VIRKSOMHEDEN', 'Henvendelse fra virksomheden', { dma: false }],
    ['KAMPAGNE', 'Kampagne'],
  ]),
  tilsynsVedroererAnlaegstyper: liste(ANLAEGSTYPER),
  tilsynVedroererKrav: liste(KRAV),
  miljoeForhold: liste([
    ['STOEJ', 'Støj og vibrationer'],
    ['LUFT', 'Luftforurening og emissioner'],
    ['LUGT', 'Lugt'],
    ['SPILDEVAND', 'Spildevand'],
    ['AFFALD', 'Affald'],
    ['JORD', 'Jord og grundvand'],
    ['KEMIKALIER', 'Kemikalier og olie'],
    ['RESSOURCER', 'Energi og ressourcer'],
    ['GOEDNING', 'Husdyrgødning og ensilage'],
    ['NATUR', 'Natur og ammoniak'],
  ]),
  haandhaevelsesStatusser: liste([
    ['AABEN', 'Åben'],
    ['AFVENTER', 'Afventer virksomheden'],
    ['EFTERKOMMET', 'Efterkommet'],
    ['LUKKET', 'Lukket'],
    ['POLITI', 'Overgivet til politiet'],
  ]),
  haandhaevelsesTyper: liste([
    ['HENSTILLING', 'Henstilling', { dma: false }],
    ['INDSKAERPELSE', 'Indskærpelse'],
    ['PAABUD', 'Påbud'],
    ['FORBUD', 'Forbud'],
    ['POLITIANMELDELSE', 'Politianmeldelse'],
    ['BOEDE', 'Administrativt bødeforelæg'],
  ]),
  haandhaevelsesVedroererKrav: liste(KRAV),
  haandhaevelsesVedroererAnlaegstype: liste(ANLAEGSTYPER),
  risikoscoretype: liste([
    ['DMA', 'Miljørisikovurdering (DMA-model)'],
    ['HUSDYR', 'Risikovurdering af husdyrbrug'],
    ['EGEN', 'Kommunens egen risikovurdering', { dma: false }],
  ]),
  fyringsanlaegTyper: liste([
    ['OLIEFYR', 'Oliefyr'],
    ['GASFYR', 'Gasfyr'],
    ['BIOKEDEL', 'Biobrændselskedel'],
    ['HALMFYR', 'Halmfyr'],
    ['GASMOTOR', 'Gasmotor'],
    ['GASTURBINE', 'Gasturbine'],
    ['KRAFTVARME', 'Kraftvarmeanlæg'],
    ['KULFYR', 'Kulfyr', { aktiv: false }],
  ]),
  braendselTyper: liste([
    ['FYRINGSOLIE', 'Fyringsolie'],
    ['NATURGAS', 'Naturgas'],
    ['BIOGAS', 'Biogas'],
    ['TRAEPILLER', 'Træpiller'],
    ['TRAEFLIS', 'Træflis'],
    ['HALM', 'Halm'],
    ['KORN', 'Korn og kerner'],
    ['KUL', 'Kul', { aktiv: false }],
  ]),
  fyringsanlaegStoerrelser: liste([
    ['U120', 'Under 120 kW'],
    ['120_1000', '120 kW – 1 MW'],
    ['1_5', '1–5 MW (mellemstort fyringsanlæg)'],
    ['5_50', '5–50 MW (mellemstort fyringsanlæg)'],
    ['O50', '50 MW og derover (stort fyringsanlæg)'],
  ]),
};

const LANDBRUG_LISTER: Record<LandbrugLookup, LookupItem[]> = {
  primaerdyretype: liste([
    ['KVAEG', 'Kvæg'],
    ['SVIN', 'Svin'],
    ['FJERKRAE', 'Fjerkræ'],
    ['PELSDYR', 'Pelsdyr'],
    ['HESTE', 'Heste'],
    ['FAAR_GEDER', 'Får og geder'],
    ['INGEN', 'Ingen dyr'],
  ]),
  areal: liste([
    ['EJET', 'Ejet areal'],
    ['FORPAGTET', 'Forpagtet areal'],
    ['AFTALE', 'Aftaleareal (gylleaftale)'],
    ['VEDVARENDE_GRAES', 'Vedvarende græs'],
    ['BRAK', 'Brak og efterafgrøder'],
  ]),
  beholdertype: liste([
    ['GYLLETANK', 'Gyllebeholder'],
    ['GYLLELAGUNE', 'Gyllelagune'],
    ['MOEDDINGPLADS', 'Møddingsplads'],
    ['AJLEBEHOLDER', 'Ajlebeholder'],
    ['ENSILAGEPLADS', 'Ensilageplads'],
    ['OLIETANK_OVERJORD', 'Olietank over jord'],
    ['OLIETANK_NEDGRAVET', 'Olietank nedgravet'],
    ['KEMIKALIEDEPOT', 'Kemikalie- og sprøjtemiddelrum'],
  ]),
  opbevaringsindhold: liste([
    ['GYLLE', 'Gylle'],
    ['FAST_GOEDNING', 'Fast gødning'],
    ['AJLE', 'Ajle'],
    ['ENSILAGE', 'Ensilage'],
    ['FYRINGSOLIE', 'Fyringsolie'],
    ['DIESELOLIE', 'Dieselolie'],
    ['SPILDOLIE', 'Spildolie'],
    ['KEMIKALIER', 'Kemikalier og sprøjtemidler'],
  ]),
  overdaekning: liste([
    ['FAST', 'Fast overdækning (teltdug eller betonlåg)'],
    ['FLYDELAG', 'Naturligt flydelag'],
    ['FLYDEDUG', 'Flydedug eller LECA'],
    ['INGEN', 'Ingen overdækning'],
  ]),
  staldsystem: liste([
    ['SENGESTALD_SPALTER', 'Sengestald med spalter'],
    ['SENGESTALD_FAST', 'Sengestald med fast gulv'],
    ['DYBSTROELSE', 'Dybstrøelse'],
    ['DELVIST_SPALTE', 'Delvist spaltegulv'],
    ['FULDSPALTE', 'Fuldspaltegulv'],
    ['DRAENET_GULV', 'Drænet gulv og spalter'],
    ['VOLIERE', 'Volière eller skrabeanlæg'],
    ['FRILAND', 'Friland'],
    ['BURE', 'Bure', { aktiv: false }],
  ]),
};

const DYRETYPER = liste([
  ['MALKEKO_TUNG', 'Malkekøer, tung race'],
  ['MALKEKO_JERSEY', 'Malkekøer, jersey'],
  ['KVIER', 'Kvier og stude'],
  ['AMMEKOEER', 'Ammekøer'],
  ['SLAGTEKALVE', 'Slagtekalve'],
  ['SOEER', 'Søer med grise til 7 kg'],
  ['SMAAGRISE', 'Smågrise 7–30 kg'],
  ['SLAGTESVIN', 'Slagtesvin 30–110 kg'],
  ['SLAGTEKYLLINGER', 'Slagtekyllinger'],
  ['HOENER', 'Æglæggende høner'],
  ['KALKUNER', 'Kalkuner'],
  ['HESTE', 'Heste'],
  ['FAAR', 'Får'],
  ['GEDER', 'Geder'],
  ['MINK', 'Mink', { aktiv: false }],
]);

const unik = (items: readonly string[]) => [...new Set(items)];
const tilKoder = (items: readonly string[]): Def[] =>
  items.map((navn) => [
    navn
      .toUpperCase()
      .replaceAll('Æ', 'AE')
      .replaceAll('Ø', 'OE')
      .replaceAll('Å', 'AA')
      .replace(/[^A-Z0-9]+/g, '_'),
    navn,
  ]);

/** Time-registration categories; `for` limits a category to companies (1) or farms (2). */
const TIDSREGISTRERING: readonly Def[] = [
  ['TILSYN', 'Tilsyn på stedet'],
  ['FORBEREDELSE', 'Forberedelse af tilsyn'],
  ['RAPPORT', 'Tilsynsrapport og opfølgning'],
  ['GODKENDELSE', 'Miljøgodkendelse og revurdering'],
  ['HAANDHAEVELSE', 'Håndhævelse'],
  ['KLAGE', 'Klagesagsbehandling'],
  ['HUSDYR', 'Husdyrtilsyn'],
  ['GOEDNING', 'Kontrol af gødningsopbevaring'],
  ['ADMINISTRATION', 'Administration og journalisering'],
];
const TIDSREGISTRERING_FOR: Record<string, readonly (1 | 2)[]> = {
  HUSDYR: [2],
  GOEDNING: [2],
};
const TIDSREGISTRERING_LISTE = liste(TIDSREGISTRERING);

/** The water-plant lists (MWVandanlaegLookUp/list/{name}); ids are the ones the seed's basis refers to. */
const VANDANLAEG_LISTER: Record<VandanlaegLookup, LookupItem[]> = {
  jupitervirksomhedstype: liste(fraOpslag(JUPITER_VIRKSOMHEDSTYPE)),
  jupiteranlaegsart: liste(fraOpslag(JUPITER_ANLAEGSART)),
  jupiteraktivstatus: liste(fraOpslag(JUPITER_AKTIV_STATUS)),
  jupiterforsyningsart: liste(fraOpslag(JUPITER_FORSYNINGSART)),
  vandanlaegHaandhaevelseType: liste(fraOpslag(VANDANLAEG_HAANDHAEVELSE_TYPE)),
  jupitertilladelsetype: liste(fraOpslag(JUPITER_TILLADELSETYPE)),
  vandanlaegtilsynstype: liste(fraOpslag(VANDANLAEG_TILSYNSTYPE)),
  jupitervandtype: liste(fraOpslag(JUPITER_VANDTYPE)),
  jupiterindvindingsformaal: liste(fraOpslag(JUPITER_INDVINDINGSFORMAAL)),
  jupiterctrlprogram: liste(fraOpslag(JUPITER_CTRLPROGRAM)),
  jupiterkoordinatmetode: liste(fraOpslag(JUPITER_KOORDINATMETODE)),
  kommune: liste(KOMMUNER.map(([nr, navn]) => [String(nr), kommunenavn(navn), { id: nr }] as const)),
};

/** Every fixed list, keyed by its API path in lower case. */
export const LOOKUP_KATALOG: ReadonlyMap<string, LookupItem[]> = new Map<string, LookupItem[]>([
  ...DMA_LOOKUPS.map((n) => [`dmalookup/${n.toLowerCase()}`, DMA_LISTER[n]] as const),
  ...LANDBRUG_LOOKUPS.map((n) => [`mwlandbruglookup/list/${n.toLowerCase()}`, LANDBRUG_LISTER[n]] as const),
  ...VANDANLAEG_LOOKUPS.map((n) => [vandLookupSti(n).toLowerCase(), VANDANLAEG_LISTER[n]] as const),
  ['dyretype/list', DYRETYPER],
  ['adhocopgave/emner', liste(tilKoder(ADHOC_EMNER))],
  [
    'kontaktpersontype/list',
    liste(tilKoder(unik([...KONTAKT_ROLLER_VIRKSOMHED, ...KONTAKT_ROLLER_LANDBRUG, 'Revisor', 'Advokat']))),
  ],
  [
    'kontaktpersontype/listjupiter',
    liste([
      ...tilKoder(unik([...KONTAKT_ROLLER_VANDANLAEG, 'Ejer', 'Indberetter'])),
      ['LAB', 'Laboratorium'],
    ]),
  ],
  [
    'kontaktperson/kontaktpersonbetalertypelist',
    liste([
      ['CVR', 'Virksomhed (CVR-nummer)'],
      ['CPR', 'Privatperson (CPR-nummer)'],
      ['EAN', 'Offentlig institution (EAN-nummer)'],
      ['UDLAND', 'Udenlandsk betaler'],
    ]),
  ],
  [
    'tidsregistreringskategori/listgebyr',
    liste([
      ['TIMESATS', 'Timesats gebyr'],
      ['FAST', 'Fast gebyr'],
      ['FREMMED', 'Fremmed tjenesteydelse'],
      ['ANALYSE', 'Prøvetagning og analyser'],
    ]),
  ],
  [
    'kontrolpunkt/henttemplateemner',
    liste(
      tilKoder([
        'Generelle forhold',
        'Affald',
        'Olietanke og olieudskillere',
        'Spildevand',
        'Støj',
        'Kemikalier',
        'Husdyrgødning og ensilage',
        'Stalde og dyrehold',
      ]),
    ),
  ],
  [
    'tilsynrapport/henttemplateemner',
    liste(
      tilKoder([
        'Indledning',
        'Virksomhedens aktiviteter',
        'Konstaterede forhold',
        'Håndhævelse',
        'Opfølgning',
        'Klagevejledning',
      ]),
    ),
  ],
  [
    SAT_RESULTAT_TYPE_STI.toLowerCase(),
    liste([
      ['INGEN_BEMAERKNINGER', 'Ingen bemærkninger'],
      ['VEJLEDNING', 'Vejledning givet'],
      ['MANGLENDE_SORTERING', 'Manglende sortering'],
      ['MANGLENDE_ORDNING', 'Manglende indsamlingsordning'],
      ['FARLIGT_AFFALD', 'Farligt affald ikke håndteret korrekt'],
      ['ADS_FEJL', 'Fejl i indberetningen til Affaldsdatasystemet'],
      ['INDSKAERPELSE', 'Indskærpelse meddelt'],
      ['PAABUD', 'Påbud meddelt'],
      ['IKKE_GENNEMFOERT', 'Tilsynet kunne ikke gennemføres'],
    ]),
  ],
  [
    SAT_KATEGORI_STI.toLowerCase(),
    liste(SAT_RESULTAT_KATEGORIER.map((k) => [k, SAT_KATEGORI_TEKST[k]] as const)),
  ],
  [
    'brugerbetaling/getpsrmfordringstypelookup',
    liste([
      [
        'MILJTILSYN',
        'Gebyr for miljøtilsyn',
        { beskrivelse: 'Brugerbetaling efter miljøtilsynsbekendtgørelsen' },
      ],
      ['MILJGODK', 'Gebyr for miljøgodkendelse', { beskrivelse: 'Godkendelse og revurdering' }],
      ['RYKKER', 'Rykkergebyr'],
      ['RENTER', 'Morarenter'],
    ]),
  ],
]);

/** A fixed list's item id by its code (the ids records store); throws for an unknown list or code. */
export function lookupIdAfKode(path: string, kode: string): number {
  const item = LOOKUP_KATALOG.get(path.toLowerCase())?.find((i) => i.kode === kode);
  if (!item) throw new Error(`Opslaget ${path} mangler koden ${kode}`);
  return item.id;
}

/** A fixed list by API path (any letter case), or undefined. */
export function lookupListe(path: string): LookupItem[] | undefined {
  return LOOKUP_KATALOG.get(path.toLowerCase());
}

/** The ids of a fixed list; used to validate what records refer to. */
export function lookupIds(path: string): Set<number> {
  return new Set((lookupListe(path) ?? []).map((i) => i.id));
}

/** Time-registration categories of a company (1) or farm (2). */
export function tidsregistreringsKategorier(type: number): LookupItem[] {
  return TIDSREGISTRERING_LISTE.filter((i) =>
    (TIDSREGISTRERING_FOR[i.kode] ?? [1, 2]).includes(type as 1 | 2),
  );
}

/**
 * Lookups (spec 001 §7). Fixed lists need only a signed-in user; lists that depend on a company
 * (risk assessments, its time-registration categories) need the read right of its type.
 */

/** The company types that fit an abstraction purpose; undefined for an unknown purpose. */
export function muligeVirksomhedstyper(formaalId: number): LookupItem[] | undefined {
  const ids = MULIGE_VIRKSOMHEDSTYPER[formaalId];
  return ids && VANDANLAEG_LISTER.jupitervirksomhedstype.filter((i) => ids.includes(i.id));
}
