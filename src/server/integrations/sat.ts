import type { Affaldsfraktion, SatResultatKategori } from '../../contract/sat';

/**
 * The national SAT system (Miljøstyrelsen's system for the municipalities' waste inspections): a
 * municipality transfers each inspection result, and removes it again, through this interface.
 * Behind it sits the local simulator below; a real client replaces it in
 * src/server/integrations/index.ts and nowhere else.
 *
 * The system keys a result by the municipality and our result id, so a transfer is a create or an
 * update: a retry after a lost answer transfers the result once.
 */

/** A result as it is sent to SAT. */
export interface SatResultatTilSat {
  /** The municipality (our customer's number). */
  kundeNr: number;
  /** Our result id (the key in SAT together with kundeNr). */
  resultatId: number;
  virksomhed: { pNr: string | null; cvrNr: string | null; navn: string };
  kategori: SatResultatKategori;
  /** The result type's code (SATResultatType/lookup). */
  resultatTypeKode: string;
  resultatTypeBemaerkning: string | null;
  timeantal: number | null;
  /** YYYY-MM-DD. */
  udfoertDato: string;
  /** The 18 fraction flags. */
  fraktioner: Record<Affaldsfraktion, boolean>;
  forkerteFraktionerIMstData: boolean;
  forkerteFraktionerIMstDataBemaerkning: string | null;
  forkerteAktoererIMstData: boolean;
  forkerteAktoererIMstDataBemaerkning: string | null;
}

/** SAT's answer to a transfer: its id of the result, when it was first created there, when updated (ISO). */
export interface SatSvar {
  satId: string;
  oprettet: string;
  opdateret: string;
}

export interface SatSystem {
  /** Creates or updates the result in SAT; rejects with an Error whose message is SAT's reason (Danish). */
  overfoer(r: SatResultatTilSat): Promise<SatSvar>;
  /** Removes the result from SAT; a result SAT does not hold is already removed (no error). */
  slet(kundeNr: number, resultatId: number): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Simulator
// ---------------------------------------------------------------------------------------------

export const SAT_TILSTANDE = ['ok', 'fejl', 'timeout'] as const;
/** ok: answers; fejl: rejects with a reason; timeout: does the work and never answers (the lost answer). */
export type SatTilstand = (typeof SAT_TILSTANDE)[number];

/** The reason the simulator gives in 'fejl' unless told another. */
export const SAT_STANDARD_FEJL = 'P-nummeret findes ikke i SAT';
/** SAT refuses a result without the company's P-number, in every mode. */
export const SAT_MANGLER_PNR = 'Resultatet mangler virksomhedens P-nummer';

/** A result as the simulator holds it. */
export interface SatGemtResultat {
  satId: string;
  oprettet: string;
  opdateret: string;
  resultat: SatResultatTilSat;
}

export interface SatSimulator extends SatSystem {
  /** Sets the mode (tests; the start mode comes from SAT_SIMULATOR) and, for 'fejl', the reason. */
  saetTilstand(tilstand: SatTilstand, besked?: string): void;
  /** The results held for a municipality, by our result id. */
  resultater(kundeNr: number): SatGemtResultat[];
}

/** An answer that never comes. */
const aldrig = <T>() => new Promise<T>(() => {});

export function createSatSimulator(opts: { tilstand?: SatTilstand; clock?: () => Date } = {}): SatSimulator {
  let tilstand: SatTilstand = opts.tilstand ?? 'ok';
  let fejlBesked = SAT_STANDARD_FEJL;
  const nu = () => (opts.clock ? opts.clock() : new Date()).toISOString();
  const gemt = new Map<string, SatGemtResultat>();
  let naesteId = 1;
  const noegle = (kundeNr: number, resultatId: number) => `${kundeNr}/${resultatId}`;

  return {
    saetTilstand(ny, besked) {
      tilstand = ny;
      fejlBesked = besked ?? SAT_STANDARD_FEJL;
    },
    resultater(kundeNr) {
      return [...gemt.values()]
        .filter((g) => g.resultat.kundeNr === kundeNr)
        .sort((a, b) => a.resultat.resultatId - b.resultat.resultatId)
        .map((g) => structuredClone(g));
    },
    async overfoer(r) {
      if (!r.virksomhed.pNr) throw new Error(SAT_MANGLER_PNR);
      if (tilstand === 'fejl') throw new Error(fejlBesked);
      const key = noegle(r.kundeNr, r.resultatId);
      const tid = nu();
      const foer = gemt.get(key);
      const ny: SatGemtResultat = {
        satId: foer?.satId ?? `SAT-${String(naesteId++).padStart(6, '0')}`,
        oprettet: foer?.oprettet ?? tid,
        opdateret: tid,
        resultat: structuredClone(r),
      };
      gemt.set(key, ny);
      if (tilstand === 'timeout') return aldrig();
      return { satId: ny.satId, oprettet: ny.oprettet, opdateret: ny.opdateret };
    },
    async slet(kundeNr, resultatId) {
      if (tilstand === 'fejl') throw new Error(fejlBesked);
      gemt.delete(noegle(kundeNr, resultatId));
      if (tilstand === 'timeout') return aldrig();
    },
  };
}
