import { sql } from 'drizzle-orm';
import type { VandproevePost } from '../../contract/validering';
import { type Db, queryRows } from '../db/client';
import { vandproeveRaekke } from '../validering/data';
import type { R } from './felles';

/** The water samples of a plant, newest first (at most 10000), as the validation queues answer them. */
export async function vandproeverAfAnlaeg(
  db: Db,
  kundeId: number,
  plant: { id: number; navn: string; anlaegsnr: string | null },
): Promise<VandproevePost[]> {
  const rows = await queryRows<R>(
    db,
    sql`SELECT o.*, bu.navn AS besluttet_af FROM vandproeve o
        LEFT JOIN bruger bu ON bu.id = o.besluttet_af_bruger_id
        WHERE o.kunde_id = ${kundeId} AND o.vandanlaeg_id = ${plant.id}
        ORDER BY o.udtaget DESC, o.id DESC LIMIT 10000`,
  );
  return rows.map((r) => vandproeveRaekke({ ...r, anlaegsnavn: plant.navn, anlaegsnr: plant.anlaegsnr }));
}
