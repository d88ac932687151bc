import { type ElementStatus, JUPITER_KODER, type JupiterStatus } from '../../contract/jupiter';
import { ctrlprogramPasser, DGU_UGYLDIG, dguNrGyldigt, dguNrKort } from '../../contract/jupiter-regler';
import { iDanmark } from '../geo/danmark';

/**
 * The national borehole and water-supply database (Jupiter, GEUS): a municipality reports a water
 * plant (DRWPLANT) with its boreholes and intakes and its pumped quantities, and Jupiter answers
 * per element. Behind this interface sits the local simulator below; a real web-service client
 * (certificate, Miljøportal user management) replaces it in src/server/integrations/index.ts.
 *
 * The report never carries DRWPLANT.VRRPURPOSE or CATCHPERM.CATCHPURPOSE: Jupiter removed them on
 * 1 May 2023 (CTRLPROGRAM took over); the simulator rejects a report that has them.
 */

/** A plant as reported: its J-marked basis fields, its coordinate, its boreholes and its approved quantities. */
export interface JupiterAnlaegData {
  /** The plant's Jupiter id (PLANTID), null for a plant not yet known to Jupiter. */
  jupiterId: string | null;
  anlaegsnr: string | null;
  anlaegsnavn: string | null;
  primaerVirksomhedstype: string | null;
  oevrigeVirksomhedstyper: string[];
  jupiterAnlaegsartId: number | null;
  jupiterAktivStatusId: number | null;
  jupiterVandtypeId: number | null;
  jupiterIndvindingsformaalId: number | null;
  jupiterCTRLPROGRAMId: number | null;
  jupiterKoordinatMetodeId: number | null;
  /** EPSG:25832. */
  koordinat: { x: number; y: number } | null;
  startdato: string | null;
  slutdato: string | null;
  /** The owner (vandforsyningsloven § 24 d, stk. 1, nr. 4): CVR or CPR number, name and address. */
  ejer: JupiterEjer;
  /** The abstraction permits in force with their yearly quantity (§ 24 d, stk. 1, nr. 1). */
  tilladelser: JupiterTilladelse[];
  boringer: JupiterBoring[];
  /** Approved pumped quantities, plant level (indtagId null) and intake level. */
  maengder: JupiterMaengde[];
}

export interface JupiterEjer {
  /** 8 digits, or null when the owner has a CPR number. */
  cvrNr: string | null;
  /** 10 digits without the dash, or null when the owner has a CVR number. */
  cprNr: string | null;
  navn: string | null;
  adresse: string | null;
}

export interface JupiterTilladelse {
  id: number;
  titel: string;
  startdato: string;
  slutdato: string | null;
  /** The permitted yearly quantity, m³. */
  vandmaengdeM3Aar: number | null;
  vandmaengdeM3Time: number | null;
}

export interface JupiterBoring {
  id: number;
  dguNr: string;
  indtag: { id: number; indtagsnr: number; jupiterId: string | null }[];
}

export interface JupiterMaengde {
  id: number;
  /** The intake's id, null at plant level. */
  indtagId: number | null;
  startdato: string;
  slutdato: string;
  vandmaengde: number;
  jupiterIndvindingsmetodeId: number | null;
  forsyning: { jupiterForsyningsartId: number; maengde: number }[];
}

/** Jupiter's answer: the report's status, the error type when rejected, and each element's status. */
export interface JupiterSvar {
  status: JupiterStatus;
  fejlTypeKode: string | null;
  fejlTypeTekst: string | null;
  elementStatusListe: ElementStatus[];
}

export interface JupiterRegister {
  indberet(anlaeg: JupiterAnlaegData): Promise<JupiterSvar>;
}

// ---------------------------------------------------------------------------------------------
// Simulator
// ---------------------------------------------------------------------------------------------

/** The error types the simulator answers, most basic first: a report with several gets the first. */
export const JUPITER_FEJLTYPER = {
  FJERNET_FELT: { kode: 'FJERNET_FELT', tekst: 'Feltet er fjernet fra Jupiter' },
  MANGLER: { kode: 'VALIDERINGSFEJL', tekst: 'Manglende obligatoriske felter' },
  KODE: { kode: 'KODEFEJL', tekst: 'Kodeværdi findes ikke i Jupiters kodeliste' },
  KOORDINAT: { kode: 'KOORDINATFEJL', tekst: 'Koordinat ligger uden for Danmark' },
  DATA: { kode: 'DATAFEJL', tekst: 'Ugyldige data' },
} as const;
type Fejltype = keyof typeof JUPITER_FEJLTYPER;
const RAEKKEFOELGE: Fejltype[] = ['FJERNET_FELT', 'MANGLER', 'KODE', 'KOORDINAT', 'DATA'];

/** The fields Jupiter removed on 1 May 2023. */
export const FJERNEDE_FELTER = ['VRRPURPOSE', 'CATCHPURPOSE'] as const;

const DATO = /^\d{4}-\d{2}-\d{2}$/;

const tom = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const iListe = (liste: readonly (number | string)[], v: unknown) => liste.some((k) => k === v);

/** A DGU number as people write it: ' 38.  770' → '38.770'. */
const dgu = dguNrKort;

/** The elements' names as Jupiter's answer shows them. */
export const elementNavn = {
  anlaeg: (a: Pick<JupiterAnlaegData, 'jupiterId' | 'anlaegsnr'>) =>
    `Anlæg ${a.jupiterId ?? a.anlaegsnr ?? '(nyt)'}`,
  boring: (b: Pick<JupiterBoring, 'dguNr'>) => `Boring ${dgu(b.dguNr)}`,
  indtag: (b: Pick<JupiterBoring, 'dguNr'>, indtagsnr: number) => `Indtag ${dgu(b.dguNr)}-${indtagsnr}`,
  tilladelse: (t: Pick<JupiterTilladelse, 'titel' | 'startdato'>) => `Tilladelse ${t.titel} (${t.startdato})`,
  maengde: (m: Pick<JupiterMaengde, 'startdato' | 'slutdato' | 'indtagId'>, indtag?: string) =>
    `Oppumpet mængde ${m.startdato} – ${m.slutdato}${indtag ? ` (${indtag})` : ''}`,
};

/**
 * The deterministic local Jupiter: checks the report the way Jupiter's web service does and answers
 * per element. It rejects a removed field (VRRPURPOSE, CATCHPURPOSE), a missing required field of
 * the plant (anlægsnavn, virksomhedstype, anlægsart, aktiv status, vandtype, indvindingsformål,
 * coordinate; CTRLPROGRAM for a drinking-water plant; the owner and a permit in force, § 24 d), a
 * CTRLPROGRAM that does not fit the company type, a code outside its code list (of the plant, of a
 * quantity's supply lines), a coordinate outside Denmark's shape, a malformed DGU number, an intake
 * number below 1 and a quantity period that is negative or ends before it starts. The same report
 * always gets the same answer.
 */
export function createJupiterSimulator(): JupiterRegister {
  return {
    async indberet(anlaeg) {
      return simulerIndberetning(anlaeg);
    },
  };
}

export function simulerIndberetning(anlaeg: JupiterAnlaegData): JupiterSvar {
  const liste: ElementStatus[] = [];
  const typer = new Set<Fejltype>();
  const fejl = (element: string, felt: string | null, type: Fejltype, besked: string) => {
    typer.add(type);
    liste.push({ element, felt, status: 'Fejl', besked });
  };
  /** Checks one element; answers an OK line when the check found nothing. */
  const element = (navn: string, tjek: () => void) => {
    const foer = liste.length;
    tjek();
    if (liste.length === foer) liste.push({ element: navn, felt: null, status: 'OK', besked: null });
  };

  const anlaegNavn = elementNavn.anlaeg(anlaeg);
  element(anlaegNavn, () => {
    const raa = anlaeg as unknown as Record<string, unknown>;
    for (const felt of FJERNEDE_FELTER)
      if (felt in raa)
        fejl(
          anlaegNavn,
          felt,
          'FJERNET_FELT',
          `${felt} er fjernet fra Jupiter 1. maj 2023 og må ikke indberettes`,
        );
    const paakraevede: [keyof JupiterAnlaegData, string][] = [
      ['anlaegsnavn', 'Anlægsnavn'],
      ['primaerVirksomhedstype', 'Primær virksomhedstype'],
      ['jupiterAnlaegsartId', 'Anlægsart'],
      ['jupiterAktivStatusId', 'Aktiv status'],
      ['jupiterVandtypeId', 'Vandtype'],
      ['jupiterIndvindingsformaalId', 'Indvindingsformål'],
    ];
    for (const [felt, label] of paakraevede)
      if (tom(anlaeg[felt])) fejl(anlaegNavn, felt, 'MANGLER', `${label} er obligatorisk`);
    const ctrl = ctrlprogramPasser({
      virksomhedstype: anlaeg.primaerVirksomhedstype,
      formaalId: anlaeg.jupiterIndvindingsformaalId,
      ctrlprogram: anlaeg.jupiterCTRLPROGRAMId,
    });
    if (ctrl)
      fejl(anlaegNavn, 'jupiterCTRLPROGRAMId', ctrl.art === 'mangler' ? 'MANGLER' : 'KODE', ctrl.besked);
    if (!anlaeg.koordinat) fejl(anlaegNavn, 'koordinat', 'MANGLER', 'Koordinat er obligatorisk');
    const ejer = anlaeg.ejer;
    if (tom(ejer.cvrNr) && tom(ejer.cprNr))
      fejl(anlaegNavn, 'ejerCvrCprNr', 'MANGLER', 'Ejers CVR- eller CPR-nummer er obligatorisk (§ 24 d)');
    if (tom(ejer.navn)) fejl(anlaegNavn, 'ejerNavn', 'MANGLER', 'Ejers navn er obligatorisk (§ 24 d)');
    if (tom(ejer.adresse))
      fejl(anlaegNavn, 'ejerAdresse', 'MANGLER', 'Ejers adresse er obligatorisk (§ 24 d)');
    if (anlaeg.tilladelser.length === 0)
      fejl(
        anlaegNavn,
        'tilladelser',
        'MANGLER',
        'Anlægget har ingen gældende indvindingstilladelse med tilladt årlig mængde (§ 24 d)',
      );

    const koder: [keyof typeof JUPITER_KODER & keyof JupiterAnlaegData, string][] = [
      ['primaerVirksomhedstype', 'virksomhedstype'],
      ['jupiterAnlaegsartId', 'anlægsart'],
      ['jupiterAktivStatusId', 'aktiv status'],
      ['jupiterVandtypeId', 'vandtype'],
      ['jupiterIndvindingsformaalId', 'indvindingsformål'],
      ['jupiterKoordinatMetodeId', 'koordinatmetode'],
    ];
    for (const [felt, navn] of koder) {
      const v = anlaeg[felt];
      if (!tom(v) && !iListe(JUPITER_KODER[felt], v))
        fejl(anlaegNavn, felt, 'KODE', `Koden ${String(v)} findes ikke i kodelisten for ${navn}`);
    }
    for (const v of anlaeg.oevrigeVirksomhedstyper)
      if (!iListe(JUPITER_KODER.primaerVirksomhedstype, v))
        fejl(
          anlaegNavn,
          'oevrigeVirksomhedstyper',
          'KODE',
          `Koden ${v} findes ikke i kodelisten for virksomhedstype`,
        );
    if (anlaeg.koordinat && !iDanmark(anlaeg.koordinat.x, anlaeg.koordinat.y))
      fejl(
        anlaegNavn,
        'koordinat',
        'KOORDINAT',
        `Koordinaten (${anlaeg.koordinat.x}, ${anlaeg.koordinat.y}) ligger uden for Danmark (EPSG:25832)`,
      );
  });

  for (const t of anlaeg.tilladelser) {
    const navn = elementNavn.tilladelse(t);
    element(navn, () => {
      if (t.vandmaengdeM3Aar === null || !Number.isFinite(t.vandmaengdeM3Aar) || t.vandmaengdeM3Aar < 0)
        fejl(navn, 'vandmaengdeM3Aar', 'DATA', 'Den tilladte årlige vandmængde skal være 0 eller derover');
    });
  }

  const indtagNavne = new Map<number, string>();
  for (const b of anlaeg.boringer) {
    const boringNavn = elementNavn.boring(b);
    element(boringNavn, () => {
      if (!dguNrGyldigt(b.dguNr)) fejl(boringNavn, 'dguNr', 'DATA', `'${b.dguNr}': ${DGU_UGYLDIG}`);
    });
    for (const i of b.indtag) {
      const navn = elementNavn.indtag(b, i.indtagsnr);
      indtagNavne.set(i.id, navn);
      element(navn, () => {
        if (!Number.isInteger(i.indtagsnr) || i.indtagsnr < 1)
          fejl(navn, 'indtagsnr', 'DATA', 'Indtagsnummeret skal være et helt tal fra 1');
      });
    }
  }

  for (const m of anlaeg.maengder) {
    const navn = elementNavn.maengde(m, m.indtagId === null ? undefined : indtagNavne.get(m.indtagId));
    element(navn, () => {
      if (!DATO.test(m.startdato) || !DATO.test(m.slutdato) || m.slutdato < m.startdato)
        fejl(navn, 'slutdato', 'DATA', 'Perioden skal slutte samme dag som eller efter den starter');
      if (!Number.isFinite(m.vandmaengde) || m.vandmaengde < 0)
        fejl(navn, 'vandmaengde', 'DATA', 'Vandmængden skal være 0 eller derover');
      for (const f of m.forsyning)
        if (!iListe(JUPITER_KODER.jupiterForsyningsartId, f.jupiterForsyningsartId))
          fejl(
            navn,
            'jupiterForsyningsartId',
            'KODE',
            `Forsyningsart ${String(f.jupiterForsyningsartId)} findes ikke i kodelisten for forsyningsart`,
          );
    });
  }

  const foerste = RAEKKEFOELGE.find((t) => typer.has(t));
  if (!foerste) return { status: 'OK', fejlTypeKode: null, fejlTypeTekst: null, elementStatusListe: liste };
  const type = JUPITER_FEJLTYPER[foerste];
  return { status: 'Fejl', fejlTypeKode: type.kode, fejlTypeTekst: type.tekst, elementStatusListe: liste };
}
