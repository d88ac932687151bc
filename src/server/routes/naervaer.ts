import type { FastifyInstance } from 'fastify';
import {
  laesNoegle,
  meldNaervaer,
  type NaervaerBesked,
  type NaervaerNoegle,
  naervaerBeskedSchema,
  naervaerHaendelser,
} from '../../contract/naervaer';
import { VALIDERING_LAES } from '../../contract/validering';
import { loadVirksomhed } from '../auth/entitet-adgang';
import { medlemskabsOpslag, requireAny } from '../auth/plugin';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { navneOpslag, publicerNaervaer } from '../naervaer';
import { holdStroem, hubFor, STROEM_HEADERS, stroemBruger } from '../realtime';

/**
 * Whether the user may watch (`ser`) or hold (`holder`: a cursor, unsaved changes) a key. A queue
 * needs the validation read right; a record its kind's read right to watch and its caseworker right
 * to be editing it. Another customer's record, or one that is gone, answers 404.
 */
async function tjekNoegle(db: Db, user: SessionUser, noegle: NaervaerNoegle, mode: 'ser' | 'holder') {
  const n = laesNoegle(noegle);
  if (n?.type === 'koe') requireAny(user, VALIDERING_LAES);
  else if (n?.type === 'post') await loadVirksomhed(db, user, n.id, mode === 'ser' ? 'read' : 'write');
}

/**
 * A message as the stream writes it, or null when it is not a valid presence message (from NOTIFY:
 * another version, junk). Checked and serialised once per message, however many streams it reaches:
 * the hub hands the same object to every subscriber of the process.
 */
const tekster = new WeakMap<object, string | null>();
function somTekst(data: NaervaerBesked): string | null {
  let t = tekster.get(data);
  if (t === undefined) {
    const b = naervaerBeskedSchema.safeParse(data);
    t = b.success ? `event: naervaer\ndata: ${JSON.stringify(b.data)}\n\n` : null;
    tekster.set(data, t);
  }
  return t;
}

/**
 * Presence (nærvær): POST naervaer tells the others watching a key what this client holds there;
 * GET naervaer/haendelser is one client's stream of the others' presence under its keys. The hub
 * carries the messages between processes; nothing is stored (docs/decisions.md 'Presence (nærvær)').
 */
export async function naervaerRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const navn = navneOpslag(db);
  const gaeldendeMedlemskab = medlemskabsOpslag(db);
  const aabne = new Set<{ end(): void }>();
  // The hub is made (with the app's log) by the validation stream's registration; closing the app
  // ends this route's open streams first (registerHaendelser releases the hub on close).
  app.addHook('preClose', async () => {
    for (const res of aabne) res.end();
    aabne.clear();
  });

  serve(app, meldNaervaer, async (request) => {
    const { klient, noegle, tilstand } = request.body;
    await tjekNoegle(db, request.user, noegle as NaervaerNoegle, tilstand ? 'holder' : 'ser');
    const hvem = await navn(request.user.brugerId);
    await publicerNaervaer(hubFor(db), request.user, hvem, {
      type: 'tilstand',
      noegle: noegle as NaervaerNoegle,
      klient,
      tilstand,
    });
  });

  // Registered in a plugin of its own for the log level: the URL carries the token.
  void app.register(
    async (scope) =>
      serve(scope, naervaerHaendelser, async (request, reply) => {
        const { token, klient, noegler } = request.query;
        const { user, claims } = await stroemBruger(deps, gaeldendeMedlemskab, token);
        for (const n of noegler) await tjekNoegle(db, user, n, 'ser');
        if (request.method === 'HEAD') return reply.code(200).headers(STROEM_HEADERS).send();
        const hvem = await navn(user.brugerId);
        const hub = hubFor(db);
        const mine = new Set<string>(noegler);
        const meld = (type: 'hallo' | 'farvel') =>
          Promise.all(
            noegler.map((noegle) =>
              publicerNaervaer(hub, user, hvem, { type, noegle, klient, tilstand: null }),
            ),
          );
        await holdStroem({
          reply,
          aabne,
          hub,
          user,
          udloeberMs: claims.exp ? claims.exp * 1000 : null,
          klar: `event: klar\ndata: ${JSON.stringify({ noegler })}\n\n`,
          lever: (l, skriv) => {
            if (l.type !== 'haendelse' || l.haendelse.emne !== 'naervaer') return;
            const b = l.haendelse.data;
            // Only the stream's keys, never its own client's messages.
            if (!mine.has(b.noegle) || b.klient === klient) return;
            const tekst = somTekst(b);
            if (tekst) skriv(tekst);
          },
          // The others watching these keys learn that this client is here, and answer.
          aaben: () => void meld('hallo'),
          slut: () => void meld('farvel'),
        });
        return reply;
      }),
    { logLevel: 'warn' },
  );
}
