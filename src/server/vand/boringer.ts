import { and, eq, sql } from 'drizzle-orm';
import type { BodyOf, QueryOf } from '../../contract/endpoint';
import {
  BORING_HAR_MAENGDER,
  BORING_KONFLIKT,
  type Boring,
  type boringEndpoints,
  INDTAG_HAR_MAENGDER,
} from '../../contract/vand-data';
import { loadVandanlaeg } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows, type Transaction, transactionWithRetry } from '../db/client';
import { boring, indtag } from '../db/schema';
import { opdaterVersioneret, skrivLog, type Tx } from '../db/versioneret';
import { badRequest, conflict, notFound } from '../http/errors';
import { num, numN, type R, strN } from './felles';

/**
 * A water plant's boreholes and their intakes (issue 11): read with the intakes' quantity counts;
 * created, edited and deleted in one transaction with the plant's log. DGU numbers are unique per
 * plant (spaces ignored); an intake holding quantities or readings cannot be removed.
 */

export async function hentBoringer(db: Db | Tx, anlaegId: number, boringId?: number): Promise<Boring[]> {
  const rows = await queryRows<R>(
    db as Db,
    sql`SELECT b.id, b.vandanlaeg_id, b.dgu_nr, b.navn, b.terraenkote, b.dybde, b.bore_dato::text AS bore_dato,
               b.version,
               COALESCE((SELECT json_agg(json_build_object(
                   'id', it.id, 'indtagsnr', it.indtagsnr, 'jupiterId', it.jupiter_id,
                   'filterTop', it.filter_top, 'filterBund', it.filter_bund,
                   'antalMaengder', (SELECT count(*) FROM oppumpet_maengde o WHERE o.indtag_id = it.id))
                 ORDER BY it.indtagsnr, it.id)
                 FROM indtag it WHERE it.boring_id = b.id), '[]'::json) AS indtag
        FROM boring b
        WHERE b.vandanlaeg_id = ${anlaegId} ${boringId === undefined ? sql`` : sql`AND b.id = ${boringId}`}
        ORDER BY b.dgu_nr, b.id`,
  );
  return rows.map((r) => {
    const indtagListe = (typeof r.indtag === 'string' ? JSON.parse(r.indtag) : r.indtag) as R[];
    return {
      id: num(r.id),
      vandanlaegId: num(r.vandanlaeg_id),
      dguNr: String(r.dgu_nr),
      navn: strN(r.navn),
      terraenkote: numN(r.terraenkote),
      dybde: numN(r.dybde),
      boreDato: strN(r.bore_dato),
      version: num(r.version),
      indtag: indtagListe.map((i) => ({
        id: num(i.id),
        indtagsnr: num(i.indtagsnr),
        jupiterId: strN(i.jupiterId),
        filterTop: numN(i.filterTop),
        filterBund: numN(i.filterBund),
        antalMaengder: num(i.antalMaengder),
      })),
    };
  });
}

/** A borehole of the user's customer with its plant loaded for the mode; another customer's id: 404. */
async function loadBoring(db: Db, user: SessionUser, id: number, mode: 'read' | 'write') {
  const [row] = await db
    .select()
    .from(boring)
    .where(and(eq(boring.id, id), eq(boring.kundeId, user.kundeId)));
  if (!row) throw notFound('Boringen');
  await loadVandanlaeg(db, user, row.vandanlaegId, mode);
  return row;
}

const dguNoegle = (s: string) => s.replace(/\s+/g, '');

/** The plant must not already have a borehole with this DGU number (spaces ignored). */
async function tjekDgu(tx: Tx, anlaegId: number, dguNr: string, undtagId?: number) {
  const rows = await queryRows<R>(
    tx as Db,
    sql`SELECT id FROM boring WHERE vandanlaeg_id = ${anlaegId}
          AND regexp_replace(dgu_nr, '\\s+', '', 'g') = ${dguNoegle(dguNr)}
          ${undtagId === undefined ? sql`` : sql`AND id <> ${undtagId}`}`,
  );
  if (rows.length > 0) throw badRequest({ dguNr: ['Anlægget har allerede en boring med dette DGU-nr.'] });
}

/** Intakes holding reported quantities or readings (they cannot be removed). */
async function indtagMedData(tx: Tx, indtagIds: number[]): Promise<Set<number>> {
  if (indtagIds.length === 0) return new Set();
  const rows = await queryRows<R>(
    tx as Db,
    sql`SELECT it.id FROM indtag it
        WHERE it.id IN (${sql.join(
          indtagIds.map((i) => sql`${i}`),
          sql`, `,
        )})
          AND (EXISTS (SELECT 1 FROM oppumpet_maengde o WHERE o.indtag_id = it.id)
               OR EXISTS (SELECT 1 FROM pejling p WHERE p.indtag_id = it.id))`,
  );
  return new Set(rows.map((r) => num(r.id)));
}

type BoringBody = BodyOf<typeof boringEndpoints.ret>;

const boringBeskrivelse = (b: { dguNr: string; navn: string | null }) =>
  `DGU-nr. ${b.dguNr}${b.navn ? ` (${b.navn})` : ''}`;

async function gemIndtag(
  tx: Transaction,
  user: SessionUser,
  boringId: number,
  liste: BoringBody['indtag'],
): Promise<string[]> {
  const eksisterende = await tx.select().from(indtag).where(eq(indtag.boringId, boringId));
  const kendte = new Map(eksisterende.map((i) => [i.id, i]));
  const fejl: Record<string, string[]> = {};
  liste.forEach((i, n) => {
    if (i.id !== undefined && !kendte.has(i.id))
      fejl[`indtag.${n}.id`] = ['Indtaget findes ikke på boringen'];
  });
  if (Object.keys(fejl).length > 0) throw badRequest(fejl);
  const beholdt = new Set(liste.flatMap((i) => (i.id === undefined ? [] : [i.id])));
  const fjernes = eksisterende.filter((i) => !beholdt.has(i.id));
  const medData = await indtagMedData(
    tx,
    fjernes.map((i) => i.id),
  );
  if (medData.size > 0) {
    const nr = fjernes.filter((i) => medData.has(i.id)).map((i) => i.indtagsnr);
    throw badRequest(
      { indtag: [`${INDTAG_HAR_MAENGDER} (indtag ${nr.join(', ')})`] },
      'Indtaget kan ikke fjernes',
    );
  }
  const aendringer: string[] = [];
  for (const i of fjernes) {
    await tx.delete(indtag).where(eq(indtag.id, i.id));
    aendringer.push(`indtag ${i.indtagsnr} fjernet`);
  }
  // Numbers are unique per borehole: move the kept ones out of the way before renumbering.
  for (const i of liste) {
    const felter = {
      indtagsnr: i.indtagsnr,
      jupiterId: i.jupiterId,
      filterTop: i.filterTop,
      filterBund: i.filterBund,
    };
    if (i.id === undefined) {
      await tx.insert(indtag).values({ kundeId: user.kundeId, boringId, ...felter });
      aendringer.push(`indtag ${i.indtagsnr} oprettet`);
    } else {
      const gl = kendte.get(i.id)!;
      if (
        gl.indtagsnr !== felter.indtagsnr ||
        gl.jupiterId !== felter.jupiterId ||
        gl.filterTop !== felter.filterTop ||
        gl.filterBund !== felter.filterBund
      ) {
        await tx.update(indtag).set(felter).where(eq(indtag.id, i.id));
        aendringer.push(`indtag ${gl.indtagsnr} rettet`);
      }
    }
  }
  return aendringer;
}

/** The boreholes of a plant in the short form (id, DGU number, name) pickers show. */
export function boringerKort(db: Db, anlaegId: number) {
  return db
    .select({ id: boring.id, dguNr: boring.dguNr, navn: boring.navn })
    .from(boring)
    .where(eq(boring.vandanlaegId, anlaegId))
    .orderBy(boring.dguNr, boring.id);
}

/** Creates a borehole with its intakes on a plant the caller may write. */
export function opretBoring(db: Db, user: SessionUser, b: BodyOf<typeof boringEndpoints.opret>) {
  return transactionWithRetry(db, async (tx) => {
    await tjekDgu(tx, b.virksomhedId, b.dguNr);
    const [ny] = await tx
      .insert(boring)
      .values({
        kundeId: user.kundeId,
        vandanlaegId: b.virksomhedId,
        dguNr: b.dguNr,
        navn: b.navn,
        terraenkote: b.terraenkote,
        dybde: b.dybde,
        boreDato: b.boreDato,
      })
      .returning({ id: boring.id });
    return gemMedIndtag(tx, user, { id: ny!.id, vandanlaegId: b.virksomhedId }, b, 'oprettet');
  });
}

/** Edits a borehole and its intakes (stale version: 409); the borehole must be the plant's. */
export async function retBoring(db: Db, user: SessionUser, id: number, b: BoringBody) {
  const row = await loadBoring(db, user, id, 'write');
  if (row.vandanlaegId !== b.virksomhedId)
    throw badRequest({ virksomhedId: ['Boringen hører ikke til anlægget'] });
  return transactionWithRetry(db, async (tx) => {
    await tjekDgu(tx, row.vandanlaegId, b.dguNr, row.id);
    await opdaterVersioneret(
      tx,
      boring,
      { id: row.id, version: b.version },
      { dguNr: b.dguNr, navn: b.navn, terraenkote: b.terraenkote, dybde: b.dybde, boreDato: b.boreDato },
      BORING_KONFLIKT,
      user,
    );
    return gemMedIndtag(tx, user, row, b, 'rettet');
  });
}

/** Saves the intakes of a created or edited borehole, logs both and answers the borehole. */
async function gemMedIndtag(
  tx: Transaction,
  user: SessionUser,
  row: { id: number; vandanlaegId: number },
  b: Pick<BoringBody, 'dguNr' | 'navn' | 'indtag'>,
  handling: 'oprettet' | 'rettet',
): Promise<Boring> {
  const aendringer = await gemIndtag(tx, user, row.id, b.indtag);
  await skrivLog(tx, user, {
    virksomhedId: row.vandanlaegId,
    emne: 'Boring',
    notat: `Boring ${boringBeskrivelse(b)} ${handling}${aendringer.length ? `; ${aendringer.join(', ')}` : ''}`,
  });
  const [svar] = await hentBoringer(tx, row.vandanlaegId, row.id);
  return svar!;
}

/** Deletes a borehole with its intakes, unless an intake holds quantities or readings. */
export async function sletBoring(
  db: Db,
  user: SessionUser,
  id: number,
  q: QueryOf<typeof boringEndpoints.slet>,
): Promise<void> {
  const row = await loadBoring(db, user, id, 'write');
  if (row.vandanlaegId !== q.virksomhedId) throw notFound('Boringen');
  await transactionWithRetry(db, async (tx) => {
    const ids = (await tx.select({ id: indtag.id }).from(indtag).where(eq(indtag.boringId, row.id))).map(
      (i) => i.id,
    );
    if ((await indtagMedData(tx, ids)).size > 0)
      throw badRequest({ boring: [BORING_HAR_MAENGDER] }, 'Boringen kan ikke slettes');
    const slettet = await tx
      .delete(boring)
      .where(and(eq(boring.id, row.id), eq(boring.version, q.version)))
      .returning({ id: boring.id });
    if (slettet.length === 0) throw conflict(BORING_KONFLIKT);
    await skrivLog(tx, user, {
      virksomhedId: row.vandanlaegId,
      emne: 'Boring',
      notat: `Boring ${boringBeskrivelse(row)} slettet med ${ids.length} indtag`,
    });
  });
}
