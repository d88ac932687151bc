/**
 * Writes the generated parts of the docs from the code: docs/api.md's table of every endpoint (from
 * the OpenAPI document the server serves at GET /api/openapi.json, src/server/http/openapi.ts) and
 * docs/architecture.md's inventory (scripts/inventar.ts). The app is built on an empty in-memory
 * database; its registered routes give both.
 *
 *   npm run docs            rewrites both between their markers (npm run docs:api is the same)
 *   npm run docs -- --tjek  only says whether the pages hold what the code gives (exit 1 if not)
 *
 * tests/api/openapi.test.ts and tests/api/arkitektur.test.ts make the same comparisons in the test run.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../src/server/app';
import { TokenService } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { byggOpenApi, endpointTabel, medEndpointTabel } from '../src/server/http/openapi';
import { arkitekturInventar, medInventar } from './inventar';

const tjek = process.argv.includes('--tjek');

const database = await openDatabase({ dataDir: 'memory://' });
const config = loadConfig({ NODE_ENV: 'test', DEMO_MODE: 'false' });
const app = await buildApp({ db: database.db, tokens: new TokenService(randomBytes(32), 3600), config });
await app.ready();
const ruter = app.registeredRoutes;
const { dokument, erstatninger } = byggOpenApi(ruter, '0');
const inventar = await arkitekturInventar(ruter);
await app.close();
await database.close();

for (const e of erstatninger) console.warn(`  ikke helt som JSON Schema: ${e.rute} (${e.plads}): ${e.fejl}`);

let forskel = false;
for (const [fil, ny] of [
  ['docs/api.md', (side: string) => medEndpointTabel(side, endpointTabel(dokument))],
  ['docs/architecture.md', (side: string) => medInventar(side, inventar)],
] as const) {
  const url = new URL(`../${fil}`, import.meta.url);
  const foer = readFileSync(url, 'utf8');
  const efter = ny(foer);
  if (tjek) {
    if (efter !== foer) forskel = true;
    console.log(`${fil}: ${efter === foer ? 'matches the code' : 'differs from the code: run npm run docs'}`);
  } else {
    writeFileSync(url, efter);
    console.log(`${fil}: ${efter === foer ? 'unchanged' : 'rewritten'}`);
  }
}
if (forskel) process.exit(1);
