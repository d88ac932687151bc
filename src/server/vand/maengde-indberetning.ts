import { and, eq, sql } from 'drizzle-orm';
import type { BodyOf } from '../../contract/endpoint';
import { formatIsoDato, formatTal } from '../../contract/format';
import { VALIDERING_STATUS } from '../../contract/validering';
import {
  beregnFelter,
  LINJE_STATUS,
  MAALERSKIFT_FELT,
  MAALERSKIFT_TITEL,
  MAENGDE_KONFLIKT,
  type maengdeEndpoints,
} from '../../contract/vand-data';
import { loadVandanlaeg } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows, transactionWithRetry } from '../db/client';
import { oppumpetMaengde } from '../db/schema';
import { opdaterVersioneret, skrivLog, type Tx } from '../db/versioneret';
import { badRequest, conflict, notFound } from '../http/errors';
import { FORSYNINGSART, indtagAfKunde, indtagBeskrivelse, m3, num, type R, strN } from './felles';
import { hentMaengder, type Linje, medLinjeIds, type StoredLinje } from './maengder';

/**
 * Reporting a pumped quantity (issue 11) at the plant level or for an intake: the supply lines'
 * changes, the rules that need the database (period, overlap, meter readings), and create, edit
 * (back to Afventer) and delete, each in one transaction with the plant's log.
 */

/**
 * Applies the changed supply lines to the stored ones: CREATED adds a line (a new id), UPDATED
 * replaces the line of that id, DELETED removes it, UNCHANGED is ignored. A line id that is not
 * among the stored lines is a 400.
 */
export function anvendLinjer(
  gemte: readonly StoredLinje[],
  aendringer: BodyOf<typeof maengdeEndpoints.ret>['forsyning'],
): Linje[] {
  const linjer = medLinjeIds(gemte);
  let naeste = Math.max(0, ...linjer.map((l) => l.id)) + 1;
  const fejl: Record<string, string[]> = {};
  aendringer.forEach((a, n) => {
    const ny = {
      jupiterForsyningsartId: a.jupiterForsyningsartId,
      maengde: a.maengde,
      modtagerAntal: a.modtagerAntal,
    };
    if (!FORSYNINGSART.has(a.jupiterForsyningsartId))
      fejl[`forsyning.${n}.jupiterForsyningsartId`] = ['Ukendt forsyningsart'];
    if (a.status === LINJE_STATUS.CREATED) {
      linjer.push({ id: naeste++, ...ny });
      return;
    }
    if (a.status === LINJE_STATUS.UNCHANGED) return;
    const i = a.id === undefined ? -1 : linjer.findIndex((l) => l.id === a.id);
    if (i < 0) {
      fejl[`forsyning.${n}.id`] = ['Forsyningslinjen findes ikke på indberetningen'];
      return;
    }
    if (a.status === LINJE_STATUS.UPDATED) linjer[i] = { id: linjer[i]!.id, ...ny };
    else linjer.splice(i, 1);
  });
  if (Object.keys(fejl).length > 0) throw badRequest(fejl);
  return linjer;
}

/** A quantity of the customer at the level (plant: indtag_id null) or 404. */
async function loadMaengde(db: Db, user: SessionUser, id: number, niveau: 'anlaeg' | 'indtag') {
  const [row] = await db
    .select()
    .from(oppumpetMaengde)
    .where(and(eq(oppumpetMaengde.id, id), eq(oppumpetMaengde.kundeId, user.kundeId)));
  if (!row || (niveau === 'anlaeg') !== (row.indtagId === null)) throw notFound('Vandmængden');
  return row;
}

type MaengdeBody = Omit<BodyOf<typeof maengdeEndpoints.ret>, 'version'>;

/**
 * The rules of a quantity that need the database or several fields: the period, no overlap with
 * another (not discarded) entry of the same plant or intake, readings that do not run backwards, and
 * a start reading below the previous period's end only when the meter was replaced.
 */
async function tjekMaengde(
  tx: Tx,
  anlaegId: number,
  indtagId: number | null,
  b: MaengdeBody,
  linjer: Linje[],
  egetId?: number,
): Promise<number> {
  if (b.slutdato < b.startdato) throw badRequest({ slutdato: ['Slutdato skal ligge efter startdato'] });
  const niveau = indtagId === null ? sql`indtag_id IS NULL` : sql`indtag_id = ${indtagId}`;
  const ikkeMig = egetId === undefined ? sql`` : sql`AND id <> ${egetId}`;
  const overlap = await queryRows<R>(
    tx as Db,
    sql`SELECT startdato::text AS startdato, slutdato::text AS slutdato FROM oppumpet_maengde
        WHERE vandanlaeg_id = ${anlaegId} AND ${niveau} ${ikkeMig} AND status <> ${VALIDERING_STATUS.FORKASTET}
          AND startdato <= ${b.slutdato} AND slutdato >= ${b.startdato}
        ORDER BY startdato LIMIT 1`,
  );
  const o = overlap[0];
  if (o)
    throw badRequest({
      startdato: [
        `Perioden overlapper en anden indberetning (${formatIsoDato(String(o.startdato))} – ${formatIsoDato(String(o.slutdato))})`,
      ],
    });
  const start = b.maalerstandStart;
  const slut = b.maalerstandSlut;
  if (start !== null && slut !== null && slut < start && !b.maalerskift)
    throw badRequest(
      {
        [MAALERSKIFT_FELT]: [
          `Målerstand slut (${formatTal(slut)}) er lavere end målerstand start (${formatTal(start)}). Er måleren skiftet i perioden?`,
        ],
      },
      MAALERSKIFT_TITEL,
    );
  if (start !== null && !b.maalerskift) {
    const forrige = await queryRows<R>(
      tx as Db,
      sql`SELECT maalerstand_slut, slutdato::text AS slutdato FROM oppumpet_maengde
          WHERE vandanlaeg_id = ${anlaegId} AND ${niveau} ${ikkeMig} AND status <> ${VALIDERING_STATUS.FORKASTET}
            AND slutdato < ${b.startdato} AND maalerstand_slut IS NOT NULL
          ORDER BY slutdato DESC LIMIT 1`,
    );
    const f = forrige[0];
    if (f && start < num(f.maalerstand_slut))
      throw badRequest(
        {
          [MAALERSKIFT_FELT]: [
            `Målerstand start (${formatTal(start)}) er lavere end slutmålerstanden for forrige periode (${formatTal(num(f.maalerstand_slut))} pr. ${formatIsoDato(String(f.slutdato))}). Er måleren skiftet?`,
          ],
        },
        MAALERSKIFT_TITEL,
      );
  }
  const beregnet = beregnFelter({ ...b, forsyning: linjer });
  if (beregnet.vandmaengdeOppumpet === null)
    throw badRequest({ vandmaengdeOppumpet: ['Angiv målerstande eller den oppumpede vandmængde'] });
  if (beregnet.vandmaengdeOppumpet < 0)
    throw badRequest({
      vandmaengdeOppumpet: [
        'Den oppumpede vandmængde kan ikke være negativ; angiv mængden, når måleren er skiftet',
      ],
    });
  return beregnet.vandmaengdeOppumpet;
}

/** The lines as stored in the jsonb: with their ids, without an empty recipient count. */
const lagret = (linjer: Linje[]) =>
  linjer.map((l) => ({
    id: l.id,
    jupiterForsyningsartId: l.jupiterForsyningsartId,
    maengde: l.maengde,
    ...(l.modtagerAntal === null ? {} : { modtagerAntal: l.modtagerAntal }),
  }));

const maengdeKolonner = (b: MaengdeBody, vandmaengdeOppumpet: number, linjer: Linje[]) => ({
  startdato: b.startdato,
  slutdato: b.slutdato,
  grundvand: b.grundvand,
  overfladevand: b.overfladevand,
  maalerstandStart: b.maalerstandStart,
  maalerstandSlut: b.maalerstandSlut,
  omregningsfaktor: b.omregningsfaktor,
  vandmaengdeOppumpet,
  vandvaerketsEgetForbrug: b.vandvaerketsEgetForbrug,
  vandvaerketsEgetForbrugBemaerkning: b.vandvaerketsEgetForbrugBemaerkning,
  filterskylning: b.filterskylning,
  jupiterIndvindingsmetodeId: b.jupiterIndvindingsmetodeId,
  kontrolleret: b.kontrolleret,
  kontrolleretTekst: b.kontrolleretTekst,
  maalerskift: b.maalerskift,
  bemaerkning: b.bemaerkning,
  forsyning: lagret(linjer),
});

const periodeTekst = (start: string, slut: string) => `${formatIsoDato(start)} – ${formatIsoDato(slut)}`;

/** Create, edit and delete of a quantity, shared by the plant and intake levels. */
export function maengdeHandlinger(db: Db, niveau: 'anlaeg' | 'indtag') {
  const emne = niveau === 'anlaeg' ? 'Oppumpet vandmængde (anlæg)' : 'Oppumpet vandmængde (boring / indtag)';
  /** The intake (intake level) must be the customer's and belong to the plant. */
  const indtagAf = async (user: SessionUser, anlaegId: number, indtagId: number | undefined) => {
    if (niveau === 'anlaeg' || indtagId === undefined) return { id: null, tekst: '' };
    const it = await indtagAfKunde(db, user, indtagId);
    if (it.vandanlaegId !== anlaegId) throw badRequest({ indtagId: ['Indtaget hører ikke til anlægget'] });
    return { id: indtagId, tekst: ` på ${(await indtagBeskrivelse(db, indtagId)).tekst}` };
  };

  const opret = async (user: SessionUser, b: MaengdeBody & { indtagId?: number }) => {
    await loadVandanlaeg(db, user, b.virksomhedId, 'write');
    const it = await indtagAf(user, b.virksomhedId, b.indtagId);
    const [navn] = await queryRows<R>(db, sql`SELECT navn FROM bruger WHERE id = ${user.brugerId}`);
    return transactionWithRetry(db, async (tx) => {
      const linjer = anvendLinjer(
        [],
        b.forsyning.map((l) => ({ ...l, status: LINJE_STATUS.CREATED })),
      );
      const maengde = await tjekMaengde(tx, b.virksomhedId, it.id, b, linjer);
      const [ny] = await tx
        .insert(oppumpetMaengde)
        .values({
          kundeId: user.kundeId,
          vandanlaegId: b.virksomhedId,
          indtagId: it.id,
          ...maengdeKolonner(b, maengde, linjer),
          indberetter: strN(navn?.navn) ?? user.username,
          status: VALIDERING_STATUS.AFVENTER,
        })
        .returning({ id: oppumpetMaengde.id });
      await skrivLog(tx, user, {
        virksomhedId: b.virksomhedId,
        emne,
        notat: `${emne}${it.tekst} ${periodeTekst(b.startdato, b.slutdato)} oprettet: ${m3(maengde)}`,
      });
      const [svar] = await hentMaengder(tx, { id: ny!.id, kundeId: user.kundeId });
      return svar!;
    });
  };

  const ret = async (
    user: SessionUser,
    id: number,
    b: MaengdeBody & { indtagId?: number; version: number },
  ) => {
    const row = await loadMaengde(db, user, id, niveau);
    if (row.vandanlaegId !== b.virksomhedId)
      throw badRequest({ virksomhedId: ['Vandmængden hører ikke til anlægget'] });
    await loadVandanlaeg(db, user, row.vandanlaegId, 'write');
    const it = await indtagAf(user, row.vandanlaegId, b.indtagId);
    return transactionWithRetry(db, async (tx) => {
      const linjer = anvendLinjer((row.forsyning as StoredLinje[]) ?? [], b.forsyning);
      const maengde = await tjekMaengde(tx, row.vandanlaegId, it.id, b, linjer, id);
      await opdaterVersioneret(
        tx,
        oppumpetMaengde,
        { id, version: b.version },
        {
          indtagId: it.id,
          ...maengdeKolonner(b, maengde, linjer),
          // An edited entry waits for validation again.
          status: VALIDERING_STATUS.AFVENTER,
          besluttetAfBrugerId: null,
          besluttetDato: null,
        },
        MAENGDE_KONFLIKT,
        user,
        {
          virksomhedId: row.vandanlaegId,
          emne,
          notat: `${emne}${it.tekst} ${periodeTekst(b.startdato, b.slutdato)} rettet: ${m3(row.vandmaengdeOppumpet)} → ${m3(maengde)}; afventer validering`,
        },
      );
      const [svar] = await hentMaengder(tx, { id, kundeId: user.kundeId });
      return svar!;
    });
  };

  const slet = async (user: SessionUser, id: number, version: number) => {
    const row = await loadMaengde(db, user, id, niveau);
    await loadVandanlaeg(db, user, row.vandanlaegId, 'write');
    await transactionWithRetry(db, async (tx) => {
      const slettet = await tx
        .delete(oppumpetMaengde)
        .where(and(eq(oppumpetMaengde.id, id), eq(oppumpetMaengde.version, version)))
        .returning({ id: oppumpetMaengde.id });
      if (slettet.length === 0) throw conflict(MAENGDE_KONFLIKT);
      await skrivLog(tx, user, {
        virksomhedId: row.vandanlaegId,
        emne,
        notat: `${emne} ${periodeTekst(row.startdato, row.slutdato)} slettet (${m3(row.vandmaengdeOppumpet)})`,
      });
    });
  };
  return { opret, ret, slet };
}
