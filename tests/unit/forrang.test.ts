import { describe, expect, it } from 'vitest';
import { Forrang } from '../../src/server/jobs/forrang';

/** Interactive calls first (issue 32): long work asks `ro()` between its steps. */
describe('Forrang', () => {
  it('lets long work on at once when no call is in flight', async () => {
    const f = new Forrang(60_000);
    await f.ro();
    expect(f.interaktive).toBe(0);
  });

  it('holds long work while a call is in flight and lets it on when the last one ends', async () => {
    const f = new Forrang(60_000, 0);
    const a = {};
    const b = {};
    f.start(a);
    f.start(b);
    let videre = false;
    const venter = f.ro().then(() => {
      videre = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(videre).toBe(false);
    f.fritag(a);
    await new Promise((r) => setTimeout(r, 10));
    expect(videre).toBe(false);
    f.fritag(b);
    await venter;
    expect(videre).toBe(true);
  });

  it('counts a call once however often it is told, and never below zero', () => {
    const f = new Forrang();
    const a = {};
    f.start(a);
    f.start(a);
    expect(f.interaktive).toBe(1);
    f.fritag(a);
    f.fritag(a);
    f.fritag({});
    expect(f.interaktive).toBe(0);
  });

  it('lets long work on only after a quiet spell: a call that follows within it holds it again', async () => {
    const f = new Forrang(60_000, 40);
    const a = {};
    f.start(a);
    let videre = false;
    const venter = f.ro().then(() => {
      videre = true;
    });
    f.fritag(a);
    const slut = performance.now();
    // The client's next call of a run, 10 ms after the first ended.
    await new Promise((r) => setTimeout(r, 10));
    expect(videre).toBe(false);
    const b = {};
    f.start(b);
    await new Promise((r) => setTimeout(r, 50));
    expect(videre).toBe(false);
    f.fritag(b);
    const sidst = performance.now();
    await venter;
    expect(performance.now() - sidst).toBeGreaterThanOrEqual(39);
    expect(performance.now() - slut).toBeGreaterThanOrEqual(99);
  });

  it('does not wait for a quiet spell that has already passed', async () => {
    const f = new Forrang(60_000, 300);
    const a = {};
    f.start(a);
    f.fritag(a);
    await new Promise((r) => setTimeout(r, 320));
    const t0 = performance.now();
    await f.ro();
    // Waiting for a spell anew would take 300 ms.
    expect(performance.now() - t0).toBeLessThan(200);
  });

  it('slows long work but never starves it: a call that never ends holds it at most maxVentMs', async () => {
    const f = new Forrang(20);
    f.start({});
    await f.ro();
    await f.ro();
    expect(f.interaktive).toBe(1);
  });
});
