import { type SQL, sql } from 'drizzle-orm';
import { betalerFejl } from '../../contract/brugerbetaling-regler';
import { type Db, queryRows } from '../db/client';

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
  fakturaer(kundeNr: number): Promise<OekonomiGemtFaktura[]>;
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

/**
 * Where the simulator keeps what it was sent: in memory (unit tests), or in the database (the running
 * app, table oekonomi_simulator_faktura), so a restart neither forgets an invoice nor reuses a number.
 */
interface SimulatorLager {
  hent(kundeNr: number, noegle: string): Promise<OekonomiGemtFaktura | undefined>;
  /** Stores the invoice under a new number (`prefiks`-0000001 …), or answers the one stored first. */
  opret(input: OekonomiFakturaInput, prefiks: string): Promise<OekonomiGemtFaktura>;
  alle(kundeNr: number): Promise<OekonomiGemtFaktura[]>;
}

const nummer = (prefiks: string, nr: number) => `${prefiks}-${String(nr).padStart(7, '0')}`;

function hukommelse(): SimulatorLager {
  const gemt = new Map<string, OekonomiGemtFaktura>();
  let naesteNr = 1;
  return {
    hent: async (kundeNr, noegle) => gemt.get(`${kundeNr}/${noegle}`),
    async opret(input, prefiks) {
      const key = `${input.kundeNr}/${input.noegle}`;
      const f = gemt.get(key) ?? {
        fakturanummer: nummer(prefiks, naesteNr++),
        input: structuredClone(input),
      };
      gemt.set(key, f);
      return f;
    },
    alle: async (kundeNr) =>
      [...gemt.values()].filter((f) => f.input.kundeNr === kundeNr).map((f) => structuredClone(f)),
  };
}

function database(db: Db): SimulatorLager {
  const raekker = async (q: SQL) =>
    (await queryRows<{ fakturanummer: string; input: OekonomiFakturaInput }>(db, q)).map((r) => ({
      fakturanummer: r.fakturanummer,
      input: r.input,
    }));
  return {
    async hent(kundeNr, noegle) {
      const [f] = await raekker(
        sql`select fakturanummer, input from oekonomi_simulator_faktura where kunde_nr = ${kundeNr} and noegle = ${noegle}`,
      );
      return f;
    },
    async opret(input, prefiks) {
      await db.execute(
        sql`insert into oekonomi_simulator_faktura (kunde_nr, noegle, fakturanummer, input)
            values (${input.kundeNr}, ${input.noegle},
                    ${prefiks} || '-' || lpad(nextval('oekonomi_simulator_nr')::text, 7, '0'),
                    ${JSON.stringify(input)}::jsonb)
            on conflict (kunde_nr, noegle) do nothing`,
      );
      return (await this.hent(input.kundeNr, input.noegle))!;
    },
    alle: (kundeNr) =>
      raekker(
        sql`select fakturanummer, input from oekonomi_simulator_faktura where kunde_nr = ${kundeNr} order by oprettet, fakturanummer`,
      ),
  };
}

export function createOekonomiSimulator(
  opts: { tilstand?: OekonomiTilstand; db?: Db } = {},
): OekonomiSimulator {
  let tilstand: OekonomiTilstand = opts.tilstand ?? 'ok';
  let fejlBesked = OEKONOMI_STANDARD_FEJL;
  const lager = opts.db ? database(opts.db) : hukommelse();

  return {
    saetTilstand(ny, besked) {
      tilstand = ny;
      fejlBesked = besked ?? OEKONOMI_STANDARD_FEJL;
    },
    fakturaer: (kundeNr) => lager.alle(kundeNr),
    async opretFaktura(input) {
      if (tilstand === 'fejl') return { ok: false, aarsag: fejlBesked };
      let f = await lager.hent(input.kundeNr, input.noegle);
      if (!f) {
        const aarsag = debitorFejl(input.debitor);
        if (aarsag) return { ok: false, aarsag };
        if (input.art === 'kredit' && !input.krediterer)
          return { ok: false, aarsag: 'Kreditnotaen henviser ikke til en faktura' };
        f = await lager.opret(structuredClone(input), input.art === 'kredit' ? 'KN' : 'F');
      }
      if (tilstand === 'timeout') return aldrig();
      return { ok: true, fakturanummer: f.fakturanummer };
    },
  };
}
