import { z } from 'zod';
import { idSchema } from './common';
import { endpoint, stiFor } from './endpoint';

/**
 * A lookup item (spec 001 §3 'Lookup item'). `brugerId` is the user who created a customer-defined
 * item, null for the register's own values. `dmaKode` false means the value is not one of DMA's
 * (the dropdown shows 'Ikke DMA'); `aktiv` false hides the option unless it is the selected one.
 */
export const lookupItemSchema = z.object({
  id: z.number(),
  brugerId: z.number().nullable(),
  kode: z.string(),
  navn: z.string(),
  beskrivelse: z.string().nullable(),
  prioritet: z.number(),
  dmaKode: z.boolean(),
  aktiv: z.boolean(),
});
export type LookupItem = z.infer<typeof lookupItemSchema>;
export const lookupListeSchema = z.array(lookupItemSchema);

/** The lists served under GET dmalookup/{name} (spec 001 §7, plus the heating-plant lists). */
export const DMA_LOOKUPS = [
  'virksomhedsgrupper',
  'aktiviteter',
  'batkonklusion',
  'miljoemyndighed',
  'dmaStatus',
  'dmaMyndighedstyper',
  'afgoerelseVedroererAnlaegstyper',
  'afgoerelsesStatus',
  'afgoerelseBATAEL',
  'resultatAfgoerelse',
  'dmaDokumenttype',
  'dmaFortrolighedsNiveau',
  'tilsynsTyper',
  'tilsynsKategorier',
  'tilsynsBaggrunde',
  'tilsynsVedroererAnlaegstyper',
  'tilsynVedroererKrav',
  'miljoeForhold',
  'haandhaevelsesStatusser',
  'haandhaevelsesTyper',
  'haandhaevelsesVedroererKrav',
  'haandhaevelsesVedroererAnlaegstype',
  'risikoscoretype',
  'fyringsanlaegTyper',
  'braendselTyper',
  'fyringsanlaegStoerrelser',
] as const;
export type DmaLookup = (typeof DMA_LOOKUPS)[number];

/** The lists served under GET mwlandbruglookup/list/{name}: primary animal types, plots, containers, housing. */
export const LANDBRUG_LOOKUPS = [
  'primaerdyretype',
  'areal',
  'beholdertype',
  'opbevaringsindhold',
  'overdaekning',
  'staldsystem',
] as const;
export type LandbrugLookup = (typeof LANDBRUG_LOOKUPS)[number];

/** The fixed lists served each at its own path (relative to /api/), by the name forms use. */
export const FASTE_LOOKUPS = {
  dyretype: 'dyretype/list',
  adHocEmner: 'AdHocOpgave/emner',
  kontaktpersontype: 'kontaktpersontype/list',
  kontaktpersontypeJupiter: 'kontaktpersontype/listjupiter',
  betalertype: 'Kontaktperson/kontaktpersonbetalertypelist',
  tidsregistreringGebyr: 'tidsregistreringsKategori/listGebyr',
  kontrolpunktEmner: 'Kontrolpunkt/henttemplateemner',
  tilsynRapportEmner: 'TilsynRapport/henttemplateemner',
  psrmFordringstyper: 'brugerbetaling/GetPSRMFordringstypeLookup',
  /** SAT result types (spec 001 §7) and result categories (labels of spec 001 §3's enumeration). */
  satResultatTyper: 'SATResultatType/lookup',
  satResultatKategorier: 'SATResultatKategori/lookup',
} as const;

export const dmaLookupParamsSchema = z.object({
  name: z.string().min(1).max(80),
});

/** `virksomhedid` in any letter case, as the spec's query writes it. */
export const virksomhedIdQuerySchema = z.object({ virksomhedid: idSchema });
const virksomhedIdQueryUansetStoerrelse = z.preprocess(
  (q) =>
    q && typeof q === 'object'
      ? Object.fromEntries(Object.entries(q).map(([k, v]) => [k.toLowerCase(), v]))
      : q,
  virksomhedIdQuerySchema,
);

/** GET dmalookup/{name}: a DMA list (any signed-in user). */
export const hentDmaLookup = endpoint({
  method: 'GET',
  path: '/dmalookup/:name',
  params: dmaLookupParamsSchema,
  answer: lookupListeSchema,
});

/** GET mwlandbruglookup/list/{name}: a farming list (any signed-in user). */
export const hentLandbrugLookup = endpoint({
  method: 'GET',
  path: '/mwlandbruglookup/list/:name',
  params: dmaLookupParamsSchema,
  answer: lookupListeSchema,
});

/** GET of a fixed list by its path (FASTE_LOOKUPS, or any path a field definition names). */
export const fastLookup = (sti: string) =>
  endpoint({ method: 'GET', path: `/${sti}`, answer: lookupListeSchema });

/** GET tidsregistreringsKategori/listVirksomhed?virksomhedid=: the company's time categories (its read right). */
export const hentTidsregistreringsKategorier = endpoint({
  method: 'GET',
  path: '/tidsregistreringsKategori/listVirksomhed',
  query: virksomhedIdQueryUansetStoerrelse,
  answer: lookupListeSchema,
});

/** GET miljoeRisikoVurdering/list/{virksomhedId}/lookup: the company's risk assessments (its read right). */
export const hentRisikovurderingLookup = endpoint({
  method: 'GET',
  path: '/miljoeRisikoVurdering/list/:virksomhedId/lookup',
  params: z.object({ virksomhedId: idSchema }),
  answer: lookupListeSchema,
});

const relativ = (sti: string) => sti.replace(/^\//, '');

/**
 * Every lookup a form can name, as the API path it is fetched from (relative to /api/); the paths
 * with a company id are filled from their endpoint.
 */
export const lookupPath = {
  dma: (name: DmaLookup) => relativ(stiFor(hentDmaLookup, { name })),
  landbrug: (name: LandbrugLookup) => relativ(stiFor(hentLandbrugLookup, { name })),
  ...FASTE_LOOKUPS,
  risikovurderinger: (virksomhedId: number) => relativ(stiFor(hentRisikovurderingLookup, { virksomhedId })),
  tidsregistreringVirksomhed: relativ(hentTidsregistreringsKategorier.path),
} as const;
