import { eq, type SQL, sql } from 'drizzle-orm';
import { VIRKSOMHED_OG_LANDBRUG } from '../../contract/entitet';
import {
  erPlanKategori,
  type PlanKategori,
  type PlanVirksomhed,
  planlaegAar,
  type Tilsynstype,
} from '../../contract/tilsynsplan-regler';
import type { SessionUser } from '../auth/session-user';
import { lookupIdAfKode } from '../catalog/lookups';
import { queryRows, type Transaction } from '../db/client';
import { inListe } from '../db/liste';
import type { PeriodeRaekke } from '../db/perioder';
import { planlaegningsperiode } from '../db/schema';
import { opdaterVersioneret, type Tx } from '../db/versioneret';
import { intArray } from '../validering/median';

/**
 * The plan generator (issue 13, issue 29): reads every company and farm of a customer under regular
 * inspection with what the rules need (category, last physical basis year, the year it came under
 * regular inspection, latest risk score), composes the rules
 * (src/contract/tilsynsplan-regler.ts `planlaegAar`) and writes the year's planned inspections in one
 * transaction. The reads are exported so the benchmark can run them directly.
 */

const lookupId = lookupIdAfKode;
/** The inspection categories (BEK § 14: basis, prioriteret, kampagne, ...) the plan knows, by id. */
export const TILSYNSKATEGORI_ID = {
  BASIS: lookupId('dmalookup/tilsynsKategorier', 'BASIS'),
  PRIORITERET: lookupId('dmalookup/tilsynsKategorier', 'PRIORITERET'),
  KAMPAGNE: lookupId('dmalookup/tilsynsKategorier', 'KAMPAGNE'),
};
/** The inspection type (BEK § 14: fysisk or administrativt) of a physical inspection. */
export const FYSISK_ID = lookupId('dmalookup/tilsynsTyper', 'FYSISK');

/** The plan's kinds as the records' category ids (text, as jsonb ->> answers). */
const TAELLENDE_KATEGORIER = [
  TILSYNSKATEGORI_ID.BASIS,
  TILSYNSKATEGORI_ID.PRIORITERET,
  TILSYNSKATEGORI_ID.KAMPAGNE,
].map(String);

// The period's row and its customer check have their home in db/ (records/ reads them too).
export { hentPeriode, type PeriodeRaekke } from '../db/perioder';

/**
 * The companies and farms under regular inspection (alias v; rule omfattetAfPlanen): of a planned
 * category and marked 'Omfattet af aktivt tilsyn' (BEK § 1 stk. 2; øvrige tilsyn are outside the plan
 * and its goals); not deleted, not ceased before the year.
 */
export const aktivVirksomhedSql = (kundeId: number, startdato: string): SQL =>
  sql`v.kunde_id = ${kundeId} and ${inListe(sql`v.type`, VIRKSOMHED_OG_LANDBRUG)} and not v.slettet
    and v.kategori in ('1a', '1b', '2')
    and v.basis->'omfattetAfAktivtTilsyn' = 'true'::jsonb
    and (v.ophoert_dato is null or v.ophoert_dato >= ${startdato}::date)`;

/**
 * The inspections (alias r) that make a planned inspection done: physical, of a counting kind
 * (basis, prioriteret, kampagne), in the period. Opstartstilsyn, complaint and follow-up inspections
 * do not count (rule 'opstartstilsyn tæller ikke').
 */
const udfoertBetingelse = (startdato: string | SQL, slutdato: string | SQL): SQL =>
  sql`r.art = 'tilsyn' and not r.slettet
    and r.dato >= ${startdato}::date and r.dato <= ${slutdato}::date
    and r.data->>'tilsynstypeId' = ${String(FYSISK_ID)}
    and r.data->>'tilsynskategoriId' in (${sql.join(
      TAELLENDE_KATEGORIER.map((t) => sql`${t}`),
      sql`, `,
    )})`;

/** Per company of the customer, the first inspection of the period that counts (udfoertBetingelse). */
export const udfoertSql = (kundeId: number, startdato: string | SQL, slutdato: string | SQL): SQL =>
  sql`select distinct on (r.virksomhed_id) r.virksomhed_id, r.id, r.dato::text as dato
    from registrering r
    where r.kunde_id = ${kundeId} and ${udfoertBetingelse(startdato, slutdato)}
    order by r.virksomhed_id, r.dato, r.id`;

/** The companies of the customer with an inspection of the period that counts (for `in (...)`). */
export const udfoertIdsSql = (kundeId: number, startdato: string, slutdato: string): SQL =>
  sql`select r.virksomhed_id from registrering r
    where r.kunde_id = ${kundeId} and ${udfoertBetingelse(startdato, slutdato)}`;

/**
 * `left join lateral` of the first counting inspection (alias d: id, dato) of the company in
 * `virksomhedId`: one index probe per row. (A left join to udfoertSql is estimated at one row and
 * planned as a nested loop over every row of both sides.)
 */
export const udfoertLateralSql = (virksomhedId: SQL, startdato: string, slutdato: string): SQL =>
  sql`left join lateral (
      select r.id, r.dato::text as dato from registrering r
      where r.virksomhed_id = ${virksomhedId} and ${udfoertBetingelse(startdato, slutdato)}
      order by r.dato, r.id limit 1
    ) d on true`;

interface GrundlagSqlRaekke {
  id: number;
  kategori: string;
  sagsbehandler_id: number | null;
  omfattet_aar: number | null;
  sidste_basis_aar: number | null;
  score: number | string | null;
}

/**
 * The generator's read: each company under regular inspection with the year of its last basis
 * inspection before the period (rule taellerSomBasis: category basis and type fysisk; opstartstilsyn
 * and an administrative 'basis' do not restart the period), the year it came under regular inspection
 * (omfattetAfAktivtTilsynDato) and its latest risk score (1–5) up to the period's end.
 */
export const grundlagSql = (kundeId: number, startdato: string, slutdato: string, del?: IdInterval): SQL =>
  sql`select v.id, v.kategori, v.primaer_sagsbehandler_id as sagsbehandler_id,
      case when v.basis->>'omfattetAfAktivtTilsynDato' ~ '^[0-9]{4}-'
        then left(v.basis->>'omfattetAfAktivtTilsynDato', 4)::int end as omfattet_aar,
      b.sidste_basis_aar, rv.score
    from virksomhed v
      left join (
        select r.virksomhed_id, max(extract(year from r.dato))::int as sidste_basis_aar
        from registrering r
        where r.kunde_id = ${kundeId} and r.art = 'tilsyn' and not r.slettet and r.dato < ${startdato}::date
          and r.data->>'tilsynskategoriId' = ${String(TILSYNSKATEGORI_ID.BASIS)}
          and r.data->>'tilsynstypeId' = ${String(FYSISK_ID)} ${idIntervalSql(sql`r.virksomhed_id`, del)}
        group by r.virksomhed_id
      ) b on b.virksomhed_id = v.id
      left join (
        select distinct on (r.virksomhed_id) r.virksomhed_id, r.data->>'score' as score
        from registrering r
        where r.kunde_id = ${kundeId} and r.art = 'risikovurdering' and not r.slettet
          and r.dato <= ${slutdato}::date and jsonb_typeof(r.data->'score') = 'number'
          ${idIntervalSql(sql`r.virksomhed_id`, del)}
        order by r.virksomhed_id, r.dato desc, r.id desc
      ) rv on rv.virksomhed_id = v.id
    where ${aktivVirksomhedSql(kundeId, startdato)} ${idIntervalSql(sql`v.id`, del)}
    order by v.id`;

/** A part of the companies by id: above `efter` (none: from the first), up to `til` (none: to the last). */
export interface IdInterval {
  efter: number | null;
  til: number | null;
}

/** `and` the id in the interval (nothing when no interval is given). */
const idIntervalSql = (kolonne: SQL, del?: IdInterval): SQL =>
  del
    ? sql`${del.efter === null ? sql`` : sql`and ${kolonne} > ${del.efter}`} ${del.til === null ? sql`` : sql`and ${kolonne} <= ${del.til}`}`
    : sql``;

export interface Grundlag {
  virksomheder: PlanVirksomhed[];
  sagsbehandler: Map<number, number | null>;
}

export async function hentGrundlag(
  db: Tx,
  kundeId: number,
  p: Pick<PeriodeRaekke, 'startdato' | 'slutdato'>,
  del?: IdInterval,
  ind: Grundlag = { virksomheder: [], sagsbehandler: new Map() },
) {
  const rows = await queryRows<GrundlagSqlRaekke>(
    db as Parameters<typeof queryRows>[0],
    grundlagSql(kundeId, p.startdato, p.slutdato, del),
  );
  const { virksomheder, sagsbehandler } = ind;
  for (const r of rows) {
    if (!erPlanKategori(r.kategori)) continue;
    const id = Number(r.id);
    virksomheder.push({
      id,
      kategori: r.kategori,
      score: r.score === null ? null : Number(r.score),
      sidsteBasisAar: r.sidste_basis_aar === null ? null : Number(r.sidste_basis_aar),
      omfattetAar: r.omfattet_aar === null ? null : Number(r.omfattet_aar),
    });
    sagsbehandler.set(id, r.sagsbehandler_id === null ? null : Number(r.sagsbehandler_id));
  }
  return { virksomheder, sagsbehandler } satisfies Grundlag;
}

export const PERIODE_KONFLIKT =
  'Planlægningsperioden er blevet ændret af en anden, siden du hentede den. Hent den igen og prøv på ny.';

export interface GenererResultat {
  antal: { kategori: PlanKategori; basis: number; prioriteret: number; kampagne: number; fysisk: number }[];
  beholdtUdfoerte: number;
  erstattede: number;
}

/** A row of the period's plan already done, with the record that fulfilled it. */
interface UdfoertPlanRaekke {
  id: number;
  virksomhed_id: number;
  kategori: string;
  fysisk: boolean;
  reg_id: number;
}

/** The rows of the period's plan that an inspection of the period fulfils. */
function hentUdfoerte(db: Tx, kundeId: number, periode: PeriodeRaekke): Promise<UdfoertPlanRaekke[]> {
  return queryRows<UdfoertPlanRaekke>(
    db as Parameters<typeof queryRows>[0],
    sql`select pt.id, pt.virksomhed_id, pt.kategori, pt.fysisk, d.id as reg_id
      from planlagt_tilsyn pt join (${udfoertSql(kundeId, periode.startdato, periode.slutdato)}) d
        on d.virksomhed_id = pt.virksomhed_id
      where pt.periode_id = ${periode.id}
      order by pt.id`,
  );
}

type PlanRaekker = ReturnType<typeof planlaegAar>;

/** The year's planned rows by the rules, the done rows kept as they were planned. */
function beregnPlan(periode: PeriodeRaekke, grundlag: Grundlag, udfoerte: UdfoertPlanRaekke[]): PlanRaekker {
  const fastlagt = new Map<number, { kategori: PlanKategori; fysisk: boolean }>();
  for (const r of udfoerte)
    if (erPlanKategori(r.kategori))
      fastlagt.set(Number(r.virksomhed_id), { kategori: r.kategori, fysisk: r.fysisk });
  return planlaegAar(
    grundlag.virksomheder,
    periode.aar,
    { kategori1AndelPct: periode.kategori1AndelPct },
    fastlagt,
  );
}

const udfoertNoegle = (rows: UdfoertPlanRaekke[]) =>
  rows.map((r) => `${r.id}:${r.reg_id}:${r.kategori}:${r.fysisk}`).join(',');

/** What a generation needs, read before its transaction (`laesPlanForud`). */
export interface PlanForud {
  grundlag: Grundlag;
  udfoerte: UdfoertPlanRaekke[];
  raekker: PlanRaekker;
}

/** The steps of a generation as `laesPlanForud` counts them: the companies to read, and the write. */
export async function antalIPlanen(db: Tx, kundeId: number, periode: PeriodeRaekke): Promise<number> {
  const [r] = await queryRows<{ n: number | string }>(
    db as Parameters<typeof queryRows>[0],
    sql`select count(*) as n from virksomhed v where ${aktivVirksomhedSql(kundeId, periode.startdato)}`,
  );
  return Number(r?.n ?? 0) + 1;
}

/** Companies read per statement by `laesPlanForud`. */
export const GRUNDLAG_DEL = 5_000;

/**
 * Reads what the period's plan is made of outside any transaction, GRUNDLAG_DEL companies per
 * statement (`pause` between them lets other calls in), and composes the plan; `fremskridt` hears the
 * companies read of all (and one step more for the write). Nothing is written: the plan is written by
 * `genererPlanForPeriode` in one transaction, so a stop before it leaves the old plan whole.
 */
export async function laesPlanForud(
  db: Tx,
  kundeId: number,
  periode: PeriodeRaekke,
  fremskridt: (done: number, total: number) => Promise<void>,
  pause: () => Promise<void>,
): Promise<PlanForud> {
  const ids = (
    await queryRows<{ id: number }>(
      db as Parameters<typeof queryRows>[0],
      sql`select v.id from virksomhed v where ${aktivVirksomhedSql(kundeId, periode.startdato)} order by v.id`,
    )
  ).map((r) => Number(r.id));
  const total = ids.length + 1;
  await fremskridt(0, total);
  const grundlag: Grundlag = { virksomheder: [], sagsbehandler: new Map() };
  // The first part from the lowest id, the last to the highest: a company made meanwhile is read too.
  for (let i = 0; i === 0 || i < ids.length; i += GRUNDLAG_DEL) {
    const slut = Math.min(i + GRUNDLAG_DEL, ids.length);
    const del: IdInterval = {
      efter: i === 0 ? null : ids[i - 1]!,
      til: slut >= ids.length ? null : ids[slut - 1]!,
    };
    await hentGrundlag(db, kundeId, periode, del, grundlag);
    await fremskridt(slut, total);
    await pause();
  }
  const udfoerte = await hentUdfoerte(db, kundeId, periode);
  return { grundlag, udfoerte, raekker: beregnPlan(periode, grundlag, udfoerte) };
}

/**
 * Generates (or regenerates) the period's plan in the transaction: claims the period's version
 * (stale → 409) and records who generated when; keeps the rows already done (an inspection of the
 * year fulfils them), replaces the others, and plans every other active company by the rules.
 * With `forud` (read before the transaction by `laesPlanForud`) the companies are not read again; the
 * done rows are, and the plan is composed again only if they changed meanwhile.
 */
export async function genererPlanForPeriode(
  tx: Transaction,
  user: SessionUser,
  periode: PeriodeRaekke,
  version: number,
  nu: Date,
  forud?: PlanForud,
): Promise<GenererResultat> {
  await opdaterVersioneret(
    tx,
    planlaegningsperiode,
    { id: periode.id, version, hvor: eq(planlaegningsperiode.kundeId, user.kundeId) },
    { genereret: nu, genereretAf: user.brugerId },
    PERIODE_KONFLIKT,
    user,
  );
  const kundeId = user.kundeId;
  // The rows already done stay (with the record that fulfilled them); the rest are replaced.
  const udfoerte = await hentUdfoerte(tx, kundeId, periode);
  const beholdIds = udfoerte.map((r) => Number(r.id));
  if (udfoerte.length > 0)
    await tx.execute(
      sql`update planlagt_tilsyn p set udfoert_registrering_id = x.r
        from jsonb_to_recordset(${JSON.stringify(udfoerte.map((r) => ({ i: Number(r.id), r: Number(r.reg_id) })))}::jsonb)
          as x(i int, r int)
        where p.id = x.i and p.udfoert_registrering_id is distinct from x.r`,
    );
  const beholdt = sql`${intArray(beholdIds)}::int[]`;

  const grundlag = forud?.grundlag ?? (await hentGrundlag(tx, kundeId, periode));
  const raekker =
    forud && udfoertNoegle(forud.udfoerte) === udfoertNoegle(udfoerte)
      ? forud.raekker
      : beregnPlan(periode, grundlag, udfoerte);
  // Only what differs is written (issue 32): on PGlite this transaction holds the one connection,
  // and rewriting 37,318 unchanged rows held it for 3–6 s. Rows of companies no longer planned go;
  // a company's row that changed is updated in place (its id stays); new ones are inserted. The
  // result is the plan a delete-and-insert gave (tests/api/planlaegning.test.ts). One statement
  // deletes and counts the previous rows not kept (`erstattede`): its select sees the rows as they
  // were before the delete.
  const [{ n: erstattede } = { n: 0 }] = await queryRows<{ n: number }>(
    tx,
    sql`with slettet as (
        delete from planlagt_tilsyn where periode_id = ${periode.id} and not (id = any(${beholdt}))
          and not (virksomhed_id = any(${intArray(raekker.map((r) => r.virksomhedId))}::int[]))
        returning 1)
      select count(*)::int as n from planlagt_tilsyn where periode_id = ${periode.id} and not (id = any(${beholdt}))`,
  );
  // One statement per 10,000 rows, the rows as one JSON parameter: binding 14 parameters a row
  // made the insert most of the generation's time on PGlite (docs/decisions.md).
  const BATCH = 10_000;
  for (let i = 0; i < raekker.length; i += BATCH) {
    const del = raekker.slice(i, i + BATCH).map((r) => ({
      v: r.virksomhedId,
      k: r.kategori,
      t: r.tilsynstype,
      f: r.fysisk,
      s: r.score,
      b: r.begrundelse,
      p: r.prioritet,
      h: Math.round(r.timer * 2),
      sb: grundlag.sagsbehandler.get(r.virksomhedId) ?? null,
    }));
    await tx.execute(
      sql`insert into planlagt_tilsyn (kunde_id, periode_id, virksomhed_id, kategori, tilsynstype, fysisk,
          score, begrundelse, prioritet, valgt, timer_halve, sagsbehandler_id)
        select ${kundeId}, ${periode.id}, x.v, x.k, x.t, x.f, x.s, x.b, x.p, x.p is not null, x.h, x.sb
        from jsonb_to_recordset(${JSON.stringify(del)}::jsonb)
          as x(v int, k text, t text, f boolean, s double precision, b text, p int, h int, sb int)
        where not exists (
          select 1 from planlagt_tilsyn g where g.periode_id = ${periode.id} and g.virksomhed_id = x.v
            and (g.kunde_id, g.kategori, g.tilsynstype, g.fysisk, g.score, g.begrundelse, g.prioritet, g.valgt,
                 g.timer_halve, g.sagsbehandler_id, g.udfoert_registrering_id)
              is not distinct from (${kundeId}::int, x.k, x.t, x.f, x.s, x.b, x.p, x.p is not null, x.h, x.sb, null::int))
        on conflict (periode_id, virksomhed_id) do update set
          kunde_id = excluded.kunde_id, kategori = excluded.kategori, tilsynstype = excluded.tilsynstype,
          fysisk = excluded.fysisk, score = excluded.score, begrundelse = excluded.begrundelse,
          prioritet = excluded.prioritet, valgt = excluded.valgt, timer_halve = excluded.timer_halve,
          sagsbehandler_id = excluded.sagsbehandler_id, udfoert_registrering_id = null`,
    );
  }
  return {
    antal: await antalPrKategori(tx, periode.id),
    beholdtUdfoerte: beholdIds.length,
    erstattede,
  };
}

/** Planned rows of the period per category and kind. */
export async function antalPrKategori(db: Tx, periodeId: number): Promise<GenererResultat['antal']> {
  const rows = await queryRows<{
    kategori: string;
    tilsynstype: Tilsynstype;
    antal: number | string;
    fysisk: number | string;
  }>(
    db as Parameters<typeof queryRows>[0],
    sql`select kategori, tilsynstype, count(*) as antal, count(*) filter (where fysisk) as fysisk
      from planlagt_tilsyn where periode_id = ${periodeId} group by kategori, tilsynstype`,
  );
  return (['1a', '1b', '2'] as const).map((kategori) => {
    const af = rows.filter((r) => r.kategori === kategori);
    const n = (t: Tilsynstype) => Number(af.find((r) => r.tilsynstype === t)?.antal ?? 0);
    return {
      kategori,
      basis: n('basis'),
      prioriteret: n('prioriteret'),
      kampagne: n('kampagne'),
      fysisk: af.reduce((s, r) => s + Number(r.fysisk), 0),
    };
  });
}
