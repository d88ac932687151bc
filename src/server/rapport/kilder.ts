import { type SQL, sql } from 'drizzle-orm';
import type { RapportNavn } from '../../contract/rapport';
import { VALIDERING_STATUS } from '../../contract/validering';
import { lookupListe } from '../routes/lookups';
import type { RapportKilde } from './motor';

/**
 * The SQL source of each declared report (src/contract/rapporter.ts): its rows for one customer and
 * each column's expression. Discarded water data (forkastet) is never reported.
 */

/** A lookup's name for an id column: a CASE over the fixed list (ids and names are constants). */
function lookupNavn(path: string, id: SQL): SQL {
  const items = lookupListe(path) ?? [];
  if (items.length === 0) return sql`null::text`;
  return sql`(case ${id} ${sql.join(
    items.map((i) => sql`when ${sql.raw(String(Math.trunc(i.id)))} then ${i.navn}`),
    sql` `,
  )} end)`;
}

/** A water plant's columns, from the plant row aliased `a`. */
const anlaeg = {
  anlaegsnavn: sql`a.navn`,
  anlaegsnr: sql`a.anlaegsnr`,
  anlaegsadresse: sql`a.adresse`,
  jupiterId: sql`a.jupiter_id`,
};

const aarMaaned = (dato: SQL) => ({
  aarstal: sql`extract(year from ${dato})::int`,
  maaned: sql`extract(month from ${dato})::int`,
});

const FORKASTET = sql.raw(String(VALIDERING_STATUS.FORKASTET));

export const KILDER: Partial<Record<RapportNavn, RapportKilde>> = {
  vandoppumpet: {
    fra: (kundeId) =>
      sql`from oppumpet_maengde m join virksomhed a on a.id = m.vandanlaeg_id
        where m.kunde_id = ${kundeId} and a.kunde_id = ${kundeId} and not a.slettet
          and m.indtag_id is null and m.status <> ${FORKASTET}`,
    kolonner: {
      ...aarMaaned(sql`m.startdato`),
      startdato: sql`m.startdato`,
      slutdato: sql`m.slutdato`,
      ...anlaeg,
      jupiterVandType: lookupNavn(
        'mwvandanlaeglookup/list/jupitervandtype',
        sql`(a.basis->>'jupiterVandtypeId')::int`,
      ),
      vandmaengdeOppumpet: sql`m.vandmaengde_oppumpet`,
      totalVandmaengdeOppumpet: sql`m.vandmaengde_oppumpet`,
      maalerstandStart: sql`m.maalerstand_start`,
      maalerstandSlut: sql`m.maalerstand_slut`,
      omregningsfaktor: sql`m.omregningsfaktor`,
    },
    noegle: sql`m.id`,
  },
  boringpejling: {
    fra: (kundeId) =>
      sql`from pejling p join indtag i on i.id = p.indtag_id join boring b on b.id = i.boring_id
        join virksomhed a on a.id = p.vandanlaeg_id
        where p.kunde_id = ${kundeId} and a.kunde_id = ${kundeId} and not a.slettet and p.status <> ${FORKASTET}`,
    kolonner: {
      ...aarMaaned(sql`(p.pejletidspunkt at time zone 'Europe/Copenhagen')`),
      pejletidspunkt: sql`(p.pejletidspunkt at time zone 'Europe/Copenhagen')::date`,
      ...anlaeg,
      dgunr: sql`b.dgu_nr`,
      indtagsnr: sql`i.indtagsnr`,
      grundvandskote: sql`p.grundvandskote`,
      terraenkote: sql`b.terraenkote`,
      vandstandUnderTerraen: sql`p.vandstand_under_terraen`,
      pejlemetode: sql`p.pejlemetode`,
      pejleSituation: sql`(case p.situation when 0 then 'I ro' when 1 then 'I drift' else 'Ingen situation angivet' end)`,
    },
    noegle: sql`p.id`,
  },
};
