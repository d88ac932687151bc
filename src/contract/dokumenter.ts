import { z } from 'zod';
import { idParamsSchema, idSchema, kundeIdParamsSchema, rowVersionSchema } from './common';
import { endpoint } from './endpoint';
import { FIL_TYPER } from './filer';

/**
 * Document templates and letters (issue 15): .docx templates per document kind, scanned on upload
 * for their bookmarks, merge fields and {tags}; letters generated from an inspection with a template,
 * the municipality's details (administrative oplysninger) and the inspection's control points, and
 * stored on the inspection (table `fil`, ejer_art = the inspection's record kind). Templates never run
 * code: a macro-enabled or otherwise active document is refused at upload.
 *
 * Spec calls: TilsynRapport/hentbookmarks, TilsynRapport/templatedata/List/{kundeId},
 * Kontrolpunkt/templatedata/List/{kundeId}[/{tilsynId}], Kontrolpunkt/templatedata/{id}/emner. The
 * rest are additions (docs/api.md).
 */

export const ADMIN_RET = 'KOMMUNE_ADMIN||SAGSBEHANDLER_ADMIN';
/** Any read right of a case worker (templates and control points are read where letters are made). */
export const ALLE_LAES_RET =
  'SAGSBEHANDLER_VIRKSOMHED_LAES||SAGSBEHANDLER_LANDBRUG_LAES||SAGSBEHANDLER_VANDANLAEG_LAES||KOMMUNE_ADMIN||SAGSBEHANDLER_ADMIN';

/** The document kinds of spec 000 §3, with their Danish names. */
export const DOKUMENT_TYPER = {
  undefined: 'Ikke angivet',
  tilsyn: 'Tilsynsrapport',
  VandTilladelse: 'Vandindvindingstilladelse',
  VandTilladelseBoring: 'Boringstilladelse (indvinding)',
  VandanlaegKontaktpersoner: 'Brev til vandanlæggets kontaktpersoner',
  VandTilsyn: 'Tilsynsrapport, vandanlæg',
  VandHaandhaevelse: 'Håndhævelse, vandanlæg',
  VandOppumpet: 'Oppumpede vandmængder',
  VandForsyningsfordeling: 'Vandforsyningsfordeling',
  BoringTilladelse: 'Boringstilladelse',
  VandBoringPejling: 'Boringspejling',
} as const;
export type DokumentType = keyof typeof DOKUMENT_TYPER;
export const DOKUMENT_TYPE_NOEGLER = Object.keys(DOKUMENT_TYPER) as [DokumentType, ...DokumentType[]];
export const dokumentTypeSchema = z.enum(DOKUMENT_TYPE_NOEGLER, { error: 'Ukendt dokumenttype' });
/** `?dokumentType=`: only the bookmarks or templates of one document type. */
const dokumentTypeQuerySchema = z.object({ dokumentType: dokumentTypeSchema.optional() });

/** The template kind as an upload's text part names it. */
const skabelonTypeDel = z.enum(DOKUMENT_TYPE_NOEGLER, { error: 'Vælg en gyldig dokumenttype' });

/** The largest template accepted: 5 MB. */
export const SKABELON_MAKS_BYTES = 5 * 1024 * 1024;
export const SKABELON_STOERRELSE_FEJL = 'Skabelonen er for stor. Den må højst fylde 5 MB';
export const SKABELON_IKKE_DOCX = 'Filen er ikke et Word-dokument (.docx)';
export const SKABELON_MAKRO = 'Skabelonen indeholder makroer eller aktivt indhold og kan ikke bruges';

/** A name the letter generator knows (TilsynRapport/hentbookmarks). */
export const bookmarkSchema = z.object({
  navn: z.string(),
  beskrivelse: z.string(),
  /** The value the preview fills in. */
  eksempel: z.string(),
  /** Which document kinds offer it; empty = every kind. */
  dokumentTyper: z.array(z.string()),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

/** One name the upload scan found in a template. */
export const skabelonFeltSchema = z.object({
  navn: z.string(),
  art: z.enum(['bogmaerke', 'flettefelt', 'tag', 'formularfelt']),
  /** Where: 'dokument', 'sidehoved' or 'sidefod'. */
  del: z.string(),
  antal: z.number().int(),
  kendt: z.boolean(),
  dublet: z.boolean(),
  /** Why the name is flagged (unknown, duplicate, a form field), in Danish; null when fine. */
  besked: z.string().nullable(),
});
export type SkabelonFelt = z.infer<typeof skabelonFeltSchema>;

export const scanResultatSchema = z.object({
  felter: z.array(skabelonFeltSchema),
  /** The document's text with sample data filled in, paragraph by paragraph (the preview). */
  forhaandsvisning: z.array(z.string()),
  advarsler: z.array(z.string()),
});
export type ScanResultat = z.infer<typeof scanResultatSchema>;

export const dokumentSkabelonSchema = z.object({
  id: idSchema,
  dokumentType: z.string(),
  navn: z.string(),
  filnavn: z.string(),
  stoerrelse: z.number().int(),
  felter: z.array(skabelonFeltSchema),
  aktiv: z.boolean(),
  version: z.number().int(),
  oprettet: z.string(),
  oprettetAf: z.string().nullable(),
});
export type DokumentSkabelon = z.infer<typeof dokumentSkabelonSchema>;

export const retSkabelonSchema = z.object({
  navn: z.string().trim().min(1, 'Navn skal udfyldes').max(200),
  aktiv: z.boolean(),
  version: rowVersionSchema('Version skal sendes med'),
});

/** GET TilsynRapport/hentbookmarks?dokumentType: the names letters can fill. */
export const hentBookmarks = endpoint({
  method: 'GET',
  path: '/TilsynRapport/hentbookmarks',
  query: dokumentTypeQuerySchema,
  answer: z.array(bookmarkSchema),
  access: ALLE_LAES_RET,
});

/** GET dokumentskabelon/list/{kundeId}: the customer's templates (without their bytes). */
export const hentSkabeloner = endpoint({
  method: 'GET',
  path: '/dokumentskabelon/list/:kundeId',
  params: kundeIdParamsSchema,
  query: dokumentTypeQuerySchema,
  answer: z.array(dokumentSkabelonSchema),
  access: ALLE_LAES_RET,
});

/**
 * POST dokumentskabelon/scan/{kundeId}: multipart (parts `fil`, `dokumentType`): scans a template
 * without saving it and answers what it contains and a preview with sample data.
 */
export const scanSkabelon = endpoint({
  method: 'POST',
  path: '/dokumentskabelon/scan/:kundeId',
  params: kundeIdParamsSchema,
  multipart: { fil: 'fil', felter: z.object({ dokumentType: skabelonTypeDel }) },
  answer: scanResultatSchema,
  access: ADMIN_RET,
});

/** POST dokumentskabelon/{kundeId}: multipart (parts `fil`, `dokumentType`, `navn`): saves (201). */
export const opretSkabelon = endpoint({
  method: 'POST',
  path: '/dokumentskabelon/:kundeId',
  params: kundeIdParamsSchema,
  multipart: {
    fil: 'fil',
    felter: z.object({
      dokumentType: skabelonTypeDel,
      navn: z
        .string({ error: 'Navn skal udfyldes' })
        .trim()
        .min(1, { error: 'Navn skal udfyldes' })
        .max(200, { error: 'Navnet må højst være 200 tegn' }),
    }),
  },
  answer: dokumentSkabelonSchema,
  status: 201,
  access: ADMIN_RET,
});

/** PUT dokumentskabelon/{id}: rename, (de)activate; a stale version answers 409. */
export const retSkabelon = endpoint({
  method: 'PUT',
  path: '/dokumentskabelon/:id',
  params: idParamsSchema,
  body: retSkabelonSchema,
  answer: dokumentSkabelonSchema,
  access: ADMIN_RET,
});

/** GET dokumentskabelon/{id}/fil: the template's .docx. */
export const hentSkabelonFil = endpoint({
  method: 'GET',
  path: '/dokumentskabelon/:id/fil',
  params: idParamsSchema,
  filTyper: [FIL_TYPER.docx!],
  access: ADMIN_RET,
});

/** A standard text of the inspection report under a subject (TilsynRapport/templatedata). */
export const rapportTekstSchema = z.object({
  id: idSchema,
  emneKode: z.string(),
  titel: z.string(),
  tekst: z.string(),
  aktiv: z.boolean(),
});

/** GET TilsynRapport/templatedata/List/{kundeId}. */
export const hentRapportTekster = endpoint({
  method: 'GET',
  path: '/TilsynRapport/templatedata/List/:kundeId',
  params: kundeIdParamsSchema,
  answer: z.array(rapportTekstSchema),
  access: ALLE_LAES_RET,
});

/** A control-point template (Kontrolpunkt/templatedata). */
export const kontrolpunktSkabelonSchema = z.object({
  id: idSchema,
  navn: z.string(),
  virksomhedstype: z.number().int(),
  aktiv: z.boolean(),
  antalPunkter: z.number().int(),
});

export const KONTROLPUNKT_RESULTATER = {
  OK: 'I orden',
  Afvigelse: 'Afvigelse',
  IkkeRelevant: 'Ikke relevant',
} as const;
export const kontrolpunktResultatSchema = z.enum(['OK', 'Afvigelse', 'IkkeRelevant'], {
  error: 'Ukendt resultat',
});

/** A control point of an inspection: the template's point and the inspection's answer. */
export const tilsynKontrolpunktSchema = z.object({
  kontrolpunktId: idSchema,
  skabelonId: idSchema,
  skabelonNavn: z.string(),
  emneKode: z.string(),
  emneNavn: z.string(),
  tekst: z.string(),
  resultat: kontrolpunktResultatSchema.nullable(),
  bemaerkning: z.string().nullable(),
  /** The answer row's version; null before the point is answered. */
  version: z.number().int().nullable(),
});
export type TilsynKontrolpunkt = z.infer<typeof tilsynKontrolpunktSchema>;

/** GET Kontrolpunkt/templatedata/List/{kundeId}: the customer's control-point templates. */
export const hentKontrolpunktSkabeloner = endpoint({
  method: 'GET',
  path: '/Kontrolpunkt/templatedata/List/:kundeId',
  params: kundeIdParamsSchema,
  answer: z.array(kontrolpunktSkabelonSchema),
  access: ALLE_LAES_RET,
});

/** GET Kontrolpunkt/templatedata/List/{kundeId}/{tilsynId}: an inspection's control points. */
export const hentTilsynKontrolpunkter = endpoint({
  method: 'GET',
  path: '/Kontrolpunkt/templatedata/List/:kundeId/:tilsynId',
  params: z.object({ kundeId: idSchema, tilsynId: idSchema }),
  answer: z.array(tilsynKontrolpunktSchema),
});

/** GET Kontrolpunkt/templatedata/{id}/emner: a template's subjects with their points. */
export const hentKontrolpunktEmner = endpoint({
  method: 'GET',
  path: '/Kontrolpunkt/templatedata/:id/emner',
  params: idParamsSchema,
  answer: z.array(
    z.object({
      emneKode: z.string(),
      emneNavn: z.string(),
      punkter: z.array(z.object({ id: idSchema, tekst: z.string(), sortering: z.number().int() })),
    }),
  ),
  access: ALLE_LAES_RET,
});

/**
 * PUT kontrolpunkt/tilsyn/{tilsynId}: saves an inspection's answers. Each answered point carries the
 * version it was read with (null for a new answer); a stale one answers 409. Adding a template's
 * points: send them with resultat null.
 */
export const gemTilsynKontrolpunkter = endpoint({
  method: 'PUT',
  path: '/kontrolpunkt/tilsyn/:tilsynId',
  params: z.object({ tilsynId: idSchema }),
  body: z.object({
    punkter: z
      .array(
        z.object({
          kontrolpunktId: idSchema,
          resultat: kontrolpunktResultatSchema.nullable(),
          bemaerkning: z.string().max(4000).nullable(),
          version: rowVersionSchema('Version skal sendes med').nullable(),
        }),
      )
      .max(500),
  }),
  answer: z.array(tilsynKontrolpunktSchema),
});

/** A letter stored on an inspection. */
export const brevSchema = z.object({
  filId: idSchema,
  filnavn: z.string(),
  stoerrelse: z.number().int(),
  oprettet: z.string(),
  oprettetAf: z.string().nullable(),
});
export type Brev = z.infer<typeof brevSchema>;

/**
 * POST brev/tilsyn/{tilsynId}: generates the inspection report letter from a template and the
 * municipality's details, stores it on the inspection (201). The inspection may belong to a company,
 * a farm or a water plant (record kinds tilsyn, VandanlaegTilsyn); the right follows its owner.
 */
export const danBrev = endpoint({
  method: 'POST',
  path: '/brev/tilsyn/:tilsynId',
  params: z.object({ tilsynId: idSchema }),
  body: z.object({ skabelonId: idSchema, administrativeOplysningerId: idSchema.nullable().optional() }),
  answer: brevSchema,
  status: 201,
});

/** GET brev/tilsyn/{tilsynId}: the letters stored on an inspection, newest first. */
export const hentBreve = endpoint({
  method: 'GET',
  path: '/brev/tilsyn/:tilsynId',
  params: z.object({ tilsynId: idSchema }),
  answer: z.array(brevSchema),
});

/** GET brev/{filId}: a stored letter's .docx. */
export const hentBrevFil = endpoint({
  method: 'GET',
  path: '/brev/:id',
  params: idParamsSchema,
  filTyper: [FIL_TYPER.docx!],
});
