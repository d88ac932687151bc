import { and, asc, eq } from 'drizzle-orm';
import {
  type DokumentSkabelon,
  type DokumentType,
  type retSkabelon,
  type ScanResultat,
  SKABELON_IKKE_DOCX,
  type SkabelonFelt,
} from '../../contract/dokumenter';
import type { BodyOf } from '../../contract/endpoint';
import type { SessionUser } from '../auth/session-user';
import { brugerNavne } from '../db/brugernavne';
import type { Db } from '../db/client';
import { dokumentSkabelon } from '../db/schema';
import { opdaterVersioneret, type Tx } from '../db/versioneret';
import { notFound } from '../http/errors';
import type { Upload } from '../http/multipart';
import { eksempelUdfyldning, hentBookmarkListe } from './bogmaerker';
import { DocxFejl } from './docx';
import type { DocxPulje } from './docx-pulje';
import { feltFejl, skabelonForStor } from './multipart';

/**
 * The customer's .docx templates (issue 15): the upload's scan in a template worker (the names its
 * document kind offers, general warnings), storing it, listing, renaming and (de)activating.
 */

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const SKABELON_KONFLIKT =
  'Skabelonen er ændret af en anden, siden du hentede den. Hent den igen og prøv på ny';

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
export async function scan(
  pulje: DocxPulje,
  bytes: Uint8Array,
  dokumentType: DokumentType,
): Promise<ScanResultat> {
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

/** The customer's templates, of one kind or all, by kind and name. */
export async function skabelonListe(db: Db, kundeId: number, type: DokumentType | undefined) {
  const rows = await db
    .select(skabelonKolonner)
    .from(dokumentSkabelon)
    .where(
      and(eq(dokumentSkabelon.kundeId, kundeId), type ? eq(dokumentSkabelon.dokumentType, type) : undefined),
    )
    .orderBy(asc(dokumentSkabelon.dokumentType), asc(dokumentSkabelon.navn), asc(dokumentSkabelon.id));
  return skabelonSvar(db, rows);
}

/** A template of the user's customer (with its content), else 404. */
export async function hentSkabelonRaekke(db: Db, user: SessionUser, id: number) {
  const [s] = await db
    .select()
    .from(dokumentSkabelon)
    .where(and(eq(dokumentSkabelon.id, id), eq(dokumentSkabelon.kundeId, user.kundeId)));
  if (!s) throw notFound('Skabelonen');
  return s;
}

/** Renames or (de)activates a template, versioned. */
export async function gemSkabelon(db: Db, user: SessionUser, id: number, b: BodyOf<typeof retSkabelon>) {
  const s = await hentSkabelonRaekke(db, user, id);
  const ny = await opdaterVersioneret(
    db,
    dokumentSkabelon,
    { id: s.id, version: b.version, hvor: eq(dokumentSkabelon.kundeId, user.kundeId) },
    { navn: b.navn, aktiv: b.aktiv },
    SKABELON_KONFLIKT,
    user,
  );
  const [svar] = await skabelonSvar(db, [ny]);
  return svar!;
}

/** Stores an uploaded template (a .docx only) with the names its scan found. */
export async function gemUploadetSkabelon(
  db: Db,
  pulje: DocxPulje,
  user: SessionUser,
  u: Upload<{ dokumentType: DokumentType; navn: string }>,
) {
  const { dokumentType, navn } = u.felter;
  const filnavn = u.filnavn ?? `${navn}.docx`;
  if (!/\.docx$/i.test(filnavn)) throw feltFejl('fil', SKABELON_IKKE_DOCX);
  const resultat = await scan(pulje, u.fil, dokumentType);
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
}
