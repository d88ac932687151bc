import { and, desc, eq, sql } from 'drizzle-orm';
import { feltNormaliser } from '../../contract/felter';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import { VANDANLAEG_BASIS_FELTER, type Vandanlaeg } from '../../contract/vandanlaeg';
import { brugereAf } from '../db/brugernavne';
import type { Db } from '../db/client';
import { kontaktpersonerAf } from '../db/kontaktpersoner';
import { jupiterIndberetning, virksomhed } from '../db/schema';
import { danskOrden } from '../db/sortering';
import type { Tx } from '../db/versioneret';
import { somListe } from '../records/felter';

/**
 * The water plant itself as GET Vandanlaeg/{id} answers it: its basis (columns and jsonb, every
 * field in its answer shape), address, location, over- and under-plants, contacts, latest Jupiter
 * report and case workers. Its list: `anlaeg-liste.ts`; its basis saved: `stamoplysninger.ts`.
 */

export type Row = typeof virksomhed.$inferSelect;

export const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const tekstEllerNull = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
export const talEllerNull = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

/** Basis as the API carries it: the columns and the jsonb, every field present in its answer shape. */
export function vandanlaegBasisAf(row: Row): Record<string, unknown> {
  const b = row.basis;
  const liste = somListe(b.sagsbehandlerListe).filter((x): x is number => typeof x === 'number');
  const raw: Record<string, unknown> = {
    ...b,
    anlaegsnavn: row.navn,
    anlaegsnr: row.anlaegsnr,
    jupiterId: row.jupiterId,
    cvrNr: row.cvrNr,
    pNr: row.pNr,
    // The primary case worker column leads the list (older rows have only the column).
    sagsbehandlerListe:
      row.primaerSagsbehandlerId !== null && !liste.includes(row.primaerSagsbehandlerId)
        ? [row.primaerSagsbehandlerId, ...liste]
        : liste,
  };
  const basis: Record<string, unknown> = {};
  for (const f of VANDANLAEG_BASIS_FELTER) basis[f.navn] = feltNormaliser(f, raw[f.navn]);
  return {
    ...basis,
    anlaegsnavn: row.navn,
    overanlaegVirksomhedId: talEllerNull(b.overanlaegVirksomhedId),
    slettet: row.slettet,
    virksomhedstype: row.type,
  };
}

export function lokalitetAf(row: Row) {
  const lok = obj(row.basis.lokalitet);
  return {
    matrikler: somListe(lok.matrikler).map(String),
    bfeNr: tekstEllerNull(lok.bfeNr),
  };
}

/** The answer of GET Vandanlaeg/{id} for a loaded plant row (the benchmark runs it directly too). */
export async function hentDetalje(db: Db | Tx, row: Row): Promise<Vandanlaeg> {
  const basis = vandanlaegBasisAf(row);
  const ekstra = obj(row.basis.adresse);
  const lok = lokalitetAf(row);
  // One after the other: inside a transaction the queries share one connection.
  const kontakter = await kontaktpersonerAf(db, row.id);
  const under = await db
    .select({ id: virksomhed.id, navn: virksomhed.navn, anlaegsnr: virksomhed.anlaegsnr })
    .from(virksomhed)
    .where(
      and(
        eq(virksomhed.kundeId, row.kundeId),
        eq(virksomhed.type, VIRKSOMHEDSTYPE.VANDANLAEG),
        eq(virksomhed.slettet, false),
        sql`${virksomhed.basis}->>'overanlaegVirksomhedId' = ${String(row.id)}`,
      ),
    )
    .orderBy(...danskOrden(virksomhed.navn), virksomhed.id);
  const overId = basis.overanlaegVirksomhedId as number | null;
  const [over] =
    overId !== null
      ? await db
          .select({ id: virksomhed.id, navn: virksomhed.navn })
          .from(virksomhed)
          .where(and(eq(virksomhed.id, overId), eq(virksomhed.kundeId, row.kundeId)))
      : [];
  const [jupiter] = await db
    .select()
    .from(jupiterIndberetning)
    .where(eq(jupiterIndberetning.vandanlaegId, row.id))
    .orderBy(desc(jupiterIndberetning.sendt), desc(jupiterIndberetning.id))
    .limit(1);
  const ids = somListe(basis.sagsbehandlerListe).filter((x): x is number => typeof x === 'number');
  const navne = await brugereAf(db, ids);
  if (jupiter && basis.jupiterIndberetningStatus === null) basis.jupiterIndberetningStatus = jupiter.status;
  return {
    id: row.id,
    type: row.type,
    version: row.version,
    opdateret: row.opdateret.toISOString(),
    basis: basis as unknown as Vandanlaeg['basis'],
    adresseId: row.dawaAdresseId,
    adresse: {
      dawaAdresseId: row.dawaAdresseId,
      vejnavn: row.vejnavn,
      husnummer: row.husnummer,
      etage: tekstEllerNull(ekstra.etage),
      sideDoer: tekstEllerNull(ekstra.sideDoer),
      postnummer: row.postnummer,
      city: row.postdistrikt,
      fuldeAdresse: row.adresse,
      x: talEllerNull(ekstra.x) ?? row.x,
      y: talEllerNull(ekstra.y) ?? row.y,
      supplerendebynavn: tekstEllerNull(ekstra.supplerendebynavn),
    },
    koordinat: row.x !== null && row.y !== null ? { id: row.id, x: row.x, y: row.y } : null,
    wkt: row.x !== null && row.y !== null ? `POINT(${row.x} ${row.y})` : null,
    matrikler: lok.matrikler,
    lokalitet: {
      id: row.id,
      adresse: row.adresse,
      dawaAdresseId: row.dawaAdresseId,
      matrikler: lok.matrikler,
      bfeNr: lok.bfeNr,
    },
    overanlaeg: over ?? null,
    underanlaeg: under,
    kontaktpersonListe: kontakter.map((k) => ({
      id: k.id,
      navn: k.navn,
      email: k.email,
      telefon: k.telefon,
      kontaktType: k.rolle,
      jupiterId: k.jupiterKontaktpersonId,
    })),
    jupiterStatus: jupiter
      ? {
          status: jupiter.status,
          sendt: jupiter.sendt.toISOString(),
          fejlTypeKode: jupiter.fejlTypeKode,
          fejlTypeTekst: jupiter.fejlTypeTekst,
        }
      : null,
    sagsbehandlere: navne,
    slettet: row.slettet,
  };
}
