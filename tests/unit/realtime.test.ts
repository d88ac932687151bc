import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ValideringHaendelse } from '../../src/contract/validering';
import { type Db, separateClientFor } from '../../src/server/db/client';
import type { Levering, LiveHaendelse } from '../../src/server/realtime';
import { ProcesHub } from '../../src/server/realtime-hub';
import { laesPayload, MAKS_PAYLOAD_BYTES, notifyPayload, PostgresHub } from '../../src/server/realtime-pg';
import { databaseUrl, medKlient, venterPaa } from '../helpers/server-prosess';

const pgUrl = inject('pgUrl');

const besluttet = (ids: number[], status = 1): LiveHaendelse => ({
  emne: 'validering',
  data: { type: 'besluttet', kind: 'pejling', ids, status, af: 'vand' } satisfies ValideringHaendelse,
});

describe('the in-process hub (PGlite)', () => {
  it("delivers to the customer's subscribers only, until they unsubscribe", async () => {
    const hub = new ProcesHub();
    const a: Levering[] = [];
    const b: Levering[] = [];
    const stopA = await hub.subscribe(1, (l) => a.push(l));
    await hub.subscribe(2, (l) => b.push(l));
    await hub.publish(1, besluttet([7]));
    expect(a).toEqual([{ type: 'haendelse', haendelse: besluttet([7]) }]);
    expect(b).toEqual([]);
    expect(hub.antal(1)).toBe(1);
    stopA();
    expect(hub.antal(1)).toBe(0);
    await hub.publish(1, besluttet([8]));
    expect(a).toHaveLength(1);
  });

  it('a subscriber that throws does not stop the others', async () => {
    const hub = new ProcesHub();
    const got: Levering[] = [];
    await hub.subscribe(1, () => {
      throw new Error('lukket forbindelse');
    });
    await hub.subscribe(1, (l) => got.push(l));
    await hub.publish(1, besluttet([1]));
    expect(got).toHaveLength(1);
  });
});

describe('NOTIFY payloads', () => {
  it('carry customer, topic and data, and read back', () => {
    const p = notifyPayload(3, besluttet([1, 2]));
    expect(laesPayload(p)).toEqual({ kundeId: 3, haendelse: besluttet([1, 2]) });
  });

  it('degrade to a bare change of the topic when the event is large', () => {
    const mange = Array.from({ length: 10_000 }, (_, i) => 1_000_000 + i);
    const p = notifyPayload(3, besluttet(mange));
    expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAKS_PAYLOAD_BYTES);
    expect(laesPayload(p)).toEqual({ kundeId: 3, emne: 'validering' });
  });

  it('are dropped when malformed or of an unknown topic', () => {
    for (const junk of [
      undefined,
      '',
      'x',
      '[]',
      '{"k":"1","e":"validering"}',
      '{"k":1,"e":"ukendt"}',
      '{"k":1,"e":"validering","d":5}',
    ]) {
      expect(laesPayload(junk), String(junk)).toBeNull();
    }
  });
});

/** Two processes' hubs on one database of the throwaway cluster. */
describe.runIf(pgUrl)('the PostgreSQL hub (LISTEN/NOTIFY)', () => {
  const name = `mw_hub_${randomBytes(6).toString('hex')}`;
  const pools: pg.Pool[] = [];
  const hubs: PostgresHub[] = [];
  /** A pool of the test database. `end()` resolves before its connections have closed, so the
   * DROP … WITH (FORCE) after the tests may end one of them: expected, not an uncaught error. */
  const nyPool = (max: number) => {
    const pool = new pg.Pool({ connectionString: databaseUrl(pgUrl, name), max });
    pool.on('error', () => {});
    pools.push(pool);
    return pool;
  };

  /** A hub as one process has it: its own pool, its own LISTEN connection. */
  const nyHub = () => {
    const pool = nyPool(2);
    const db = drizzle(pool) as unknown as Db;
    const hub = new PostgresHub(db, separateClientFor(db)!, {
      backoffMs: 20,
      maksBackoffMs: 200,
      log: () => {},
    });
    hubs.push(hub);
    return hub;
  };

  /** The LISTEN backends of the test database. */
  const lyttere = () =>
    medKlient(pgUrl, async (c) =>
      (
        await c.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN %'`,
          [name],
        )
      ).rows.map((r) => r.pid),
    );

  beforeAll(async () => {
    await medKlient(pgUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  });
  afterAll(async () => {
    for (const h of hubs) await h.close();
    for (const p of pools) await p.end();
    await medKlient(pgUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it("an event published by one process reaches the customer's subscribers of every process", async () => {
    const a = nyHub();
    const b = nyHub();
    const iA: Levering[] = [];
    const iB: Levering[] = [];
    const andenKunde: Levering[] = [];
    await a.subscribe(1, (l) => iA.push(l));
    await b.subscribe(1, (l) => iB.push(l));
    await b.subscribe(2, (l) => andenKunde.push(l));
    expect(a.lytter && b.lytter).toBe(true);
    await a.publish(1, besluttet([11, 12]));
    await venterPaa(() => iA.length > 0 && iB.length > 0, 5000, 'the event in both processes');
    expect(iB).toEqual([{ type: 'haendelse', haendelse: besluttet([11, 12]) }]);
    expect(iA).toEqual(iB);
    // A large event arrives as a bare change of its topic.
    await a.publish(1, besluttet(Array.from({ length: 5000 }, (_, i) => i + 1)));
    await venterPaa(() => iB.length > 1, 5000, 'the large event');
    expect(iB[1]).toEqual({ type: 'aendret', emne: 'validering' });
    // Another customer's subscriber heard neither (its customer's next event proves delivery works).
    await a.publish(2, besluttet([99]));
    await venterPaa(() => andenKunde.length > 0, 5000, "customer 2's event");
    expect(andenKunde).toEqual([{ type: 'haendelse', haendelse: besluttet([99]) }]);
  });

  it('after its LISTEN connection drops, a process reconnects and tells its subscribers to refetch', async () => {
    const a = nyHub();
    const b = nyHub();
    const got: Levering[] = [];
    await b.subscribe(5, (l) => got.push(l));
    const pid = b.lytterPid;
    expect(pid).toBeDefined();
    await medKlient(pgUrl, (c) => c.query('SELECT pg_terminate_backend($1)', [pid]));
    await venterPaa(
      () => got.some((l) => l.type === 'genindlaes'),
      10_000,
      "'genindlaes' after the reconnect",
    );
    expect(b.lytter).toBe(true);
    expect(b.lytterPid).not.toBe(pid);
    await a.publish(5, besluttet([21]));
    await venterPaa(() => got.some((l) => l.type === 'haendelse'), 5000, 'an event after the reconnect');
    expect(got.filter((l) => l.type === 'haendelse')).toEqual([
      { type: 'haendelse', haendelse: besluttet([21]) },
    ]);
  });

  it('a subscriber made while the database cannot be reached is told to refetch once it can', async () => {
    // A hub whose first LISTEN attempts go to a closed port, then to the database.
    const pool = nyPool(1);
    let forsoeg = 0;
    const godt = separateClientFor(drizzle(pool) as unknown as Db)!;
    const hub = new PostgresHub(
      drizzle(pool) as unknown as Db,
      () =>
        ++forsoeg < 3 ? new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/x' }) : godt(),
      { backoffMs: 20, maksBackoffMs: 100, log: () => {} },
    );
    hubs.push(hub);
    const got: Levering[] = [];
    await hub.subscribe(6, (l) => got.push(l));
    expect(hub.lytter).toBe(false);
    await venterPaa(() => got.some((l) => l.type === 'genindlaes'), 10_000, "'genindlaes' once connected");
    expect(hub.lytter).toBe(true);
    expect(forsoeg).toBe(3);
  });

  it('close releases the LISTEN connection', async () => {
    const hub = nyHub();
    await hub.subscribe(9, () => {});
    const pid = hub.lytterPid!;
    expect(await lyttere()).toContain(pid);
    await hub.close();
    await venterPaa(() => !hub.lytter, 1000, 'the hub to close');
    // The server sees the session end shortly after the client's terminate message.
    let tilbage = await lyttere();
    for (let i = 0; i < 100 && tilbage.includes(pid); i++) {
      await new Promise((r) => setTimeout(r, 20));
      tilbage = await lyttere();
    }
    expect(tilbage).not.toContain(pid);
  });
});
