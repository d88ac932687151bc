import { z } from 'zod';
import { idSchema, rowVersionQuerySchema } from './common';
import { endpoint } from './endpoint';
import { versionSchema } from './felter';

/**
 * Named workspaces (navngivne arbejdsområder, issue 34): a user saves the workspace's layout (tiles,
 * their paths with each view's own state such as a report's filters, sizes, the focused tile) under a
 * name, opens it again on any PC, renames and deletes it, and marks one as the start layout that a
 * new sign-in lands on. Per user and per customer (the tiles hold the customer's records); another
 * user's or customer's id answers 404. The layout is the workspace's URL query, exactly as the client
 * writes it in the address bar (`v=1&t=/virksomheder&t=/rapport/…&w=r60-40(0,1)&f=1`), so it is
 * versioned by the URL format itself.
 */

export const ARBEJDSOMRAADE_NAVN_MAKS = 60;
/** A layout of 24 tiles with long report filters stays far below this; a URL of more is refused. */
export const ARBEJDSOMRAADE_LAYOUT_MAKS = 8000;
export const ARBEJDSOMRAADE_FELTER_MAKS = 24;
/** How many named workspaces one user may keep in one customer (the palette lists them all). */
export const ARBEJDSOMRAADER_MAKS = 100;

export const ARBEJDSOMRAADE_KONFLIKT = 'Arbejdsområdet er ændret et andet sted. Genindlæs og prøv igen.';
export const navnOptaget = (navn: string) => `Der findes allerede et arbejdsområde med navnet '${navn}'`;
export const FOR_MANGE_ARBEJDSOMRAADER = `Du kan højst gemme ${ARBEJDSOMRAADER_MAKS} arbejdsområder. Slet et, før du gemmer et nyt.`;

/** The query parameter of a workspace's link: `/?arbejdsomraade=12` opens workspace 12 (its owner's). */
export const ARBEJDSOMRAADE_LINK_PARAM = 'arbejdsomraade';
export const arbejdsomraadeLink = (id: number) => `/?${ARBEJDSOMRAADE_LINK_PARAM}=${id}`;

/** The id a workspace's link names (home with `arbejdsomraade=<id>`), or null for any other URL. */
export function arbejdsomraadeLinkId(pathname: string, search: string): number | null {
  if (pathname !== '/') return null;
  const value = new URLSearchParams(search).get(ARBEJDSOMRAADE_LINK_PARAM);
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/**
 * What is wrong with a layout text, in Danish (empty when it can be opened): a format version, one
 * to 24 tiles each with a path from the root, a focused tile among them, no control characters.
 */
export function tjekLayout(layout: string): string[] {
  if (layout.length === 0) return ['Layoutet er påkrævet'];
  if (layout.length > ARBEJDSOMRAADE_LAYOUT_MAKS)
    return [`Layoutet må højst være ${ARBEJDSOMRAADE_LAYOUT_MAKS} tegn`];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(layout)) return ['Layoutet indeholder ugyldige tegn'];
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(layout);
  } catch {
    return ['Layoutet kan ikke læses'];
  }
  const fejl: string[] = [];
  if (!/^[1-9]\d{0,2}$/.test(params.get('v') ?? '')) fejl.push('Layoutet mangler sin formatversion (v)');
  const felter = params.getAll('t');
  if (felter.length === 0) fejl.push('Layoutet skal have mindst ét felt (t)');
  if (felter.length > ARBEJDSOMRAADE_FELTER_MAKS)
    fejl.push(`Layoutet må højst have ${ARBEJDSOMRAADE_FELTER_MAKS} felter`);
  if (felter.some((t) => !t.startsWith('/'))) fejl.push('Hvert felts sti skal begynde med /');
  const f = params.get('f');
  if (f !== null && (!/^\d{1,2}$/.test(f) || Number(f) >= felter.length))
    fejl.push('Det fokuserede felt (f) findes ikke i layoutet');
  return fejl;
}

const navnSchema = z
  .string({ error: 'Navnet er påkrævet' })
  .trim()
  .min(1, { error: 'Navnet er påkrævet' })
  .max(ARBEJDSOMRAADE_NAVN_MAKS, { error: `Navnet må højst være ${ARBEJDSOMRAADE_NAVN_MAKS} tegn` })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: 'Navnet indeholder ugyldige tegn' });

const layoutSchema = z.string({ error: 'Layoutet er påkrævet' }).superRefine((v, ctx) => {
  for (const message of tjekLayout(v)) ctx.addIssue({ code: 'custom', message });
});

export const arbejdsomraadeSchema = z.object({
  id: z.number(),
  navn: z.string(),
  layout: z.string(),
  /** The start layout: a new sign-in of its user in its customer lands on it. At most one is. */
  start: z.boolean(),
  version: z.number(),
  /** When it was last saved or renamed (ISO). */
  aendret: z.string(),
});
export type Arbejdsomraade = z.infer<typeof arbejdsomraadeSchema>;

export const arbejdsomraadeInputSchema = z.object({
  navn: navnSchema,
  layout: layoutSchema,
  /** Omitted: not the start layout. */
  start: z.boolean({ error: 'Start skal være ja eller nej' }).optional(),
});
export type ArbejdsomraadeInput = z.input<typeof arbejdsomraadeInputSchema>;

const idParams = z.object({ id: idSchema });

/** GET arbejdsomraader (addition): the user's named workspaces in the active customer, by name. */
export const hentArbejdsomraader = endpoint({
  method: 'GET',
  path: '/arbejdsomraader',
  answer: z.array(arbejdsomraadeSchema),
});

/** GET arbejdsomraader/{id} (addition): one of the user's named workspaces (its link opens it). */
export const hentArbejdsomraade = endpoint({
  method: 'GET',
  path: '/arbejdsomraader/:id',
  params: idParams,
  answer: arbejdsomraadeSchema,
});

/** POST arbejdsomraader (addition): saves a layout under a new name (unique per user). 201. */
export const opretArbejdsomraade = endpoint({
  method: 'POST',
  path: '/arbejdsomraader',
  body: arbejdsomraadeInputSchema,
  answer: arbejdsomraadeSchema,
  status: 201,
});

/**
 * PUT arbejdsomraader/{id} (addition): renames it, saves another layout in it, or makes it the start
 * layout (unmarking the one that was), from the version the user saw (stale → 409).
 */
export const gemArbejdsomraade = endpoint({
  method: 'PUT',
  path: '/arbejdsomraader/:id',
  params: idParams,
  body: arbejdsomraadeInputSchema.extend({ version: versionSchema }),
  answer: arbejdsomraadeSchema,
});

/** DELETE arbejdsomraader/{id}?version= (addition): removes it (stale → 409). 204. */
export const sletArbejdsomraade = endpoint({
  method: 'DELETE',
  path: '/arbejdsomraader/:id',
  params: idParams,
  query: z.object({ version: rowVersionQuerySchema('version skal sendes med (den version du har slettet)') }),
  status: 204,
});
