import { inArray } from 'drizzle-orm';
import { bruger } from './schema';
import type { Tx } from './versioneret';

/** The names of the users with these ids (nulls and repeats skipped): id → navn. */
export async function brugerNavne(db: Tx, ids: (number | null)[]): Promise<Map<number, string>> {
  const unikke = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (unikke.length === 0) return new Map();
  const rows = await db
    .select({ id: bruger.id, navn: bruger.navn })
    .from(bruger)
    .where(inArray(bruger.id, unikke));
  return new Map(rows.map((r) => [r.id, r.navn]));
}

/** The users with these ids as rows `{ brugerId, navn }` (e.g. a company's or plant's case workers). */
export async function brugereAf(
  db: Tx,
  ids: (number | null)[],
): Promise<{ brugerId: number; navn: string }[]> {
  return [...(await brugerNavne(db, ids))].map(([brugerId, navn]) => ({ brugerId, navn }));
}
