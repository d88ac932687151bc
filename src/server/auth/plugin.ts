import type { FastifyInstance, FastifyRequest } from 'fastify';
import { harAdgang, type Ressource } from '../../contract/roles';
import { forbidden, unauthorized } from '../http/errors';
import { type SessionUser, sessionUserFromClaims } from './session-user';
import { TokenError, type TokenService } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every non-public route by the auth hook; reading it on a public route throws. */
    user: SessionUser;
  }
  interface FastifyContextConfig {
    /** A route open without a token (login, login/sts, login/Version, test/ping). */
    public?: boolean;
    /** Resource rule the user must hold: names joined by '||', any one suffices. */
    access?: string;
  }
}

export const TOKEN_EXPIRED_HEADER = 'mwtokenexpired';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Verifies the token on every route of the scope it is registered in unless the route is marked
 * public, then checks the route's access rule. Secure by default: a new route is protected.
 */
export function registerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    try {
      request.user = sessionUserFromClaims(await tokens.verify(token));
    } catch (err) {
      if (err instanceof TokenError && err.reason === 'expired') {
        throw unauthorized('Din session er udløbet. Log venligst ind igen.', {
          [TOKEN_EXPIRED_HEADER]: 'true',
        });
      }
      throw unauthorized('Ugyldigt log-ind-token');
    }
    if (config.access && !harAdgang(request.user.ressourcer, config.access)) {
      throw forbidden(`Kræver en af rettighederne: ${config.access.split('||').join(' eller ')}`);
    }
  });
}

/** Throws 403 unless the user holds one of the resources. For checks that depend on the data. */
export function requireAny(user: SessionUser, ...ressourcer: Ressource[]): void {
  if (!ressourcer.some((r) => user.ressourcer.has(r))) {
    throw forbidden(`Kræver en af rettighederne: ${ressourcer.join(' eller ')}`);
  }
}
