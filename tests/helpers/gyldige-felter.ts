import type { FeltDef, LookupKilde } from '../../src/contract/felter';
import { LOOKUP_KATALOG } from '../../src/server/catalog/lookups';

/** The name of a lookup source that depends on the customer or the company (sagsbehandler, boring ...). */
export type SaerligKilde = Extract<LookupKilde, { special: string }>['special'];

/**
 * A valid value for a field: the first active option of its list, a date, the smallest allowed number ...
 * `saerlig` answers the id for a lookup of a named source (the test's case worker, borehole ...).
 * An optional choice is null, or its first option where `valgAltid` says so.
 */
export function gyldigVaerdi(
  f: FeltDef,
  saerlig: (kilde: SaerligKilde) => number | undefined,
  valgAltid = false,
): unknown {
  const t = f.type;
  switch (t.kind) {
    case 'tekst':
      return f.navn === 'titel' ? 'Testregistrering' : t.paakraevet ? 'Tekst' : null;
    case 'dato':
      return t.paakraevet ? '2026-03-02' : null;
    case 'tal':
      return t.paakraevet ? Math.max(1, t.min ?? 1) : null;
    case 'jaNej':
      return t.treVejs ? null : false;
    case 'valg':
      return t.paakraevet || valgAltid ? t.valg[0] : null;
    case 'linjer':
      return [];
    case 'lookup': {
      if (!t.paakraevet) return t.flere ? [] : null;
      const k = t.kilde;
      const id =
        'path' in k ? LOOKUP_KATALOG.get(k.path.toLowerCase())!.find((i) => i.aktiv)!.id : saerlig(k.special);
      return t.flere ? [id] : id;
    }
  }
}
