import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 8181);
/** A second server whose tokens expire quickly, for the token-expiry journey. */
export const SHORT_TOKEN_PORT = Number(process.env.E2E_SHORT_TOKEN_PORT ?? 8182);
export const E2E_TOKEN_TTL_SECONDS = 12;
/**
 * Names this run for e2e/server.ts: the servers of one run copy one demo database seeded for it.
 * Set once, in the runner, before the servers start (the workers load the config again).
 */
process.env.E2E_RUN ??= `${process.pid}-${Date.now()}`;

function server(port: number, dataDir: string, env: Record<string, string>) {
  return {
    command: 'tsx e2e/server.ts',
    url: `http://localhost:${port}/api/test/ping`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      E2E_RUN: process.env.E2E_RUN!,
      DEMO_MODE: 'true',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
  };
}

/**
 * End-to-end tests drive Debian's Chromium against the real server (built client, PGlite seeded
 * with the demo data in a fresh folder), started once for the run. The demo data is seeded once per
 * run and copied for each server (e2e/server.ts).
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    // A failed test keeps its trace (actions, screencast, console, network) but without DOM
    // snapshots: taking them before and after every action cost the keyboard-heavy specs a third of
    // their time (validering.spec.ts 24 s instead of 34 s). E2E_TRACE_SNAPSHOTS=1 records them
    // (`--trace on` changes only the mode and keeps this setting's snapshots).
    trace: { mode: 'retain-on-failure', snapshots: process.env.E2E_TRACE_SNAPSHOTS === '1' },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    server(PORT, `.e2e-data-${PORT}`, {}),
    server(SHORT_TOKEN_PORT, `.e2e-data-${SHORT_TOKEN_PORT}`, {
      TOKEN_TTL_SECONDS: String(E2E_TOKEN_TTL_SECONDS),
    }),
  ],
});
