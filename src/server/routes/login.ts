import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hentVersion, logInd, logIndSts, ping, skiftKommune } from '../../contract/session';
import { issueToken } from '../auth/issue-token';
import { checkSignInPassword } from '../auth/password';
import { bruger, stsBillet } from '../db/schema';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { forbidden, HttpError } from '../http/errors';
import { appVersion } from '../version';

const FORKERT_LOGIN = 'Forkert brugernavn eller adgangskode';
const SUSPENDERET = 'Din bruger er midlertidigt spærret. Kontakt din administrator.';
const INGEN_KUNDE = 'Din bruger er ikke tilknyttet en kommune. Kontakt din administrator.';
const UGYLDIGT_STS_ID = 'Log-ind-id er ukendt, allerede brugt eller udløbet. Log venligst ind igen.';

export async function loginRoutes(
  app: FastifyInstance,
  { db, tokens, config, passwordHasher, signInLimit }: Deps,
) {
  // The sign-in calls, behind the sign-in limit (a scope of their own, so the hook is theirs only).
  await app.register(async (scope) => {
    scope.addHook('preValidation', signInLimit.hook());

    serve(scope, logInd, async (request) => {
      const [user] = await db
        .select()
        .from(bruger)
        .where(eq(sql`lower(${bruger.username})`, request.body.username.toLowerCase()));
      const ok = await checkSignInPassword(passwordHasher, user?.passwordHash, request.body.password);
      if (!user || !ok) throw new HttpError(401, FORKERT_LOGIN);
      const result = await issueToken(db, tokens, user.id);
      if (!result.ok) throw new HttpError(401, result.reason === 'suspenderet' ? SUSPENDERET : INGEN_KUNDE);
      return { data: result.token };
    });

    serve(scope, logIndSts, async (request, reply) => {
      // One atomic update consumes the id: a second exchange of the same id finds nothing.
      const [billet] = await db
        .update(stsBillet)
        .set({ brugt: new Date() })
        .where(
          and(
            eq(stsBillet.id, request.body.stsId),
            isNull(stsBillet.brugt),
            gt(stsBillet.udloeber, new Date()),
          ),
        )
        .returning({ brugerId: stsBillet.brugerId });
      if (!billet) return reply.code(401).send({ success: false as const, error: UGYLDIGT_STS_ID });
      const result = await issueToken(db, tokens, billet.brugerId);
      if (!result.ok) {
        return reply.code(401).send({
          success: false as const,
          error: result.reason === 'suspenderet' ? SUSPENDERET : INGEN_KUNDE,
        });
      }
      return { success: true as const, data: result.token };
    });
  });

  serve(app, hentVersion, () => appVersion(config));

  serve(app, skiftKommune, async (request) => {
    const result = await issueToken(db, tokens, request.user.brugerId, request.query.municipalityId);
    if (!result.ok) throw forbidden('Du har ikke adgang til den valgte kommune');
    return { data: result.token };
  });

  serve(app, ping, () => ({ pong: true as const, tid: new Date().toISOString() }));
}
