import { z } from 'zod';
import { erDatoIInterval, erKalenderdato, rowVersionSchema } from './common';

/**
 * A company's or farm's master data (stamoplysninger) and the small field language that its form and
 * every record kind's form are written in. One field definition gives the server its validation
 * (400 with the field's name), the client its widget, label and report marks, and the automatic log
 * its Danish wording of a change.
 */

// ---------------------------------------------------------------- field definitions

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
        | 'kontaktperson';
    };

export type FeltType =
  | {
      kind: 'tekst';
      max: number;
      paakraevet?: boolean;
      /** Textarea (3 rows) instead of a one-line input. */
      flerlinjet?: boolean;
      format?: 'cvr' | 'pnr' | 'chr' | 'url';
    }
  | { kind: 'dato'; paakraevet?: boolean }
  | {
      kind: 'tal';
      paakraevet?: boolean;
      min?: number;
      max?: number;
      heltal?: boolean;
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
  | { kind: 'valg'; valg: readonly string[]; paakraevet?: boolean }
  /** A list of short texts, one per line. */
  | { kind: 'linjer'; max: number };

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

const FORMATER: Record<'cvr' | 'pnr' | 'chr' | 'url', { test(s: string): boolean; besked: string }> = {
  cvr: { test: gyldigtCvr, besked: 'CVR-nummeret skal være 8 cifre og gyldigt (modulus 11)' },
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
      if (t.min !== undefined) {
        const min = t.min;
        n = n.refine((v) => v >= min, `Skal være mindst ${String(min).replace('.', ',')}`);
      }
      if (t.max !== undefined) {
        const max = t.max;
        n = n.refine((v) => v <= max, `Må højst være ${String(max).replace('.', ',')}`);
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
export function feltNormaliser(f: FeltDef, v: unknown): unknown {
  if (v === undefined || v === null) return feltTom(f);
  const t = f.type;
  const ok = feltOutput(f).safeParse(v);
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

// ---------------------------------------------------------------- master data

export const KATEGORIER = ['1a', '1b', '2', 'Ingen'] as const;
export const GEBYRTYPER = ['Timesats gebyr', 'Fast gebyr'] as const;
const dma = (name: string): LookupKilde => ({ path: `dmalookup/${name}` });

/** Every basis field of spec 001 §3 the form shows, in the form's order. */
export const BASIS_FELTER: readonly FeltDef[] = [
  { navn: 'navn', label: 'Navn', type: { kind: 'tekst', max: 200, paakraevet: true }, maerker: ['D', 'S'] },
  { navn: 'cvrNr', label: 'CVR-nummer', type: { kind: 'tekst', max: 8, format: 'cvr' }, maerker: ['D', 'S'] },
  { navn: 'pNr', label: 'P-nummer', type: { kind: 'tekst', max: 10, format: 'pnr' }, maerker: ['D', 'S'] },
  {
    navn: 'chrNr',
    label: 'CHR-nummer',
    type: { kind: 'tekst', max: 6, format: 'chr' },
    maerker: ['D'],
    kunFor: 2,
  },
  { navn: 'etableringsDato', label: 'Etableringsdato', type: { kind: 'dato' } },
  { navn: 'ophoertDato', label: 'Ophørsdato', type: { kind: 'dato' }, maerker: ['D'] },
  {
    navn: 'virksomhedsGruppeId',
    label: 'Virksomhedsgruppe',
    type: { kind: 'lookup', kilde: dma('virksomhedsgrupper') },
    maerker: ['D'],
  },
  { navn: 'kategori', label: 'Kategori', type: { kind: 'valg', valg: KATEGORIER } },
  {
    navn: 'hovedaktivitet',
    label: 'Hovedaktivitet',
    type: { kind: 'lookup', kilde: dma('aktiviteter'), vaerdi: 'navn' },
    maerker: ['D'],
  },
  {
    navn: 'biaktiviteter',
    label: 'Biaktiviteter',
    type: { kind: 'lookup', kilde: dma('aktiviteter'), vaerdi: 'navn', flere: true },
    maerker: ['D'],
  },
  {
    navn: 'miljoemyndighedId',
    label: 'Miljømyndighed',
    type: { kind: 'lookup', kilde: dma('miljoemyndighed'), paakraevet: true },
    maerker: ['D'],
  },
  {
    navn: 'dmaMyndighedstyperId',
    label: 'Myndighedstype',
    type: { kind: 'lookup', kilde: dma('dmaMyndighedstyper') },
    maerker: ['D'],
  },
  {
    navn: 'primaerSagsbehandler',
    label: 'Primær sagsbehandler',
    type: { kind: 'lookup', kilde: { special: 'sagsbehandler' } },
  },
  {
    navn: 'sagsbehandlerListe',
    label: 'Øvrige sagsbehandlere',
    type: { kind: 'lookup', kilde: { special: 'sagsbehandler' }, flere: true },
  },
  {
    navn: 'omfattetAfAktivtTilsyn',
    label: 'Omfattet af aktivt tilsyn',
    type: { kind: 'jaNej' },
    maerker: ['D'],
  },
  {
    navn: 'omfattetAfAktivtTilsynDato',
    label: 'Omfattet af aktivt tilsyn fra',
    type: { kind: 'dato' },
    maerker: ['D'],
  },
  {
    navn: 'omfattetAfVOC',
    label: 'Omfattet af VOC-bekendtgørelsen',
    type: { kind: 'jaNej' },
    maerker: ['D'],
  },
  { navn: 'risikovirksomhed', label: 'Risikovirksomhed', type: { kind: 'jaNej' }, maerker: ['D'] },
  {
    navn: 'anvendCVRAdresseVedIndberetning',
    label: 'Anvend CVR-adresse ved indberetning',
    type: { kind: 'jaNej' },
    maerker: ['D'],
  },
  {
    navn: 'dmaStatusId',
    label: 'DMA-status',
    type: { kind: 'lookup', kilde: dma('dmaStatus') },
    maerker: ['D'],
  },
  { navn: 'dmaStatusDato', label: 'DMA-statusdato', type: { kind: 'dato' } },
  { navn: 'dmaStaedfaestVedCVR', label: 'Stadfæstet ved CVR i DMA', type: { kind: 'jaNej' } },
  {
    navn: 'dmabatKonklusionId',
    label: 'BAT-konklusion',
    type: { kind: 'lookup', kilde: dma('batkonklusion') },
    maerker: ['D'],
  },
  {
    navn: 'dmaUrlForVirksomhed',
    label: 'Virksomhedens side i DMA',
    type: { kind: 'tekst', max: 300, format: 'url' },
  },
  {
    navn: 'dmaSenestOpdateringDato',
    label: 'Senest opdateret i DMA',
    type: { kind: 'dato' },
    skrivebeskyttet: true,
  },
  { navn: 'omfattetAfBrugerbetaling', label: 'Omfattet af brugerbetaling', type: { kind: 'jaNej' } },
  { navn: 'brugerbetaling', label: 'Gebyrtype', type: { kind: 'valg', valg: GEBYRTYPER } },
  {
    navn: 'betalerTypeKode',
    label: 'Betalertype',
    type: { kind: 'lookup', kilde: { path: 'Kontaktperson/kontaktpersonbetalertypelist' }, vaerdi: 'kode' },
  },
  {
    navn: 'kontaktpersonId',
    label: 'Betaler (kontaktperson)',
    type: { kind: 'lookup', kilde: { special: 'kontaktperson' } },
  },
  { navn: 'betalingsReference', label: 'Betalingsreference', type: { kind: 'tekst', max: 60 } },
  {
    navn: 'betalerBemaerkning',
    label: 'Bemærkning til betaler',
    type: { kind: 'tekst', max: 1000, flerlinjet: true },
  },
  { navn: 'bemaerkning', label: 'Bemærkning', type: { kind: 'tekst', max: 4000, flerlinjet: true } },
];

/** Locality fields (spec 001 §3 'Locality') the case worker keeps; the address itself comes from DAWA/CVR. */
export const LOKALITET_FELTER: readonly FeltDef[] = [
  { navn: 'matrikler', label: 'Matrikler', type: { kind: 'linjer', max: 50 } },
  { navn: 'grunde', label: 'Grunde', type: { kind: 'linjer', max: 50 } },
  { navn: 'bygningerOgAnlaeg', label: 'Bygninger og anlæg', type: { kind: 'linjer', max: 100 } },
  { navn: 'ejere', label: 'Ejere', type: { kind: 'linjer', max: 20 } },
];

export const basisTjek: Tjek = (v) => {
  const fejl: [string, string][] = [];
  if (foer(v, 'etableringsDato', 'ophoertDato'))
    fejl.push(['ophoertDato', 'Ophørsdatoen må ikke ligge før etableringsdatoen']);
  if (v.omfattetAfAktivtTilsyn === true && !v.omfattetAfAktivtTilsynDato) {
    fejl.push(['omfattetAfAktivtTilsynDato', 'Angiv datoen, når virksomheden er omfattet af aktivt tilsyn']);
  }
  if (v.omfattetAfBrugerbetaling === true) {
    if (!v.brugerbetaling)
      fejl.push(['brugerbetaling', 'Vælg gebyrtype, når virksomheden er omfattet af brugerbetaling']);
    if (!v.betalerTypeKode)
      fejl.push(['betalerTypeKode', 'Vælg betalertype, når virksomheden er omfattet af brugerbetaling']);
  }
  return fejl;
};

const lokalitetInput = inputSchema(LOKALITET_FELTER);

/** PUT virksomhed/{id}/basis: the editable basis fields, the locality and the version that was edited. */
export const basisInputSchema = inputSchema(BASIS_FELTER, basisTjek, {
  version: versionSchema,
  lokalitet: lokalitetInput.optional(),
});
/** The same rules without the version: what the form checks before it saves. */
export const basisFormSchema = inputSchema(BASIS_FELTER, basisTjek, { lokalitet: lokalitetInput });
export type BasisInput = z.input<typeof basisInputSchema>;

const brancheSchema = z.object({ kode: z.string(), navn: z.string() });

/** Basis as the API answers it (spec 001 §3 'Company basis'); the field definitions above give the schema. */
export interface Basis {
  navn: string;
  cvrNr: string | null;
  pNr: string | null;
  chrNr: string | null;
  etableringsDato: string | null;
  ophoertDato: string | null;
  virksomhedsGruppeId: number | null;
  kategori: string | null;
  hovedaktivitet: string | null;
  biaktiviteter: string[];
  miljoemyndighedId: number | null;
  dmaMyndighedstyperId: number | null;
  primaerSagsbehandler: number | null;
  sagsbehandlerListe: number[];
  omfattetAfAktivtTilsyn: boolean;
  omfattetAfAktivtTilsynDato: string | null;
  omfattetAfVOC: boolean;
  risikovirksomhed: boolean;
  anvendCVRAdresseVedIndberetning: boolean;
  dmaStatusId: number | null;
  dmaStatusDato: string | null;
  dmaStaedfaestVedCVR: boolean;
  dmabatKonklusionId: number | null;
  dmaUrlForVirksomhed: string | null;
  dmaSenestOpdateringDato: string | null;
  omfattetAfBrugerbetaling: boolean;
  /** The fee type: 'Timesats gebyr' or 'Fast gebyr' (null when not covered). */
  brugerbetaling: string | null;
  betalerTypeKode: string | null;
  kontaktpersonId: number | null;
  betalingsReference: string | null;
  betalerBemaerkning: string | null;
  bemaerkning: string | null;
  virksomhedstype: number;
  slettet: boolean;
  branche: { kode: string; navn: string } | null;
  bibrancher: { kode: string; navn: string }[];
  aktivitetsListe: string[];
}

export const basisSchema = z.object({
  ...outputShape(BASIS_FELTER),
  navn: z.string(),
  virksomhedstype: z.number(),
  slettet: z.boolean(),
  branche: brancheSchema.nullable(),
  bibrancher: z.array(brancheSchema),
  aktivitetsListe: z.array(z.string()),
}) as unknown as z.ZodType<Basis>;

const lokalitetFaste = {
  id: z.number(),
  adresse: z.string().nullable(),
  vejnavn: z.string().nullable(),
  husnummer: z.string().nullable(),
  postnummer: z.string().nullable(),
  postdistrikt: z.string().nullable(),
  dawaAdresseId: z.string().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
};
export type Lokalitet = z.infer<z.ZodObject<typeof lokalitetFaste>> & {
  matrikler: string[];
  grunde: string[];
  bygningerOgAnlaeg: string[];
  ejere: string[];
};
export const lokalitetSchema = z.object({
  ...lokalitetFaste,
  ...outputShape(LOKALITET_FELTER),
}) as unknown as z.ZodType<Lokalitet>;

// ---------------------------------------------------------------- contacts, CVR changes, the company

export const KONTAKTPERSON_FELTER: readonly FeltDef[] = [
  { navn: 'navn', label: 'Navn', type: { kind: 'tekst', max: 200, paakraevet: true } },
  {
    navn: 'rolle',
    label: 'Rolle',
    type: { kind: 'lookup', kilde: { path: 'kontaktpersontype/list' }, vaerdi: 'navn' },
  },
  { navn: 'telefon', label: 'Telefon', type: { kind: 'tekst', max: 30 } },
  { navn: 'email', label: 'E-mail', type: { kind: 'tekst', max: 200 } },
];
const emailTjek: Tjek = (v) =>
  typeof v.email === 'string' && v.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)
    ? [['email', 'Skal være en e-mailadresse']]
    : [];
const telefonTjek: Tjek = (v) =>
  typeof v.telefon === 'string' && v.telefon !== '' && !/^\+?[\d ()-]{8,20}$/.test(v.telefon)
    ? [['telefon', 'Skal være et telefonnummer (mindst 8 cifre)']]
    : [];
const kontaktTjek: Tjek = (v) => [...emailTjek(v), ...telefonTjek(v)];

/**
 * Contacts have no version column; their `etag` is a digest of the row's content, sent back on change
 * and delete, so a stale edit still answers 409 (recorded in docs/virksomhed-notes.md).
 */
export const kontaktpersonFormSchema = inputSchema(KONTAKTPERSON_FELTER, kontaktTjek);
export const kontaktpersonRetSchema = inputSchema(KONTAKTPERSON_FELTER, kontaktTjek, {
  etag: z.string({ error: 'etag skal sendes med' }).min(1).max(100),
});
export const kontaktpersonSchema = z.object({
  id: z.number(),
  virksomhedId: z.number(),
  navn: z.string(),
  rolle: z.string().nullable(),
  telefon: z.string().nullable(),
  email: z.string().nullable(),
  etag: z.string(),
});
export type Kontaktperson = z.infer<typeof kontaktpersonSchema>;
export const etagQuerySchema = z.object({ etag: z.string().min(1).max(100) });

export const cvrAendringSchema = z.object({
  id: z.number(),
  felt: z.string(),
  gammelVaerdi: z.string().nullable(),
  nyVaerdi: z.string().nullable(),
  registreret: z.string(),
  overtaget: z.boolean(),
  bruger: z.string().nullable(),
});

/** How many records of each kind the company has (the tabs' lists load them). */
export const antalSchema = z.record(z.string(), z.number());

/**
 * GET virksomhed/{id}: the company with basis, locality, contacts and CVR changes. Its records, log,
 * tasks and timeline have their own calls (the tabs and panels load them when shown).
 */
export const virksomhedSchema = z.object({
  id: z.number(),
  type: z.number(),
  version: z.number(),
  opdateret: z.string(),
  basis: basisSchema,
  lokalitet: lokalitetSchema,
  kontaktpersonListe: z.array(kontaktpersonSchema),
  cvrAendringer: z.array(cvrAendringSchema),
  wkt: z.string().nullable(),
  antal: antalSchema,
  /** Names of the users the basis refers to (primary and other case workers). */
  sagsbehandlere: z.array(z.object({ brugerId: z.number(), navn: z.string() })),
});
export type Virksomhed = z.infer<typeof virksomhedSchema>;

/** The timeline (tidslinje): the company's records and log entries, newest first. */
export const tidslinjeQuerySchema = z.object({
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(500).default(100),
});
export const tidslinjeItemSchema = z.object({
  /** 'registrering-12' or 'logbog-34'. */
  id: z.string(),
  art: z.string(),
  titel: z.string(),
  beskrivelse: z.string().nullable(),
  dato: z.string(),
  bruger: z.string().nullable(),
  registreringId: z.number().nullable(),
});
export const tidslinjeSchema = z.object({ totalCount: z.number(), items: z.array(tidslinjeItemSchema) });
export type TidslinjeItem = z.infer<typeof tidslinjeItemSchema>;

/** The 409 message when the company was changed by someone else since it was opened. */
export const VIRKSOMHED_KONFLIKT =
  'Virksomheden er ændret af en anden bruger siden du åbnede den. Dine ændringer er ikke gemt; genindlæs for at se de nye oplysninger.';
export const KONTAKT_KONFLIKT =
  'Kontaktpersonen er ændret af en anden bruger siden du åbnede den. Dine ændringer er ikke gemt; genindlæs for at se de nye oplysninger.';
