import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENTITET_ARTER, ENTITETER } from '../../contract/entitet';
import { SOEG_TYPER, type SoegResultat, soeg } from '../../contract/soeg';
import { sammenlignDansk } from '../../contract/sortering';
import { queryRows } from '../db/client';
import { likeEscape, soegetekstIndeholder } from '../db/like';
import { inListe } from '../db/liste';
import { danskOrdenSql } from '../db/sortering';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';

/** The kind of each row type of the company table (1, 2, 3 and the SAT companies' 4). */
const TYPE_NAVN: Record<number, SoegResultat['type']> = Object.fromEntries(
  SOEG_TYPER.map((art) => [ENTITETER[art].raekkeType, art]),
);

/** One ranking level of the search: its query, what it matched, and when it is searched at all. */
interface Level {
  sql: SQL;
  match: SoegResultat['match'];
  /** Searched only while fewer than this many were found above it. */
  kunUnder?: number;
}

/** Similar-name search (for typos) runs only when nothing matched the text itself. */
const SIMILARITY_ONLY_BELOW = 1;

interface Row {
  id: number;
  type: number;
  navn: string;
  adresse: string | null;
  nummer: string | null;
  p_nr: string | null;
  lighed: number;
}

/** The period name of each of these SAT companies (by company id). */
async function satPerioder(db: Deps['db'], ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; navn: string }>(
    db,
    sql`select s.virksomhed_id as id, p.navn from sat_virksomhed s
        join sat_tilsynsperiode p on p.id = s.sat_tilsynsperiode_id where ${inListe(sql`s.virksomhed_id`, ids)}`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.navn]));
}

/**
 * GET /api/soeg?tekst=: companies, farms, water plants and SAT companies of the active customer that
 * the user may read, ranked: exact number (CVR, P, CHR, Jupiter id, anlægsnr) first, then name
 * prefix, then address prefix, then name or address containing the text, then similar names
 * (trigram). Capped; the client shows it as is.
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
    const scope = sql`kunde_id = ${request.user.kundeId} and not slettet and ${inListe(sql`type`, types)}`;

    // Every branch answers the result columns (a SAT company's period is added to the shown ones
    // below: as a subquery here it tripled the planning of every branch).
    const columns = sql`select id, type, navn, navn_sortering, adresse, p_nr,
        coalesce(case type when ${ENTITETER.landbrug.raekkeType} then chr_nr when ${ENTITETER.vandanlaeg.raekkeType} then jupiter_id
          end, cvr_nr) as nummer,
        similarity(navn, ${tekst}) as lighed from virksomhed where ${scope}`;
    // Ranking levels in order, each served by its own index and capped; a level is only searched
    // while fewer than `antal` were found above it.
    const levels: Level[] = [
      {
        match: 'nummer',
        sql: /^[\d\s.-]+$/.test(tekst)
          ? sql`${columns} and (cvr_nr = ${digits} or p_nr = ${digits} or chr_nr = ${digits}
            or jupiter_id = ${digits} or anlaegsnr = ${tekst}) limit 50`
          : sql`${columns} and anlaegsnr = ${tekst} limit 50`,
      },
      { match: 'navn', sql: sql`${columns} and lower(navn) like ${prefix} limit 50` },
      // A street typed from its start ('Erhvervsvej 9') is found by the address's btree prefix index
      // before the costlier trigram level below.
      { match: 'tekst', sql: sql`${columns} and lower(adresse) like ${prefix} limit 50` },
    ];
    // A borehole's DGU number ('38.770') finds its water plant however the spaces were typed
    // ('38. 770', ' 38.  770'): spaces are dropped on both sides. Probed per plant of the customer
    // through the borehole's plant index. Ranked with the exact numbers.
    if (
      types.some((t) => t === ENTITETER.vandanlaeg.type) &&
      /^[\d\s.]+$/.test(tekst) &&
      /\d\.\s*\d/.test(tekst)
    ) {
      levels[0]!.sql = sql`(${levels[0]!.sql}) union (${columns} and type = ${ENTITETER.vandanlaeg.type}
          and exists (select 1 from boring b where b.vandanlaeg_id = virksomhed.id
            and replace(b.dgu_nr, ' ', '') = ${digits}) limit 50)`;
    }
    // Trigram indexes need three characters; shorter text searches numbers and prefixes only.
    if (tekst.length >= 3) {
      levels.push({
        match: 'tekst',
        // Name or address: one trigram index on the two together (two ILIKE branches planned
        // three times as long).
        sql: sql`${columns} and ${soegetekstIndeholder(sql`soegetekst`, tekst)} limit 100`,
      });
      // Similar names (for typos) are costly on common trigrams: only when nothing matched the text
      // itself, and only for text with letters (a number typed digit by digit is not a misspelt name,
      // and each of its keystrokes would search every name).
      if (/\p{L}/u.test(tekst)) {
        levels.push({
          match: 'tekst',
          sql: sql`${columns} and navn % ${tekst} limit 50`,
          kunUnder: SIMILARITY_ONLY_BELOW,
        });
      }
    }
    const rang = new Map<number, number>();
    const rows: Row[] = [];
    for (const [level, { sql: branch, kunUnder }] of levels.entries()) {
      if (rang.size >= request.query.antal) break;
      if (kunUnder !== undefined && rang.size >= kunUnder) break;
      // Only a level's best `antal` are read (fewer rows to build): as many as can still be shown
      // after those already found above, in the order of the ranking below.
      const best = sql`select * from (${branch}) kandidat
          order by lighed desc, ${danskOrdenSql(sql`navn`, sql`navn_sortering`)}, id limit ${request.query.antal}`;
      for (const row of await queryRows<Row>(db, best)) {
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
    const shown = rows.slice(0, request.query.antal);
    const erSat = (r: Row) => Number(r.type) === ENTITETER.satvirksomhed.raekkeType;
    const perioder = await satPerioder(
      db,
      shown.filter(erSat).map((r) => Number(r.id)),
    );
    return {
      resultater: shown.map((r) => ({
        id: Number(r.id),
        type: TYPE_NAVN[Number(r.type)]!,
        navn: r.navn,
        adresse: r.adresse,
        // A SAT company is one per period (the same unit may be selected again): its number names both.
        nummer: erSat(r) ? `${r.p_nr ?? ''} · ${perioder.get(Number(r.id)) ?? ''}` : r.nummer,
        match: levels[rang.get(Number(r.id))!]!.match,
      })),
    };
  });
}
