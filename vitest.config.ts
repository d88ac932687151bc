import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/bench/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/fil-oprydning.ts', 'tests/helpers/testing-library.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine. The API
    // files wait on PGlite and PostgreSQL as much as they compute, so two workers run the suite in
    // ~590 s instead of ~840 s (measured on the 2-core CI machine).
    maxWorkers: 2,
    // A worker runs its files in one module graph instead of importing the server, the contracts
    // and React anew for each of the 133 files (and V8 keeps PGlite's compiled WebAssembly):
    // 7 min 4 s instead of 10 min 14 s on this machine. Test files therefore leave no global state
    // behind: they close their apps, databases and servers in afterAll; stubbed globals and fake
    // timers are undone after each file (tests/helpers/fil-oprydning.ts).
    isolate: false,
  },
});
