import { sql } from 'drizzle-orm';
import { SAT_RAEKKETYPE } from '../../../contract/entitet';
import {
  AFFALDSFRAKTIONER,
  fraktionFelt,
  gebyrBeloebOere,
  SAT_LANDBRUG_KATEGORIER,
  SAT_RESULTAT_TYPE_STI,
  type SatResultatKategori,
  UDVAELGELSESMETODER,
} from '../../../contract/sat';
import { lookupListe } from '../../catalog/lookups';
import { adresseTekst, type CvrEnhed, CvrSimulator } from '../../integrations/cvr';
import type { Db } from '../client';
import { registrering, satGebyrType, satTilsynsperiode, satVirksomhed, virksomhed } from '../schema';
import type { KundeRef, SeedContext } from './context';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import type { Prng } from './prng';
import { registreringRaekke } from './registreringer';
import { BulkWriter, type Executor, rowsOf } from './writer';

/**
 * The SAT programme of one customer (affaldstilsyn): the periods 2025 and 2026, the fee types, SAT
 * companies taken from the CVR simulator's units of the municipality (so that the register dialog
 * finds them as already selected), their results, fees, follow-up inspections and enforcement.
 * Runs on its own random stream, so the rest of the seeded data does not change with it.
 */

export interface SatSkala {
  /** SAT companies in the 2025 and the 2026 period. */
  antal2025: number;
  antal2026: number;
}

export const SAT_SKALA: SatSkala = { antal2025: 40, antal2026: 60 };

const TIMESATS_2025 = 68_500;
const TIMESATS_2026 = 71_200;
const FAST_GEBYR = 150_000;

/** Half hours between a and b. */
const halveTimer = (prng: Prng, a: number, b: number) => prng.int(a * 2, b * 2) / 2;
const score = (prng: Prng) => Math.round(prng.float(1, 5) * 10) / 10;

/** The municipality's live units in the simulated register (companies and farms), in a fixed order. */
async function registerEnheder(kundeNr: number): Promise<CvrEnhed[]> {
  // Only the generated register is read (medKendte false): no database is needed.
  const cvr = new CvrSimulator(null as unknown as Db);
  const ud: CvrEnhed[] = [];
  for (const virksomhedsType of [1, 2] as const) {
    const r = await cvr.soeg({
      kommunekode: kundeNr,
      medUdenforKommune: false,
      medKendte: false,
      virksomhedsType,
      brancheKoder: [],
    });
    ud.push(...r.enheder.filter((e) => e.ophoerDato === null));
  }
  // One unit per company (CVR number): the seeded companies keep one CVR number each.
  const cvr1 = new Set<string>();
  return ud.filter((e) => !cvr1.has(e.cvrNr) && cvr1.add(e.cvrNr));
}

export async function lavSat(
  ctx: SeedContext,
  exec: Executor,
  kunde: KundeRef,
  prng: Prng,
  skala: SatSkala = SAT_SKALA,
): Promise<number> {
  const writer = new BulkWriter(exec, [satTilsynsperiode, satGebyrType, satVirksomhed, registrering]);
  await writer.init();
  const affald = rowsOf<{ id: number }>(
    await exec.execute(
      sql`SELECT bruger_id AS id FROM bruger_kunde WHERE kunde_id = ${kunde.id}
          AND roller @> '["SagsbehandlerAffald"]'::jsonb ORDER BY bruger_id`,
    ),
  ).map((r) => Number(r.id));
  const sagsbehandlere = affald.length > 0 ? affald : kunde.brugere.map((b) => b.id);
  const resultatTyper = lookupListe(SAT_RESULTAT_TYPE_STI) ?? [];
  const typeId = (kode: string) => resultatTyper.find((t) => t.kode === kode)?.id ?? resultatTyper[0]!.id;

  const perioder = [2025, 2026].map((aar) => ({
    aar,
    id: writer.push(satTilsynsperiode, {
      kundeId: kunde.id,
      navn: `Affaldstilsyn ${aar}`,
      aar,
      startdato: `${aar}-01-01`,
      slutdato: `${aar}-12-31`,
    }),
  }));
  const timesats2025 = writer.push(satGebyrType, {
    kundeId: kunde.id,
    navn: 'Affaldstilsyn, timesats',
    art: 'timesats',
    satsOere: TIMESATS_2025,
    gyldigFra: '2025-01-01',
    gyldigTil: '2025-12-31',
  });
  const timesats2026 = writer.push(satGebyrType, {
    kundeId: kunde.id,
    navn: 'Affaldstilsyn, timesats',
    art: 'timesats',
    satsOere: TIMESATS_2026,
    gyldigFra: '2026-01-01',
    gyldigTil: null,
  });
  const fast = writer.push(satGebyrType, {
    kundeId: kunde.id,
    navn: 'Administrativt affaldstilsyn, fast gebyr',
    art: 'fast',
    satsOere: FAST_GEBYR,
    gyldigFra: '2025-01-01',
    gyldigTil: null,
  });

  // A few farms (about one in ten; the SAT programme is mostly companies), the rest companies.
  const alle = await registerEnheder(kunde.kundeNr);
  const total = skala.antal2025 + skala.antal2026;
  const landbrug = Math.round(total / 10);
  const enheder = prng.shuffle([
    ...prng.sample(
      alle.filter((e) => e.landbrug),
      landbrug,
    ),
    ...prng.sample(
      alle.filter((e) => !e.landbrug),
      total - landbrug,
    ),
  ]);
  const push = (
    virksomhedId: number,
    art: string,
    titel: string,
    dato: string | null,
    sagsbehandlerId: number | null,
    data: Record<string, unknown>,
  ) => {
    writer.push(
      registrering,
      registreringRaekke(
        { kundeId: kunde.id, virksomhedId, art, titel, dato, sagsbehandlerId, data },
        timestamp([dato ?? REFERENCE_DATE, REFERENCE_DATE].sort()[0]!, prng.int(8, 15), prng.int(0, 59)),
      ),
    );
  };

  const rader: {
    id: number;
    enhed: CvrEnhed;
    aar: number;
    periodeId: number;
    udvalgt: string;
    deadline: string;
  }[] = [];
  for (const [i, e] of enheder.entries()) {
    const p = i < skala.antal2025 ? perioder[0]! : perioder[1]!;
    const udvalgt = addDays(`${p.aar}-01-10`, prng.int(0, 60));
    // Deadlines spread over the year; in 2026 some have passed by the reference date.
    const deadline =
      p.aar === 2025
        ? prng.pick(['2025-09-30', '2025-12-31', '2025-12-31'])
        : addDays('2026-06-30', prng.int(0, 183));
    const fraSatListe = prng.chance(0.6);
    const id = ctx.writer.push(virksomhed, {
      kundeId: kunde.id,
      type: SAT_RAEKKETYPE,
      navn: e.navn,
      cvrNr: e.cvrNr,
      pNr: e.pNr,
      vejnavn: e.vejnavn,
      husnummer: e.husnummer,
      postnummer: e.postnummer,
      postdistrikt: e.postdistrikt,
      adresse: adresseTekst(e),
      x: e.x,
      y: e.y,
      brancheKode: e.brancheKode,
      brancheNavn: e.brancheNavn,
    });
    rader.push({ id, enhed: e, aar: p.aar, periodeId: p.id, udvalgt, deadline });
    writer.push(satVirksomhed, {
      virksomhedId: id,
      kundeId: kunde.id,
      satTilsynsperiodeId: p.id,
      fraSatListe,
      udvalgtDato: udvalgt,
      deadlineDato: deadline,
      risikoscore: score(prng),
      udvaelgelsesmetode: fraSatListe
        ? prng.weighted([
            ['Risikobaseret', 6],
            ['Stikprøve', 3],
            ['Tematiseret', 1],
          ] as const)
        : prng.pick(UDVAELGELSESMETODER),
      erLandbrug: e.landbrug,
    });
  }
  // The companies before their SAT rows and records (foreign keys).
  await ctx.writer.flush();

  for (const r of rader) {
    const sb = prng.pick(sagsbehandlere);
    const harResultat = r.aar === 2025 ? prng.chance(0.88) : prng.chance(0.3);
    if (!harResultat) continue;
    const seneste = r.aar === 2025 ? '2025-12-15' : addDays(REFERENCE_DATE, -3);
    const udfoert = addDays(r.udvalgt, prng.int(20, 200));
    const udfoertDato = [udfoert, seneste].sort()[0]!;
    const overfoert = r.aar === 2025 ? prng.chance(0.85) : prng.chance(0.4);
    const kategori: SatResultatKategori = r.enhed.landbrug
      ? prng.pick(SAT_LANDBRUG_KATEGORIER)
      : prng.weighted<SatResultatKategori>([
          ['UdtrukketAfSAT', 8],
          ['DelAfMiljoeTilsyn', 2],
          ['BygOgKonstruktion', 1],
        ]);
    const type = prng.weighted<string>([
      ['INGEN_BEMAERKNINGER', 8],
      ['VEJLEDNING', 4],
      ['MANGLENDE_SORTERING', 2],
      ['ADS_FEJL', 1],
      ['INDSKAERPELSE', 1],
    ]);
    const timer = halveTimer(prng, 1, 4);
    const fraktioner = Object.fromEntries(
      AFFALDSFRAKTIONER.map((f, j) => [fraktionFelt(f), j < 10 ? prng.chance(0.7) : prng.chance(0.15)]),
    );
    const forkerteFraktioner = prng.chance(0.1);
    const overfoertTid = overfoert
      ? timestamp(addDays(udfoertDato, prng.int(1, 14)), 10, prng.int(0, 59))
      : null;
    push(r.id, 'satresultat', 'Affaldstilsyn', udfoertDato, sb, {
      satTilsynsresultatKategori: kategori,
      satTilsynsresultatTypeId: typeId(type),
      resultatTypeBemaerkning:
        type === 'INGEN_BEMAERKNINGER' ? null : 'Virksomheden er vejledt om korrekt sortering af affaldet.',
      timeantal: timer,
      ...fraktioner,
      forkerteFraktionerIMstData: forkerteFraktioner,
      forkerteFraktionerIMstDataBemaerkning: forkerteFraktioner
        ? 'Virksomheden har ikke haveaffald, som Miljøstyrelsens data angiver.'
        : null,
      forkerteAktoererIMstData: false,
      forkerteAktoererIMstDataBemaerkning: null,
      overfoertTilMiljoestyrelsenDato: overfoertTid?.toISOString() ?? null,
      oprettetMiljoestyrelsenDato: overfoertTid?.toISOString() ?? null,
    });

    // The fee of the inspection: hours at the rate valid on the day, now and then the fixed fee.
    const erFast = prng.chance(0.15);
    const gebyrtypeId = erFast ? fast : r.aar === 2025 ? timesats2025 : timesats2026;
    const sats = erFast ? FAST_GEBYR : r.aar === 2025 ? TIMESATS_2025 : TIMESATS_2026;
    const timeantal = erFast ? null : timer;
    push(r.id, 'satgebyr', 'Affaldstilsyn', udfoertDato, sb, {
      gebyrtypeId,
      timeantal,
      bemaerkning: null,
      satsOere: sats,
      beloebOere: gebyrBeloebOere(erFast ? 'fast' : 'timesats', sats, timeantal),
      faktureret: r.aar === 2025 ? prng.chance(0.8) : prng.chance(0.1),
    });

    // A follow-up inspection and an enforcement where the inspection found something.
    if (type === 'MANGLENDE_SORTERING' || type === 'INDSKAERPELSE' || type === 'ADS_FEJL') {
      const dato = addDays(udfoertDato, prng.int(30, 90));
      push(r.id, 'sattilsyn', 'Opfølgning på sortering', dato, sb, {
        tilsynstype: 'Fysisk',
        varsletDato: addDays(dato, -prng.int(14, 21)),
        varslesSenest: addDays(dato, -14),
        udfoert: dato < REFERENCE_DATE,
        timeantal: halveTimer(prng, 1, 2),
        bemaerkning: null,
      });
      if (type === 'INDSKAERPELSE' || prng.chance(0.3)) {
        const hd = addDays(udfoertDato, 7);
        const frist = addDays(hd, 60);
        push(r.id, 'sathaandhaevelse', 'Sortering af affald', hd, sb, {
          haandhaevelsestype: type === 'INDSKAERPELSE' ? 'Indskærpelse' : 'Henstilling',
          frist,
          status: frist < REFERENCE_DATE ? prng.pick(['Efterkommet', 'Afsluttet']) : 'Åben',
          bemaerkning: null,
        });
      }
    }
  }
  await writer.finish();
  return rader.length;
}
