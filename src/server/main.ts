import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALLE_ROLLER_UDEN_TIMEOUT } from '../contract/roles';
import { buildApp } from './app';
import { loadOrCreateSecret, TokenService } from './auth/tokens';
import { certifikatKrypteringsNoegle } from './certifikat/krypto';
import { KonfigurationsFejl, loadConfig } from './config';
import { restrictUmask, secureDataDir } from './data-dir';
import { openDatabase } from './db/client';
import { DEMO_ADGANGSKODE, DEMO_BRUGERE } from './db/demo-brugere';
import { seedDatabase } from './db/seed';
import { opvarmPaletSoegning } from './routes/soeg';
import { opvarmMediantest } from './validering/median';

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    // A configuration that cannot be used stops the start with its reasons, not a stack trace.
    if (err instanceof KonfigurationsFejl) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
})();
const started = Date.now();
// DATA_DIR (database, JWT secret, outbox) is the server user's only: new files 0600, folders 0700,
// and what an earlier start left readable by others is narrowed (a warning names what cannot be).
// With PGlite, openDatabase checks the folder, which is the database's; with PostgreSQL, here.
restrictUmask();
if (config.databaseUrl) await secureDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const tokens = new TokenService(
  await loadOrCreateSecret(config.jwtSecret, config.dataDir),
  config.tokenTtlSeconds,
);
if (config.demoMode) {
  // Under the start-up lock: of processes starting together on an empty database, one seeds and
  // the others find the data when they get the lock.
  const summary = await database.withStartupLock(() =>
    seedDatabase(database.db, {
      scale: 'demo',
      log: (m) => console.log(`  ${m}`),
      certifikatNoegle: certifikatKrypteringsNoegle(config, tokens),
    }),
  );
  if (!summary.skipped) console.log('Demodata oprettet.');
}
if (database.kind === 'pglite') {
  // V8 compiles PGlite's WebAssembly as it is used: the start pays for the median test's and the
  // palette search's code paths rather than the first validator or searcher after a restart.
  const t0 = Date.now();
  const koeer = await opvarmMediantest(database.db);
  if (koeer > 0) console.log(`  mediantesten varmet op: ${koeer} køer på ${Date.now() - t0} ms`);
  const t1 = Date.now();
  const soegninger = await opvarmPaletSoegning(database.db);
  if (soegninger > 0)
    console.log(`  paletsøgningen varmet op: ${soegninger} søgninger på ${Date.now() - t1} ms`);
}
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const app = await buildApp({ db: database.db, tokens, config, clientDir, logger: true });
await app.listen({ port: config.port, host: config.host });

const address = `http://localhost:${config.port}`;
console.log(`
Miljøtilsyn workspace kører på ${address}  (database: ${database.kind === 'pglite' ? `PGlite i ${config.dataDir}` : 'PostgreSQL'}, klar efter ${Date.now() - started} ms)`);
if (config.demoMode) {
  console.log(`Log ind via ${address}/login — demobrugere, alle med adgangskode '${DEMO_ADGANGSKODE}':`);
  for (const u of DEMO_BRUGERE) {
    const roller = u.roller.length === ALLE_ROLLER_UDEN_TIMEOUT.length ? 'alle roller' : u.roller.join(', ');
    console.log(
      `  ${u.username.padEnd(13)} ${roller}${u.kunder.length > 1 ? ` (${u.kunder.length} kommuner)` : ''}`,
    );
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
