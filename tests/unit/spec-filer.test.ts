import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { laesSpecFil, specMappe } from '../helpers/spec-filer';

const ROD = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'mw-spec-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("the specification's files (MW_SPEC_DIR)", () => {
  it('are looked for in ../shared/spec beside the repository when MW_SPEC_DIR is not set', () => {
    expect(specMappe({})).toBe(path.resolve(ROD, '../shared/spec'));
    expect(specMappe({ MW_SPEC_DIR: '  ' })).toBe(path.resolve(ROD, '../shared/spec'));
  });

  it('are read from the folder MW_SPEC_DIR names, absolute or relative to the repository root', () => {
    const mappe = path.join(tmp, 'spec');
    mkdirSync(mappe);
    writeFileSync(path.join(mappe, 'routes.tsv'), '/\tALLE\tforsiden\n');
    expect(laesSpecFil('routes.tsv', { MW_SPEC_DIR: mappe })).toBe('/\tALLE\tforsiden\n');
    const relativ = path.relative(ROD, mappe);
    expect(specMappe({ MW_SPEC_DIR: relativ })).toBe(mappe);
    expect(laesSpecFil('routes.tsv', { MW_SPEC_DIR: relativ })).toBe('/\tALLE\tforsiden\n');
  });

  it('stop with a Danish message naming the folder and MW_SPEC_DIR when a file is missing, not ENOENT', () => {
    const tom = path.join(tmp, 'tom');
    mkdirSync(tom);
    expect(() => laesSpecFil('api-calls.tsv', { MW_SPEC_DIR: tom })).toThrow(
      `Specifikationens filer findes ikke i ${tom}: sæt MW_SPEC_DIR til mappen med api-calls.tsv`,
    );
    expect(() => laesSpecFil('routes.tsv', { MW_SPEC_DIR: path.join(tmp, 'findes-ikke') })).toThrow(
      /^Specifikationens filer findes ikke i .*findes-ikke: sæt MW_SPEC_DIR/,
    );
  });

  it('reads the configured specification: 183 API calls and 98 routes', () => {
    const linjer = (tekst: string) => tekst.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    expect(linjer(laesSpecFil('api-calls.tsv'))).toHaveLength(183);
    expect(linjer(laesSpecFil('routes.tsv'))).toHaveLength(98);
  });
});
