import { eq, sql } from 'drizzle-orm';
import type { BodyOf } from '../../contract/endpoint';
import { type gemPrioritering, kategoriFraFilter } from '../../contract/planlaegning';
import { medPrioritet } from '../../contract/tilsynsplan-regler';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows } from '../db/client';
import { inListe } from '../db/liste';
import { planlaegningsperiode, planlagtTilsyn } from '../db/schema';
import { opdaterVersioneret } from '../db/versioneret';
import { badRequest } from '../http/errors';
import { PERIODE_KONFLIKT, type PeriodeRaekke } from './generer';
import { type PlanSqlRaekke, planRaekkerSql, planRaekkeSvar } from './oversigt';

/**
 * The priority lists of a period (category 1a+1b, category 2): the list's rows by score, and the
 * chosen rows numbered in the order sent (rule medPrioritet), versioned per period.
 */

// ---------------------------------------------------------------- priority lists

const LISTE_KATEGORIER = { '1a1b': ['1a', '1b'], '2': ['2'] } as const;

async function prioriteringSvar(db: Db, p: PeriodeRaekke, kategorier: readonly string[]) {
  const rows = await queryRows<PlanSqlRaekke>(
    db,
    sql`select * from (${planRaekkerSql(p)}) p where ${inListe(sql`p.kategori`, kategorier)}
      order by p.score desc nulls last, p.prioritet nulls last, p.virksomhed_id`,
  );
  const [v] = await db
    .select({ version: planlaegningsperiode.version })
    .from(planlaegningsperiode)
    .where(eq(planlaegningsperiode.id, p.id));
  return {
    raekker: rows.map((r) => {
      const s = planRaekkeSvar(r);
      return {
        id: s.id,
        virksomhedId: s.virksomhedId,
        virksomhedsnavn: s.virksomhedsnavn,
        type: s.type,
        kategori: s.kategori,
        score: s.score,
        tilsynstype: s.tilsynstype,
        fysisk: s.fysisk,
        valgt: s.valgt,
        prioritet: s.prioritet,
        begrundelse: s.begrundelse,
        udfoert: s.udfoert,
      };
    }),
    version: v?.version ?? p.version,
  };
}

/** The priority list of one category (1a and 1b together when none is named). */
export function prioriteringsliste(db: Db, p: PeriodeRaekke, kategori: string | undefined) {
  return prioriteringSvar(db, p, kategori === undefined ? ['1a', '1b'] : [kategoriFraFilter(kategori)]);
}

/** Saves the chosen rows of a list in the order sent; a row of another list or period is a 400. */
export async function gemPrioriteringsliste(
  db: Db,
  user: SessionUser,
  p: PeriodeRaekke,
  { kategori, valgte, version }: BodyOf<typeof gemPrioritering>,
) {
  const kategorier = LISTE_KATEGORIER[kategori];
  await db.transaction(async (tx) => {
    // Versioned per period: the lists are edited one at a time (docs/decisions.md).
    await opdaterVersioneret(
      tx,
      planlaegningsperiode,
      { id: p.id, version, hvor: eq(planlaegningsperiode.kundeId, user.kundeId) },
      {},
      PERIODE_KONFLIKT,
      user,
    );
    const raekker = await tx
      .select({
        id: planlagtTilsyn.id,
        kategori: planlagtTilsyn.kategori,
        begrundelse: planlagtTilsyn.begrundelse,
      })
      .from(planlagtTilsyn)
      .where(eq(planlagtTilsyn.periodeId, p.id));
    const iListen = new Set(
      raekker.filter((r) => (kategorier as readonly string[]).includes(r.kategori)).map((r) => r.id),
    );
    const fremmede = valgte.filter((id) => !iListen.has(id));
    if (fremmede.length > 0)
      throw badRequest(
        { valgte: [`Tilsyn ${fremmede.slice(0, 5).join(', ')} hører ikke til listen i denne periode`] },
        'Ugyldige valg',
      );
    // The chosen get 1, 2, … in the order sent, the list's others no number; each reason names the
    // number its row shows (rule medPrioritet). One statement, the rows as one JSON parameter.
    const nr = new Map(valgte.map((id, i) => [id, i + 1]));
    const nye = raekker
      .filter((r) => iListen.has(r.id))
      .map((r) => {
        const prioritet = nr.get(r.id) ?? null;
        return { id: r.id, p: prioritet, b: medPrioritet(r.begrundelse, prioritet) };
      });
    if (nye.length > 0)
      await tx.execute(
        sql`update planlagt_tilsyn set valgt = x.p is not null, prioritet = x.p, begrundelse = x.b
          from jsonb_to_recordset(${JSON.stringify(nye)}::jsonb) as x(id int, p int, b text)
          where planlagt_tilsyn.id = x.id and planlagt_tilsyn.periode_id = ${p.id}`,
      );
  });
  return prioriteringSvar(db, p, kategorier);
}
