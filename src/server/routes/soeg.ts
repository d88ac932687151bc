import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENTITET_ARTER, ENTITETER } from '../../contract/entitet';
import { SOEG_TYPER, type SoegResultat, soeg } from '../../contract/soeg';
import { sammenlignDansk } from '../../contract/sortering';
import { queryRows } from '../db/client';
import { containsPattern, likeEscape } from '../db/like';
import { inListe } from '../db/liste';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';

/** The kind of each row type of the company table (1, 2, 3 and the SAT companies' 4). */
const TYPE_NAVN: Record<number, SoegResultat['type']> = Object.fromEntries(
  SOEG_TYPER.map((art) => [ENTITETER[art].raekkeType, art]),
);
const MATCH: Record<number, SoegResultat['match']> = { 0: 'nummer', 1: 'navn', 2: 'tekst', 3: 'tekst' };

/** Similar-name search (for typos) runs only when nothing matched the text itself. */
const SIMILARITY_ONLY_BELOW = 1;

interface Row {
  id: number;
  type: number;
  navn: string;
  adresse: string | null;
  nummer: string | null;
  lighed: number;
}

/**
 * GET /api/soeg?tekst=: companies, farms, water plants and SAT companies of the active customer that the user may
 * read, ranked: exact number (CVR, P, CHR, Jupiter id, anlægsnr) first, then name prefix, then
 * name or address containing the text, then similar names (trigram). Capped; the client shows it
 * as is.
 *
 * Each ranking level is its own branch that an index serves and that stops at a cap; only that
 * small candidate set is ranked. (One OR across differently indexed columns scans the whole table:
 * 1.2 s on 100,000 rows in PGlite, against a few milliseconds this way.)
 */
export async function soegRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, soeg, async (request) => {
    // Row types, so that SAT companies (row type 4, SAGSBEHANDLER_AFFALD) are found too.
    const types = ENTITET_ARTER.map((a) => ENTITETER[a])
      .filter((e) => request.user.ressourcer.has(e.laeseret))
      .map((e) => e.raekkeType);
    if (types.length === 0) return { resultater: [] };
    const tekst = request.query.tekst;
    const digits = tekst.replace(/\s+/g, '');
    const prefix = `${likeEscape(tekst.toLowerCase())}%`;
    const contains = containsPattern(tekst);
    const scope = sql`kunde_id = ${request.user.kundeId} and not slettet and ${inListe(sql`type`, types)}`;

    // A SAT company is one per period (the same unit may be selected again): its number names both.
    const satNummer = sql`coalesce(p_nr, '') || ' · ' || coalesce((select p.navn from sat_virksomhed s
        join sat_tilsynsperiode p on p.id = s.sat_tilsynsperiode_id where s.virksomhed_id = virksomhed.id), '')`;
    // Every branch answers the result columns, so no second query is needed.
    const columns = sql`select id, type, navn, adresse,
        coalesce(case type when ${ENTITETER.landbrug.raekkeType} then chr_nr when ${ENTITETER.vandanlaeg.raekkeType} then jupiter_id
          when ${ENTITETER.satvirksomhed.raekkeType} then ${satNummer} end, cvr_nr) as nummer,
        similarity(navn, ${tekst}) as lighed from virksomhed where ${scope}`;
    const branches = [
      /^[\d\s.-]+$/.test(tekst)
        ? sql`${columns} and (cvr_nr = ${digits} or p_nr = ${digits} or chr_nr = ${digits}
            or jupiter_id = ${digits} or anlaegsnr = ${tekst}) limit 50`
        : sql`${columns} and anlaegsnr = ${tekst} limit 50`,
      sql`${columns} and lower(navn) like ${prefix} limit 50`,
    ];
    // A borehole's DGU number ('38.770') finds its water plant however the spaces were typed
    // ('38. 770', ' 38.  770'): spaces are dropped on both sides. Probed per plant of the customer
    // through the borehole's plant index. Ranked with the exact numbers.
    if (
      types.some((t) => t === ENTITETER.vandanlaeg.type) &&
      /^[\d\s.]+$/.test(tekst) &&
      /\d\.\s*\d/.test(tekst)
    ) {
      branches[0] = sql`(${branches[0]}) union (${columns} and type = ${ENTITETER.vandanlaeg.type}
          and exists (select 1 from boring b where b.vandanlaeg_id = virksomhed.id
            and replace(b.dgu_nr, ' ', '') = ${digits}) limit 50)`;
    }
    // Trigram indexes need three characters; shorter text searches numbers and name prefixes only.
    if (tekst.length >= 3) {
      branches.push(
        sql`(${columns} and navn ilike ${contains} limit 100)
            union (${columns} and adresse ilike ${contains} limit 100)`,
        sql`${columns} and navn % ${tekst} limit 50`,
      );
    }
    // Ranking levels in order; a level is only searched while fewer than `antal` were found above it.
    // Similar names (the last level, for typos) are costly on common trigrams: only when nothing
    // matched the text itself.
    const rang = new Map<number, number>();
    const rows: Row[] = [];
    for (const [level, branch] of branches.entries()) {
      if (rang.size >= request.query.antal) break;
      if (level === 3 && rang.size >= SIMILARITY_ONLY_BELOW) break;
      for (const row of await queryRows<Row>(db, branch)) {
        if (rang.has(Number(row.id))) continue;
        rang.set(Number(row.id), level);
        rows.push(row);
      }
    }
    rows.sort(
      (a, b) =>
        rang.get(Number(a.id))! - rang.get(Number(b.id))! ||
        Number(b.lighed) - Number(a.lighed) ||
        sammenlignDansk(a.navn, b.navn) ||
        Number(a.id) - Number(b.id),
    );
    return {
      resultater: rows.slice(0, request.query.antal).map((r) => ({
        id: Number(r.id),
        type: TYPE_NAVN[Number(r.type)]!,
        navn: r.navn,
        adresse: r.adresse,
        nummer: r.nummer,
        match: MATCH[rang.get(Number(r.id))!] ?? 'tekst',
      })),
    };
  });
}
