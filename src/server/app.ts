import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { argon2Hasher, type PasswordHasher } from './auth/password';
import { registerAuth } from './auth/plugin';
import { DbSignInCounters, SignInLimit } from './auth/sign-in-limit';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import { transaktionsbevidst } from './db/anmodnings-transaktion';
import { type Db, erPglite } from './db/client';
import type { Deps } from './deps';
import { DocxPulje, type DocxPuljeValg } from './dokument/docx-pulje';
import { frameworkErrors, registerErrorHandler } from './http/error-handler';
import { registerIdempotens } from './http/idempotens';
import { registerInputGuard } from './http/input-guard';
import { type LogDestination, loggerOptions } from './http/logging';
import { registerRouteRegistry } from './http/route-registry';
import { registerSikkerhedsheadere } from './http/sikkerhedsheadere';
import { svarSerializerCompiler } from './http/svar-serializer';
import { createIntegrations, type Integrations } from './integrations';
import { Forrang } from './jobs/forrang';
import { JobKoerer } from './jobs/jobs';
import { hubFor } from './realtime';
import { adminTekstRoutes } from './routes/admin-tekster';
import { arbejdsomraadeRoutes } from './routes/arbejdsomraader';
import { brugerRoutes } from './routes/bruger';
import { brugerAdminRoutes } from './routes/brugeradmin';
import { dokumentRoutes } from './routes/dokumenter';
import { faellesRoutes } from './routes/faelles';
import { faktureringRoutes } from './routes/fakturering';
import { faktureringAdminRoutes } from './routes/fakturering-admin';
import { fristerRoutes } from './routes/frister';
import { jobRoutes } from './routes/jobs';
import { jupiterRoutes } from './routes/jupiter';
import { jupiterCertifikatRoutes } from './routes/jupiter-certifikat';
import { klarRoutes } from './routes/klar';
import { logbogRoutes } from './routes/logbog';
import { loginRoutes } from './routes/login';
import { lookupRoutes } from './routes/lookups';
import { minimapRoutes } from './routes/minimaps';
import { naervaerRoutes } from './routes/naervaer';
import { openApiRoutes } from './routes/openapi';
import { planlaegningRoutes } from './routes/planlaegning';
import { rapportRoutes } from './routes/rapport';
import { rapportEksportRoutes } from './routes/rapport-eksport';
import { registreRoutes } from './routes/registre';
import { registreringRoutes } from './routes/registreringer';
import { satRoutes } from './routes/sat';
import { satRegistreringRoutes } from './routes/sat-registreringer';
import { soegRoutes } from './routes/soeg';
import { systemadminRoutes } from './routes/systemadmin';
import { valideringRoutes } from './routes/validering';
import { vandDataRoutes } from './routes/vand-data';
import { vandanlaegRoutes } from './routes/vandanlaeg';
import { vandanlaegRegistreringRoutes } from './routes/vandanlaeg-registreringer';
import { virksomhedRoutes } from './routes/virksomhed';
import { virksomhedListeRoutes } from './routes/virksomhed-liste';
import { ssoRoutes } from './sso/routes';

export interface BuildAppOptions {
  db: Db;
  tokens: TokenService;
  config: Config;
  /** Folder of the built client; served with a single-page fallback when it exists. */
  clientDir?: string;
  /** true: log to stdout; a stream: log JSON lines to it (tests capture the log). */
  logger?: LogDestination;
  /** Verifies sign-in passwords; tests pass one that counts its calls. Default: argon2. */
  passwordHasher?: PasswordHasher;
  /** The time now, for rules with a time window; tests inject one. Default: the system clock. */
  clock?: () => Date;
  /** Registers and services to use instead of their simulators (tests pass recording ones). */
  integrations?: Partial<Integrations>;
  /** The template workers' number and budgets; tests pass a smaller time budget. */
  docx?: Partial<DocxPuljeValg>;
  /** How often a job writes its progress at most (ms; default 200). Tests that follow a job's parts set 0. */
  jobFremskridtMs?: number;
}

/** Every API route module, mounted under /api with auth on by default. */
const API_ROUTES = [
  loginRoutes,
  klarRoutes,
  brugerRoutes,
  faellesRoutes,
  logbogRoutes,
  soegRoutes,
  systemadminRoutes,
  valideringRoutes,
  naervaerRoutes,
  virksomhedListeRoutes,
  registreRoutes,
  lookupRoutes,
  virksomhedRoutes,
  registreringRoutes,
  vandanlaegRoutes,
  vandDataRoutes,
  vandanlaegRegistreringRoutes,
  jupiterRoutes,
  satRoutes,
  satRegistreringRoutes,
  planlaegningRoutes,
  faktureringRoutes,
  faktureringAdminRoutes,
  rapportRoutes,
  rapportEksportRoutes,
  fristerRoutes,
  adminTekstRoutes,
  dokumentRoutes,
  brugerAdminRoutes,
  jupiterCertifikatRoutes,
  minimapRoutes,
  openApiRoutes,
  arbejdsomraadeRoutes,
  jobRoutes,
];

/**
 * Builds the Fastify instance: security headers, error shapes, the API under /api (token checked on
 * every route not marked public), the built-in sign-on service and the built client. Tests call this
 * with an in-memory database and use app.inject.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(opts.logger, opts.config.logLevel),
    trustProxy: opts.config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    svarSerializerCompiler({
      kontrol: process.env.SVAR_KONTROL ? process.env.SVAR_KONTROL === 'true' : Boolean(process.env.VITEST),
    }),
  );
  registerErrorHandler(app);
  registerInputGuard(app);
  registerRouteRegistry(app);
  // The server's own share of each answer's time, for the browser's resource timing (and the
  // palette bench, which splits a search's request time into server and transport).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
  });

  registerSikkerhedsheadere(app);

  const clock = opts.clock;
  // Every API call counts as interactive from its start to its answer; long work (exports, jobs)
  // waits for none to be in flight between its steps (src/server/jobs/forrang.ts).
  // The quiet spell after the last call (forrang.ts): on PGlite every step of long work holds the one
  // thread and churns its buffer cache, so long work keeps 25 ms away from the calls (a browser's
  // next call of a run comes some milliseconds after the last answer); on PostgreSQL a step costs the
  // thread little (the statements run in the database's own processes), and a long spell would hold
  // an export back at each of 60 calls a second (docs/decisions.md 'Interactive calls first').
  const forrang = new Forrang(250, erPglite(opts.db) ? 25 : 2);
  app.decorate('forrang', forrang);
  app.addHook('onRequest', async (request) => {
    // A stream or an export (declared `langvarig`) is long work itself, not a call to wait for.
    if (request.url.startsWith('/api/') && !request.routeOptions.config.langvarig) forrang.start(request);
  });
  app.addHook('onResponse', async (request) => forrang.fritag(request));
  app.addHook('onRequestAbort', async (request) => forrang.fritag(request));
  // Routes, integrations and checks see the database through the creating call's transaction, if
  // one is open (src/server/db/anmodnings-transaktion.ts); the idempotency keys see it directly.
  const db = transaktionsbevidst(opts.db);
  const deps: Deps = {
    db,
    tokens: opts.tokens,
    config: opts.config,
    clock: opts.clock,
    passwordHasher: opts.passwordHasher ?? argon2Hasher,
    signInLimit: new SignInLimit({
      maxPerWindow: opts.config.loginRateLimitPerMinute,
      // In the database: every process on one PostgreSQL counts against the same limit.
      store: new DbSignInCounters(db),
      now: clock ? () => clock().getTime() : undefined,
    }),
    integrations: createIntegrations(db, opts.config, opts.integrations),
    docx: new DocxPulje(opts.docx),
    jobs: new JobKoerer(opts.db, app.log, opts.jobFremskridtMs, forrang),
    forrang,
  };
  app.addHook('onClose', () => deps.docx.luk());
  // Jobs a stopped process left running are failed now (docs/decisions.md 'Long jobs'); at close the
  // running ones finish their step before the database goes. Not awaited: a database that is down or
  // hangs at start must not keep the process from coming up and answering readiness 503 (issue 31);
  // on PGlite the update is queued before any call's statement, on PostgreSQL it touches only jobs
  // whose heartbeat stopped, so a job started meanwhile is never taken for a stopped one.
  deps.jobs
    .vedStart()
    .then((afbrudte) => {
      if (afbrudte > 0)
        app.log.warn(`${afbrudte} job(s) afbrudt af en tidligere proces er markeret som fejlet`);
    })
    .catch((err: unknown) => {
      app.log.warn({ err }, 'afbrudte job kunne ikke markeres ved start (databasen svarer ikke)');
    });
  app.addHook('onClose', () => deps.jobs.luk());
  await app.register(
    async (api) => {
      // The app's live-event hub is made here, with the app's log; on PostgreSQL its LISTEN
      // connection opens with its first subscriber, the auth hook's membership cache at the first call.
      registerAuth(
        api,
        opts.tokens,
        db,
        opts.clock,
        hubFor(db, (besked) => app.log.warn(besked)),
      );
      registerIdempotens(api, opts.db);
      for (const routes of API_ROUTES) await routes(api, deps);
    },
    { prefix: '/api' },
  );
  await app.register(async (sso) => ssoRoutes(sso, deps));

  if (opts.clientDir && existsSync(path.join(opts.clientDir, 'index.html'))) {
    await registerClient(app, opts.clientDir, opts.config);
  }
  return app;
}

/** Serves the built client; every other non-API path gets index.html, which carries the client config. */
async function registerClient(app: FastifyInstance, clientDir: string, config: Config) {
  const clientConfig = JSON.stringify({
    ssoLoginUrl: `${config.ssoUrl}/`,
    ssoLogoutUrl: `${config.ssoUrl}/logout`,
    demo: config.demoMode,
  }).replaceAll('"', '&quot;');
  const indexHtml = readFileSync(path.join(clientDir, 'index.html'), 'utf8').replace(
    '</head>',
    `<meta name="mw-config" content="${clientConfig}"></head>`,
  );
  await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false });
  app.get('/*', { config: { public: true } }, async (request, reply) => {
    if (request.url.toLowerCase().startsWith('/api/')) {
      return reply.code(404).send({ status: 404, message: `Ukendt adresse: ${request.url.split('?')[0]}` });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
