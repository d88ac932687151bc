import { sammenlignDansk } from '../../contract/sortering';
import { uuid } from '../db/seed/context';
import { GADER_BY, GADER_ERHVERV, GADER_LAND, KOMMUNER, type Postdistrikt } from '../db/seed/danish-data';
import { Prng } from '../db/seed/prng';

/**
 * The national address service (DAWA): search addresses in a municipality, and fetch one by id.
 * 'adgangsadresse' is an entrance (street and house number); 'adresse' a dwelling or unit address
 * (with floor and door). Behind the interface sits the local simulator below.
 */
export type DawaType = 'adresse' | 'adgangsadresse';

export interface DawaAdresse {
  id: string;
  type: DawaType;
  tekst: string;
  vejnavn: string;
  husnummer: string;
  etage: string | null;
  doer: string | null;
  postnummer: string;
  postnrnavn: string;
  kommunekode: number;
  x: number;
  y: number;
}

export interface DawaRegister {
  soeg(q: string, kommunekode: number, antal: number): Promise<DawaAdresse[]>;
  hent(id: string, type: DawaType): Promise<DawaAdresse | null>;
}

const ORD = /[\p{L}\p{N}]+/gu;

interface Univers {
  adresser: DawaAdresse[];
  /** The lower-cased words of each address, same order. */
  ord: string[][];
}

const tekstAf = (a: Omit<DawaAdresse, 'tekst' | 'id' | 'type'>) =>
  `${a.vejnavn} ${a.husnummer}${a.etage ? `, ${a.etage}.${a.doer ? ` ${a.doer}` : ''}` : ''}, ${a.postnummer} ${a.postnrnavn}`;

/** Streets of a post district: the town's own roads, common town and industrial roads, and village roads. */
function gaderI(
  d: Postdistrikt,
  prng: Prng,
): { vej: string; kind: 'by' | 'erhverv' | 'land'; max: number }[] {
  const gader: { vej: string; kind: 'by' | 'erhverv' | 'land'; max: number }[] = [];
  for (const g of d.gader ?? []) gader.push({ vej: g, kind: 'by', max: prng.int(40, 120) });
  for (const g of prng.sample(GADER_BY, 10)) gader.push({ vej: g, kind: 'by', max: prng.int(12, 60) });
  for (const g of prng.sample(GADER_ERHVERV, 5))
    gader.push({ vej: g, kind: 'erhverv', max: prng.int(8, 40) });
  for (const g of prng.sample(GADER_LAND, 6)) gader.push({ vej: g, kind: 'land', max: prng.int(10, 90) });
  for (const by of d.landsbyer.slice(0, 6)) {
    if (/^[A-ZÆØÅ][a-zæøå]+$/.test(by)) gader.push({ vej: `${by}vej`, kind: 'land', max: prng.int(10, 60) });
  }
  // One street name once per district.
  const seen = new Set<string>();
  return gader.filter((g) => {
    if (seen.has(g.vej)) return false;
    seen.add(g.vej);
    return true;
  });
}

function lavUnivers(kommunekode: number): Univers {
  const kommune = KOMMUNER[kommunekode];
  const adresser: DawaAdresse[] = [];
  if (kommune) {
    for (const d of kommune.postdistrikter) {
      const prng = new Prng(`dawa-v1/${kommunekode}/${d.postnummer}`);
      for (const g of gaderI(d, prng)) {
        const spred = g.kind === 'by' ? 900 : g.kind === 'erhverv' ? 1500 : 3500;
        const x0 = d.x + prng.normal(0, spred);
        const y0 = d.y + prng.normal(0, spred);
        const retning = prng.float(0, Math.PI);
        for (let nr = 1; nr <= g.max; nr++) {
          const husnumre = [String(nr)];
          if (prng.chance(0.05)) husnumre.push(`${nr}A`);
          for (const husnummer of husnumre) {
            const ap = new Prng(`dawa-v1/${d.postnummer}/${g.vej}/${husnummer}`);
            const x = Math.round((x0 + Math.cos(retning) * nr * 12) * 100) / 100;
            const y = Math.round((y0 + Math.sin(retning) * nr * 12) * 100) / 100;
            const base = {
              vejnavn: g.vej,
              husnummer,
              postnummer: d.postnummer,
              postnrnavn: d.navn,
              kommunekode,
              x,
              y,
            };
            adresser.push({
              ...base,
              id: uuid(ap),
              type: 'adgangsadresse',
              etage: null,
              doer: null,
              tekst: tekstAf({ ...base, etage: null, doer: null }),
            });
            // Town houses often have flats or units: one address per floor and door.
            if (g.kind === 'by' && ap.chance(0.3)) {
              const etager = ['st', '1', '2', '3'].slice(0, ap.int(1, 4));
              for (const etage of etager) {
                for (const doer of ['tv', 'th']) {
                  const a = { ...base, etage, doer };
                  adresser.push({ ...a, id: uuid(ap), type: 'adresse', tekst: tekstAf(a) });
                }
              }
            }
          }
        }
      }
    }
  }
  return { adresser, ord: adresser.map((a) => a.tekst.toLowerCase().match(ORD) ?? []) };
}

/** The local DAWA simulator: generated addresses of the demo municipalities, deterministic. */
export class DawaSimulator implements DawaRegister {
  private readonly univers = new Map<number, Univers>();
  private readonly byId = new Map<string, DawaAdresse>();

  private af(kommunekode: number): Univers {
    let u = this.univers.get(kommunekode);
    if (!u) {
      u = lavUnivers(kommunekode);
      this.univers.set(kommunekode, u);
      for (const a of u.adresser) this.byId.set(a.id, a);
    }
    return u;
  }

  /**
   * Every word of the query must start a word of the street, town, floor or door; a number must start
   * the house number or the post code ('holst 12 skive' finds 'Holstebrovej 12, 7800 Skive').
   */
  async soeg(q: string, kommunekode: number, antal: number): Promise<DawaAdresse[]> {
    const ord = q.toLowerCase().match(ORD) ?? [];
    if (ord.length === 0) return [];
    const u = this.af(kommunekode);
    const hits: DawaAdresse[] = [];
    for (let i = 0; i < u.adresser.length && hits.length < 2000; i++) {
      const a = u.adresser[i]!;
      const adresseOrd = u.ord[i]!;
      const husnr = a.husnummer.toLowerCase();
      const passer = ord.every((o) =>
        /^\d/.test(o)
          ? husnr.startsWith(o) || a.postnummer.startsWith(o)
          : adresseOrd.some((w) => !/^\d/.test(w) && w.startsWith(o)),
      );
      if (passer) hits.push(a);
    }
    // Entrances before the units in them; streets and numbers in natural order.
    hits.sort(
      (a, b) =>
        sammenlignDansk(a.vejnavn, b.vejnavn) ||
        a.postnummer.localeCompare(b.postnummer) ||
        sammenlignDansk(a.husnummer, b.husnummer) ||
        (a.type === b.type ? 0 : a.type === 'adgangsadresse' ? -1 : 1) ||
        sammenlignDansk(a.tekst, b.tekst),
    );
    return hits.slice(0, antal);
  }

  async hent(id: string, type: DawaType): Promise<DawaAdresse | null> {
    let a = this.byId.get(id);
    // Not among the municipalities searched so far: build the others (once).
    if (!a) for (const kode of Object.keys(KOMMUNER)) this.af(Number(kode));
    a = this.byId.get(id);
    return a && a.type === type ? a : null;
  }
}

export function createDawaRegister(): DawaRegister {
  return new DawaSimulator();
}
