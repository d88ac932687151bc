import { z } from 'zod';
import { idSchema } from './common';

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

/**
 * Every lookup a form can name, as the API path it is fetched from (relative to /api/). Paths with
 * a company id ('miljoeRisikoVurdering/list/{id}/lookup') are built by the client.
 */
export const lookupPath = {
  dma: (name: DmaLookup) => `dmalookup/${name}`,
  landbrug: (name: LandbrugLookup) => `mwlandbruglookup/list/${name}`,
  dyretype: 'dyretype/list',
  adHocEmner: 'AdHocOpgave/emner',
  kontaktpersontype: 'kontaktpersontype/list',
  kontaktpersontypeJupiter: 'kontaktpersontype/listjupiter',
  betalertype: 'Kontaktperson/kontaktpersonbetalertypelist',
  tidsregistreringGebyr: 'tidsregistreringsKategori/listGebyr',
  kontrolpunktEmner: 'Kontrolpunkt/henttemplateemner',
  tilsynRapportEmner: 'TilsynRapport/henttemplateemner',
  psrmFordringstyper: 'brugerbetaling/GetPSRMFordringstypeLookup',
  risikovurderinger: (virksomhedId: number) => `miljoeRisikoVurdering/list/${virksomhedId}/lookup`,
  tidsregistreringVirksomhed: 'tidsregistreringsKategori/listVirksomhed',
} as const;

export const dmaLookupParamsSchema = z.object({
  name: z.string().min(1).max(80),
});
export const virksomhedIdQuerySchema = z.object({ virksomhedid: idSchema });
