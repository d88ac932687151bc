import { and, asc, between, eq, ilike, isNotNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DANMARK_UDSTRAEKNING,
  hentMinimapsForVisningssted,
  hentProevepunkter,
  MINIMAPKOBLING,
  type MinimapKobling,
  type Visningssted,
} from '../../contract/minimap';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import { requireActiveKunde } from '../auth/entitet-adgang';
import type { Db } from '../db/client';
import { containsPattern } from '../db/like';
import { minimapKobling, virksomhed } from '../db/schema';
import type { Tx } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { egenKindRoutes } from '../records/egne';

/**
 * Map links per display location (issue 15): the two spec calls read them (any signed-in user of the
 * customer, since every record tile offers them); KOMMUNE_ADMIN creates, edits (versioned, 409) and
 * deletes them. The URL templates are validated by the contract (https only, known placeholders)
 * and never fetched by the server.
 */

const tilKobling = (r: typeof minimapKobling.$inferSelect): MinimapKobling => ({
  id: r.id,
  visningssted: r.visningssted as Visningssted,
  navn: r.navn,
  url: r.url,
  aktiv: r.aktiv,
  version: r.version,
});

async function koblinger(
  db: Db | Tx,
  kundeId: number,
  ...hvor: (SQL | undefined)[]
): Promise<MinimapKobling[]> {
  const rows = await db
    .select()
    .from(minimapKobling)
    .where(and(eq(minimapKobling.kundeId, kundeId), ...hvor))
    .orderBy(asc(minimapKobling.visningssted), asc(minimapKobling.navn), asc(minimapKobling.id));
  return rows.map(tilKobling);
}

/** Map links: the record kind MINIMAPKOBLING over table `minimap_kobling`, by location and name. */
const koblingRoutes = egenKindRoutes<MinimapKobling>({
  kind: MINIMAPKOBLING,
  tabel: minimapKobling,
  ejerKolonne: 'kundeId',
  hent: koblinger,
  ikkeFundet: 'Minimapkoblingen',
});

const TYPE_AF: Record<Visningssted, number> = {
  vandanlaeg: VIRKSOMHEDSTYPE.VANDANLAEG,
  virksomhed: VIRKSOMHEDSTYPE.VIRKSOMHED,
  landbrug: VIRKSOMHEDSTYPE.LANDBRUG,
};

export async function minimapRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, hentMinimapsForVisningssted, (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    const { visningssted } = request.query;
    return koblinger(
      db,
      request.user.kundeId,
      eq(minimapKobling.aktiv, true),
      visningssted ? eq(minimapKobling.visningssted, visningssted) : undefined,
    );
  });

  await koblingRoutes(app, { db });

  /**
   * Records to test a link on: the customer's live plants, companies or farms with a coordinate in
   * Denmark (only id, name and coordinate, so the admin needs no case-worker right to test).
   */
  serve(app, hentProevepunkter, async (request) => {
    const { visningssted, soeg } = request.query;
    const [xMin, yMin, xMax, yMax] = DANMARK_UDSTRAEKNING;
    const rows = await db
      .select({ id: virksomhed.id, navn: virksomhed.navn, x: virksomhed.x, y: virksomhed.y })
      .from(virksomhed)
      .where(
        and(
          eq(virksomhed.kundeId, request.user.kundeId),
          eq(virksomhed.type, TYPE_AF[visningssted]),
          eq(virksomhed.slettet, false),
          isNotNull(virksomhed.x),
          isNotNull(virksomhed.y),
          between(virksomhed.x, xMin, xMax),
          between(virksomhed.y, yMin, yMax),
          soeg ? ilike(virksomhed.navn, containsPattern(soeg)) : undefined,
        ),
      )
      .orderBy(asc(virksomhed.navn), asc(virksomhed.id))
      .limit(10);
    return rows.map((r) => ({ id: r.id, navn: r.navn, x: r.x!, y: r.y! }));
  });
}
