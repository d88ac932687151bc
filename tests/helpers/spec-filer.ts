import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The specification's machine-readable files (spec/api-calls.tsv, spec/routes.tsv), read from one
 * place so a clone placed anywhere runs green: the folder MW_SPEC_DIR names (absolute, or relative to
 * the repository's root), else `../shared/spec` beside the repository. A test that needs a file and
 * does not find it stops with a message that says where it looked and what to set, not ENOENT.
 */

/** The repository's root: this file is tests/helpers/spec-filer.ts. */
const ROD = path.resolve(import.meta.dirname, '../..');

/** Where the specification's files are looked for when MW_SPEC_DIR is not set. */
export const STANDARD_SPEC_MAPPE = '../shared/spec';

export type SpecFil = 'api-calls.tsv' | 'routes.tsv';

/** The folder of the specification's files, as an absolute path (read at each call: tests may set it). */
export function specMappe(env: NodeJS.ProcessEnv = process.env): string {
  const sat = env.MW_SPEC_DIR?.trim();
  return path.resolve(ROD, sat || STANDARD_SPEC_MAPPE);
}

/** The text of one of the specification's files; throws a Danish message naming the folder if it is missing. */
export function laesSpecFil(navn: SpecFil, env: NodeJS.ProcessEnv = process.env): string {
  const mappe = specMappe(env);
  const fil = path.join(mappe, navn);
  if (!existsSync(fil)) {
    throw new Error(
      `Specifikationens filer findes ikke i ${mappe}: sæt MW_SPEC_DIR til mappen med ${navn} ` +
        `(absolut eller i forhold til repositoriets rod; standard er ${STANDARD_SPEC_MAPPE})`,
    );
  }
  return readFileSync(fil, 'utf8');
}
