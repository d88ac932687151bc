import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LAESERET, type Virksomhedstype } from '../../contract/roles';
import { type SoegResultat, soegQuerySchema, soegSvarSchema } from '../../contract/soeg';
import { queryRows } from '../db/client';
import type { Deps } from '../deps';

const TYPE_NAVN: Record<Virksomhedstype, SoegResultat['type']> = {
  1: 'virksomhed',
  2: 'landbrug',
  3: 'vandanlaeg',
};
const MATCH: Record<number, SoegResultat['match']> = { 0: 'nummer', 1: 'navn', 2: 'tekst', 3: 'tekst' };

/** Escapes LIKE wildcards in user text. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Row {
  id: number;
  type: number;
  navn: string;
  adresse: string | null;
  nummer: string | null;
  lighed: number;
}

/**
 * GET /api/soeg?tekst=: companies, farms and water plants of the active customer that the user may
 * read, ranked: exact number (CVR, P, CHR, Jupiter id, anlægsnr) first, then name prefix, then
 * name or address containing the text, then similar names (trigram). Capped; the client shows it
 * as is.
 *
 * Each ranking level is its own branch that an index serves and that stops at a cap; only that
 * small candidate set is ranked. (One OR across differently indexed columns scans the whole table:
 * 1.2 s on 100,000 rows in PGlite, against a few milliseconds this way.)
 */
export async function soegRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/soeg',
    { schema: { querystring: soegQuerySchema, response: { 200: soegSvarSchema } } },
    async (request) => {
      const types = ([1, 2, 3] as const).filter((t) => request.user.ressourcer.has(LAESERET[t]));
      if (types.length === 0) return { resultater: [] };
      const tekst = request.query.tekst;
      const digits = tekst.replace(/\s+/g, '');
      const prefix = `${likeEscape(tekst.toLowerCase())}%`;
      const contains = `%${likeEscape(tekst)}%`;
      const scope = sql`kunde_id = ${request.user.kundeId} and not slettet and type in (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`;

      const branches = [
        /^[\d\s.-]+$/.test(tekst)
          ? sql`select id from virksomhed where ${scope} and (cvr_nr = ${digits} or p_nr = ${digits}
            or chr_nr = ${digits} or jupiter_id = ${digits} or anlaegsnr = ${tekst}) limit 50`
          : sql`select id from virksomhed where ${scope} and anlaegsnr = ${tekst} limit 50`,
        sql`select id from virksomhed where ${scope} and lower(navn) like ${prefix} limit 50`,
      ];
      // Trigram indexes need three characters; shorter text searches numbers and name prefixes only.
      if (tekst.length >= 3) {
        branches.push(
          sql`(select id from virksomhed where ${scope} and navn ilike ${contains} limit 100)
            union (select id from virksomhed where ${scope} and adresse ilike ${contains} limit 100)`,
          sql`select id from virksomhed where ${scope} and navn % ${tekst} limit 50`,
        );
      }
      // Ranking levels in order; a level is only searched while fewer than `antal` were found above it.
      const rang = new Map<number, number>();
      for (const [level, branch] of branches.entries()) {
        if (rang.size >= request.query.antal) break;
        for (const { id } of await queryRows<{ id: number }>(db, branch)) {
          if (!rang.has(Number(id))) rang.set(Number(id), level);
        }
      }
      if (rang.size === 0) return { resultater: [] };
      const rows = await queryRows<Row>(
        db,
        sql`
        select id, type, navn, adresse,
          coalesce(case type when 2 then chr_nr when 3 then jupiter_id end, cvr_nr) as nummer,
          similarity(navn, ${tekst}) as lighed
        from virksomhed where id in (${sql.join(
          [...rang.keys()].map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      rows.sort(
        (a, b) =>
          rang.get(Number(a.id))! - rang.get(Number(b.id))! ||
          Number(b.lighed) - Number(a.lighed) ||
          a.navn.localeCompare(b.navn, 'da') ||
          Number(a.id) - Number(b.id),
      );
      return {
        resultater: rows.slice(0, request.query.antal).map((r) => ({
          id: Number(r.id),
          type: TYPE_NAVN[Number(r.type) as Virksomhedstype],
          navn: r.navn,
          adresse: r.adresse,
          nummer: r.nummer,
          match: MATCH[rang.get(Number(r.id))!] ?? 'tekst',
        })),
      };
    },
  );
}
