import { z } from 'zod';
import { endpoint } from './endpoint';
import { VALIDERING_ARTER, type ValideringArt } from './validering';

/**
 * Presence (nærvær, issue 34 part 3): who else is in the same validation queue (and on which
 * entry), and who has unsaved changes in the same record. Ephemeral: the server stores nothing; a
 * client's presence lives in the others' browsers for a lease, renewed while it lasts. See
 * docs/decisions.md 'Presence (nærvær)'.
 */

/** How long another client's presence is shown after its last message. */
export const NAERVAER_LEASE_MS = 30_000;
/** How often a client renews its presence while someone else watches the same key. */
export const NAERVAER_FORNY_MS = 10_000;
/** The most keys one stream watches (a workspace of many tiles). */
export const NAERVAER_MAKS_NOEGLER = 30;

/**
 * What presence is about: a validation queue (`validering:pejling`) or a company, farm, water plant
 * or SAT company (`virksomhed:42`: all four are rows of one table, one id space).
 */
const NOEGLE_MOENSTER = new RegExp(
  `^(validering:(${VALIDERING_ARTER.join('|')})|virksomhed:[1-9][0-9]{0,9})$`,
);
export const naervaerNoegleSchema = z.string().regex(NOEGLE_MOENSTER, { error: 'Ukendt nærværsnøgle' });
export type NaervaerNoegle = `validering:${ValideringArt}` | `virksomhed:${number}`;

export const koeNoegle = (art: ValideringArt): NaervaerNoegle => `validering:${art}`;
export const postNoegle = (virksomhedId: number): NaervaerNoegle => `virksomhed:${virksomhedId}`;

/** A key read back: the queue or the record it names. */
export function laesNoegle(
  noegle: string,
): { type: 'koe'; art: ValideringArt } | { type: 'post'; id: number } | null {
  if (!NOEGLE_MOENSTER.test(noegle)) return null;
  const [hvad, rest] = noegle.split(':') as [string, string];
  return hvad === 'validering'
    ? { type: 'koe', art: rest as ValideringArt }
    : { type: 'post', id: Number(rest) };
}

/** One browser page's id (a user with two windows is two clients). */
export const klientIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'Ugyldigt klient-id' });

/**
 * What a client holds under a key: the entry under its cursor in a queue, or unsaved changes in a
 * record's tab or form ('stamoplysninger'); null: present, holding nothing.
 */
export const naervaerTilstandSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('markoer'), postId: z.number().int().positive() }),
      z.object({
        type: z.literal('redigerer'),
        hvad: z
          .string()
          .trim()
          .min(1, { error: 'Angiv hvad der redigeres' })
          .max(60, { error: 'Højst 60 tegn' }),
      }),
    ],
    { error: 'Ukendt nærværstilstand' },
  )
  .nullable();
export type NaervaerTilstand = z.infer<typeof naervaerTilstandSchema>;

/** POST naervaer: the client's presence under one key, told to the others watching it. */
export const naervaerBodySchema = z.object({
  klient: klientIdSchema,
  noegle: naervaerNoegleSchema,
  tilstand: naervaerTilstandSchema,
});
export type NaervaerBody = z.infer<typeof naervaerBodySchema>;

export const meldNaervaer = endpoint({
  method: 'POST',
  path: '/naervaer',
  body: naervaerBodySchema,
  status: 204,
});

/**
 * A presence message on the stream: 'hallo' when a client starts watching a key (the others answer
 * with their presence), 'tilstand' its presence (sent while others watch, renewed every
 * NAERVAER_FORNY_MS), 'farvel' when it stops. The sender's name and initials are the server's, from
 * the token's user, never the client's word.
 */
export const naervaerBeskedSchema = z.object({
  type: z.enum(['hallo', 'tilstand', 'farvel']),
  noegle: naervaerNoegleSchema,
  klient: klientIdSchema,
  brugerId: z.number().int(),
  navn: z.string().max(200),
  initialer: z.string().max(4),
  tilstand: naervaerTilstandSchema,
});
export type NaervaerBesked = z.infer<typeof naervaerBeskedSchema>;

/** The stream's keys: comma-separated in the query (EventSource sends no body), at most NAERVAER_MAKS_NOEGLER. */
const noeglerSchema = z
  .string()
  .max(NAERVAER_MAKS_NOEGLER * 30)
  .transform((s, ctx) => {
    const dele = [...new Set(s.split(',').filter(Boolean))];
    if (dele.length === 0 || dele.length > NAERVAER_MAKS_NOEGLER) {
      ctx.addIssue({ code: 'custom', message: `Angiv 1–${NAERVAER_MAKS_NOEGLER} nærværsnøgler` });
      return z.NEVER;
    }
    for (const d of dele) {
      if (!NOEGLE_MOENSTER.test(d)) {
        ctx.addIssue({ code: 'custom', message: 'Ukendt nærværsnøgle' });
        return z.NEVER;
      }
    }
    return dele as NaervaerNoegle[];
  });

/**
 * GET naervaer/haendelser?token=&klient=&noegler=: the presence stream of one client. Like the
 * validation stream, the token comes in the query (EventSource sends no header) and the route checks
 * it, and every key's right, itself.
 */
export const naervaerHaendelser = endpoint({
  method: 'GET',
  path: '/naervaer/haendelser',
  query: z.object({
    token: z.string().min(1).max(4000),
    klient: klientIdSchema,
    noegler: noeglerSchema,
  }),
  public: true,
  langvarig: true,
});

/**
 * A user's initials from the display name: the first letters of the first and last names
 * ('Vera Vandløb' → 'VV', 'Anne Marie Larsen' → 'AL'), the first two of a single name.
 */
export function initialer(navn: string): string {
  const ord = navn
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
  if (ord.length === 0) return '?';
  const [foerste, ...resten] = ord as [string, ...string[]];
  const sidste = resten.at(-1);
  const tegn = (s: string) => [...s][0] ?? '';
  const ini = sidste ? tegn(foerste) + tegn(sidste) : [...foerste].slice(0, 2).join('');
  return ini.toLocaleUpperCase('da-DK');
}
