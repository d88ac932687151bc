import { randomUUID } from 'node:crypto';
import { setImmediate as naesteTur } from 'node:timers/promises';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import type { RapportTrin } from './motor';

/**
 * An export read in steps (issue 32). PGlite runs every statement on the server's own event loop with
 * one connection: a statement of 0.9 s is 0.9 s in which no other call can even be read; on
 * PostgreSQL one sort of the whole result took the CPU the interactive calls needed. So an export's
 * rows are collected into a temporary table (in the session `db`, see egenSession) one id range of the
 * source's driving table (within the customer's ids) at a time, each range sized to take about 10 ms
 * and followed by `vent` (interactive calls first, jobs/forrang.ts), so that the calls that arrived
 * meanwhile run between the ranges. Each row is read once, as it stands when its range is read (not
 * one snapshot: an export that runs while entries are decided may hold some decisions and not others,
 * as a page read a moment earlier or later would).
 */
export async function samlITrin(
  db: Db,
  trin: RapportTrin,
  kundeId: number,
  startBredde = START_BREDDE,
  /** Between two ranges: lets the waiting calls in (default a turn of the event loop). */
  vent: () => Promise<void> = () => naesteTur(),
): Promise<{ samling: SQL; slet: () => Promise<void>; indsat: number | null }> {
  const samling = sql`${sql.identifier(`rapport_samling_${randomUUID().replaceAll('-', '')}`)}`;
  const slet = async () => {
    await db.execute(sql`drop table if exists ${samling}`).catch(() => undefined);
  };
  try {
    await db.execute(sql`create temporary table ${samling} as ${trin.del(0, 0)} with no data`);
    // Made before the rows, so each range's insert keeps it: no statement sorts the whole collection.
    if (trin.sider) await db.execute(trin.sider.indeks(samling));
    const [graenser] = await queryRows<{ lo: number | null; hi: number | null }>(
      db,
      sql`select min(id) as lo, max(id) as hi from ${sql.identifier(trin.tabel)} where kunde_id = ${kundeId}`,
    );
    let bredde = startBredde;
    // The rows added, as the driver tells each insert (null if it does not).
    let indsat: number | null = 0;
    for (let fra = Number(graenser?.lo ?? 1), hi = Number(graenser?.hi ?? 0); fra <= hi; ) {
      const t0 = performance.now();
      const svar = (await db.execute(sql`insert into ${samling} ${trin.del(fra, fra + bredde)}`)) as {
        affectedRows?: number;
        rowCount?: number | null;
      };
      // PGlite says affectedRows, node-postgres rowCount.
      const n = svar.affectedRows ?? svar.rowCount;
      indsat = indsat !== null && typeof n === 'number' ? indsat + n : null;
      fra += bredde;
      bredde = naesteBredde(bredde, performance.now() - t0);
      await vent();
    }
    return { samling, slet, indsat };
  } catch (err) {
    await slet();
    throw err;
  }
}

/** The first id range's width, and the time one range should take. */
const START_BREDDE = 8192;
const MAAL_MS = 10;

/** The next range's width: doubled while a range is quick, halved while it is slow (at most 1,048,576). */
export function naesteBredde(bredde: number, ms: number): number {
  if (ms < MAAL_MS / 2) return Math.min(bredde * 2, 1 << 20);
  if (ms > MAAL_MS * 2) return Math.max(Math.floor(bredde / 2), 1);
  return bredde;
}
