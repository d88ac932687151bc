import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every answer (helmet's defaults with the app's Content-Security-Policy),
 * computed once at start: helmet's middleware is run against a response that only records what it
 * sets, and each answer gets the recorded headers. @fastify/helmet built helmet's middleware anew on
 * every request (parsing the CSP directives each time: 3 % of the server's CPU in the company-list
 * bench, issue 32); none of these headers depends on the request.
 */
export function sikkerhedsheadere(): Record<string, string> {
  const mellemled = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and the tile layout position elements with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
      },
    },
  });
  const headere: Record<string, string> = {};
  const optager = {
    setHeader(navn: string, vaerdi: string | number | readonly string[]) {
      headere[navn.toLowerCase()] = Array.isArray(vaerdi) ? vaerdi.join(', ') : String(vaerdi);
    },
    removeHeader(navn: string) {
      delete headere[navn.toLowerCase()];
    },
  };
  let fejl: unknown;
  mellemled({} as never, optager as never, (err?: unknown) => {
    fejl = err;
  });
  if (fejl) throw fejl;
  return headere;
}

/** Sets the security headers on every answer of the app (the API, the client's files, 404s). */
export function registerSikkerhedsheadere(app: FastifyInstance): void {
  const headere = sikkerhedsheadere();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headere);
    done();
  });
}
