import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { databaseUrl, medKlient, startPgCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL cluster ('' without PostgreSQL's binaries). */
    pgUrl: string;
    /** The seeded template database on that cluster, copied for each test app. */
    pgTemplate: string;
    /** A file holding the seeded PGlite database as a dump, loaded for each test app. */
    pgliteTemplate: string;
  }
}

/** The name of the seeded PostgreSQL template database. */
const PG_TEMPLATE = 'mw_test_template';

/**
 * Starts one PostgreSQL cluster for the whole run when the machine has PostgreSQL's binaries, and
 * migrates and seeds the test data once per database kind: each test app then starts from a copy
 * (about 1 s for PGlite instead of 5–6 s of migrations and seeding; CREATE DATABASE … TEMPLATE on
 * PostgreSQL) instead of building its own.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mw-test-template-'));
  const pgliteTemplate = path.join(dir, 'pglite.tar');
  const lite = await openDatabase({ dataDir: 'memory://' });
  await seedDatabase(lite.db, { scale: 'test', passwordHashCost: 'fast' });
  writeFileSync(pgliteTemplate, Buffer.from(await (await dumpPglite(lite)).arrayBuffer()));
  await lite.close();
  project.provide('pgliteTemplate', pgliteTemplate);

  const cluster = await startPgCluster();
  project.provide('pgUrl', cluster?.url ?? '');
  project.provide('pgTemplate', cluster ? PG_TEMPLATE : '');
  if (cluster) {
    await medKlient(cluster.url, (c) => c.query(`CREATE DATABASE ${PG_TEMPLATE}`));
    const database = await openDatabase({ databaseUrl: databaseUrl(cluster.url, PG_TEMPLATE) });
    await seedDatabase(database.db, { scale: 'test', passwordHashCost: 'fast' });
    // A template must have no sessions while it is copied.
    await database.close();
  }
  return () => {
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
