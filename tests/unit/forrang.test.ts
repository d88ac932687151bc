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
    const f = new Forrang(60_000);
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

  it('slows long work but never starves it: a call that never ends holds it at most maxVentMs', async () => {
    const f = new Forrang(20);
    f.start({});
    await f.ro();
    await f.ro();
    expect(f.interaktive).toBe(1);
  });
});
