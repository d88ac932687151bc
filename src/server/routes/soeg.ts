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

/** Escapes LIKE wildcards in user text. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /api/soeg?tekst=: companies, farms and water plants of the active customer that the user may
 * read, ranked: exact number (CVR, P, CHR, Jupiter id, anlægsnr) first, then name prefix, then
 * name or address containing the text or similar to it (trigram). Capped; the client shows it as is.
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
      const contains = `%${likeEscape(tekst.toLowerCase())}%`;
      const typeList = sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      );
      const rows = await queryRows<{
        id: number;
        type: number;
        navn: string;
        adresse: string | null;
        nummer: string | null;
        rang: number;
      }>(
        db,
        sql`
      select id, type, navn, adresse,
        coalesce(case type when 2 then chr_nr when 3 then jupiter_id end, cvr_nr) as nummer,
        case
          when cvr_nr = ${digits} or p_nr = ${digits} or chr_nr = ${digits}
            or jupiter_id = ${digits} or anlaegsnr = ${tekst} then 0
          when lower(navn) like ${prefix} then 1
          else 2
        end as rang
      from virksomhed
      where kunde_id = ${request.user.kundeId} and not slettet and type in (${typeList})
        and (
          cvr_nr = ${digits} or p_nr = ${digits} or chr_nr = ${digits} or jupiter_id = ${digits}
          or anlaegsnr = ${tekst}
          or lower(navn) like ${contains} or lower(adresse) like ${contains}
          or navn % ${tekst}
        )
      order by rang, case when lower(navn) like ${contains} then 0 else 1 end,
        similarity(navn, ${tekst}) desc, navn, id
      limit ${request.query.antal}
    `,
      );
      return {
        resultater: rows.map((r) => ({
          id: Number(r.id),
          type: TYPE_NAVN[Number(r.type) as Virksomhedstype],
          navn: r.navn,
          adresse: r.adresse,
          nummer: r.nummer,
          match:
            Number(r.rang) === 0
              ? ('nummer' as const)
              : Number(r.rang) === 1
                ? ('navn' as const)
                : ('tekst' as const),
        })),
      };
    },
  );
}
