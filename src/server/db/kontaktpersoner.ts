import { and, eq } from 'drizzle-orm';
import { kontaktperson } from './schema';
import { danskOrden } from './sortering';
import type { Tx } from './versioneret';

/** The contacts of a company, farm or water plant that are not removed, by name (Danish order). */
export function kontaktpersonerAf(db: Tx, virksomhedId: number) {
  return db
    .select()
    .from(kontaktperson)
    .where(and(eq(kontaktperson.virksomhedId, virksomhedId), eq(kontaktperson.slettet, false)))
    .orderBy(...danskOrden(kontaktperson.navn), kontaktperson.id);
}
