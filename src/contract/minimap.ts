import { z } from 'zod';
import { idSchema, kundeIdParamsSchema, rowVersionQuerySchema } from './common';
import { endpoint } from './endpoint';
import { versionSchema } from './felter';
import { tjekUrlSkabelon } from './minimap-url';
import { defineRecordKind, KUNDE_EJER } from './record-kind';

/**
 * Map links (minimapkoblinger, issue 15, spec 001 line 164): per display location (visningssted)
 * the customer keeps URL templates of outside map viewers (the municipality's map, a Septima widget
 * page …). A template holds `{x}` and `{y}` (EPSG:25832, metres) and optionally `{zoom}` and `{bbox}`;
 * the client fills them from the record's coordinate and opens the link in a new window. The server
 * never fetches the URLs. Read by every signed-in user of the customer; kept by KOMMUNE_ADMIN.
 */
export const MINIMAP_ADMIN_RET = 'KOMMUNE_ADMIN';

/**
 * Where links are offered: the records that have a location (a coordinate on the company table:
 * water plants, companies, farms). Boreholes have no coordinate of their own in this product.
 */
export const VISNINGSSTEDER = ['vandanlaeg', 'virksomhed', 'landbrug'] as const;
export type Visningssted = (typeof VISNINGSSTEDER)[number];
export const VISNINGSSTED_TEKST: Record<Visningssted, string> = {
  vandanlaeg: 'Vandanlæg',
  virksomhed: 'Virksomhed',
  landbrug: 'Landbrug',
};

export * from './minimap-url';

export const MINIMAP_KONFLIKT = 'Minimapkoblingen er ændret af en anden. Genindlæs og prøv igen.';

export const minimapKoblingSchema = z.object({
  id: z.number(),
  visningssted: z.enum(VISNINGSSTEDER),
  navn: z.string(),
  url: z.string(),
  aktiv: z.boolean(),
  version: z.number(),
});
export type MinimapKobling = z.infer<typeof minimapKoblingSchema>;

const visningsstedSchema = z.enum(VISNINGSSTEDER, {
  error: 'Visningsstedet skal være vandanlaeg, virksomhed eller landbrug',
});

export const minimapKoblingInputSchema = z.object({
  visningssted: visningsstedSchema,
  navn: z
    .string({ error: 'Navnet er påkrævet' })
    .trim()
    .min(1, { error: 'Navnet er påkrævet' })
    .max(100, { error: 'Navnet må højst være 100 tegn' }),
  url: z
    .string({ error: 'URL-skabelonen er påkrævet' })
    .trim()
    .superRefine((v, ctx) => {
      for (const message of tjekUrlSkabelon(v)) ctx.addIssue({ code: 'custom', message });
    }),
  aktiv: z.boolean({ error: 'Aktiv skal være ja eller nej' }),
});
export type MinimapKoblingInput = z.infer<typeof minimapKoblingInputSchema>;

/**
 * GET minimaps/forvisningssted/{kundeId}?visningssted (spec): the active links of a display
 * location, by name; without `visningssted` the active links of every display location.
 */
export const hentMinimapsForVisningssted = endpoint({
  method: 'GET',
  path: '/minimaps/forvisningssted/:kundeId',
  params: kundeIdParamsSchema,
  query: z.object({ visningssted: visningsstedSchema.optional() }),
  answer: z.array(minimapKoblingSchema),
});

/** GET minimaps/minimapurl/{kundeId} (spec): every link of the customer, active or not. */
export const hentMinimapUrls = endpoint({
  method: 'GET',
  path: '/minimaps/minimapurl/:kundeId',
  params: kundeIdParamsSchema,
  answer: z.array(minimapKoblingSchema),
});

/** POST minimaps/kobling (addition): a new link. 201. */
export const opretMinimapKobling = endpoint({
  method: 'POST',
  path: '/minimaps/kobling',
  body: minimapKoblingInputSchema,
  answer: minimapKoblingSchema,
  status: 201,
  access: MINIMAP_ADMIN_RET,
});

/** PUT minimaps/kobling/{id} (addition): with the version edited (stale → 409). */
export const gemMinimapKobling = endpoint({
  method: 'PUT',
  path: '/minimaps/kobling/:id',
  params: z.object({ id: idSchema }),
  body: minimapKoblingInputSchema.extend({ version: versionSchema }),
  answer: minimapKoblingSchema,
  access: MINIMAP_ADMIN_RET,
});

/** DELETE minimaps/kobling/{id}?version= (addition): removes the link (stale → 409). 204. */
export const sletMinimapKobling = endpoint({
  method: 'DELETE',
  path: '/minimaps/kobling/:id',
  params: z.object({ id: idSchema }),
  query: z.object({ version: rowVersionQuerySchema('version skal sendes med (den version du har slettet)') }),
  status: 204,
  access: MINIMAP_ADMIN_RET,
});

/** A record with a location to test a link on. */
export const proevepunktSchema = z.object({ id: z.number(), navn: z.string(), x: z.number(), y: z.number() });
export type Proevepunkt = z.infer<typeof proevepunktSchema>;

/**
 * GET minimaps/proevepunkter?visningssted&soeg (addition): up to 10 of the customer's records of the
 * display location with a coordinate in Denmark, by name (filtered by `soeg`), to test a link on.
 */
export const hentProevepunkter = endpoint({
  method: 'GET',
  path: '/minimaps/proevepunkter',
  query: z.object({
    visningssted: visningsstedSchema,
    soeg: z.string().trim().max(100, { error: 'Søgningen må højst være 100 tegn' }).optional(),
  }),
  answer: z.array(proevepunktSchema),
  access: MINIMAP_ADMIN_RET,
});

/**
 * A map link as a record kind of the customer (owner KUNDE_EJER, table `minimap_kobling`): the
 * generic list and form show it, on the endpoints above.
 */
export const MINIMAPKOBLING = defineRecordKind({
  owner: KUNDE_EJER,
  art: 'minimapkobling',
  navn: 'Minimapkobling',
  flertal: 'Minimapkoblinger',
  nyLabel: 'Ny minimapkobling',
  felter: [
    {
      navn: 'visningssted',
      label: 'Visningssted',
      type: {
        kind: 'valg',
        valg: VISNINGSSTEDER,
        tekster: VISNINGSSTED_TEKST,
        radio: true,
        paakraevet: true,
      },
    },
    {
      navn: 'navn',
      label: "Navn (vises som 'Åbn i …')",
      type: { kind: 'tekst', max: 100, paakraevet: true },
    },
    { navn: 'url', label: 'URL-skabelon', type: { kind: 'tekst', max: 2000, paakraevet: true } },
    { navn: 'aktiv', label: 'Aktiv (vises på kortene)', type: { kind: 'jaNej' } },
  ],
  listeFelter: ['visningssted', 'navn', 'url', 'aktiv'],
  nyeStandard: { visningssted: 'vandanlaeg', url: 'https://', aktiv: true },
  titelFelt: 'navn',
  egne: {
    liste: hentMinimapUrls,
    opret: opretMinimapKobling,
    ret: gemMinimapKobling,
    slet: sletMinimapKobling,
  },
  konflikt: MINIMAP_KONFLIKT,
});
