import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

/**
 * One transaction per creating call, begun at its first write.
 *
 * A creating call (POST answering 201) runs inside `iAnmodningsTransaktion`: its reads go to the
 * database as usual until it first writes (insert, update, delete, execute or a transaction of its
 * own); from then on every statement of the call runs in one transaction that stays open until the
 * answer is ready, and `foerCommit` (the idempotency answer, src/server/http/idempotens.ts) is written
 * in that same transaction. So a record and the answer that names it commit together or not at all:
 * a crash between the two cannot leave a record whose retry would create it again.
 *
 * The call's handler keeps using the app's `db`: `transaktionsbevidst(db)` sends each statement to
 * the call's transaction when there is one. A transaction the handler opens itself becomes a
 * savepoint inside it. Work before the first write (a template scan in a worker, a register lookup)
 * holds nothing, which matters on PGlite, where an open transaction holds the one connection.
 */

interface Ramme {
  tx?: Db;
  begynd(): Promise<Db>;
}

const aktiv = new AsyncLocalStorage<Ramme>();

/** The database behind an aware proxy (for what is kept per database, such as the event hub). */
const RAA = Symbol('databasen bag proxyen');

/** The database itself, whether `db` is the aware proxy or already the database. */
export function raaDb(db: Db): Db {
  return ((db as unknown as Record<symbol, Db | undefined>)[RAA] ?? db) as Db;
}

/** Entry points of a drizzle database that write, or may: they begin the call's transaction. */
const SKRIVENDE = new Set<PropertyKey>(['insert', 'update', 'delete', 'execute']);

/**
 * A statement builder whose target is not known yet: the calls made on it are recorded and replayed
 * on the call's transaction when it is awaited (`db.insert(t).values(v).returning()`).
 */
function udsatSaetning(ramme: Ramme, metode: PropertyKey, args: unknown[]): unknown {
  const kaede: [PropertyKey, unknown[]][] = [];
  const byg = (tx: Db) =>
    kaede.reduce<unknown>(
      (b, [m, a]) => (b as Record<PropertyKey, (...x: unknown[]) => unknown>)[m]!(...a),
      (tx as unknown as Record<PropertyKey, (...x: unknown[]) => unknown>)[metode]!(...args),
    );
  const koer = () => ramme.begynd().then((tx) => byg(tx));
  const saetning: unknown = new Proxy(() => undefined, {
    get(_m, prop) {
      if (prop === 'then')
        return (ok?: (v: unknown) => unknown, fejl?: (e: unknown) => unknown) => koer().then(ok, fejl);
      if (prop === 'catch') return (fejl?: (e: unknown) => unknown) => koer().catch(fejl);
      if (prop === 'finally') return (f?: () => void) => koer().finally(f);
      return (...a: unknown[]) => {
        kaede.push([prop, a]);
        return saetning;
      };
    },
  });
  return saetning;
}

/**
 * The app's database, aware of the call's transaction: inside `iAnmodningsTransaktion` a statement
 * goes to the call's transaction (beginning it at the first write); elsewhere straight to `db`.
 */
export function transaktionsbevidst(db: Db): Db {
  // Methods bound once per target and name: every statement of every request passes through here.
  const bundne = new WeakMap<object, Map<PropertyKey, unknown>>();
  const bundet = (maal: object, prop: PropertyKey) => {
    const v = Reflect.get(maal, prop);
    if (typeof v !== 'function') return v;
    let mine = bundne.get(maal);
    if (!mine) {
      mine = new Map();
      bundne.set(maal, mine);
    }
    const b = mine.get(prop) as { fn: unknown; bound: unknown } | undefined;
    if (b && b.fn === v) return b.bound;
    const bound = v.bind(maal);
    mine.set(prop, { fn: v, bound });
    return bound;
  };
  return new Proxy(db, {
    get(maal, prop) {
      if (prop === RAA) return maal;
      const ramme = aktiv.getStore();
      // The driver's client is the database's, also inside a call (erPglite, LISTEN connections).
      if (!ramme || prop === '$client') return bundet(maal, prop);
      if (ramme.tx) return bundet(ramme.tx, prop);
      if (prop === 'transaction')
        return (fn: (tx: Db) => Promise<unknown>, cfg?: unknown) =>
          ramme
            .begynd()
            .then((tx) => (tx.transaction as (f: typeof fn, c?: unknown) => Promise<unknown>)(fn, cfg));
      if (SKRIVENDE.has(prop)) return (...args: unknown[]) => udsatSaetning(ramme, prop, args);
      return bundet(maal, prop);
    },
  });
}

/**
 * Runs `koer` as one creating call on `db` (the database itself, not the aware proxy): its writes in
 * one transaction begun at the first of them, `foerCommit` written in it before it commits. When
 * `koer` wrote nothing, `foerCommit` is not called and `skrevIntet` tells the caller so.
 */
export async function iAnmodningsTransaktion<T>(
  db: Db,
  koer: () => Promise<T>,
  foerCommit: (tx: Db, svar: T) => Promise<void>,
): Promise<{ svar: T; skrevIntet: boolean }> {
  let afslut: { ok: (svar: T) => void; fejl: (err: unknown) => void } | undefined;
  let slut: Promise<unknown> | undefined;
  let begyndt: Promise<Db> | undefined;
  const ramme: Ramme = {
    begynd() {
      begyndt ??= new Promise<Db>((harTx, kunneIkke) => {
        slut = db
          .transaction(async (tx) => {
            ramme.tx = tx as unknown as Db;
            harTx(ramme.tx);
            const svar = await new Promise<T>((ok, fejl) => {
              afslut = { ok, fejl };
            });
            await foerCommit(ramme.tx, svar);
          })
          .catch((err) => {
            if (!ramme.tx) kunneIkke(err);
            throw err;
          });
        // Awaited below; a begin that failed is reported through `begyndt`.
        slut.catch(() => undefined);
      });
      return begyndt;
    },
  };
  let svar: T;
  try {
    svar = await aktiv.run(ramme, koer);
  } catch (err) {
    if (begyndt) {
      // Roll back what the call wrote, then report the call's own error.
      await begyndt.catch(() => undefined);
      afslut?.fejl(err);
      await slut?.catch(() => undefined);
    }
    throw err;
  }
  if (!begyndt) return { svar, skrevIntet: true };
  await begyndt;
  afslut!.ok(svar);
  await slut;
  return { svar, skrevIntet: false };
}
