import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { KolonneFilter } from '../../contract/liste';
import {
  gemOpfoelgningOekonomi,
  gemPeriodeMaal,
  gemPrioritering,
  gemRessource,
  genererPlan,
  genererPlanJob,
  hentOpfoelgningOekonomi,
  hentPlanlaegningsperioder,
  hentPlanOversigt,
  hentPrioritering,
  hentRessourcer,
  kategoriFraFilter,
  opretOpfoelgningOekonomi,
  PLANLAEGNING_RET,
  type PlanFilterKolonne,
  type PlanSortKolonne,
  planListeDef,
  sletOpfoelgningOekonomi,
} from '../../contract/planlaegning';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import {
  erPlanKategori,
  kampagneAdvarsel,
  kraevetFysisk,
  MAALGRUPPE_KATEGORIER,
  MAALGRUPPER,
  maalAndelPct,
  medPrioritet,
  PLAN_KATEGORIER,
  type PlanKategori,
  STANDARD_TIMER_TIL_RAADIGHED,
  type Tilsynstype,
} from '../../contract/tilsynsplan-regler';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows } from '../db/client';
import { inListe, kolonneFiltreSql, sideAf, sidePart, sorteringSql } from '../db/liste';
import {
  opfoelgningOekonomi,
  planlaegningRessource,
  planlaegningsperiode,
  planlagtTilsyn,
} from '../db/schema';
import { opdaterVersioneret, sletBloedt, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest, conflict, notFound } from '../http/errors';
import {
  aktivVirksomhedSql,
  antalIPlanen,
  genererPlanForPeriode,
  hentPeriode,
  laesPlanForud,
  PERIODE_KONFLIKT,
  type PeriodeRaekke,
  TILSYNSKATEGORI_ID,
  udfoertIdsSql,
  udfoertLateralSql,
  udfoertSql,
} from '../planlaegning/generer';
import { requireActiveKunde } from './entity-access';

export const RESSOURCE_KONFLIKT =
  'De disponible timer er blevet ændret af en anden, siden du hentede dem. Hent dem igen og ret på ny.';
export const OEKONOMI_KONFLIKT =
  'Opfølgningen er blevet ændret eller slettet af en anden, siden du hentede den. Hent den igen og ret på ny.';

interface PeriodeSqlRaekke {
  id: number;
  aar: number;
  navn: string;
  startdato: string;
  slutdato: string;
  genereret: string | Date | null;
  genereret_af: string | null;
  kategori1_andel_pct: number;
  version: number;
  planlagte: number | string;
  udfoerte: number | string;
}

const isoAf = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function periodeSvar(r: PeriodeSqlRaekke) {
  return {
    id: Number(r.id),
    aar: Number(r.aar),
    navn: r.navn,
    startdato: r.startdato,
    slutdato: r.slutdato,
    planGenereret: isoAf(r.genereret),
    planGenereretAf: r.genereret_af,
    antalPlanlagte: Number(r.planlagte),
    antalUdfoerte: Number(r.udfoerte),
    kategori1Andel: Number(r.kategori1_andel_pct),
    version: Number(r.version),
  };
}

/** The periods with their counts; `periodeId` narrows to one. */
async function hentPerioder(db: Db, kundeId: number, periodeId?: number) {
  const rows = await queryRows<PeriodeSqlRaekke>(
    db,
    sql`select p.id, p.aar, p.navn, p.startdato::text as startdato, p.slutdato::text as slutdato,
        p.genereret, b.navn as genereret_af, p.kategori1_andel_pct, p.version,
        (select count(*) from planlagt_tilsyn pt where pt.periode_id = p.id) as planlagte,
        (select count(*) from planlagt_tilsyn pt
          join (${udfoertSql(kundeId, sql`p.startdato`, sql`p.slutdato`)}) d
            on d.virksomhed_id = pt.virksomhed_id
          where pt.periode_id = p.id) as udfoerte
      from planlaegningsperiode p left join bruger b on b.id = p.genereret_af
      where p.kunde_id = ${kundeId} ${periodeId === undefined ? sql`` : sql`and p.id = ${periodeId}`}
      order by p.aar desc, p.id desc`,
  );
  return rows.map(periodeSvar);
}

async function periodeSvarFor(db: Db, user: SessionUser, periodeId: number) {
  const [p] = await hentPerioder(db, user.kundeId, periodeId);
  if (!p) throw notFound('Planlægningsperioden');
  return p;
}

// ---------------------------------------------------------------- the plan's list

const SORT_SQL: Record<PlanSortKolonne, SQL[]> = {
  // The stored Danish sort keys (virksomhed.navn_sortering, bruger.navn_sortering).
  virksomhedsnavn: [sql`p.navn_sortering`, sql`p.virksomhedsnavn collate "C"`],
  type: [sql`p.type`],
  kategori: [sql`p.kategori collate "C"`],
  score: [sql`p.score`],
  tilsynstype: [sql`p.tilsynstype collate "C"`],
  fysisk: [sql`p.fysisk`],
  sagsbehandler: [sql`p.sagsbehandler_sortering`, sql`p.sagsbehandler collate "C"`],
  timer: [sql`p.timer_halve`],
  prioritet: [sql`p.prioritet`],
  udfoert: [sql`p.udfoert`],
};

function kolonneFilter(f: KolonneFilter<PlanFilterKolonne>): SQL {
  const eller = (dele: SQL[]) => sql`(${sql.join(dele, sql` or `)})`;
  switch (f.kolonne) {
    case 'kategori':
      return inListe(sql`p.kategori`, f.vaerdier.map(kategoriFraFilter));
    case 'tilsynstype':
      return inListe(sql`p.tilsynstype`, f.vaerdier);
    case 'type':
      return inListe(sql`p.type`, f.vaerdier);
    case 'fysisk':
      return eller(f.vaerdier.map((v) => (v === 'true' ? sql`p.fysisk` : sql`not p.fysisk`)));
    case 'udfoert':
      return eller(
        f.vaerdier.map((v) => (v === 'true' ? sql`p.udfoert is not null` : sql`p.udfoert is null`)),
      );
    case 'sagsbehandler':
      return inListe(sql`p.sagsbehandler_id`, f.vaerdier.map(Number));
  }
}

interface PlanSqlRaekke {
  id: number;
  virksomhed_id: number;
  virksomhedsnavn: string;
  type: 'virksomhed' | 'landbrug';
  kategori: string;
  score: number | string | null;
  tilsynstype: Tilsynstype;
  fysisk: boolean;
  begrundelse: string;
  sagsbehandler_id: number | null;
  sagsbehandler: string | null;
  timer_halve: number;
  prioritet: number | null;
  valgt: boolean;
  udfoert: string | null;
  total?: number | string;
}

/** The planned rows of a period with company, case worker and done date (alias p). */
const planRaekkerSql = (p: PeriodeRaekke): SQL =>
  sql`select pt.id, pt.virksomhed_id, v.navn as virksomhedsnavn,
      case v.type when ${VIRKSOMHEDSTYPE.LANDBRUG} then 'landbrug' else 'virksomhed' end as type,
      pt.kategori, pt.score, pt.tilsynstype, pt.fysisk, pt.begrundelse, pt.sagsbehandler_id,
      b.navn as sagsbehandler, b.navn_sortering as sagsbehandler_sortering, v.navn_sortering,
      pt.timer_halve, pt.prioritet, pt.valgt, d.dato as udfoert
    from planlagt_tilsyn pt
      join virksomhed v on v.id = pt.virksomhed_id
      left join bruger b on b.id = pt.sagsbehandler_id
      ${udfoertLateralSql(sql`pt.virksomhed_id`, p.startdato, p.slutdato)}
    where pt.periode_id = ${p.id}`;

const kategoriAf = (k: string): PlanKategori => (erPlanKategori(k) ? k : '2');

function planRaekkeSvar(r: PlanSqlRaekke) {
  return {
    id: Number(r.id),
    virksomhedId: Number(r.virksomhed_id),
    virksomhedsnavn: r.virksomhedsnavn,
    type: r.type,
    kategori: kategoriAf(r.kategori),
    score: r.score === null ? null : Number(r.score),
    tilsynstype: r.tilsynstype,
    fysisk: r.fysisk,
    begrundelse: r.begrundelse,
    sagsbehandlerId: r.sagsbehandler_id === null ? null : Number(r.sagsbehandler_id),
    sagsbehandler: r.sagsbehandler,
    timer: Number(r.timer_halve) / 2,
    prioritet: r.prioritet === null ? null : Number(r.prioritet),
    valgt: r.valgt,
    udfoert: r.udfoert,
  };
}

// ---------------------------------------------------------------- per category

interface StatusSqlRaekke {
  kategori: string;
  antal: number | string;
  udfoert_fysisk: number | string;
}

async function kategoriStatus(db: Db, p: PeriodeRaekke) {
  const [virksomheder, planlagte] = await Promise.all([
    queryRows<StatusSqlRaekke>(
      db,
      sql`select v.kategori, count(*) as antal,
          count(*) filter (where v.id in (${udfoertIdsSql(p.kundeId, p.startdato, p.slutdato)})) as udfoert_fysisk
        from virksomhed v
        where ${aktivVirksomhedSql(p.kundeId, p.startdato)}
        group by v.kategori`,
    ),
    queryRows<{
      kategori: string;
      tilsynstype: Tilsynstype;
      antal: number | string;
      fysisk: number | string;
      udfoert: number | string;
    }>(
      db,
      sql`select pt.kategori, pt.tilsynstype, count(*) as antal,
          count(*) filter (where pt.fysisk) as fysisk,
          count(*) filter (where pt.virksomhed_id in (${udfoertIdsSql(p.kundeId, p.startdato, p.slutdato)})) as udfoert
        from planlagt_tilsyn pt
        where pt.periode_id = ${p.id}
        group by pt.kategori, pt.tilsynstype`,
    ),
  ]);
  const kategorier = PLAN_KATEGORIER.map((kategori) => {
    const v = virksomheder.find((r) => r.kategori === kategori);
    const af = planlagte.filter((r) => r.kategori === kategori);
    const n = (t: Tilsynstype) => Number(af.find((r) => r.tilsynstype === t)?.antal ?? 0);
    return {
      kategori,
      antalVirksomheder: Number(v?.antal ?? 0),
      basis: n('basis'),
      prioriteret: n('prioriteret'),
      kampagne: n('kampagne'),
      planlagtFysisk: af.reduce((s, r) => s + Number(r.fysisk), 0),
      udfoertFysisk: Number(v?.udfoert_fysisk ?? 0),
      udfoertPlanlagte: af.reduce((s, r) => s + Number(r.udfoert), 0),
    };
  });
  // The goals: category 1 is 1a and 1b together (the period's share), category 2 its own (25 %).
  const maal = MAALGRUPPER.map((gruppe) => {
    const af = kategorier.filter((k) => MAALGRUPPE_KATEGORIER[gruppe].includes(k.kategori));
    const antalVirksomheder = af.reduce((s, k) => s + k.antalVirksomheder, 0);
    const andel = maalAndelPct(gruppe, p.kategori1AndelPct);
    return {
      maal: gruppe,
      andel,
      bekraeftet: gruppe === '2',
      antalVirksomheder,
      planlagtFysisk: af.reduce((s, k) => s + k.planlagtFysisk, 0),
      kraevetFysisk: kraevetFysisk(antalVirksomheder, andel),
    };
  });
  return { kategorier, maal };
}

/**
 * The warnings of the plan: a year without a campaign inspection (rule kampagneAdvarsel, § 7), counting
 * the plan's campaign rows and the customer's campaign inspections recorded for the year (done in it,
 * or planned to start in it).
 */
async function advarsler(db: Db, p: PeriodeRaekke): Promise<string[]> {
  const [r] = await queryRows<{ antal: number | string }>(
    db,
    sql`select (select count(*) from planlagt_tilsyn where periode_id = ${p.id} and tilsynstype = 'kampagne')
      + (select count(*) from registrering r
          where r.kunde_id = ${p.kundeId} and r.art = 'tilsyn' and not r.slettet
            and r.data->>'tilsynskategoriId' = ${String(TILSYNSKATEGORI_ID.KAMPAGNE)}
            and coalesce(r.dato, case when r.data->>'planlagtStart' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}'
              then left(r.data->>'planlagtStart', 10)::date end)
              between ${p.startdato}::date and ${p.slutdato}::date) as antal`,
  );
  const kampagne = kampagneAdvarsel(p.aar, Number(r?.antal ?? 0));
  return kampagne === null ? [] : [kampagne];
}

// ---------------------------------------------------------------- priority lists

const LISTE_KATEGORIER = { '1a1b': ['1a', '1b'], '2': ['2'] } as const;

async function prioriteringSvar(db: Db, p: PeriodeRaekke, kategorier: readonly string[]) {
  const rows = await queryRows<PlanSqlRaekke>(
    db,
    sql`select * from (${planRaekkerSql(p)}) p where ${inListe(sql`p.kategori`, kategorier)}
      order by p.score desc nulls last, p.prioritet nulls last, p.id`,
  );
  const [v] = await db
    .select({ version: planlaegningsperiode.version })
    .from(planlaegningsperiode)
    .where(eq(planlaegningsperiode.id, p.id));
  return {
    raekker: rows.map((r) => {
      const s = planRaekkeSvar(r);
      return {
        id: s.id,
        virksomhedId: s.virksomhedId,
        virksomhedsnavn: s.virksomhedsnavn,
        type: s.type,
        kategori: s.kategori,
        score: s.score,
        tilsynstype: s.tilsynstype,
        fysisk: s.fysisk,
        valgt: s.valgt,
        prioritet: s.prioritet,
        begrundelse: s.begrundelse,
        udfoert: s.udfoert,
      };
    }),
    version: v?.version ?? p.version,
  };
}

// ---------------------------------------------------------------- resources

interface RessourceSqlRaekke {
  bruger_id: number;
  navn: string;
  antal: number | string;
  timer_halve: number | string;
  raadighed_halve: number | null;
  version: number | null;
}

const SAGSBEHANDLER_ROLLER = ['SagsbehandlerVirksomhed', 'SagsbehandlerLandbrug', 'SagsbehandlerAarsplan'];

async function ressourcer(db: Db, p: PeriodeRaekke, brugerId?: number) {
  const rows = await queryRows<RessourceSqlRaekke>(
    db,
    sql`with plan as (
        select sagsbehandler_id, count(*) as antal, sum(timer_halve) as timer_halve
        from planlagt_tilsyn where periode_id = ${p.id} and sagsbehandler_id is not null
        group by sagsbehandler_id
      ), brugere as (
        select bruger_id from bruger_kunde where kunde_id = ${p.kundeId}
          and (${sql.join(
            SAGSBEHANDLER_ROLLER.map((r) => sql`roller @> ${JSON.stringify([r])}::jsonb`),
            sql` or `,
          )})
        union select sagsbehandler_id from plan
        union select bruger_id from planlaegning_ressource where periode_id = ${p.id}
      )
      select b.id as bruger_id, b.navn, coalesce(plan.antal, 0) as antal,
        coalesce(plan.timer_halve, 0) as timer_halve,
        r.timer_til_raadighed_halve as raadighed_halve, r.version
      from brugere u join bruger b on b.id = u.bruger_id
        left join plan on plan.sagsbehandler_id = b.id
        left join planlaegning_ressource r on r.periode_id = ${p.id} and r.bruger_id = b.id
      ${brugerId === undefined ? sql`` : sql`where b.id = ${brugerId}`}
      order by b.navn_sortering, b.id`,
  );
  return rows.map((r) => ({
    brugerId: Number(r.bruger_id),
    navn: r.navn,
    antalPlanlagte: Number(r.antal),
    planlagteTimer: Number(r.timer_halve) / 2,
    timerTilRaadighed:
      r.raadighed_halve === null ? STANDARD_TIMER_TIL_RAADIGHED : Number(r.raadighed_halve) / 2,
    version: r.version === null ? 0 : Number(r.version),
  }));
}

// ---------------------------------------------------------------- economic follow-up

type OekonomiRaekke = typeof opfoelgningOekonomi.$inferSelect;
const oekonomiSvar = (r: OekonomiRaekke) => ({
  id: r.id,
  periodeId: r.periodeId,
  tekst: r.tekst,
  planlagteTimer: r.planlagteTimerHalve / 2,
  registreredeTimer: r.registreredeTimerHalve / 2,
  faktureredeTimer: r.faktureredeTimerHalve / 2,
  planlagtBeloebOere: Number(r.planlagtBeloebOere),
  faktureretBeloebOere: Number(r.faktureretBeloebOere),
  bemaerkning: r.bemaerkning,
  version: r.version,
});

interface OekonomiInput {
  tekst: string;
  planlagteTimer: number;
  registreredeTimer: number;
  faktureredeTimer: number;
  planlagtBeloebOere: number;
  faktureretBeloebOere: number;
  bemaerkning?: string | null;
}
const oekonomiKolonner = (b: OekonomiInput) => ({
  tekst: b.tekst,
  planlagteTimerHalve: Math.round(b.planlagteTimer * 2),
  registreredeTimerHalve: Math.round(b.registreredeTimer * 2),
  faktureredeTimerHalve: Math.round(b.faktureredeTimer * 2),
  planlagtBeloebOere: b.planlagtBeloebOere,
  faktureretBeloebOere: b.faktureretBeloebOere,
  bemaerkning: b.bemaerkning ? b.bemaerkning : null,
});

async function hentOekonomiRaekke(db: Db, user: SessionUser, id: number): Promise<OekonomiRaekke> {
  const [r] = await db
    .select()
    .from(opfoelgningOekonomi)
    .where(
      and(
        eq(opfoelgningOekonomi.id, id),
        eq(opfoelgningOekonomi.kundeId, user.kundeId),
        eq(opfoelgningOekonomi.slettet, false),
      ),
    );
  if (!r) throw notFound('Opfølgningen');
  return r;
}

/** The economic follow-up has no company: nothing is written to a company's log. */
const INGEN_LOG = { virksomhedId: 0, emne: '', notat: null };

/**
 * Yearly planning (contract src/contract/planlaegning.ts): the periods, the generation
 * (./planlaegning-generer.ts), the overview, resources, priority lists and economic follow-up.
 */
export async function planlaegningRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;

  serve(app, hentPlanlaegningsperioder, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    return hentPerioder(db, request.user.kundeId);
  });

  serve(app, hentPlanOversigt, async (request) => {
    const user = request.user;
    const p = await hentPeriode(db, user, request.params.periodeId);
    const qy = request.query;
    const where: SQL[] = [sql`true`];
    if (qy.filter) {
      const m = `%${qy.filter.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`(lower(p.virksomhedsnavn) like ${m} or lower(p.begrundelse) like ${m})`);
    }
    where.push(...kolonneFiltreSql(planListeDef.filterRegler, qy.filteredColumns, kolonneFilter));
    const [periode, status, advarselLinjer, rows] = await Promise.all([
      periodeSvarFor(db, user, p.id),
      kategoriStatus(db, p),
      advarsler(db, p),
      queryRows<PlanSqlRaekke>(
        db,
        sql`select p.*, count(*) over () as total from (${planRaekkerSql(p)}) p
          where ${sql.join(where, sql` and `)}
          ${sorteringSql(SORT_SQL, qy, sql`p.id`, ['virksomhedsnavn', 'kategori', 'tilsynstype', 'type', 'fysisk', 'timer'])} ${sidePart(qy)}`,
      ),
    ]);
    return { periode, ...status, advarsler: advarselLinjer, planlagte: sideAf(rows, planRaekkeSvar) };
  });

  serve(app, gemPeriodeMaal, async (request) => {
    const user = request.user;
    const p = await hentPeriode(db, user, request.params.periodeId);
    await opdaterVersioneret(
      db,
      planlaegningsperiode,
      { id: p.id, version: request.body.version, hvor: eq(planlaegningsperiode.kundeId, user.kundeId) },
      { kategori1AndelPct: request.body.kategori1Andel },
      PERIODE_KONFLIKT,
      user,
    );
    return periodeSvarFor(db, user, p.id);
  });

  /**
   * The generation, the call's or a job's: the companies read in parts outside any transaction (other
   * calls run between them), then the plan written in one transaction, so a stop before its commit
   * leaves the old plan whole (docs/decisions.md 'Long jobs').
   */
  const generer = async (
    jobDb: Db,
    user: SessionUser,
    p: PeriodeRaekke,
    version: number,
    trin: { fremskridt: (done: number, total: number) => Promise<void>; pause: () => Promise<void> },
  ) => {
    const forud = await laesPlanForud(jobDb, user.kundeId, p, trin.fremskridt, trin.pause);
    const resultat = await jobDb.transaction((tx) =>
      genererPlanForPeriode(tx, user, p, version, clock ? clock() : new Date(), forud),
    );
    return { periode: await periodeSvarFor(jobDb, user, p.id), ...resultat };
  };

  serve(app, genererPlan, async (request) => {
    const user = request.user;
    const p = await hentPeriode(db, user, request.params.periodeId);
    return generer(db, user, p, request.body.version, {
      fremskridt: async () => undefined,
      pause: () => new Promise((ok) => setImmediate(ok)),
    });
  });

  serve(app, genererPlanJob, async (request) => {
    const user = request.user;
    const p = await hentPeriode(db, user, request.params.periodeId);
    const { version } = request.body;
    const { job } = await deps.jobs.start(user, {
      kind: 'planlaegning.generer',
      key: p.id,
      titel: `Generér tilsynsplanen for ${p.aar}`,
      ret: PLANLAEGNING_RET,
      forbered: async () => {
        tjekVersion(version, p.version, PERIODE_KONFLIKT);
        return antalIPlanen(db, user.kundeId, p);
      },
      koer: (ctx) => generer(ctx.db, user, p, version, ctx),
    });
    return job;
  });

  serve(app, hentRessourcer, async (request) => {
    const p = await hentPeriode(db, request.user, request.params.periodeId);
    const [liste, [ufordelt]] = await Promise.all([
      ressourcer(db, p),
      queryRows<{ timer_halve: number | string | null }>(
        db,
        sql`select sum(timer_halve) as timer_halve from planlagt_tilsyn
          where periode_id = ${p.id} and sagsbehandler_id is null`,
      ),
    ]);
    return { ressourcer: liste, ufordelteTimer: Number(ufordelt?.timer_halve ?? 0) / 2 };
  });

  serve(app, gemRessource, async (request) => {
    const user = request.user;
    const p = await hentPeriode(db, user, request.params.periodeId);
    const { brugerId } = request.params;
    const [foer] = await ressourcer(db, p, brugerId);
    if (!foer) throw notFound('Sagsbehandleren');
    const { timerTilRaadighed, version } = request.body;
    const halve = Math.round(timerTilRaadighed * 2);
    if (version === 0) {
      // Not stored yet: the first write creates the row; a concurrent first write loses (409).
      const ny = await db
        .insert(planlaegningRessource)
        .values({ periodeId: p.id, brugerId, timerTilRaadighedHalve: halve })
        .onConflictDoNothing()
        .returning();
      if (ny.length === 0) throw conflict(RESSOURCE_KONFLIKT);
    } else {
      const [r] = await db
        .select({ id: planlaegningRessource.id })
        .from(planlaegningRessource)
        .where(and(eq(planlaegningRessource.periodeId, p.id), eq(planlaegningRessource.brugerId, brugerId)));
      if (!r) throw conflict(RESSOURCE_KONFLIKT);
      await opdaterVersioneret(
        db,
        planlaegningRessource,
        { id: r.id, version },
        { timerTilRaadighedHalve: halve },
        RESSOURCE_KONFLIKT,
        user,
      );
    }
    const [efter] = await ressourcer(db, p, brugerId);
    if (!efter) throw notFound('Sagsbehandleren');
    return efter;
  });

  serve(app, hentPrioritering, async (request) => {
    const p = await hentPeriode(db, request.user, request.params.periodeId);
    const k = request.query.kategori;
    const kategorier = k === undefined ? ['1a', '1b'] : [kategoriFraFilter(k)];
    return prioriteringSvar(db, p, kategorier);
  });

  serve(app, gemPrioritering, async (request) => {
    const user = request.user;
    const p = await hentPeriode(db, user, request.params.periodeId);
    const { kategori, valgte, version } = request.body;
    const kategorier = LISTE_KATEGORIER[kategori];
    await db.transaction(async (tx) => {
      // Versioned per period: the lists are edited one at a time (docs/decisions.md).
      await opdaterVersioneret(
        tx,
        planlaegningsperiode,
        { id: p.id, version, hvor: eq(planlaegningsperiode.kundeId, user.kundeId) },
        {},
        PERIODE_KONFLIKT,
        user,
      );
      const raekker = await tx
        .select({
          id: planlagtTilsyn.id,
          kategori: planlagtTilsyn.kategori,
          begrundelse: planlagtTilsyn.begrundelse,
        })
        .from(planlagtTilsyn)
        .where(eq(planlagtTilsyn.periodeId, p.id));
      const iListen = new Set(
        raekker.filter((r) => (kategorier as readonly string[]).includes(r.kategori)).map((r) => r.id),
      );
      const fremmede = valgte.filter((id) => !iListen.has(id));
      if (fremmede.length > 0)
        throw badRequest(
          { valgte: [`Tilsyn ${fremmede.slice(0, 5).join(', ')} hører ikke til listen i denne periode`] },
          'Ugyldige valg',
        );
      // The chosen get 1, 2, … in the order sent, the list's others no number; each reason names the
      // number its row shows (rule medPrioritet). One statement, the rows as one JSON parameter.
      const nr = new Map(valgte.map((id, i) => [id, i + 1]));
      const nye = raekker
        .filter((r) => iListen.has(r.id))
        .map((r) => {
          const prioritet = nr.get(r.id) ?? null;
          return { id: r.id, p: prioritet, b: medPrioritet(r.begrundelse, prioritet) };
        });
      if (nye.length > 0)
        await tx.execute(
          sql`update planlagt_tilsyn set valgt = x.p is not null, prioritet = x.p, begrundelse = x.b
            from jsonb_to_recordset(${JSON.stringify(nye)}::jsonb) as x(id int, p int, b text)
            where planlagt_tilsyn.id = x.id and planlagt_tilsyn.periode_id = ${p.id}`,
        );
    });
    return prioriteringSvar(db, p, kategorier);
  });

  // ---- economic follow-up (spec)

  serve(app, hentOpfoelgningOekonomi, async (request) => {
    const p = await hentPeriode(db, request.user, request.params.id);
    const rows = await db
      .select()
      .from(opfoelgningOekonomi)
      .where(and(eq(opfoelgningOekonomi.periodeId, p.id), eq(opfoelgningOekonomi.slettet, false)))
      .orderBy(opfoelgningOekonomi.id);
    return rows.map(oekonomiSvar);
  });

  serve(app, opretOpfoelgningOekonomi, async (request) => {
    const user = request.user;
    const p = await hentPeriode(db, user, request.body.periodeId);
    const [ny] = await db
      .insert(opfoelgningOekonomi)
      .values({ kundeId: user.kundeId, periodeId: p.id, ...oekonomiKolonner(request.body) })
      .returning();
    if (!ny) throw new Error('Opfølgningen blev ikke oprettet');
    return oekonomiSvar(ny);
  });

  serve(app, gemOpfoelgningOekonomi, async (request) => {
    const user = request.user;
    const r = await hentOekonomiRaekke(db, user, request.params.id);
    const ny = await opdaterVersioneret(
      db,
      opfoelgningOekonomi,
      { id: r.id, version: request.body.version, hvor: eq(opfoelgningOekonomi.slettet, false) },
      oekonomiKolonner(request.body),
      OEKONOMI_KONFLIKT,
      user,
    );
    return oekonomiSvar(ny);
  });

  serve(app, sletOpfoelgningOekonomi, async (request) => {
    const user = request.user;
    const r = await hentOekonomiRaekke(db, user, request.params.id);
    await sletBloedt(
      db,
      opfoelgningOekonomi,
      { id: r.id, version: request.query.version },
      {},
      OEKONOMI_KONFLIKT,
      user,
      INGEN_LOG,
    );
  });
}
