import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { laesListeTekst, parseSatListeCsv } from '../../src/app/features/affaldstilsyn/liste-csv';
import { parsePNumre } from '../../src/app/features/affaldstilsyn/liste-pnumre';
import { CvrSimulator } from '../../src/server/integrations/cvr';

/**
 * Miljøstyrelsen's list of selected companies as a file (the SAT list's import): every line's
 * faults with its line number, before anything is sent; and the P-numbers typed into 'Opret fra CVR'.
 */

const HOVED = 'P-nummer;Risikoscore;Udvælgelsesmetode;Deadline';

describe('parseSatListeCsv', () => {
  it('reads good lines: Danish decimal comma, DD-MM-ÅÅÅÅ, a method in any case, empty cells as null', () => {
    const r = parseSatListeCsv(
      [
        HOVED,
        '1411370560;72,5;Risikobaseret;31-03-2027',
        '1640986282;;stikprøve;',
        ' 1790349785 ; 8 ;;01-12-2026',
        '',
      ].join('\r\n'),
    );
    expect(r.filFejl).toEqual([]);
    expect(r.linjer.map((l) => l.fejl)).toEqual([[], [], []]);
    expect(r.gyldige).toEqual([
      {
        pNr: '1411370560',
        risikoscore: 72.5,
        udvaelgelsesmetode: 'Risikobaseret',
        deadlineDato: '2027-03-31',
      },
      { pNr: '1640986282', risikoscore: null, udvaelgelsesmetode: 'Stikprøve', deadlineDato: null },
      { pNr: '1790349785', risikoscore: 8, udvaelgelsesmetode: null, deadlineDato: '2026-12-01' },
    ]);
  });

  it('names each fault with its line number, and leaves faulty lines out of what is sent', () => {
    const r = parseSatListeCsv(
      [
        HOVED,
        '1411370560;72,5;Risikobaseret;31-03-2027',
        '12345;50;Risikobaseret;31-03-2027',
        '',
        '1640986282;abc;Tilfældig;2027-03-31',
        '1411370560;101;;31-02-2027',
      ].join('\n'),
    );
    const fejl = Object.fromEntries(r.linjer.map((l) => [l.linje, l.fejl]));
    expect(Object.keys(fejl)).toEqual(['2', '3', '5', '6']);
    expect(fejl[2]).toEqual([]);
    expect(fejl[3]).toEqual(['P-nummeret »12345« skal være 10 cifre og begynde med 1']);
    expect(fejl[5]).toEqual([
      'Risikoscoren »abc« er ikke et tal (fx 72,5)',
      expect.stringMatching(/^Ukendt udvælgelsesmetode »Tilfældig« \(kendte: Risikobaseret, Stikprøve/),
      'Deadline »2027-03-31« er ikke en dato (DD-MM-ÅÅÅÅ)',
    ]);
    expect(fejl[6]).toEqual([
      'P-nummeret står også i linje 2',
      'Risikoscoren skal være mellem 0 og 100',
      'Deadline »31-02-2027« er ikke en dato (DD-MM-ÅÅÅÅ)',
    ]);
    expect(r.gyldige.map((l) => l.pNr)).toEqual(['1411370560']);
  });

  it('finds the columns by their header, in any order, and ignores columns it does not know', () => {
    const r = parseSatListeCsv(
      'Deadline;Navn;P-nr.;risikoscore\n15-01-2027;Bachs Autoværksted;1640986282;3,25\n',
    );
    expect(r.gyldige).toEqual([
      { pNr: '1640986282', risikoscore: 3.25, udvaelgelsesmetode: null, deadlineDato: '2027-01-15' },
    ]);
  });

  it('refuses a file without the header, a comma separated file, an empty file and a header alone', () => {
    expect(parseSatListeCsv('1411370560;72,5;Risikobaseret;31-03-2027').filFejl).toEqual([
      'Første linje skal være overskrifterne P-nummer;Risikoscore;Udvælgelsesmetode;Deadline',
    ]);
    expect(parseSatListeCsv('P-nummer,Risikoscore\n1411370560,7').filFejl).toEqual([
      'Filen skal være semikolonsepareret (;), ikke kommasepareret',
    ]);
    expect(parseSatListeCsv('  \n').filFejl).toEqual(['Filen er tom']);
    expect(parseSatListeCsv(`${HOVED}\n`).filFejl).toEqual(['Filen har ingen linjer under overskrifterne']);
  });

  it('reads UTF-8 with a BOM and the Windows-1252 a spreadsheet saves', () => {
    const utf8 = new TextEncoder().encode(`\uFEFF${HOVED}\n1411370560;1;Stikprøve;\n`);
    expect(parseSatListeCsv(laesListeTekst(utf8)).gyldige[0]?.udvaelgelsesmetode).toBe('Stikprøve');
    // 'Udvælgelsesmetode' and 'Stikprøve' in Windows-1252: æ = 0xE6, ø = 0xF8.
    const latin = Uint8Array.from(
      [...`${HOVED}\n1411370560;1;Stikprøve;\n`].map((c) =>
        c === 'æ' ? 0xe6 : c === 'ø' ? 0xf8 : c.charCodeAt(0),
      ),
    );
    const r = parseSatListeCsv(laesListeTekst(latin));
    expect(r.linjer[0]?.fejl).toEqual([]);
    expect(r.gyldige[0]?.udvaelgelsesmetode).toBe('Stikprøve');
  });
});

describe('parsePNumre', () => {
  it('splits on lines, spaces, commas and semicolons, trims, drops repeats and lists the invalid', () => {
    expect(parsePNumre(' 1411370560\n1640986282, 1790349785;1411370560\t\n\n12ab 2000000000 ')).toEqual({
      gyldige: ['1411370560', '1640986282', '1790349785'],
      ugyldige: [
        { tekst: '12ab', besked: 'Et P-nummer skal være 10 cifre og begynde med 1' },
        { tekst: '2000000000', besked: 'Et P-nummer skal være 10 cifre og begynde med 1' },
      ],
      gentagne: 1,
    });
    expect(parsePNumre('  \n ')).toEqual({ gyldige: [], ugyldige: [], gentagne: 0 });
  });
});

describe('docs/eksempler/sat-liste.csv', () => {
  it('is a list without faults: nine P-numbers of Skive in the CVR simulator', async () => {
    const r = parseSatListeCsv(
      readFileSync(new URL('../../docs/eksempler/sat-liste.csv', import.meta.url), 'utf8'),
    );
    expect(r.filFejl).toEqual([]);
    expect(r.linjer.flatMap((l) => l.fejl)).toEqual([]);
    expect(r.gyldige).toHaveLength(9);
    // Every unit is one the simulator generates for Skive (no database is asked for generated ones).
    const enheder = await new CvrSimulator(null as never).hentEnheder(r.gyldige.map((l) => l.pNr));
    expect([...enheder.values()].map((e) => e.kommunekode)).toEqual(Array(9).fill(779));
  });
});
