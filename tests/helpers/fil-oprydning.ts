import { afterAll, vi } from 'vitest';

/**
 * Runs in every test file (vitest.config.ts setupFiles). A worker runs its files in one module graph
 * (isolate: false), so what a file stubbed for its own tests (fetch, fake timers) is undone when the
 * file ends, before the next file of the worker starts.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
