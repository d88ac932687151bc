import { describe, expect, it } from 'vitest';
import { MedlemskabsCache } from '../../src/server/auth/medlemskab-cache';
import { ProcesHub } from '../../src/server/realtime-hub';

/** The auth hook's membership cache (issue 32): what it keeps, and everything that makes it forget. */
describe('MedlemskabsCache', () => {
  const vand = { roller: ['SagsbehandlerVandanlaeg'], suspenderetTil: null };
  const admin = { roller: ['KommuneAdmin'], suspenderetTil: null };

  /** A cache on an in-process hub, its subscription in place, with a clock the test moves. */
  async function ny(levetidMs = 60_000) {
    const hub = new ProcesHub();
    let nu = 1_000;
    const cache = new MedlemskabsCache(hub, levetidMs, () => nu);
    expect(cache.hent(7, 1)).toBeUndefined(); // begins the subscription
    await Promise.resolve();
    await Promise.resolve();
    return { hub, cache, flyt: (ms: number) => (nu += ms) };
  }

  it('keeps what was read, per user and customer, for its lifetime', async () => {
    const { cache, flyt } = await ny(60_000);
    cache.gem(7, 1, vand, cache.laes());
    cache.gem(8, 1, admin, cache.laes());
    expect(cache.hent(7, 1)).toBe(vand);
    expect(cache.hent(7, 2)).toBeUndefined();
    expect(cache.hent(8, 1)).toBe(admin);
    flyt(60_000);
    expect(cache.hent(7, 1)).toBe(vand);
    flyt(1);
    expect(cache.hent(7, 1)).toBeUndefined();
  });

  it("forgets a user at their 'adgang' event (from any customer), everyone at 'genindlaes' or a bare change", async () => {
    const { hub, cache } = await ny();
    const fyld = () => {
      cache.gem(7, 1, vand, cache.laes());
      cache.gem(7, 2, vand, cache.laes());
      cache.gem(8, 1, admin, cache.laes());
    };
    fyld();
    await hub.publish(2, { emne: 'adgang', data: { brugerId: 7 } });
    expect([cache.hent(7, 1), cache.hent(7, 2), cache.hent(8, 1)]).toEqual([undefined, undefined, admin]);
    // Another topic's events change nothing.
    await hub.publish(1, {
      emne: 'validering',
      data: { type: 'besluttet', kind: 'pejling', ids: [1], status: 1, af: 'vand' },
    });
    expect(cache.hent(8, 1)).toBe(admin);
    fyld();
    (hub as unknown as { abonnenter: { lever(k: null, l: { type: 'genindlaes' }): void } }).abonnenter.lever(
      null,
      { type: 'genindlaes' },
    );
    expect([cache.hent(7, 1), cache.hent(8, 1)]).toEqual([undefined, undefined]);
  });

  it('does not store a read that began before the user was forgotten', async () => {
    const { cache } = await ny();
    const generation = cache.laes();
    cache.glem(7); // the change committed while the read was under way
    cache.gem(7, 1, vand, generation);
    expect(cache.hent(7, 1)).toBeUndefined();
    cache.gem(7, 1, vand, cache.laes());
    expect(cache.hent(7, 1)).toBe(vand);
  });

  it('keeps nothing before its subscription is in place, nor while the hub is deaf', async () => {
    const hub = new ProcesHub();
    const cache = new MedlemskabsCache(hub);
    expect(cache.hent(7, 1)).toBeUndefined();
    cache.gem(7, 1, vand, cache.laes()); // the subscription has not resolved yet
    await Promise.resolve();
    await Promise.resolve();
    expect(cache.hent(7, 1)).toBeUndefined();
    cache.gem(7, 1, vand, cache.laes());
    expect(cache.hent(7, 1)).toBe(vand);
    // The hub stops hearing events (PostgreSQL: the LISTEN connection is down): nothing is used,
    // and what was kept is gone when it hears again.
    Object.defineProperty(hub, 'lytter', { value: false, configurable: true });
    expect(cache.hent(7, 1)).toBeUndefined();
    Object.defineProperty(hub, 'lytter', { value: true, configurable: true });
    expect(cache.hent(7, 1)).toBeUndefined();
  });
});
