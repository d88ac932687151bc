import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type Certifikat,
  certifikatNiveau,
  hentJupiterCertifikat,
  uploadJupiterCertifikat,
} from '../../contract/jupiter-certifikat';
import { certifikatKrypteringsNoegle, krypterNoegle } from '../certifikat/krypto';
import { type CertifikatFakta, laesUpload } from '../certifikat/validering';
import { bruger, jupiterCertifikat } from '../db/schema';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { conflict } from '../http/errors';

/**
 * Administration: the certificate used towards Jupiter (issue 15). One active certificate per
 * customer; an upload replaces it (the old one stays, inactive, as history). The private key is
 * stored AES-256-GCM encrypted (src/server/certifikat/krypto.ts) and no answer or log line carries it:
 * the answers are built from the listed columns only.
 */

const DAG_MS = 24 * 3600 * 1000;

const kolonner = {
  id: jupiterCertifikat.id,
  subjekt: jupiterCertifikat.subjekt,
  udsteder: jupiterCertifikat.udsteder,
  serienummer: jupiterCertifikat.serienummer,
  fingeraftryk: jupiterCertifikat.fingeraftryk,
  gyldigFra: jupiterCertifikat.gyldigFra,
  gyldigTil: jupiterCertifikat.gyldigTil,
  aktiv: jupiterCertifikat.aktiv,
  oprettet: jupiterCertifikat.oprettet,
  oprettetAf: bruger.navn,
};

type Raekke = CertifikatFakta & {
  id: number;
  aktiv: boolean;
  oprettet: Date;
  oprettetAf: string | null;
};

/** Whole days left: floor of the time to expiry (negative once expired). */
export function dageTilbage(gyldigTil: Date, nu: Date): number {
  return Math.floor((gyldigTil.getTime() - nu.getTime()) / DAG_MS);
}

function svar(r: Raekke, nu: Date): Certifikat {
  const dage = dageTilbage(r.gyldigTil, nu);
  const udloebet = r.gyldigTil.getTime() <= nu.getTime();
  return {
    id: r.id,
    subjekt: r.subjekt,
    udsteder: r.udsteder,
    serienummer: r.serienummer,
    fingeraftryk: r.fingeraftryk,
    gyldigFra: r.gyldigFra.toISOString(),
    gyldigTil: r.gyldigTil.toISOString(),
    aktiv: r.aktiv,
    oprettet: r.oprettet.toISOString(),
    oprettetAf: r.oprettetAf,
    dageTilbage: dage,
    udloebet,
    niveau: certifikatNiveau(dage, udloebet),
  };
}

export async function jupiterCertifikatRoutes(app: FastifyInstance, { db, config, tokens, clock }: Deps) {
  const nu = () => clock?.() ?? new Date();
  const noegle = certifikatKrypteringsNoegle(config, tokens);

  serve(app, hentJupiterCertifikat, async (request) => {
    const t = nu();
    const rows = await db
      .select(kolonner)
      .from(jupiterCertifikat)
      .leftJoin(bruger, eq(bruger.id, jupiterCertifikat.oprettetAf))
      .where(eq(jupiterCertifikat.kundeId, request.user.kundeId))
      .orderBy(desc(jupiterCertifikat.oprettet), desc(jupiterCertifikat.id));
    const aktivt = rows.find((r) => r.aktiv) ?? null;
    return {
      aktivt: aktivt ? svar(aktivt, t) : null,
      historik: rows.filter((r) => r !== aktivt).map((r) => svar(r, t)),
    };
  });

  serve(app, uploadJupiterCertifikat, async (request) => {
    const t = nu();
    const user = request.user;
    const laest = laesUpload(request.body, t);
    const noegleKrypteret = krypterNoegle(noegle, laest.noeglePkcs8, user.kundeId, laest.fingeraftryk);
    const id = await db.transaction(async (tx) => {
      // One upload at a time per customer: the active row is locked while it is replaced.
      const aktive = await tx
        .select({ id: jupiterCertifikat.id, fingeraftryk: jupiterCertifikat.fingeraftryk })
        .from(jupiterCertifikat)
        .where(and(eq(jupiterCertifikat.kundeId, user.kundeId), eq(jupiterCertifikat.aktiv, true)))
        .for('update');
      if (aktive.some((a) => a.fingeraftryk === laest.fingeraftryk))
        throw conflict('Certifikatet er allerede det aktive certifikat');
      await tx
        .update(jupiterCertifikat)
        .set({ aktiv: false })
        .where(and(eq(jupiterCertifikat.kundeId, user.kundeId), eq(jupiterCertifikat.aktiv, true)));
      const [ny] = await tx
        .insert(jupiterCertifikat)
        .values({
          kundeId: user.kundeId,
          subjekt: laest.subjekt,
          udsteder: laest.udsteder,
          serienummer: laest.serienummer,
          fingeraftryk: laest.fingeraftryk,
          gyldigFra: laest.gyldigFra,
          gyldigTil: laest.gyldigTil,
          certifikatPem: laest.certifikatPem,
          noegleKrypteret,
          aktiv: true,
          oprettet: t,
          oprettetAf: user.brugerId,
        })
        .returning({ id: jupiterCertifikat.id });
      return ny!.id;
    });
    request.log.info({ kundeId: user.kundeId, certifikatId: id }, 'Jupiter-certifikat uploadet');
    const [r] = await db
      .select(kolonner)
      .from(jupiterCertifikat)
      .leftJoin(bruger, eq(bruger.id, jupiterCertifikat.oprettetAf))
      .where(eq(jupiterCertifikat.id, id));
    return svar(r!, t);
  });
}
