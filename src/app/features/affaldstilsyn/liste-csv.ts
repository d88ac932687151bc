import Papa from 'papaparse';
import { type SatListeLinje, UDVAELGELSESMETODER } from '../../../contract/sat';
import { parseDanskDato, parseDanskTal } from '../../ui/form/parse';

/**
 * Miljøstyrelsen's list of selected companies for a period, as a file: semicolon separated, a header
 * `P-nummer;Risikoscore;Udvælgelsesmetode;Deadline`, deadline DD-MM-ÅÅÅÅ, risk score with a Danish
 * decimal comma. Parsed here in the browser so every line's faults are shown, with its line number,
 * before anything is sent. Pure apart from papaparse: no DOM.
 */

/** The columns, as the header names them (matched without regard to case, spaces or hyphens). */
export const SAT_LISTE_KOLONNER = ['P-nummer', 'Risikoscore', 'Udvælgelsesmetode', 'Deadline'] as const;
type Kolonne = 'pNr' | 'risikoscore' | 'udvaelgelsesmetode' | 'deadline';

/** Other spellings of a header seen in the wild (P-nr., Risiko score …) answer to the same column. */
const HOVED: Record<string, Kolonne> = {
  pnummer: 'pNr',
  pnr: 'pNr',
  risikoscore: 'risikoscore',
  udvaelgelsesmetode: 'udvaelgelsesmetode',
  udvælgelsesmetode: 'udvaelgelsesmetode',
  deadline: 'deadline',
  deadlinedato: 'deadline',
};
const hovedNoegle = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s\-._]/g, '');

export interface SatCsvLinje {
  /** The line of the file (the header is line 1). */
  linje: number;
  /** The cells as written (trimmed), for the preview. */
  raa: Record<Kolonne, string>;
  /** The line as the server takes it, or null when it has a fault. */
  data: SatListeLinje | null;
  /** Danish messages of the line's faults. */
  fejl: string[];
}

export interface SatCsvResultat {
  linjer: SatCsvLinje[];
  /** Faults of the whole file (no header, wrong separator, empty). */
  filFejl: string[];
  /** The lines without faults, ready to send. */
  gyldige: SatListeLinje[];
}

const P_NR = /^1\d{9}$/;
const DATO = /^\d{1,2}-\d{1,2}-\d{4}$/;

/** A method as the list writes it, matched without regard to case; null when it is none of ours. */
function metode(tekst: string): (typeof UDVAELGELSESMETODER)[number] | null {
  const t = tekst.trim().toLowerCase();
  return UDVAELGELSESMETODER.find((m) => m.toLowerCase() === t) ?? null;
}

/** Parses the list's text (see the module comment). */
export function parseSatListeCsv(tekst: string): SatCsvResultat {
  const rent = tekst.replace(/^\uFEFF/, '');
  if (rent.trim() === '') return { linjer: [], filFejl: ['Filen er tom'], gyldige: [] };
  const parsed = Papa.parse<string[]>(rent, { delimiter: ';', skipEmptyLines: false });
  const rows = parsed.data;
  const hovedIndeks = rows.findIndex((r) => r.some((c) => c.trim() !== ''));
  const hoved = rows[hovedIndeks] ?? [];
  const kolonner = new Map<Kolonne, number>();
  hoved.forEach((navn, i) => {
    const k = HOVED[hovedNoegle(navn)];
    if (k && !kolonner.has(k)) kolonner.set(k, i);
  });
  if (!kolonner.has('pNr')) {
    const komma = hoved.length === 1 && (hoved[0] ?? '').includes(',');
    return {
      linjer: [],
      filFejl: [
        komma
          ? 'Filen skal være semikolonsepareret (;), ikke kommasepareret'
          : `Første linje skal være overskrifterne ${SAT_LISTE_KOLONNER.join(';')}`,
      ],
      gyldige: [],
    };
  }

  const linjer: SatCsvLinje[] = [];
  const set = new Map<string, number>();
  for (let i = hovedIndeks + 1; i < rows.length; i++) {
    const r = rows[i] ?? [];
    if (r.every((c) => c.trim() === '')) continue;
    const celle = (k: Kolonne) => {
      const at = kolonner.get(k);
      return at === undefined ? '' : (r[at] ?? '').trim();
    };
    const raa: SatCsvLinje['raa'] = {
      pNr: celle('pNr'),
      risikoscore: celle('risikoscore'),
      udvaelgelsesmetode: celle('udvaelgelsesmetode'),
      deadline: celle('deadline'),
    };
    const linje = i + 1;
    const fejl: string[] = [];

    const pNr = raa.pNr.replace(/\s/g, '');
    if (pNr === '') fejl.push('P-nummer mangler');
    else if (!P_NR.test(pNr)) fejl.push(`P-nummeret »${raa.pNr}« skal være 10 cifre og begynde med 1`);
    else if (set.has(pNr)) fejl.push(`P-nummeret står også i linje ${set.get(pNr)}`);
    else set.set(pNr, linje);

    let risikoscore: number | null = null;
    if (raa.risikoscore !== '') {
      risikoscore = parseDanskTal(raa.risikoscore);
      if (risikoscore === null) fejl.push(`Risikoscoren »${raa.risikoscore}« er ikke et tal (fx 72,5)`);
      else if (risikoscore < 0 || risikoscore > 100) fejl.push('Risikoscoren skal være mellem 0 og 100');
    }

    const m = raa.udvaelgelsesmetode === '' ? null : metode(raa.udvaelgelsesmetode);
    if (raa.udvaelgelsesmetode !== '' && m === null) {
      fejl.push(
        `Ukendt udvælgelsesmetode »${raa.udvaelgelsesmetode}« (kendte: ${UDVAELGELSESMETODER.join(', ')})`,
      );
    }

    let deadlineDato: string | null = null;
    if (raa.deadline !== '') {
      deadlineDato = DATO.test(raa.deadline) ? parseDanskDato(raa.deadline) : null;
      if (deadlineDato === null) fejl.push(`Deadline »${raa.deadline}« er ikke en dato (DD-MM-ÅÅÅÅ)`);
    }

    const data = fejl.length === 0 ? { pNr, risikoscore, udvaelgelsesmetode: m, deadlineDato } : null;
    linjer.push({ linje, raa, data, fejl });
  }
  const filFejl = linjer.length === 0 ? ['Filen har ingen linjer under overskrifterne'] : [];
  return {
    linjer,
    filFejl,
    gyldige: linjer.flatMap((l) => (l.data ? [l.data] : [])),
  };
}

/**
 * A list file's bytes as text: UTF-8 (with or without a BOM) or, when that does not decode, the
 * Windows-1252 that spreadsheet programs on Danish machines save CSV in.
 */
export function laesListeTekst(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
