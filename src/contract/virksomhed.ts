import { z } from 'zod';
import { idParamsSchema } from './common';
import { endpoint } from './endpoint';
import { type FeltDef, foer, inputSchema, outputShape, type Tjek, versionSchema } from './felter';
import { dmaFelt } from './kind-dele';
import { sideSchema } from './liste';
import { versionQuerySchema } from './record-kind';
import { VIRKSOMHEDSTYPE } from './roles';

/**
 * A company's or farm's master data (stamoplysninger), its contacts and its timeline, written in the
 * field language of ./felter (re-exported here for the code that has always imported it from here).
 */
export * from './felter';

// ---------------------------------------------------------------- master data

export const KATEGORIER = ['1a', '1b', '2', 'Ingen'] as const;
export const GEBYRTYPER = ['Timesats gebyr', 'Fast gebyr'] as const;

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
  dmaFelt('virksomhedsGruppeId', 'Virksomhedsgruppe', 'virksomhedsgrupper'),
  { navn: 'kategori', label: 'Kategori', type: { kind: 'valg', valg: KATEGORIER } },
  dmaFelt('hovedaktivitet', 'Hovedaktivitet', 'aktiviteter', { vaerdi: 'navn' }),
  dmaFelt('biaktiviteter', 'Biaktiviteter', 'aktiviteter', { vaerdi: 'navn', flere: true }),
  dmaFelt('miljoemyndighedId', 'Miljømyndighed', 'miljoemyndighed', { paakraevet: true }),
  dmaFelt('dmaMyndighedstyperId', 'Myndighedstype', 'dmaMyndighedstyper'),
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
  dmaFelt('dmaStatusId', 'DMA-status', 'dmaStatus'),
  { navn: 'dmaStatusDato', label: 'DMA-statusdato', type: { kind: 'dato' } },
  { navn: 'dmaStaedfaestVedCVR', label: 'Stadfæstet ved CVR i DMA', type: { kind: 'jaNej' } },
  dmaFelt('dmabatKonklusionId', 'BAT-konklusion', 'batkonklusion'),
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
/**
 * A water plant's contacts carry a Jupiter contact type (kontaktpersontype/listjupiter) in the same
 * column; the other fields are the company's.
 */
export const KONTAKTPERSON_FELTER_VANDANLAEG: readonly FeltDef[] = KONTAKTPERSON_FELTER.map((f) =>
  f.navn === 'rolle'
    ? {
        ...f,
        label: 'Kontakttype (Jupiter)',
        type: { kind: 'lookup', kilde: { path: 'kontaktpersontype/listjupiter' }, vaerdi: 'navn' },
      }
    : f,
);

/** The contact fields of an owner of the given entity type (1 company, 2 farm, 3 water plant). */
export const kontaktFelter = (type: number): readonly FeltDef[] =>
  type === VIRKSOMHEDSTYPE.VANDANLAEG ? KONTAKTPERSON_FELTER_VANDANLAEG : KONTAKTPERSON_FELTER;

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
 * Contacts are versioned like every other row (one sequence): the version that was edited is sent back
 * on change and delete, so a stale edit answers 409; a deleted contact is kept, marked `slettet`.
 */
export const kontaktpersonFormSchema = inputSchema(KONTAKTPERSON_FELTER, kontaktTjek);
export const kontaktpersonRetSchema = inputSchema(KONTAKTPERSON_FELTER, kontaktTjek, {
  version: versionSchema,
});
export const kontaktpersonSchema = z.object({
  id: z.number(),
  virksomhedId: z.number(),
  navn: z.string(),
  rolle: z.string().nullable(),
  telefon: z.string().nullable(),
  email: z.string().nullable(),
  version: z.number(),
});
export type Kontaktperson = z.infer<typeof kontaktpersonSchema>;
/** A contact in its owner's list: with the contact's id in Jupiter (water plants), kept on every change. */
export const kontaktpersonRaekkeSchema = kontaktpersonSchema.extend({
  jupiterKontaktpersonId: z.string().nullable(),
});
export type KontaktpersonRaekke = z.infer<typeof kontaktpersonRaekkeSchema>;

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
export const tidslinjeSchema = sideSchema(tidslinjeItemSchema);
export type TidslinjeItem = z.infer<typeof tidslinjeItemSchema>;

/** The 409 message when the company was changed by someone else since it was opened. */
export const VIRKSOMHED_KONFLIKT =
  'Virksomheden er ændret af en anden bruger siden du åbnede den. Dine ændringer er ikke gemt; genindlæs for at se de nye oplysninger.';
export const KONTAKT_KONFLIKT =
  'Kontaktpersonen er ændret af en anden bruger siden du åbnede den. Dine ændringer er ikke gemt; genindlæs for at se de nye oplysninger.';

// ---------------------------------------------------------------- endpoints

/** GET virksomhed/{id}: the company or farm (the type's read right, checked on the row). */
export const hentVirksomhed = endpoint({
  method: 'GET',
  path: '/virksomhed/:id',
  params: idParamsSchema,
  answer: virksomhedSchema,
});

/** PUT virksomhed/{id}/basis: the master data, with the version that was edited (stale → 409). */
export const gemBasis = endpoint({
  method: 'PUT',
  path: '/virksomhed/:id/basis',
  params: idParamsSchema,
  body: basisInputSchema,
  answer: virksomhedSchema,
});

/**
 * GET virksomhed/{id}/kontaktperson: the live contacts of a company, farm or water plant (its type's
 * read right), with their versions (a water plant's detail answer carries none).
 */
export const hentKontaktpersoner = endpoint({
  method: 'GET',
  path: '/virksomhed/:id/kontaktperson',
  params: idParamsSchema,
  answer: z.array(kontaktpersonRaekkeSchema),
});

/** POST virksomhed/{id}/kontaktperson: a contact of a company, farm or water plant. */
export const opretKontaktperson = endpoint({
  method: 'POST',
  path: '/virksomhed/:id/kontaktperson',
  params: idParamsSchema,
  body: kontaktpersonFormSchema,
  answer: kontaktpersonSchema,
  status: 201,
});

/** PUT kontaktperson/{id}: the body carries the version that was edited (stale → 409). */
export const retKontaktperson = endpoint({
  method: 'PUT',
  path: '/kontaktperson/:id',
  params: idParamsSchema,
  body: kontaktpersonRetSchema,
  answer: kontaktpersonSchema,
});

export const sletKontaktperson = endpoint({
  method: 'DELETE',
  path: '/kontaktperson/:id',
  params: idParamsSchema,
  query: versionQuerySchema,
  status: 204,
});

export const hentTidslinje = endpoint({
  method: 'GET',
  path: '/virksomhed/:id/tidslinje',
  params: idParamsSchema,
  query: tidslinjeQuerySchema,
  answer: tidslinjeSchema,
});
