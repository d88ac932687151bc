import { sql } from 'drizzle-orm';
import { betalerFejl } from '../../contract/brugerbetaling-regler';
import type { BodyOf } from '../../contract/endpoint';
import type { gemBetaler } from '../../contract/fakturering';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { virksomhed } from '../db/schema';
import { opdaterVersioneret, type Tx } from '../db/versioneret';
import { addFieldError, badRequest, notFound } from '../http/errors';
import { hentFakturaRaekke } from './data';
import { raekker } from './forslag';

/**
 * The payer of a failed invoice's company (issue 13): read as the invoice row reads it, corrected
 * from invoicing (checked by `betalerFejl`), versioned on the company and written in its log.
 */

export const VIRKSOMHED_BETALER_KONFLIKT =
  'Virksomheden er ændret af en anden, siden du hentede betalerdata. Hent dem igen og ret på ny.';

async function betalerAf(tx: Tx, user: SessionUser, fakturaId: number) {
  const f = await hentFakturaRaekke(tx, user, fakturaId);
  const [v] = await raekker<{
    id: number;
    navn: string;
    cvr_nr: string | null;
    basis: Record<string, unknown>;
    version: number;
  }>(tx, sql`select id, navn, cvr_nr, basis, version from virksomhed where id = ${f.virksomhedId}`);
  if (!v) throw notFound('Virksomheden');
  const tekst = (x: unknown) => (typeof x === 'string' && x !== '' ? x : null);
  return {
    virksomhedId: v.id,
    virksomhedsnavn: v.navn,
    // As the invoice row reads it (a SAT company without a payer type pays by its CVR number), so the
    // form shows the payer the transfer used.
    betalerTypeKode: f.betalerTypeKode,
    betalingsReference: tekst(v.basis.betalingsReference),
    cvrNr: v.cvr_nr,
    virksomhedVersion: Number(v.version),
    basis: v.basis,
  };
}

/** The payer data as the form shows them. */
export async function betaler(db: Db, user: SessionUser, fakturaId: number) {
  const { basis: _b, ...b } = await betalerAf(db, user, fakturaId);
  return b;
}

/** Saves a failed invoice's payer data on its company. */
export async function gemBetalerdata(
  db: Db,
  user: SessionUser,
  fakturaId: number,
  input: BodyOf<typeof gemBetaler>,
) {
  const ny = {
    betalerTypeKode: input.betalerTypeKode,
    betalingsReference: input.betalingsReference?.trim() || null,
    cvrNr: input.cvrNr?.trim() || null,
  };
  const fejl: Record<string, string[]> = {};
  for (const [felt, besked] of betalerFejl(ny)) addFieldError(fejl, felt, besked);
  if (Object.keys(fejl).length > 0) throw badRequest(fejl, 'Betalerdata er ikke gyldige');
  return db.transaction(async (tx) => {
    const gammel = await betalerAf(tx, user, fakturaId);
    const aendringer: string[] = [];
    const vis = (v: string | null) => (v === null ? '(tom)' : `'${v}'`);
    if (gammel.betalerTypeKode !== ny.betalerTypeKode)
      aendringer.push(`Betalertype: ${vis(gammel.betalerTypeKode)} → ${vis(ny.betalerTypeKode)}`);
    if (gammel.betalingsReference !== ny.betalingsReference)
      aendringer.push(
        `Betalingsreference: ${vis(gammel.betalingsReference)} → ${vis(ny.betalingsReference)}`,
      );
    if (gammel.cvrNr !== ny.cvrNr) aendringer.push(`CVR-nummer: ${vis(gammel.cvrNr)} → ${vis(ny.cvrNr)}`);
    const gemt = await opdaterVersioneret(
      tx,
      virksomhed,
      { id: gammel.virksomhedId, version: input.virksomhedVersion },
      {
        cvrNr: ny.cvrNr,
        basis: {
          ...gammel.basis,
          betalerTypeKode: ny.betalerTypeKode,
          betalingsReference: ny.betalingsReference,
        },
        opdateret: new Date(),
      },
      VIRKSOMHED_BETALER_KONFLIKT,
      user,
      {
        virksomhedId: gammel.virksomhedId,
        emne: 'Stamoplysninger',
        notat:
          aendringer.length > 0
            ? `Betalerdata rettet fra fakturering (faktura ${fakturaId}): ${aendringer.join('; ')}.`
            : null,
      },
    );
    const { basis: _b, ...b } = await betalerAf(tx, user, fakturaId);
    return { ...b, virksomhedVersion: Number(gemt.version) };
  });
}
