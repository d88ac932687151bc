import { makeChrNr, makeCvr, makeJupiterId, makePNr, UniqueNumbers } from './cvr';
import {
  ascii,
  EFTERNAVNE,
  FORNAVNE_KVINDER,
  FORNAVNE_MAEND,
  GADER_BY,
  GADER_ERHVERV,
  GADER_LAND,
  type Kommunedata,
  type Postdistrikt,
} from './danish-data';
import type { Prng } from './prng';
import type { BulkWriter } from './writer';

/** Row counts and validation figures of one customer, reported in the summary. */
export interface KundeStats {
  virksomheder: number;
  landbrug: number;
  vandanlaeg: number;
  boringer: number;
  indtag: number;
  oppumpet: number;
  oppumpetAfventer: number;
  oppumpetAfvigere: number;
  pejlinger: number;
  pejlingerAfventer: number;
}

export interface KundeRef {
  index: number;
  id: number;
  kundeNr: number;
  navn: string;
  kommune: Kommunedata;
  /** User ids of case workers by the kind of entity they handle. */
  sagsbehandlere: { virksomhed: number[]; landbrug: number[]; vandanlaeg: number[] };
  /** Every user of the customer (log-book authors, task owners). */
  brugere: { id: number; navn: string }[];
  stats: KundeStats;
  /** Company and farm names already given in this customer: real registers rarely repeat a name. */
  brugteNavne: Set<string>;
}

export interface SeedContext {
  writer: BulkWriter;
  cvr: UniqueNumbers;
  pnr: UniqueNumbers;
  chr: UniqueNumbers;
  dgu: UniqueNumbers;
  jupiterAnlaeg: UniqueNumbers;
  jupiterIndtag: UniqueNumbers;
  jupiterKontakt: UniqueNumbers;
  log: (msg: string) => void;
}

export function newStats(): KundeStats {
  return {
    virksomheder: 0,
    landbrug: 0,
    vandanlaeg: 0,
    boringer: 0,
    indtag: 0,
    oppumpet: 0,
    oppumpetAfventer: 0,
    oppumpetAfvigere: 0,
    pejlinger: 0,
    pejlingerAfventer: 0,
  };
}

export function newUniqueRegisters(): Pick<
  SeedContext,
  'cvr' | 'pnr' | 'chr' | 'dgu' | 'jupiterAnlaeg' | 'jupiterIndtag' | 'jupiterKontakt'
> {
  return {
    cvr: new UniqueNumbers(makeCvr),
    pnr: new UniqueNumbers(makePNr),
    chr: new UniqueNumbers(makeChrNr),
    dgu: new UniqueNumbers(),
    jupiterAnlaeg: new UniqueNumbers((p) => makeJupiterId(p, 100000, 999999)),
    jupiterIndtag: new UniqueNumbers((p) => makeJupiterId(p, 1000000, 9999999)),
    jupiterKontakt: new UniqueNumbers((p) => makeJupiterId(p, 10000, 999999)),
  };
}

export interface Person {
  fornavn: string;
  efternavn: string;
  navn: string;
}

export function person(prng: Prng): Person {
  const fornavn = prng.chance(0.5) ? prng.pick(FORNAVNE_MAEND) : prng.pick(FORNAVNE_KVINDER);
  const efternavn = prng.pick(EFTERNAVNE);
  const mellem = prng.chance(0.12) ? `${prng.pick(EFTERNAVNE)} ` : '';
  return { fornavn, efternavn, navn: `${fornavn} ${mellem}${efternavn}` };
}

export function telefon(prng: Prng, kommune: Kommunedata): string {
  const mobil = prng.chance(0.6);
  const prefix = mobil
    ? prng.pick([
        '20',
        '21',
        '22',
        '23',
        '24',
        '25',
        '26',
        '27',
        '28',
        '29',
        '30',
        '40',
        '41',
        '42',
        '50',
        '51',
        '60',
        '61',
        '71',
        '81',
        '91',
        '93',
      ])
    : prng.pick(kommune.telefonPrefiks);
  const d = prng.digits(6);
  return `${prefix} ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)}`;
}

export function email(prng: Prng, p: Person, firma?: string): string {
  const domain =
    firma && prng.chance(0.7)
      ? `${ascii(firma).slice(0, 24) || 'firma'}.dk`
      : prng.pick(['gmail.com', 'mail.dk', 'outlook.dk', 'hotmail.com', 'live.dk']);
  const local = firma && prng.chance(0.5) ? ascii(p.fornavn) : `${ascii(p.fornavn)}.${ascii(p.efternavn)}`;
  return `${local}@${domain}`;
}

/** A random UUID-shaped id (DAWA address ids are UUIDs). */
export function uuid(prng: Prng): string {
  const hex = (n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += Math.floor(prng.next() * 16).toString(16);
    return s;
  };
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${prng.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

export interface Adresse {
  vejnavn: string;
  husnummer: string;
  postnummer: string;
  postdistrikt: string;
  adresse: string;
  x: number;
  y: number;
  dawaAdresseId: string | null;
  /** The town or village the address lies in (for names). */
  sted: string;
}

/** An address as the company table's address columns (all but `sted`). */
export function adresseKolonner(adr: Adresse) {
  return {
    vejnavn: adr.vejnavn,
    husnummer: adr.husnummer,
    postnummer: adr.postnummer,
    postdistrikt: adr.postdistrikt,
    adresse: adr.adresse,
    dawaAdresseId: adr.dawaAdresseId,
    x: adr.x,
    y: adr.y,
  };
}

export function vaelgDistrikt(prng: Prng, kommune: Kommunedata): Postdistrikt {
  return prng.weighted(kommune.postdistrikter.map((d) => [d, d.vaegt] as const));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A real-looking address in the municipality: street kind decides the streets and the spread. */
export function adresse(
  prng: Prng,
  kommune: Kommunedata,
  kind: 'by' | 'erhverv' | 'land',
  opts: { distrikt?: Postdistrikt; sted?: string; vejnavn?: string } = {},
): Adresse {
  const d = opts.distrikt ?? vaelgDistrikt(prng, kommune);
  let sted = opts.sted ?? (kind === 'land' ? prng.pick(d.landsbyer) : d.navn);
  let vejnavn: string;
  let maxNr: number;
  let spredning: number;
  if (opts.vejnavn) {
    vejnavn = opts.vejnavn;
    maxNr = 20;
    spredning = 1500;
  } else if (kind === 'by') {
    vejnavn = prng.chance(0.35) && d.gader ? prng.pick(d.gader) : prng.pick(GADER_BY);
    maxNr = 90;
    spredning = 700;
    if (!opts.sted && prng.chance(0.25)) sted = prng.pick(d.landsbyer);
  } else if (kind === 'erhverv') {
    vejnavn = prng.pick(GADER_ERHVERV);
    maxNr = 45;
    spredning = 1200;
  } else {
    const enkelt = /^[A-ZÆØÅ][a-zæøå]+$/.test(sted) && !sted.endsWith('vej');
    vejnavn = enkelt && prng.chance(0.4) ? `${sted}vej` : prng.pick(GADER_LAND);
    maxNr = 180;
    spredning = 2800;
  }
  let husnummer = String(prng.int(1, maxNr));
  if (prng.chance(0.08)) husnummer += prng.pick(['A', 'B', 'C']);
  const x = round2(d.x + prng.normal(0, spredning));
  const y = round2(d.y + prng.normal(0, spredning));
  return {
    vejnavn,
    husnummer,
    postnummer: d.postnummer,
    postdistrikt: d.navn,
    adresse: `${vejnavn} ${husnummer}, ${d.postnummer} ${d.navn}`,
    x,
    y,
    dawaAdresseId: prng.chance(0.92) ? uuid(prng) : null,
    sted,
  };
}

/** Fills the tokens of a name pattern. */
export function udfyldNavn(
  pattern: string,
  v: { by: string; efternavn: string; fornavn: string; gaard: string },
): string {
  return pattern
    .replace('{by}', v.by)
    .replace('{efternavn}', v.efternavn)
    .replace('{fornavn}', v.fornavn)
    .replace('{gaard}', v.gaard);
}
