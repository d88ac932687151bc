import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { erSuspenderet } from '../../contract/brugeradmin';
import { harAdgang, type Ressource, ressourcerFor } from '../../contract/roles';
import type { Db } from '../db/client';
import { brugerKunde } from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';
import type { HaendelsesHub } from '../realtime-hub';
import { type Medlemskab, type MedlemskabsCache, medlemskabsCacheFor } from './medlemskab-cache';
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

export const SUSPENDERET_BESKED = 'Din bruger er midlertidigt spærret. Kontakt din administrator.';

/**
 * The token's membership as it is now: 401 when it is gone or suspended (TimeOut,
 * /admin/BrugerAdministration), so a suspended user's tokens stop working at their next request,
 * not when they expire; otherwise the user with the membership's current roles, so a role an
 * administrator took away is gone at the next request too. One prepared primary-key lookup per
 * request, or none while `cache` holds the membership (it forgets a user's memberships when their
 * access changes: medlemskab-cache.ts).
 */
export function medlemskabsOpslag(
  db: Db,
  cache?: MedlemskabsCache,
): (user: SessionUser, nu: Date) => Promise<SessionUser> {
  const opslag = db
    .select({ roller: brugerKunde.roller, suspenderetTil: brugerKunde.suspenderetTil })
    .from(brugerKunde)
    .where(
      and(
        eq(brugerKunde.brugerId, sql.placeholder('brugerId')),
        eq(brugerKunde.kundeId, sql.placeholder('kundeId')),
      ),
    )
    .prepare('auth_medlemskab');
  const laes = async (brugerId: number, kundeId: number): Promise<Medlemskab | undefined> => {
    const fundet = cache?.hent(brugerId, kundeId);
    if (fundet) return fundet;
    const generation = cache?.laes() ?? 0;
    const [m] = await opslag.execute({ brugerId, kundeId });
    if (m) cache?.gem(brugerId, kundeId, m, generation);
    return m;
  };
  return async (user, nu) => {
    const m = await laes(user.brugerId, user.kundeId);
    if (!m) throw unauthorized('Du er ikke længere bruger i kommunen. Log venligst ind igen.');
    if (erSuspenderet(m.roller, m.suspenderetTil, nu)) throw unauthorized(SUSPENDERET_BESKED);
    const roller = m.roller.filter((r) => r !== 'TimeOut');
    if (roller.join(',') === user.roller.join(',')) return user;
    return { ...user, roller, ressourcer: ressourcerFor(roller) };
  };
}

/**
 * Verifies the token on every route of the scope it is registered in unless the route is marked
 * public, then that its membership is not suspended (taking the membership's current roles), then
 * checks the route's access rule. Secure by default: a new route is protected.
 */
export function registerAuth(
  app: FastifyInstance,
  tokens: TokenService,
  db: Db,
  clock: () => Date = () => new Date(),
  /** The app's live-event hub: memberships are then cached and forgotten by its events. */
  hub?: HaendelsesHub,
): void {
  app.decorateRequest('user', null as unknown as SessionUser);
  const gaeldendeMedlemskab = medlemskabsOpslag(db, hub ? medlemskabsCacheFor(db, hub) : undefined);
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
    request.user = await gaeldendeMedlemskab(request.user, clock());
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
