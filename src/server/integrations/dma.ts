/**
 * Danmarks Miljøportal's DMA (Digital MiljøAdministration): the municipality publishes its inspection
 * reports there (miljøtilsynsbekendtgørelsen § 12). Behind this interface sits the local simulator
 * below; a real client replaces it in src/server/integrations/index.ts and nowhere else.
 *
 * Every report carries its own key (`noegle`, from our inspection id): DMA keeps one publication per
 * key, so resending after a refusal or an unanswered call never publishes twice.
 */
import { idagIDanmark } from '../../contract/format';

export interface DmaTilsynsrapport {
  /** Our key of the publication; the same key always means the same inspection. */
  noegle: string;
  /** The municipality (our customer's number). */
  kommuneNr: string;
  virksomhed: {
    navn: string;
    cvrNr: string | null;
    pNr: string | null;
    chrNr: string | null;
  };
  tilsyn: {
    dato: string;
    titel: string;
    /** BEK 1536/2019 § 14: fysisk or administrativt (dmalookup/tilsynsTyper). */
    tilsynstypeId: number | null;
    /** BEK § 14: basis, prioriteret, kampagne, opstart, § 9 or øvrige (dmalookup/tilsynsKategorier). */
    tilsynskategoriId: number | null;
    miljoeForholdIds: number[];
    varslet: boolean | null;
  };
}

export type DmaSvar = { ok: true; dmaId: string } | { ok: false; kode: string; aarsag: string };

export interface DmaSystem {
  /** Publishes an inspection report (or answers the publication already made with the key). */
  indberetTilsyn(rapport: DmaTilsynsrapport): Promise<DmaSvar>;
}

// ---------------------------------------------------------------------------------------------
// Simulator
// ---------------------------------------------------------------------------------------------

export const DMA_TILSTANDE = ['ok', 'fejl', 'timeout'] as const;
/** ok: answers; fejl: refuses every call; timeout: publishes and never answers. */
export type DmaTilstand = (typeof DMA_TILSTANDE)[number];

export const DMA_STANDARD_FEJL = {
  kode: 'DMA_LUKKET',
  aarsag: 'DMA er lukket for indberetning (planlagt servicevindue)',
};

export interface DmaSimulator extends DmaSystem {
  saetTilstand(tilstand: DmaTilstand): void;
  /** The publications held, by key. */
  offentliggjort(): Map<string, DmaTilsynsrapport>;
}

const aldrig = <T>() => new Promise<T>(() => {});

/**
 * Whether DMA knows the production unit: the simulator's register lacks P-numbers whose digit sum is
 * divisible by 11 (about one in eleven), deterministically.
 */
export function pNrKendtIDma(pNr: string): boolean {
  const sum = [...pNr].reduce((s, c) => s + (/\d/.test(c) ? Number(c) : 0), 0);
  return sum % 11 !== 0;
}

/** What DMA says of a report it cannot take, from the data alone (the same report, the same answer). */
export function dmaAfvisning(r: DmaTilsynsrapport, idag: string): { kode: string; aarsag: string } | null {
  const { virksomhed: v, tilsyn: t } = r;
  if (!v.cvrNr && !v.chrNr)
    return { kode: 'CVR_MANGLER', aarsag: 'Virksomheden har hverken CVR- eller CHR-nummer' };
  if (v.pNr && !pNrKendtIDma(v.pNr))
    return { kode: 'PNR_UKENDT', aarsag: `P-nummer ${v.pNr} er ukendt i DMA` };
  if (t.dato > idag) return { kode: 'DATO_FREMTID', aarsag: 'Tilsynsdatoen ligger efter indberetningsdagen' };
  if (t.tilsynstypeId === null)
    return { kode: 'TILSYNSTYPE_MANGLER', aarsag: 'Tilsynstype (fysisk/administrativt) skal angives' };
  if (t.tilsynskategoriId === null)
    return { kode: 'KATEGORI_MANGLER', aarsag: 'Tilsynskategori skal angives' };
  if (t.miljoeForholdIds.length === 0)
    return { kode: 'MILJOEFORHOLD_MANGLER', aarsag: 'Tilsynet skal angive mindst ét miljøforhold' };
  return null;
}

export function createDmaSimulator(opts: { tilstand?: DmaTilstand; idag?: () => string } = {}): DmaSimulator {
  let tilstand: DmaTilstand = opts.tilstand ?? 'ok';
  const idag = opts.idag ?? (() => idagIDanmark());
  const gemt = new Map<string, DmaTilsynsrapport & { dmaId: string }>();
  let naesteNr = 1;
  return {
    saetTilstand(ny) {
      tilstand = ny;
    },
    offentliggjort() {
      return new Map([...gemt].map(([k, v]) => [k, structuredClone(v)]));
    },
    async indberetTilsyn(rapport) {
      if (tilstand === 'fejl') return { ok: false, ...DMA_STANDARD_FEJL };
      const key = `${rapport.kommuneNr}/${rapport.noegle}`;
      let g = gemt.get(key);
      if (!g) {
        const afvist = dmaAfvisning(rapport, idag());
        if (afvist) return { ok: false, ...afvist };
        g = { ...structuredClone(rapport), dmaId: `DMA-T-${String(naesteNr++).padStart(8, '0')}` };
        gemt.set(key, g);
      }
      if (tilstand === 'timeout') return aldrig();
      return { ok: true, dmaId: g.dmaId };
    },
  };
}
