import { sql } from 'drizzle-orm';
import { datoDel } from '../../contract/format';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import { sammenlignDansk } from '../../contract/sortering';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { containsPattern } from '../db/like';
import { type Branche, LANDBRUGSBRANCHER, VIRKSOMHEDSBRANCHER } from '../db/seed/brancher';
import { adresse, person, udfyldNavn } from '../db/seed/context';
import { makeCvr, makePNr } from '../db/seed/cvr';
import { GAARDNAVNE, KOMMUNER, type Kommunedata } from '../db/seed/danish-data';
import { hashString, Prng } from '../db/seed/prng';
import { danskOrdenSql } from '../db/sortering';

/**
 * The company register (CVR): production units (P-enheder) by municipality, and a unit by its
 * P-number. Behind this interface sits the local simulator below; a real CVR client is configuration.
 */
export interface CvrEnhed {
  pNr: string;
  cvrNr: string;
  navn: string;
  virksomhedsform: string | null;
  vejnavn: string;
  husnummer: string;
  postnummer: string;
  postdistrikt: string;
  kommunekode: number;
  kommunenavn: string;
  brancheKode: string;
  brancheNavn: string;
  /** YYYY-MM-DD */
  startDato: string;
  ophoerDato: string | null;
  /** A farming industry (DB07 01xxxx). */
  landbrug: boolean;
  x: number;
  y: number;
}

export interface CvrSoegning {
  /** The municipality whose units are searched (kommunekode, e.g. 779). */
  kommunekode: number;
  tekst?: string;
  /** Also units of the municipality's companies located in other municipalities. */
  medUdenforKommune: boolean;
  /** Also units already known to the caller's list (the simulator mirrors them from the database). */
  medKendte: boolean;
  virksomhedsType: 1 | 2;
  /** DB07 codes or prefixes; empty means every industry. */
  brancheKoder: readonly string[];
}

export interface CvrSoegeResultat {
  /** Matches sorted by name, at most CVR_SOEG_MAX. */
  enheder: CvrEnhed[];
  begraenset: boolean;
}

export interface CvrRegister {
  soeg(soegning: CvrSoegning): Promise<CvrSoegeResultat>;
  /** The units of the given P-numbers that the register knows. */
  hentEnheder(pNrs: readonly string[]): Promise<Map<string, CvrEnhed>>;
}

/** A search answers at most this many units (the real register caps its hits too). */
export const CVR_SOEG_MAX = 1000;

export const adresseTekst = (e: Pick<CvrEnhed, 'vejnavn' | 'husnummer' | 'postnummer' | 'postdistrikt'>) =>
  `${e.vejnavn} ${e.husnummer}, ${e.postnummer} ${e.postdistrikt}`;

// ---------------------------------------------------------------------------------------------
// Simulator
// ---------------------------------------------------------------------------------------------

/** Neighbouring municipalities, where a company of the customer may have another production unit. */
const NABOER: Record<number, Kommunedata[]> = {
  779: [
    nabo(791, 'Viborg', '8800', 527500, 6257000),
    nabo(661, 'Holstebro', '7500', 488200, 6248300),
    nabo(671, 'Struer', '7600', 478300, 6263500),
    nabo(773, 'Nykøbing M', '7900', 486400, 6297400),
  ],
  657: [
    nabo(756, 'Ikast', '7430', 509200, 6220100),
    nabo(760, 'Ringkøbing', '6950', 452600, 6215300),
    nabo(661, 'Holstebro', '7500', 488200, 6248300),
  ],
  849: [
    nabo(851, 'Aalborg', '9000', 553100, 6322400),
    nabo(860, 'Hjørring', '9800', 567200, 6368300),
    nabo(787, 'Thisted', '7700', 490600, 6315500),
  ],
};
const NABO_NAVN: Record<number, string> = {
  791: 'Viborg',
  661: 'Holstebro',
  671: 'Struer',
  773: 'Morsø',
  756: 'Ikast-Brande',
  760: 'Ringkøbing-Skjern',
  851: 'Aalborg',
  860: 'Hjørring',
  787: 'Thisted',
};
const KOMMUNE_NAVN: Record<number, string> = { 779: 'Skive', 657: 'Herning', 849: 'Jammerbugt' };

function nabo(kundeNr: number, by: string, postnummer: string, x: number, y: number): Kommunedata {
  return {
    kundeNr,
    by,
    domaene: '',
    telefonPrefiks: [],
    dguDistrikter: [],
    terraen: [0, 0],
    forsyning: '',
    postdistrikter: [{ postnummer, navn: by, x, y, vaegt: 1, landsbyer: [by] }],
  };
}

const SUFFIKSER = [' ApS', ' A/S', ' I/S', ' IVS', ' P/S'] as const;
function splitSuffiks(navn: string): { stamme: string; suffiks: string | null } {
  for (const s of SUFFIKSER)
    if (navn.endsWith(s)) return { stamme: navn.slice(0, -s.length), suffiks: s.trim() };
  return { stamme: navn, suffiks: null };
}

const LANDBRUGSKODER = new Set(LANDBRUGSBRANCHER.map((b) => b.kode));
const ALLE_BRANCHER = [...VIRKSOMHEDSBRANCHER, ...LANDBRUGSBRANCHER];
const BRANCHE_NAVN = new Map(ALLE_BRANCHER.map((b) => [b.kode, b.navn]));

function startdato(prng: Prng): string {
  const aar = 2026 - Math.floor(60 * prng.next() ** 1.8);
  return `${aar}-${String(prng.int(1, 12)).padStart(2, '0')}-${String(prng.int(1, 28)).padStart(2, '0')}`;
}

/**
 * The register's units of one municipality that are not in the customer's list: about 300
 * companies and farms, some with further units in the municipality or in a neighbouring one.
 * Deterministic: the same units, numbers and addresses on every machine and every start.
 */
function lavRegister(kommunekode: number): CvrEnhed[] {
  const kommune = KOMMUNER[kommunekode];
  if (!kommune) return [];
  const prng = new Prng(`cvr-register-v1/${kommunekode}`);
  const naboer = NABOER[kommunekode] ?? [];
  const brugte = new Set<string>();
  const unik = (make: () => string) => {
    for (;;) {
      const v = make();
      if (!brugte.has(v)) {
        brugte.add(v);
        return v;
      }
    }
  };
  const enheder: CvrEnhed[] = [];
  for (let i = 0; i < 300; i++) {
    const landbrug = prng.chance(0.3);
    const liste = landbrug ? LANDBRUGSBRANCHER : VIRKSOMHEDSBRANCHER;
    const branche: Branche = prng.weighted(liste.map((b) => [b, b.vaegt] as const));
    const ejer = person(prng);
    const adr = adresse(prng, kommune, branche.gader);
    const stamme = udfyldNavn(prng.pick(branche.navne), {
      by: adr.sted,
      efternavn: ejer.efternavn,
      fornavn: ejer.fornavn,
      gaard: prng.pick(GAARDNAVNE),
    });
    const suffiks: string = prng.weighted(branche.selskabsformer ?? [['', 1]]);
    const navn = stamme + suffiks;
    const cvrNr = unik(() => makeCvr(prng));
    const start = startdato(prng);
    const ophoer = prng.chance(0.04) ? `20${prng.int(21, 26)}-0${prng.int(1, 9)}-1${prng.int(0, 9)}` : null;
    const enhed = (k: Kommunedata, a: ReturnType<typeof adresse>, enhedsnavn: string): CvrEnhed => ({
      pNr: unik(() => makePNr(prng)),
      cvrNr,
      navn: enhedsnavn,
      virksomhedsform: suffiks.trim() || 'Enkeltmandsvirksomhed',
      vejnavn: a.vejnavn,
      husnummer: a.husnummer,
      postnummer: a.postnummer,
      postdistrikt: a.postdistrikt,
      kommunekode: k.kundeNr,
      kommunenavn: KOMMUNE_NAVN[k.kundeNr] ?? NABO_NAVN[k.kundeNr] ?? k.by,
      brancheKode: branche.kode,
      brancheNavn: branche.navn,
      startDato: start,
      ophoerDato: ophoer,
      landbrug: LANDBRUGSKODER.has(branche.kode),
      x: a.x,
      y: a.y,
    });
    enheder.push(enhed(kommune, adr, navn));
    // About one in four has more production units: a branch in town or across the border.
    if (prng.chance(0.25)) {
      const n = prng.int(1, 2);
      for (let j = 0; j < n; j++) {
        const udenfor = naboer.length > 0 && prng.chance(0.5);
        const k = udenfor ? prng.pick(naboer) : kommune;
        const a = adresse(prng, k, branche.gader === 'land' ? 'land' : 'erhverv');
        enheder.push(enhed(k, a, `${stamme} afd. ${a.postdistrikt}${suffiks}`));
      }
    }
  }
  return enheder.sort(sammenlign);
}

/** By name in Danish order, then P-number: the same order as soegKendte's SQL. */
const sammenlign = (a: CvrEnhed, b: CvrEnhed) =>
  sammenlignDansk(a.navn, b.navn) || a.pNr.localeCompare(b.pNr);

function matcher(e: CvrEnhed, tekst: string): boolean {
  if (!tekst) return true;
  const t = tekst.toLowerCase();
  const digits = t.replace(/\s+/g, '');
  if (/^\d+$/.test(digits) && (e.cvrNr.startsWith(digits) || e.pNr.startsWith(digits))) return true;
  return e.navn.toLowerCase().includes(t) || adresseTekst(e).toLowerCase().includes(t);
}

const brancheMatcher = (koder: readonly string[]) => (kode: string) =>
  koder.length === 0 || koder.some((k) => kode.startsWith(k));

/** A company the customer already has, as the register mirrors it. */
interface KendtRaekke {
  p_nr: string;
  cvr_nr: string | null;
  navn: string;
  vejnavn: string | null;
  husnummer: string | null;
  postnummer: string | null;
  postdistrikt: string | null;
  branche_kode: string | null;
  etablerings_dato: string | Date | null;
  ophoert_dato: string | Date | null;
  type: number;
  kunde_nr: number;
  x: number | null;
  y: number | null;
}

const isoDato = datoDel;

/**
 * What the register says about a company the municipality already has: its own data, with some
 * changes the municipality has not taken over yet (a new legal form, a new house number, another
 * industry, a closing date). Each change is a pure function of the P-number and sets a value rather
 * than modifying one, so taking a change over makes the difference disappear for good.
 */
export function spejlEnhed(r: KendtRaekke): CvrEnhed {
  const h = hashString(`cvr-drift/${r.p_nr}`);
  const draw = (salt: number, mod: number) => (Math.imul(h ^ salt, 0x9e3779b1) >>> 0) % mod;
  let navn = r.navn;
  if (draw(1, 100) < 12) {
    const { stamme } = splitSuffiks(r.navn);
    navn = stamme + [' ApS', ' A/S', ' I/S'][draw(2, 3)];
  }
  let husnummer = r.husnummer ?? '1';
  if (draw(3, 100) < 10) husnummer = String(1 + draw(4, 60));
  let brancheKode = r.branche_kode ?? '';
  const liste = r.type === VIRKSOMHEDSTYPE.LANDBRUG ? LANDBRUGSBRANCHER : VIRKSOMHEDSBRANCHER;
  if (draw(5, 100) < 6) brancheKode = liste[draw(6, liste.length)]!.kode;
  let ophoer = isoDato(r.ophoert_dato);
  if (ophoer === null && draw(7, 100) < 3)
    ophoer = `2026-0${1 + draw(8, 9)}-${String(1 + draw(9, 28)).padStart(2, '0')}`;
  return {
    pNr: r.p_nr,
    cvrNr: r.cvr_nr ?? '',
    navn,
    virksomhedsform: splitSuffiks(navn).suffiks ?? 'Enkeltmandsvirksomhed',
    vejnavn: r.vejnavn ?? '',
    husnummer,
    postnummer: r.postnummer ?? '',
    postdistrikt: r.postdistrikt ?? '',
    kommunekode: Number(r.kunde_nr),
    kommunenavn: KOMMUNE_NAVN[Number(r.kunde_nr)] ?? '',
    brancheKode,
    brancheNavn: BRANCHE_NAVN.get(brancheKode) ?? '',
    startDato: isoDato(r.etablerings_dato) ?? '1990-01-01',
    ophoerDato: ophoer,
    landbrug: LANDBRUGSKODER.has(brancheKode) || Number(r.type) === 2,
    x: r.x ?? 0,
    y: r.y ?? 0,
  };
}

/**
 * The local CVR simulator: generated units of each demo municipality that are not in any list, plus
 * a mirror of the companies the municipalities already have (read from the database, as the real
 * register holds every company).
 */
export class CvrSimulator implements CvrRegister {
  private readonly registre = new Map<number, CvrEnhed[]>();
  private byPNr: Map<string, CvrEnhed> | null = null;

  constructor(private readonly db: Db) {}

  private register(kommunekode: number): CvrEnhed[] {
    let r = this.registre.get(kommunekode);
    if (!r) {
      r = lavRegister(kommunekode);
      this.registre.set(kommunekode, r);
    }
    return r;
  }

  private genereret(): Map<string, CvrEnhed> {
    if (!this.byPNr) {
      this.byPNr = new Map();
      for (const kode of Object.keys(KOMMUNER))
        for (const e of this.register(Number(kode))) this.byPNr.set(e.pNr, e);
    }
    return this.byPNr;
  }

  async soeg(s: CvrSoegning): Promise<CvrSoegeResultat> {
    const tekst = (s.tekst ?? '').trim();
    const branche = brancheMatcher(s.brancheKoder);
    const hits = this.register(s.kommunekode).filter(
      (e) =>
        (s.medUdenforKommune || e.kommunekode === s.kommunekode) &&
        e.landbrug === (s.virksomhedsType === VIRKSOMHEDSTYPE.LANDBRUG) &&
        branche(e.brancheKode) &&
        matcher(e, tekst),
    );
    if (s.medKendte) {
      const kendte = await this.soegKendte(s, tekst, CVR_SOEG_MAX + 1);
      const set = new Set(hits.map((h) => h.pNr));
      for (const k of kendte) if (!set.has(k.pNr)) hits.push(k);
      hits.sort(sammenlign);
    }
    return { enheder: hits.slice(0, CVR_SOEG_MAX), begraenset: hits.length > CVR_SOEG_MAX };
  }

  private async soegKendte(s: CvrSoegning, tekst: string, limit: number): Promise<CvrEnhed[]> {
    const contains = containsPattern(tekst);
    const digits = tekst.replace(/\s+/g, '');
    const tal = /^\d+$/.test(digits);
    const branche =
      s.brancheKoder.length === 0
        ? sql`true`
        : sql`(${sql.join(
            s.brancheKoder.map((k) => sql`v.branche_kode like ${`${k}%`}`),
            sql` or `,
          )})`;
    const rows = await queryRows<KendtRaekke>(
      this.db,
      sql`select v.p_nr, v.cvr_nr, v.navn, v.vejnavn, v.husnummer, v.postnummer, v.postdistrikt,
            v.branche_kode, v.etablerings_dato, v.ophoert_dato, v.type, k.kunde_nr, v.x, v.y
          from virksomhed v join kunde k on k.id = v.kunde_id
          where k.kunde_nr = ${s.kommunekode} and v.type = ${s.virksomhedsType} and not v.slettet
            and v.p_nr is not null and ${branche}
            and (${tekst === ''} or v.navn ilike ${contains} or v.adresse ilike ${contains}
              or (${tal} and (v.cvr_nr like ${`${digits}%`} or v.p_nr like ${`${digits}%`})))
          order by ${danskOrdenSql(sql`v.navn`, sql`v.navn_sortering`)}, v.p_nr
          limit ${limit}`,
    );
    return rows.map(spejlEnhed);
  }

  async hentEnheder(pNrs: readonly string[]): Promise<Map<string, CvrEnhed>> {
    const result = new Map<string, CvrEnhed>();
    const mangler: string[] = [];
    const gen = this.genereret();
    for (const p of pNrs) {
      const e = gen.get(p);
      if (e) result.set(p, e);
      else mangler.push(p);
    }
    if (mangler.length > 0) {
      const rows = await queryRows<KendtRaekke>(
        this.db,
        sql`select distinct on (v.p_nr) v.p_nr, v.cvr_nr, v.navn, v.vejnavn, v.husnummer, v.postnummer,
              v.postdistrikt, v.branche_kode, v.etablerings_dato, v.ophoert_dato, v.type, k.kunde_nr, v.x, v.y
            from virksomhed v join kunde k on k.id = v.kunde_id
            where v.p_nr in (${sql.join(
              mangler.map((p) => sql`${p}`),
              sql`, `,
            )}) and not v.slettet
            order by v.p_nr, v.id`,
      );
      for (const r of rows) result.set(r.p_nr, spejlEnhed(r));
    }
    return result;
  }
}

/** The register the server uses: the simulator unless a real client is configured (none yet). */
export function createCvrRegister(db: Db): CvrRegister {
  return new CvrSimulator(db);
}
