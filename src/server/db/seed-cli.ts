/**
 * Seeds a database with the deterministic demo data.
 *
 *   tsx src/server/db/seed-cli.ts [--scale test|demo|large] [--data-dir DIR] [--database-url URL]
 *                                 [--password-cost fast|normal]
 *
 * Default scale 'demo' into DATA_DIR (or ./data). The benchmark scale 'large' defaults to
 * ./.bench-data so that it never touches the demo database; it uses a PostgreSQL server only when
 * --database-url is given. A database that already has customers is left alone.
 */
import { parseArgs } from 'node:util';
import type { PasswordHashCost } from '../auth/password';
import { openDatabase } from './client';
import { type SeedScale, seedDatabase } from './seed';

const SCALES: SeedScale[] = ['test', 'demo', 'large'];

function usage(msg?: string): never {
  if (msg) console.error(msg);
  console.error(
    'Brug: tsx src/server/db/seed-cli.ts [--scale test|demo|large] [--data-dir DIR] [--database-url URL] [--password-cost fast|normal]',
  );
  process.exit(2);
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        scale: { type: 'string', default: 'demo' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        'password-cost': { type: 'string', default: 'normal' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    }));
  } catch (e) {
    usage((e as Error).message);
  }
  if (values.help) usage();
  const scale = values.scale as SeedScale;
  if (!SCALES.includes(scale)) usage(`Ukendt skala: ${scale}`);
  const cost = values['password-cost'] as PasswordHashCost;
  if (cost !== 'fast' && cost !== 'normal') usage(`Ukendt password-cost: ${cost}`);

  const databaseUrl =
    (values['database-url'] as string | undefined) ??
    (scale === 'large' ? undefined : process.env.DATABASE_URL || undefined);
  const dataDir =
    (values['data-dir'] as string | undefined) ??
    (scale === 'large' ? './.bench-data' : process.env.DATA_DIR || './data');

  const t0 = performance.now();
  console.log(`Åbner ${databaseUrl ? 'PostgreSQL' : `PGlite i ${dataDir}`} …`);
  const database = await openDatabase({ databaseUrl, dataDir });
  console.log(`Database klar (${((performance.now() - t0) / 1000).toFixed(1)} s, migreringer kørt).`);
  try {
    const summary = await database.withStartupLock(() =>
      seedDatabase(database.db, { scale, passwordHashCost: cost, log: (m) => console.log(m) }),
    );
    if (summary.skipped) {
      console.log('Databasen har allerede data – intet indsat.');
      return;
    }
    console.log(`\nSkala '${scale}' indsat på ${summary.seconds} s.`);
    console.table(summary.counts);
    console.table(
      (summary.kunder ?? []).map((k) => ({
        kunde: k.navn,
        virksomheder: k.virksomheder,
        landbrug: k.landbrug,
        vandanlaeg: k.vandanlaeg,
        boringer: k.boringer,
        indtag: k.indtag,
        oppumpet: k.oppumpet,
        'oppumpet afventer': k.oppumpetAfventer,
        pejlinger: k.pejlinger,
        'pejlinger afventer': k.pejlingerAfventer,
      })),
    );
  } finally {
    await database.close();
  }
  console.log(`I alt ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
