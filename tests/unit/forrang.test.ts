import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  // The quiet spell's tests run on fake timers and a fake clock: they check the order of events,
  // not how long anything takes. (ro() first lets a real turn of the event loop pass: `enTur`.)
  describe('the quiet spell', () => {
    const enTur = () => new Promise<void>((r) => setImmediate(r));
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    /** ro() asked now; the function answers whether it has resolved. */
    const spoerg = (f: Forrang) => {
      let svar = false;
      void f.ro().then(() => {
        svar = true;
      });
      return () => svar;
    };

    it('lets long work on only after a quiet spell: a call that follows within it holds it again', async () => {
      const f = new Forrang(60_000, 40);
      const a = {};
      f.start(a);
      const videre = spoerg(f);
      f.fritag(a); // t = 0
      await enTur();
      // The client's next call of a run, 10 ms after the first ended.
      await vi.advanceTimersByTimeAsync(10);
      expect(videre()).toBe(false);
      const b = {};
      f.start(b);
      await vi.advanceTimersByTimeAsync(50);
      expect(videre()).toBe(false);
      f.fritag(b); // t = 60: the spell starts anew
      await vi.advanceTimersByTimeAsync(39);
      expect(videre()).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(videre()).toBe(true);
    });

    it('does not wait for a quiet spell that has already passed', async () => {
      const f = new Forrang(60_000, 300);
      const a = {};
      f.start(a);
      f.fritag(a);
      await vi.advanceTimersByTimeAsync(320);
      const videre = spoerg(f);
      await enTur();
      await enTur();
      expect(videre()).toBe(true);
    });
  });

  it('slows long work but never starves it: a call that never ends holds it at most maxVentMs', async () => {
    const f = new Forrang(20);
    f.start({});
    await f.ro();
    await f.ro();
    expect(f.interaktive).toBe(1);
  });
});
