import { z } from 'zod';
import { erDatoIInterval, erKalenderdato, rowVersionSchema } from './common';
import { decimalKomma, MAENGDER, type Maengde } from './format';

/**
 * The small field language every form of the product is written in (company master data, contacts,
 * every record kind of any owner). One field definition gives the server its validation (400 with
 * the field's name), the client its widget, label and report marks, and the automatic log its
 * Danish wording of a change.
 */
/** Report marks (spec 000 §5): D to DMA, J to/from Jupiter, S to SAT. */
export type Maerke = 'D' | 'J' | 'S';

/**
 * Where a lookup field takes its options. A path is a fixed list under /api/ (dmalookup/..., dyretype/list);
 * the named sources depend on the customer or the company.
 */
export type LookupKilde =
  | { path: string }
  | {
      special:
        | 'sagsbehandler'
        | 'tilsynKonklusion'
        | 'tilsyn'
        | 'risikovurdering'
        | 'tidsregistrering'
        | 'kontaktperson'
        /** The water plant's boreholes (id, named by DGU number). */
        | 'boring'
        /** The customer's SAT inspection periods. */
        | 'satTilsynsperiode'
        /** The customer's SAT fee types (the client offers those valid on the record's date). */
        | 'satGebyrType'
        /** The phrase subjects (emne/list, shared by every customer). */
        | 'emne';
    };

export type FeltType =
  | {
      kind: 'tekst';
      max: number;
      paakraevet?: boolean;
      /** Textarea (3 rows) instead of a one-line input. */
      flerlinjet?: boolean;
      format?: Format;
    }
  | { kind: 'dato'; paakraevet?: boolean }
  | {
      kind: 'tal';
      paakraevet?: boolean;
      min?: number;
      max?: number;
      heltal?: boolean;
      /** At most this many decimals, and shown with exactly as many (a risk score: 2). */
      decimaler?: number;
      enhed?: string;
    }
  | {
      kind: 'lookup';
      kilde: LookupKilde;
      paakraevet?: boolean;
      /** Several values (a list). */
      flere?: boolean;
      /** What the stored value is: the item's id (default), its kode or its navn. */
      vaerdi?: 'id' | 'kode' | 'navn';
    }
  /** Yes/no; with treVejs also 'Ikke relevant' (null), shown as a radio group. */
  | { kind: 'jaNej'; treVejs?: boolean }
  | {
      kind: 'valg';
      valg: readonly string[];
      paakraevet?: boolean;
      /** How each value is shown, where it is not its own text ('vandanlaeg' → 'Vandanlæg'). */
      tekster?: Readonly<Record<string, string>>;
      /** Shown as a radio group (a few values, all visible). */
      radio?: boolean;
    }
  /** A list of short texts, one per line. */
  | { kind: 'linjer'; max: number }
  /**
   * Money, hours or a share (contract/format's MAENGDER): 'beloeb' is integer øre typed as kroner,
   * 'timer' hours in whole or half hours, 'procent' basis points typed as per cent. `max` is in the
   * stored unit.
   */
  | { kind: Maengde; paakraevet?: boolean; max?: number };

export interface FeltDef {
  navn: string;
  label: string;
  type: FeltType;
  maerker?: readonly Maerke[];
  /** Shown only for this company type (1 company, 2 farm). */
  kunFor?: 1 | 2;
  /** Shown but never written from the form (set by registers or the system). */
  skrivebeskyttet?: boolean;
}

export const PAAKRAEVET = 'Feltet er påkrævet';

const CVR_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1];
/** 8 digits, first not 0, weighted digit sum divisible by 11 (modulus 11). */
export function gyldigtCvr(cvr: string): boolean {
  if (!/^[1-9]\d{7}$/.test(cvr)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(cvr[i]) * CVR_WEIGHTS[i]!;
  return sum % 11 === 0;
}

/**
 * cprGyldigt: 10 digits (a dash after the sixth allowed) whose first six are a real birth date
 * DDMMÅÅ, the century read from the 7th digit with the year (CPR-kontoret: 0–3 → 1900s; 4 and 9 →
 * 2000–2036 or 1937–1999; 5–8 → 2000–2057 or 1858–1899). No modulus 11: numbers without it have
 * been issued since 1 October 2007 and are valid (cpr.dk).
 */
export function gyldigtCpr(cpr: string): boolean {
  const m = /^(\d{2})(\d{2})(\d{2})-?(\d)\d{3}$/.exec(cpr);
  if (!m) return false;
  const [dag, md, aa, c7] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  const aarhundrede =
    c7 <= 3 ? 1900 : c7 === 4 || c7 === 9 ? (aa <= 36 ? 2000 : 1900) : aa <= 57 ? 2000 : 1800;
  const aar = aarhundrede + aa;
  if (md < 1 || md > 12 || dag < 1) return false;
  const d = new Date(Date.UTC(aar, md - 1, dag));
  return d.getUTCFullYear() === aar && d.getUTCMonth() === md - 1 && d.getUTCDate() === dag;
}

/** cvrEllerCprGyldigt: a valid CVR number (8 digits, modulus 11) or a valid CPR number. */
export const gyldigtCvrEllerCpr = (s: string): boolean => gyldigtCvr(s) || gyldigtCpr(s);

export type Format = 'cvr' | 'cvrCpr' | 'pnr' | 'chr' | 'url';

const FORMATER: Record<Format, { test(s: string): boolean; besked: string }> = {
  cvr: { test: gyldigtCvr, besked: 'CVR-nummeret skal være 8 cifre og gyldigt (modulus 11)' },
  cvrCpr: {
    test: gyldigtCvrEllerCpr,
    besked:
      'Skal være et CVR-nummer (8 cifre, modulus 11) eller et CPR-nummer (10 cifre, DDMMÅÅ-XXXX, med en gyldig fødselsdato)',
  },
  pnr: { test: (s) => /^1\d{9}$/.test(s), besked: 'P-nummeret skal være 10 cifre og begynde med 1' },
  chr: { test: (s) => /^[1-9]\d{4,5}$/.test(s), besked: 'CHR-nummeret skal være 5 eller 6 cifre' },
  url: { test: (s) => /^https?:\/\/\S+\.\S+$/.test(s), besked: 'Skal være en webadresse (https://...)' },
};

/** YYYY-MM-DD, optionally with the time the client sends (13:00); the stored value is the day. */
const DATO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;
export function gyldigIsoDato(s: string): boolean {
  return DATO_RE.test(s) && erKalenderdato(s.slice(0, 10)) && erDatoIInterval(s);
}

const datoInput = z
  .string({ error: 'Skal være en dato' })
  .refine(gyldigIsoDato, 'Ugyldig dato (DD-MM-ÅÅÅÅ)')
  .transform((s) => s.slice(0, 10));

/**
 * The zod check of a quantity (a field kind 'beloeb', 'timer' or 'procent') as a form or a request
 * carries it: the stored number (what the input of ui/form reports: null when empty, NaN when its
 * text is not read). Text that is not read, and an empty required field, get the kind's Danish
 * instruction; hours must be whole or half; `forStor` is said above `max` (default 'Må højst være …').
 * A form's schema takes its money, hours and per cent from here instead of declaring them again.
 */
export function maengdeInput(
  art: Maengde,
  o: { paakraevet?: boolean; max?: number; forStor?: string } = {},
): z.ZodType<number | null> {
  const m = MAENGDER[art];
  let n = z.number({ error: m.fejl }).refine(Number.isFinite, m.fejl);
  if (art === 'timer') {
    n = n
      .refine((v) => v >= 0, 'Må ikke være negativ')
      .refine((v) => Number.isInteger(v * 2), 'Timer angives i halve timer');
  } else n = n.refine((v) => Number.isInteger(v) && v >= 0 && v <= (m.hoejst ?? v), m.fejl);
  if (o.max !== undefined) {
    const max = o.max;
    n = n.refine((v) => v <= max, o.forStor ?? `Må højst være ${m.vis(max)}`);
  }
  return o.paakraevet
    ? n
    : n
        .nullable()
        .optional()
        .transform((v) => v ?? null);
}

const talFejl = (iss: { input?: unknown }) => (iss.input == null ? PAAKRAEVET : 'Skal være et tal');
const vaelgFejl = (iss: { input?: unknown }) =>
  iss.input == null || iss.input === '' ? PAAKRAEVET : 'Ugyldig værdi';

/** The zod schema of one field as a request carries it (with Danish messages; empty text becomes null). */
export function feltInput(f: FeltDef): z.ZodType {
  const t = f.type;
  switch (t.kind) {
    case 'tekst': {
      const fmt = t.format ? FORMATER[t.format] : undefined;
      const base = z.string({ error: t.paakraevet ? PAAKRAEVET : 'Skal være tekst' }).trim();
      if (t.paakraevet) {
        const s = base.min(1, PAAKRAEVET).max(t.max, `Må højst være ${t.max} tegn`);
        return fmt ? s.refine(fmt.test, fmt.besked) : s;
      }
      return base
        .max(t.max, `Må højst være ${t.max} tegn`)
        .refine((s) => s === '' || !fmt || fmt.test(s), fmt?.besked ?? '')
        .nullable()
        .optional()
        .transform((s) => (s ? s : null));
    }
    case 'dato':
      return t.paakraevet
        ? z.string({ error: PAAKRAEVET }).min(1, PAAKRAEVET).pipe(datoInput)
        : z
            .union([z.literal(''), datoInput], { error: 'Ugyldig dato (DD-MM-ÅÅÅÅ)' })
            .nullable()
            .optional()
            .transform((s) => (s ? s : null));
    case 'tal': {
      let n = z.number({ error: talFejl }).refine(Number.isFinite, 'Skal være et tal');
      if (t.heltal) n = n.refine(Number.isInteger, 'Skal være et helt tal');
      if (t.decimaler !== undefined) {
        const f = 10 ** t.decimaler;
        n = n.refine((v) => Math.abs(v * f - Math.round(v * f)) < 1e-6, `Højst ${t.decimaler} decimaler`);
      }
      if (t.min !== undefined) {
        const min = t.min;
        n = n.refine((v) => v >= min, `Skal være mindst ${decimalKomma(min)}`);
      }
      if (t.max !== undefined) {
        const max = t.max;
        n = n.refine((v) => v <= max, `Må højst være ${decimalKomma(max)}`);
      }
      return t.paakraevet
        ? n
        : n
            .nullable()
            .optional()
            .transform((v) => v ?? null);
    }
    case 'lookup': {
      const one =
        t.vaerdi === 'kode' || t.vaerdi === 'navn'
          ? z.string({ error: vaelgFejl }).trim().min(1, PAAKRAEVET).max(300, 'Ugyldig værdi')
          : z
              .number({ error: vaelgFejl })
              .int('Ugyldig værdi')
              .positive('Ugyldig værdi')
              .max(2_147_483_647, 'Ugyldig værdi');
      if (t.flere) {
        return z
          .array(one as z.ZodType<string | number>, { error: 'Skal være en liste' })
          .max(100, 'Højst 100 værdier')
          .nullable()
          .optional()
          .transform((v) => [...new Set(v ?? [])]);
      }
      if (t.paakraevet) return one;
      return (one as z.ZodType<string | number>)
        .nullable()
        .optional()
        .transform((v) => v ?? null);
    }
    case 'jaNej':
      return t.treVejs
        ? z
            .boolean({ error: 'Vælg Ja, Nej eller Ikke relevant' })
            .nullable()
            .optional()
            .transform((v) => v ?? null)
        : z
            .boolean({ error: 'Skal være Ja eller Nej' })
            .optional()
            .transform((v) => v ?? false);
    case 'valg': {
      const e = z.enum(t.valg as [string, ...string[]], { error: vaelgFejl });
      return t.paakraevet
        ? e
        : z
            .union([z.literal(''), e], { error: vaelgFejl })
            .nullable()
            .optional()
            .transform((v) => (v ? v : null));
    }
    case 'beloeb':
    case 'timer':
    case 'procent':
      return maengdeInput(t.kind, t);
    case 'linjer':
      return z
        .array(z.string().trim().max(200, 'En linje må højst være 200 tegn'), { error: 'Skal være en liste' })
        .max(t.max, `Højst ${t.max} linjer`)
        .nullable()
        .optional()
        .transform((v) => (v ?? []).filter((s) => s !== ''));
  }
}

/** The zod schema of one field as an answer carries it (no transforms: answers are encoded). */
export function feltOutput(f: FeltDef): z.ZodType {
  const t = f.type;
  switch (t.kind) {
    case 'tekst':
      return t.paakraevet ? z.string() : z.string().nullable();
    case 'dato':
      return z.string().nullable();
    case 'tal':
    case 'beloeb':
    case 'timer':
    case 'procent':
      return z.number().nullable();
    case 'lookup': {
      const one = t.vaerdi === 'kode' || t.vaerdi === 'navn' ? z.string() : z.number();
      return t.flere ? z.array(one) : one.nullable();
    }
    case 'jaNej':
      return t.treVejs ? z.boolean().nullable() : z.boolean();
    case 'valg':
      return z.string().nullable();
    case 'linjer':
      return z.array(z.string());
  }
}

/** The value a field has when nothing is stored: '' is not used, null is. */
export function feltTom(f: FeltDef): unknown {
  const t = f.type;
  if (t.kind === 'lookup' && t.flere) return [];
  if (t.kind === 'linjer') return [];
  if (t.kind === 'jaNej') return t.treVejs ? null : false;
  return null;
}

/** A stored value brought to the field's answer shape (old or seeded rows may lack a key). */
/** Each field's answer schema, made once (a plant's ~30 fields are normalised on every read). */
const outputSkemaer = new WeakMap<FeltDef, z.ZodType>();

export function feltNormaliser(f: FeltDef, v: unknown): unknown {
  if (v === undefined || v === null) return feltTom(f);
  const t = f.type;
  let skema = outputSkemaer.get(f);
  if (!skema) {
    skema = feltOutput(f);
    outputSkemaer.set(f, skema);
  }
  const ok = skema.safeParse(v);
  if (ok.success) return ok.data;
  if (t.kind === 'tekst' || t.kind === 'valg') return String(v);
  return feltTom(f);
}

export type Tjek = (v: Record<string, unknown>) => [felt: string, besked: string][];

/** A request schema from field definitions, plus cross-field checks whose errors name a field. */
export function inputSchema(
  felter: readonly FeltDef[],
  tjek?: Tjek,
  ekstra: Record<string, z.core.$ZodType> = {},
) {
  const shape: Record<string, z.core.$ZodType> = { ...ekstra };
  for (const f of felter) if (!f.skrivebeskyttet) shape[f.navn] = feltInput(f);
  return z.object(shape).superRefine((v, ctx) => {
    if (!tjek) return;
    for (const [felt, besked] of tjek(v))
      ctx.addIssue({ code: 'custom', path: felt.split('.'), message: besked });
  });
}

export function outputShape(felter: readonly FeltDef[]): Record<string, z.ZodType> {
  return Object.fromEntries(felter.map((f) => [f.navn, feltOutput(f)]));
}

/** 'A' must not lie after 'B' (ISO dates compare as text). */
export function foer(v: Record<string, unknown>, a: string, b: string): boolean {
  const x = v[a];
  const y = v[b];
  return (
    typeof x === 'string' && typeof y === 'string' && x !== '' && y !== '' && x.slice(0, 10) > y.slice(0, 10)
  );
}

export const versionSchema = rowVersionSchema('version skal sendes med (den version du har rettet i)');
