import { and, desc, eq, inArray } from 'drizzle-orm';
import { type Brev, DOKUMENT_TYPER, type DokumentType } from '../../contract/dokumenter';
import { TILSYN } from '../../contract/registreringer';
import { VANDANLAEG_TILSYN } from '../../contract/vandanlaeg-registreringer';
import type { SessionUser } from '../auth/session-user';
import { brugerNavne } from '../db/brugernavne';
import type { Db } from '../db/client';
import { dokumentSkabelon, fil } from '../db/schema';
import { skrivLog, type Tx } from '../db/versioneret';
import { notFound } from '../http/errors';
import { bogmaerker, udfyldning } from './bogmaerker';
import { hentBrevData } from './brevdata';
import { DocxFejl } from './docx';
import type { DocxPulje } from './docx-pulje';
import { hentTilsynMedEjer, logEmneAf } from './kontrolpunkter';
import { feltFejl } from './multipart';
import { DOCX_MIME } from './skabeloner';

/**
 * Letters from templates on an inspection (issue 15): filled in a template worker from the
 * inspection's data, stored in `fil` on the inspection, listed and fetched with the owner's read right.
 */

/** The template kind a letter on an inspection of this record kind uses. */
const BREV_TYPE: Record<string, DokumentType> = {
  [TILSYN.art]: 'tilsyn',
  [VANDANLAEG_TILSYN.art]: 'VandTilsyn',
};

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

/** Makes a letter on an inspection from an active template of its kind; stores and logs it. */
export async function danBrevPaaTilsyn(
  db: Db,
  pulje: DocxPulje,
  user: SessionUser,
  tilsynId: number,
  valg: { skabelonId: number; administrativeOplysningerId?: number | null },
  nu: () => Date,
): Promise<Brev> {
  const { r, v } = await hentTilsynMedEjer(db, user, tilsynId, 'write');
  const [s] = await db
    .select()
    .from(dokumentSkabelon)
    .where(and(eq(dokumentSkabelon.id, valg.skabelonId), eq(dokumentSkabelon.kundeId, user.kundeId)));
  if (!s) throw notFound('Skabelonen');
  const type = BREV_TYPE[r.art]!;
  if (s.dokumentType !== type)
    throw feltFejl('skabelonId', `Vælg en skabelon af typen '${DOKUMENT_TYPER[type]}'`);
  if (!s.aktiv) throw feltFejl('skabelonId', 'Skabelonen er ikke aktiv');
  const data = await hentBrevData(db, user.kundeId, r, v, valg.administrativeOplysningerId ?? null, nu());
  let indhold: Uint8Array;
  try {
    indhold = await pulje.fyld(
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
}

/** The letters stored on an inspection the user may read, newest first. */
export async function breveAfTilsyn(db: Db, user: SessionUser, tilsynId: number): Promise<Brev[]> {
  const { r } = await hentTilsynMedEjer(db, user, tilsynId, 'read');
  const rows = await db
    .select(brevKolonner)
    .from(fil)
    .where(
      and(
        eq(fil.kundeId, user.kundeId),
        eq(fil.ejerArt, r.art),
        eq(fil.ejerId, r.id),
        eq(fil.mimeType, DOCX_MIME),
        eq(fil.slettet, false),
      ),
    )
    .orderBy(desc(fil.oprettet), desc(fil.id));
  return brevSvar(db, rows);
}

/** A stored letter (its file row) on an inspection the user may read, else 404. */
export async function brevFil(db: Db, user: SessionUser, id: number) {
  const [f] = await db
    .select()
    .from(fil)
    .where(
      and(
        eq(fil.id, id),
        eq(fil.kundeId, user.kundeId),
        eq(fil.slettet, false),
        inArray(fil.ejerArt, [TILSYN.art, VANDANLAEG_TILSYN.art]),
      ),
    );
  if (!f) throw notFound('Brevet');
  await hentTilsynMedEjer(db, user, f.ejerId, 'read');
  return f;
}
