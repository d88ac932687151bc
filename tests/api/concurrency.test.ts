import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sqlState, transactionWithRetry } from '../../src/server/db/client';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/**
 * Two validators deciding the same entries at the same time, listed in opposite orders: on
 * PostgreSQL the row locks must be taken in one order, else the two transactions deadlock and one
 * user gets a 500. Every round must answer 200 twice and decide each entry exactly once.
 */
describe.each(dbTargets())('concurrent validation decisions on %s', (target) => {
  let t: TestApp;
  let token: string;
  let skive: number;
  const RUNDER = 15;
  const ANTAL = 40;

  beforeAll(async () => {
    t = await createTestApp(target);
    token = await t.tokenFor('vand');
    skive = await t.kundeId(779);
  });
  afterAll(async () => t?.close());

  const beslut = (handling: 'Godkend' | 'Forkast', poster: { id: number; version: number }[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/OppumpedeVandmaengderValidering/${handling}/${skive}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { poster },
    });

  it.each([
    ['Godkend', 'Godkend'],
    ['Godkend', 'Forkast'],
  ] as const)('decides every entry once in rounds of %s and %s in reversed orders', async (h1, h2) => {
    const ids = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`SELECT id FROM oppumpet_maengde WHERE kunde_id = ${skive} AND indtag_id IS NULL
            ORDER BY id LIMIT ${ANTAL}`,
      )
    ).map((r) => Number(r.id));
    expect(ids).toHaveLength(ANTAL);
    const idListe = `{${ids.join(',')}}`;
    for (let runde = 0; runde < RUNDER; runde++) {
      // Back in the queue, with the versions a list would show.
      await t.database.db.execute(
        sql`UPDATE oppumpet_maengde SET status = 0, besluttet_af_bruger_id = NULL, besluttet_dato = NULL
            WHERE id = ANY(${idListe}::int[])`,
      );
      const poster = (
        await queryRows<{ id: number; version: number }>(
          t.database.db,
          sql`SELECT id, version FROM oppumpet_maengde WHERE id = ANY(${idListe}::int[]) ORDER BY id`,
        )
      ).map((r) => ({ id: Number(r.id), version: Number(r.version) }));
      const [a, b] = await Promise.all([beslut(h1, poster), beslut(h2, poster.toReversed())]);
      expect([a.statusCode, b.statusCode], `runde ${runde + 1}: ${a.body} ${b.body}`).toEqual([200, 200]);
      const sa = JSON.parse(a.body) as { besluttet: number[]; alleredeBesluttet: { id: number }[] };
      const sb = JSON.parse(b.body) as { besluttet: number[]; alleredeBesluttet: { id: number }[] };
      expect([...sa.besluttet, ...sb.besluttet].sort((x, y) => x - y)).toEqual(ids);
      expect(sa.alleredeBesluttet.map((x) => x.id)).toEqual(sb.besluttet);
      expect(sb.alleredeBesluttet.map((x) => x.id)).toEqual(sa.besluttet);
      const status = await queryRows<{ id: number; status: number }>(
        t.database.db,
        sql`SELECT id, status FROM oppumpet_maengde WHERE id = ANY(${idListe}::int[])`,
      );
      for (const r of status) {
        const hvem = sa.besluttet.includes(Number(r.id)) ? h1 : h2;
        expect(Number(r.status)).toBe(hvem === 'Godkend' ? 1 : 2);
      }
    }
  });

  /** A promise and the function that resolves it. */
  function signal() {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  }

  /** Answers once `n` sessions of this database wait for a lock (polled; no time limit but the test's). */
  async function venterPaaLaas(n: number) {
    for (;;) {
      const [r] = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (Number(r!.n) >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it.runIf(target === 'postgres')(
    'locks the entries in id order: with the middle entry held elsewhere, both calls wait in the lower half and both succeed',
    async () => {
      const db = t.database.db;
      const ids = (
        await queryRows<{ id: number }>(
          db,
          sql`SELECT id FROM oppumpet_maengde WHERE kunde_id = ${skive} AND indtag_id IS NULL
              ORDER BY id LIMIT ${ANTAL}`,
        )
      ).map((r) => Number(r.id));
      const idListe = `{${ids.join(',')}}`;
      await db.execute(
        sql`UPDATE oppumpet_maengde SET status = 0, besluttet_af_bruger_id = NULL, besluttet_dato = NULL
            WHERE id = ANY(${idListe}::int[])`,
      );
      const poster = (
        await queryRows<{ id: number; version: number }>(
          db,
          sql`SELECT id, version FROM oppumpet_maengde WHERE id = ANY(${idListe}::int[]) ORDER BY id`,
        )
      ).map((r) => ({ id: Number(r.id), version: Number(r.version) }));
      const midt = ids[ANTAL / 2]!;
      // Another session (a user editing that entry, say) holds the middle entry while both calls start.
      const kald = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM oppumpet_maengde WHERE id = ${midt} FOR UPDATE`);
        const kald = Promise.all([beslut('Godkend', poster), beslut('Godkend', poster.toReversed())]);
        await venterPaaLaas(2);
        // Locked in id order, the calls hold nothing above the middle entry. Taken in the listed
        // order, the reversed call would hold the whole upper half, and the two would deadlock as
        // soon as the middle entry is free.
        const ledige = await queryRows<{ id: number }>(
          db,
          sql`SELECT id FROM oppumpet_maengde WHERE id = ANY(${idListe}::int[])
              ORDER BY id FOR UPDATE SKIP LOCKED`,
        );
        expect(ledige.map((r) => Number(r.id))).toEqual(ids.filter((id) => id > midt));
        return { kald };
      });
      const [a, b] = await kald.kald;
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      const sa = JSON.parse(a.body) as { besluttet: number[] };
      const sb = JSON.parse(b.body) as { besluttet: number[] };
      expect([...sa.besluttet, ...sb.besluttet].sort((x, y) => x - y)).toEqual(ids);
    },
  );

  it.runIf(target === 'postgres')(
    'runs a transaction once more when PostgreSQL aborts it as a deadlock victim',
    async () => {
      const db = t.database.db;
      const herning = await t.kundeId(657);
      let forsoeg = 0;
      /** Two transactions locking two rows in opposite orders, each waiting until the other holds its first. */
      const krydsende = (koer: typeof transactionWithRetry) => {
        const laast = [signal(), signal()];
        const tx = (mig: 0 | 1, foerste: number, anden: number) =>
          koer(db, async (tx) => {
            forsoeg++;
            await tx.execute(sql`SELECT id FROM kunde WHERE id = ${foerste} FOR NO KEY UPDATE`);
            laast[mig]!.resolve();
            await laast[1 - mig]!.promise;
            await tx.execute(sql`SELECT id FROM kunde WHERE id = ${anden} FOR NO KEY UPDATE`);
            return mig;
          });
        return Promise.allSettled([tx(0, skive, herning), tx(1, herning, skive)]);
      };
      // Without the retry, PostgreSQL aborts one of the two: the scenario really deadlocks.
      const uden = await krydsende((d, fn) => d.transaction(fn));
      expect(uden.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const fejl = uden.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(sqlState(fejl.reason)).toBe('40P01');
      forsoeg = 0;
      const med = await krydsende(transactionWithRetry);
      expect(med).toEqual([
        { status: 'fulfilled', value: 0 },
        { status: 'fulfilled', value: 1 },
      ]);
      expect(forsoeg).toBe(3);
    },
  );
});
