import { sql } from 'drizzle-orm';
import type { BodyOf } from '../../contract/endpoint';
import { dagenFoer, plusDage, utcDato } from '../../contract/format';
import { VALIDERING_STATUS } from '../../contract/validering';
import {
  beregnFelter,
  type Forsyningslinje,
  LINJE_STATUS,
  type Maengde,
  type maengdeEndpoints,
  type SenesteInfo,
} from '../../contract/vand-data';
import { periodensUdveksling, type Udveksling, udvekslingAf } from '../../contract/vand-regler';
import { IMPORT_EKSPORT_VANDMAENGDER } from '../../contract/vandanlaeg-registreringer';
import { loadVandanlaeg } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows } from '../db/client';
import type { Tx } from '../db/versioneret';
import { notFound } from '../http/errors';
import { tilIso } from '../validering/data';
import { forsyningsartNavn, indtagAfKunde, isoN, num, numN, type R, strN } from './felles';

/**
 * Reading a plant's pumped quantities (issue 11): the periods of the plant level (indtag_id null) or an
 * intake with their supply lines and computed fields (`beregnFelter`, the exchanges with other plants
 * from `vand-regler.ts`), the latest period and the next one, the sums by supply kind and by year.
 * Creating, editing and deleting them: `maengde-indberetning.ts`.
 */

export type StoredLinje = {
  id?: number;
  jupiterForsyningsartId: number;
  maengde: number;
  modtagerAntal?: number | null;
};
export type Linje = {
  id: number;
  jupiterForsyningsartId: number;
  maengde: number;
  modtagerAntal: number | null;
};

/** The stored lines with their ids: lines stored without one (older data) are numbered after the rest. */
export function medLinjeIds(gemte: readonly StoredLinje[]): Linje[] {
  let naeste = Math.max(0, ...gemte.map((l) => l.id ?? 0)) + 1;
  return gemte.map((l) => ({
    id: l.id ?? naeste++,
    jupiterForsyningsartId: l.jupiterForsyningsartId,
    maengde: l.maengde,
    modtagerAntal: l.modtagerAntal ?? null,
  }));
}

const linjerUd = (linjer: Linje[]): Forsyningslinje[] =>
  linjer.map((l) => ({ ...l, forsyningsart: forsyningsartNavn(l.jupiterForsyningsartId), status: 0 }));

function maengdeRaekke(r: R, udveksling: readonly Udveksling[]): Maengde {
  const forsyning = linjerUd(medLinjeIds((r.forsyning as StoredLinje[]) ?? []));
  const vandmaengdeOppumpet = num(r.vandmaengde_oppumpet);
  const startdato = String(r.startdato);
  const slutdato = String(r.slutdato);
  const beregnet = beregnFelter({
    vandmaengdeOppumpet,
    vandvaerketsEgetForbrug: numN(r.vandvaerkets_eget_forbrug),
    filterskylning: numN(r.filterskylning),
    // The plant's imports and exports belong to its plant-level periods.
    ...(r.indtag_id === null ? periodensUdveksling(udveksling, { start: startdato, slut: slutdato }) : {}),
    forsyning,
  });
  return {
    id: num(r.id),
    vandanlaegId: num(r.vandanlaeg_id),
    indtagId: numN(r.indtag_id),
    startdato,
    slutdato,
    grundvand: Boolean(r.grundvand),
    overfladevand: Boolean(r.overfladevand),
    maalerstandStart: numN(r.maalerstand_start),
    maalerstandSlut: numN(r.maalerstand_slut),
    omregningsfaktor: num(r.omregningsfaktor),
    vandmaengdeOppumpet,
    vandvaerketsEgetForbrug: numN(r.vandvaerkets_eget_forbrug),
    vandvaerketsEgetForbrugBemaerkning: strN(r.vandvaerkets_eget_forbrug_bemaerkning),
    filterskylning: numN(r.filterskylning),
    jupiterIndvindingsmetodeId: numN(r.jupiter_indvindingsmetode_id),
    kontrolleret: r.kontrolleret === null || r.kontrolleret === undefined ? null : Boolean(r.kontrolleret),
    kontrolleretTekst: strN(r.kontrolleret_tekst),
    maalerskift: Boolean(r.maalerskift),
    forsyning,
    samletLeveretVandmaengde: beregnet.samletLeveretVandmaengde,
    importeret: beregnet.importeret,
    eksporteret: beregnet.eksporteret,
    ledningstab: beregnet.ledningstab,
    bemaerkning: strN(r.bemaerkning),
    indberetter: strN(r.indberetter),
    indberettetDato: tilIso(r.indberettet_dato),
    status: num(r.status),
    besluttetAf: strN(r.besluttet_af),
    besluttetDato: isoN(r.besluttet_dato),
    version: num(r.version),
  };
}

const MAENGDE_SELECT = sql`SELECT o.*, o.startdato::text AS startdato, o.slutdato::text AS slutdato,
                                  bu.navn AS besluttet_af
                           FROM oppumpet_maengde o LEFT JOIN bruger bu ON bu.id = o.besluttet_af_bruger_id`;

/** Quantities of a plant (plant level), an intake or one id, newest first (the benchmark runs it directly too). */
export async function hentMaengder(
  db: Db | Tx,
  hvor: { anlaegId?: number; indtagId?: number; id?: number; kundeId: number },
): Promise<Maengde[]> {
  const betingelser = [sql`o.kunde_id = ${hvor.kundeId}`];
  if (hvor.id !== undefined) betingelser.push(sql`o.id = ${hvor.id}`);
  if (hvor.anlaegId !== undefined)
    betingelser.push(sql`o.vandanlaeg_id = ${hvor.anlaegId} AND o.indtag_id IS NULL`);
  if (hvor.indtagId !== undefined) betingelser.push(sql`o.indtag_id = ${hvor.indtagId}`);
  const rows = await queryRows<R>(
    db as Db,
    sql`${MAENGDE_SELECT} WHERE ${sql.join(betingelser, sql` AND `)} ORDER BY o.startdato DESC, o.id DESC`,
  );
  const anlaeg = [...new Set(rows.filter((r) => r.indtag_id === null).map((r) => num(r.vandanlaeg_id)))];
  const udveksling = await hentUdveksling(db, hvor.kundeId, anlaeg);
  return rows.map((r) => maengdeRaekke(r, udveksling.get(num(r.vandanlaeg_id)) ?? []));
}

/** The import and export records (ImportEksportVandmaengder) of these plants, by plant. */
async function hentUdveksling(
  db: Db | Tx,
  kundeId: number,
  anlaegIds: number[],
): Promise<Map<number, Udveksling[]>> {
  const ud = new Map<number, Udveksling[]>();
  if (anlaegIds.length === 0) return ud;
  const rows = await queryRows<R>(
    db as Db,
    sql`SELECT virksomhed_id, dato::text AS dato, data->>'retning' AS retning, data->>'periodeTil' AS "periodeTil",
               CASE WHEN jsonb_typeof(data->'maengde') = 'number' THEN (data->>'maengde')::float8 END AS maengde
        FROM registrering
        WHERE kunde_id = ${kundeId} AND art = ${IMPORT_EKSPORT_VANDMAENGDER.art} AND NOT slettet
          AND virksomhed_id IN (${sql.join(
            anlaegIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
  );
  for (const r of rows) {
    const u = udvekslingAf({ ...r, maengde: numN(r.maengde) });
    if (!u) continue;
    const id = num(r.virksomhed_id);
    ud.set(id, [...(ud.get(id) ?? []), u]);
  }
  return ud;
}

const dagEfter = (iso: string) => plusDage(iso, 1);

/** The next period after start..slut: from the day after, the same number of whole months (else days). */
export function naestePeriode(start: string, slut: string): { start: string; slut: string } {
  const naesteStart = dagEfter(slut);
  const s = new Date(`${start}T00:00:00Z`);
  const e = new Date(`${naesteStart}T00:00:00Z`);
  const maaneder = (e.getUTCFullYear() - s.getUTCFullYear()) * 12 + e.getUTCMonth() - s.getUTCMonth();
  if (s.getUTCDate() === 1 && e.getUTCDate() === 1 && maaneder > 0) {
    const slutExcl = new Date(Date.UTC(e.getUTCFullYear(), e.getUTCMonth() + maaneder, 1));
    return { start: naesteStart, slut: dagenFoer(utcDato(slutExcl)) };
  }
  const dage = Math.round((e.getTime() - s.getTime()) / 86_400_000);
  const slutDato = new Date(e.getTime() + (dage - 1) * 86_400_000);
  return { start: naesteStart, slut: utcDato(slutDato) };
}

export async function senesteInfo(
  db: Db,
  kundeId: number,
  anlaegId: number,
  indtagId: number | null,
): Promise<SenesteInfo> {
  const rows = await queryRows<R>(
    db,
    sql`SELECT id, startdato::text AS startdato, slutdato::text AS slutdato, maalerstand_slut, omregningsfaktor,
               jupiter_indvindingsmetode_id, forsyning
        FROM oppumpet_maengde
        WHERE kunde_id = ${kundeId} AND vandanlaeg_id = ${anlaegId}
          AND ${indtagId === null ? sql`indtag_id IS NULL` : sql`indtag_id = ${indtagId}`}
          AND status <> ${VALIDERING_STATUS.FORKASTET}
        ORDER BY slutdato DESC, id DESC LIMIT 1`,
  );
  const r = rows[0];
  if (!r) return null;
  const naeste = naestePeriode(String(r.startdato), String(r.slutdato));
  return {
    id: num(r.id),
    startdato: String(r.startdato),
    slutdato: String(r.slutdato),
    maalerstandSlut: numN(r.maalerstand_slut),
    omregningsfaktor: num(r.omregningsfaktor),
    jupiterIndvindingsmetodeId: numN(r.jupiter_indvindingsmetode_id),
    naesteStartdato: naeste.start,
    naesteSlutdato: naeste.slut,
    forsyningsarter: [
      ...new Set(((r.forsyning as StoredLinje[]) ?? []).map((l) => l.jupiterForsyningsartId)),
    ],
  };
}

/** A quantity of either level that the user may read. */
export async function laesMaengde(db: Db, user: SessionUser, id: number): Promise<Maengde> {
  const [m] = await hentMaengder(db, { id, kundeId: user.kundeId });
  if (!m) throw notFound('Vandmængden');
  await loadVandanlaeg(db, user, m.vandanlaegId, 'read');
  return m;
}

/** The computed fields of a stored quantity, without the readings (its line loss). */
export const ledningstabAf = (m: Maengde) =>
  beregnFelter({ ...m, maalerstandStart: null, maalerstandSlut: null });

/** The computed fields of a quantity being typed (deleted supply lines left out). */
export const beregnMaengde = (b: BodyOf<typeof maengdeEndpoints.beregn>) =>
  beregnFelter({
    ...b,
    forsyning: b.forsyning.filter((l) => l.status !== LINJE_STATUS.DELETED),
    maalerskift: b.maalerskift ?? false,
  });

/** An intake of the customer that the user may read, with its plant's id. */
export async function laesIndtag(db: Db, user: SessionUser, indtagId: number) {
  const it = await indtagAfKunde(db, user, indtagId);
  await loadVandanlaeg(db, user, it.vandanlaegId, 'read');
  return it;
}

/** The plant level's supplied quantity by supply kind (discarded periods left out), within fra..til. */
export async function sumForsyningsarter(
  db: Db,
  kundeId: number,
  { virksomhedId, fra, til }: BodyOf<typeof maengdeEndpoints.sumForsyningsarter>,
) {
  const rows = await queryRows<R>(
    db,
    sql`SELECT (l->>'jupiterForsyningsartId')::int AS art, sum((l->>'maengde')::float8) AS maengde,
               count(DISTINCT o.id) AS perioder
        FROM oppumpet_maengde o, jsonb_array_elements(o.forsyning) l
        WHERE o.kunde_id = ${kundeId} AND o.vandanlaeg_id = ${virksomhedId} AND o.indtag_id IS NULL
          AND o.status <> ${VALIDERING_STATUS.FORKASTET}
          ${fra ? sql`AND o.startdato >= ${fra}` : sql``} ${til ? sql`AND o.slutdato <= ${til}` : sql``}
        GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((r) => ({
    jupiterForsyningsartId: num(r.art),
    forsyningsart: forsyningsartNavn(num(r.art)),
    maengde: Math.round(num(r.maengde) * 1e6) / 1e6,
    antalPerioder: num(r.perioder),
  }));
}

/** The plant level's pumped and approved quantity per year, and the permitted yearly quantity. */
export async function aarsoversigt(db: Db, kundeId: number, plant: { id: number; basis: unknown }) {
  const rows = await queryRows<R>(
    db,
    sql`SELECT extract(year FROM startdato)::int AS aar,
               COALESCE(sum(vandmaengde_oppumpet) FILTER (WHERE status <> ${VALIDERING_STATUS.FORKASTET}), 0) AS oppumpet,
               COALESCE(sum(vandmaengde_oppumpet) FILTER (WHERE status = ${VALIDERING_STATUS.GODKENDT}), 0) AS godkendt
        FROM oppumpet_maengde
        WHERE kunde_id = ${kundeId} AND vandanlaeg_id = ${plant.id} AND indtag_id IS NULL
        GROUP BY 1 ORDER BY 1`,
  );
  const tilladt = Number((plant.basis as Record<string, unknown>)?.vandmaengdeM3Aar);
  return {
    tilladtM3Aar: Number.isFinite(tilladt) && tilladt > 0 ? tilladt : null,
    aar: rows.map((r) => ({ aar: num(r.aar), oppumpet: num(r.oppumpet), godkendt: num(r.godkendt) })),
  };
}
