import { betalerFejl } from '../../contract/brugerbetaling-regler';

/**
 * The municipality's economy system (KMD Debitor, Opus, Prisme …): invoices and credit notes of user
 * payment are created there through this interface. Behind it sits the local simulator below; a real
 * adapter replaces it in src/server/integrations/index.ts and nowhere else.
 *
 * Every invoice carries its own key (`noegle`, from our invoice id): the system keeps one invoice per
 * key, so a retry after a refused or unanswered call never creates a second invoice.
 */

export interface OekonomiFakturaInput {
  /** Our key of the invoice; the same key always means the same invoice. */
  noegle: string;
  /** The municipality (our customer's number). */
  kundeNr: number;
  debitor: {
    navn: string;
    betalerTypeKode: string | null;
    cvrNr: string | null;
    betalingsReference: string | null;
  };
  /** The kind of claim (PSRM fordringstype) the invoice is raised as. */
  fordringstype: string;
  art: 'faktura' | 'kredit';
  /** A credit note: the invoice number it credits. */
  krediterer?: string;
  linjer: { tekst: string; beloebOere: number }[];
}

export type OekonomiSvar = { ok: true; fakturanummer: string } | { ok: false; aarsag: string };

export interface OekonomiSystem {
  /** Creates the invoice (or answers the one already created with the key); a refusal carries the reason (Danish). */
  opretFaktura(input: OekonomiFakturaInput): Promise<OekonomiSvar>;
}

// ---------------------------------------------------------------------------------------------
// Simulator
// ---------------------------------------------------------------------------------------------

export const OEKONOMI_TILSTANDE = ['ok', 'fejl', 'timeout'] as const;
/** ok: answers; fejl: refuses every call with a reason; timeout: creates the invoice and never answers. */
export type OekonomiTilstand = (typeof OEKONOMI_TILSTANDE)[number];

/** The reason the simulator gives in 'fejl' unless told another. */
export const OEKONOMI_STANDARD_FEJL = 'Økonomisystemet er lukket for bogføring (periodeafslutning)';

export interface OekonomiGemtFaktura {
  fakturanummer: string;
  input: OekonomiFakturaInput;
}

export interface OekonomiSimulator extends OekonomiSystem {
  /** Sets the mode (tests; the start mode comes from OEKONOMI_SIMULATOR) and, for 'fejl', the reason. */
  saetTilstand(tilstand: OekonomiTilstand, besked?: string): void;
  /** The invoices held for a municipality, in the order created. */
  fakturaer(kundeNr: number): OekonomiGemtFaktura[];
}

/** An answer that never comes. */
const aldrig = <T>() => new Promise<T>(() => {});

/** What an economy system says of a debtor it cannot bill, deterministically from the data. */
function debitorFejl(d: OekonomiFakturaInput['debitor']): string | null {
  const fejl = betalerFejl(d);
  if (fejl.length === 0) return null;
  const [felt, besked] = fejl[0]!;
  if (felt === 'betalerTypeKode') return besked;
  return `Debitor afvist: ${besked}`;
}

export function createOekonomiSimulator(opts: { tilstand?: OekonomiTilstand } = {}): OekonomiSimulator {
  let tilstand: OekonomiTilstand = opts.tilstand ?? 'ok';
  let fejlBesked = OEKONOMI_STANDARD_FEJL;
  const gemt = new Map<string, OekonomiGemtFaktura>();
  let naesteNr = 1;

  return {
    saetTilstand(ny, besked) {
      tilstand = ny;
      fejlBesked = besked ?? OEKONOMI_STANDARD_FEJL;
    },
    fakturaer(kundeNr) {
      return [...gemt.values()].filter((f) => f.input.kundeNr === kundeNr).map((f) => structuredClone(f));
    },
    async opretFaktura(input) {
      if (tilstand === 'fejl') return { ok: false, aarsag: fejlBesked };
      const key = `${input.kundeNr}/${input.noegle}`;
      let f = gemt.get(key);
      if (!f) {
        const aarsag = debitorFejl(input.debitor);
        if (aarsag) return { ok: false, aarsag };
        if (input.art === 'kredit' && !input.krediterer)
          return { ok: false, aarsag: 'Kreditnotaen henviser ikke til en faktura' };
        const prefiks = input.art === 'kredit' ? 'KN' : 'F';
        f = {
          fakturanummer: `${prefiks}-${String(naesteNr++).padStart(7, '0')}`,
          input: structuredClone(input),
        };
        gemt.set(key, f);
      }
      if (tilstand === 'timeout') return aldrig();
      return { ok: true, fakturanummer: f.fakturanummer };
    },
  };
}
