import { sql } from 'drizzle-orm';
import { VIRKSOMHEDSTYPE } from '../../../contract/roles';
import { lookupIdAfKode } from '../../catalog/lookups';
import { DMA_STANDARD_FEJL, pNrKendtIDma } from '../../integrations/dma';
import { elementNavn, JUPITER_FEJLTYPER } from '../../integrations/jupiter';
import { dmaIndberetning, jupiterIndberetning, registrering } from '../schema';
import type { KundeRef } from './context';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import type { Prng } from './prng';
import { registreringRaekke } from './registreringer';
import { BulkWriter, type Executor, rowsOf } from './writer';

/**
 * The deadlines' demo data (issue 15), after the records of a customer exist:
 * - the inspection reports sent to the companies (`rapportSendt`) for all but a few older inspections,
 *   and the older inspections published on DMA, so the follow-up list shows what a municipality
 *   really has open;
 * - in Skive the anchor's checkable inspection on 15-03-2025 (no report sent, not on DMA);
 * - a DMA report history: accepted reports and a few refusals with the reasons DMA gives;
 * - four companies with pending inspections that lack a piece of DMA master data;
 * - enforcement deadlines around the reference date, some overdue;
 * - each plant's Jupiter status for a share of the water plants: accepted, and refused with several
 *   error types.
 * Every insert is a bulk insert or one UPDATE per rule.
 */

const dma = (name: string, kode: string) => lookupIdAfKode(`dmalookup/${name}`, kode);

/** The anchor's checkable inspection (research (f)). */
export const ANKER_TILSYNSDATO = '2025-03-15';
export const ANKER_TILSYN_TITEL = 'Basistilsyn 2025 (rapport afventer)';

interface Kandidat {
  id: number;
  virksomhed_id: number;
  dato: string;
  type: number;
  p_nr: string | null;
  data: Record<string, unknown>;
  sagsbehandler_id: number | null;
}

export async function lavFrister(exec: Executor, k: KundeRef, prng: Prng): Promise<void> {
  const ref = REFERENCE_DATE;
  // ---- reports sent and DMA publication of the older inspections (deterministic from the id)
  await exec.execute(
    sql`update registrering set data = data || jsonb_build_object('rapportSendt',
          to_char(dato + ((id::bigint * 7919) % 40 + 12)::int, 'YYYY-MM-DD'))
        where kunde_id = ${k.id} and art in ('tilsyn', 'VandanlaegTilsyn') and dato is not null
          and (dato < ${addDays(ref, -730)}::date
            or (dato < ${addDays(ref, -75)}::date and id % 41 <> 0)
            or (dato between ${addDays(ref, -75)}::date and ${addDays(ref, -20)}::date and id % 2 = 0))`,
  );
  await exec.execute(
    sql`update registrering set data = data || '{"filIDMA": true}'::jsonb
        where kunde_id = ${k.id} and art = 'tilsyn' and dato < ${addDays(ref, -365)}::date and id % 53 <> 0`,
  );

  // Enforcements whose deadline passed more than two years ago are closed (a municipality follows up
  // or closes them); the newer overdue ones stay open.
  const lukket = dma('haandhaevelsesStatusser', 'LUKKET');
  await exec.execute(
    sql`update registrering set data = data || jsonb_build_object('haandhaevelsesStatusId', ${lukket}::int)
        where kunde_id = ${k.id} and art = 'haandhaevelse' and data->>'efterkommetDato' is null
          and data->>'frist' < ${addDays(ref, -730)}`,
  );

  const writer = new BulkWriter(exec, [registrering, dmaIndberetning, jupiterIndberetning]);
  await writer.init();
  const vpool = k.sagsbehandlere.virksomhed;
  const sb = () => (vpool.length > 0 ? prng.pick(vpool) : null);

  // ---- companies (type 1) under regular inspection (so the order's deadlines apply) with complete
  // master data and a P-number DMA knows
  const firmaer = rowsOf<{ id: number; p_nr: string | null; primaer: number | null }>(
    await exec.execute(
      sql`select id, p_nr, primaer_sagsbehandler_id as primaer from virksomhed
        where kunde_id = ${k.id} and type = ${VIRKSOMHEDSTYPE.VIRKSOMHED} and not slettet
          and basis->>'omfattetAfAktivtTilsyn' = 'true'
          and cvr_nr is not null and p_nr is not null
          and coalesce(basis->>'hovedaktivitet', '') <> '' and coalesce(basis->>'virksomhedsGruppeId', '') <> ''
          and coalesce(basis->>'dmaMyndighedstyperId', '') <> '' and coalesce(basis->>'miljoemyndighedId', '') <> ''
        order by id limit 60`,
    ),
  ).filter((f) => f.p_nr && pNrKendtIDma(f.p_nr));
  const anker = k.index === 0 ? firmaer[0] : undefined;
  if (anker) {
    const person = anker.primaer ?? sb();
    writer.push(
      registrering,
      registreringRaekke(
        {
          kundeId: k.id,
          virksomhedId: anker.id,
          art: 'tilsyn',
          titel: ANKER_TILSYN_TITEL,
          dato: ANKER_TILSYNSDATO,
          sagsbehandlerId: person,
          data: {
            tilsynstypeId: dma('tilsynsTyper', 'FYSISK'),
            tilsynskategoriId: dma('tilsynsKategorier', 'BASIS'),
            baggrundForTilsynId: dma('tilsynsBaggrunde', 'PLANLAGT'),
            varslet: true,
            planlagtStart: '2025-03-10',
            planlagtSlut: '2025-03-17',
            miljoeForholdIds: [dma('miljoeForhold', 'AFFALD'), dma('miljoeForhold', 'KEMIKALIER')],
            filIDMA: false,
            bemaerkning: 'Affaldsrummet var ikke aflåst; spildbakke under olietønder manglede.',
          },
        },
        new Date(`${ANKER_TILSYNSDATO}T14:20:00Z`),
      ),
    );
  }

  // ---- enforcement deadlines around the reference date (some overdue)
  const haandhaevelser: [number, string, string][] = [
    [-12, 'PAABUD', 'Påbud om tæt belægning ved vaskeplads'],
    [-3, 'INDSKAERPELSE', 'Indskærpelse om opbevaring af spildolie'],
    [6, 'INDSKAERPELSE', 'Indskærpelse om affaldssortering'],
    [25, 'PAABUD', 'Påbud om støjmåling'],
  ];
  haandhaevelser.forEach(([dage, type, titel], i) => {
    const f = firmaer[i + 1];
    if (!f) return;
    const meddelt = addDays(ref, dage - prng.int(30, 60));
    writer.push(
      registrering,
      registreringRaekke(
        {
          kundeId: k.id,
          virksomhedId: f.id,
          art: 'haandhaevelse',
          titel,
          dato: meddelt,
          sagsbehandlerId: f.primaer ?? sb(),
          data: {
            haandhaevelsestypeId: dma('haandhaevelsesTyper', type),
            haandhaevelsesStatusId: dma('haandhaevelsesStatusser', dage < 0 ? 'AFVENTER' : 'AABEN'),
            frist: addDays(ref, dage),
            efterkommetDato: null,
            tilsynId: null,
            vedroererKravIds: [],
            vedroererAnlaegstypeIds: [],
            bemaerkning: null,
          },
        },
        timestamp(meddelt, 10, 5),
      ),
    );
  });

  // ---- DMA history: accepted reports of published inspections
  const publicerede = rowsOf<Kandidat>(
    await exec.execute(
      sql`select r.id, r.virksomhed_id, r.dato::text as dato, v.type, v.p_nr, r.data, r.sagsbehandler_id
        from registrering r join virksomhed v on v.id = r.virksomhed_id
        where r.kunde_id = ${k.id} and r.art = 'tilsyn' and not r.slettet and r.data->>'filIDMA' = 'true'
          and r.dato between ${addDays(ref, -730)}::date and ${addDays(ref, -30)}::date
        order by r.id limit 400`,
    ),
  );
  publicerede
    .filter((_, i) => i % 8 === 0)
    .forEach((r) => {
      const dag = addDays(r.dato, prng.int(20, 100));
      writer.push(dmaIndberetning, {
        kundeId: k.id,
        virksomhedId: r.virksomhed_id,
        registreringId: r.id,
        sendt: timestamp([dag, ref].sort()[0]!, prng.int(8, 15), prng.int(0, 59)),
        brugerId: r.sagsbehandler_id,
        status: 'OK',
        fejlKode: null,
        fejlTekst: null,
      });
    });

  // ---- pending inspections: some lack master data, some were refused. A few recent ones of each
  // type are not yet on DMA (the demo data's publication flag is random), so both show at any scale.
  await exec.execute(
    sql`update registrering set data = data || '{"filIDMA": false}'::jsonb where id in (
        select id from (
          select r.id, row_number() over (partition by v.type order by r.dato desc, r.id) as n
          from registrering r join virksomhed v on v.id = r.virksomhed_id and not v.slettet and v.type in (${VIRKSOMHEDSTYPE.VIRKSOMHED}, ${VIRKSOMHEDSTYPE.LANDBRUG})
          where r.kunde_id = ${k.id} and r.art = 'tilsyn' and not r.slettet
            and r.dato between ${addDays(ref, -150)}::date and ${addDays(ref, -21)}::date
            ${anker ? sql`and r.virksomhed_id <> ${anker.id}` : sql``}
        ) x where x.n <= 8)`,
  );
  const ventende = rowsOf<Kandidat>(
    await exec.execute(
      sql`select r.id, r.virksomhed_id, r.dato::text as dato, v.type, v.p_nr, r.data, r.sagsbehandler_id
        from registrering r join virksomhed v on v.id = r.virksomhed_id and not v.slettet and v.type in (${VIRKSOMHEDSTYPE.VIRKSOMHED}, ${VIRKSOMHEDSTYPE.LANDBRUG})
        where r.kunde_id = ${k.id} and r.art = 'tilsyn' and not r.slettet and r.dato is not null
          and coalesce(r.data->>'filIDMA' = 'true', false) = false
          and r.dato < ${addDays(ref, -20)}::date
          ${anker ? sql`and r.virksomhed_id <> ${anker.id}` : sql``}
        order by r.dato desc, r.id limit 60`,
    ),
  );
  const brugte = new Set<number>();
  const naeste = (type: number) => {
    const r = ventende.find((x) => !brugte.has(x.virksomhed_id) && x.type === type);
    if (r) brugte.add(r.virksomhed_id);
    return r;
  };
  // Four companies lacking one piece of master data each.
  const mangler: [string, ReturnType<typeof sql>][] = [
    ['hovedaktivitet', sql`basis = basis - 'hovedaktivitet'`],
    ['virksomhedsGruppeId', sql`basis = basis - 'virksomhedsGruppeId'`],
    ['dmaMyndighedstyperId', sql`basis = basis - 'dmaMyndighedstyperId'`],
    ['miljoemyndighedId', sql`basis = basis - 'miljoemyndighedId'`],
  ];
  for (const [i, [, saet]] of mangler.entries()) {
    const r = naeste(i === 2 ? VIRKSOMHEDSTYPE.LANDBRUG : VIRKSOMHEDSTYPE.VIRKSOMHED);
    if (!r) break;
    await exec.execute(sql`update virksomhed set ${saet} where id = ${r.virksomhed_id}`);
  }
  // Refusals: a P-number DMA does not know, a missing environmental condition, the service window.
  for (let i = 0; i < 6; i++) {
    const r = naeste(i % 3 === 2 ? VIRKSOMHEDSTYPE.LANDBRUG : VIRKSOMHEDSTYPE.VIRKSOMHED);
    if (!r) break;
    const forhold = r.data.miljoeForholdIds;
    const afvisning =
      r.p_nr && !pNrKendtIDma(r.p_nr)
        ? { kode: 'PNR_UKENDT', aarsag: `P-nummer ${r.p_nr} er ukendt i DMA` }
        : !Array.isArray(forhold) || forhold.length === 0
          ? { kode: 'MILJOEFORHOLD_MANGLER', aarsag: 'Tilsynet skal angive mindst ét miljøforhold' }
          : DMA_STANDARD_FEJL;
    const dag = addDays(r.dato, prng.int(10, 40));
    const sendt = dag < ref ? dag : addDays(ref, -1);
    if (i % 2 === 0)
      writer.push(dmaIndberetning, {
        kundeId: k.id,
        virksomhedId: r.virksomhed_id,
        registreringId: r.id,
        sendt: timestamp(sendt, 9, prng.int(0, 59)),
        brugerId: r.sagsbehandler_id,
        status: 'Fejl',
        fejlKode: DMA_STANDARD_FEJL.kode,
        fejlTekst: DMA_STANDARD_FEJL.aarsag,
      });
    writer.push(dmaIndberetning, {
      kundeId: k.id,
      virksomhedId: r.virksomhed_id,
      registreringId: r.id,
      sendt: timestamp(sendt, 13, prng.int(0, 59)),
      brugerId: r.sagsbehandler_id,
      status: 'Fejl',
      fejlKode: afvisning.kode,
      fejlTekst: afvisning.aarsag,
    });
  }

  // ---- Jupiter: each plant's latest report for a share of the plants
  const anlaeg = rowsOf<{ id: number; jupiter_id: string | null; anlaegsnr: string | null }>(
    await exec.execute(
      sql`select id, jupiter_id, anlaegsnr from virksomhed
        where kunde_id = ${k.id} and type = ${VIRKSOMHEDSTYPE.VANDANLAEG} and not slettet
        order by id limit 40`,
    ),
  );
  const fejlAf: [keyof typeof JUPITER_FEJLTYPER, string | null, string][] = [
    ['MANGLER', 'jupiterVandtypeId', 'Vandtype skal angives'],
    ['KOORDINAT', 'koordinat', 'Koordinaten ligger uden for Danmark'],
    ['KODE', 'jupiterAnlaegsartId', 'Kodeværdien findes ikke i Jupiters kodeliste ANLAEGSART'],
    ['MANGLER', 'jupiterCTRLPROGRAMId', 'Kontrolprogram skal angives for almene vandværker'],
  ];
  const status = { OK: [] as number[], Fejl: [] as number[] };
  // Only where there are plants enough (the demo scales): the test scale's few plants start with no
  // report, as the Jupiter tests expect.
  if (anlaeg.length < 12) anlaeg.length = 0;
  anlaeg.forEach((a, i) => {
    const sendt = timestamp(addDays(ref, -prng.int(2, 120)), prng.int(8, 15), prng.int(0, 59));
    const element = elementNavn.anlaeg({ jupiterId: a.jupiter_id, anlaegsnr: a.anlaegsnr });
    const bruger = k.sagsbehandlere.vandanlaeg.length > 0 ? prng.pick(k.sagsbehandlere.vandanlaeg) : null;
    // Every third plant refused (at most eight), cycling through the error types.
    if (i % 3 === 1 && status.Fejl.length < 8) {
      const [type, felt, besked] = fejlAf[status.Fejl.length % fejlAf.length]!;
      const ft = JUPITER_FEJLTYPER[type];
      writer.push(jupiterIndberetning, {
        kundeId: k.id,
        vandanlaegId: a.id,
        sendt,
        brugerId: bruger,
        status: 'Fejl',
        fejlTypeKode: ft.kode,
        fejlTypeTekst: ft.tekst,
        elementStatus: [{ element, felt, status: 'Fejl', besked }],
      });
      status.Fejl.push(a.id);
    } else if (i % 3 === 0 || i % 3 === 2) {
      writer.push(jupiterIndberetning, {
        kundeId: k.id,
        vandanlaegId: a.id,
        sendt,
        brugerId: bruger,
        status: 'OK',
        fejlTypeKode: null,
        fejlTypeTekst: null,
        elementStatus: [{ element, felt: null, status: 'OK', besked: null }],
      });
      status.OK.push(a.id);
    }
  });
  await writer.finish();
  for (const [s, ids] of Object.entries(status)) {
    if (ids.length === 0) continue;
    await exec.execute(
      sql`update virksomhed set basis = basis || jsonb_build_object('jupiterIndberetningStatus', ${s}::text)
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
  }
}
