/**
 * The end-to-end tests' server (playwright.config.ts's webServer command): the real server
 * (src/server/main.ts, DEMO_MODE) on a copy of a demo database seeded once per Playwright run.
 *
 *   E2E_RUN=<id> DATA_DIR=<folder> tsx e2e/server.ts
 *
 * Every server of a run gets its own fresh copy of the same seeded folder (database and JWT secret:
 * the seeded Jupiter certificates' keys are encrypted with a key derived from that secret), so the
 * seed (about 40 s with the migrations) runs once instead of once per server. The template is made,
 * and copied, under a lock folder: whichever server of the run comes first seeds it, one that comes
 * meanwhile waits. E2E_RUN names the run (the config sets it once per run): a template left by
 * another run, or half made by a run that was stopped, is seeded again. Both servers share the
 * seeded JWT secret: a token of one is valid on the other.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadOrCreateSecret, TokenService } from '../src/server/auth/tokens';
import { certifikatKrypteringsNoegle } from '../src/server/certifikat/krypto';
import { loadConfig } from '../src/server/config';
import { restrictUmask } from '../src/server/data-dir';
import { openDatabase } from '../src/server/db/client';
import { seedDatabase } from '../src/server/db/seed';

const TEMPLATE = path.resolve('.e2e-data-template');
/** The seeded folder, complete once `RUN_FILE` names this run. */
const TEMPLATE_DATA = path.join(TEMPLATE, 'data');
const RUN_FILE = path.join(TEMPLATE, 'run');
/** Held (created) by the process making the template; holds that process's pid. */
const LOCK = path.resolve('.e2e-data-template.lock');
const LOCK_WAIT_MS = 240_000;

const run = process.env.E2E_RUN;
const dataDir = process.env.DATA_DIR;
if (!run || !dataDir) {
  console.error('e2e/server.ts: E2E_RUN og DATA_DIR skal være sat (se playwright.config.ts)');
  process.exit(2);
}

const templateRun = () => {
  try {
    return readFileSync(RUN_FILE, 'utf8');
  } catch {
    return undefined;
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock folder; one left by a process that is gone is taken over. */
async function lock(): Promise<void> {
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(path.join(LOCK, 'pid'), 'utf8'));
    } catch {
      // Created, pid not written yet: wait.
    }
    if (Number.isInteger(holder) && !alive(holder)) rmSync(LOCK, { recursive: true, force: true });
    else if (Date.now() > until) throw new Error(`e2e/server.ts: ${LOCK} blev ikke frigivet`);
    else await sleep(250);
  }
}

/** Seeds the template folder the way main.ts seeds a fresh DATA_DIR in demo mode. */
async function seedTemplate(): Promise<void> {
  rmSync(TEMPLATE, { recursive: true, force: true });
  const t0 = Date.now();
  const config = loadConfig();
  const database = await openDatabase({ dataDir: TEMPLATE_DATA });
  try {
    const secret = await loadOrCreateSecret(config.jwtSecret, TEMPLATE_DATA);
    const tokens = new TokenService(secret, config.tokenTtlSeconds);
    await database.withStartupLock(() =>
      seedDatabase(database.db, {
        scale: 'demo',
        log: (m) => console.log(`  ${m}`),
        certifikatNoegle: certifikatKrypteringsNoegle(config, tokens),
      }),
    );
  } finally {
    await database.close();
  }
  writeFileSync(RUN_FILE, run!);
  console.log(`e2e: demodata seedet i ${TEMPLATE_DATA} på ${Date.now() - t0} ms`);
}

restrictUmask();
// Copied under the lock too: another run starting meanwhile may be seeding the template again.
await lock();
try {
  if (templateRun() !== run) await seedTemplate();
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(TEMPLATE_DATA, dataDir, { recursive: true });
} finally {
  rmSync(LOCK, { recursive: true, force: true });
}
await import('../src/server/main');
