import { z } from 'zod';
import { datoSchema, idParamsSchema, idSchema, kundeIdParamsSchema } from './common';
import { endpoint } from './endpoint';

export const emneSchema = z.object({ id: z.number(), kode: z.string(), navn: z.string() });
export const emneListeSchema = z.array(emneSchema);

export const fraseSchema = z.object({
  id: z.number(),
  emneId: z.number(),
  titel: z.string(),
  tekst: z.string(),
  aktiv: z.boolean(),
});
export const fraseListeSchema = z.array(fraseSchema);
export const fraseQuerySchema = z.object({ emneId: idSchema.optional() });

export const systemBeskedSchema = z.object({
  id: z.number(),
  titel: z.string(),
  tekst: z.string(),
  alvorlighed: z.enum(['info', 'advarsel', 'kritisk']),
  gyldigFra: z.string(),
  gyldigTil: z.string().nullable(),
});
export const systemBeskedListeSchema = z.array(systemBeskedSchema);

export const tilsynKonklusionSchema = z.object({
  id: z.number(),
  kode: z.string(),
  navn: z.string(),
  aktiv: z.boolean(),
});
export const tilsynKonklusionListeSchema = z.array(tilsynKonklusionSchema);
export type TilsynKonklusion = z.infer<typeof tilsynKonklusionSchema>;

export const adresseSchema = z.object({ adresse: z.string() });

/** A log entry or ad hoc task of a company or water plant (spec 000 §3 'Note'). */
export const notatSchema = z.object({
  id: z.number(),
  emne: z.string(),
  notat: z.string(),
  brugerId: z.number().nullable(),
  bruger: z.string().nullable(),
  dato: z.string(),
  virksomhedId: z.number(),
});
export const notatListeSchema = z.array(notatSchema);

export const opretNotatSchema = z.object({
  virksomhedId: idSchema,
  emne: z.string().trim().min(1, 'Emne skal udfyldes').max(200, 'Emne må højst være 200 tegn'),
  notat: z.string().trim().min(1, 'Notat skal udfyldes').max(10_000, 'Notat må højst være 10000 tegn'),
});

export const adHocOpgaveSchema = notatSchema.extend({
  frist: z.string().nullable(),
  udfoert: z.boolean(),
});
export const adHocOpgaveListeSchema = z.array(adHocOpgaveSchema);
export const opretAdHocOpgaveSchema = opretNotatSchema.extend({
  frist: datoSchema('Frist skal være en dato (ÅÅÅÅ-MM-DD)').nullable().optional(),
});

/** The company a note or task belongs to, in the path. */
export const virksomhedIdParamsSchema = z.object({ virksomhedId: idSchema });

/** GET adresse/{virksomhedId}: the company's address (its read right). */
export const hentAdresse = endpoint({
  method: 'GET',
  path: '/adresse/:virksomhedId',
  params: virksomhedIdParamsSchema,
  answer: adresseSchema,
});

/** GET SystemBesked/HentSystemBeskeder/{kundeId}: the messages in force for everyone and the customer. */
export const hentSystemBeskeder = endpoint({
  method: 'GET',
  path: '/SystemBesked/HentSystemBeskeder/:kundeId',
  params: kundeIdParamsSchema,
  answer: systemBeskedListeSchema,
});

/** GET emne/list: the subjects of phrases. */
export const hentEmner = endpoint({ method: 'GET', path: '/emne/list', answer: emneListeSchema });

/** GET frase/list/{kundeId}?emneId=: the customer's phrases, of one subject if given. */
export const hentFraser = endpoint({
  method: 'GET',
  path: '/frase/list/:kundeId',
  params: kundeIdParamsSchema,
  query: fraseQuerySchema,
  answer: fraseListeSchema,
});

/** GET tilsyn/tilsynKonklusion/{id}: the customer's inspection conclusions ({id} is the kundeId). */
export const hentTilsynKonklusioner = endpoint({
  method: 'GET',
  path: '/tilsyn/tilsynKonklusion/:id',
  params: idParamsSchema,
  answer: tilsynKonklusionListeSchema,
});

/** GET logbog/list/{id}: a company's or water plant's log, newest first (its read right). */
export const hentLogbog = endpoint({
  method: 'GET',
  path: '/logbog/list/:id',
  params: idParamsSchema,
  answer: notatListeSchema,
});

/** POST logbog: a new log entry (the caseworker right of the company's type). */
export const opretLogbogNotat = endpoint({
  method: 'POST',
  path: '/logbog',
  body: opretNotatSchema,
  answer: notatSchema,
  status: 201,
});

/** GET AdHocOpgave/list/{id}: a company's or water plant's ad hoc tasks, newest first. */
export const hentAdHocOpgaver = endpoint({
  method: 'GET',
  path: '/AdHocOpgave/list/:id',
  params: idParamsSchema,
  answer: adHocOpgaveListeSchema,
});

/** POST AdHocOpgave: a new ad hoc task. */
export const opretAdHocOpgave = endpoint({
  method: 'POST',
  path: '/AdHocOpgave',
  body: opretAdHocOpgaveSchema,
  answer: adHocOpgaveSchema,
  status: 201,
});
