import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { checkSignInPassword } from '../auth/password';
import { FOR_MANGE_FORSOEG } from '../auth/sign-in-limit';
import { DEMO_BRUGERE } from '../db/demo-brugere';
import { bruger, stsBillet } from '../db/schema';
import type { Deps } from '../deps';
import { loginPage } from './page';

/** How long a one-time sign-on id may wait before it is exchanged. */
export const STS_BILLET_LEVETID_MS = 2 * 60 * 1000;

const formSchema = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().max(200).optional(),
});

/**
 * The built-in sign-on service (the local stand-in for the external one): a user signs in here and
 * is sent back to /stslogin with a one-time id, which the client exchanges at POST /api/login/sts.
 */
export async function ssoRoutes(app: FastifyInstance, { db, config, passwordHasher, signInLimit }: Deps) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const demoBrugere = config.demoMode ? DEMO_BRUGERE.map(({ username, navn }) => ({ username, navn })) : [];
  // Counted with the API's sign-in routes; over the limit the form says so (429) instead of JSON.
  const limit = signInLimit.hook((reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').send(loginPage({ fejl: FOR_MANGE_FORSOEG, demoBrugere })),
  );

  const issueBillet = async (brugerId: number) => {
    const id = randomUUID();
    await db
      .insert(stsBillet)
      .values({ id, brugerId, udloeber: new Date(Date.now() + STS_BILLET_LEVETID_MS) });
    return `/stslogin?userid=${encodeURIComponent(id)}`;
  };
  const findBruger = async (username: string) =>
    (
      await db
        .select()
        .from(bruger)
        .where(eq(sql`lower(${bruger.username})`, username.toLowerCase()))
    )[0];

  // '/sso/' too: the router ignores a trailing slash.
  app.get('/sso', { config: { public: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(loginPage({ demoBrugere })),
  );

  app.post('/sso/login', { config: { public: true }, preValidation: limit }, async (request, reply) => {
    const form = formSchema.safeParse(request.body);
    const user = form.success ? await findBruger(form.data.username) : undefined;
    // Verified against a dummy hash when the user is unknown: both answers take the same time.
    const ok =
      form.success &&
      (await checkSignInPassword(passwordHasher, user?.passwordHash, form.data.password ?? ''));
    if (!user || !ok) {
      return reply
        .code(401)
        .type('text/html; charset=utf-8')
        .send(loginPage({ fejl: 'Forkert brugernavn eller adgangskode', demoBrugere }));
    }
    return reply.redirect(await issueBillet(user.id), 302);
  });

  /** One click per demo user, in demo mode only. */
  app.post('/sso/demo', { config: { public: true }, preValidation: limit }, async (request, reply) => {
    const form = formSchema.safeParse(request.body);
    const known = form.success && demoBrugere.some((u) => u.username === form.data.username);
    const user = known && form.success ? await findBruger(form.data.username) : undefined;
    if (!user) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(loginPage({ fejl: 'Demobrugeren findes ikke', demoBrugere }));
    }
    return reply.redirect(await issueBillet(user.id), 302);
  });

  app.get('/sso/logout', { config: { public: true } }, async (_request, reply) =>
    reply.redirect('/logout', 302),
  );
}
