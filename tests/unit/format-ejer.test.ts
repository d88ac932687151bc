import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner for formats and 'today' (issue 33 point 4): money, per cent, hours, decimal commas, dates
 * and number input are written and read by src/contract/format.ts alone. Outside it, no code calls
 * Intl.NumberFormat or toLocaleString, cuts a date out of toISOString(), or swaps a decimal point for a
 * comma (or back) with a replace; it calls format.ts (kroner, formatOere, decimalKomma, parseDanskTal,
 * utcDato, plusDage, idagIDanmark …). No allow-list: the owner is the one file below.
 *
 * Also the SQL of the server: a company type is the descriptor's number (VIRKSOMHEDSTYPE, as an SQL
 * parameter), never a literal `v.type = 3`.
 */

const ROD = join(__dirname, '..', '..');
const EJER = 'src/contract/format.ts';

function filer(mappe: string): string[] {
  const ud: string[] = [];
  for (const e of readdirSync(join(ROD, mappe), { withFileTypes: true })) {
    const sti = join(mappe, e.name);
    if (e.isDirectory()) ud.push(...filer(sti));
    else if (/\.(ts|tsx)$/.test(e.name)) ud.push(sti);
  }
  return ud;
}

/** What only the format module may do, each with what it looks like. */
const FORBUDT: { navn: string; moenster: RegExp }[] = [
  { navn: 'en dato skåret ud af toISOString()', moenster: /toISOString\(\)\s*\.slice\(\s*0\s*,\s*10\s*\)/ },
  { navn: 'Intl.NumberFormat', moenster: /\bIntl\.NumberFormat\s*\(/ },
  { navn: 'toLocaleString/toLocaleDateString', moenster: /\.toLocale(?:Date)?String\s*\(/ },
  {
    // The first argument a dot or a comma (as text, or a regex of nothing else): '.' / ',' / /\./g /
    // /,/g / /[.,]/g, whatever it becomes.
    navn: 'en replace af decimaltegn',
    moenster: /\.replace(?:All)?\(\s*(?:(['"`])[.,]\1|\/(?:\\\.|,|\[(?:\\\.|\.|,)+\])\/[gimsuy]*)\s*,/,
  },
  {
    // A thousands point or a decimal comma put in among digits by a regex.
    navn: 'en replace, der indsætter punktum eller komma mellem cifre',
    moenster: /\.replace(?:All)?\(\s*\/[^/\n]*\\d[^/\n]*\/[gimsuy]*\s*,\s*(['"`])[.,]\1\s*\)/,
  },
];

/** A company type as a literal number in the server's SQL. */
const TYPE_LITTERAL = /\b\w+\.type\s*(?:=|<>|!=|\bin\b)\s*\(?\s*\d|\bcase\s+\w+\.type\s+when\s+\d/;

describe('formater har én ejer', () => {
  it('mønstrene fanger det, de skal, og ikke mere', () => {
    const fanget = (linje: string) => FORBUDT.filter((f) => f.moenster.test(linje)).map((f) => f.navn);
    for (const ond of [
      'd.toISOString().slice(0, 10)',
      "new Intl.NumberFormat('da-DK')",
      "n.toLocaleString('da-DK')",
      "String(n).replace('.', ',')",
      "tekst.replace(',', '.')",
      "s.replace(/\\./g, '')",
      "s.replaceAll('.', '')",
      "v.replace(/[.,]/g, '')",
      "String(kr).replace(/\\B(?=(\\d{3})+(?!\\d))/g, '.')",
    ])
      expect(fanget(ond), ond).not.toEqual([]);
    for (const god of [
      'sendt.toISOString()',
      "navn.replace(/\\.docx$/i, '')",
      "host.replace(/\\.$/, '')",
      "tid.replace(/[:.]/g, '-')",
      "kode.replace(/[\\s\\-._]/g, '')",
      "q.replaceAll('%2C', ',')",
      "sti.replaceAll('/', '.')",
      'decimalKomma(n)',
      'x.toFixed(1)',
    ])
      expect(fanget(god), god).toEqual([]);
    expect(TYPE_LITTERAL.test('and v.type in (1, 2) and')).toBe(true);
    expect(TYPE_LITTERAL.test('a.type = 3')).toBe(true);
    expect(TYPE_LITTERAL.test("case v.type when 2 then 'landbrug'")).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: an SQL template's text, as the file holds it
    expect(TYPE_LITTERAL.test('v.type = ${VIRKSOMHEDSTYPE.VANDANLAEG}')).toBe(false);
  });

  it('kun src/contract/format.ts formaterer tal og datoer og læser decimaltegn', () => {
    const fund: string[] = [];
    for (const fil of [...filer('src'), ...filer('machines')]) {
      const sti = relative(ROD, join(ROD, fil)).split('\\').join('/');
      if (sti === EJER) continue;
      readFileSync(join(ROD, fil), 'utf8')
        .split('\n')
        .forEach((linje, i) => {
          for (const f of FORBUDT)
            if (f.moenster.test(linje)) fund.push(`${sti}:${i + 1} ${f.navn}: ${linje.trim()}`);
        });
    }
    expect(fund).toEqual([]);
  });

  it('serverens SQL skriver virksomhedstyper med deskriptorens tal', () => {
    const fund: string[] = [];
    for (const fil of filer('src/server')) {
      readFileSync(join(ROD, fil), 'utf8')
        .split('\n')
        .forEach((linje, i) => {
          if (TYPE_LITTERAL.test(linje)) fund.push(`${fil}:${i + 1} ${linje.trim()}`);
        });
    }
    expect(fund).toEqual([]);
  });

  it('ejeren selv rummer det, de andre kalder', () => {
    const ejer = readFileSync(join(ROD, EJER), 'utf8');
    for (const navn of ['kroner', 'decimalKomma', 'parseDanskTal', 'utcDato', 'plusDage', 'idagIDanmark'])
      expect(ejer, navn).toMatch(new RegExp(`export (?:function|const) ${navn}\\b`));
  });
});
