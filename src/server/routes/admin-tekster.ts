import fastifyMultipart from '@fastify/multipart';
import { and, asc, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ADM_OPLYS_KONFLIKT,
  ADM_OPLYS_STANDARD_FJERN,
  ADM_OPLYS_STANDARD_SLET,
  ADM_OPLYSNINGER,
  type AdmOplys,
  FRASE,
  type FraseAdmin,
  hentAdmLogo,
  LOGO_MAKS_BYTES,
  LOGO_STOERRELSE_FEJL,
  LOGO_TYPE_FEJL,
  uploadAdmLogo,
} from '../../contract/admin-tekster';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { administrativeOplysninger, emne, frase, kunde } from '../db/schema';
import { danskOrden } from '../db/sortering';
import { opdaterVersioneret, type Tx, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest, HttpError, notFound } from '../http/errors';
import { laesUpload } from '../http/multipart';
import { egenKindRoutes } from '../records/egne';

/**
 * Administration: the phrase library and the municipality's administrative details (issue 15).
 * Phrases are versioned (stale → 409) and deactivated rather than deleted (letters and texts may
 * quote them). Exactly one set of administrative details per customer is the standard: the first set
 * becomes it, marking another moves the mark, and the standard set can be neither unmarked nor
 * deleted. Writes that touch the mark lock the customer's row, so two at once cannot leave two.
 */

// ---------------------------------------------------------------- phrases

const fraseKolonner = {
  id: frase.id,
  emneId: frase.emneId,
  emneKode: emne.kode,
  emneNavn: emne.navn,
  titel: frase.titel,
  tekst: frase.tekst,
  aktiv: frase.aktiv,
  version: frase.version,
};

async function fraser(db: Db | Tx, kundeId: number, hvor?: SQL): Promise<FraseAdmin[]> {
  const rows = await db
    .select(fraseKolonner)
    .from(frase)
    .innerJoin(emne, eq(emne.id, frase.emneId))
    .where(and(eq(frase.kundeId, kundeId), hvor))
    .orderBy(asc(emne.kode), ...danskOrden(frase.titel), frase.id);
  return rows.map((r) => ({ ...r, version: Number(r.version) }));
}

/** LIKE wildcards in the user's text are meant literally. */
const likeTekst = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Phrases: the record kind FRASE over table `frase`, the subject joined in for the answer; the list
 * filtered by subject and by text in title or text; a subject that does not exist is a 400.
 */
const fraseRoutes = egenKindRoutes<FraseAdmin>({
  kind: FRASE,
  tabel: frase,
  ejerKolonne: 'kundeId',
  hent: fraser,
  filter: (q) => {
    const { emneId, tekst } = q as { emneId?: number; tekst?: string };
    const t = tekst?.trim();
    return and(
      emneId ? eq(frase.emneId, emneId) : undefined,
      t ? or(ilike(frase.titel, likeTekst(t)), ilike(frase.tekst, likeTekst(t))) : undefined,
    );
  },
  ikkeFundet: 'Frasen',
  hooks: {
    async tjek({ tx }, input) {
      const [e] = await tx
        .select({ id: emne.id })
        .from(emne)
        .where(eq(emne.id, input.emneId as number));
      if (!e) throw badRequest({ emneId: ['Emnet findes ikke'] });
    },
  },
});

// ---------------------------------------------------------------- administrative details

type AdmRaekke = typeof administrativeOplysninger.$inferSelect;

const admKolonner = {
  id: administrativeOplysninger.id,
  navn: administrativeOplysninger.navn,
  afsender: administrativeOplysninger.afsender,
  adresse: administrativeOplysninger.adresse,
  postnrBy: administrativeOplysninger.postnrBy,
  telefon: administrativeOplysninger.telefon,
  email: administrativeOplysninger.email,
  web: administrativeOplysninger.web,
  underskriftNavn: administrativeOplysninger.underskriftNavn,
  underskriftTitel: administrativeOplysninger.underskriftTitel,
  logoMimeType: administrativeOplysninger.logoMimeType,
  standard: administrativeOplysninger.standard,
  version: administrativeOplysninger.version,
};

const tilAdmOplys = (r: Omit<AdmRaekke, 'logo' | 'kundeId'>): AdmOplys => ({
  id: r.id,
  navn: r.navn,
  afsender: r.afsender,
  adresse: r.adresse,
  postnrBy: r.postnrBy,
  telefon: r.telefon,
  email: r.email,
  web: r.web,
  underskriftNavn: r.underskriftNavn,
  underskriftTitel: r.underskriftTitel,
  harLogo: r.logoMimeType !== null,
  logoMimeType: r.logoMimeType,
  standard: r.standard,
  version: Number(r.version),
});

async function admSaet(db: Db | Tx, kundeId: number, hvor?: SQL): Promise<AdmOplys[]> {
  const rows = await db
    .select(admKolonner)
    .from(administrativeOplysninger)
    .where(and(eq(administrativeOplysninger.kundeId, kundeId), hvor))
    .orderBy(desc(administrativeOplysninger.standard), ...danskOrden(administrativeOplysninger.navn));
  return rows.map(tilAdmOplys);
}

async function etAdmSaet(db: Db | Tx, kundeId: number, id: number): Promise<AdmOplys> {
  const [s] = await admSaet(db, kundeId, eq(administrativeOplysninger.id, id));
  if (!s) throw notFound('De administrative oplysninger');
  return s;
}

/** Serialises the writes of one customer that touch the standard mark. */
async function laasKunde(tx: Tx, kundeId: number): Promise<void> {
  await (tx as Db).select({ id: kunde.id }).from(kunde).where(eq(kunde.id, kundeId)).for('update');
}

/** Takes the standard mark from every other set of the customer. */
async function fjernAndreStandard(tx: Tx, kundeId: number, id: number): Promise<void> {
  await tx
    .update(administrativeOplysninger)
    .set({ standard: false })
    .where(
      and(
        eq(administrativeOplysninger.kundeId, kundeId),
        ne(administrativeOplysninger.id, id),
        eq(administrativeOplysninger.standard, true),
      ),
    );
}

/**
 * Administrative details: the record kind ADM_OPLYSNINGER over table `administrative_oplysninger`,
 * the standard set first. Every write locks the customer's row first (the standard mark); the first
 * set becomes the standard, a set marked standard takes the mark from the others, the standard set
 * can be neither unmarked nor deleted; `fjernLogo` removes the logo.
 */
const admOplysRoutes = egenKindRoutes<AdmOplys>({
  kind: ADM_OPLYSNINGER,
  tabel: administrativeOplysninger,
  ejerKolonne: 'kundeId',
  hent: (db, kundeId, hvor) => admSaet(db, kundeId, hvor),
  ikkeFundet: 'De administrative oplysninger',
  hooks: {
    async tjek({ tx, ejerId, gemt }, input) {
      if (gemt?.standard && !input.standard)
        throw badRequest({ standard: [ADM_OPLYS_STANDARD_FJERN] }, ADM_OPLYS_STANDARD_FJERN);
      await laasKunde(tx, ejerId);
    },
    async beregn({ tx, ejerId, gemt }, input) {
      if (gemt) return input.fjernLogo ? { logo: null, logoMimeType: null } : {};
      const [findes] = await tx
        .select({ id: administrativeOplysninger.id })
        .from(administrativeOplysninger)
        .where(
          and(eq(administrativeOplysninger.kundeId, ejerId), eq(administrativeOplysninger.standard, true)),
        )
        .limit(1);
      // Without a standard set the new one becomes it.
      return { standard: input.standard === true || !findes };
    },
    async efter({ tx, ejerId, id }) {
      const [s] = await admSaet(tx, ejerId, eq(administrativeOplysninger.id, id));
      if (s?.standard) await fjernAndreStandard(tx, ejerId, id);
    },
    async foerSlet({ tx, ejerId, gemt }) {
      await laasKunde(tx, ejerId);
      const [nu] = await admSaet(tx, ejerId, eq(administrativeOplysninger.id, gemt.id));
      if (nu?.standard) throw badRequest({ standard: [ADM_OPLYS_STANDARD_SLET] }, ADM_OPLYS_STANDARD_SLET);
    },
  },
});

/** The first bytes of the two image types a logo may have. */
const LOGO_MAGI: readonly { mime: string; bytes: readonly number[] }[] = [
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

const logoFejl = (besked: string, status = 400) =>
  new HttpError(status, besked, { title: besked, status, errors: { logo: [besked] } });

export async function adminTekstRoutes(app: FastifyInstance, { db }: Deps) {
  await fraseRoutes(app, { db });

  // ---- administrative details

  await admOplysRoutes(app, { db });

  serve(app, hentAdmLogo, async (request, reply) => {
    const [r] = await db
      .select({ logo: administrativeOplysninger.logo, mime: administrativeOplysninger.logoMimeType })
      .from(administrativeOplysninger)
      .where(
        and(
          eq(administrativeOplysninger.id, request.params.id),
          eq(administrativeOplysninger.kundeId, request.user.kundeId),
        ),
      );
    if (!r) throw notFound('De administrative oplysninger');
    if (!r.logo || !r.mime) throw notFound('Logoet');
    return reply
      .code(200)
      .header('content-type', r.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(r.logo));
  });

  // The multipart parser only where the logo is taken.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: LOGO_MAKS_BYTES, files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: true,
    });
    serve(scope, uploadAdmLogo, async (request) => {
      const user: SessionUser = request.user;
      const { version } = request.query;
      const gemt = await etAdmSaet(db, user.kundeId, request.params.id);
      tjekVersion(version, gemt.version, ADM_OPLYS_KONFLIKT);
      const { fil: indhold } = await laesUpload(scope, request, uploadAdmLogo, {
        mangler: 'Vælg et billede at bruge som logo',
        ulaeselig: 'Billedet kunne ikke læses. Prøv at vælge det igen',
        fejl: (besked) => logoFejl(besked),
        forStor: () => logoFejl(LOGO_STOERRELSE_FEJL, 413),
      });
      if (indhold.length === 0) throw logoFejl('Billedet er tomt');
      if (indhold.length > LOGO_MAKS_BYTES) throw logoFejl(LOGO_STOERRELSE_FEJL, 413);
      const type = LOGO_MAGI.find((m) => m.bytes.every((b, i) => indhold[i] === b));
      if (!type) throw logoFejl(LOGO_TYPE_FEJL);
      await db.transaction((tx) =>
        opdaterVersioneret(
          tx,
          administrativeOplysninger,
          { id: gemt.id, version, hvor: eq(administrativeOplysninger.kundeId, user.kundeId) },
          { logo: indhold, logoMimeType: type.mime },
          ADM_OPLYS_KONFLIKT,
          user,
        ),
      );
      return etAdmSaet(db, user.kundeId, gemt.id);
    });
  });
}
