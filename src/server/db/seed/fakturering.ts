import { sql } from 'drizzle-orm';
import { VIRKSOMHEDSTYPE } from '../../../contract/roles';
import { LOOKUP_KATALOG, tidsregistreringsKategorier } from '../../routes/lookups';
import type { KundeRef } from './context';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import type { Prng } from './prng';
import { type Executor, rowsOf } from './writer';

/**
 * Invoicing user payment (issue 13) for one customer: the rates of the settlement years 2024–2027,
 * and, at the customer with an economy integration (Skive), three companies covered by user payment
 * whose payer data the economy system refuses (an EAN payer with a 12-digit reference, an EAN payer
 * with a letter O typed for a zero, a CPR payer with a 9-digit reference), each with unbilled hours and one with
 * an outside service in the current settlement year (1 November 2025 – 1 November 2026), so the
 * demo shows a failed transfer that the user fixes. Runs on its own random stream
 * (kp.fork('fakturering')), after the records.
 */

/**
 * Hourly rate (øre) and the shares of outside services and livestock approvals per settlement year:
 * plausible figures at the level of MST's rate, rising a little each year (to be confirmed,
 * docs/decisions.md).
 */
export const SEED_SATSER: readonly {
  aar: number;
  timesatsOere: number;
  fremmedAndelBp: number;
  husdyrGodkendelseAndelBp: number;
}[] = [
  { aar: 2024, timesatsOere: 38_200, fremmedAndelBp: 5779, husdyrGodkendelseAndelBp: 8000 },
  { aar: 2025, timesatsOere: 39_100, fremmedAndelBp: 5779, husdyrGodkendelseAndelBp: 8000 },
  { aar: 2026, timesatsOere: 40_000, fremmedAndelBp: 5779, husdyrGodkendelseAndelBp: 8000 },
  { aar: 2027, timesatsOere: 41_000, fremmedAndelBp: 5779, husdyrGodkendelseAndelBp: 8000 },
];

/** Payer data the economy system refuses, with what it is (the demo's failed transfers). */
const FORKERTE_BETALERE = [
  { betalerTypeKode: 'EAN', reference: (p: Prng) => String(p.int(100_000_000_000, 999_999_999_999)) },
  // A typed letter O for a zero: 13 characters, not 13 digits.
  { betalerTypeKode: 'EAN', reference: (p: Prng) => `${p.int(100_000_000_000, 999_999_999_999)}O` },
  { betalerTypeKode: 'CPR', reference: (p: Prng) => String(p.int(100_000_000, 999_999_999)) },
] as const;

const MILJOETILSYN_FORDRING = LOOKUP_KATALOG.get('brugerbetaling/getpsrmfordringstypelookup')?.find(
  (i) => i.kode === 'MILJTILSYN',
)?.id;
const TILSYN_KATEGORI = tidsregistreringsKategorier(VIRKSOMHEDSTYPE.VIRKSOMHED).find(
  (k) => k.kode === 'TILSYN',
)?.id;

/** The current settlement year's first day and the last day before REFERENCE_DATE's 1 November. */
const PERIODE_FRA = '2025-11-01';
const PERIODE_TIL = REFERENCE_DATE;

export async function lavFakturering(exec: Executor, kunde: KundeRef, prng: Prng): Promise<number> {
  for (const s of SEED_SATSER) {
    await exec.execute(
      sql`insert into brugerbetaling_sats (kunde_id, aar, timesats_oere, fremmed_andel_bp, husdyr_godkendelse_andel_bp)
        values (${kunde.id}, ${s.aar}, ${s.timesatsOere}, ${s.fremmedAndelBp}, ${s.husdyrGodkendelseAndelBp})
        on conflict (kunde_id, aar) do nothing`,
    );
  }
  const [k] = rowsOf<{ oekonomi_integration: boolean }>(
    await exec.execute(sql`select oekonomi_integration from kunde where id = ${kunde.id}`),
  );
  if (!k?.oekonomi_integration) return 0;

  // Companies covered by user payment, in operation; not the first three by id (tests take those).
  const kandidater = rowsOf<{ id: number }>(
    await exec.execute(
      sql`select id from virksomhed
        where kunde_id = ${kunde.id} and type = ${VIRKSOMHEDSTYPE.VIRKSOMHED} and omfattet_af_brugerbetaling
          and not slettet and ophoert_dato is null
        order by id`,
    ),
  )
    .map((r) => Number(r.id))
    .slice(3)
    .slice(-12);
  const valgte = prng.sample(kandidater, Math.min(FORKERTE_BETALERE.length, kandidater.length));
  const sagsbehandler = kunde.sagsbehandlere.virksomhed[0] ?? kunde.brugere[0]?.id ?? null;
  for (const [i, virksomhedId] of valgte.entries()) {
    const b = FORKERTE_BETALERE[i]!;
    // The payer data are basis fields of the company (src/contract/virksomhed.ts).
    const betaler = { betalerTypeKode: b.betalerTypeKode, betalingsReference: b.reference(prng) };
    await exec.execute(
      sql`update virksomhed set basis = basis || ${JSON.stringify(betaler)}::jsonb
        where id = ${virksomhedId}`,
    );
    // Hours on two or three days (registered in quarter hours: invoicing rounds each day to ½ h).
    const dage = prng.int(2, 3);
    for (let d = 0; d < dage; d++) {
      const dato = addDays(PERIODE_FRA, prng.int(200, 355));
      await registrering(exec, kunde.id, virksomhedId, sagsbehandler, `Tilsyn og opfølgning`, dato, {
        kategoriId: TILSYN_KATEGORI ?? null,
        gebyrtype: 'Timesats gebyr',
        timer: Math.round(prng.float(1, 6) * 4) / 4,
        beloeb: null,
      });
    }
    if (i === 0) {
      await registrering(
        exec,
        kunde.id,
        virksomhedId,
        sagsbehandler,
        'Analyse af jordprøver (ekstern laboratorieregning)',
        addDays(PERIODE_FRA, prng.int(250, 350)),
        {
          kategoriId: TILSYN_KATEGORI ?? null,
          gebyrtype: 'Fremmed tjenesteydelse',
          timer: null,
          beloeb: prng.pick([3850, 4625.5, 6120]),
        },
      );
    }
  }
  return valgte.length;
}

async function registrering(
  exec: Executor,
  kundeId: number,
  virksomhedId: number,
  sagsbehandlerId: number | null,
  titel: string,
  dato: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (dato >= PERIODE_TIL) throw new Error(`Seed: ${dato} ligger efter afregningsperioden`);
  const t = timestamp(dato, 15, 30).toISOString();
  await exec.execute(
    sql`insert into registrering (kunde_id, virksomhed_id, art, titel, dato, sagsbehandler_id, data,
          oprettet, oprettet_af, opdateret, opdateret_af)
        values (${kundeId}, ${virksomhedId}, 'brugerbetaling', ${titel}, ${dato}, ${sagsbehandlerId},
          ${JSON.stringify({
            ...data,
            fordringstypeId: MILJOETILSYN_FORDRING ?? null,
            faktureret: false,
            bemaerkning: null,
          })}::jsonb,
          ${t}, ${sagsbehandlerId}, ${t}, ${sagsbehandlerId})`,
  );
}
