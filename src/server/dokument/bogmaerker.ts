import type { AdmOplys } from '../../contract/admin-tekster';
import type { Bookmark, DokumentType } from '../../contract/dokumenter';
import { lookupListe } from '../catalog/lookups';
import {
  type Katalog,
  KONTROLPUNKTER_NAVN,
  type KontrolpunktRaekke,
  katalogAf,
  type Udfyldning,
} from './docx';

/**
 * The bookmark catalogue (TilsynRapport/hentbookmarks): every name a letter can fill, with its Danish
 * description, the sample value of the upload preview, the document kinds that offer it and how the
 * value is taken from the data. Names are matched in any letter case; a name with a trailing number
 * (`Virksomhed_Navn2`) is the same value (Word's bookmarks must be unique, so a value needed twice
 * gets a second name). Together they cover the minimum content of an inspection report
 * (miljøtilsynsbekendtgørelsen § 11 stk. 1): baggrund; navn, adresse, CVR, P- og CHR-nr.; type; dato;
 * what was inspected (Tilsyn_Omfang, Kontrolpunkter); påbud/forbud/indskærpelser
 * (Tilsyn_Haandhaevelser); konklusion and the report texts per subject (Tekst_<emne>).
 */

/** The text fields of the administrative details (the sender block of a letter). */
type KommuneFelt = Exclude<
  keyof AdmOplys,
  'id' | 'navn' | 'harLogo' | 'logoMimeType' | 'standard' | 'version'
>;

/** What a letter is made from: the inspection, its owner, the municipality's details, the texts. */
export interface BrevData {
  virksomhed: {
    navn: string;
    adresse: string;
    cvr: string;
    pNr: string;
    chrNr: string;
    anlaegsnr: string;
    jupiterId: string;
  };
  tilsyn: {
    titel: string;
    dato: string;
    type: string;
    kategori: string;
    baggrund: string;
    konklusion: string;
    sagsbehandler: string;
    bemaerkning: string;
    omfang: string;
    haandhaevelser: string;
  };
  /** The sender: the administrative details' texts, empty where not given. */
  kommune: Record<KommuneFelt, string>;
  dagsdato: string;
  /** Report texts by subject code (tilsyn_rapport_tekst). */
  rapportTekster: ReadonlyMap<string, string>;
  kontrolpunkter: readonly KontrolpunktRaekke[];
}

export interface BogmaerkeDef {
  navn: string;
  beskrivelse: string;
  eksempel: string;
  /** The document kinds that offer it; empty = every kind. */
  dokumentTyper: DokumentType[];
  hent: (d: BrevData) => string;
}

const TILSYN_TYPER: DokumentType[] = ['tilsyn', 'VandTilsyn'];

/** The parts of the letter's data whose fields are bookmarks of their own. */
type Del = 'virksomhed' | 'tilsyn' | 'kommune';

/** One bookmark of a part: [field, name, description, sample value, document kinds (else the part's)]. */
type FeltRaekke<D extends Del> = [
  felt: keyof BrevData[D] & string,
  navn: string,
  beskrivelse: string,
  eksempel: string,
  dokumentTyper?: DokumentType[],
];

/** The bookmarks of one part of the letter's data, each the value of one of its fields. */
function felterAf<D extends Del>(del: D, standard: DokumentType[], raekker: FeltRaekke<D>[]): BogmaerkeDef[] {
  return raekker.map(([felt, navn, beskrivelse, eksempel, dokumentTyper = standard]) => ({
    navn,
    beskrivelse,
    eksempel,
    dokumentTyper,
    hent: (d) => (d[del] as Record<string, string>)[felt] ?? '',
  }));
}

const FASTE: BogmaerkeDef[] = [
  // The company, farm or plant.
  ...felterAf(
    'virksomhed',
    [],
    [
      [
        'navn',
        'Virksomhed_Navn',
        'Virksomhedens, landbrugets eller vandanlæggets navn',
        'Hansen Maskinfabrik ApS',
      ],
      ['adresse', 'Virksomhed_Adresse', 'Adresse', 'Industrivej 12, 7800 Skive'],
      ['cvr', 'Virksomhed_CVR', 'CVR-nummer', '12345678'],
      ['pNr', 'Virksomhed_PNr', 'P-nummer', '1012345678'],
      ['chrNr', 'Virksomhed_CHRNr', 'CHR-nummer (landbrug)', '123456', ['tilsyn']],
      ['anlaegsnr', 'Vandanlaeg_Anlaegsnr', 'Vandanlæggets anlægsnummer', 'A-1042', ['VandTilsyn']],
      ['jupiterId', 'Vandanlaeg_JupiterId', 'Vandanlæggets Jupiter-id', '123456', ['VandTilsyn']],
    ],
  ),
  // The inspection.
  ...felterAf('tilsyn', TILSYN_TYPER, [
    ['titel', 'Tilsyn_Titel', 'Tilsynets titel', 'Basistilsyn 2026'],
    ['dato', 'Tilsyn_Dato', 'Tilsynsdato (DD-MM-YYYY)', '15-03-2026'],
    [
      'type',
      'Tilsyn_Type',
      'Tilsynstype (fysisk eller administrativt; vandanlæg: tilsynets type)',
      'Fysisk tilsyn',
    ],
    [
      'kategori',
      'Tilsyn_Kategori',
      'Tilsynskategori (basis, prioriteret, kampagne, opstart, § 9, øvrige)',
      'Basistilsyn (inkl. relateret tilsyn)',
      ['tilsyn'],
    ],
    ['baggrund', 'Tilsyn_Baggrund', 'Baggrund for tilsynet', 'Planlagt tilsyn', ['tilsyn']],
    [
      'omfang',
      'Tilsyn_Omfang',
      'Hvad der er ført tilsyn med (miljøforhold og kontrolpunkternes emner)',
      'Affald, Spildevand',
    ],
    ['konklusion', 'Tilsyn_Konklusion', 'Tilsynets konklusion', 'Virksomheden overholder sine vilkår'],
    [
      'haandhaevelser',
      'Tilsyn_Haandhaevelser',
      'Påbud, forbud og indskærpelser meddelt ved tilsynet',
      'Indskærpelse meddelt 15-03-2026, frist 15-05-2026: Affaldssortering',
      ['tilsyn'],
    ],
    ['sagsbehandler', 'Tilsyn_Sagsbehandler', 'Sagsbehandler', 'Mette Sørensen'],
    ['bemaerkning', 'Tilsyn_Bemaerkning', 'Bemærkning på tilsynet', 'Tilsynet blev varslet pr. e-mail'],
  ]),
  // The municipality (administrative oplysninger).
  ...felterAf(
    'kommune',
    [],
    [
      ['afsender', 'Kommune_Afsender', 'Afsender (kommune og afdeling)', 'Skive Kommune, Natur og Miljø'],
      ['adresse', 'Kommune_Adresse', 'Afsenderens adresse', 'Torvegade 10'],
      ['postnrBy', 'Kommune_PostnrBy', 'Afsenderens postnummer og by', '7800 Skive'],
      ['telefon', 'Kommune_Telefon', 'Afsenderens telefon', '99 15 55 00'],
      ['email', 'Kommune_Email', 'Afsenderens e-mail', 'miljoe@skive.dk'],
      ['web', 'Kommune_Web', 'Afsenderens hjemmeside', 'www.skive.dk'],
      ['underskriftNavn', 'Underskrift_Navn', 'Underskriverens navn', 'Jens Madsen'],
      ['underskriftTitel', 'Underskrift_Titel', 'Underskriverens titel', 'Miljøchef'],
    ],
  ),
  {
    navn: 'Dagsdato',
    beskrivelse: 'Dagens dato (DD-MM-YYYY)',
    eksempel: '24-11-2026',
    dokumentTyper: [],
    hent: (d) => d.dagsdato,
  },
];

const KONTROLPUNKTER: BogmaerkeDef = {
  navn: KONTROLPUNKTER_NAVN,
  beskrivelse:
    'Tilsynets kontrolpunkter som tabel (emne, kontrolpunkt, resultat, bemærkning); som flettefelt eller {tag}: én linje pr. punkt',
  eksempel: 'Affald – Sorteres affaldet korrekt?: I orden',
  dokumentTyper: TILSYN_TYPER,
  hent: () => '',
};

/** The report subjects (TilsynRapport/henttemplateemner): one Tekst_<kode> each. */
export function rapportEmner(): { kode: string; navn: string }[] {
  return (lookupListe('tilsynrapport/henttemplateemner') ?? []).map((i) => ({ kode: i.kode, navn: i.navn }));
}

/** The whole catalogue. */
export function bogmaerker(): BogmaerkeDef[] {
  const tekster: BogmaerkeDef[] = rapportEmner().map((e) => ({
    navn: `Tekst_${e.kode}`,
    beskrivelse: `Rapporttekst under emnet "${e.navn}"`,
    eksempel: `Standardtekst om ${e.navn.toLowerCase()}.`,
    dokumentTyper: ['tilsyn'],
    hent: (d) => d.rapportTekster.get(e.kode) ?? '',
  }));
  return [...FASTE, ...tekster, KONTROLPUNKTER];
}

/** The catalogue as TilsynRapport/hentbookmarks answers it, for one document kind or all. */
export function hentBookmarkListe(dokumentType?: DokumentType): Bookmark[] {
  return bogmaerker()
    .filter((b) => !dokumentType || b.dokumentTyper.length === 0 || b.dokumentTyper.includes(dokumentType))
    .map((b) => ({
      navn: b.navn,
      beskrivelse: b.beskrivelse,
      eksempel: b.eksempel,
      dokumentTyper: b.dokumentTyper,
    }));
}

/** The names a template may use; any kind's names are known (a letter of another kind leaves them empty). */
export function bogmaerkeKatalog(): Katalog {
  return katalogAf(bogmaerker().map((b) => b.navn));
}

/** The values of a letter. */
export function udfyldning(d: BrevData): Udfyldning {
  return {
    vaerdier: new Map(bogmaerker().map((b) => [b.navn, b.hent(d)])),
    kontrolpunkter: d.kontrolpunkter,
  };
}

/** The sample values of the upload preview. */
export function eksempelUdfyldning(): Udfyldning {
  return {
    vaerdier: new Map(bogmaerker().map((b) => [b.navn, b.eksempel])),
    kontrolpunkter: [
      { emne: 'Affald', kontrolpunkt: 'Sorteres affaldet korrekt?', resultat: 'I orden', bemaerkning: '' },
      {
        emne: 'Olietanke og olieudskillere',
        kontrolpunkt: 'Er olieudskilleren tømt inden for det seneste år?',
        resultat: 'Afvigelse',
        bemaerkning: 'Tømning bestilt',
      },
    ],
  };
}
