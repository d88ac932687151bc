import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type DokumentType,
  danBrev,
  gemTilsynKontrolpunkter,
  hentBookmarks,
  hentBreve,
  hentBrevFil,
  hentKontrolpunktEmner,
  hentKontrolpunktSkabeloner,
  hentRapportTekster,
  hentSkabeloner,
  hentSkabelonFil,
  hentTilsynKontrolpunkter,
  opretSkabelon,
  retSkabelon,
  SKABELON_MAKS_BYTES,
  scanSkabelon,
} from '../../contract/dokumenter';
import { requireActiveKunde } from '../auth/entitet-adgang';
import type { Deps } from '../deps';
import { hentBookmarkListe } from '../dokument/bogmaerker';
import { breveAfTilsyn, brevFil, danBrevPaaTilsyn } from '../dokument/breve';
import {
  gemKontrolpunkter,
  hentTilsynMedEjer,
  kontrolpunktEmner,
  kontrolpunktSkabeloner,
  rapportTekster,
  tilsynPunkter,
} from '../dokument/kontrolpunkter';
import { laesSkabelonUpload } from '../dokument/multipart';
import {
  DOCX_MIME,
  gemSkabelon,
  gemUploadetSkabelon,
  hentSkabelonRaekke,
  scan,
  skabelonListe,
} from '../dokument/skabeloner';
import { serve } from '../http/endpoint';
import { contentDisposition } from './filer';

/**
 * Document templates, control points and letters from templates (issue 15): the upload scan and
 * store of .docx templates, the report texts and control-point templates, an inspection's control
 * points, and letters generated on an inspection and stored in `fil`. The SQL and rules live in
 * `src/server/dokument/` (`skabeloner.ts`, `kontrolpunkter.ts`, `breve.ts`).
 */

/** A stored file as a download of the user's own (never cached, never sniffed). */
const sendFil = (reply: FastifyReply, mime: string, filnavn: string | null, indhold: Uint8Array) =>
  reply
    .code(200)
    .header('content-type', mime)
    .header('content-disposition', contentDisposition(filnavn))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(indhold));

export async function dokumentRoutes(app: FastifyInstance, { db, clock, docx }: Deps) {
  const nu = () => (clock ? clock() : new Date());

  serve(app, hentBookmarks, (request) => hentBookmarkListe(request.query.dokumentType));

  serve(app, hentSkabeloner, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    return skabelonListe(db, request.user.kundeId, request.query.dokumentType);
  });

  serve(app, retSkabelon, (request) => gemSkabelon(db, request.user, request.params.id, request.body));

  serve(app, hentSkabelonFil, async (request, reply) => {
    const s = await hentSkabelonRaekke(db, request.user, request.params.id);
    return sendFil(reply, DOCX_MIME, s.filnavn, s.indhold);
  });

  serve(app, hentRapportTekster, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    return rapportTekster(db, request.user.kundeId);
  });

  serve(app, hentKontrolpunktSkabeloner, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    return kontrolpunktSkabeloner(db, request.user.kundeId);
  });

  serve(app, hentTilsynKontrolpunkter, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    const { r } = await hentTilsynMedEjer(db, request.user, request.params.tilsynId, 'read');
    return tilsynPunkter(db, r.id);
  });

  serve(app, hentKontrolpunktEmner, (request) =>
    kontrolpunktEmner(db, request.user.kundeId, request.params.id),
  );

  serve(app, gemTilsynKontrolpunkter, (request) =>
    gemKontrolpunkter(db, request.user, request.params.tilsynId, request.body),
  );

  serve(app, danBrev, (request) =>
    danBrevPaaTilsyn(db, docx, request.user, request.params.tilsynId, request.body, nu),
  );

  serve(app, hentBreve, (request) => breveAfTilsyn(db, request.user, request.params.tilsynId));

  serve(app, hentBrevFil, async (request, reply) => {
    const f = await brevFil(db, request.user, request.params.id);
    return sendFil(reply, f.mimeType, f.filnavn, f.indhold);
  });

  // The multipart parser only where templates are uploaded.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: SKABELON_MAKS_BYTES, files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: true,
    });

    serve(scope, scanSkabelon, async (request) => {
      requireActiveKunde(request.user, request.params.kundeId);
      const u = await laesSkabelonUpload<{ dokumentType: DokumentType }>(scope, request, scanSkabelon);
      return scan(docx, u.fil, u.felter.dokumentType);
    });

    serve(scope, opretSkabelon, async (request) => {
      requireActiveKunde(request.user, request.params.kundeId);
      const u = await laesSkabelonUpload<{ dokumentType: DokumentType; navn: string }>(
        scope,
        request,
        opretSkabelon,
      );
      return gemUploadetSkabelon(db, docx, request.user, u);
    });
  });
}
