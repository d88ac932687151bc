import fastifyMultipart from '@fastify/multipart';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type Brev,
  DOKUMENT_TYPER,
  type DokumentSkabelon,
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
  type ScanResultat,
  SKABELON_IKKE_DOCX,
  SKABELON_MAKS_BYTES,
  type SkabelonFelt,
  scanSkabelon,
  type TilsynKontrolpunkt,
} from '../../contract/dokumenter';
import { TILSYN } from '../../contract/registreringer';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import { VANDANLAEG_TILSYN } from '../../contract/vandanlaeg-registreringer';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import {
  bruger,
  dokumentSkabelon,
  fil,
  kontrolpunkt,
  kontrolpunktSkabelon,
  registrering,
  tilsynKontrolpunkt,
  tilsynRapportTekst,
} from '../db/schema';
import { opdaterVersioneret, skrivLog, type Tx } from '../db/versioneret';
import type { Deps } from '../deps';
import { bogmaerker, eksempelUdfyldning, hentBookmarkListe, udfyldning } from '../dokument/bogmaerker';
import { hentBrevData, hentTilsynetsPunkter, kontrolpunktEmneNavne } from '../dokument/brevdata';
import { DocxFejl } from '../dokument/docx';
import type { DocxPulje } from '../dokument/docx-pulje';
import { feltFejl, laesSkabelonUpload, skabelonForStor } from '../dokument/multipart';
import { serve } from '../http/endpoint';
import { conflict, notFound } from '../http/errors';
import { loadVandanlaeg, loadVirksomhed, requireActiveKunde } from './entity-access';
import { contentDisposition } from './filer';

/**
 * Document templates, control points and letters from templates (issue 15): the upload scan and
 * store of .docx templates, the report texts and control-point templates, an inspection's control
 * points, and letters generated on an inspection and stored in `fil`.
 */

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const SKABELON_KONFLIKT =
  'Skabelonen er ændret af en anden, siden du hentede den. Hent den igen og prøv på ny';
const KONTROLPUNKT_KONFLIKT =
  'Kontrolpunkterne er ændret af en anden, siden du hentede dem. Hent dem igen og prøv på ny';

/** The template kind a letter on an inspection of this record kind uses. */
const BREV_TYPE: Record<string, DokumentType> = {
  [TILSYN.art]: 'tilsyn',
  [VANDANLAEG_TILSYN.art]: 'VandTilsyn',
};

function docxFejl(err: unknown): never {
  if (err instanceof DocxFejl) {
    if (err.status === 413) throw skabelonForStor(err.besked);
    throw feltFejl('fil', err.besked);
  }
  throw err;
}

type SkabelonRaekke = Omit<typeof dokumentSkabelon.$inferSelect, 'indhold'>;

const skabelonKolonner = {
  id: dokumentSkabelon.id,
  kundeId: dokumentSkabelon.kundeId,
  dokumentType: dokumentSkabelon.dokumentType,
  navn: dokumentSkabelon.navn,
  filnavn: dokumentSkabelon.filnavn,
  stoerrelse: dokumentSkabelon.stoerrelse,
  felter: dokumentSkabelon.felter,
  aktiv: dokumentSkabelon.aktiv,
  version: dokumentSkabelon.version,
  oprettet: dokumentSkabelon.oprettet,
  oprettetAf: dokumentSkabelon.oprettetAf,
};

async function brugerNavne(db: Db | Tx, ids: (number | null)[]): Promise<Map<number, string>> {
  const unikke = [...new Set(ids.filter((x): x is number => x !== null))];
  if (unikke.length === 0) return new Map();
  const rows = await db
    .select({ id: bruger.id, navn: bruger.navn })
    .from(bruger)
    .where(inArray(bruger.id, unikke));
  return new Map(rows.map((r) => [r.id, r.navn]));
}

async function skabelonSvar(db: Db | Tx, rows: SkabelonRaekke[]): Promise<DokumentSkabelon[]> {
  const navne = await brugerNavne(
    db,
    rows.map((r) => r.oprettetAf),
  );
  return rows.map((r) => ({
    id: r.id,
    dokumentType: r.dokumentType,
    navn: r.navn,
    filnavn: r.filnavn,
    stoerrelse: r.stoerrelse,
    felter: (Array.isArray(r.felter) ? r.felter : []) as SkabelonFelt[],
    aktiv: r.aktiv,
    version: r.version,
    oprettet: r.oprettet.toISOString(),
    oprettetAf: r.oprettetAf === null ? null : (navne.get(r.oprettetAf) ?? null),
  }));
}

/**
 * The scan of an upload against the names its document kind offers, with general warnings. The file
 * is opened in a template worker, never on the thread that answers requests.
 */
async function scan(pulje: DocxPulje, bytes: Uint8Array, dokumentType: DokumentType): Promise<ScanResultat> {
  let r: Awaited<ReturnType<DocxPulje['scan']>>;
  try {
    r = await pulje.scan(
      bytes,
      hentBookmarkListe(dokumentType).map((b) => b.navn),
      eksempelUdfyldning(),
    );
  } catch (err) {
    docxFejl(err);
  }
  const advarsler: string[] = [];
  if (r.felter.length === 0)
    advarsler.push(
      'Skabelonen indeholder ingen bogmærker, flettefelter eller {tags}; brevet bliver en kopi af skabelonen',
    );
  const ukendte = r.felter.filter((f) => !f.kendt).length;
  if (ukendte > 0)
    advarsler.push(
      `${ukendte} ${ukendte === 1 ? 'navn er ukendt' : 'navne er ukendte'} og bliver ikke udfyldt`,
    );
  const dubletter = r.felter.filter((f) => f.dublet).length;
  if (dubletter > 0) advarsler.push(`${dubletter} bogmærke${dubletter === 1 ? '' : 'r'} findes flere gange`);
  if (r.felter.some((f) => f.art === 'formularfelt'))
    advarsler.push('Skabelonen indeholder formularfelter, som ikke udfyldes – brug bogmærker');
  return { felter: r.felter, forhaandsvisning: r.forhaandsvisning, advarsler };
}

/** A live inspection (tilsyn of a company or farm, or a water plant's) of the user's customer, with its owner and the owner's right. */
export async function hentTilsynMedEjer(db: Db, user: SessionUser, id: number, mode: 'read' | 'write') {
  const [r] = await db
    .select()
    .from(registrering)
    .where(
      and(
        eq(registrering.id, id),
        eq(registrering.kundeId, user.kundeId),
        eq(registrering.slettet, false),
        inArray(registrering.art, [TILSYN.art, VANDANLAEG_TILSYN.art]),
      ),
    );
  if (!r) throw notFound('Tilsynet');
  if (r.art === VANDANLAEG_TILSYN.art) return { r, v: await loadVandanlaeg(db, user, r.virksomhedId, mode) };
  const v = await loadVirksomhed(db, user, r.virksomhedId, mode);
  if (v.type !== VIRKSOMHEDSTYPE.VIRKSOMHED && v.type !== VIRKSOMHEDSTYPE.LANDBRUG)
    throw notFound('Tilsynet');
  return { r, v };
}

const logEmneAf = (art: string) =>
  art === VANDANLAEG_TILSYN.art ? VANDANLAEG_TILSYN.logEmne : TILSYN.logEmne;

async function tilsynPunkter(db: Db, registreringId: number): Promise<TilsynKontrolpunkt[]> {
  return (await hentTilsynetsPunkter(db, registreringId)).map((p) => ({
    kontrolpunktId: p.kontrolpunktId,
    skabelonId: p.skabelonId,
    skabelonNavn: p.skabelonNavn,
    emneKode: p.emneKode,
    emneNavn: p.emneNavn,
    tekst: p.tekst,
    resultat: p.resultat as TilsynKontrolpunkt['resultat'],
    bemaerkning: p.bemaerkning,
    version: p.version,
  }));
}

const brevKolonner = {
  id: fil.id,
  filnavn: fil.filnavn,
  stoerrelse: fil.stoerrelse,
  oprettet: fil.oprettet,
  oprettetAf: fil.oprettetAf,
};

async function brevSvar(
  db: Db | Tx,
  rows: {
    id: number;
    filnavn: string | null;
    stoerrelse: number;
    oprettet: Date;
    oprettetAf: number | null;
  }[],
): Promise<Brev[]> {
  const navne = await brugerNavne(
    db,
    rows.map((r) => r.oprettetAf),
  );
  return rows.map((r) => ({
    filId: r.id,
    filnavn: r.filnavn ?? 'Brev.docx',
    stoerrelse: r.stoerrelse,
    oprettet: r.oprettet.toISOString(),
    oprettetAf: r.oprettetAf === null ? null : (navne.get(r.oprettetAf) ?? null),
  }));
}

/** A file name without the characters Windows refuses. */
const renFilnavn = (s: string) =>
  s
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export async function dokumentRoutes(app: FastifyInstance, { db, clock, docx }: Deps) {
  const nu = () => (clock ? clock() : new Date());

  serve(app, hentBookmarks, (request) => hentBookmarkListe(request.query.dokumentType));

  serve(app, hentSkabeloner, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    const type = request.query.dokumentType;
    const rows = await db
      .select(skabelonKolonner)
      .from(dokumentSkabelon)
      .where(
        and(
          eq(dokumentSkabelon.kundeId, request.user.kundeId),
          type ? eq(dokumentSkabelon.dokumentType, type) : undefined,
        ),
      )
      .orderBy(asc(dokumentSkabelon.dokumentType), asc(dokumentSkabelon.navn), asc(dokumentSkabelon.id));
    return skabelonSvar(db, rows);
  });

  const hentSkabelonRaekke = async (user: SessionUser, id: number) => {
    const [s] = await db
      .select()
      .from(dokumentSkabelon)
      .where(and(eq(dokumentSkabelon.id, id), eq(dokumentSkabelon.kundeId, user.kundeId)));
    if (!s) throw notFound('Skabelonen');
    return s;
  };

  serve(app, retSkabelon, async (request) => {
    const s = await hentSkabelonRaekke(request.user, request.params.id);
    const { navn, aktiv, version } = request.body;
    const ny = await opdaterVersioneret(
      db,
      dokumentSkabelon,
      { id: s.id, version, hvor: eq(dokumentSkabelon.kundeId, request.user.kundeId) },
      { navn, aktiv },
      SKABELON_KONFLIKT,
      request.user,
    );
    const [svar] = await skabelonSvar(db, [ny]);
    return svar!;
  });

  serve(app, hentSkabelonFil, async (request, reply) => {
    const s = await hentSkabelonRaekke(request.user, request.params.id);
    return reply
      .code(200)
      .header('content-type', DOCX_MIME)
      .header('content-disposition', contentDisposition(s.filnavn))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(s.indhold));
  });

  serve(app, hentRapportTekster, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    return db
      .select({
        id: tilsynRapportTekst.id,
        emneKode: tilsynRapportTekst.emneKode,
        titel: tilsynRapportTekst.titel,
        tekst: tilsynRapportTekst.tekst,
        aktiv: tilsynRapportTekst.aktiv,
      })
      .from(tilsynRapportTekst)
      .where(eq(tilsynRapportTekst.kundeId, request.user.kundeId))
      .orderBy(asc(tilsynRapportTekst.emneKode), asc(tilsynRapportTekst.titel), asc(tilsynRapportTekst.id));
  });

  serve(app, hentKontrolpunktSkabeloner, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    return db
      .select({
        id: kontrolpunktSkabelon.id,
        navn: kontrolpunktSkabelon.navn,
        virksomhedstype: kontrolpunktSkabelon.virksomhedstype,
        aktiv: kontrolpunktSkabelon.aktiv,
        antalPunkter: count(kontrolpunkt.id),
      })
      .from(kontrolpunktSkabelon)
      .leftJoin(kontrolpunkt, eq(kontrolpunkt.skabelonId, kontrolpunktSkabelon.id))
      .where(eq(kontrolpunktSkabelon.kundeId, request.user.kundeId))
      .groupBy(kontrolpunktSkabelon.id)
      .orderBy(
        asc(kontrolpunktSkabelon.virksomhedstype),
        asc(kontrolpunktSkabelon.navn),
        asc(kontrolpunktSkabelon.id),
      );
  });

  serve(app, hentTilsynKontrolpunkter, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    const { r } = await hentTilsynMedEjer(db, request.user, request.params.tilsynId, 'read');
    return tilsynPunkter(db, r.id);
  });

  serve(app, hentKontrolpunktEmner, async (request) => {
    const [s] = await db
      .select({ id: kontrolpunktSkabelon.id })
      .from(kontrolpunktSkabelon)
      .where(
        and(
          eq(kontrolpunktSkabelon.id, request.params.id),
          eq(kontrolpunktSkabelon.kundeId, request.user.kundeId),
        ),
      );
    if (!s) throw notFound('Kontrolpunktskabelonen');
    const punkter = await db
      .select({
        id: kontrolpunkt.id,
        emneKode: kontrolpunkt.emneKode,
        tekst: kontrolpunkt.tekst,
        sortering: kontrolpunkt.sortering,
      })
      .from(kontrolpunkt)
      .where(eq(kontrolpunkt.skabelonId, s.id))
      .orderBy(asc(kontrolpunkt.sortering), asc(kontrolpunkt.id));
    const emner = kontrolpunktEmneNavne();
    const orden = [...emner.keys()];
    const grupper = new Map<string, { id: number; tekst: string; sortering: number }[]>();
    for (const p of punkter) {
      const g = grupper.get(p.emneKode) ?? [];
      g.push({ id: p.id, tekst: p.tekst, sortering: p.sortering });
      grupper.set(p.emneKode, g);
    }
    const plads = (k: string) => (orden.includes(k) ? orden.indexOf(k) : orden.length);
    return [...grupper.entries()]
      .sort(([a], [b]) => plads(a) - plads(b) || a.localeCompare(b))
      .map(([emneKode, p]) => ({ emneKode, emneNavn: emner.get(emneKode) ?? emneKode, punkter: p }));
  });

  serve(app, gemTilsynKontrolpunkter, async (request) => {
    const user = request.user;
    const { r, v } = await hentTilsynMedEjer(db, user, request.params.tilsynId, 'write');
    const punkter = request.body.punkter;
    const ids = punkter.map((p) => p.kontrolpunktId);
    if (new Set(ids).size !== ids.length) throw feltFejl('punkter', 'Et kontrolpunkt må kun sendes én gang');
    if (ids.length > 0) {
      const kendte = await db
        .select({ id: kontrolpunkt.id })
        .from(kontrolpunkt)
        .innerJoin(kontrolpunktSkabelon, eq(kontrolpunktSkabelon.id, kontrolpunkt.skabelonId))
        .where(and(inArray(kontrolpunkt.id, ids), eq(kontrolpunktSkabelon.kundeId, user.kundeId)));
      if (kendte.length !== ids.length)
        throw feltFejl('punkter', 'Et eller flere kontrolpunkter findes ikke');
    }
    await db.transaction(async (tx) => {
      const eksisterende = new Map(
        (ids.length === 0
          ? []
          : await tx
              .select({ id: tilsynKontrolpunkt.id, kontrolpunktId: tilsynKontrolpunkt.kontrolpunktId })
              .from(tilsynKontrolpunkt)
              .where(
                and(
                  eq(tilsynKontrolpunkt.registreringId, r.id),
                  inArray(tilsynKontrolpunkt.kontrolpunktId, ids),
                ),
              )
        ).map((x) => [x.kontrolpunktId, x.id]),
      );
      let nye = 0;
      let rettede = 0;
      for (const p of punkter) {
        const id = eksisterende.get(p.kontrolpunktId);
        if (p.version === null) {
          // A new answer; a row someone else added meanwhile is a conflict.
          if (id !== undefined) throw conflict(KONTROLPUNKT_KONFLIKT);
          const indsat = await tx
            .insert(tilsynKontrolpunkt)
            .values({
              kundeId: user.kundeId,
              registreringId: r.id,
              kontrolpunktId: p.kontrolpunktId,
              resultat: p.resultat,
              bemaerkning: p.bemaerkning?.trim() || null,
            })
            .onConflictDoNothing()
            .returning({ id: tilsynKontrolpunkt.id });
          if (indsat.length === 0) throw conflict(KONTROLPUNKT_KONFLIKT);
          nye++;
        } else {
          if (id === undefined) throw conflict(KONTROLPUNKT_KONFLIKT);
          await opdaterVersioneret(
            tx,
            tilsynKontrolpunkt,
            { id, version: p.version },
            { resultat: p.resultat, bemaerkning: p.bemaerkning?.trim() || null },
            KONTROLPUNKT_KONFLIKT,
            user,
          );
          rettede++;
        }
      }
      if (nye + rettede > 0)
        await skrivLog(tx, user, {
          virksomhedId: v.id,
          emne: logEmneAf(r.art),
          notat: `Kontrolpunkter gemt på tilsyn '${r.titel}': ${nye} tilføjet, ${rettede} rettet.`,
        });
    });
    return tilsynPunkter(db, r.id);
  });

  serve(app, danBrev, async (request) => {
    const user = request.user;
    const { r, v } = await hentTilsynMedEjer(db, user, request.params.tilsynId, 'write');
    const [s] = await db
      .select()
      .from(dokumentSkabelon)
      .where(
        and(eq(dokumentSkabelon.id, request.body.skabelonId), eq(dokumentSkabelon.kundeId, user.kundeId)),
      );
    if (!s) throw notFound('Skabelonen');
    const type = BREV_TYPE[r.art]!;
    if (s.dokumentType !== type)
      throw feltFejl('skabelonId', `Vælg en skabelon af typen '${DOKUMENT_TYPER[type]}'`);
    if (!s.aktiv) throw feltFejl('skabelonId', 'Skabelonen er ikke aktiv');
    const data = await hentBrevData(
      db,
      user.kundeId,
      r,
      v,
      request.body.administrativeOplysningerId ?? null,
      nu(),
    );
    let indhold: Uint8Array;
    try {
      indhold = await docx.fyld(
        s.indhold,
        bogmaerker().map((b) => b.navn),
        udfyldning(data),
      );
    } catch (err) {
      if (err instanceof DocxFejl) throw feltFejl('skabelonId', `Skabelonen kan ikke bruges: ${err.besked}`);
      throw err;
    }
    const dato = data.tilsyn.dato || data.dagsdato;
    const filnavn = `${renFilnavn(`Tilsynsrapport ${v.navn} ${dato}`).slice(0, 200)}.docx`;
    const ny = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(fil)
        .values({
          kundeId: user.kundeId,
          virksomhedId: v.id,
          ejerArt: r.art,
          ejerId: r.id,
          filnavn,
          mimeType: DOCX_MIME,
          stoerrelse: indhold.length,
          indhold: Buffer.from(indhold),
          oprettetAf: user.brugerId,
        })
        .returning(brevKolonner);
      await skrivLog(tx, user, {
        virksomhedId: v.id,
        emne: logEmneAf(r.art),
        notat: `Brev '${filnavn}' dannet på tilsyn '${r.titel}' med skabelonen '${s.navn}'.`,
      });
      return row!;
    });
    const [svar] = await brevSvar(db, [ny]);
    return svar!;
  });

  serve(app, hentBreve, async (request) => {
    const { r } = await hentTilsynMedEjer(db, request.user, request.params.tilsynId, 'read');
    const rows = await db
      .select(brevKolonner)
      .from(fil)
      .where(
        and(
          eq(fil.kundeId, request.user.kundeId),
          eq(fil.ejerArt, r.art),
          eq(fil.ejerId, r.id),
          eq(fil.mimeType, DOCX_MIME),
          eq(fil.slettet, false),
        ),
      )
      .orderBy(desc(fil.oprettet), desc(fil.id));
    return brevSvar(db, rows);
  });

  serve(app, hentBrevFil, async (request, reply) => {
    const user = request.user;
    const [f] = await db
      .select()
      .from(fil)
      .where(
        and(
          eq(fil.id, request.params.id),
          eq(fil.kundeId, user.kundeId),
          eq(fil.slettet, false),
          inArray(fil.ejerArt, [TILSYN.art, VANDANLAEG_TILSYN.art]),
        ),
      );
    if (!f) throw notFound('Brevet');
    await hentTilsynMedEjer(db, user, f.ejerId, 'read');
    return reply
      .code(200)
      .header('content-type', f.mimeType)
      .header('content-disposition', contentDisposition(f.filnavn))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(f.indhold));
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
      const user = request.user;
      requireActiveKunde(user, request.params.kundeId);
      const u = await laesSkabelonUpload<{ dokumentType: DokumentType; navn: string }>(
        scope,
        request,
        opretSkabelon,
      );
      const { dokumentType, navn } = u.felter;
      const filnavn = u.filnavn ?? `${navn}.docx`;
      if (!/\.docx$/i.test(filnavn)) throw feltFejl('fil', SKABELON_IKKE_DOCX);
      const resultat = await scan(docx, u.fil, dokumentType);
      const [ny] = await db
        .insert(dokumentSkabelon)
        .values({
          kundeId: user.kundeId,
          dokumentType,
          navn,
          filnavn,
          indhold: u.fil,
          stoerrelse: u.fil.length,
          felter: resultat.felter,
          oprettetAf: user.brugerId,
        })
        .returning(skabelonKolonner);
      const [svar] = await skabelonSvar(db, [ny!]);
      return svar!;
    });
  });
}
