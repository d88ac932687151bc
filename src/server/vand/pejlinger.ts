import { and, eq, sql } from 'drizzle-orm';
import type { BodyOf } from '../../contract/endpoint';
import { formatIsoDato, formatTal, utcDato } from '../../contract/format';
import { type PejlingPost, VALIDERING_STATUS } from '../../contract/validering';
import { PEJLING_KONFLIKT, type pejlingEndpoints, situationTekst } from '../../contract/vand-data';
import { loadVandanlaeg } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows, transactionWithRetry } from '../db/client';
import { pejling } from '../db/schema';
import { opdaterVersioneret, skrivLog, type Tx } from '../db/versioneret';
import { badRequest, conflict, notFound } from '../http/errors';
import { tilIso } from '../validering/data';
import { indtagAfKunde, indtagBeskrivelse, isoN, num, numN, type R, strN } from './felles';

/**
 * Water-level readings of an intake (issue 11): created, edited (back to Afventer) and deleted in
 * one transaction with the plant's log; the water table's level is computed from the borehole's
 * terrain level when it is not typed.
 */

export async function hentPejling(db: Db | Tx, kundeId: number, id: number): Promise<PejlingPost> {
  const [r] = await queryRows<R>(
    db as Db,
    sql`SELECT o.*, v.navn AS anlaegsnavn, v.anlaegsnr, it.indtagsnr, b.dgu_nr, bu.navn AS besluttet_af
        FROM pejling o JOIN virksomhed v ON v.id = o.vandanlaeg_id
        JOIN indtag it ON it.id = o.indtag_id JOIN boring b ON b.id = it.boring_id
        LEFT JOIN bruger bu ON bu.id = o.besluttet_af_bruger_id
        WHERE o.id = ${id} AND o.kunde_id = ${kundeId}`,
  );
  if (!r) throw notFound('Pejlingen');
  return {
    id: num(r.id),
    vandanlaegId: num(r.vandanlaeg_id),
    anlaegsnavn: String(r.anlaegsnavn),
    anlaegsnr: strN(r.anlaegsnr),
    indtagId: num(r.indtag_id),
    indtagsnr: num(r.indtagsnr),
    dguNr: String(r.dgu_nr),
    pejletidspunkt: tilIso(r.pejletidspunkt),
    vandstandUnderTerraen: num(r.vandstand_under_terraen),
    grundvandskote: numN(r.grundvandskote),
    situation: numN(r.situation),
    pejlemetode: strN(r.pejlemetode),
    bemaerkning: strN(r.bemaerkning),
    status: num(r.status),
    besluttetAf: strN(r.besluttet_af),
    besluttetDato: isoN(r.besluttet_dato),
    version: num(r.version),
  };
}

/** A date alone is read at 13:00 UTC (spec 001 §9), so it stays the same day in Denmark. */
const tidspunkt = (s: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T13:00:00Z` : s);

type PejlingBody = Omit<BodyOf<typeof pejlingEndpoints.ret>, 'version'>;

/** The intake of a reading with its plant (loaded for writing) and the borehole's terrain level. */
async function pejlingIndtag(db: Db, user: SessionUser, indtagId: number) {
  const it = await indtagAfKunde(db, user, indtagId);
  await loadVandanlaeg(db, user, it.vandanlaegId, 'write');
  return { ...it, ...(await indtagBeskrivelse(db, indtagId)) };
}

const pejlingKolonner = (b: PejlingBody, terraenkote: number | null) => ({
  indtagId: b.indtagId,
  pejletidspunkt: tidspunkt(b.pejletidspunkt),
  vandstandUnderTerraen: b.vandstandUnderTerraen,
  // The water table's level: typed, else the borehole's terrain level minus the depth to water.
  grundvandskote:
    b.grundvandskote ??
    (terraenkote === null ? null : Math.round((terraenkote - b.vandstandUnderTerraen) * 1e6) / 1e6),
  situation: b.situation,
  pejlemetode: b.pejlemetode,
  bemaerkning: b.bemaerkning,
});

const pejlingTekst = (b: PejlingBody) =>
  `${formatIsoDato(utcDato(tidspunkt(b.pejletidspunkt)))}: ${formatTal(b.vandstandUnderTerraen)} m u.t., ${situationTekst(b.situation)}`;

/** A reading of the customer, its plant loaded for writing; else 404. */
async function loadPejling(db: Db, user: SessionUser, id: number) {
  const [row] = await db
    .select()
    .from(pejling)
    .where(and(eq(pejling.id, id), eq(pejling.kundeId, user.kundeId)));
  if (!row) throw notFound('Pejlingen');
  await loadVandanlaeg(db, user, row.vandanlaegId, 'write');
  return row;
}

export async function opretPejling(db: Db, user: SessionUser, b: BodyOf<typeof pejlingEndpoints.opret>) {
  const it = await pejlingIndtag(db, user, b.indtagId);
  return transactionWithRetry(db, async (tx) => {
    const [ny] = await tx
      .insert(pejling)
      .values({
        kundeId: user.kundeId,
        vandanlaegId: it.vandanlaegId,
        ...pejlingKolonner(b, it.terraenkote),
        status: VALIDERING_STATUS.AFVENTER,
      })
      .returning({ id: pejling.id });
    await skrivLog(tx, user, {
      virksomhedId: it.vandanlaegId,
      emne: 'Pejling',
      notat: `Pejling på ${it.tekst} oprettet: ${pejlingTekst(b)}`,
    });
    return hentPejling(tx, user.kundeId, ny!.id);
  });
}

export async function retPejling(
  db: Db,
  user: SessionUser,
  id: number,
  b: BodyOf<typeof pejlingEndpoints.ret>,
) {
  const row = await loadPejling(db, user, id);
  const it = await pejlingIndtag(db, user, b.indtagId);
  if (it.vandanlaegId !== row.vandanlaegId)
    throw badRequest({ indtagId: ['Indtaget hører ikke til pejlingens anlæg'] });
  return transactionWithRetry(db, async (tx) => {
    await opdaterVersioneret(
      tx,
      pejling,
      { id: row.id, version: b.version },
      {
        ...pejlingKolonner(b, it.terraenkote),
        status: VALIDERING_STATUS.AFVENTER,
        besluttetAfBrugerId: null,
        besluttetDato: null,
      },
      PEJLING_KONFLIKT,
      user,
      {
        virksomhedId: row.vandanlaegId,
        emne: 'Pejling',
        notat: `Pejling på ${it.tekst} rettet: ${pejlingTekst(b)}; afventer validering`,
      },
    );
    return hentPejling(tx, user.kundeId, row.id);
  });
}

export async function sletPejling(db: Db, user: SessionUser, id: number, version: number): Promise<void> {
  const row = await loadPejling(db, user, id);
  await transactionWithRetry(db, async (tx) => {
    const slettet = await tx
      .delete(pejling)
      .where(and(eq(pejling.id, row.id), eq(pejling.version, version)))
      .returning({ id: pejling.id });
    if (slettet.length === 0) throw conflict(PEJLING_KONFLIKT);
    await skrivLog(tx, user, {
      virksomhedId: row.vandanlaegId,
      emne: 'Pejling',
      notat: `Pejling ${formatIsoDato(utcDato(row.pejletidspunkt))} slettet (${formatTal(row.vandstandUnderTerraen)} m u.t.)`,
    });
  });
}
