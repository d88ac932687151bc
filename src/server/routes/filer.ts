import fastifyMultipart from '@fastify/multipart';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  FIL_MAKS_BYTES,
  FIL_STOERRELSE_FEJL,
  FIL_TYPE_FEJL,
  FIL_TYPER,
  type Fil,
  filEndelse,
  hentFil,
  hentFilerPaaVandanlaegTilsyn,
  sletFil,
  UKENDT_FILNAVN,
  uploadFilTilVandanlaegTilsyn,
} from '../../contract/filer';
import { VANDANLAEG_TILSYN } from '../../contract/vandanlaeg-registreringer';
import { loadVandanlaeg } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import { brugerNavne } from '../db/brugernavne';
import type { Db } from '../db/client';
import { fil } from '../db/schema';
import { skrivLog } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { HttpError, notFound } from '../http/errors';
import { laesUpload } from '../http/multipart';
import { levendeRaekke } from '../records/registreringer';

/**
 * Files on a water plant's inspections (table `fil`, ejer_art = the record kind): multipart upload
 * with type and size limits, the list, the download with its name, the soft delete. The multipart
 * parser is registered in this module's own scope only.
 */

const EJER_ART = VANDANLAEG_TILSYN.art;

/** The first bytes each binary type starts with; a file whose bytes do not match its extension is refused. */
const MAGI: Readonly<Record<string, readonly number[]>> = {
  pdf: [0x25, 0x50, 0x44, 0x46],
  png: [0x89, 0x50, 0x4e, 0x47],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
  docx: [0x50, 0x4b, 0x03, 0x04],
  xlsx: [0x50, 0x4b, 0x03, 0x04],
  msg: [0xd0, 0xcf, 0x11, 0xe0],
};

const fejl400 = (besked: string) =>
  new HttpError(400, besked, { title: besked, status: 400, errors: { fil: [besked] } });
const forStor = () =>
  new HttpError(413, FIL_STOERRELSE_FEJL, {
    title: FIL_STOERRELSE_FEJL,
    status: 413,
    errors: { fil: [FIL_STOERRELSE_FEJL] },
  });

/** An RFC 6266 content-disposition: an ASCII fallback name and the UTF-8 name (RFC 5987). */
export function contentDisposition(navn: string | null): string {
  const filnavn = navn?.trim() ? navn.trim() : UKENDT_FILNAVN;
  const ascii = filnavn
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'Ae')
    .replace(/ø/g, 'oe')
    .replace(/Ø/g, 'Oe')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(filnavn).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** A live inspection of a water plant of the user's customer, with the right on the plant checked. */
async function hentTilsyn(db: Db, user: SessionUser, id: number, mode: 'read' | 'write') {
  const r = await levendeRaekke(db, user.kundeId, id, [EJER_ART]);
  if (!r) throw notFound('Tilsynet');
  await loadVandanlaeg(db, user, r.virksomhedId, mode);
  return r;
}

/** A live file of the user's customer, with the right on its plant checked. */
async function hentFilRaekke(db: Db, user: SessionUser, id: number, mode: 'read' | 'write') {
  const [f] = await db
    .select()
    .from(fil)
    .where(and(eq(fil.id, id), eq(fil.kundeId, user.kundeId), eq(fil.slettet, false)));
  if (!f) throw notFound('Filen');
  await loadVandanlaeg(db, user, f.virksomhedId, mode);
  return f;
}

type FilRaekke = Pick<
  typeof fil.$inferSelect,
  'id' | 'ejerId' | 'filnavn' | 'mimeType' | 'stoerrelse' | 'oprettet' | 'oprettetAf'
>;

async function svar(db: Db, rows: FilRaekke[]): Promise<Fil[]> {
  const navne = await brugerNavne(
    db,
    rows.map((r) => r.oprettetAf),
  );
  return rows.map((r) => ({
    id: r.id,
    ejerId: r.ejerId,
    filnavn: r.filnavn,
    mimeType: r.mimeType,
    stoerrelse: r.stoerrelse,
    oprettet: r.oprettet.toISOString(),
    oprettetAf: r.oprettetAf === null ? null : (navne.get(r.oprettetAf) ?? null),
  }));
}

const metaKolonner = {
  id: fil.id,
  ejerId: fil.ejerId,
  filnavn: fil.filnavn,
  mimeType: fil.mimeType,
  stoerrelse: fil.stoerrelse,
  oprettet: fil.oprettet,
  oprettetAf: fil.oprettetAf,
};

/** The files' routes; called from the water plant records' module. */
export async function filRoutes(app: FastifyInstance, { db }: Pick<Deps, 'db'>): Promise<void> {
  serve(app, hentFilerPaaVandanlaegTilsyn, async (request) => {
    const t = await hentTilsyn(db, request.user, request.params.id, 'read');
    const rows = await db
      .select(metaKolonner)
      .from(fil)
      .where(and(eq(fil.ejerArt, EJER_ART), eq(fil.ejerId, t.id), eq(fil.slettet, false)))
      .orderBy(desc(fil.oprettet), desc(fil.id));
    return svar(db, rows);
  });

  serve(app, hentFil, async (request, reply) => {
    const f = await hentFilRaekke(db, request.user, request.params.id, 'read');
    return reply
      .code(200)
      .header('content-type', f.mimeType)
      .header('content-disposition', contentDisposition(f.filnavn))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(f.indhold));
  });

  serve(app, sletFil, async (request) => {
    const user = request.user;
    const f = await hentFilRaekke(db, user, request.params.id, 'write');
    await db.transaction(async (tx) => {
      const [slettet] = await tx
        .update(fil)
        .set({ slettet: true })
        .where(and(eq(fil.id, f.id), eq(fil.slettet, false)))
        .returning({ id: fil.id });
      if (!slettet) throw notFound('Filen');
      await skrivLog(tx, user, {
        virksomhedId: f.virksomhedId,
        emne: VANDANLAEG_TILSYN.logEmne,
        notat: `Fil '${f.filnavn ?? UKENDT_FILNAVN}' slettet fra tilsyn.`,
      });
    });
  });

  // The multipart parser only where uploads are taken.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: FIL_MAKS_BYTES, files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: true,
    });
    serve(scope, uploadFilTilVandanlaegTilsyn, async (request) => {
      const user = request.user;
      const t = await hentTilsyn(db, user, request.params.id, 'write');
      const { fil: indhold, filnavn } = await laesUpload(scope, request, uploadFilTilVandanlaegTilsyn, {
        mangler: 'Vælg en fil at vedhæfte',
        ulaeselig: 'Filen kunne ikke læses. Prøv at vedhæfte den igen',
        fejl: fejl400,
        forStor,
      });
      const endelse = filEndelse(filnavn);
      const mimeType = FIL_TYPER[endelse];
      if (!mimeType) throw fejl400(FIL_TYPE_FEJL);
      if (indhold.length === 0) throw fejl400('Filen er tom');
      if (indhold.length > FIL_MAKS_BYTES) throw forStor();
      const magi = MAGI[endelse];
      if (magi && !magi.every((b, i) => indhold[i] === b))
        throw fejl400(`Filens indhold passer ikke til filtypen .${endelse}`);
      const r = await db.transaction(async (tx) => {
        const [ny] = await tx
          .insert(fil)
          .values({
            kundeId: user.kundeId,
            virksomhedId: t.virksomhedId,
            ejerArt: EJER_ART,
            ejerId: t.id,
            filnavn,
            mimeType,
            stoerrelse: indhold.length,
            indhold,
            oprettetAf: user.brugerId,
          })
          .returning(metaKolonner);
        await skrivLog(tx, user, {
          virksomhedId: t.virksomhedId,
          emne: VANDANLAEG_TILSYN.logEmne,
          notat: `Fil '${filnavn ?? UKENDT_FILNAVN}' vedhæftet tilsyn '${t.titel}'.`,
        });
        return ny!;
      });
      const [item] = await svar(db, [r]);
      return item!;
    });
  });
}
