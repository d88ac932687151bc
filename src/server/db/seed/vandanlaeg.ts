import { formatIsoDato } from '../../../contract/format';
import { VIRKSOMHEDSTYPE } from '../../../contract/roles';
import { VALIDERING_STATUS } from '../../../contract/validering';
import {
  EKSPORTERET_TIL,
  IMPORTERET_FRA,
  periodensUdveksling,
  type Udveksling,
} from '../../../contract/vand-regler';
import { boring, indtag, kontaktperson, oppumpetMaengde, pejling, virksomhed } from '../schema';
import { VANDFORSYNING_BRANCHE } from './brancher';
import { adresse, adresseKolonner, email, type KundeRef, person, type SeedContext, telefon } from './context';
import { ascii, EFTERNAVNE, GAARDNAVNE, type Postdistrikt } from './danish-data';
import { addDays, dayOfYear, type Periode, perioderFoer, REFERENCE_DATE, timestamp } from './dates';
import { KONTAKT_ROLLER_VANDANLAEG, PEJLEMETODER } from './lookups';
import { lavNoter } from './noter';
import type { Prng } from './prng';

type Art = 'almen' | 'ikkeAlmen' | 'markvanding' | 'industri' | 'gartneri';

interface ArtDef {
  anlaegsartId: number;
  virksomhedstype: string;
  formaalId: number;
  /** Yearly volume range, m³. */
  aarlig: [number, number];
  /** Share of the year's volume per calendar month. */
  maaneder: number[];
  /** Year factors (dry summers pump more). */
  aar: Record<number, number>;
  boringer: readonly (readonly [number, number])[];
  branche: { kode: string; navn: string };
}

/** Year factors, one a year from the year `foerste` on. */
function aarFra(foerste: number, faktorer: number[]): Record<number, number> {
  return Object.fromEntries(faktorer.map((f, i) => [foerste + i, f]));
}

const AAR_DRIKKEVAND = aarFra(2016, [0.99, 0.97, 1.08, 1.0, 1.03, 0.99, 1.04, 0.98, 0.97, 1.02, 1.0]);
const AAR_VANDING = aarFra(2016, [0.9, 0.6, 1.8, 1.0, 1.2, 0.85, 1.35, 0.9, 0.7, 1.25, 1.1]);
const AAR_FLAD: Record<number, number> = {};

const MAANEDER_DRIKKEVAND = [0.078, 0.073, 0.08, 0.08, 0.088, 0.092, 0.096, 0.092, 0.084, 0.081, 0.076, 0.08];
const MAANEDER_MARKVANDING = [0, 0, 0, 0.03, 0.12, 0.22, 0.33, 0.22, 0.07, 0.01, 0, 0];
const MAANEDER_INDUSTRI = [0.086, 0.085, 0.088, 0.084, 0.086, 0.085, 0.06, 0.085, 0.088, 0.088, 0.087, 0.078];
const MAANEDER_GARTNERI = [0.04, 0.05, 0.07, 0.09, 0.11, 0.13, 0.14, 0.13, 0.1, 0.07, 0.04, 0.03];

const KORN = { kode: '011100', navn: 'Dyrkning af korn (undtagen ris), bælgfrugter og olieholdige frø' };
const GROENTSAGER = { kode: '011300', navn: 'Dyrkning af grøntsager, meloner, rod- og knoldfrugter' };

/** One art's definition; `boringVaegte[i]` is the weight of a plant with i + 1 boreholes. */
function art(
  anlaegsartId: number,
  virksomhedstype: string,
  formaalId: number,
  aarlig: [number, number],
  maaneder: number[],
  aar: Record<number, number>,
  boringVaegte: number[],
  branche: ArtDef['branche'] = VANDFORSYNING_BRANCHE,
): ArtDef {
  const boringer = boringVaegte.map((v, i) => [i + 1, v] as const);
  return { anlaegsartId, virksomhedstype, formaalId, aarlig, maaneder, aar, boringer, branche };
}

/** anlægsart, company type, purpose, yearly m³, months, years, borehole weights (, trade). */
const ARTER: Record<Art, ArtDef> = {
  almen: art(1, 'V01', 1, [20_000, 300_000], MAANEDER_DRIKKEVAND, AAR_DRIKKEVAND, [20, 40, 25, 15]),
  ikkeAlmen: art(2, 'V02', 1, [800, 12_000], MAANEDER_DRIKKEVAND, AAR_DRIKKEVAND, [80, 20]),
  markvanding: art(3, 'V10', 2, [5_000, 120_000], MAANEDER_MARKVANDING, AAR_VANDING, [75, 25], KORN),
  industri: art(4, 'V20', 3, [20_000, 250_000], MAANEDER_INDUSTRI, AAR_FLAD, [40, 60]),
  gartneri: art(5, 'V30', 4, [5_000, 40_000], MAANEDER_GARTNERI, AAR_VANDING, [70, 30], GROENTSAGER),
};

/** How much water data one plant gets. */
export interface VandOpsaetning {
  plantMaaneder: 1 | 3;
  plantAntal: number;
  indtagMaaneder: 3 | 12;
  indtagAntal: number;
  pejlingAntal: number;
  /** Number of most recent periods awaiting validation (plant level, intake level), or null. */
  afventer: (prng: Prng) => { plant: number; indtag: number } | null;
  boringer?: readonly (readonly [number, number])[];
}

type AfvigerArt = 'slip' | 'maalerskift' | 'naerNul';
type PejleAfviger = 'komma' | 'negativ' | 'kote';

/** Per-customer state: outliers that must occur at least once (so every customer's queue shows them). */
interface Tvungne {
  oppumpet: AfvigerArt[];
  pejling: PejleAfviger[];
}
const tvungneState = new WeakMap<KundeRef, Tvungne>();
function tvungne(kunde: KundeRef): Tvungne {
  let t = tvungneState.get(kunde);
  if (!t) {
    t = { oppumpet: ['slip', 'maalerskift', 'naerNul'], pejling: ['komma', 'negativ'] };
    tvungneState.set(kunde, t);
  }
  return t;
}

function monthKey(iso: string): number {
  return Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

function logUniform(prng: Prng, min: number, max: number): number {
  return Math.exp(prng.float(Math.log(min), Math.log(max)));
}

interface Forsyningslinje {
  jupiterForsyningsartId: number;
  maengde: number;
  modtagerAntal?: number;
}

/** What a period's water went to: the works' own use, filter backwash and the supply lines. */
interface Fordeling {
  eget: number;
  filterskylning: number;
  forsyning: Forsyningslinje[];
}

/**
 * How a plant splits what it pumps (plus what it imports, less what it exports: `netto`): own use,
 * filter backwash, distribution loss and supply per category.
 */
function forsyningsmodel(prng: Prng, art: Art, aarlig: number): (vol: number, netto: number) => Fordeling {
  if (art === 'markvanding' || art === 'gartneri') {
    return (vol: number) => ({
      eget: 0,
      filterskylning: 0,
      forsyning:
        vol > 0 ? [{ jupiterForsyningsartId: 4, maengde: vol, modtagerAntal: 1 }] : ([] as Forsyningslinje[]),
    });
  }
  if (art === 'industri') {
    return (vol: number) => {
      const eget = Math.round(vol * 0.01);
      return {
        eget,
        filterskylning: 0,
        forsyning: vol > 0 ? [{ jupiterForsyningsartId: 2, maengde: vol - eget, modtagerAntal: 1 }] : [],
      };
    };
  }
  const egetPct = prng.float(0.005, 0.03);
  const tabPct = prng.float(0.03, 0.1);
  const husholdning = art === 'ikkeAlmen' ? 1 : prng.float(0.55, 0.9);
  const andre = [2, 3, 4, 5].map((id) => ({
    id,
    w: art === 'ikkeAlmen' || prng.chance(0.25) ? 0 : prng.float(0.2, 1),
  }));
  const sumW = andre.reduce((s, a) => s + a.w, 0);
  const andele = [{ id: 1, andel: sumW === 0 ? 1 : husholdning }];
  for (const a of andre) if (a.w > 0) andele.push({ id: a.id, andel: ((1 - husholdning) * a.w) / sumW });
  const modtagere: Record<number, number> = {
    1: Math.max(3, Math.round((aarlig * husholdning) / prng.float(80, 110))),
    2: prng.int(1, 25),
    3: prng.int(1, 8),
    4: prng.int(2, 40),
    5: prng.int(1, 10),
  };
  return (vol: number, netto: number) => {
    const forbrug = Math.round(vol * egetPct * prng.float(0.8, 1.2));
    // A public waterworks' own use is mostly backwashing its filters.
    const filterskylning = art === 'almen' ? Math.round(forbrug * 0.7) : 0;
    const eget = forbrug - filterskylning;
    const tab = Math.round((vol + netto) * tabPct * prng.float(0.7, 1.3));
    const leveret = vol + netto - forbrug - tab;
    const forsyning: Forsyningslinje[] = [];
    if (leveret > 0) {
      let rest = leveret;
      andele.forEach((a, i) => {
        const m = i === andele.length - 1 ? rest : Math.floor(leveret * a.andel);
        rest -= m;
        forsyning.push({ jupiterForsyningsartId: a.id, maengde: m, modtagerAntal: modtagere[a.id] });
      });
    }
    return { eget, filterskylning, forsyning };
  };
}

interface Serie {
  vandanlaegId: number;
  indtagId: number | null;
  perioder: Periode[];
  volumener: number[];
  faktor: number;
  maaler: number;
  afventerFra: number;
  indberetter: string;
  forsyning?: (vol: number, netto: number) => Fordeling;
  /** Per period: the water imported less the water exported (the plant's exchange records). */
  netto?: number[];
  /** May take this customer's outstanding must-have outliers (plant level only). */
  tvungneAfvigere: boolean;
}

function median(values: number[]): number {
  const a = values.slice().sort((x, y) => x - y);
  const m = Math.floor(a.length / 2);
  return a.length % 2 === 1 ? a[m]! : ((a[m - 1] ?? 0) + (a[m] ?? 0)) / 2;
}

function besluttet(prng: Prng, kunde: KundeRef, indberettet: Date) {
  const pool =
    kunde.sagsbehandlere.vandanlaeg.length > 0
      ? kunde.sagsbehandlere.vandanlaeg
      : kunde.brugere.map((b) => b.id);
  const senest = timestamp(addDays(REFERENCE_DATE, -1), 15, 0).getTime();
  const t = Math.min(
    indberettet.getTime() + prng.int(2, 60) * 86_400_000 + prng.int(0, 8) * 3_600_000,
    senest,
  );
  return {
    besluttetAfBrugerId: prng.pick(pool),
    besluttetDato: new Date(Math.max(t, indberettet.getTime())),
  };
}

function indberettetDato(prng: Prng, slut: string): Date {
  const dag = addDays(slut, prng.int(3, 45));
  const senest = addDays(REFERENCE_DATE, -1);
  // Nothing is reported after the reference date.
  let brugt = dag;
  if (dag > senest) brugt = senest;
  return timestamp(brugt, prng.int(6, 21), prng.int(0, 59));
}

/** Writes the pumped-quantity rows of one meter (a plant or an intake), meter readings continuous. */
function lavOppumpet(ctx: SeedContext, kunde: KundeRef, prng: Prng, s: Serie): void {
  let maaler = s.maaler;
  const f = s.faktor;
  const t = tvungne(kunde);
  const med = median(s.volumener);
  for (let i = 0; i < s.perioder.length; i++) {
    const p = s.perioder[i]!;
    const delta = Math.round(s.volumener[i]! / f);
    const afventer = i >= s.afventerFra;
    let start = maaler;
    let bemaerkning: string | null = null;
    if (!afventer && prng.chance(0.004)) {
      start = prng.int(0, 50);
      bemaerkning = `Ny måler monteret ${formatIsoDato(p.start)}, startstand ${start}.`;
    }
    const sandSlut = start + delta;
    let slut = sandSlut;
    let afviger: AfvigerArt | null = null;
    if (afventer) {
      // A forced outlier goes on a typical period of a sizeable plant, so that it stands out.
      if (s.tvungneAfvigere && t.oppumpet.length > 0 && med >= 1000 && delta * f >= med)
        afviger = t.oppumpet.shift()!;
      else if (prng.chance(0.05) && delta > 10)
        afviger = prng.pick(['slip', 'maalerskift', 'naerNul'] as const);
    }
    if (afviger === 'slip') slut = start + delta * 10;
    else if (afviger === 'maalerskift')
      slut = prng.int(0, Math.max(1, Math.min(Math.floor(delta / 3), start - 1)));
    else if (afviger === 'naerNul') slut = start + prng.int(0, 2);
    const sandVol = delta * f;
    const fs = s.forsyning?.(sandVol, s.netto?.[i] ?? 0);
    const indb = indberettetDato(prng, p.slut);
    const status = afventer ? VALIDERING_STATUS.AFVENTER : VALIDERING_STATUS.GODKENDT;
    /** The period's reading up to a closing meter reading (the true one, or a mistyped one). */
    const aflaesning = (maalerstandSlut: number) => ({
      kundeId: kunde.id,
      vandanlaegId: s.vandanlaegId,
      indtagId: s.indtagId,
      startdato: p.start,
      slutdato: p.slut,
      maalerstandStart: start,
      maalerstandSlut,
      omregningsfaktor: f,
      grundvand: true,
      overfladevand: false,
      vandmaengdeOppumpet: (maalerstandSlut - start) * f,
      vandvaerketsEgetForbrug: fs ? fs.eget : null,
      filterskylning: fs && fs.filterskylning > 0 ? fs.filterskylning : null,
      forsyning: fs ? fs.forsyning : [],
    });
    ctx.writer.push(oppumpetMaengde, {
      ...aflaesning(slut),
      bemaerkning,
      indberetter: s.indberetter,
      indberettetDato: indb,
      status,
      ...(afventer ? {} : besluttet(prng, kunde, indb)),
    });
    kunde.stats.oppumpet++;
    if (afventer) kunde.stats.oppumpetAfventer++;
    if (afviger) kunde.stats.oppumpetAfvigere++;
    // Now and then an entry was reported twice with a typing error and the wrong one discarded.
    if (!afventer && prng.chance(0.012) && delta > 10) {
      const fejlSlut = start + delta * prng.pick([10, 100]);
      const indbFejl = new Date(indb.getTime() - prng.int(1, 5) * 86_400_000);
      ctx.writer.push(oppumpetMaengde, {
        ...aflaesning(fejlSlut),
        indberetter: s.indberetter,
        indberettetDato: indbFejl,
        status: VALIDERING_STATUS.FORKASTET,
        ...besluttet(prng, kunde, indbFejl),
      });
      kunde.stats.oppumpet++;
    }
    maaler = afviger === 'maalerskift' ? slut : sandSlut;
  }
}

/** Quarterly water-level readings of one intake. */
function lavPejlinger(
  ctx: SeedContext,
  kunde: KundeRef,
  prng: Prng,
  p: {
    vandanlaegId: number;
    indtagId: number;
    terraenkote: number;
    perioder: Periode[];
    afventerFra: number;
    drift: boolean;
  },
): void {
  const middel = prng.float(1.5, 22);
  const amplitude = prng.float(0.2, 1.4);
  const trend = prng.normal(0, 0.03);
  const saenkning = prng.float(0.5, 5);
  const metode = prng.weighted([
    [PEJLEMETODER[0], 60],
    [PEJLEMETODER[1], 25],
    [PEJLEMETODER[2], 15],
  ] as const);
  const t = tvungne(kunde);
  for (let i = 0; i < p.perioder.length; i++) {
    const q = p.perioder[i]!;
    const dag = addDays(q.start, prng.int(30, 58));
    const situation = p.drift && prng.chance(0.3) ? 1 : 0;
    const aarFra2021 = Number(dag.slice(0, 4)) - 2021 + dayOfYear(dag) / 365;
    let dybde =
      middel -
      amplitude * Math.cos((2 * Math.PI * (dayOfYear(dag) - 80)) / 365.25) +
      trend * aarFra2021 +
      prng.normal(0, 0.08) +
      (situation === 1 ? saenkning : 0);
    dybde = round2(Math.max(0.05, dybde));
    const afventer = i >= p.afventerFra;
    let afviger: PejleAfviger | null = null;
    if (afventer) {
      if (t.pejling.length > 0) afviger = t.pejling.shift()!;
      else if (prng.chance(0.05)) afviger = prng.pick(['komma', 'negativ', 'kote'] as const);
    }
    if (afviger === 'komma') dybde = round2(dybde * 10);
    else if (afviger === 'negativ') dybde = round2(-dybde);
    else if (afviger === 'kote') dybde = round2(p.terraenkote - dybde);
    const tidspunkt = timestamp(dag, prng.int(7, 14), prng.int(0, 59));
    /** The reading with a depth (the true one, or a mistyped one). */
    const maaling = (vandstandUnderTerraen: number) => ({
      kundeId: kunde.id,
      vandanlaegId: p.vandanlaegId,
      indtagId: p.indtagId,
      pejletidspunkt: tidspunkt,
      vandstandUnderTerraen,
      grundvandskote: round2(p.terraenkote - vandstandUnderTerraen),
      situation,
      pejlemetode: metode,
    });
    ctx.writer.push(pejling, {
      ...maaling(dybde),
      bemaerkning: situation === 0 && prng.chance(0.05) ? 'Pumpen stoppet to timer før pejling.' : null,
      status: afventer ? VALIDERING_STATUS.AFVENTER : VALIDERING_STATUS.GODKENDT,
      ...(afventer ? {} : besluttet(prng, kunde, tidspunkt)),
    });
    kunde.stats.pejlinger++;
    if (afventer) kunde.stats.pejlingerAfventer++;
    if (!afventer && prng.chance(0.01)) {
      const fejl = round2(dybde * 10);
      ctx.writer.push(pejling, {
        ...maaling(fejl),
        status: VALIDERING_STATUS.FORKASTET,
        ...besluttet(prng, kunde, tidspunkt),
      });
      kunde.stats.pejlinger++;
    }
  }
}

/** Village names with their post district, for plant names and addresses. */
function steder(kunde: KundeRef): { sted: string; distrikt: Postdistrikt }[] {
  return kunde.kommune.postdistrikter.flatMap((d) => d.landsbyer.map((sted) => ({ sted, distrikt: d })));
}

function plantNavn(prng: Prng, art: Art, sted: string, brugt: Set<string>, kunde: KundeRef): string {
  let kandidater: (() => string)[] = [];
  switch (art) {
    case 'almen':
      kandidater = [
        () => `${sted} Vandværk`,
        () => `${sted} ${prng.pick(['Nord', 'Syd', 'Øst', 'Vest'])} Vandværk`,
        () => `${sted} Vandforsyning`,
        () => `${kunde.kommune.forsyning} – ${sted} Vandværk`,
        () => `Vandværket ${prng.pick(GAARDNAVNE)}, ${sted}`,
      ];
      break;
    case 'ikkeAlmen':
      kandidater = [
        () => `Vandforsyningen ${prng.pick(GAARDNAVNE)}`,
        () => `${sted} Skoles Vandforsyning`,
        () => `${sted} Camping – vandforsyning`,
        () => `I/S ${prng.pick(GAARDNAVNE)} Vandforsyning`,
        () => `${prng.pick(EFTERNAVNE)}s Vandforsyning, ${sted}`,
      ];
      break;
    case 'markvanding':
      kandidater = [
        () => `Markvanding ${prng.pick(GAARDNAVNE)}`,
        () => `${prng.pick(GAARDNAVNE)} – markvanding`,
        () => `${prng.pick(EFTERNAVNE)} Markvanding, ${sted}`,
      ];
      break;
    case 'industri':
      kandidater = [
        () => `${sted} Mejeri – egen indvinding`,
        () => `${sted} Slagteri – procesvand`,
        () => `${sted} Grusgrav – vaskevand`,
        () => `${sted} Fiskeopdræt`,
      ];
      break;
    case 'gartneri':
      kandidater = [
        () => `${prng.pick(EFTERNAVNE)}s Gartneri`,
        () => `${sted} Planteskole`,
        () => `${sted} Frugtplantage`,
      ];
      break;
  }
  let navn = '';
  for (let i = 0; i < 30 && (navn === '' || brugt.has(navn)); i++) {
    navn = (i === 0 ? kandidater[0]! : prng.pick(kandidater))();
  }
  if (brugt.has(navn)) {
    let n = 2;
    while (brugt.has(`${navn} ${n}`)) n++;
    navn = `${navn} ${n}`;
  }
  brugt.add(navn);
  if (art === 'almen' && !navn.includes('–') && !navn.startsWith('Vandværket')) {
    navn += prng.weighted([
      ['', 55],
      [' A.m.b.a.', 30],
      [' I/S', 15],
    ] as const);
  }
  return navn;
}

const INDUSTRIBRANCHER: readonly [RegExp, { kode: string; navn: string }][] = [
  [/Mejeri/, { kode: '105100', navn: 'Mejerier og osteforarbejdning' }],
  [/Slagteri/, { kode: '101100', navn: 'Forarbejdning og konservering af kød' }],
  [/Grusgrav/, { kode: '081200', navn: 'Grus- og sandgravning; udvinding af ler og kaolin' }],
  [/Fiskeopdræt/, { kode: '032200', navn: 'Ferskvandsbrug' }],
];

function industriBranche(navn: string): { kode: string; navn: string } {
  for (const [re, b] of INDUSTRIBRANCHER) if (re.test(navn)) return b;
  return VANDFORSYNING_BRANCHE;
}

export interface VandanlaegValg {
  art?: readonly (readonly [Art, number])[];
  unikkeNavne: boolean;
}

const DEMO_ARTER: readonly (readonly [Art, number])[] = [
  ['almen', 50],
  ['ikkeAlmen', 15],
  ['markvanding', 25],
  ['industri', 5],
  ['gartneri', 5],
];

/** An import or export record of a seeded plant, with the other plant's name. */
export type SeedUdveksling = Udveksling & { andetAnlaeg: string };

const udvekslingState = new WeakMap<KundeRef, Map<number, SeedUdveksling[]>>();
/** The import and export records planned for a customer's plants (written with the plants' records). */
export function udvekslingerAf(kunde: KundeRef): Map<number, SeedUdveksling[]> {
  let m = udvekslingState.get(kunde);
  if (!m) {
    m = new Map();
    udvekslingState.set(kunde, m);
  }
  return m;
}

/**
 * About one public waterworks in five (and a customer's first) exchanges water with a neighbouring
 * works: it imports (three in five) or exports 4–15 % of what it pumps, recorded per calendar year
 * over its periods.
 */
function planlaegUdveksling(
  ux: Prng,
  kunde: KundeRef,
  sted: string,
  perioder: Periode[],
  volumener: number[],
): SeedUdveksling[] {
  if (udvekslingerAf(kunde).size > 0 && !ux.chance(0.2)) return [];
  const retning = ux.chance(0.6) ? IMPORTERET_FRA : EKSPORTERET_TIL;
  const andel = ux.float(0.04, 0.15);
  const andre = steder(kunde).filter((s) => s.sted !== sted);
  const andetAnlaeg = `${(andre.length > 0 ? ux.pick(andre) : { sted: 'Nabo' }).sted} Vandværk`;
  const aar = new Map<string, { fra: string; til: string; vol: number }>();
  perioder.forEach((p, i) => {
    const y = p.start.slice(0, 4);
    const a = aar.get(y);
    if (a) aar.set(y, { fra: a.fra, til: p.slut, vol: a.vol + volumener[i]! });
    else aar.set(y, { fra: p.start, til: p.slut, vol: volumener[i]! });
  });
  return [...aar.values()].map((a) => ({
    retning,
    fra: a.fra,
    til: a.til,
    maengde: Math.round(a.vol * andel * ux.float(0.9, 1.1)),
    andetAnlaeg,
  }));
}

/** Creates one water plant with its contacts, boreholes, intakes, pumped quantities and readings. */
function lavVandanlaeg(
  ctx: SeedContext,
  kunde: KundeRef,
  prng: Prng,
  noterPrng: Prng,
  ops: VandOpsaetning,
  valg: VandanlaegValg,
  brugteNavne: Set<string>,
  loebenr: number,
): void {
  const art = prng.weighted(valg.art ?? DEMO_ARTER);
  const def = ARTER[art];
  const alle = steder(kunde);
  let valgt = prng.pick(alle);
  if (art === 'almen' && valg.unikkeNavne) {
    // A village has one waterworks of its own before any gets a second.
    const ledige = alle.filter((s) => !brugteNavne.has(`${s.sted} Vandværk`));
    if (ledige.length > 0) valgt = prng.pick(ledige);
  }
  const { sted, distrikt } = valgt;
  const navn = plantNavn(prng, art, sted, valg.unikkeNavne ? brugteNavne : new Set(), kunde);
  const branche = art === 'industri' ? industriBranche(navn) : def.branche;
  const adr = adresse(prng, kunde.kommune, 'land', {
    distrikt,
    sted,
    vejnavn: art === 'almen' && prng.chance(0.5) ? 'Vandværksvej' : undefined,
  });
  const id = ctx.writer.allocId(virksomhed);
  const jupiterId = ctx.jupiterAnlaeg.next(prng);
  const anlaegsnr = `${kunde.kundeNr}${String(loebenr).padStart(5, '0')}`;
  const aarlig = Math.round(logUniform(prng, def.aarlig[0], def.aarlig[1]));
  const startAar = art === 'almen' ? prng.int(1905, 1985) : prng.int(1960, 2015);
  const startdato = `${startAar}-${String(prng.int(1, 12)).padStart(2, '0')}-01`;
  const pool = kunde.sagsbehandlere.vandanlaeg;
  const primaer = pool.length > 0 && prng.chance(0.92) ? prng.pick(pool) : null;

  // Contacts: the board of a waterworks, the owner of a private plant.
  const kontakter: string[] = [];
  const roller =
    art === 'almen' ? ['Formand', 'Driftsansvarlig', ...(prng.chance(0.4) ? ['Kasserer'] : [])] : ['Ejer'];
  for (const rolle of roller) {
    const p = person(prng);
    kontakter.push(p.navn);
    ctx.writer.push(kontaktperson, {
      kundeId: kunde.id,
      virksomhedId: id,
      navn: p.navn,
      email: prng.chance(0.9) ? email(prng, p, art === 'almen' ? `${sted}vand` : undefined) : null,
      telefon: telefon(prng, kunde.kommune),
      rolle: KONTAKT_ROLLER_VANDANLAEG.includes(rolle) ? rolle : 'Ejer',
      jupiterKontaktpersonId: ctx.jupiterKontakt.next(prng),
    });
  }
  const indberetter = kontakter[1] ?? kontakter[0] ?? navn;

  const tilladelse = Math.ceil((aarlig * prng.float(1.15, 1.6)) / 1000) * 1000;
  const udloeb = prng.chance(0.05)
    ? addDays(REFERENCE_DATE, -prng.int(10, 400))
    : `${prng.int(2027, 2055)}-${String(prng.int(1, 12)).padStart(2, '0')}-01`;
  const medCvr = art === 'almen' ? prng.chance(0.85) : prng.chance(0.4);
  // The same draws in the same order as before (the rest of the seeded data stays the same).
  const cvrNr = medCvr ? ctx.cvr.next(prng) : null;
  const pNr = medCvr && prng.chance(0.6) ? ctx.pnr.next(prng) : null;
  // The owner (vandforsyningsloven § 24 d): a waterworks owns itself, or the municipal water company
  // owns it; a private plant is owned by its 'Ejer' contact. The owner's CVR number is the plant's;
  // an owner without one has no CPR number in the demo (none is invented), so the plant is not
  // Jupiter-klar until the case worker fills it in.
  const forsyningFoer = `${kunde.kommune.forsyning} – `;
  const ejerNavn =
    art !== 'almen'
      ? (kontakter[0] ?? navn)
      : navn.startsWith(forsyningFoer)
        ? kunde.kommune.forsyning
        : navn;
  ctx.writer.push(virksomhed, {
    id,
    kundeId: kunde.id,
    type: VIRKSOMHEDSTYPE.VANDANLAEG,
    navn,
    cvrNr,
    pNr,
    jupiterId,
    anlaegsnr,
    ...adresseKolonner(adr),
    brancheKode: branche.kode,
    brancheNavn: branche.navn,
    kategori: null,
    omfattetAfBrugerbetaling: false,
    primaerSagsbehandlerId: primaer,
    etableringsDato: startdato,
    basis: {
      virksomhedstype: VIRKSOMHEDSTYPE.VANDANLAEG,
      anlaegsnavn: navn,
      primaerVirksomhedstype: def.virksomhedstype,
      oevrigeVandanlaegVirksomhedstyper: [],
      jupiterId,
      anlaegsnr,
      sagsbehandlerListe: [],
      jupiterAktivStatusId: 1,
      startdato,
      slutdato: null,
      jupiterAnlaegsartId: def.anlaegsartId,
      jupiterVandtypeId: 1,
      jupiterIndvindingsformaalId: def.formaalId,
      // Almen plants are control programme 1 (almen vandforsyning). One draw, as before, so the rest
      // of the seeded data stays the same; other drinking-water plants lack it (not Jupiter-ready).
      jupiterCTRLPROGRAMId: art === 'almen' ? prng.pick([1]) : null,
      jupiterKoordinatMetodeId: prng.pick([1, 1, 2, 3]),
      vandmaengdeM3Aar: tilladelse,
      udloebsdatoPaaGaeldendeTilladelse: udloeb,
      overanlaegVirksomhedId: null,
      udledning: false,
      hjemmeside: art === 'almen' && prng.chance(0.6) ? `www.${ascii(sted)}vand.dk` : null,
      jupiterBemaerkning: null,
      bemaerkning: prng.chance(0.1) ? 'Nøgle til boringsbrønde hos formanden.' : null,
      beliggenhedsKommuneId: kunde.kundeNr,
      analysegodkendeKommuneId: kunde.kundeNr,
      journalNr: `13.02.00-P19-${prng.int(1, 250)}-${prng.int(10, 25)}`,
      jupiterIndberetningStatus: null,
      indberetning: true,
      slettet: false,
      ejerNavn,
      ejerCvrCprNr: cvrNr,
      ejerAdresse: adr.adresse,
    },
    opdateret: timestamp(addDays(REFERENCE_DATE, -prng.int(1, 700)), prng.int(7, 16), prng.int(0, 59)),
  });
  kunde.stats.vandanlaeg++;

  // Boreholes and intakes.
  const indtagListe: { id: number; terraenkote: number }[] = [];
  const nBoringer = prng.weighted(ops.boringer ?? def.boringer);
  for (let b = 1; b <= nBoringer; b++) {
    const terraenkote = round2(prng.float(kunde.kommune.terraen[0], kunde.kommune.terraen[1]));
    const dybde = round1(art === 'almen' ? prng.float(30, 150) : prng.float(18, 80));
    const boringId = ctx.writer.push(boring, {
      kundeId: kunde.id,
      vandanlaegId: id,
      dguNr: ctx.dgu.next(prng, (p) => `${p.pick(kunde.kommune.dguDistrikter)}.${p.int(1, 3999)}`),
      navn: art === 'almen' ? `Boring ${b}` : prng.pick([`Boring ${b}`, `Markboring ${b}`]),
      terraenkote,
      dybde,
      boreDato: `${prng.int(Math.max(startAar, 1950), 2024)}-${String(prng.int(1, 12)).padStart(2, '0')}-${String(prng.int(1, 28)).padStart(2, '0')}`,
    });
    kunde.stats.boringer++;
    const nIndtag = prng.chance(0.7) ? 1 : 2;
    for (let k = 1; k <= nIndtag; k++) {
      const bund = round1(dybde - prng.float(0.5, 4) - (k - 1) * dybde * prng.float(0.2, 0.4));
      const top = round1(Math.max(1, bund - prng.float(3, 15)));
      const indtagId = ctx.writer.push(indtag, {
        kundeId: kunde.id,
        boringId,
        indtagsnr: k,
        jupiterId: ctx.jupiterIndtag.next(prng),
        filterTop: top,
        filterBund: bund,
      });
      kunde.stats.indtag++;
      indtagListe.push({ id: indtagId, terraenkote });
    }
  }

  // Monthly volumes from the first month any series needs until the last.
  const plantPerioder = perioderFoer('2026-10-01', ops.plantMaaneder, ops.plantAntal);
  const indtagPerioder = perioderFoer(
    ops.indtagMaaneder === 12 ? '2026-01-01' : '2026-10-01',
    ops.indtagMaaneder,
    ops.indtagAntal,
  );
  const foerste = Math.min(monthKey(plantPerioder[0]!.start), monthKey(indtagPerioder[0]!.start));
  const sidste = Math.max(
    monthKey(plantPerioder[plantPerioder.length - 1]!.slut),
    monthKey(indtagPerioder[indtagPerioder.length - 1]!.slut),
  );
  const trend = prng.normal(0, 0.012);
  const maaned: number[] = [];
  for (let m = foerste; m <= sidste; m++) {
    const aar = Math.floor(m / 12);
    const faktor = (def.aar[aar] ?? 1) * (1 + trend * (aar - 2021));
    maaned.push(aarlig * faktor * def.maaneder[m % 12]! * Math.max(0.5, 1 + prng.normal(0, 0.04)));
  }
  const sum = (p: Periode) => {
    let s = 0;
    for (let m = monthKey(p.start); m <= monthKey(p.slut); m++) s += maaned[m - foerste] ?? 0;
    return s;
  };

  // Some public waterworks buy water from or sell water to a neighbour (own random stream, so the
  // rest of the data stays as it was): yearly records that count in the periods by their days.
  const plantVolumener = plantPerioder.map((p) => Math.round(sum(p)));
  const udveksling =
    art === 'almen'
      ? planlaegUdveksling(prng.fork(`udveksling-${anlaegsnr}`), kunde, sted, plantPerioder, plantVolumener)
      : [];
  if (udveksling.length > 0) udvekslingerAf(kunde).set(id, udveksling);

  let afv = ops.afventer(prng);
  // Until the customer's must-have outliers are placed, plants have pending periods to carry them.
  const t = tvungne(kunde);
  if (t.oppumpet.length > 0 || t.pejling.length > 0) afv = { plant: 2, indtag: afv?.indtag ?? 1 };
  const faktor = prng.chance(0.08) ? 10 : 1;
  lavOppumpet(ctx, kunde, prng, {
    vandanlaegId: id,
    indtagId: null,
    perioder: plantPerioder,
    volumener: plantVolumener,
    netto: plantPerioder.map((p) => {
      const u = periodensUdveksling(udveksling, p);
      return Math.round(u.importeret - u.eksporteret);
    }),
    faktor,
    maaler: prng.int(5_000, 900_000),
    afventerFra: afv ? plantPerioder.length - afv.plant : Number.POSITIVE_INFINITY,
    indberetter,
    forsyning: forsyningsmodel(prng, art, aarlig),
    // Seasonal plants (irrigation) make poor examples: a median test cannot judge them.
    tvungneAfvigere: art === 'almen' || art === 'ikkeAlmen' || art === 'industri',
  });

  // Intake level: the plant's volume split over its intakes with shares that drift a little.
  const andele = indtagListe.map(() => prng.float(0.5, 1.5));
  indtagListe.forEach((it, idx) => {
    const volumener = indtagPerioder.map((p) => {
      const w = andele.map((a) => a * prng.float(0.95, 1.05));
      const total = w.reduce((s, x) => s + x, 0);
      return Math.round((sum(p) * w[idx]!) / total);
    });
    lavOppumpet(ctx, kunde, prng, {
      vandanlaegId: id,
      indtagId: it.id,
      perioder: indtagPerioder,
      volumener,
      faktor: 1,
      maaler: prng.int(1_000, 400_000),
      afventerFra: afv ? indtagPerioder.length - afv.indtag : Number.POSITIVE_INFINITY,
      indberetter,
      tvungneAfvigere: false,
    });
  });

  if (ops.pejlingAntal > 0) {
    const pejlePerioder = perioderFoer('2026-10-01', 3, ops.pejlingAntal);
    for (const it of indtagListe) {
      lavPejlinger(ctx, kunde, prng, {
        vandanlaegId: id,
        indtagId: it.id,
        terraenkote: it.terraenkote,
        perioder: pejlePerioder,
        afventerFra: afv ? pejlePerioder.length - afv.plant : Number.POSITIVE_INFINITY,
        drift: art !== 'markvanding',
      });
    }
  }

  lavNoter(ctx, kunde, noterPrng, {
    id,
    art: 'vandanlaeg',
    kontakt: kontakter[0] ?? navn,
    sagsbehandlerId: primaer,
  });
}

/**
 * Water plants of one customer. With `maalOppumpet`, plants are added until the customer has at
 * least that many pumped-quantity rows (the benchmark set); otherwise `antal` plants.
 */
export async function lavVandanlaegListe(
  ctx: SeedContext,
  kunde: KundeRef,
  prng: Prng,
  ops: VandOpsaetning,
  valg: VandanlaegValg & { antal?: number; maalOppumpet?: number; foersteLoebenr?: number },
  progress?: (done: number) => void,
): Promise<number> {
  const noter = prng.fork('noter');
  const brugte = new Set<string>();
  let n = 0;
  const flere = () =>
    valg.maalOppumpet !== undefined ? kunde.stats.oppumpet < valg.maalOppumpet : n < (valg.antal ?? 0);
  while (flere()) {
    lavVandanlaeg(ctx, kunde, prng, noter, ops, valg, brugte, (valg.foersteLoebenr ?? 1) + n);
    n++;
    if (n % 50 === 0) await ctx.writer.maybeFlush();
    if (n % 500 === 0) progress?.(n);
  }
  await ctx.writer.maybeFlush();
  return n;
}
