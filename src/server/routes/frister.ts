import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  hentDmaStatus,
  hentJupiterStatusListe,
  hentOpfoelgning,
  hentUlaesteAntal,
  type JupiterIgenResultat,
  jupiterProevIgen,
  markerLaest,
  sendTilDma,
} from '../../contract/frister';
import { loadVandanlaeg } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows } from '../db/client';
import { notifikation, notifikationLaest } from '../db/schema';
import type { Deps } from '../deps';
import { idagIDanmark } from '../frister/arbejdsdage';
import { hentDmaStatusListe, sendTilDmaFor } from '../frister/dma-status';
import { hentJupiterStatus } from '../frister/jupiter-status';
import { producerHvisTid } from '../frister/notifikationer';
import { hentOpfoelgningSide } from '../frister/opfoelgning';
import { serve } from '../http/endpoint';
import { HttpError, notFound } from '../http/errors';
import { notifikationTyperFor } from './faelles';
import { indberetVandanlaeg } from './jupiter';

/** The notifications the user sees (their types, addressed to all or to them), unread ones counted. */
async function ulaeste(db: Db, user: SessionUser): Promise<number> {
  const typer = notifikationTyperFor(user);
  if (typer.length === 0) return 0;
  const [r] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from notifikation n
      where n.kunde_id = ${user.kundeId} and (n.bruger_id is null or n.bruger_id = ${user.brugerId})
        and n.type in (${sql.join(
          typer.map((t) => sql`${t}`),
          sql`, `,
        )})
        and not exists (select 1 from notifikation_laest l where l.notifikation_id = n.id and l.bruger_id = ${user.brugerId})`,
  );
  return Number(r?.n ?? 0);
}

/** Deadlines: the follow-up list, DMA status and Jupiter status (issue 15), and the bell's read marks. */
export async function fristerRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const nu = () => (clock ? clock() : new Date());

  serve(app, hentOpfoelgning, (request) =>
    hentOpfoelgningSide(db, request.user, request.query, idagIDanmark(nu())),
  );

  serve(app, hentDmaStatus, (request) => hentDmaStatusListe(db, request.user));

  serve(app, sendTilDma, async (request) => {
    const resultater = await sendTilDmaFor(deps, request.user, request.body.tilsynIds, request.log);
    await producerHvisTid(db, request.user.kundeId, nu(), true);
    return { resultater };
  });

  serve(app, hentJupiterStatusListe, (request) => hentJupiterStatus(db, request.user));

  serve(app, jupiterProevIgen, async (request) => {
    const user = request.user;
    const ids = [...new Set(request.body.vandanlaegIds)];
    // Every id must be a plant of the customer before anything is sent (another customer's: 404).
    const raekker = [];
    for (const id of ids) raekker.push(await loadVandanlaeg(db, user, id, 'write'));
    const resultater: JupiterIgenResultat[] = [];
    for (const row of raekker) {
      try {
        const svar = await indberetVandanlaeg(deps, user, row, request.log);
        const i = svar.indberetning;
        resultater.push({
          vandanlaegId: row.id,
          status: i.jupiterIndberetningsFejlStatus,
          besked:
            i.jupiterIndberetningsFejlStatus === 'OK'
              ? null
              : `${i.jupiterIndberetningsFejlTypeText ?? 'Afvist'} (${i.elementStatusListe.filter((e) => e.status === 'Fejl').length} fejl)`,
        });
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        const errors = err.body?.errors as Record<string, string[]> | undefined;
        const detaljer = errors ? Object.values(errors).flat().slice(0, 3).join('; ') : '';
        resultater.push({
          vandanlaegId: row.id,
          status: 'Fejl',
          besked: detaljer ? `${err.message}: ${detaljer}` : err.message,
        });
      }
    }
    await producerHvisTid(db, user.kundeId, nu(), true);
    return { resultater };
  });

  serve(app, hentUlaesteAntal, async (request) => {
    if (notifikationTyperFor(request.user).length > 0) await producerHvisTid(db, request.user.kundeId, nu());
    return { ulaeste: await ulaeste(db, request.user) };
  });

  serve(app, markerLaest, async (request) => {
    const user = request.user;
    const typer = notifikationTyperFor(user);
    if (typer.length > 0) {
      const synlige = await db
        .select({ id: notifikation.id })
        .from(notifikation)
        .where(
          and(
            eq(notifikation.kundeId, user.kundeId),
            or(isNull(notifikation.brugerId), eq(notifikation.brugerId, user.brugerId)),
            inArray(notifikation.type, typer),
            request.body.ids ? inArray(notifikation.id, request.body.ids) : undefined,
          ),
        );
      if (request.body.ids && synlige.length !== new Set(request.body.ids).size)
        throw notFound('Notifikationen');
      if (synlige.length > 0)
        await db
          .insert(notifikationLaest)
          .values(synlige.map((s) => ({ notifikationId: s.id, brugerId: user.brugerId })))
          .onConflictDoNothing();
    } else if (request.body.ids && request.body.ids.length > 0) throw notFound('Notifikationen');
    return { ulaeste: await ulaeste(db, user) };
  });
}
