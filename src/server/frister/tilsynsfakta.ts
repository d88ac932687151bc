import type { TilsynetsFakta } from '../../contract/frister-regler';
import { LOOKUP_KATALOG } from '../catalog/lookups';

/**
 * The inspection lookups' codes and ids (the records store ids), for applying the deadline rules of
 * src/contract/frister-regler.ts to the records: in TypeScript (`tilsynsFakta`) and in SQL (`idsAf`).
 */

const TYPER = 'dmalookup/tilsynstyper';
const KATEGORIER = 'dmalookup/tilsynskategorier';

/** The ids (as text, as jsonb ->> answers) of the codes in a lookup of the catalogue. */
export const idsAf = (sti: string, koder: readonly string[]): string[] =>
  (LOOKUP_KATALOG.get(sti.toLowerCase()) ?? [])
    .filter((i) => koder.includes(i.kode))
    .map((i) => String(i.id));

const kodeAf = (sti: string, id: unknown): string | null =>
  (typeof id === 'number' && LOOKUP_KATALOG.get(sti)?.find((i) => i.id === id)?.kode) || null;

/** What the rules need to know of an inspection: its owner's type and basis, and its own data. */
export function tilsynsFakta(
  virksomhedstype: number,
  basis: Record<string, unknown> | null,
  data: Record<string, unknown> | null,
): TilsynetsFakta {
  return {
    virksomhedstype,
    omfattetAfAktivtTilsyn: basis?.omfattetAfAktivtTilsyn === true,
    tilsynstype: kodeAf(TYPER, data?.tilsynstypeId),
    tilsynskategori: kodeAf(KATEGORIER, data?.tilsynskategoriId),
  };
}
