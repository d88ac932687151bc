import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  FORTRYD_VINDUE_MINUTTER,
  FORTRYD_VINDUE_MS,
  type FortrydBody,
  type FortrydSvar,
  fortrydBeslutning,
  VALIDERING_STATUS,
  type ValideringArt,
} from '../../contract/validering';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows, transactionWithRetry } from '../db/client';
import { naesteVersion } from '../db/version';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { hubFor } from '../realtime';
import { tilIso } from '../validering/data';
import { intArray, opdaterStatistik } from '../validering/median';
import {
  ART_FILTER,
  BESKRIVELSE,
  type Besluttet,
  JOINS,
  linje,
  logPrAnlaeg,
  NAVNE,
  TABEL,
} from './validering-beslut';

/**
 * Fortryd (undo) of a validation decision — our addition to the specification's calls
 * (docs/api.md, docs/decisions.md 'Validation of water data'):
 *
 *   POST validering/fortryd  { art, poster: [{ id, version }] }  →  { fortrudt, versioner }
 *
 * The entries go back to awaiting (status 0, no decider, no decision time, a new version). Nothing is
 * deleted: the decision's log row stays and the undo writes one of its own per plant. Only the
 * validator who decided may undo, within FORTRYD_VINDUE_MINUTTER of the decision. All or nothing:
 * an id outside the customer's queue answers 404, a version other than the one the decision gave
 * 409, another validator's decision 403, an entry that awaits already or was decided too long ago
 * 400; in each case nothing is undone. The median test's statistics are recomputed in the same
 * transaction (an approved entry leaving the history marks its series), and the undo is published
 * to the customer's event stream as a 'besluttet' event with status 0.
 */

interface Laast {
  id: number;
  status: number;
  version: number;
  af_id: number | null;
  dato: unknown;
}

const flertalPoster = (n: number) => (n === 1 ? 'En post' : `${n} poster`);

/** The log text of one plant's undone entries (status before the undo per line). */
export function fortrydLogtekst(art: ValideringArt, rows: (Besluttet & { foer: number })[]): string {
  const n = NAVNE[art];
  const sorteret = rows.slice().sort((a, b) => (a.fra ?? '').localeCompare(b.fra ?? '') || a.id - b.id);
  const MAKS = 20;
  const linjer = sorteret
    .slice(0, MAKS)
    .map((r) => `- ${linje(art, r)} (${r.foer === 1 ? 'var godkendt' : 'var forkastet'})`);
  if (sorteret.length > MAKS) linjer.push(`- og ${sorteret.length - MAKS} flere`);
  const hoved =
    rows.length === 1
      ? `Beslutning fortrudt ved validering; ${n.ental.toLowerCase()} afventer validering igen:`
      : `Beslutning fortrudt ved validering; ${rows.length} ${n.flertal.toLowerCase()} afventer validering igen:`;
  return `${hoved}\n${linjer.join('\n')}`;
}

export async function fortryd(db: Db, user: SessionUser, body: FortrydBody, nu: Date): Promise<FortrydSvar> {
  const { art } = body;
  const ids = body.poster.map((p) => p.id);
  const sendt = new Map(body.poster.map((p) => [p.id, p.version]));
  const tabel = TABEL[art];
  // Like a decision: rows locked in id order, and a deadlock or serialisation failure retried once.
  const svar = await transactionWithRetry(db, async (tx) => {
    const t = tx as unknown as Db;
    const laast = await queryRows<Laast>(
      t,
      sql`SELECT o.id, o.status, o.version, o.besluttet_af_bruger_id AS af_id, o.besluttet_dato AS dato
          FROM ${tabel} o
          WHERE o.id = ANY(${intArray(ids)}::int[]) AND o.kunde_id = ${user.kundeId} AND ${ART_FILTER[art]}
          ORDER BY o.id
          FOR UPDATE`,
    );
    if (laast.length < ids.length) throw notFound(ids.length - laast.length === 1 ? 'Posten' : 'Posterne');
    const aendrede = laast.filter((r) => Number(r.version) !== sendt.get(Number(r.id))).length;
    if (aendrede > 0) {
      throw conflict(
        `${flertalPoster(aendrede)} er ændret, siden beslutningen blev truffet. Opdater listen og prøv igen.`,
      );
    }
    const afventer = laast.filter((r) => Number(r.status) === VALIDERING_STATUS.AFVENTER).length;
    if (afventer > 0) {
      throw badRequest({
        poster: [
          afventer === 1
            ? 'Posten afventer allerede validering'
            : `${afventer} poster afventer allerede validering`,
        ],
      });
    }
    if (laast.some((r) => r.af_id === null || Number(r.af_id) !== user.brugerId)) {
      throw forbidden('Kun den, der traf beslutningen, kan fortryde den');
    }
    const graense = nu.getTime() - FORTRYD_VINDUE_MS;
    if (laast.some((r) => r.dato === null || Date.parse(tilIso(r.dato)) < graense)) {
      throw badRequest({
        poster: [
          `En beslutning kan kun fortrydes i ${FORTRYD_VINDUE_MINUTTER} minutter. Find posten under Godkendte eller Forkastede.`,
        ],
      });
    }
    const foer = new Map(laast.map((r) => [Number(r.id), Number(r.status)]));
    const fortrudt = await queryRows<Besluttet & { version: number }>(
      t,
      sql`WITH u AS (
            UPDATE ${tabel} o
            SET status = ${VALIDERING_STATUS.AFVENTER}, besluttet_af_bruger_id = NULL, besluttet_dato = NULL, version = ${naesteVersion}
            WHERE o.id = ANY(${intArray(ids)}::int[]) AND o.kunde_id = ${user.kundeId}
            RETURNING o.*
          )
          SELECT u.id, u.vandanlaeg_id, u.version, ${BESKRIVELSE[art]} FROM u ${JOINS[art]}`,
    );
    const medFoer = fortrudt.map((r) => ({ ...r, foer: foer.get(Number(r.id)) ?? 0 }));
    await logPrAnlaeg(t, user, medFoer, (rows) => fortrydLogtekst(art, rows));
    // An approved entry leaving the history changes the median test's statistics: the triggers
    // marked its series; recompute them before the commit, as a decision does.
    if (art !== 'vandproeve') await opdaterStatistik(t, user.kundeId);
    const versioner = fortrudt
      .map((r) => ({ id: Number(r.id), version: Number(r.version) }))
      .sort((a, b) => a.id - b.id);
    return { fortrudt: versioner.map((v) => v.id), versioner };
  });
  // After the commit: an undo that rolled back is never announced.
  await hubFor(db).publish(user.kundeId, {
    emne: 'validering',
    data: {
      type: 'besluttet',
      kind: art,
      ids: svar.fortrudt,
      status: VALIDERING_STATUS.AFVENTER,
      af: user.username,
    },
  });
  return svar;
}

/** POST validering/fortryd (registered by valideringRoutes). */
export async function valideringFortrydRoutes(app: FastifyInstance, deps: Deps) {
  const ur = deps.clock ?? (() => new Date());
  serve(app, fortrydBeslutning, (request) => fortryd(deps.db, request.user, request.body, ur()));
}
