import { sql } from 'drizzle-orm';
import { opdaterMediantest } from '../../validering/median';
import type { Db } from '../client';

/**
 * After a bulk seed: the median test's statistics and kept answers are built (every series the seed
 * marked), then VACUUM ANALYZE, so that the planner has statistics (PGlite runs no autovacuum)
 * and the GIN trigram indexes have no pending list to scan linearly. Without it a trigram-filtered
 * list of 100,000 companies took 200 ms instead of 5–20 ms on PGlite (docs/decisions.md 'Company and farm lists').
 * Skipped for the small 'test' scale, where it only costs time. VACUUM cannot run in a transaction.
 */
export async function efterSeed(
  db: Db,
  scale: 'test' | 'demo' | 'large',
  log?: (msg: string) => void,
): Promise<void> {
  // The median test's precomputed statistics and answers (docs/decisions.md 'Validation of water data').
  const t1 = performance.now();
  const { statistik, svar } = await opdaterMediantest(db);
  log?.(
    `mediantestens statistik for ${statistik} og svar for ${svar} serier på ${Math.round(performance.now() - t1)} ms`,
  );
  if (scale === 'test') return;
  const t0 = performance.now();
  await db.execute(sql`VACUUM ANALYZE`);
  log?.(`VACUUM ANALYZE på ${Math.round(performance.now() - t0)} ms`);
}
