import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../auth/session-user';
import { notFound } from '../http/errors';
import { planlaegningsperiode } from './schema';
import type { Tx } from './versioneret';

/** A planning period's row. */
export interface PeriodeRaekke {
  id: number;
  kundeId: number;
  aar: number;
  navn: string;
  startdato: string;
  slutdato: string;
  genereret: Date | null;
  genereretAf: number | null;
  /** Category 1's yearly share of physical inspections, whole percent (the period's setting). */
  kategori1AndelPct: number;
  version: number;
}

/** The customer's period, else 404 (another customer's period too). */
export async function hentPeriode(db: Tx, user: SessionUser, periodeId: number): Promise<PeriodeRaekke> {
  const [p] = await db
    .select()
    .from(planlaegningsperiode)
    .where(and(eq(planlaegningsperiode.id, periodeId), eq(planlaegningsperiode.kundeId, user.kundeId)));
  if (!p) throw notFound('Planlægningsperioden');
  return p;
}
