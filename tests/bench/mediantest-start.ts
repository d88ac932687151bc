/**
 * One start of the server's database in a process of its own, for validering.bench.ts: opens the
 * PGlite data directory given, warms it as the server's start does (unless --uden-opvarmning), and
 * times the first median test over every pending entry of the customer (plant and intake level).
 * Prints one line of JSON. A process of its own because V8 keeps compiled WebAssembly for the
 * process's life: a second PGlite opened in the bench's process would start warm.
 *
 *   tsx tests/bench/mediantest-start.ts DATA_DIR KUNDE_NR [--uden-opvarmning]
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { medianTest, opvarmMediantest } from '../../src/server/validering/median';

const [dataDir, kundeNr, flag] = process.argv.slice(2);
if (!dataDir || !kundeNr) throw new Error('brug: mediantest-start.ts DATA_DIR KUNDE_NR [--uden-opvarmning]');
const t0 = performance.now();
const database = await openDatabase({ dataDir });
const [k] = await queryRows<{ id: number }>(
  database.db,
  sql`SELECT id FROM kunde WHERE kunde_nr = ${Number(kundeNr)}`,
);
const aabnetMs = performance.now() - t0;
const t1 = performance.now();
if (flag !== '--uden-opvarmning') await opvarmMediantest(database.db);
const opvarmningMs = performance.now() - t1;
const t2 = performance.now();
const a = await medianTest(database.db, Number(k!.id), 'anlaeg', null);
const i = await medianTest(database.db, Number(k!.id), 'indtag', null);
const medianMs = performance.now() - t2;
const poster = (JSON.parse(a) as unknown[]).length + (JSON.parse(i) as unknown[]).length;
await database.close();
console.log(JSON.stringify({ aabnetMs, opvarmningMs, medianMs, poster }));
