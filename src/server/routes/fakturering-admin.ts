import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { satsPeriode } from '../../contract/brugerbetaling-regler';
import { DATO_INTERVAL_FEJL, erDatoIInterval, erKalenderdato } from '../../contract/common';
import { FAKTURA_I_OEKONOMI, KREDITNOTA_TAELLER } from '../../contract/faktura-status';
import {
  type Afregningsaar,
  type GebyrTypeAdmin,
  type GebyrTypeInput,
  gemGebyrType,
  gemSatser,
  hentBrugOIR,
  hentGebyrTyper,
  hentOekonomiSummer,
  hentSatser,
  opretGebyrType,
} from '../../contract/fakturering';
import { SAT_GEBYR } from '../../contract/sat-registreringer';
import { requireActiveKunde } from '../auth/entitet-adgang';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { inListe } from '../db/liste';
import { brugerbetalingSats, kunde, planlaegningsperiode, satGebyrType } from '../db/schema';
import { opdaterVersioneret, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { addFieldError, badRequest, conflict, notFound } from '../http/errors';

/**
 * Invoicing administration (issue 13): the customer's economy flag (`Brugerbetaling/BrugOIR`), the
 * yearly rates of user payment, the SAT fee types with how many fees use each, and the figures the
 * system itself knows for a planning period's economic follow-up (planned, registered and invoiced
 * hours and the invoiced amount). The invoicing flow itself is src/server/routes/fakturering*.ts.
 */

export const SATSER_KONFLIKT = 'Satserne er ændret af en anden. Genindlæs og prøv igen.';
export const GEBYRTYPE_KONFLIKT = 'Gebyrtypen er ændret af en anden. Genindlæs og prøv igen.';
export const GYLDIG_TIL_FOER_FRA = 'Gyldig til må ikke ligge før gyldig fra';
export const GEBYRTYPE_ART_BRUGT = 'Arten kan ikke ændres, når gebyrtypen er brugt på gebyrer';
const UGYLDIG_DATO = 'Skal være en dato (ÅÅÅÅ-MM-DD)';

const tilAfregningsaar = (r: typeof brugerbetalingSats.$inferSelect): Afregningsaar => ({
  aar: r.aar,
  ...satsPeriode(r.aar),
  timesatsOere: r.timesatsOere,
  fremmedAndelBp: r.fremmedAndelBp,
  husdyrGodkendelseAndelBp: r.husdyrGodkendelseAndelBp,
  kilde: r.kilde,
  version: r.version,
});

/** The customer's fee types, or one of them, with the number of live fees registered with each. */
async function gebyrTyperMedAntal(db: Db, kundeId: number, id?: number): Promise<GebyrTypeAdmin[]> {
  const rows = await queryRows<{
    id: number;
    navn: string;
    art: string;
    sats_oere: number;
    gyldig_fra: string;
    gyldig_til: string | null;
    aktiv: boolean;
    version: number | string;
    antal: number | string;
  }>(
    db,
    sql`select t.id, t.navn, t.art, t.sats_oere, t.gyldig_fra::text as gyldig_fra,
          t.gyldig_til::text as gyldig_til, t.aktiv, t.version, coalesce(g.antal, 0) as antal
        from sat_gebyr_type t
        left join (
          select (data->>'gebyrtypeId')::int as type_id, count(*) as antal
          from registrering
          where kunde_id = ${kundeId} and art = ${SAT_GEBYR.art} and not slettet
            and jsonb_typeof(data->'gebyrtypeId') = 'number'
          group by 1
        ) g on g.type_id = t.id
        where t.kunde_id = ${kundeId} ${id === undefined ? sql`` : sql`and t.id = ${id}`}
        order by t.navn, t.gyldig_fra, t.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    navn: r.navn,
    art: r.art as GebyrTypeAdmin['art'],
    satsOere: Number(r.sats_oere),
    gyldigFra: r.gyldig_fra,
    gyldigTil: r.gyldig_til,
    aktiv: r.aktiv,
    antalGebyrer: Number(r.antal),
    version: Number(r.version),
  }));
}

/** Real calendar days, and the end of validity not before its start: 400 in Danish. */
function tjekGyldighed(input: GebyrTypeInput): void {
  const fejl: Record<string, string[]> = {};
  for (const [felt, v] of [
    ['gyldigFra', input.gyldigFra],
    ['gyldigTil', input.gyldigTil],
  ] as const) {
    if (v === null) continue;
    if (!erKalenderdato(v)) addFieldError(fejl, felt, UGYLDIG_DATO);
    else if (!erDatoIInterval(v)) addFieldError(fejl, felt, DATO_INTERVAL_FEJL);
  }
  if (Object.keys(fejl).length === 0 && input.gyldigTil !== null && input.gyldigTil < input.gyldigFra)
    addFieldError(fejl, 'gyldigTil', GYLDIG_TIL_FOER_FRA);
  if (Object.keys(fejl).length > 0) throw badRequest(fejl);
}

export async function faktureringAdminRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, hentBrugOIR, async (request) => {
    requireActiveKunde(request.user, request.query.kundeId);
    const [k] = await db
      .select({ oekonomiIntegration: kunde.oekonomiIntegration })
      .from(kunde)
      .where(eq(kunde.id, request.query.kundeId));
    if (!k) throw notFound('Kunden');
    return k.oekonomiIntegration;
  });

  // ---------------------------------------------------------------- the yearly rates

  serve(app, hentSatser, async (request) => {
    const rows = await db
      .select()
      .from(brugerbetalingSats)
      .where(eq(brugerbetalingSats.kundeId, request.user.kundeId))
      .orderBy(desc(brugerbetalingSats.aar));
    return rows.map(tilAfregningsaar);
  });

  serve(app, gemSatser, async (request) => {
    const { user } = request;
    const { aar } = request.params;
    const { version, ...satser } = request.body;
    const [gemt] = await db
      .select()
      .from(brugerbetalingSats)
      .where(and(eq(brugerbetalingSats.kundeId, user.kundeId), eq(brugerbetalingSats.aar, aar)));
    if (!gemt) {
      // A year without rates: created only by one who saw none (a version means another's row was meant).
      if (version !== undefined) throw conflict(SATSER_KONFLIKT);
      const [ny] = await db
        .insert(brugerbetalingSats)
        .values({ kundeId: user.kundeId, aar, ...satser })
        .onConflictDoNothing()
        .returning();
      // Someone else created the year's rates at the same moment.
      if (!ny) throw conflict(SATSER_KONFLIKT);
      return tilAfregningsaar(ny);
    }
    if (version === undefined) throw conflict(SATSER_KONFLIKT);
    tjekVersion(version, gemt.version, SATSER_KONFLIKT);
    const ny = await db.transaction((tx) =>
      opdaterVersioneret(
        tx,
        brugerbetalingSats,
        { id: gemt.id, version, hvor: eq(brugerbetalingSats.kundeId, user.kundeId) },
        satser,
        SATSER_KONFLIKT,
        user,
      ),
    );
    return tilAfregningsaar(ny);
  });

  // ---------------------------------------------------------------- SAT fee types

  serve(app, hentGebyrTyper, (request) => gebyrTyperMedAntal(db, request.user.kundeId));

  serve(app, opretGebyrType, async (request) => {
    const input = request.body;
    tjekGyldighed(input);
    const [ny] = await db
      .insert(satGebyrType)
      .values({ kundeId: request.user.kundeId, ...input })
      .returning({ id: satGebyrType.id });
    const [svar] = await gebyrTyperMedAntal(db, request.user.kundeId, ny!.id);
    return svar!;
  });

  /**
   * A changed rate applies to fees registered (or edited) from now on: every fee keeps the rate and
   * amount stored when it was saved, and an invoiced fee is frozen. The kind of a used type is kept.
   */
  serve(app, gemGebyrType, async (request) => {
    const { user } = request;
    const { version, ...input } = request.body;
    const [gemt] = await gebyrTyperMedAntal(db, user.kundeId, request.params.id);
    if (!gemt) throw notFound('Gebyrtypen');
    tjekVersion(version, gemt.version, GEBYRTYPE_KONFLIKT);
    tjekGyldighed(input);
    if (input.art !== gemt.art && gemt.antalGebyrer > 0)
      throw badRequest({ art: [GEBYRTYPE_ART_BRUGT] }, GEBYRTYPE_ART_BRUGT);
    await db.transaction((tx) =>
      opdaterVersioneret(
        tx,
        satGebyrType,
        { id: gemt.id, version, hvor: eq(satGebyrType.kundeId, user.kundeId) },
        input,
        GEBYRTYPE_KONFLIKT,
        user,
      ),
    );
    const [svar] = await gebyrTyperMedAntal(db, user.kundeId, gemt.id);
    return svar!;
  });

  // ---------------------------------------------------------------- economic follow-up

  /**
   * The planning period's calendar year: hours planned by its plan, hours registered on user-payment
   * records of an hourly rate dated in the year (per company, day and category rounded to the nearest
   * half hour, as invoicing rounds), and hours and amounts on the invoices of the settlement year
   * `aar` that reached the economy system (transferred, or transferred and since credited), credit
   * notes subtracted.
   */
  serve(app, hentOekonomiSummer, async (request) => {
    const { kundeId } = request.user;
    const [p] = await db
      .select({ id: planlaegningsperiode.id, aar: planlaegningsperiode.aar })
      .from(planlaegningsperiode)
      .where(
        and(eq(planlaegningsperiode.id, request.params.periodeId), eq(planlaegningsperiode.kundeId, kundeId)),
      );
    if (!p) throw notFound('Planlægningsperioden');
    const [planlagt] = await queryRows<{ halve: number | string | null }>(
      db,
      sql`select sum(timer_halve) as halve from planlagt_tilsyn where periode_id = ${p.id}`,
    );
    const [registreret] = await queryRows<{ halve: number | string | null }>(
      db,
      sql`select sum(halve) as halve from (
            select round(sum((data->>'timer')::numeric) * 2) as halve
            from registrering
            where kunde_id = ${kundeId} and art = 'brugerbetaling' and not slettet
              and data->>'gebyrtype' = 'Timesats gebyr' and jsonb_typeof(data->'timer') = 'number'
              and dato >= ${`${p.aar}-01-01`} and dato < ${`${p.aar + 1}-01-01`}
            group by virksomhed_id, dato, data->>'kategoriId'
          ) d`,
    );
    const [faktureret] = await queryRows<{ halve: number | string | null; oere: number | string | null }>(
      db,
      sql`select sum(case when art = 'kredit' then -abs(timer_halve) else timer_halve end) as halve,
            sum(case when art = 'kredit' then -abs(total_oere) else total_oere end) as oere
          from faktura
          where kunde_id = ${kundeId} and aar = ${p.aar}
            and ((art = 'faktura' and ${inListe(sql`status`, FAKTURA_I_OEKONOMI)})
              or (art = 'kredit' and ${inListe(sql`status`, KREDITNOTA_TAELLER)}))`,
    );
    return {
      periodeId: p.id,
      aar: p.aar,
      planlagteTimerHalve: Number(planlagt?.halve ?? 0),
      registreredeTimerHalve: Number(registreret?.halve ?? 0),
      faktureredeTimerHalve: Number(faktureret?.halve ?? 0),
      faktureretBeloebOere: Number(faktureret?.oere ?? 0),
    };
  });
}
