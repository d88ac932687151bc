import { configure } from '@testing-library/dom';

/**
 * Runs in every test file (vitest.config.ts setupFiles), so every file that uses Testing Library
 * has the same timeout whichever file its worker ran first (isolate: false shares the module).
 * waitFor and findBy give up after 1 s by default; the component tests answer through the real
 * server (PGlite through app.inject) on two workers at once, and a debounced filter plus its
 * request took longer than that once in CI (frister-visninger). A condition that never comes true
 * still fails, only later.
 */
configure({ asyncUtilTimeout: 5_000 });
