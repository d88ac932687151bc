import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { gemTilsynKontrolpunkter, TilsynKontrolpunkt } from '../../contract/dokumenter';
import type { BodyOf } from '../../contract/endpoint';
import { TILSYN } from '../../contract/registreringer';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import { VANDANLAEG_TILSYN } from '../../contract/vandanlaeg-registreringer';
import { loadVandanlaeg, loadVirksomhed } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { kontrolpunkt, kontrolpunktSkabelon, tilsynKontrolpunkt, tilsynRapportTekst } from '../db/schema';
import { opdaterVersioneret, skrivLog } from '../db/versioneret';
import { conflict, notFound } from '../http/errors';
import { levendeRaekke } from '../records/registreringer';
import { hentTilsynetsPunkter, kontrolpunktEmneNavne } from './brevdata';
import { feltFejl } from './multipart';

/**
 * Control points (issue 15): the customer's report texts and control-point templates, a template's
 * points by subject, and an inspection's answers, saved per point (versioned) with the owner's log.
 */

const KONTROLPUNKT_KONFLIKT =
  'Kontrolpunkterne er ændret af en anden, siden du hentede dem. Hent dem igen og prøv på ny';

/** A live inspection (tilsyn of a company or farm, or a water plant's) of the user's customer, with its owner and the owner's right. */
export async function hentTilsynMedEjer(db: Db, user: SessionUser, id: number, mode: 'read' | 'write') {
  const r = await levendeRaekke(db, user.kundeId, id, [TILSYN.art, VANDANLAEG_TILSYN.art]);
  if (!r) throw notFound('Tilsynet');
  if (r.art === VANDANLAEG_TILSYN.art) return { r, v: await loadVandanlaeg(db, user, r.virksomhedId, mode) };
  const v = await loadVirksomhed(db, user, r.virksomhedId, mode);
  if (v.type !== VIRKSOMHEDSTYPE.VIRKSOMHED && v.type !== VIRKSOMHEDSTYPE.LANDBRUG)
    throw notFound('Tilsynet');
  return { r, v };
}

export const logEmneAf = (art: string) =>
  art === VANDANLAEG_TILSYN.art ? VANDANLAEG_TILSYN.logEmne : TILSYN.logEmne;

export async function tilsynPunkter(db: Db, registreringId: number): Promise<TilsynKontrolpunkt[]> {
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

/** The customer's report texts, by subject and title. */
export function rapportTekster(db: Db, kundeId: number) {
  return db
    .select({
      id: tilsynRapportTekst.id,
      emneKode: tilsynRapportTekst.emneKode,
      titel: tilsynRapportTekst.titel,
      tekst: tilsynRapportTekst.tekst,
      aktiv: tilsynRapportTekst.aktiv,
    })
    .from(tilsynRapportTekst)
    .where(eq(tilsynRapportTekst.kundeId, kundeId))
    .orderBy(asc(tilsynRapportTekst.emneKode), asc(tilsynRapportTekst.titel), asc(tilsynRapportTekst.id));
}

/** The customer's control-point templates with their number of points. */
export function kontrolpunktSkabeloner(db: Db, kundeId: number) {
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
    .where(eq(kontrolpunktSkabelon.kundeId, kundeId))
    .groupBy(kontrolpunktSkabelon.id)
    .orderBy(
      asc(kontrolpunktSkabelon.virksomhedstype),
      asc(kontrolpunktSkabelon.navn),
      asc(kontrolpunktSkabelon.id),
    );
}

/** A template's points grouped by subject, the subjects in the catalogue's order (unknown ones last). */
export async function kontrolpunktEmner(db: Db, kundeId: number, skabelonId: number) {
  const [s] = await db
    .select({ id: kontrolpunktSkabelon.id })
    .from(kontrolpunktSkabelon)
    .where(and(eq(kontrolpunktSkabelon.id, skabelonId), eq(kontrolpunktSkabelon.kundeId, kundeId)));
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
}

/** Saves an inspection's answers: new ones inserted, known ones versioned; a conflict is a 409. */
export async function gemKontrolpunkter(
  db: Db,
  user: SessionUser,
  tilsynId: number,
  { punkter }: BodyOf<typeof gemTilsynKontrolpunkter>,
) {
  const { r, v } = await hentTilsynMedEjer(db, user, tilsynId, 'write');
  const ids = punkter.map((p) => p.kontrolpunktId);
  if (new Set(ids).size !== ids.length) throw feltFejl('punkter', 'Et kontrolpunkt må kun sendes én gang');
  if (ids.length > 0) {
    const kendte = await db
      .select({ id: kontrolpunkt.id })
      .from(kontrolpunkt)
      .innerJoin(kontrolpunktSkabelon, eq(kontrolpunktSkabelon.id, kontrolpunkt.skabelonId))
      .where(and(inArray(kontrolpunkt.id, ids), eq(kontrolpunktSkabelon.kundeId, user.kundeId)));
    if (kendte.length !== ids.length) throw feltFejl('punkter', 'Et eller flere kontrolpunkter findes ikke');
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
}
