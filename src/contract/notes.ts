import { z } from 'zod';
import { datoSchema, idSchema } from './common';

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
