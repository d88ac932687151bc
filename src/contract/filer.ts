import { z } from 'zod';
import { idParamsSchema } from './common';
import { endpoint } from './endpoint';
import { VAND_LAES, VAND_RET } from './roles';

/**
 * Files attached to a record (table `fil`): today the inspections of a water plant
 * (`VandanlaegTilsyn`). Upload is multipart (field `fil`), the list is the spec's
 * `GET fil/hentFilerPaaVandanlaegTilsyn/{id}`, a download answers the bytes with a
 * content-disposition naming the file, and a delete is soft.
 */

/** The file types a user may attach, by extension (lower case), with the MIME type stored and served. */
export const FIL_TYPER: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  txt: 'text/plain; charset=utf-8',
  msg: 'application/vnd.ms-outlook',
  eml: 'message/rfc822',
};

/** The largest file accepted: 10 MB. */
export const FIL_MAKS_BYTES = 10 * 1024 * 1024;

/** The name a download gets when the stored file has none. */
export const UKENDT_FILNAVN = 'ukendt-filnavn';

/** What the input's accept attribute lists. */
export const FIL_ACCEPT = Object.keys(FIL_TYPER)
  .map((e) => `.${e}`)
  .join(',');

/** A file name's extension in lower case, or '' when it has none. */
export function filEndelse(navn: string | null | undefined): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(navn ?? '');
  return m ? m[1]!.toLowerCase() : '';
}

export const FIL_TYPE_FEJL = `Filtypen er ikke tilladt. Tilladte typer: ${Object.keys(FIL_TYPER)
  .filter((e) => e !== 'jpeg')
  .join(', ')}`;
export const FIL_STOERRELSE_FEJL = 'Filen er for stor. Den må højst fylde 10 MB';

export const filSchema = z.object({
  id: z.number(),
  /** The record the file belongs to. */
  ejerId: z.number(),
  filnavn: z.string().nullable(),
  mimeType: z.string(),
  stoerrelse: z.number(),
  oprettet: z.string(),
  oprettetAf: z.string().nullable(),
});
export type Fil = z.infer<typeof filSchema>;

/** GET fil/hentFilerPaaVandanlaegTilsyn/{id}: the live files of inspection {id}, newest first. */
export const hentFilerPaaVandanlaegTilsyn = endpoint({
  method: 'GET',
  path: '/fil/hentFilerPaaVandanlaegTilsyn/:id',
  params: idParamsSchema,
  answer: z.array(filSchema),
  access: VAND_LAES,
});

/** POST fil/VandanlaegTilsyn/{id}: multipart upload (one part `fil`) to inspection {id} (201). */
export const uploadFilTilVandanlaegTilsyn = endpoint({
  method: 'POST',
  path: '/fil/VandanlaegTilsyn/:id',
  params: idParamsSchema,
  multipart: { fil: 'fil' },
  answer: filSchema,
  status: 201,
  access: VAND_RET,
});

/** GET fil/{id}: the file's bytes, `content-disposition: attachment` with its name. */
export const hentFil = endpoint({
  method: 'GET',
  path: '/fil/:id',
  params: idParamsSchema,
  filTyper: [...new Set(Object.values(FIL_TYPER))],
  access: VAND_LAES,
});

/** DELETE fil/{id}: soft delete (204). */
export const sletFil = endpoint({
  method: 'DELETE',
  path: '/fil/:id',
  params: idParamsSchema,
  status: 204,
  access: VAND_RET,
});
