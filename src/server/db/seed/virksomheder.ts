import type { VirksomhedEllerLandbrug } from '../../../contract/entitet';
import { VIRKSOMHEDSTYPE } from '../../../contract/roles';
import { kontaktperson, virksomhed } from '../schema';
import { type Branche, LANDBRUGSBRANCHER, VIRKSOMHEDSBRANCHER } from './brancher';
import {
  adresse,
  adresseKolonner,
  email,
  type KundeRef,
  person,
  type SeedContext,
  telefon,
  udfyldNavn,
} from './context';
import { GAARDNAVNE } from './danish-data';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import { type Kategori, KONTAKT_ROLLER_LANDBRUG, KONTAKT_ROLLER_VIRKSOMHED } from './lookups';
import { lavNoter } from './noter';
import type { Prng } from './prng';

const BEMAERKNINGER = [
  'Virksomheden har oplyst, at olietanken er sløjfet.',
  'Adgang via porten ved nr. 4. Ring på forhånd.',
  'Virksomheden deler vaskeplads med naboejendommen.',
  'Tilsyn koordineres med beredskabet.',
  'Ejer ønsker kommunikation pr. mail.',
  'Der er tinglyst deklaration om nedsivning.',
  'Tidligere klager over støj fra kompressor (løst).',
  'Virksomheden er omfattet af jordforureningslovens § 8-tilladelse.',
];

const BETALER_BEMAERKNINGER = [
  'Faktura sendes til bogholderiet.',
  'EAN-nummer oplyses ved fakturering.',
  'Betales af moderselskabet.',
];

function etableringsdato(prng: Prng, fra: number, til: number): string {
  // Skewed towards recent years, as the company register is.
  const aar = til - Math.floor((til - fra) * prng.next() ** 1.6);
  return `${aar}-${String(prng.int(1, 12)).padStart(2, '0')}-${String(prng.int(1, 28)).padStart(2, '0')}`;
}

function brugerbetalingsandel(type: VirksomhedEllerLandbrug, kategori: Kategori): number {
  const t1: Record<Kategori, number> = { '1a': 0.9, '1b': 0.85, '2': 0.55, Ingen: 0.03 };
  const t2: Record<Kategori, number> = { '1a': 0.9, '1b': 0.8, '2': 0.3, Ingen: 0.02 };
  return (type === VIRKSOMHEDSTYPE.VIRKSOMHED ? t1 : t2)[kategori];
}

function gruppe(type: VirksomhedEllerLandbrug, kategori: Kategori, brugerbetaling: boolean): number {
  if (type === VIRKSOMHEDSTYPE.VIRKSOMHED) {
    if (kategori === '1a') return 1;
    if (kategori === '1b') return 2;
    return brugerbetaling ? 3 : 7;
  }
  if (kategori === '1a') return 4;
  if (kategori === '1b') return 5;
  return 6;
}

/**
 * Creates one company (type 1) or farm (type 2) with contacts, notes and tasks. Returns its id.
 */
export function lavVirksomhed(
  ctx: SeedContext,
  kunde: KundeRef,
  prng: Prng,
  noterPrng: Prng,
  type: VirksomhedEllerLandbrug,
): number {
  const brancher = type === VIRKSOMHEDSTYPE.VIRKSOMHED ? VIRKSOMHEDSBRANCHER : LANDBRUGSBRANCHER;
  const branche: Branche = prng.weighted(brancher.map((b) => [b, b.vaegt] as const));
  const ejer = person(prng);
  const adr = adresse(prng, kunde.kommune, branche.gader);
  // A few draws to find a name not yet used in the customer; else the owner tells it apart.
  let navn = '';
  for (let attempt = 0; attempt < 6 && (navn === '' || kunde.brugteNavne.has(navn)); attempt++) {
    const gaard = prng.pick(GAARDNAVNE);
    navn = udfyldNavn(prng.pick(branche.navne), {
      by: attempt < 2 ? adr.sted : prng.pick(prng.pick(kunde.kommune.postdistrikter).landsbyer),
      efternavn: ejer.efternavn,
      fornavn: ejer.fornavn,
      gaard,
    });
    if (type === VIRKSOMHEDSTYPE.LANDBRUG && navn === gaard && prng.chance(0.45))
      navn = `${gaard} v/ ${ejer.navn}`;
    else if (!navn.includes(ejer.navn)) navn += prng.weighted(branche.selskabsformer ?? [['', 1]]);
  }
  if (kunde.brugteNavne.has(navn)) navn = `${navn.replace(/ (ApS|A\/S|I\/S)$/, '')} v/ ${ejer.navn}`;
  kunde.brugteNavne.add(navn);

  const kategori = prng.weighted(branche.kategorier);
  const etableringsDato =
    type === VIRKSOMHEDSTYPE.VIRKSOMHED
      ? etableringsdato(prng, 1962, 2026)
      : etableringsdato(prng, 1955, 2025);
  let ophoertDato: string | null = null;
  if (branche.kode === '014910' && prng.chance(0.85)) {
    // Mink farms closed after the culling order of November 2020.
    ophoertDato = addDays('2020-11-15', prng.int(0, 240));
  } else if (prng.chance(type === VIRKSOMHEDSTYPE.VIRKSOMHED ? 0.06 : 0.04)) {
    ophoertDato = addDays(REFERENCE_DATE, -prng.int(10, 2500));
  }
  if (ophoertDato !== null && ophoertDato <= etableringsDato) ophoertDato = addDays(etableringsDato, 400);
  if (ophoertDato !== null && ophoertDato >= REFERENCE_DATE) ophoertDato = addDays(REFERENCE_DATE, -5);
  const slettet = prng.chance(0.01);
  const aktiv = ophoertDato === null && !slettet;
  const omfattetAfBrugerbetaling = aktiv && prng.chance(brugerbetalingsandel(type, kategori));

  const pool =
    type === VIRKSOMHEDSTYPE.VIRKSOMHED ? kunde.sagsbehandlere.virksomhed : kunde.sagsbehandlere.landbrug;
  const primaer = pool.length > 0 && prng.chance(0.9) ? prng.pick(pool) : null;
  const oevrige = pool.length > 1 && prng.chance(0.2) ? [prng.pick(pool.filter((p) => p !== primaer))] : [];

  const id = ctx.writer.allocId(virksomhed);
  const cvrNr = ctx.cvr.next(prng);
  const pNr = ctx.pnr.next(prng);
  // Farms with livestock have a herd number; a plant-growing farm only sometimes (a few animals).
  const harDyr = branche.kode !== '011100' || prng.chance(0.3);
  const chrNr = type === VIRKSOMHEDSTYPE.LANDBRUG && harDyr ? ctx.chr.next(prng) : null;

  // Contacts first, so that the payer contact can be referred to in basis.
  const kontaktIds: number[] = [];
  const kontaktNavne: string[] = [];
  if (prng.chance(type === VIRKSOMHEDSTYPE.VIRKSOMHED ? 0.6 : 0.7)) {
    const n = prng.int(1, 3);
    const roller = type === VIRKSOMHEDSTYPE.VIRKSOMHED ? KONTAKT_ROLLER_VIRKSOMHED : KONTAKT_ROLLER_LANDBRUG;
    for (let i = 0; i < n; i++) {
      const p = i === 0 ? ejer : person(prng);
      kontaktNavne.push(p.navn);
      kontaktIds.push(
        ctx.writer.push(kontaktperson, {
          kundeId: kunde.id,
          virksomhedId: id,
          navn: p.navn,
          email: prng.chance(0.85) ? email(prng, p, navn) : null,
          telefon: prng.chance(0.9) ? telefon(prng, kunde.kommune) : null,
          rolle:
            i === 0
              ? type === VIRKSOMHEDSTYPE.VIRKSOMHED
                ? prng.pick(['Direktør', 'Ejer'])
                : 'Ejer'
              : prng.pick(roller),
        }),
      );
    }
  }

  const andenBranche = prng.chance(0.15) ? prng.pick(brancher.filter((b) => b !== branche)) : null;
  const dmaDato = addDays(REFERENCE_DATE, -prng.int(30, 900));
  const basis: Record<string, unknown> = {
    virksomhedstype: type,
    hovedaktivitet: branche.hovedaktivitet,
    biaktiviteter: andenBranche && prng.chance(0.5) ? [andenBranche.hovedaktivitet] : [],
    aktivitetsListe: [branche.hovedaktivitet],
    bibrancher: andenBranche ? [{ kode: andenBranche.kode, navn: andenBranche.navn }] : [],
    virksomhedsGruppeId: gruppe(type, kategori, omfattetAfBrugerbetaling),
    miljoemyndighedId: kunde.kundeNr,
    dmaMyndighedstyperId: 1,
    omfattetAfAktivtTilsyn: aktiv && kategori !== 'Ingen',
    omfattetAfAktivtTilsynDato:
      aktiv && kategori !== 'Ingen'
        ? etableringsDato > '2015-01-01'
          ? etableringsDato
          : addDays('2015-01-01', prng.int(0, 1200))
        : null,
    omfattetAfVOC: type === VIRKSOMHEDSTYPE.VIRKSOMHED && prng.chance(branche.voc ?? 0),
    risikovirksomhed:
      type === VIRKSOMHEDSTYPE.VIRKSOMHED && (kategori === '1a' || kategori === '1b') && prng.chance(0.05),
    dmaStatusId: aktiv && prng.chance(0.97) ? 1 : 2,
    dmaStatusDato: dmaDato,
    dmaStaedfaestVedCVR: prng.chance(0.8),
    dmaUrlForVirksomhed: kategori !== 'Ingen' ? `https://dma.mst.dk/virksomhed/${pNr}` : null,
    dmabatKonklusionId: kategori === '1a' ? (branche.bat ?? null) : null,
    dmaSenestOpdateringDato: addDays(dmaDato, prng.int(0, 25)),
    anvendCVRAdresseVedIndberetning: prng.chance(0.9),
    sagsbehandlerListe: oevrige,
    brugerbetaling: omfattetAfBrugerbetaling
      ? { gebyrtype: prng.chance(0.85) ? 'Timesats gebyr' : 'Fast gebyr' }
      : null,
    betalerTypeKode: omfattetAfBrugerbetaling ? 'CVR' : null,
    betalingsReference: omfattetAfBrugerbetaling ? `BB-${kunde.kundeNr}-${id}` : null,
    kontaktpersonId: omfattetAfBrugerbetaling && kontaktIds.length > 0 ? kontaktIds[0] : null,
    betalerBemaerkning:
      omfattetAfBrugerbetaling && prng.chance(0.1) ? prng.pick(BETALER_BEMAERKNINGER) : null,
    bemaerkning: prng.chance(0.12) ? prng.pick(BEMAERKNINGER) : null,
  };

  ctx.writer.push(virksomhed, {
    id,
    kundeId: kunde.id,
    type,
    navn,
    cvrNr,
    pNr,
    chrNr,
    ...adresseKolonner(adr),
    brancheKode: branche.kode,
    brancheNavn: branche.navn,
    kategori,
    omfattetAfBrugerbetaling,
    primaerSagsbehandlerId: primaer,
    etableringsDato,
    ophoertDato,
    slettet,
    basis,
    opdateret: timestamp(addDays(REFERENCE_DATE, -prng.int(1, 700)), prng.int(7, 16), prng.int(0, 59)),
  });
  if (type === VIRKSOMHEDSTYPE.VIRKSOMHED) kunde.stats.virksomheder++;
  else kunde.stats.landbrug++;

  lavNoter(ctx, kunde, noterPrng, {
    id,
    art: type === VIRKSOMHEDSTYPE.VIRKSOMHED ? 'virksomhed' : 'landbrug',
    kontakt: kontaktNavne[0] ?? ejer.navn,
    sagsbehandlerId: primaer,
  });
  return id;
}

/** `antalVirksomheder` companies and `antalLandbrug` farms of one customer. */
export async function lavVirksomheder(
  ctx: SeedContext,
  kunde: KundeRef,
  prng: Prng,
  antal: { virksomheder: number; landbrug: number },
  progress?: (done: number) => void,
): Promise<void> {
  const noter = prng.fork('noter');
  const total = antal.virksomheder + antal.landbrug;
  for (let i = 0; i < total; i++) {
    lavVirksomhed(ctx, kunde, prng, noter, i < antal.virksomheder ? 1 : 2);
    if (i % 500 === 499) {
      await ctx.writer.maybeFlush();
      progress?.(i + 1);
    }
  }
  await ctx.writer.maybeFlush();
}
