import { z } from 'zod';
import { idParamsSchema, idSchema, rowVersionQuerySchema } from './common';
import { endpoint } from './endpoint';
import { versionSchema } from './felter';
import { defineRecordKind, KUNDE_EJER } from './record-kind';

/**
 * Administration of texts (issue 15): the customer's phrase library (table `frase`, per subject
 * `emne`) and the municipality's administrative details used in letters (table
 * `administrative_oplysninger`). Both need KOMMUNE_ADMIN or SAGSBEHANDLER_ADMIN (spec 000 §2 /admin).
 */
export const ADMIN_TEKST_RET = 'KOMMUNE_ADMIN||SAGSBEHANDLER_ADMIN';

// ---------------------------------------------------------------- phrases

export const FRASE_KONFLIKT = 'Frasen er ændret af en anden. Genindlæs og prøv igen.';
export const FRASE_TITEL_MAKS = 200;
export const FRASE_TEKST_MAKS = 4000;

export const fraseAdminSchema = z.object({
  id: z.number(),
  emneId: z.number(),
  emneKode: z.string(),
  emneNavn: z.string(),
  titel: z.string(),
  tekst: z.string(),
  aktiv: z.boolean(),
  version: z.number(),
});
export type FraseAdmin = z.infer<typeof fraseAdminSchema>;

export const fraseInputSchema = z.object({
  emneId: z.coerce
    .number({ error: 'Vælg et emne' })
    .int({ error: 'Vælg et emne' })
    .positive({ error: 'Vælg et emne' })
    .max(2_147_483_647, { error: 'Vælg et emne' }),
  titel: z
    .string({ error: 'Titlen er påkrævet' })
    .trim()
    .min(1, { error: 'Titlen er påkrævet' })
    .max(FRASE_TITEL_MAKS, { error: `Titlen må højst være ${FRASE_TITEL_MAKS} tegn` }),
  tekst: z
    .string({ error: 'Teksten er påkrævet' })
    .trim()
    .min(1, { error: 'Teksten er påkrævet' })
    .max(FRASE_TEKST_MAKS, { error: `Teksten må højst være ${FRASE_TEKST_MAKS} tegn` }),
  aktiv: z.boolean({ error: 'Aktiv skal være ja eller nej' }),
});
export type FraseInput = z.infer<typeof fraseInputSchema>;

export const fraseAdminQuerySchema = z.object({
  emneId: idSchema.optional(),
  /** Part of the title or text, case-insensitive. */
  tekst: z.string().max(200, { error: 'Søgeteksten må højst være 200 tegn' }).optional(),
});

/** GET admin/frase (addition): the customer's phrases, active or not, by subject and text. */
export const hentAdminFraser = endpoint({
  method: 'GET',
  path: '/admin/frase',
  query: fraseAdminQuerySchema,
  answer: z.array(fraseAdminSchema),
  access: ADMIN_TEKST_RET,
});

/** GET admin/frase/{id} (addition). Another customer's id answers 404. */
export const hentAdminFrase = endpoint({
  method: 'GET',
  path: '/admin/frase/:id',
  params: idParamsSchema,
  answer: fraseAdminSchema,
  access: ADMIN_TEKST_RET,
});

/** POST admin/frase (addition). 201. */
export const opretFrase = endpoint({
  method: 'POST',
  path: '/admin/frase',
  body: fraseInputSchema,
  answer: fraseAdminSchema,
  status: 201,
  access: ADMIN_TEKST_RET,
});

/** PUT admin/frase/{id} (addition): with the version edited (stale → 409); aktiv deactivates. */
export const gemFrase = endpoint({
  method: 'PUT',
  path: '/admin/frase/:id',
  params: idParamsSchema,
  body: fraseInputSchema.extend({ version: versionSchema }),
  answer: fraseAdminSchema,
  access: ADMIN_TEKST_RET,
});

/**
 * A phrase as a record kind of the customer (owner KUNDE_EJER, table `frase`): the generic list and
 * form show it; its endpoints above are the ones served. Deactivated, never deleted (letters and
 * texts may quote it).
 */
export const FRASE = defineRecordKind({
  owner: KUNDE_EJER,
  art: 'frase',
  navn: 'Frase',
  flertal: 'Fraser',
  nyLabel: 'Ny frase',
  felter: [
    { navn: 'emneId', label: 'Emne', type: { kind: 'lookup', kilde: { special: 'emne' }, paakraevet: true } },
    { navn: 'titel', label: 'Titel', type: { kind: 'tekst', max: FRASE_TITEL_MAKS, paakraevet: true } },
    {
      navn: 'tekst',
      label: 'Tekst',
      type: { kind: 'tekst', max: FRASE_TEKST_MAKS, paakraevet: true, flerlinjet: true },
    },
    { navn: 'aktiv', label: "Aktiv (tilbydes ved 'Indsæt frase …')", type: { kind: 'jaNej' } },
  ],
  listeFelter: ['titel', 'emneId', 'tekst', 'aktiv'],
  nyeStandard: { aktiv: true },
  egne: { liste: hentAdminFraser, hent: hentAdminFrase, opret: opretFrase, ret: gemFrase },
  konflikt: FRASE_KONFLIKT,
  aktivFelt: 'aktiv',
});

// ---------------------------------------------------------------- administrative details

export const ADM_OPLYS_KONFLIKT =
  'De administrative oplysninger er ændret af en anden. Genindlæs og prøv igen.';
export const ADM_OPLYS_STANDARD_SLET =
  'Standardsættet kan ikke slettes. Gør et andet sæt til standard først.';
export const ADM_OPLYS_STANDARD_FJERN =
  'Der skal altid være ét standardsæt. Gør et andet sæt til standard i stedet.';
export const LOGO_MAKS_BYTES = 500 * 1024;
export const LOGO_STOERRELSE_FEJL = 'Logoet må højst fylde 500 KB';
export const LOGO_TYPE_FEJL = 'Logoet skal være et PNG- eller JPEG-billede';

const valgfriTekst = (navn: string, max: number) =>
  z
    .string({ error: `${navn} skal være tekst` })
    .trim()
    .max(max, { error: `${navn} må højst være ${max} tegn` })
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

const paakraevetTekst = (navn: string, max: number) =>
  z
    .string({ error: `${navn} er påkrævet` })
    .trim()
    .min(1, { error: `${navn} er påkrævet` })
    .max(max, { error: `${navn} må højst være ${max} tegn` });

export const admOplysInputSchema = z.object({
  navn: paakraevetTekst('Navnet', 100),
  afsender: paakraevetTekst('Afsenderen', 200),
  adresse: valgfriTekst('Adressen', 200),
  postnrBy: valgfriTekst('Postnr. og by', 100),
  telefon: valgfriTekst('Telefonnummeret', 30),
  email: valgfriTekst('E-mailadressen', 200).refine(
    (v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    { error: 'E-mailadressen er ikke gyldig' },
  ),
  web: valgfriTekst('Webadressen', 200),
  underskriftNavn: valgfriTekst('Underskriverens navn', 100),
  underskriftTitel: valgfriTekst('Underskriverens titel', 100),
  standard: z.boolean({ error: 'Standard skal være ja eller nej' }),
  /** Removes the logo (an update only). */
  fjernLogo: z.boolean({ error: 'Fjern logo skal være ja eller nej' }).optional(),
});
export type AdmOplysInput = z.input<typeof admOplysInputSchema>;

export const admOplysSchema = z.object({
  id: z.number(),
  navn: z.string(),
  afsender: z.string(),
  adresse: z.string().nullable(),
  postnrBy: z.string().nullable(),
  telefon: z.string().nullable(),
  email: z.string().nullable(),
  web: z.string().nullable(),
  underskriftNavn: z.string().nullable(),
  underskriftTitel: z.string().nullable(),
  harLogo: z.boolean(),
  logoMimeType: z.string().nullable(),
  standard: z.boolean(),
  version: z.number(),
});
export type AdmOplys = z.infer<typeof admOplysSchema>;

const ADM_STI = '/admin/administrativeoplysninger';
const versionQuery = z.object({
  version: rowVersionQuerySchema('version skal sendes med (den version du har rettet i)'),
});

/** GET admin/administrativeoplysninger (addition): the customer's sets, the standard set first. */
export const hentAdmOplysninger = endpoint({
  method: 'GET',
  path: ADM_STI,
  answer: z.array(admOplysSchema),
  access: ADMIN_TEKST_RET,
});

/** GET admin/administrativeoplysninger/{id} (addition). */
export const hentAdmOplysning = endpoint({
  method: 'GET',
  path: `${ADM_STI}/:id`,
  params: idParamsSchema,
  answer: admOplysSchema,
  access: ADMIN_TEKST_RET,
});

/** POST admin/administrativeoplysninger (addition). 201; the customer's first set becomes standard. */
export const opretAdmOplysning = endpoint({
  method: 'POST',
  path: ADM_STI,
  body: admOplysInputSchema,
  answer: admOplysSchema,
  status: 201,
  access: ADMIN_TEKST_RET,
});

/** PUT admin/administrativeoplysninger/{id} (addition): versioned; standard moves the mark here. */
export const gemAdmOplysning = endpoint({
  method: 'PUT',
  path: `${ADM_STI}/:id`,
  params: idParamsSchema,
  body: admOplysInputSchema.extend({ version: versionSchema }),
  answer: admOplysSchema,
  access: ADMIN_TEKST_RET,
});

/** DELETE admin/administrativeoplysninger/{id}?version= (addition): not the standard set. 204. */
export const sletAdmOplysning = endpoint({
  method: 'DELETE',
  path: `${ADM_STI}/:id`,
  params: idParamsSchema,
  query: versionQuery,
  status: 204,
  access: ADMIN_TEKST_RET,
});

/**
 * POST admin/administrativeoplysninger/{id}/logo?version= (addition): multipart, one PNG or JPEG
 * file of at most 500 KB (its first bytes must match); versioned like an edit.
 */
export const uploadAdmLogo = endpoint({
  method: 'POST',
  path: `${ADM_STI}/:id/logo`,
  params: idParamsSchema,
  query: versionQuery,
  multipart: { fil: 'logo' },
  answer: admOplysSchema,
  access: ADMIN_TEKST_RET,
});

/** GET admin/administrativeoplysninger/{id}/logo (addition): the logo's bytes; 404 without one. */
export const hentAdmLogo = endpoint({
  method: 'GET',
  path: `${ADM_STI}/:id/logo`,
  params: idParamsSchema,
  filTyper: ['image/png', 'image/jpeg'],
  access: ADMIN_TEKST_RET,
});

const admTekst = (navn: string, label: string, max: number, paakraevet = false) => ({
  navn,
  label,
  type: { kind: 'tekst', max, paakraevet } as const,
});

/**
 * A set of administrative details as a record kind of the customer (owner KUNDE_EJER, table
 * `administrative_oplysninger`), served by the generic server on the endpoints above; exactly one set
 * is the standard (src/server/routes/admin-tekster.ts). The logo has its own two endpoints.
 */
export const ADM_OPLYSNINGER = defineRecordKind({
  owner: KUNDE_EJER,
  art: 'administrativeoplysninger',
  navn: 'Administrative oplysninger',
  flertal: 'Administrative oplysninger',
  nyLabel: 'Nye administrative oplysninger',
  felter: [
    admTekst('navn', 'Navn på sættet', 100, true),
    admTekst('afsender', 'Afsender', 200, true),
    admTekst('adresse', 'Adresse', 200),
    admTekst('postnrBy', 'Postnr. og by', 100),
    admTekst('telefon', 'Telefon', 30),
    admTekst('email', 'E-mail', 200),
    admTekst('web', 'Web', 200),
    admTekst('underskriftNavn', 'Underskriverens navn', 100),
    admTekst('underskriftTitel', 'Underskriverens titel', 100),
    { navn: 'standard', label: 'Standardsæt (bruges i breve)', type: { kind: 'jaNej' } },
  ],
  listeFelter: ['navn', 'afsender', 'standard'],
  titelFelt: 'navn',
  egne: {
    liste: hentAdmOplysninger,
    hent: hentAdmOplysning,
    opret: opretAdmOplysning,
    ret: gemAdmOplysning,
    slet: sletAdmOplysning,
  },
  konflikt: ADM_OPLYS_KONFLIKT,
  ental: { koen: 'et', navn: 'sæt' },
});
