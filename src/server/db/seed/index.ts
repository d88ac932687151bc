/**
 * Deterministic demo data (the seed).
 *
 * - Same data on every fresh run: a seeded PRNG (`prng.ts`, forked per customer and domain) and
 *   dates relative to REFERENCE_DATE (2026-11-01), never to today. Only password hashes differ
 *   (argon2 salts; one hash for all demo users, one for the users who cannot sign in).
 * - Scales: 'test' (small, for API tests), 'demo' (what the server seeds), 'large' (demo plus a
 *   benchmark set in the first customer: 100,000 companies and farms, 1,000,000 pumped-quantity
 *   rows of which about 100,000 await validation).
 * - Pumped quantities: (maalerstandSlut - maalerstandStart) * omregningsfaktor = vandmaengdeOppumpet
 *   on every row. Plant level quarterly, intake level yearly (benchmark plants: monthly/quarterly).
 *   The supply lines (forsyning) of a plant-level row add up to what was delivered:
 *   vandmaengdeOppumpet - vandvaerketsEgetForbrug - ledningstab (distribution loss 3–10 %), so the
 *   loss the server computes is realistic. Pending rows (status 0) carry outliers about 5 % of the
 *   time: meter digit slip (x10), negative delta after a meter change, near-zero.
 * - Written with multi-row INSERTs in one transaction (`writer.ts`).
 */
import { sql } from 'drizzle-orm';
import { NOTIFIKATION_TYPER } from '../../../contract/session';
import type { PasswordHashCost } from '../../auth/password';
import { certifikatFornyetTekst } from '../../frister/notifikationer';
import type { Db } from '../client';
import {
  adHocOpgave,
  boring,
  bruger,
  brugerKunde,
  emne,
  frase,
  indtag,
  kontaktperson,
  kunde,
  logbog,
  notifikation,
  oppumpetMaengde,
  pejling,
  systemBesked,
  tilsynKonklusion,
  virksomhed,
} from '../schema';
import { lavBrugerAdmin } from './brugeradmin';
import { forberedBrugere, lavKunderOgBrugere } from './brugere';
import { type KundeRef, type KundeStats, newUniqueRegisters, type SeedContext } from './context';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import { lavDokumenter } from './dokumenter';
import { lavFakturering } from './fakturering';
import { lavFrister } from './frister';
import { lavMinimaps } from './minimaps';
import { lavPlanlaegning } from './planlaegning';
import { Prng } from './prng';
import { lavRegistreringer } from './registreringer';
import { lavSat, SAT_SKALA, type SatSkala } from './sat';
import { EMNER, FRASER, SYSTEMBESKED_GLOBAL, SYSTEMBESKEDER_KUNDE, TILSYN_KONKLUSIONER } from './tekster';
import { lavVandRegistreringer } from './vand-registreringer';
import { lavVandanlaegListe, type VandOpsaetning } from './vandanlaeg';
import { lavVandproever } from './vandproever';
import { efterSeed } from './vedligehold';
import { lavVirksomheder } from './virksomheder';
import { BulkWriter, type Executor, rowsOf } from './writer';

export { isValidCvr, isValidDguNr, isValidPNr, makeChrNr, makeCvr, makeDguNr, makePNr } from './cvr';
export { REFERENCE_DATE } from './dates';
export * from './lookups';
export { Prng } from './prng';

export type SeedScale = 'test' | 'demo' | 'large';

export interface SeedOptions {
  scale: SeedScale;
  passwordHashCost?: PasswordHashCost;
  log?: (msg: string) => void;
  /**
   * The key that encrypts the Jupiter certificates' private keys (src/server/certifikat/krypto.ts):
   * given, each customer gets generated certificates; left out (tests), none are seeded.
   */
  certifikatNoegle?: Buffer;
}

export interface SeedSummary {
  /** True when the database already had customers and nothing was written. */
  skipped: boolean;
  scale?: SeedScale;
  seconds?: number;
  /** Rows written per table. */
  counts?: Record<string, number>;
  kunder?: ({ kundeNr: number; navn: string } & KundeStats)[];
}

interface Skala {
  virksomheder: number;
  landbrug: number;
  vandanlaeg: number;
  vand: VandOpsaetning;
  /** SAT companies per period (affaldstilsyn 2025 and 2026) of each customer. */
  sat: SatSkala;
  /** The benchmark additions to the first customer. */
  ekstra?: { virksomhederOgLandbrug: number; oppumpetRaekker: number };
}

/** Pending: the latest 1–2 periods of about 60 % of the plants. */
const demoAfventer = (prng: Prng) => {
  if (!prng.chance(0.6)) return null;
  const k = prng.int(1, 2);
  return { plant: k, indtag: k };
};

/** The demo data set; the benchmark scale is this plus its additions. */
const DEMO_SKALA: Skala = {
  virksomheder: 1500,
  landbrug: 400,
  vandanlaeg: 120,
  vand: {
    plantMaaneder: 3,
    plantAntal: 40,
    indtagMaaneder: 12,
    indtagAntal: 10,
    pejlingAntal: 40,
    afventer: demoAfventer,
  },
  sat: SAT_SKALA,
};

const SKALAER: Record<SeedScale, Skala> = {
  test: {
    virksomheder: 40,
    landbrug: 15,
    vandanlaeg: 6,
    vand: {
      plantMaaneder: 3,
      plantAntal: 8,
      indtagMaaneder: 12,
      indtagAntal: 2,
      pejlingAntal: 8,
      afventer: demoAfventer,
    },
    sat: SAT_SKALA,
  },
  demo: DEMO_SKALA,
  /** The demo data plus the benchmark additions. */
  large: {
    ...DEMO_SKALA,
    sat: { antal2025: 60, antal2026: 90 },
    ekstra: { virksomhederOgLandbrug: 100_000, oppumpetRaekker: 1_000_000 },
  },
};

/**
 * Benchmark plants: monthly plant-level and quarterly intake-level reports for ten years, the last
 * 12 months and 4 quarters awaiting validation (10 % of the rows, whatever the number of intakes).
 */
const EKSTRA_VAND: VandOpsaetning = {
  plantMaaneder: 1,
  plantAntal: 120,
  indtagMaaneder: 3,
  indtagAntal: 40,
  pejlingAntal: 0,
  afventer: () => ({ plant: 12, indtag: 4 }),
  boringer: [
    [1, 60],
    [2, 40],
  ],
};

const TABELLER = [
  kunde,
  bruger,
  brugerKunde,
  emne,
  virksomhed,
  kontaktperson,
  boring,
  indtag,
  oppumpetMaengde,
  pejling,
  frase,
  tilsynKonklusion,
  systemBesked,
  logbog,
  adHocOpgave,
  notifikation,
];

/** Subjects are shared by all customers: reuse those that exist, add the missing ones. */
async function lavEmner(ctx: SeedContext, exec: Executor): Promise<Map<string, number>> {
  const eksisterende = rowsOf<{ id: number; kode: string }>(
    await exec.execute(sql`SELECT id, kode FROM emne`),
  );
  const ids = new Map(eksisterende.map((e) => [e.kode, e.id]));
  for (const e of EMNER) {
    if (!ids.has(e.kode)) ids.set(e.kode, ctx.writer.push(emne, { kode: e.kode, navn: e.navn }));
  }
  return ids;
}

function lavKundetekster(ctx: SeedContext, k: KundeRef, emneIds: Map<string, number>, prng: Prng): void {
  for (const e of EMNER) {
    const fraser = FRASER[e.kode] ?? [];
    fraser.forEach((f, i) => {
      ctx.writer.push(frase, {
        kundeId: k.id,
        emneId: emneIds.get(e.kode)!,
        titel: f.titel,
        tekst: f.tekst.replaceAll('{kommune}', k.navn),
        aktiv: !(i === fraser.length - 1 && prng.chance(0.15)),
      });
    });
  }
  for (const t of TILSYN_KONKLUSIONER) {
    ctx.writer.push(tilsynKonklusion, { kundeId: k.id, kode: t.kode, navn: t.navn, aktiv: t.aktiv });
  }
  const besked = SYSTEMBESKEDER_KUNDE[k.index % SYSTEMBESKEDER_KUNDE.length]!;
  ctx.writer.push(systemBesked, {
    kundeId: k.id,
    titel: besked.titel,
    tekst: besked.tekst,
    alvorlighed: besked.alvorlighed,
    gyldigFra: timestamp(addDays(REFERENCE_DATE, -7), 8, 0),
    gyldigTil: timestamp(addDays(REFERENCE_DATE, 30), 16, 0),
  });
}

/** Notifications of the three types, with figures from the customer's own data where they fit. */
function lavNotifikationer(
  ctx: SeedContext,
  k: KundeRef,
  prng: Prng,
  certifikat: { fra: Date; til: Date } | null,
): void {
  const dato = () => timestamp(addDays(REFERENCE_DATE, -prng.int(0, 45)), prng.int(6, 18), prng.int(0, 59));
  const til = (pool: number[]) => (pool.length > 0 && prng.chance(0.4) ? prng.pick(pool) : null);
  const n = (a: number, b: number) => prng.int(a, b);
  const dma = [
    `DMA: ${n(2, 9)} virksomheder har fejl i indberetningen`,
    'DMA: Indberetning af tilsyn for 3. kvartal 2026 er modtaget',
    `DMA: ${n(2, 6)} afgørelser afventer offentliggørelse`,
    `DMA: ${n(3, 12)} landbrug mangler risikoscore for 2026`,
  ];
  const jupiter = [
    `Jupiter: ${k.stats.oppumpetAfventer} indberetninger af oppumpede vandmængder afventer validering`,
    `Jupiter: ${n(1, 4)} indberetninger blev afvist – se fejlstatus under Validering`,
    `Jupiter: ${k.stats.pejlingerAfventer} pejlinger afventer validering`,
    'Jupiter: Overførsel af godkendte vandmængder for 2. kvartal 2026 er gennemført',
  ];
  // One notification per text, now and then addressed to one caseworker of the pool.
  const skriv = (type: number, pool: number[], tekster: string[]) => {
    for (const beskrivelse of tekster) {
      ctx.writer.push(notifikation, {
        kundeId: k.id,
        brugerId: til(pool),
        type,
        oprettet: dato(),
        beskrivelse,
      });
    }
  };
  skriv(1, k.sagsbehandlere.virksomhed, dma);
  skriv(2, k.sagsbehandlere.vandanlaeg, jupiter);
  // The certificate's notifications come from the certificate itself: the 'fornyet' history with its
  // own expiry, the 60/30/7-day ones from the producer. A fixed date here disagreed with them (issue 30).
  if (certifikat)
    ctx.writer.push(notifikation, {
      kundeId: k.id,
      brugerId: null,
      type: NOTIFIKATION_TYPER.JupiterCertificateRenewalInfo,
      oprettet: certifikat.fra,
      beskrivelse: certifikatFornyetTekst(certifikat.til),
    });
}

/**
 * Fills an empty database with the demo data of the given scale. Does nothing (and returns
 * `{ skipped: true }`) when a customer already exists. All rows are written in one transaction.
 * Processes that may start together on one database call it under `Database.withStartupLock`
 * (main.ts, seed-cli.ts): two seeds at once would both find the database empty.
 */
export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const t0 = performance.now();
  const sek = () => ((performance.now() - t0) / 1000).toFixed(1);
  const log = (msg: string) => opts.log?.(`[seed ${sek()}s] ${msg}`);
  const findes =
    rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM kunde`))[0]?.n ?? 0;
  if (findes > 0) {
    log('Databasen har allerede kunder – ingen demodata indsat.');
    return { skipped: true };
  }
  const skala = SKALAER[opts.scale];
  const root = new Prng('miljoetilsyn-demo-v1');
  const brugere = await forberedBrugere(root.fork('brugere'), opts.passwordHashCost ?? 'normal');
  log(`adgangskoder hashet for ${brugere.length} brugere`);

  const resultat = await db.transaction(async (tx) => {
    const exec = tx as unknown as Executor;
    const findesNu =
      rowsOf<{ n: number }>(await exec.execute(sql`SELECT count(*)::int AS n FROM kunde`))[0]?.n ?? 0;
    if (findesNu > 0) return null;
    const writer = new BulkWriter(exec, TABELLER);
    await writer.init();
    const ctx: SeedContext = { writer, log, ...newUniqueRegisters() };
    const emneIds = await lavEmner(ctx, exec);
    const kunder = lavKunderOgBrugere(ctx, brugere);
    await writer.flush();

    for (const k of kunder) {
      const kp = root.fork(`kunde-${k.kundeNr}`);
      lavKundetekster(ctx, k, emneIds, kp.fork('tekster'));
      await lavVirksomheder(ctx, k, kp.fork('virksomheder'), {
        virksomheder: skala.virksomheder,
        landbrug: skala.landbrug,
      });
      await ctx.writer.flush();
      await lavRegistreringer(exec, k, kp.fork('registreringer'));
      await lavVandanlaegListe(ctx, k, kp.fork('vandanlaeg'), skala.vand, {
        antal: skala.vandanlaeg,
        unikkeNavne: true,
      });
      await ctx.writer.flush();
      await lavVandRegistreringer(exec, k, kp.fork('vandregistreringer'));
      const sat = await lavSat(ctx, exec, k, kp.fork('sat'), skala.sat);
      await ctx.writer.flush();
      await lavPlanlaegning(exec, k, kp.fork('planlaegning'));
      await lavFakturering(exec, k, kp.fork('fakturering'));
      await lavFrister(exec, k, kp.fork('frister'));
      await lavMinimaps(exec, k);
      const certifikat = await lavBrugerAdmin(exec, k, opts.certifikatNoegle);
      await lavDokumenter(exec, k);
      lavNotifikationer(ctx, k, kp.fork('notifikationer'), certifikat);
      log(
        `${k.navn}: ${k.stats.virksomheder} virksomheder, ${k.stats.landbrug} landbrug, ${k.stats.vandanlaeg} vandanlæg, ` +
          `${k.stats.oppumpet} oppumpede mængder, ${k.stats.pejlinger} pejlinger, ${sat} SAT-virksomheder`,
      );
    }
    ctx.writer.push(systemBesked, {
      kundeId: null,
      titel: SYSTEMBESKED_GLOBAL.titel,
      tekst: SYSTEMBESKED_GLOBAL.tekst,
      alvorlighed: SYSTEMBESKED_GLOBAL.alvorlighed,
      gyldigFra: timestamp('2026-10-25', 8, 0),
      gyldigTil: timestamp('2026-11-14', 10, 0),
    });

    if (skala.ekstra) {
      const k = kunder[0]!;
      const ep = root.fork('large');
      const mangler = Math.max(
        0,
        skala.ekstra.virksomhederOgLandbrug - k.stats.virksomheder - k.stats.landbrug,
      );
      const virk = Math.round((mangler * skala.virksomheder) / (skala.virksomheder + skala.landbrug));
      log(`${k.navn}: ${mangler} ekstra virksomheder og landbrug til benchmark`);
      await lavVirksomheder(
        ctx,
        k,
        ep.fork('virksomheder'),
        { virksomheder: virk, landbrug: mangler - virk },
        (n) => {
          if (n % 10_000 === 0) log(`  ${n} / ${mangler} virksomheder og landbrug`);
        },
      );
      log(`${k.navn}: vandanlæg indtil ${skala.ekstra.oppumpetRaekker} oppumpede mængder`);
      const antal = await lavVandanlaegListe(
        ctx,
        k,
        ep.fork('vandanlaeg'),
        EKSTRA_VAND,
        {
          maalOppumpet: skala.ekstra.oppumpetRaekker,
          unikkeNavne: false,
          art: [
            ['markvanding', 60],
            ['ikkeAlmen', 30],
            ['gartneri', 10],
          ],
          foersteLoebenr: k.stats.vandanlaeg + 1,
        },
        (n) => log(`  ${n} ekstra vandanlæg, ${k.stats.oppumpet} oppumpede mængder`),
      );
      log(
        `${k.navn}: ${antal} ekstra vandanlæg, ${k.stats.oppumpet} oppumpede mængder (${k.stats.oppumpetAfventer} afventer)`,
      );
    }
    await writer.finish();
    const vandproever = await lavVandproever(exec, kunder, root.fork('vandproever'), {
      anlaeg: skala.vandanlaeg,
    });
    log(`${vandproever} vandprøver`);
    return { counts: writer.counts(), kunder };
  });
  if (!resultat) return { skipped: true };
  await efterSeed(db, opts.scale, log);
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  log(`færdig på ${seconds} s`);
  return {
    skipped: false,
    scale: opts.scale,
    seconds,
    counts: resultat.counts,
    kunder: resultat.kunder.map((k) => ({ kundeNr: k.kundeNr, navn: k.navn, ...k.stats })),
  };
}
