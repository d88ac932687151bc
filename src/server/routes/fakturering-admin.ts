import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { satsPeriode } from '../../contract/brugerbetaling-regler';
import { FAKTURA_I_OEKONOMI, KREDITNOTA_TAELLER } from '../../contract/faktura-status';
import {
  type Afregningsaar,
  gemSatser,
  hentBrugOIR,
  hentOekonomiSummer,
  hentSatser,
} from '../../contract/fakturering';
import { requireActiveKunde } from '../auth/entitet-adgang';
import { queryRows } from '../db/client';
import { inListe } from '../db/liste';
import { brugerbetalingSats, kunde, planlaegningsperiode } from '../db/schema';
import { opdaterVersioneret, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { gebyrTypeRoutes } from '../fakturering/gebyrtyper';
import { serve } from '../http/endpoint';
import { conflict, notFound } from '../http/errors';

/**
 * Invoicing administration (issue 13): the customer's economy flag (`Brugerbetaling/BrugOIR`), the
 * yearly rates of user payment, the SAT fee types with how many fees use each, and the figures the
 * system itself knows for a planning period's economic follow-up (planned, registered and invoiced
 * hours and the invoiced amount). The invoicing flow itself is src/server/routes/fakturering*.ts.
 */

export const SATSER_KONFLIKT = 'Satserne er ændret af en anden. Genindlæs og prøv igen.';
export { GEBYRTYPE_ART_BRUGT, GEBYRTYPE_KONFLIKT, GYLDIG_TIL_FOER_FRA } from '../fakturering/gebyrtyper';

const tilAfregningsaar = (r: typeof brugerbetalingSats.$inferSelect): Afregningsaar => ({
  aar: r.aar,
  ...satsPeriode(r.aar),
  timesatsOere: r.timesatsOere,
  fremmedAndelBp: r.fremmedAndelBp,
  husdyrGodkendelseAndelBp: r.husdyrGodkendelseAndelBp,
  kilde: r.kilde,
  version: r.version,
});

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

  // The fee types: the record kind GEBYRTYPE of the customer, on the generic path.
  await gebyrTypeRoutes(app, { db });

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
