import type { FastifyInstance } from 'fastify';
import type { AnyEndpoint } from '../../contract/endpoint';
import { type AnyRecordKind, recordEndpoints } from '../../contract/record-kind';
import { ARTER, BRUGERBETALING, REGISTRERING_ARTER } from '../../contract/registreringer';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { notFound } from '../http/errors';
import { EJERE, type EjerRaekke, type EjerRegister, ejerLoader } from '../records/ejere';
import {
  brugerbetalingHook,
  levendeRegistrering,
  levendeRegistreringer,
  opretRegistrering,
  type RecordHooks,
  retRegistrering,
  sletRegistrering,
  svar,
} from '../records/registreringer';

/**
 * The records of any owner, one generic implementation over table `registrering`: every declared
 * kind's five endpoints (src/contract/record-kind.ts `recordEndpoints`) served from its declaration,
 * the owner loaded (and its right checked) by the owner's loader from the register, every change
 * written to the owner's log in the same transaction, a stale version answered 409 with the kind's
 * text. Another customer's id is 404.
 */
export function recordRoutes(
  kinds: readonly AnyRecordKind[],
  ejere: EjerRegister = EJERE,
  hooks: RecordHooks = {},
) {
  return async (app: FastifyInstance, { db, clock }: Pick<Deps, 'db' | 'clock'>) => {
    for (const kind of kinds) serveKind(app, db, kind, ejere, hooks, clock);
  };
}

function serveKind(
  app: FastifyInstance,
  db: Db,
  kind: AnyRecordKind,
  ejere: EjerRegister,
  hooks: RecordHooks,
  clock?: () => Date,
) {
  const ep = recordEndpoints(kind);
  const hook = hooks[kind.art];
  const ejer = ejerLoader(ejere, kind.owner);

  /** The owner, with the right checked; an owner of a type without the kind is 404 with the kind's name. */
  async function hentEjer(user: SessionUser, id: number, mode: 'read' | 'write'): Promise<EjerRaekke> {
    const e = await ejer.load(db, user, id, mode);
    if ((ejer.typer && !ejer.typer.includes(e.type)) || (kind.kunForType && e.type !== kind.kunForType))
      throw notFound(kind.navn);
    return e;
  }

  /** Loads a live record of the user's customer and checks the right on its owner. */
  async function hentRegistrering(user: SessionUser, id: number, mode: 'read' | 'write') {
    const r = await levendeRegistrering(db, user.kundeId, kind, id);
    return { r, e: await hentEjer(user, r.virksomhedId, mode) };
  }

  /** On 'art-type' paths the row must be of a type the path's {type} names, else 404. */
  function tjekType(e: EjerRaekke, params: unknown): void {
    const segmenter = kind.owner.typeSegmenter;
    if (kind.owner.stier !== 'art-type' || !segmenter) return;
    const type = (params as { type: string }).type;
    if (!segmenter[type]?.includes(e.type)) throw notFound(kind.navn);
  }

  if (!kind.egenListe) {
    serve(app, ep.liste as AnyEndpoint, async (request) => {
      const params = request.params as { id: number };
      const e = await hentEjer(request.user, params.id, 'read');
      tjekType(e, params);
      return svar(db, kind, await levendeRegistreringer(db, e.id, kind.art), clock);
    });
  }

  serve(app, ep.opret as AnyEndpoint, async (request) => {
    const user = request.user;
    // Under the owner's path the owner is in the path; on 'art' paths it is in the body.
    const ejerId =
      kind.owner.stier === 'art'
        ? (request.body as { virksomhedId: number }).virksomhedId
        : (request.params as unknown as { id: number }).id;
    const e = await hentEjer(user, ejerId, 'write');
    tjekType(e, request.params);
    const created = await opretRegistrering(
      { db, kind, hook, user, e },
      request.body as Record<string, unknown>,
    );
    const [item] = await svar(db, kind, [created], clock);
    return item!;
  });

  serve(app, ep.hent, async (request) => {
    const { r } = await hentRegistrering(request.user, request.params.id, 'read');
    const [item] = await svar(db, kind, [r], clock);
    return item!;
  });

  serve(app, ep.ret, async (request) => {
    const user = request.user;
    const { r, e } = await hentRegistrering(user, request.params.id, 'write');
    const input = request.body as Record<string, unknown> & { version: number };
    const updated = await retRegistrering({ db, kind, hook, user, e }, r, input);
    const [item] = await svar(db, kind, [updated], clock);
    return item!;
  });

  serve(app, ep.slet, async (request) => {
    const user = request.user;
    const { r, e } = await hentRegistrering(user, request.params.id, 'write');
    await sletRegistrering({ db, kind, hook, user, e }, r, request.query.version);
  });
}

/** The eight record kinds of a company or farm. */
export const registreringRoutes = recordRoutes(
  REGISTRERING_ARTER.map((art) => ARTER[art]),
  EJERE,
  { [BRUGERBETALING.art]: brugerbetalingHook },
);
