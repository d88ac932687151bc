import { type SQL, sql } from 'drizzle-orm';
import { formatIsoDato, formatTal2 } from '../../contract/format';
import {
  type Beslutning,
  type BeslutningBody,
  type BeslutningSvar,
  type BeslutningSvarMedVersioner,
  VALIDERING_STATUS,
  type ValideringArt,
} from '../../contract/validering';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows, transactionWithRetry } from '../db/client';
import { logbog } from '../db/schema';
import { naesteVersion } from '../db/version';
import { conflict, notFound } from '../http/errors';
import { hubFor } from '../realtime';
import { tilIso } from '../validering/data';
import { intArray, opdaterStatistik } from '../validering/median';

/**
 * Approving (status 1) and discarding (status 2) entries of a queue: atomic and idempotent per entry.
 *
 * One transaction: the entries' rows locked in id order, then
 * `UPDATE ... WHERE id = ANY(...) AND version = <seen> AND status = 0 RETURNING`.
 * Entries another validator decided first are not touched and are answered in `alleredeBesluttet`
 * with who decided and when. A pending entry whose version differs (changed since the list was
 * read) makes the whole call 409; an id outside the customer's queue makes it 404; in both cases
 * nothing is decided. Every decision writes one automatic log row per plant and is published to
 * the customer's event stream after the commit.
 */

export const TABEL: Record<ValideringArt, SQL> = {
  anlaeg: sql.raw('oppumpet_maengde'),
  indtag: sql.raw('oppumpet_maengde'),
  pejling: sql.raw('pejling'),
  vandproeve: sql.raw('vandproeve'),
};

export const ART_FILTER: Record<ValideringArt, SQL> = {
  anlaeg: sql`o.indtag_id IS NULL`,
  indtag: sql`o.indtag_id IS NOT NULL`,
  pejling: sql`TRUE`,
  vandproeve: sql`TRUE`,
};

/** Columns the log line needs, per kind (from the updated row u and its joins). */
export const BESKRIVELSE: Record<ValideringArt, SQL> = {
  anlaeg: sql`u.startdato::text AS fra, u.slutdato::text AS til, u.vandmaengde_oppumpet AS maengde,
              NULL::text AS dgu_nr, NULL::int AS indtagsnr`,
  indtag: sql`u.startdato::text AS fra, u.slutdato::text AS til, u.vandmaengde_oppumpet AS maengde,
              b.dgu_nr, it.indtagsnr`,
  pejling: sql`u.pejletidspunkt::date::text AS fra, NULL::text AS til, u.vandstand_under_terraen AS maengde,
               b.dgu_nr, it.indtagsnr`,
  vandproeve: sql`u.udtaget::date::text AS fra, NULL::text AS til, NULL::float8 AS maengde,
                  u.proevested AS dgu_nr, NULL::int AS indtagsnr`,
};

export const JOINS: Record<ValideringArt, SQL> = {
  anlaeg: sql``,
  indtag: sql`LEFT JOIN indtag it ON it.id = u.indtag_id LEFT JOIN boring b ON b.id = it.boring_id`,
  pejling: sql`LEFT JOIN indtag it ON it.id = u.indtag_id LEFT JOIN boring b ON b.id = it.boring_id`,
  vandproeve: sql``,
};

export interface Besluttet {
  id: number;
  vandanlaeg_id: number;
  fra: string | null;
  til: string | null;
  maengde: number | null;
  dgu_nr: string | null;
  indtagsnr: number | null;
}

export const NAVNE: Record<ValideringArt, { ental: string; flertal: string }> = {
  anlaeg: { ental: 'Oppumpet vandmængde (anlæg)', flertal: 'Oppumpede vandmængder (anlæg)' },
  indtag: {
    ental: 'Oppumpet vandmængde (boring / indtag)',
    flertal: 'Oppumpede vandmængder (boring / indtag)',
  },
  pejling: { ental: 'Pejling', flertal: 'Pejlinger' },
  vandproeve: { ental: 'Vandprøve', flertal: 'Vandprøver' },
};

export function linje(art: ValideringArt, r: Besluttet): string {
  const sted = r.dgu_nr ? ` (DGU ${r.dgu_nr}${r.indtagsnr !== null ? `, indtag ${r.indtagsnr}` : ''})` : '';
  switch (art) {
    case 'anlaeg':
    case 'indtag':
      return `${formatIsoDato(r.fra)} – ${formatIsoDato(r.til)}${sted}: ${formatTal2(Number(r.maengde))} m³`;
    case 'pejling':
      return `${formatIsoDato(r.fra)}${sted}: ${formatTal2(Number(r.maengde))} m under terræn`;
    case 'vandproeve':
      return `Udtaget ${formatIsoDato(r.fra)}, ${r.dgu_nr ?? ''}`;
  }
}

const MAKS_LINJER = 20;

/** The log text of one plant's decided entries. */
export function logtekst(art: ValideringArt, status: Beslutning, rows: Besluttet[]): string {
  const n = NAVNE[art];
  const hvad = status === VALIDERING_STATUS.GODKENDT ? 'godkendt' : 'forkastet';
  const sorteret = rows.slice().sort((a, b) => (a.fra ?? '').localeCompare(b.fra ?? '') || a.id - b.id);
  const linjer = sorteret.slice(0, MAKS_LINJER).map((r) => `- ${linje(art, r)}`);
  if (sorteret.length > MAKS_LINJER) linjer.push(`- og ${sorteret.length - MAKS_LINJER} flere`);
  const hoved =
    rows.length === 1
      ? `${n.ental} ${hvad} ved validering:`
      : `${rows.length} ${n.flertal.toLowerCase()} ${hvad} ved validering:`;
  return `${hoved}\n${linjer.join('\n')}`;
}

/** One automatic log line per plant for the rows a validation step changed (none for no rows). */
export async function logPrAnlaeg<R extends Besluttet>(
  db: Db,
  user: SessionUser,
  rows: R[],
  tekst: (plantRows: R[]) => string,
): Promise<void> {
  if (rows.length === 0) return;
  const prAnlaeg = new Map<number, R[]>();
  for (const r of rows) {
    const a = Number(r.vandanlaeg_id);
    prAnlaeg.set(a, [...(prAnlaeg.get(a) ?? []), r]);
  }
  await db.insert(logbog).values(
    [...prAnlaeg].map(([virksomhedId, plantRows]) => ({
      kundeId: user.kundeId,
      virksomhedId,
      emne: 'Validering',
      notat: tekst(plantRows),
      brugerId: user.brugerId,
      automatisk: true,
    })),
  );
}

export async function beslut(
  db: Db,
  user: SessionUser,
  art: ValideringArt,
  status: Beslutning,
  body: BeslutningBody,
): Promise<BeslutningSvarMedVersioner> {
  const ids = body.poster.map((p) => p.id);
  const versioner = body.poster.map((p) => p.version);
  const tabel = TABEL[art];
  // A deadlock or serialisation failure PostgreSQL resolved by aborting us is retried once.
  const svar = await transactionWithRetry(db, async (tx) => {
    const t = tx as unknown as Db;
    // Row locks in one order (by id), whatever order the client listed the entries in: two calls
    // on overlapping entries then queue behind each other instead of deadlocking.
    await t.execute(
      sql`SELECT o.id FROM ${tabel} o
          WHERE o.id = ANY(${intArray(ids)}::int[]) AND o.kunde_id = ${user.kundeId} AND ${ART_FILTER[art]}
          ORDER BY o.id FOR UPDATE`,
    );
    const besluttet = await queryRows<Besluttet & { version: number }>(
      t,
      sql`WITH input AS (
            SELECT * FROM unnest(${intArray(ids)}::int[], ${intArray(versioner)}::int[]) AS x(id, version)
          ),
          u AS (
            UPDATE ${tabel} o
            SET status = ${status}, besluttet_af_bruger_id = ${user.brugerId}, besluttet_dato = now(),
                version = ${naesteVersion}
            FROM input
            WHERE o.id = input.id AND o.version = input.version AND o.kunde_id = ${user.kundeId}
              AND o.status = ${VALIDERING_STATUS.AFVENTER} AND ${ART_FILTER[art]}
            RETURNING o.*
          )
          SELECT u.id, u.vandanlaeg_id, u.version, ${BESKRIVELSE[art]} FROM u ${JOINS[art]}`,
    );
    const gjort = new Set(besluttet.map((r) => Number(r.id)));
    const rest = ids.filter((id) => !gjort.has(id));
    const allerede: BeslutningSvar['alleredeBesluttet'] = [];
    if (rest.length > 0) {
      const rows = await queryRows<{ id: number; status: number; af: string | null; dato: unknown }>(
        t,
        sql`SELECT o.id, o.status, bu.navn AS af, o.besluttet_dato AS dato
            FROM ${tabel} o LEFT JOIN bruger bu ON bu.id = o.besluttet_af_bruger_id
            WHERE o.id = ANY(${intArray(rest)}::int[]) AND o.kunde_id = ${user.kundeId} AND ${ART_FILTER[art]}`,
      );
      if (rows.length < rest.length) throw notFound(rest.length - rows.length === 1 ? 'Posten' : 'Posterne');
      const aendrede = rows.filter((r) => Number(r.status) === VALIDERING_STATUS.AFVENTER).length;
      if (aendrede > 0) {
        throw conflict(
          aendrede === 1
            ? 'En post er ændret, siden listen blev hentet. Opdater listen og prøv igen.'
            : `${aendrede} poster er ændret, siden listen blev hentet. Opdater listen og prøv igen.`,
        );
      }
      for (const r of rows) {
        allerede.push({
          id: Number(r.id),
          status: Number(r.status),
          af: r.af,
          dato: r.dato === null ? null : tilIso(r.dato),
        });
      }
    }
    await logPrAnlaeg(t, user, besluttet, (rows) => logtekst(art, status, rows));
    // The median test's statistics change with the approved set: recomputed for the series the
    // triggers marked, in this transaction (a discard of a pending entry marks nothing).
    if (besluttet.length > 0 && art !== 'vandproeve') await opdaterStatistik(t, user.kundeId);
    allerede.sort((a, b) => a.id - b.id);
    // The new versions, from the update itself: what an undo (validering/fortryd) sends back.
    const nye = besluttet
      .map((r) => ({ id: Number(r.id), version: Number(r.version) }))
      .sort((a, b) => a.id - b.id);
    return { besluttet: nye.map((v) => v.id), alleredeBesluttet: allerede, versioner: nye };
  });
  if (svar.besluttet.length > 0) {
    // After the commit: a decision that rolled back is never announced.
    await hubFor(db).publish(user.kundeId, {
      emne: 'validering',
      data: { type: 'besluttet', kind: art, ids: svar.besluttet, status, af: user.username },
    });
  }
  return svar;
}
