import { and, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  hentAdresse,
  hentEmner,
  hentFraser,
  hentSystemBeskeder,
  hentTilsynKonklusioner,
} from '../../contract/notes';
import { hentNotifikationer, NOTIFIKATION_TYPER } from '../../contract/session';
import { loadVirksomhed, requireActiveKunde } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import { emne, frase, notifikation, notifikationLaest, systemBesked, tilsynKonklusion } from '../db/schema';
import { danskOrden } from '../db/sortering';
import type { Deps } from '../deps';
import { producerHvisTid } from '../frister/notifikationer';
import { serve } from '../http/endpoint';

/** Notification types a user sees: DMA status for company/farm caseworkers, Jupiter for water plants. */
export function notifikationTyperFor(user: SessionUser): number[] {
  const types: number[] = [];
  if (user.ressourcer.has('SAGSBEHANDLER_VIRKSOMHED') || user.ressourcer.has('SAGSBEHANDLER_LANDBRUG')) {
    types.push(NOTIFIKATION_TYPER.DMAStatusInfo);
  }
  if (user.ressourcer.has('SAGSBEHANDLER_VANDANLAEG')) {
    types.push(NOTIFIKATION_TYPER.JupiterStatusInfo, NOTIFIKATION_TYPER.JupiterCertificateRenewalInfo);
  }
  return types;
}

export async function faellesRoutes(app: FastifyInstance, { db, clock }: Deps) {
  serve(app, hentAdresse, async (request) => {
    const row = await loadVirksomhed(db, request.user, request.params.virksomhedId, 'read');
    return { adresse: row.adresse ?? '' };
  });

  serve(app, hentSystemBeskeder, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    const now = new Date();
    const rows = await db
      .select()
      .from(systemBesked)
      .where(
        and(
          or(isNull(systemBesked.kundeId), eq(systemBesked.kundeId, request.params.kundeId)),
          lte(systemBesked.gyldigFra, now),
          or(isNull(systemBesked.gyldigTil), gte(systemBesked.gyldigTil, now)),
        ),
      )
      .orderBy(desc(systemBesked.gyldigFra));
    return rows.map((r) => ({
      id: r.id,
      titel: r.titel,
      tekst: r.tekst,
      alvorlighed: r.alvorlighed as 'info' | 'advarsel' | 'kritisk',
      gyldigFra: r.gyldigFra.toISOString(),
      gyldigTil: r.gyldigTil?.toISOString() ?? null,
    }));
  });

  serve(app, hentEmner, () =>
    db.select({ id: emne.id, kode: emne.kode, navn: emne.navn }).from(emne).orderBy(emne.kode),
  );

  serve(app, hentFraser, (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    const { emneId } = request.query;
    return db
      .select({
        id: frase.id,
        emneId: frase.emneId,
        titel: frase.titel,
        tekst: frase.tekst,
        aktiv: frase.aktiv,
      })
      .from(frase)
      .where(and(eq(frase.kundeId, request.user.kundeId), emneId ? eq(frase.emneId, emneId) : undefined))
      .orderBy(...danskOrden(frase.titel), frase.id);
  });

  /** The customer's inspection conclusions ({id} is the kundeId; recorded in docs/decisions.md). */
  serve(app, hentTilsynKonklusioner, (request) => {
    requireActiveKunde(request.user, request.params.id);
    return db
      .select({
        id: tilsynKonklusion.id,
        kode: tilsynKonklusion.kode,
        navn: tilsynKonklusion.navn,
        aktiv: tilsynKonklusion.aktiv,
      })
      .from(tilsynKonklusion)
      .where(eq(tilsynKonklusion.kundeId, request.user.kundeId))
      .orderBy(tilsynKonklusion.kode);
  });

  serve(app, hentNotifikationer, async (request) => {
    const types = notifikationTyperFor(request.user);
    if (types.length === 0) return [];
    // Produced from the data at most once per interval per customer (src/server/frister/notifikationer.ts).
    await producerHvisTid(db, request.user.kundeId, clock ? clock() : new Date());
    const rows = await db
      .select({
        id: notifikation.id,
        type: notifikation.type,
        oprettet: notifikation.oprettet,
        beskrivelse: notifikation.beskrivelse,
        link: notifikation.link,
        laest: notifikationLaest.laest,
      })
      .from(notifikation)
      .leftJoin(
        notifikationLaest,
        and(
          eq(notifikationLaest.notifikationId, notifikation.id),
          eq(notifikationLaest.brugerId, request.user.brugerId),
        ),
      )
      .where(
        and(
          eq(notifikation.kundeId, request.user.kundeId),
          or(isNull(notifikation.brugerId), eq(notifikation.brugerId, request.user.brugerId)),
          inArray(notifikation.type, types),
        ),
      )
      .orderBy(desc(notifikation.oprettet))
      .limit(100);
    return rows.map((r) => ({
      id: r.id,
      notifikationType: r.type as 1 | 2 | 3,
      oprettetDatoTid: r.oprettet.toISOString(),
      beskrivelse: r.beskrivelse,
      laest: r.laest !== null,
      link: r.link,
    }));
  });
}
