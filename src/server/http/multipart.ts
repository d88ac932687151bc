import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyEndpoint } from '../../contract/endpoint';
import { HttpError, problemDetails } from './errors';
import { multipartFilnavn, multipartTekst } from './input-guard';

/** What an upload says when it goes wrong, in the route's own words. */
export interface UploadBeskeder {
  /** No file part, or an empty one where the route says so itself. */
  mangler: string;
  /** The body could not be read (broken multipart). */
  ulaeselig: string;
  /** A Danish 400 on the file with this message. */
  fejl: (besked: string) => HttpError;
  /** The Danish 413 of a file over the route's limit. */
  forStor: () => HttpError;
}

export interface Upload<F> {
  /** The file part's bytes (the first part named as declared). */
  fil: Buffer;
  /** The file's name as sent, trimmed; null without one. */
  filnavn: string | null;
  /** The text parts, parsed by the declaration's schema. */
  felter: F;
}

/**
 * Reads an upload by its endpoint's declaration (src/contract/endpoint.ts `multipart`): the first
 * file part of the declared name (others are read and dropped), every text part checked as JSON text
 * is (no NUL or control characters), the file name bounded, and the text parts parsed by the
 * declared schema into Danish 400 problem details. A file over the limit answers the route's 413, a
 * body that is not multipart or cannot be read the route's 400.
 */
export async function laesUpload<F = Record<string, never>>(
  scope: FastifyInstance,
  request: FastifyRequest,
  ep: AnyEndpoint,
  b: UploadBeskeder,
): Promise<Upload<F>> {
  const decl = ep.multipart;
  if (!decl) throw new Error(`${ep.path} er ikke erklæret som multipart`);
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) throw b.fejl(b.mangler);
  let fil: Buffer | null = null;
  let filnavn: string | null = null;
  const tekster: Record<string, string> = {};
  try {
    for await (const del of request.parts()) {
      if (del.type === 'file') {
        const indhold = await del.toBuffer();
        if (del.fieldname !== decl.fil || fil) continue;
        fil = indhold;
        filnavn = multipartFilnavn(decl.fil, del.filename);
      } else if (typeof del.value === 'string') {
        const navn = multipartTekst('felt', del.fieldname);
        tekster[navn] = multipartTekst(navn, del.value);
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof scope.multipartErrors.RequestFileTooLargeError) throw b.forStor();
    if ((err as { statusCode?: number }).statusCode === 413) throw b.forStor();
    throw b.fejl(b.ulaeselig);
  }
  if (!fil) throw b.fejl(b.mangler);
  const felter = (decl.felter ?? undefined)?.safeParse(tekster);
  if (felter && !felter.success) {
    throw problemDetails(
      felter.error.issues.map((i) => ({ field: String(i.path[0] ?? 'felt'), message: i.message })),
    );
  }
  return { fil, filnavn, felter: (felter?.data ?? {}) as F };
}
