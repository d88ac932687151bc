import { SAT_RAEKKETYPE } from '../../src/contract/entitet';
import type { Db } from '../../src/server/db/client';
import { satGebyrType, satTilsynsperiode, satVirksomhed, virksomhed } from '../../src/server/db/schema';

/**
 * SAT test data written straight to the database, so the SAT record and transfer tests do not
 * depend on what the demo seed holds: a period, SAT companies (row type 4 with their SAT row) and
 * fee types.
 */

export async function nyPeriode(db: Db, kundeId: number, aar = 2026): Promise<number> {
  const [p] = await db
    .insert(satTilsynsperiode)
    .values({
      kundeId,
      navn: `Affaldstilsyn ${aar}`,
      aar,
      startdato: `${aar}-01-01`,
      slutdato: `${aar}-12-31`,
    })
    .returning({ id: satTilsynsperiode.id });
  return p!.id;
}

let loebenr = 0;

/** A SAT company of the customer in the period; a fresh P-number unless given (null: none). */
export async function nySatVirksomhed(
  db: Db,
  kundeId: number,
  periodeId: number,
  opts: { navn?: string; pNr?: string | null; erLandbrug?: boolean } = {},
): Promise<number> {
  loebenr++;
  const [v] = await db
    .insert(virksomhed)
    .values({
      kundeId,
      type: SAT_RAEKKETYPE,
      navn: opts.navn ?? `SAT-testvirksomhed ${loebenr}`,
      cvrNr: String(30_000_000 + loebenr),
      pNr: opts.pNr === undefined ? String(1_900_000_000 + loebenr) : opts.pNr,
      adresse: 'Testvej 1, 7800 Skive',
    })
    .returning({ id: virksomhed.id });
  await db.insert(satVirksomhed).values({
    virksomhedId: v!.id,
    kundeId,
    satTilsynsperiodeId: periodeId,
    udvalgtDato: '2026-01-15',
    deadlineDato: '2026-11-30',
    erLandbrug: opts.erLandbrug ?? false,
  });
  return v!.id;
}

export async function nyGebyrType(
  db: Db,
  kundeId: number,
  t: {
    navn: string;
    art: 'timesats' | 'fast';
    satsOere: number;
    gyldigFra: string;
    gyldigTil?: string | null;
  },
): Promise<number> {
  const [r] = await db
    .insert(satGebyrType)
    .values({ kundeId, gyldigTil: null, ...t })
    .returning({ id: satGebyrType.id });
  return r!.id;
}
