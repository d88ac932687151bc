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
  kommune: {
    afsender: string;
    adresse: string;
    postnrBy: string;
    telefon: string;
    email: string;
    web: string;
    underskriftNavn: string;
    underskriftTitel: string;
  };
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

const FASTE: BogmaerkeDef[] = [
  // The company, farm or plant.
  {
    navn: 'Virksomhed_Navn',
    beskrivelse: 'Virksomhedens, landbrugets eller vandanlæggets navn',
    eksempel: 'Hansen Maskinfabrik ApS',
    dokumentTyper: [],
    hent: (d) => d.virksomhed.navn,
  },
  {
    navn: 'Virksomhed_Adresse',
    beskrivelse: 'Adresse',
    eksempel: 'Industrivej 12, 7800 Skive',
    dokumentTyper: [],
    hent: (d) => d.virksomhed.adresse,
  },
  {
    navn: 'Virksomhed_CVR',
    beskrivelse: 'CVR-nummer',
    eksempel: '12345678',
    dokumentTyper: [],
    hent: (d) => d.virksomhed.cvr,
  },
  {
    navn: 'Virksomhed_PNr',
    beskrivelse: 'P-nummer',
    eksempel: '1012345678',
    dokumentTyper: [],
    hent: (d) => d.virksomhed.pNr,
  },
  {
    navn: 'Virksomhed_CHRNr',
    beskrivelse: 'CHR-nummer (landbrug)',
    eksempel: '123456',
    dokumentTyper: ['tilsyn'],
    hent: (d) => d.virksomhed.chrNr,
  },
  {
    navn: 'Vandanlaeg_Anlaegsnr',
    beskrivelse: 'Vandanlæggets anlægsnummer',
    eksempel: 'A-1042',
    dokumentTyper: ['VandTilsyn'],
    hent: (d) => d.virksomhed.anlaegsnr,
  },
  {
    navn: 'Vandanlaeg_JupiterId',
    beskrivelse: 'Vandanlæggets Jupiter-id',
    eksempel: '123456',
    dokumentTyper: ['VandTilsyn'],
    hent: (d) => d.virksomhed.jupiterId,
  },
  // The inspection.
  {
    navn: 'Tilsyn_Titel',
    beskrivelse: 'Tilsynets titel',
    eksempel: 'Basistilsyn 2026',
    dokumentTyper: TILSYN_TYPER,
    hent: (d) => d.tilsyn.titel,
  },
  {
    navn: 'Tilsyn_Dato',
    beskrivelse: 'Tilsynsdato (DD-MM-YYYY)',
    eksempel: '15-03-2026',
    dokumentTyper: TILSYN_TYPER,
    hent: (d) => d.tilsyn.dato,
  },
  {
    navn: 'Tilsyn_Type',
    beskrivelse: 'Tilsynstype (fysisk eller administrativt; vandanlæg: tilsynets type)',
    eksempel: 'Fysisk tilsyn',
    dokumentTyper: TILSYN_TYPER,
    hent: (d) => d.tilsyn.type,
  },
  {
    navn: 'Tilsyn_Kategori',
    beskrivelse: 'Tilsynskategori (basis, prioriteret, kampagne, opstart, § 9, øvrige)',
    eksempel: 'Basistilsyn (inkl. relateret tilsyn)',
    dokumentTyper: ['tilsyn'],
    hent: (d) => d.tilsyn.kategori,
  },
  {
    navn: 'Tilsyn_Baggrund',
    beskrivelse: 'Baggrund for tilsynet',
    eksempel: 'Planlagt tilsyn',
    dokumentTyper: ['tilsyn'],
    hent: (d) => d.tilsyn.baggrund,
  },
  {
    navn: 'Tilsyn_Omfang',
    beskrivelse: 'Hvad der er ført tilsyn med (miljøforhold og kontrolpunkternes emner)',
    eksempel: 'Affald, Spildevand',
    dokumentTyper: TILSYN_TYPER,
    hent: (d) => d.tilsyn.omfang,
  },
  {
    navn: 'Tilsyn_Konklusion',
    beskrivelse: 'Tilsynets konklusion',
    eksempel: 'Virksomheden overholder sine vilkår',
    dokumentTyper: TILSYN_TYPER,
    hent: (d) => d.tilsyn.konklusion,
  },
  {
    navn: 'Tilsyn_Haandhaevelser',
    beskrivelse: 'Påbud, forbud og indskærpelser meddelt ved tilsynet',
    eksempel: 'Indskærpelse meddelt 15-03-2026, frist 15-05-2026: Affaldssortering',
    dokumentTyper: ['tilsyn'],
    hent: (d) => d.tilsyn.haandhaevelser,
  },
  {
    navn: 'Tilsyn_Sagsbehandler',
    beskrivelse: 'Sagsbehandler',
    eksempel: 'Mette Sørensen',
    dokumentTyper: TILSYN_TYPER,
    hent: (d) => d.tilsyn.sagsbehandler,
  },
  {
    navn: 'Tilsyn_Bemaerkning',
    beskrivelse: 'Bemærkning på tilsynet',
    eksempel: 'Tilsynet blev varslet pr. e-mail',
    dokumentTyper: TILSYN_TYPER,
    hent: (d) => d.tilsyn.bemaerkning,
  },
  // The municipality (administrative oplysninger).
  {
    navn: 'Kommune_Afsender',
    beskrivelse: 'Afsender (kommune og afdeling)',
    eksempel: 'Skive Kommune, Natur og Miljø',
    dokumentTyper: [],
    hent: (d) => d.kommune.afsender,
  },
  {
    navn: 'Kommune_Adresse',
    beskrivelse: 'Afsenderens adresse',
    eksempel: 'Torvegade 10',
    dokumentTyper: [],
    hent: (d) => d.kommune.adresse,
  },
  {
    navn: 'Kommune_PostnrBy',
    beskrivelse: 'Afsenderens postnummer og by',
    eksempel: '7800 Skive',
    dokumentTyper: [],
    hent: (d) => d.kommune.postnrBy,
  },
  {
    navn: 'Kommune_Telefon',
    beskrivelse: 'Afsenderens telefon',
    eksempel: '99 15 55 00',
    dokumentTyper: [],
    hent: (d) => d.kommune.telefon,
  },
  {
    navn: 'Kommune_Email',
    beskrivelse: 'Afsenderens e-mail',
    eksempel: 'miljoe@skive.dk',
    dokumentTyper: [],
    hent: (d) => d.kommune.email,
  },
  {
    navn: 'Kommune_Web',
    beskrivelse: 'Afsenderens hjemmeside',
    eksempel: 'www.skive.dk',
    dokumentTyper: [],
    hent: (d) => d.kommune.web,
  },
  {
    navn: 'Underskrift_Navn',
    beskrivelse: 'Underskriverens navn',
    eksempel: 'Jens Madsen',
    dokumentTyper: [],
    hent: (d) => d.kommune.underskriftNavn,
  },
  {
    navn: 'Underskrift_Titel',
    beskrivelse: 'Underskriverens titel',
    eksempel: 'Miljøchef',
    dokumentTyper: [],
    hent: (d) => d.kommune.underskriftTitel,
  },
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
