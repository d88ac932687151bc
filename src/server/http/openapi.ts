import { z } from 'zod';
import type { AnyEndpoint } from '../../contract/endpoint';
import { RESSOURCER_FOR_ROLLE, ROLLER, type Rolle } from '../../contract/roles';
import { TOKEN_EXPIRED_HEADER } from '../auth/plugin';
import type { RegisteredRoute } from './route-registry';

/**
 * The API's reference as an OpenAPI 3.1 document, generated from the endpoint declarations the app
 * registered (`serve` puts each declaration in its route's config; the route registry keeps it), so
 * the reference cannot drift from the routes: every declared /api route is one operation, its
 * schemas are zod's own JSON Schema (z.toJSONSchema: input side for params, query and body, output
 * side for the answer, as the serialiser writes it), its right is `x-rettighed` with the roles that
 * grant it in `x-roller`, and the Danish error answers are shared responses. Served at
 * GET /api/openapi.json (src/server/routes/openapi.ts); docs/api.md's endpoint table is made from the
 * same operations (`endpointTabel`, `npm run docs:api`).
 */

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

/** Where a declaration's schema sits: named in a conversion error and in the test's report. */
export type SkemaPlads = 'params' | 'query' | 'body' | 'multipart' | 'answer';

/** A schema zod cannot write as JSON Schema, and what stands in the document instead. */
export interface Erstatning {
  rute: string;
  plads: SkemaPlads;
  fejl: string;
}

export interface OpenApiDokument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
  };
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  'x-rettighed': string | null;
  'x-roller': Rolle[] | null;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

/** Fastify's path (`/virksomhed/:id/tilsyn`) in OpenAPI's form (`/virksomhed/{id}/tilsyn`). */
export function openApiSti(fastifySti: string): string {
  return fastifySti.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The names of a path's parameters, in order. */
export function stiParametre(fastifySti: string): string[] {
  return [...fastifySti.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/**
 * One schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without `$schema`. A schema zod cannot
 * write (a custom check, a date object) throws here; `konverter` below records it and puts an open
 * schema in its place, so the test can name every such schema.
 */
export function jsonSkema(schema: z.ZodType, io: Io): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'throw',
  }) as JsonSchema;
  delete json.$schema;
  if (json.$defs || JSON.stringify(json).includes('"$ref"')) {
    // A recursive schema refers to itself ('#') or its own definitions ('#/$defs/…'); inside the
    // document such a reference would resolve against the document's root, so it is refused rather
    // than written wrong.
    throw new Error('skemaet henviser til sig selv ($ref), hvad dokumentet ikke kan rumme');
  }
  return json;
}

/** The roles whose resources satisfy an access rule (`A||B`: any one suffices). */
export function rollerMed(regel: string): Rolle[] {
  const alternativer = regel
    .split('||')
    .map((s) => s.trim())
    .filter(Boolean);
  return ROLLER.filter((rolle) => RESSOURCER_FOR_ROLLE[rolle].some((r) => alternativer.includes(r)));
}

const PROBLEM: JsonSchema = {
  type: 'object',
  description: 'Problem details med fejl pr. felt (højst 20 felter og 5 beskeder pr. felt).',
  properties: {
    title: { type: 'string', examples: ['Ugyldige data'] },
    status: { type: 'integer', const: 400 },
    errors: {
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
      examples: [{ navn: ['Navn skal udfyldes'] }],
    },
  },
  required: ['title', 'status', 'errors'],
};

const besked = (status: number, eksempel: string, tekst?: string): JsonSchema => ({
  type: 'object',
  ...(tekst ? { description: tekst } : {}),
  properties: {
    status: { type: 'integer', const: status },
    message: { type: 'string', examples: [eksempel] },
  },
  required: ['status', 'message'],
});

const SKEMAER: Record<string, JsonSchema> = {
  ProblemDetaljer: PROBLEM,
  IkkeLoggetInd: besked(401, 'Din session er udløbet. Log venligst ind igen.'),
  IngenAdgang: besked(
    403,
    'Der er ikke de fornødne rettigheder til denne handling, Kræver en af rettighederne: OKONOMI_ADMIN',
    "Beskedens dele er sat sammen med ', ', så klienten kan vise dem som hver sin linje.",
  ),
  IkkeFundet: besked(404, 'Virksomheden blev ikke fundet'),
  Konflikt: besked(409, 'Posten er ændret af en anden, siden du hentede den. Hent den igen.'),
  ForStor: besked(413, 'Filen er for stor'),
  UventetFejl: {
    type: 'object',
    description: 'message og stackTrace kun til en systemadministrator (SYSTEM_ADMIN).',
    properties: {
      status: { type: 'integer', const: 500 },
      FejlBesked: { type: 'string' },
      message: { type: 'string' },
      stackTrace: { type: 'string' },
    },
    required: ['status', 'FejlBesked'],
  },
};

const svar = (beskrivelse: string, skema: string, headers?: Record<string, unknown>) => ({
  description: beskrivelse,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${skema}` } } },
});

const SVAR = {
  Ugyldig: svar(
    'Ugyldige data: problem details med danske beskeder pr. felt (params, query og body valideres af endpointets zod-skemaer).',
    'ProblemDetaljer',
  ),
  IkkeLoggetInd: svar(
    'Intet, ugyldigt eller udløbet token, eller brugeren er spærret. Et udløbet token giver headeren mwtokenexpired: true.',
    'IkkeLoggetInd',
    {
      [TOKEN_EXPIRED_HEADER]: {
        description: 'Sat til true, når tokenet er udløbet (klienten beder da om at logge ind igen).',
        schema: { type: 'string', enum: ['true'] },
      },
    },
  ),
  IngenAdgang: svar(
    'Brugeren mangler rettigheden (x-rettighed), eller en rettighed som data kræver.',
    'IngenAdgang',
  ),
  IkkeFundet: svar(
    'Findes ikke, er slettet eller tilhører en anden kunde (en anden kundes id svarer altid 404).',
    'IkkeFundet',
  ),
  Konflikt: svar(
    'Konflikt: en forældet version (en anden har gemt imellem), eller handlingen passer ikke til postens tilstand.',
    'Konflikt',
  ),
  ForStor: svar('Filen eller forespørgslen er for stor.', 'ForStor'),
  UventetFejl: svar('Uventet fejl; ingen stakspor til andre end en systemadministrator.', 'UventetFejl'),
};

const ref = (navn: keyof typeof SVAR) => ({ $ref: `#/components/responses/${navn}` });

/** A stable operation id from method and path: `get_virksomhed_id_tilsyn`. */
function operationId(method: string, sti: string): string {
  const dele = sti
    .split('/')
    .filter(Boolean)
    .map((d) => d.replace(/^:/, '').replace(/[^A-Za-z0-9]+/g, '_'));
  return [method.toLowerCase(), ...dele].join('_');
}

/** The rule in words, for the operation's description. */
function rettighedTekst(ep: AnyEndpoint): string {
  if (ep.public) return 'Offentlig: kræver intet token.';
  if (!ep.access) {
    return 'Kræver et gyldigt token. Ingen bestemt rettighed før handleren; en rettighed der afhænger af data (fx virksomhedens type), tjekker handleren.';
  }
  const roller = rollerMed(ep.access);
  return `Kræver en af rettighederne ${ep.access.split('||').join(' eller ')} (roller: ${roller.join(', ')}).`;
}

/** The properties of an object's JSON Schema as parameters (path or query). */
function parametre(
  skema: JsonSchema,
  i: 'path' | 'query',
  navne: readonly string[] | undefined,
): Parameter[] {
  const egenskaber = (skema.properties ?? {}) as Record<string, JsonSchema>;
  const kraevet = new Set((skema.required ?? []) as string[]);
  const alle = navne ?? Object.keys(egenskaber);
  return alle.map((navn) => {
    const s = egenskaber[navn] ?? { type: 'string' };
    const { description, ...resten } = s;
    return {
      name: navn,
      in: i,
      required: i === 'path' ? true : kraevet.has(navn),
      schema: resten,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

/** Builds the document from the registered routes; `version` is the app's version. */
export function byggOpenApi(
  ruter: readonly RegisteredRoute[],
  version: string,
): { dokument: OpenApiDokument; erstatninger: Erstatning[] } {
  const erstatninger: Erstatning[] = [];
  const paths: OpenApiDokument['paths'] = {};
  const tags = new Set<string>();
  const brugteIds = new Set<string>();
  const stiForForm = new Map<string, string>();

  const konverter = (rute: string, plads: SkemaPlads, schema: z.ZodType, io: Io): JsonSchema => {
    try {
      return jsonSkema(schema, io);
    } catch (err) {
      erstatninger.push({ rute, plads, fejl: (err as Error).message });
      // The nearest honest stand-in: the shape zod writes when it may leave the part open.
      const aaben = z.toJSONSchema(schema, {
        io,
        target: 'draft-2020-12',
        unrepresentable: 'any',
      }) as JsonSchema;
      const { $schema: _s, $defs: _d, ...resten } = aaben;
      const beskrivelse = 'Skemaet kan ikke skrives helt som JSON Schema; se zod-erklæringen.';
      // A self-reference cannot stay (see jsonSkema): then only the description is left.
      if (JSON.stringify(resten).includes('"$ref"')) return { description: beskrivelse };
      return { ...resten, description: beskrivelse };
    }
  };

  for (const route of ruter) {
    const ep = route.endpoint;
    if (!ep || !route.url.toLowerCase().startsWith('/api/')) continue;
    const sti = route.url.slice('/api'.length);
    const navn = `${route.method} ${sti}`;
    const tag = sti.split('/')[1]?.toLowerCase() ?? '';
    tags.add(tag);
    const status = ep.status ?? 200;

    const parameters: Parameter[] = [];
    const stiNavne = stiParametre(sti);
    if (stiNavne.length > 0) {
      const skema = ep.params ? konverter(navn, 'params', ep.params, 'input') : {};
      parameters.push(...parametre(skema, 'path', stiNavne));
    }
    if (ep.query)
      parameters.push(...parametre(konverter(navn, 'query', ep.query, 'input'), 'query', undefined));

    let requestBody: Operation['requestBody'];
    if (ep.multipart) {
      const felter = ep.multipart.felter ? konverter(navn, 'multipart', ep.multipart.felter, 'input') : {};
      const egenskaber = (felter.properties ?? {}) as Record<string, JsonSchema>;
      requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                [ep.multipart.fil]: { type: 'string', contentMediaType: 'application/octet-stream' },
                ...egenskaber,
              },
              required: [ep.multipart.fil, ...((felter.required ?? []) as string[])],
            },
          },
        },
      };
    } else if (ep.body) {
      requestBody = {
        required: true,
        content: { 'application/json': { schema: konverter(navn, 'body', ep.body, 'input') } },
      };
    }

    const responses: Record<string, unknown> = {};
    if (status === 204) responses['204'] = { description: 'Udført; intet indhold.' };
    else if (ep.answer) {
      responses[String(status)] = {
        description: status === 201 ? 'Oprettet.' : 'Svaret.',
        content: { 'application/json': { schema: konverter(navn, 'answer', ep.answer, 'output') } },
      };
    } else if (ep.filTyper) {
      responses[String(status)] = {
        description: 'En fil eller en strøm, ikke JSON.',
        content: Object.fromEntries(ep.filTyper.map((type) => [type, { schema: {} }])),
      };
    } else {
      responses[String(status)] = { description: 'Intet svar-indhold er erklæret.' };
    }
    responses['400'] = ref('Ugyldig');
    if (!ep.public) {
      responses['401'] = ref('IkkeLoggetInd');
      responses['403'] = ref('IngenAdgang');
    }
    if (stiNavne.length > 0) responses['404'] = ref('IkkeFundet');
    if (ep.method !== 'GET') responses['409'] = ref('Konflikt');
    if (ep.multipart) responses['413'] = ref('ForStor');
    responses['500'] = ref('UventetFejl');

    // Two paths that differ only in their parameters' names are one path to OpenAPI
    // (dokumentskabelon/{id} and /{kundeId}): the second takes the first's names, and each renamed
    // parameter says what the declaration calls it.
    const form = openApiSti(sti).replace(/\{[^}]+\}/g, '{}');
    const foerste = stiForForm.get(form);
    const aabenSti = foerste ?? openApiSti(sti);
    if (!foerste) stiForForm.set(form, aabenSti);
    else {
      const navne = [...aabenSti.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      for (const p of parameters) {
        const i = p.in === 'path' ? stiNavne.indexOf(p.name) : -1;
        if (i < 0 || navne[i] === p.name) continue;
        p.description = `${p.name} i erklæringen${p.description ? `: ${p.description}` : ''}`;
        p.name = navne[i]!;
      }
    }

    let id = operationId(ep.method, sti);
    while (brugteIds.has(id)) id = `${id}_`;
    brugteIds.add(id);
    const operation: Operation = {
      operationId: id,
      summary: `${ep.method} ${openApiSti(sti)}`,
      description: rettighedTekst(ep),
      tags: [tag],
      'x-rettighed': ep.public ? null : (ep.access ?? null),
      'x-roller': ep.public ? null : ep.access ? rollerMed(ep.access) : null,
      ...(ep.public ? { security: [] } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
    paths[aabenSti] ??= {};
    paths[aabenSti][ep.method.toLowerCase()] = operation;
  }

  const dokument: OpenApiDokument = {
    openapi: '3.1.0',
    info: {
      title: 'Miljøtilsyn workspace API',
      version,
      description:
        'Genereret af endpoint-erklæringerne i src/contract. Alle kald kræver et bearer-token (JWT) undtagen dem med security: []. ' +
        'x-rettighed er ressourcereglen (navne adskilt af ||, én er nok), x-roller de roller der giver den; null betyder ingen bestemt rettighed før handleren, som selv tjekker en rettighed der afhænger af data. ' +
        'Stier matcher uden hensyn til store og små bogstaver. En anden kundes id svarer 404.',
    },
    servers: [{ url: '/api' }],
    security: [{ bearer: [] }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'Tokenet fra POST /login eller POST /login/sts, sendt som Authorization: Bearer …; et udløbet token svarer 401 med mwtokenexpired: true.',
        },
      },
      schemas: SKEMAER,
      responses: SVAR,
    },
  };
  return { dokument, erstatninger };
}

/** The markers around docs/api.md's generated table. */
export const TABEL_START = '<!-- endpoint-tabel: genereret af npm run docs:api, ret ikke i hånden -->';
export const TABEL_SLUT = '<!-- endpoint-tabel slut -->';

const METODE_ORDEN = ['get', 'post', 'put', 'delete'];

/** An operation's success answer in words: status and what it carries. */
function svarTekst(op: Operation): string {
  const [status, svar] = Object.entries(op.responses).find(([s]) => s.startsWith('2')) ?? ['?', {}];
  const content = (svar as { content?: Record<string, unknown> }).content;
  if (!content) return status;
  const typer = Object.keys(content);
  if (typer.length === 1 && typer[0] === 'application/json' && op.operationId !== 'get_openapi_json') {
    return `${status} JSON`;
  }
  return `${status} ${typer.map((t) => `\`${t}\``).join(', ')}`;
}

/**
 * docs/api.md's table of every operation, made from the same document the server serves: method,
 * path, right and success answer, by path. `npm run docs:api` writes it between TABEL_START and
 * TABEL_SLUT; tests/api/openapi.test.ts fails when the page holds another.
 */
export function endpointTabel(dokument: OpenApiDokument): string {
  const linjer = ['| method | path | right (`x-rettighed`) | success answer |', '|---|---|---|---|'];
  const stier = Object.keys(dokument.paths).sort((a, b) =>
    a.toLowerCase().localeCompare(b.toLowerCase(), 'en'),
  );
  for (const sti of stier) {
    const ops = dokument.paths[sti]!;
    for (const metode of METODE_ORDEN) {
      const op = ops[metode];
      if (!op) continue;
      const ret =
        op.security?.length === 0 ? 'public' : (op['x-rettighed']?.split('||').join(' or ') ?? 'token');
      // The declaration's own path (its parameter names), which the summary carries.
      const egenSti = op.summary.slice(metode.length + 1);
      linjer.push(`| ${metode.toUpperCase()} | \`${egenSti}\` | ${ret} | ${svarTekst(op)} |`);
    }
  }
  return linjer.join('\n');
}

/** docs/api.md with its generated table replaced by `tabel`; throws when the markers are missing. */
export function medEndpointTabel(side: string, tabel: string): string {
  const start = side.indexOf(TABEL_START);
  const slut = side.indexOf(TABEL_SLUT);
  if (start < 0 || slut < start)
    throw new Error(`docs/api.md mangler markeringerne ${TABEL_START} … ${TABEL_SLUT}`);
  return `${side.slice(0, start + TABEL_START.length)}\n${tabel}\n${side.slice(slut)}`;
}
