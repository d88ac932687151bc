import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BodyOf } from '../../contract/endpoint';
import { dagenFoer, formatIsoDato, formatTal, plusDage, utcDato } from '../../contract/format';
import { type PejlingPost, VALIDERING_STATUS, type VandproevePost } from '../../contract/validering';
import {
  BORING_HAR_MAENGDER,
  BORING_KONFLIKT,
  type Boring,
  beregnFelter,
  boringEndpoints,
  type Forsyningslinje,
  INDTAG_HAR_MAENGDER,
  indtagMaengdeEndpoints,
  LINJE_STATUS,
  MAALERSKIFT_FELT,
  MAALERSKIFT_TITEL,
  MAENGDE_KONFLIKT,
  type Maengde,
  maengdeEndpoints,
  PEJLING_KONFLIKT,
  pejlingEndpoints,
  type SenesteInfo,
  situationTekst,
  vandproeveEndpoints,
} from '../../contract/vand-data';
import { periodensUdveksling, type Udveksling, udvekslingAf } from '../../contract/vand-regler';
import { IMPORT_EKSPORT_VANDMAENGDER } from '../../contract/vandanlaeg-registreringer';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows, type Transaction, transactionWithRetry } from '../db/client';
import { boring, indtag, oppumpetMaengde, pejling } from '../db/schema';
import { JUPITER_FORSYNINGSART } from '../db/seed/lookups';
import { opdaterVersioneret, skrivLog, type Tx } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest, conflict, notFound } from '../http/errors';
import { loadVandanlaeg } from './entity-access';
import { erOverskredet, findIndtag, tilIso } from './validering-data';

/**
 * Routes of boreholes, intakes, pumped quantities, supply lines, water levels and samples of a plant
 * (issue 11). Every read loads the plant of the user's customer (another customer's id answers 404);
 * every change is versioned (stale → 409), writes the plant's log in the same transaction and puts an
 * edited quantity or reading back to Afventer.
 */

type R = Record<string, unknown>;
const num = (v: unknown) => Number(v);
const numN = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const strN = (v: unknown) => (v === null || v === undefined ? null : String(v));
const isoN = (v: unknown) => (v === null || v === undefined ? null : tilIso(v));

const FORSYNINGSART = new Map(JUPITER_FORSYNINGSART.map((f) => [f.id, f.navn]));
const forsyningsartNavn = (id: number) => FORSYNINGSART.get(id) ?? `Forsyningsart ${id}`;
const m3 = (n: number | null | undefined) => (n === null || n === undefined ? '–' : `${formatTal(n)} m³`);

// ---------------------------------------------------------------------------------------------
// Boreholes

async function hentBoringer(db: Db | Tx, anlaegId: number, boringId?: number): Promise<Boring[]> {
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

// ---------------------------------------------------------------------------------------------
// Pumped quantities

type StoredLinje = {
  id?: number;
  jupiterForsyningsartId: number;
  maengde: number;
  modtagerAntal?: number | null;
};
type Linje = { id: number; jupiterForsyningsartId: number; maengde: number; modtagerAntal: number | null };

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

/** A quantity of the customer at the level (plant: indtag_id null) or 404. */
async function loadMaengde(db: Db, user: SessionUser, id: number, niveau: 'anlaeg' | 'indtag') {
  const [row] = await db
    .select()
    .from(oppumpetMaengde)
    .where(and(eq(oppumpetMaengde.id, id), eq(oppumpetMaengde.kundeId, user.kundeId)));
  if (!row || (niveau === 'anlaeg') !== (row.indtagId === null)) throw notFound('Vandmængden');
  return row;
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

async function senesteInfo(
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
function maengdeHandlinger(db: Db, niveau: 'anlaeg' | 'indtag') {
  const emne = niveau === 'anlaeg' ? 'Oppumpet vandmængde (anlæg)' : 'Oppumpet vandmængde (boring / indtag)';
  /** The intake (intake level) must be the customer's and belong to the plant. */
  const indtagAf = async (user: SessionUser, anlaegId: number, indtagId: number | undefined) => {
    if (niveau === 'anlaeg' || indtagId === undefined) return { id: null, tekst: '' };
    const it = await findIndtag(db, user.kundeId, indtagId);
    if (!it) throw notFound('Indtaget');
    if (it.vandanlaegId !== anlaegId) throw badRequest({ indtagId: ['Indtaget hører ikke til anlægget'] });
    const [r] = await queryRows<R>(
      db,
      sql`SELECT b.dgu_nr, it.indtagsnr FROM indtag it JOIN boring b ON b.id = it.boring_id WHERE it.id = ${indtagId}`,
    );
    return { id: indtagId, tekst: ` på DGU-nr. ${String(r?.dgu_nr)} indtag ${String(r?.indtagsnr)}` };
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

// ---------------------------------------------------------------------------------------------
// Water-level readings

async function hentPejling(db: Db | Tx, kundeId: number, id: number): Promise<PejlingPost> {
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
  const it = await findIndtag(db, user.kundeId, indtagId);
  if (!it) throw notFound('Indtaget');
  await loadVandanlaeg(db, user, it.vandanlaegId, 'write');
  const [r] = await queryRows<R>(
    db,
    sql`SELECT b.terraenkote, b.dgu_nr, it.indtagsnr FROM indtag it JOIN boring b ON b.id = it.boring_id WHERE it.id = ${indtagId}`,
  );
  return {
    ...it,
    terraenkote: numN(r?.terraenkote),
    tekst: `DGU-nr. ${String(r?.dgu_nr)} indtag ${String(r?.indtagsnr)}`,
  };
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

// ---------------------------------------------------------------------------------------------

export async function vandDataRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;

  // ---- boreholes
  serve(app, boringEndpoints.liste, async (req) => {
    await loadVandanlaeg(db, req.user, req.params.anlaegId, 'read');
    return hentBoringer(db, req.params.anlaegId);
  });

  serve(app, boringEndpoints.simpel, async (req) => {
    await loadVandanlaeg(db, req.user, req.params.id, 'read');
    const rows = await db
      .select({ id: boring.id, dguNr: boring.dguNr, navn: boring.navn })
      .from(boring)
      .where(eq(boring.vandanlaegId, req.params.id))
      .orderBy(boring.dguNr, boring.id);
    return rows;
  });

  serve(app, boringEndpoints.opret, async (req) => {
    const b = req.body;
    const user = req.user;
    await loadVandanlaeg(db, user, b.virksomhedId, 'write');
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
      const aendringer = await gemIndtag(tx, user, ny!.id, b.indtag);
      await skrivLog(tx, user, {
        virksomhedId: b.virksomhedId,
        emne: 'Boring',
        notat: `Boring ${boringBeskrivelse(b)} oprettet${aendringer.length ? `; ${aendringer.join(', ')}` : ''}`,
      });
      const [svar] = await hentBoringer(tx, b.virksomhedId, ny!.id);
      return svar!;
    });
  });

  serve(app, boringEndpoints.ret, async (req) => {
    const b = req.body;
    const user = req.user;
    const row = await loadBoring(db, user, req.params.id, 'write');
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
      const aendringer = await gemIndtag(tx, user, row.id, b.indtag);
      await skrivLog(tx, user, {
        virksomhedId: row.vandanlaegId,
        emne: 'Boring',
        notat: `Boring ${boringBeskrivelse(b)} rettet${aendringer.length ? `; ${aendringer.join(', ')}` : ''}`,
      });
      const [svar] = await hentBoringer(tx, row.vandanlaegId, row.id);
      return svar!;
    });
  });

  serve(app, boringEndpoints.slet, async (req) => {
    const user = req.user;
    const row = await loadBoring(db, user, req.params.id, 'write');
    if (row.vandanlaegId !== req.query.virksomhedId) throw notFound('Boringen');
    await transactionWithRetry(db, async (tx) => {
      const ids = (await tx.select({ id: indtag.id }).from(indtag).where(eq(indtag.boringId, row.id))).map(
        (i) => i.id,
      );
      if ((await indtagMedData(tx, ids)).size > 0)
        throw badRequest({ boring: [BORING_HAR_MAENGDER] }, 'Boringen kan ikke slettes');
      const slettet = await tx
        .delete(boring)
        .where(and(eq(boring.id, row.id), eq(boring.version, req.query.version)))
        .returning({ id: boring.id });
      if (slettet.length === 0) throw conflict(BORING_KONFLIKT);
      await skrivLog(tx, user, {
        virksomhedId: row.vandanlaegId,
        emne: 'Boring',
        notat: `Boring ${boringBeskrivelse(row)} slettet med ${ids.length} indtag`,
      });
    });
  });

  // ---- pumped quantities, plant level
  const anlaeg = maengdeHandlinger(db, 'anlaeg');
  serve(app, maengdeEndpoints.liste, async (req) => {
    await loadVandanlaeg(db, req.user, req.params.anlaegId, 'read');
    return hentMaengder(db, { anlaegId: req.params.anlaegId, kundeId: req.user.kundeId });
  });
  serve(app, maengdeEndpoints.opret, (req) => anlaeg.opret(req.user, req.body));
  serve(app, maengdeEndpoints.ret, (req) => anlaeg.ret(req.user, req.params.id, req.body));
  serve(app, maengdeEndpoints.slet, async (req) => {
    await anlaeg.slet(req.user, req.params.id, req.query.version);
  });

  /** A quantity of either level that the user may read. */
  const laesMaengde = async (user: SessionUser, id: number) => {
    const [m] = await hentMaengder(db, { id, kundeId: user.kundeId });
    if (!m) throw notFound('Vandmængden');
    await loadVandanlaeg(db, user, m.vandanlaegId, 'read');
    return m;
  };

  serve(app, maengdeEndpoints.ledningstab, async (req) => {
    const m = await laesMaengde(req.user, req.params.id);
    return beregnFelter({ ...m, maalerstandStart: null, maalerstandSlut: null });
  });
  serve(
    app,
    maengdeEndpoints.forsyning,
    async (req) => (await laesMaengde(req.user, req.params.id)).forsyning,
  );
  serve(app, maengdeEndpoints.seneste, async (req) => {
    await loadVandanlaeg(db, req.user, req.query.virksomhedId, 'read');
    return senesteInfo(db, req.user.kundeId, req.query.virksomhedId, null);
  });
  serve(app, maengdeEndpoints.beregn, (req) =>
    beregnFelter({
      ...req.body,
      forsyning: req.body.forsyning.filter((l) => l.status !== LINJE_STATUS.DELETED),
      maalerskift: req.body.maalerskift ?? false,
    }),
  );

  serve(app, maengdeEndpoints.sumForsyningsarter, async (req) => {
    const { virksomhedId, fra, til } = req.body;
    await loadVandanlaeg(db, req.user, virksomhedId, 'read');
    const rows = await queryRows<R>(
      db,
      sql`SELECT (l->>'jupiterForsyningsartId')::int AS art, sum((l->>'maengde')::float8) AS maengde,
                 count(DISTINCT o.id) AS perioder
          FROM oppumpet_maengde o, jsonb_array_elements(o.forsyning) l
          WHERE o.kunde_id = ${req.user.kundeId} AND o.vandanlaeg_id = ${virksomhedId} AND o.indtag_id IS NULL
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
  });

  serve(app, maengdeEndpoints.aarsoversigt, async (req) => {
    const plant = await loadVandanlaeg(db, req.user, req.params.anlaegId, 'read');
    const rows = await queryRows<R>(
      db,
      sql`SELECT extract(year FROM startdato)::int AS aar,
                 COALESCE(sum(vandmaengde_oppumpet) FILTER (WHERE status <> ${VALIDERING_STATUS.FORKASTET}), 0) AS oppumpet,
                 COALESCE(sum(vandmaengde_oppumpet) FILTER (WHERE status = ${VALIDERING_STATUS.GODKENDT}), 0) AS godkendt
          FROM oppumpet_maengde
          WHERE kunde_id = ${req.user.kundeId} AND vandanlaeg_id = ${plant.id} AND indtag_id IS NULL
          GROUP BY 1 ORDER BY 1`,
    );
    const tilladt = Number((plant.basis as Record<string, unknown>)?.vandmaengdeM3Aar);
    return {
      tilladtM3Aar: Number.isFinite(tilladt) && tilladt > 0 ? tilladt : null,
      aar: rows.map((r) => ({ aar: num(r.aar), oppumpet: num(r.oppumpet), godkendt: num(r.godkendt) })),
    };
  });

  // ---- pumped quantities, intake level
  const indtagNiveau = maengdeHandlinger(db, 'indtag');
  const laesIndtag = async (user: SessionUser, indtagId: number) => {
    const it = await findIndtag(db, user.kundeId, indtagId);
    if (!it) throw notFound('Indtaget');
    await loadVandanlaeg(db, user, it.vandanlaegId, 'read');
    return it;
  };
  serve(app, indtagMaengdeEndpoints.liste, async (req) => {
    await laesIndtag(req.user, req.params.id);
    return hentMaengder(db, { indtagId: req.params.id, kundeId: req.user.kundeId });
  });
  serve(app, indtagMaengdeEndpoints.opret, (req) => indtagNiveau.opret(req.user, req.body));
  serve(app, indtagMaengdeEndpoints.ret, (req) => indtagNiveau.ret(req.user, req.params.id, req.body));
  serve(app, indtagMaengdeEndpoints.slet, async (req) => {
    await indtagNiveau.slet(req.user, req.params.id, req.query.version);
  });
  serve(app, indtagMaengdeEndpoints.seneste, async (req) => {
    const it = await laesIndtag(req.user, req.query.indtagId);
    return senesteInfo(db, req.user.kundeId, it.vandanlaegId, it.id);
  });

  // ---- water-level readings
  serve(app, pejlingEndpoints.opret, async (req) => {
    const user = req.user;
    const b = req.body;
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
  });

  const loadPejling = async (user: SessionUser, id: number) => {
    const [row] = await db
      .select()
      .from(pejling)
      .where(and(eq(pejling.id, id), eq(pejling.kundeId, user.kundeId)));
    if (!row) throw notFound('Pejlingen');
    await loadVandanlaeg(db, user, row.vandanlaegId, 'write');
    return row;
  };

  serve(app, pejlingEndpoints.ret, async (req) => {
    const user = req.user;
    const b = req.body;
    const row = await loadPejling(user, req.params.id);
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
  });

  serve(app, pejlingEndpoints.slet, async (req) => {
    const user = req.user;
    const row = await loadPejling(user, req.params.id);
    await transactionWithRetry(db, async (tx) => {
      const slettet = await tx
        .delete(pejling)
        .where(and(eq(pejling.id, row.id), eq(pejling.version, req.query.version)))
        .returning({ id: pejling.id });
      if (slettet.length === 0) throw conflict(PEJLING_KONFLIKT);
      await skrivLog(tx, user, {
        virksomhedId: row.vandanlaegId,
        emne: 'Pejling',
        notat: `Pejling ${formatIsoDato(utcDato(row.pejletidspunkt))} slettet (${formatTal(row.vandstandUnderTerraen)} m u.t.)`,
      });
    });
  });

  // ---- water samples of a plant
  serve(app, vandproeveEndpoints.liste, async (req) => {
    const plant = await loadVandanlaeg(db, req.user, req.params.anlaegId, 'read');
    const rows = await queryRows<R>(
      db,
      sql`SELECT o.*, bu.navn AS besluttet_af FROM vandproeve o
          LEFT JOIN bruger bu ON bu.id = o.besluttet_af_bruger_id
          WHERE o.kunde_id = ${req.user.kundeId} AND o.vandanlaeg_id = ${plant.id}
          ORDER BY o.udtaget DESC, o.id DESC LIMIT 10000`,
    );
    return rows.map((r): VandproevePost => {
      const analyser = (
        (r.analyser as {
          parameter: string;
          vaerdi: number;
          enhed: string;
          graensevaerdi: number | null;
        }[]) ?? []
      ).map((a) => ({ ...a, graensevaerdi: a.graensevaerdi ?? null, overskredet: erOverskredet(a) }));
      return {
        id: num(r.id),
        vandanlaegId: plant.id,
        anlaegsnavn: plant.navn,
        anlaegsnr: plant.anlaegsnr,
        indtagId: numN(r.indtag_id),
        proevested: String(r.proevested),
        proevetype: String(r.proevetype),
        udtaget: tilIso(r.udtaget),
        laboratorium: String(r.laboratorium),
        analyser,
        antalOverskridelser: analyser.filter((a) => a.overskredet).length,
        bemaerkning: strN(r.bemaerkning),
        status: num(r.status),
        besluttetAf: strN(r.besluttet_af),
        besluttetDato: isoN(r.besluttet_dato),
        version: num(r.version),
      };
    });
  });
}
