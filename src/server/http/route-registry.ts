import type { FastifyInstance } from 'fastify';
import type { AnyEndpoint, MultipartDecl } from '../../contract/endpoint';

/** One registered route as declared: method, full path (with its prefix) and its auth config. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Open without a token (`config.public`). */
  public: boolean;
  /** The declared access rule (`config.access`), if any. */
  access?: string;
  /** Registered by `serve` from an endpoint declared in src/contract. */
  declared: boolean;
  /** The declared multipart parts of an upload (src/contract/endpoint.ts), if it is one. */
  multipart?: MultipartDecl;
  /** The declaration itself (src/contract), for the generated API reference (http/openapi.ts). */
  endpoint?: AnyEndpoint;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `serve` (src/server/http/endpoint.ts): the route comes from a contract declaration. */
    declared?: boolean;
    /** Set by `serve`: the endpoint's declared multipart parts. */
    multipart?: MultipartDecl;
    /** Set by `serve`: the declaration the route was registered from. */
    endpoint?: AnyEndpoint;
    /** Set by `serve`: a call held open for long, not counted as interactive (jobs/forrang.ts). */
    langvarig?: boolean;
  }
  interface FastifyInstance {
    /** Every route registered after the registry, as declared (HEAD routes excluded). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Records every route registered after this call, with its method, path and auth config, so that
 * tests can hold the served routes against the specification and generate the access matrix.
 */
export function registerRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', { getter: () => routes });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route for every GET; the app declares none of its own.
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        access: route.config?.access,
        declared: route.config?.declared === true,
        ...(route.config?.multipart ? { multipart: route.config.multipart } : {}),
        ...(route.config?.endpoint ? { endpoint: route.config.endpoint } : {}),
      });
    }
  });
}
