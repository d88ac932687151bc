/**
 * Writes docs/api.md's table of every endpoint from the OpenAPI document the server serves at
 * GET /api/openapi.json (src/server/http/openapi.ts): the app is built on an empty in-memory
 * database, its registered routes give the document, the document gives the table.
 *
 *   npm run docs:api            rewrites the table between its markers
 *   npm run docs:api -- --tjek  only says whether the page holds the table the code gives (exit 1 if not)
 *
 * tests/api/openapi.test.ts makes the same comparison in the test run.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../src/server/app';
import { TokenService } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { byggOpenApi, endpointTabel, medEndpointTabel } from '../src/server/http/openapi';

const SIDE = new URL('../docs/api.md', import.meta.url);
const tjek = process.argv.includes('--tjek');

const database = await openDatabase({ dataDir: 'memory://' });
const config = loadConfig({ NODE_ENV: 'test', DEMO_MODE: 'false' });
const app = await buildApp({ db: database.db, tokens: new TokenService(randomBytes(32), 3600), config });
await app.ready();
const { dokument, erstatninger } = byggOpenApi(app.registeredRoutes, '0');
await app.close();
await database.close();

for (const e of erstatninger) console.warn(`  ikke helt som JSON Schema: ${e.rute} (${e.plads}): ${e.fejl}`);
const foer = readFileSync(SIDE, 'utf8');
const efter = medEndpointTabel(foer, endpointTabel(dokument));
const antal = Object.values(dokument.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
if (tjek) {
  if (efter !== foer) {
    console.error(
      `docs/api.md's endpoint table differs from the code (${antal} operations): run npm run docs:api`,
    );
    process.exit(1);
  }
  console.log(`docs/api.md's endpoint table matches the code (${antal} operations).`);
} else {
  writeFileSync(SIDE, efter);
  console.log(
    `docs/api.md: endpoint table ${efter === foer ? 'unchanged' : 'rewritten'} (${antal} operations).`,
  );
}
