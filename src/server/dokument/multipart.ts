import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SKABELON_MAKS_BYTES, SKABELON_STOERRELSE_FEJL } from '../../contract/dokumenter';
import { HttpError } from '../http/errors';
import { multipartFilnavn, multipartTekst } from '../http/input-guard';

/** A Danish 400 with the message on one field. */
export const feltFejl = (felt: string, besked: string) =>
  new HttpError(400, besked, { title: besked, status: 400, errors: { [felt]: [besked] } });

/** A Danish 413 on the file: over 5 MB, or (another `besked`) more than a template worker can hold. */
export const skabelonForStor = (besked = SKABELON_STOERRELSE_FEJL) =>
  new HttpError(413, besked, { title: besked, status: 413, errors: { fil: [besked] } });

export interface SkabelonUpload {
  fil: Buffer;
  filnavn: string | null;
  felter: Record<string, string>;
}

/**
 * Reads a template upload: one file part `fil` and text fields. The size limit answers 413, a body
 * that is not multipart or cannot be read a Danish 400.
 */
export async function laesSkabelonUpload(
  scope: FastifyInstance,
  request: FastifyRequest,
): Promise<SkabelonUpload> {
  if (!request.isMultipart()) throw feltFejl('fil', 'Vælg en Word-skabelon (.docx) at uploade');
  let fil: Buffer | null = null;
  let filnavn: string | null = null;
  const felter: Record<string, string> = {};
  try {
    for await (const del of request.parts()) {
      if (del.type === 'file') {
        if (del.fieldname !== 'fil' || fil) {
          await del.toBuffer();
          continue;
        }
        fil = await del.toBuffer();
        filnavn = multipartFilnavn('fil', del.filename);
      } else if (typeof del.value === 'string') {
        const navn = multipartTekst('felt', del.fieldname);
        felter[navn] = multipartTekst(navn, del.value);
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof scope.multipartErrors.RequestFileTooLargeError) throw skabelonForStor();
    if ((err as { statusCode?: number }).statusCode === 413) throw skabelonForStor();
    throw feltFejl('fil', 'Filen kunne ikke læses. Prøv at uploade den igen');
  }
  if (!fil || fil.length === 0) throw feltFejl('fil', 'Vælg en Word-skabelon (.docx) at uploade');
  if (fil.length > SKABELON_MAKS_BYTES) throw skabelonForStor();
  return { fil, filnavn, felter };
}
