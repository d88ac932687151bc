import { type SQL, sql } from 'drizzle-orm';
import {
  afregningsperiode,
  GODKENDELSE_KODE,
  HUSDYRGODKENDELSE,
  ingenTimetakst,
  KLAGE_IKKE_BERETTIGET,
  KLAGE_KODE,
  LANDBRUG_TYPE,
  periodensSatsAar,
} from '../../contract/brugerbetaling-regler';
import { SAT_RAEKKETYPE } from '../../contract/entitet';
import { FAKTURA_START } from '../../contract/faktura-status';
import type { DanForslagSvar } from '../../contract/fakturering';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import type { SessionUser } from '../auth/session-user';
import { tidsregistreringsKategorier } from '../catalog/lookups';
import type { Db } from '../db/client';
import type { Tx } from '../db/versioneret';
import { badRequest } from '../http/errors';

/**
 * The invoice proposals of a settlement year (issue 13): a handful of set-based statements per part of
 * FORSLAG_DEL companies (the benchmark runs it for 100,000), so no round trip
 * per company. The rules are src/contract/brugerbetaling-regler.ts's; this is the same in SQL.
 */

/** Advisory lock class of the proposal run ('FAKT'); the second key is customer and year. */
const FORSLAG_LAAS = 0x4641_4b54;

/** Raw rows of a query in a transaction or on the database. */
export async function raekker<T>(tx: Tx, q: SQL): Promise<T[]> {
  return ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
}

/** Øre (a non-negative integer expression) as Danish kroner '1.033,00', as `kroner()` writes it. */
export const kronerSql = (oere: SQL): SQL =>
  sql`(regexp_replace(((${oere}) / 100)::bigint::text, '\\Y(?=(\\d{3})+(?!\\d))', '.', 'g') || ',' || lpad(((${oere}) % 100)::text, 2, '0'))`;

/** Basis points as a Danish percentage '57,79', as `procentTekst()` writes it. */
const procentSql = (bp: SQL): SQL =>
  sql`(case when (${bp}) % 100 = 0 then ((${bp}) / 100)::text
        else ((${bp}) / 100)::text || ',' || rtrim(lpad(((${bp}) % 100)::text, 2, '0'), '0') end)`;

/** Half hours (non-negative) as Danish hours '3,5', as `timerTekst()` writes it. */
const timerSql = (halve: SQL): SQL =>
  sql`(case when (${halve}) % 2 = 0 then ((${halve}) / 2)::text else ((${halve}) / 2)::text || ',5' end)`;

/** A line's shares in words, as `forklaring()` writes them (andelTekst). */
const andelTekstSql = (andel: SQL, husdyr: SQL): SQL =>
  sql`(case when (${andel}) = 10000 then '' else ' × ' || ${procentSql(andel)} || ' %' end
       || case when (${husdyr}) is null then '' else ' × ' || ${procentSql(husdyr)} || ' %' end
       || case when (${andel}) = 0 then ${KLAGE_IKKE_BERETTIGET}::text
               when (${husdyr}) is null then '' else ${HUSDYRGODKENDELSE}::text end)`;

/** `taeller / naevner` (both non-negative) rounded half up, exactly, as `delOgRund()` does. */
const delOgRundSql = (taeller: SQL, naevner: number): SQL =>
  sql`div(2 * (${taeller}) + ${sql.raw(String(naevner))}, ${sql.raw(String(2 * naevner))})::bigint`;

/** The time categories as a VALUES list (id, name, code) for the lines' category names. */
function kategorierSql(): SQL {
  const alle = new Map<number, { navn: string; kode: string }>();
  for (const type of [VIRKSOMHEDSTYPE.VIRKSOMHED, VIRKSOMHEDSTYPE.LANDBRUG])
    for (const k of tidsregistreringsKategorier(type)) alle.set(k.id, { navn: k.navn, kode: k.kode });
  return sql.join(
    [...alle].map(([id, k]) => sql`(${id}::int, ${k.navn}::text, ${k.kode}::text)`),
    sql`, `,
  );
}

/** A stored amount in øre the run can bill: a whole number of at most 15 digits. */
const HELT_OERE = '^-?[0-9]{1,15}$';

/** Companies whose proposals one transaction of a run rebuilds. */
export const FORSLAG_DEL = 2_000;

/** A part of the customer's companies by id: above `efter`, up to `til` (null: no bound). */
interface Del {
  efter: number | null;
  til: number | null;
}

const delSql = (kolonne: SQL, del: Del): SQL =>
  sql`${del.efter === null ? sql`` : sql`and ${kolonne} > ${del.efter}`} ${del.til === null ? sql`` : sql`and ${kolonne} <= ${del.til}`}`;

/** How a run reports its progress and lets other calls in between its transactions (a job's context). */
export interface Trin {
  fremskridt(done: number, total: number): Promise<void>;
  pause(): Promise<void>;
}

const UDEN_TRIN: Trin = { fremskridt: async () => undefined, pause: async () => undefined };

/**
 * (Re)builds the proposals of customer `user.kundeId` for settlement year `aar`, FORSLAG_DEL companies
 * per transaction (each takes the customer-and-year lock, so two runs wait for each other per part):
 * a part's drafts are deleted (their lines free their records) and its proposals made again from the
 * records of the period that are live, not invoiced and on no active line. Each part is whole and
 * idempotent, so a run stopped between parts leaves every company with either its old or its new
 * drafts, and running it again completes it. Approved, transferred and credited invoices are never
 * touched. Each record is charged at the rates of the calendar year it was done in; a year with
 * records to bill and no rates answers 400 naming the year (`ingenTimetakst`) before anything changes.
 */
export async function danForslagForKunde(
  db: Db,
  user: SessionUser,
  aar: number,
  trin: Trin = UDEN_TRIN,
): Promise<DanForslagSvar> {
  const kundeId = user.kundeId;
  const { fra, til } = afregningsperiode(aar);
  const satsAar = periodensSatsAar(aar);
  {
    const typer = sql.join(
      [VIRKSOMHEDSTYPE.VIRKSOMHED, VIRKSOMHEDSTYPE.LANDBRUG, SAT_RAEKKETYPE].map((t) => sql`${t}`),
      sql`, `,
    );
    // The records of the period that may be billed: live, on a live company of the customer, not
    // marked invoiced and on no active line.
    const kandidat = (art: string, del: Del = { efter: null, til: null }) => sql`
      r.kunde_id = ${kundeId} and r.art = ${art} and not r.slettet ${delSql(sql`r.virksomhed_id`, del)}
      and r.dato >= ${fra}::date and r.dato < ${til}::date
      and coalesce(r.data->>'faktureret', 'false') <> 'true'
      and not exists (select 1 from faktura_linje fl where fl.registrering_id = r.id and fl.aktiv)`;
    // The user-payment records billed (r, on company v): of companies covered by user payment.
    const brugerbetaling = (del?: Del) => sql`
      ${kandidat('brugerbetaling', del)}
      and v.kunde_id = ${kundeId} and not v.slettet and v.omfattet_af_brugerbetaling
      and v.type in (${typer})`;
    const aarListe = sql.join(
      satsAar.map((p) => sql`${p.aar}`),
      sql`, `,
    );

    // A calendar year of the period with records to bill and no rates stops the run (a rate is never
    // taken from another year).
    const medSatser = await raekker<{ aar: number }>(
      db,
      sql`select aar from brugerbetaling_sats where kunde_id = ${kundeId} and aar in (${aarListe})`,
    );
    for (const p of satsAar) {
      if (medSatser.some((s) => Number(s.aar) === p.aar)) continue;
      const [arbejde] = await raekker<{ n: number }>(
        db,
        sql`select 1 as n from registrering r join virksomhed v on v.id = r.virksomhed_id
            where ${brugerbetaling()} and r.dato >= ${p.fra}::date and r.dato < ${p.til}::date limit 1`,
      );
      if (arbejde) throw badRequest({ aar: [ingenTimetakst(p.aar)] }, ingenTimetakst(p.aar));
    }

    // The parts: every company id of the customer, the first part from the lowest, the last to the
    // highest (a company made meanwhile, a draft of any company, belongs to one).
    const ids = (
      await raekker<{ id: number }>(
        db,
        sql`select id from virksomhed where kunde_id = ${kundeId} order by id`,
      )
    ).map((r) => Number(r.id));
    const dele: { del: Del; slut: number }[] = [];
    for (let i = 0; i === 0 || i < ids.length; i += FORSLAG_DEL) {
      const slut = Math.min(i + FORSLAG_DEL, ids.length);
      dele.push({
        del: { efter: i === 0 ? null : ids[i - 1]!, til: slut >= ids.length ? null : ids[slut - 1]! },
        slut,
      });
    }
    await trin.fremskridt(0, ids.length);
    const sum = { forslag: 0, linjer: 0, total: 0, erstattede: 0 };
    const udeladte: { id: number; titel: string; navn: string }[] = [];
    for (const { del, slut } of dele) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FORSLAG_LAAS}, ${kundeId * 10_000 + aar})`);
        const [slettet] = await raekker<{ n: number | string }>(
          tx,
          sql`with d as (delete from faktura
                     where kunde_id = ${kundeId} and aar = ${aar} and art = 'faktura' and status = ${FAKTURA_START}
                       ${delSql(sql`virksomhed_id`, del)}
                     returning 1)
          select count(*) as n from d`,
        );

        const [res] = await raekker<{
          forslag: number | string;
          linjer: number | string;
          total: number | string;
        }>(
          tx,
          sql`
      with kat(id, navn, kode) as (values ${kategorierSql()}),
      -- The rates of the period's calendar years (every year with records has them: checked above).
      sats(aar, timesats, fremmed, husdyr) as (
        select aar, timesats_oere, fremmed_andel_bp, husdyr_godkendelse_andel_bp
        from brugerbetaling_sats where kunde_id = ${kundeId} and aar in (${aarListe})
      ),
      -- Each record with its category, the rates of the year it was done in (satsAarAf) and its shares:
      -- andelFor (0 % for complaint work not marked justified, the outside-service share, else 100 %)
      -- and husdyrAndelFor (the approval share on top, on a farm's approval work, else null).
      bb as (
        select r.id, r.virksomhed_id, r.dato, r.titel, k.navn as kategori,
               r.data->>'gebyrtype' as gebyrtype,
               (r.data->>'kategoriId')::int as kategori_id,
               case when jsonb_typeof(r.data->'timer') = 'number' then (r.data->>'timer')::numeric else 0 end as timer,
               case when jsonb_typeof(r.data->'beloeb') = 'number' then (r.data->>'beloeb')::numeric else 0 end as beloeb,
               s.timesats,
               case when k.kode = ${KLAGE_KODE}
                         and coalesce(r.data->'klageBerettiget', 'false'::jsonb) <> 'true'::jsonb then 0
                    when r.data->>'gebyrtype' = 'Fremmed tjenesteydelse' then s.fremmed
                    else 10000 end as andel,
               case when k.kode = ${GODKENDELSE_KODE} and v.type = ${LANDBRUG_TYPE} then s.husdyr end as husdyr
        from registrering r
        join virksomhed v on v.id = r.virksomhed_id
        join sats s on s.aar = extract(year from r.dato)::int
        left join kat k on k.id = (r.data->>'kategoriId')::int
        where ${brugerbetaling(del)}
      ),
      -- Hours per company, day and category: the running sum rounded to the half hour, so the day's
      -- lines add up to the day's rounded hours (halveTimerPrDag).
      tim as (
        select bb.*, round(sum(bb.timer) over w * 2)::int
               - coalesce(round((sum(bb.timer) over w - bb.timer) * 2)::int, 0) as halve
        from bb
        where bb.gebyrtype = 'Timesats gebyr'
        window w as (partition by bb.virksomhed_id, bb.dato, bb.kategori_id order by bb.id
                     rows between unbounded preceding and current row)
      ),
      -- The amounts (timeBeloebOere, andelBeloebOere) and their explanations (forklaring).
      linjer as (
        select virksomhed_id, 'timer'::text as kilde, id as registrering_id, dato, titel as tekst, kategori,
               halve as timer_halve, timesats as sats_oere, andel as andel_bp, husdyr as husdyr_andel_bp,
               ${delOgRundSql(sql`halve::numeric * timesats * andel * coalesce(husdyr, 10000)`, 200_000_000)}
                 as beloeb_oere,
               ${timerSql(sql`halve`)} || ' t à ' || ${kronerSql(sql`timesats::bigint`)} || ' kr.'
                 || ${andelTekstSql(sql`andel`, sql`husdyr`)} as forklaring
        from tim
        union all
        -- A fixed fee and a third-party service: the amount registered, its share.
        select b.virksomhed_id, case b.gebyrtype when 'Fast gebyr' then 'fast' else 'fremmed' end, b.id,
               b.dato, b.titel, b.kategori, null::int,
               round(b.beloeb * 100)::bigint, b.andel, b.husdyr,
               ${delOgRundSql(sql`round(b.beloeb * 100) * b.andel * coalesce(b.husdyr, 10000)`, 100_000_000)},
               case b.gebyrtype when 'Fast gebyr' then 'Fast gebyr ' else 'Fremmed ydelse ' end
                 || ${kronerSql(sql`round(b.beloeb * 100)::bigint`)}
                 || case b.gebyrtype when 'Fast gebyr' then ' kr.' else ' kr. ekskl. moms' end
                 || ${andelTekstSql(sql`b.andel`, sql`b.husdyr`)}
        from bb b
        where b.gebyrtype in ('Fast gebyr', 'Fremmed tjenesteydelse')
        union all
        -- An hourly SAT fee (a number of hours and the rate it was registered at) bills its hours in
        -- half hours at its rate, and its hours count in the invoice's hours (forklaring 'sat'); the
        -- amount stays the one registered (hours × rate, gebyrBeloebOere).
        select r.virksomhed_id, 'sat', r.id, r.dato, r.titel, gt.navn, st.halve,
               case when st.halve is null then (r.data->>'beloebOere')::bigint else st.sats end,
               10000, null::int, (r.data->>'beloebOere')::bigint,
               case when st.halve is null
                    then 'SAT-gebyr ' || ${kronerSql(sql`(r.data->>'beloebOere')::bigint`)} || ' kr.'
                    else 'SAT-gebyr ' || ${timerSql(sql`st.halve`)} || ' t à ' || ${kronerSql(sql`st.sats`)} || ' kr.' end
        from registrering r
        join virksomhed v on v.id = r.virksomhed_id
        left join sat_gebyr_type gt on gt.id = (r.data->>'gebyrtypeId')::int and gt.kunde_id = ${kundeId}
        cross join lateral (
          select case when gt.art = 'timesats' and jsonb_typeof(r.data->'timeantal') = 'number' and (r.data->>'timeantal')::numeric > 0
                           and jsonb_typeof(r.data->'satsOere') = 'number' and (r.data->>'satsOere') ~ ${HELT_OERE}
                      then round((r.data->>'timeantal')::numeric * 2)::int end as halve,
                 case when jsonb_typeof(r.data->'satsOere') = 'number' and (r.data->>'satsOere') ~ ${HELT_OERE}
                      then (r.data->>'satsOere')::bigint end as sats
        ) st
        where ${kandidat('satgebyr', del)}
          and v.kunde_id = ${kundeId} and not v.slettet and v.type in (${typer})
          and jsonb_typeof(r.data->'beloebOere') = 'number' and (r.data->>'beloebOere') ~ ${HELT_OERE}
      ),
      fak as (
        insert into faktura (kunde_id, virksomhed_id, aar, art, status, total_oere, timer_halve, antal_linjer)
        select ${kundeId}, virksomhed_id, ${aar}, 'faktura', ${FAKTURA_START}, sum(beloeb_oere),
               coalesce(sum(timer_halve), 0), count(*)
        from linjer group by virksomhed_id
        returning id, virksomhed_id, total_oere
      ),
      ind as (
        insert into faktura_linje (faktura_id, kilde, registrering_id, dato, tekst, kategori, timer_halve,
                                   sats_oere, andel_bp, husdyr_andel_bp, beloeb_oere, forklaring)
        select fak.id, l.kilde, l.registrering_id, l.dato, l.tekst, l.kategori, l.timer_halve, l.sats_oere,
               l.andel_bp, l.husdyr_andel_bp, l.beloeb_oere, l.forklaring
        from linjer l join fak using (virksomhed_id)
        returning 1
      )
      select (select count(*) from fak) as forslag, (select count(*) from ind) as linjer,
             (select coalesce(sum(total_oere), 0) from fak) as total`,
        );
        // A SAT fee whose stored amount is no whole number of øre (written around the API) is left out
        // and named, so one broken record never stops the year's run.
        udeladte.push(
          ...(await raekker<{ id: number; titel: string; navn: string }>(
            tx,
            sql`select r.id, r.titel, v.navn from registrering r join virksomhed v on v.id = r.virksomhed_id
          where ${kandidat('satgebyr', del)} and v.kunde_id = ${kundeId} and not v.slettet
            and jsonb_typeof(r.data->'beloebOere') = 'number' and not ((r.data->>'beloebOere') ~ ${HELT_OERE})
          order by r.id`,
          )),
        );
        sum.forslag += Number(res?.forslag ?? 0);
        sum.linjer += Number(res?.linjer ?? 0);
        sum.total += Number(res?.total ?? 0);
        sum.erstattede += Number(slettet?.n ?? 0);
      });
      await trin.fremskridt(slut, ids.length);
      await trin.pause();
    }
    return {
      aar,
      udeladte: udeladte.map((u) => ({
        registreringId: Number(u.id),
        tekst: `SAT-gebyr '${u.titel}' (${u.navn}): beløbet er ikke et helt antal øre og er ikke faktureret`,
      })),
      antalForslag: sum.forslag,
      antalLinjer: sum.linjer,
      erstattede: sum.erstattede,
      totalOere: sum.total,
    };
  }
}

/** The steps of a proposal run: the customer's companies, as the run counts them. */
export async function antalTrin(db: Db, kundeId: number): Promise<number> {
  const [r] = await raekker<{ n: number | string }>(
    db,
    sql`select count(*) as n from virksomhed where kunde_id = ${kundeId}`,
  );
  return Number(r?.n ?? 0);
}
