import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SKABELON_MAKS_BYTES, SKABELON_STOERRELSE_FEJL } from '../../contract/dokumenter';
import type { AnyEndpoint } from '../../contract/endpoint';
import { HttpError } from '../http/errors';
import { laesUpload, type Upload, type UploadBeskeder } from '../http/multipart';

/** A Danish 400 with the message on one field. */
export const feltFejl = (felt: string, besked: string) =>
  new HttpError(400, besked, { title: besked, status: 400, errors: { [felt]: [besked] } });

/** A Danish 413 on the file: over 5 MB, or (another `besked`) more than a template worker can hold. */
export const skabelonForStor = (besked = SKABELON_STOERRELSE_FEJL) =>
  new HttpError(413, besked, { title: besked, status: 413, errors: { fil: [besked] } });

/** A template upload's words for what goes wrong (src/server/http/multipart.ts). */
export const SKABELON_UPLOAD: UploadBeskeder = {
  mangler: 'Vælg en Word-skabelon (.docx) at uploade',
  ulaeselig: 'Filen kunne ikke læses. Prøv at uploade den igen',
  fejl: (besked) => feltFejl('fil', besked),
  forStor: () => skabelonForStor(),
};

/**
 * Reads a template upload by its endpoint's declaration: the file `fil` (not empty, at most 5 MB:
 * 413) and the declared text parts.
 */
export async function laesSkabelonUpload<F>(
  scope: FastifyInstance,
  request: FastifyRequest,
  ep: AnyEndpoint,
): Promise<Upload<F>> {
  const u = await laesUpload<F>(scope, request, ep, SKABELON_UPLOAD);
  if (u.fil.length === 0) throw feltFejl('fil', SKABELON_UPLOAD.mangler);
  if (u.fil.length > SKABELON_MAKS_BYTES) throw skabelonForStor();
  return u;
}
