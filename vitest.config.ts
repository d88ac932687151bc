import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/bench/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine. The API
    // files wait on PGlite and PostgreSQL as much as they compute, so two workers run the suite in
    // ~590 s instead of ~840 s (measured on the 2-core CI machine).
    maxWorkers: 2,
  },
});
