import { sql } from 'drizzle-orm';
import { VIRKSOMHEDSTYPE } from '../../../contract/roles';
import { LOOKUP_KATALOG, tidsregistreringsKategorier } from '../../catalog/lookups';
import type { KundeRef } from './context';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import type { Prng } from './prng';
import { type Executor, rowsOf } from './writer';

/**
 * Invoicing user payment (issues 13 and 29) for one customer: the rates of the years the demo needs
 * (those that can be sourced, and the two the current settlement year needs, marked as assumptions),
 * and, at the customer with an economy integration (Skive), three companies covered by user payment
 * whose payer data the economy system refuses (an EAN payer with a 12-digit reference, an EAN payer
 * with a letter O typed for a zero, a CPR payer with a 9-digit reference), each with unbilled hours and
 * one with an outside service in the current settlement year (1 November 2025 – 1 November 2026), so
 * the demo shows a failed transfer that the user fixes; beside them work that shows the order's rules
 * on a proposal: December 2025 charged at 2025's rate, a justified and an unjustified complaint, and
 * a farm's approval with an outside service at 80 %. Runs on its own random stream
 * (kp.fork('fakturering')), after the records.
 */

const ANTAGELSE = (aar: number) =>
  `ANTAGELSE i demodata, ikke bekræftet: ${aar}-taksten er ikke fundet i en offentliggørelse fra Miljøstyrelsen. ` +
  'Beløbet er 2022-taksten (440,78 kr.) fremskrevet ca. 3 % om året og afrundet. Ret til den offentliggjorte takst.';

/**
 * The ministry's hourly rate (øre) per calendar year and the shares of outside services and livestock
 * approvals (bilag 2 afsnit 1 of the order), with the source of each figure (docs/decisions.md, "User
 * payment by the order (issue 29)"). 2020–2022 are MST's published rates; 2025 and 2026 are not
 * confirmed and are seeded only so that the current settlement year (November 2025 – October 2026)
 * can be proposed in the demo: each says so in its source.
 */
export const SEED_SATSER: readonly {
  aar: number;
  timesatsOere: number;
  fremmedAndelBp: number;
  husdyrGodkendelseAndelBp: number;
  kilde: string;
}[] = [
  {
    aar: 2020,
    timesatsOere: 33_322,
    fremmedAndelBp: 5779,
    husdyrGodkendelseAndelBp: 8000,
    kilde: 'Miljøstyrelsen: 333,22 kr. pr. time i 2020 (mst.dk, nyhed 8. oktober 2021)',
  },
  {
    aar: 2021,
    timesatsOere: 43_341,
    fremmedAndelBp: 5779,
    husdyrGodkendelseAndelBp: 8000,
    kilde:
      'Miljøstyrelsen: 433,41 kr. pr. time pr. 1. januar 2021 (BEK nr. 2007 af 11.12.2020; mst.dk, nyhed 4. januar 2021)',
  },
  {
    aar: 2022,
    timesatsOere: 44_078,
    fremmedAndelBp: 5779,
    husdyrGodkendelseAndelBp: 8000,
    kilde: 'Miljøstyrelsen: 440,78 kr. pr. time i 2022 (mst.dk, nyhed 21. december 2021)',
  },
  {
    aar: 2025,
    timesatsOere: 48_000,
    fremmedAndelBp: 5779,
    husdyrGodkendelseAndelBp: 8000,
    kilde: ANTAGELSE(2025),
  },
  {
    aar: 2026,
    timesatsOere: 49_500,
    fremmedAndelBp: 5779,
    husdyrGodkendelseAndelBp: 8000,
    kilde: ANTAGELSE(2026),
  },
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
const kategori = (type: number, kode: string) =>
  tidsregistreringsKategorier(type).find((k) => k.kode === kode)?.id ?? null;
const TILSYN_KATEGORI = kategori(VIRKSOMHEDSTYPE.VIRKSOMHED, 'TILSYN');

/** The current settlement year's first day and the last day before REFERENCE_DATE's 1 November. */
const PERIODE_FRA = '2025-11-01';
const PERIODE_TIL = REFERENCE_DATE;

export async function lavFakturering(exec: Executor, kunde: KundeRef, prng: Prng): Promise<number> {
  for (const s of SEED_SATSER) {
    await exec.execute(
      sql`insert into brugerbetaling_sats (kunde_id, aar, timesats_oere, fremmed_andel_bp, husdyr_godkendelse_andel_bp,
          kilde)
        values (${kunde.id}, ${s.aar}, ${s.timesatsOere}, ${s.fremmedAndelBp}, ${s.husdyrGodkendelseAndelBp},
          ${s.kilde})
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
        kategoriId: TILSYN_KATEGORI,
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
          kategoriId: TILSYN_KATEGORI,
          gebyrtype: 'Fremmed tjenesteydelse',
          timer: null,
          beloeb: prng.pick([3850, 4625.5, 6120]),
        },
      );
    }
  }
  await ordensEksempler(exec, kunde, valgte, sagsbehandler);
  return valgte.length;
}

/**
 * Work that shows the order's rules on this settlement year's proposals (issue 29), on fixed dates so
 * that no other random value moves: December 2025 (2025's rate), a justified and an unjustified
 * complaint (the latter on the invoice at 0 % with the reason), and on a farm an approval with an
 * outside service (both at 80 %).
 */
async function ordensEksempler(
  exec: Executor,
  kunde: KundeRef,
  valgte: readonly number[],
  sagsbehandler: number | null,
): Promise<void> {
  const [foerste, anden, tredje] = valgte;
  const klage = kategori(VIRKSOMHEDSTYPE.VIRKSOMHED, 'KLAGE');
  const timer = (t: number) => ({ gebyrtype: 'Timesats gebyr', timer: t, beloeb: null });
  if (tredje !== undefined)
    await registrering(
      exec,
      kunde.id,
      tredje,
      sagsbehandler,
      'Tilsyn efter anmeldt udvidelse',
      '2025-12-03',
      {
        kategoriId: TILSYN_KATEGORI,
        ...timer(2.5),
      },
    );
  if (anden !== undefined) {
    await registrering(
      exec,
      kunde.id,
      anden,
      sagsbehandler,
      'Naboklage over støj: overskridelse konstateret',
      '2026-02-10',
      {
        kategoriId: klage,
        klageBerettiget: true,
        ...timer(2),
      },
    );
    await registrering(
      exec,
      kunde.id,
      anden,
      sagsbehandler,
      'Naboklage over lugt: intet konstateret',
      '2026-03-18',
      {
        kategoriId: klage,
        klageBerettiget: false,
        ...timer(1.5),
      },
    );
  }
  // A farm covered by user payment, not among the first three by id (tests take those).
  const [farm] = rowsOf<{ id: number }>(
    await exec.execute(
      sql`select id from virksomhed
        where kunde_id = ${kunde.id} and type = ${VIRKSOMHEDSTYPE.LANDBRUG} and omfattet_af_brugerbetaling
          and not slettet and ophoert_dato is null
        order by id desc limit 1`,
    ),
  );
  if (!farm || foerste === undefined) return;
  const farmId = Number(farm.id);
  const godkendelse = kategori(VIRKSOMHEDSTYPE.LANDBRUG, 'GODKENDELSE');
  const landbrugsSagsbehandler = kunde.sagsbehandlere.landbrug[0] ?? sagsbehandler;
  await registrering(
    exec,
    kunde.id,
    farmId,
    landbrugsSagsbehandler,
    'Miljøgodkendelse: udvidelse af slagtesvinestald',
    '2026-04-14',
    {
      kategoriId: godkendelse,
      ...timer(6.5),
    },
  );
  await registrering(
    exec,
    kunde.id,
    farmId,
    landbrugsSagsbehandler,
    'Ekstern konsulent: ammoniakberegning til godkendelsen',
    '2026-04-28',
    {
      kategoriId: godkendelse,
      gebyrtype: 'Fremmed tjenesteydelse',
      timer: null,
      beloeb: 12_500,
    },
  );
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
