/**
 * The inventory of docs/architecture.md, read from the code: the features and the routes their
 * views show, the record kinds, reports, machines, integrations, contract and route modules, and the
 * number of endpoints the server registers. `npm run docs` writes it between its markers;
 * tests/api/arkitektur.test.ts fails when the page holds another.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROUTES } from '../src/app/routes/route-table';
import { RAPPORT_NAVNE } from '../src/contract/rapport-sider';
import type { RecordKind } from '../src/contract/record-kind';
import type { RegisteredRoute } from '../src/server/http/route-registry';

const ROD = path.resolve(import.meta.dirname, '..');

export const INVENTAR_START = '<!-- inventar: genereret af npm run docs, ret ikke i hånden -->';
export const INVENTAR_SLUT = '<!-- inventar slut -->';

/** The .ts files of a folder (not tests, not declarations), without extension, sorted. */
function moduler(mappe: string, undtagen: readonly string[] = []): string[] {
  return readdirSync(path.join(ROD, mappe))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => f.replace(/\.tsx?$/, ''))
    .filter((m) => !undtagen.includes(m))
    .sort();
}

const er = (v: unknown): v is RecordKind =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RecordKind).art === 'string' &&
  Array.isArray((v as RecordKind).felter) &&
  typeof (v as RecordKind).owner?.navn === 'string';

/** Every record kind any contract module exports (directly, or in an exported list or table). */
async function recordKinds(): Promise<RecordKind[]> {
  const fundet = new Map<string, RecordKind>();
  for (const m of moduler('src/contract')) {
    const mod = (await import(pathToFileURL(path.join(ROD, 'src/contract', `${m}.ts`)).href)) as Record<
      string,
      unknown
    >;
    for (const v of Object.values(mod)) {
      const kandidater = Array.isArray(v) ? v : v && typeof v === 'object' && !er(v) ? Object.values(v) : [v];
      for (const k of kandidater) if (er(k)) fundet.set(`${k.owner.navn}/${k.art}`, k);
    }
  }
  return [...fundet.values()];
}

/** The route names each feature's views.ts maps to a view. */
async function featureViews(): Promise<Map<string, string[]>> {
  const ud = new Map<string, string[]>();
  const mappe = path.join(ROD, 'src/app/features');
  for (const feature of readdirSync(mappe).sort()) {
    const mod = (await import(pathToFileURL(path.join(mappe, feature, 'views.ts')).href)) as {
      views: Record<string, unknown>;
    };
    ud.set(feature, Object.keys(mod.views));
  }
  return ud;
}

/** A stable order, whatever order the modules were loaded in. */
const ordnet = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en');

const kode = (s: string) => `\`${s}\``;
const liste = (xs: readonly string[]) => xs.map(kode).join(', ');

/** The inventory block, from the app's registered routes and the code. */
export async function arkitekturInventar(ruter: readonly RegisteredRoute[]): Promise<string> {
  const endpoints = ruter.filter((r) => r.url.toLowerCase().startsWith('/api/') && r.endpoint).length;
  const kinds = await recordKinds();
  const perEjer = new Map<string, string[]>();
  for (const k of kinds) perEjer.set(k.owner.navn, [...(perEjer.get(k.owner.navn) ?? []), k.art]);
  const features = await featureViews();
  const iFeatures = new Set([...features.values()].flat());
  const omdirigeringer = ROUTES.filter((r) => r.redirect).length;
  const oevrige = ROUTES.filter((r) => !r.redirect && !iFeatures.has(r.name)).map((r) => r.path);
  const maskiner = moduler('machines');
  const integrationer = moduler('src/server/integrations', ['index']);
  const kontrakt = moduler('src/contract');
  const ruteModuler = moduler('src/server/routes');
  const sti = (navn: string) => ROUTES.find((r) => r.name === navn)?.path ?? navn;

  const linjer = [
    '| mechanism | count | what |',
    '|---|---|---|',
    `| endpoints (\`endpoint()\` in \`src/contract\`, registered under \`/api\`) | ${endpoints} | every one in \`docs/api.md\` and \`GET /api/openapi.json\` |`,
    `| client routes (\`ROUTES\`, \`src/app/routes/route-table.ts\`) | ${ROUTES.length} | ${iFeatures.size} shown by a feature's view, ${omdirigeringer} redirects, ${oevrige.length} shell and session screens: ${liste(oevrige)} |`,
    `| record kinds (\`defineRecordKind\`) | ${kinds.length} | ${[...perEjer]
      .sort(([a], [b]) => a.localeCompare(b, 'en'))
      .map(([ejer, arter]) => `owner ${kode(ejer)} (${arter.length}): ${[...arter].sort(ordnet).join(', ')}`)
      .join('; ')} |`,
    `| reports (\`RAPPORT_NAVNE\`, one engine) | ${RAPPORT_NAVNE.length} | ${RAPPORT_NAVNE.join(', ')} |`,
    `| state machines (\`machines/\`) | ${maskiner.length} | ${liste(maskiner)} |`,
    `| integrations (\`src/server/integrations/\`, each an interface and a simulator) | ${integrationer.length} | ${liste(integrationer)} |`,
    `| contract modules (\`src/contract/\`) | ${kontrakt.length} | ${liste(kontrakt)} |`,
    `| server route modules (\`src/server/routes/\`) | ${ruteModuler.length} | ${liste(ruteModuler)} |`,
    '',
    '| feature (`src/app/features/`) | views | the routes they show |',
    '|---|---|---|',
    ...[...features].map(
      ([feature, navne]) => `| ${kode(feature)} | ${navne.length} | ${liste(navne.map(sti))} |`,
    ),
  ];
  return linjer.join('\n');
}

/** The page with its inventory replaced; throws when the markers are missing. */
export function medInventar(side: string, blok: string): string {
  const start = side.indexOf(INVENTAR_START);
  const slut = side.indexOf(INVENTAR_SLUT);
  if (start < 0 || slut < start)
    throw new Error(`docs/architecture.md mangler ${INVENTAR_START} … ${INVENTAR_SLUT}`);
  return `${side.slice(0, start + INVENTAR_START.length)}\n${blok}\n${side.slice(slut)}`;
}
