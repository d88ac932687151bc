import { planlaegningsperiode } from '../../src/server/db/schema';
import type { SatServer } from './sat-server';

/** The customer's planning periods of the given years, 1 January to 31 December (the seed may have made them already). */
export async function opretPlanlaegningsaar(s: SatServer, aarene: readonly number[]): Promise<void> {
  await s.database.db
    .insert(planlaegningsperiode)
    .values(
      aarene.map((aar) => ({
        kundeId: s.kundeId,
        aar,
        navn: `Tilsynsplan ${aar}`,
        startdato: `${aar}-01-01`,
        slutdato: `${aar}-12-31`,
      })),
    )
    .onConflictDoNothing();
}
