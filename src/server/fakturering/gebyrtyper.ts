import { sql } from 'drizzle-orm';
import { DATO_INTERVAL_FEJL, erDatoIInterval, erKalenderdato } from '../../contract/common';
import {
  GEBYRTYPE,
  GEBYRTYPE_KONFLIKT,
  type GebyrTypeAdmin,
  type GebyrTypeInput,
} from '../../contract/fakturering';
import { SAT_GEBYR } from '../../contract/sat-registreringer';
import { type Db, queryRows } from '../db/client';
import { satGebyrType } from '../db/schema';
import type { Tx } from '../db/versioneret';
import { addFieldError, badRequest } from '../http/errors';
import { egenKindRoutes } from '../records/egne';

/**
 * The customer's SAT fee types (GET, POST and PUT fakturering/gebyrtyper) as the record kind
 * GEBYRTYPE on the generic path (src/server/records/egne.ts): the rows with the number of live fees
 * using each, the validity checked, the kind of a used type kept. A changed rate applies to fees
 * registered (or edited) from now on: every fee keeps the rate and amount stored when it was saved,
 * and an invoiced fee is frozen.
 */

export { GEBYRTYPE_KONFLIKT };
export const GYLDIG_TIL_FOER_FRA = 'Gyldig til må ikke ligge før gyldig fra';
export const GEBYRTYPE_ART_BRUGT = 'Arten kan ikke ændres, når gebyrtypen er brugt på gebyrer';
const UGYLDIG_DATO = 'Skal være en dato (ÅÅÅÅ-MM-DD)';

/** The customer's fee types, or one of them, with the number of live fees registered with each. */
async function gebyrTyperMedAntal(db: Db | Tx, kundeId: number, id?: number): Promise<GebyrTypeAdmin[]> {
  const rows = await queryRows<{
    id: number;
    navn: string;
    art: string;
    sats_oere: number;
    gyldig_fra: string;
    gyldig_til: string | null;
    aktiv: boolean;
    version: number | string;
    antal: number | string;
  }>(
    db as Db,
    sql`select t.id, t.navn, t.art, t.sats_oere, t.gyldig_fra::text as gyldig_fra,
          t.gyldig_til::text as gyldig_til, t.aktiv, t.version, coalesce(g.antal, 0) as antal
        from sat_gebyr_type t
        left join (
          select (data->>'gebyrtypeId')::int as type_id, count(*) as antal
          from registrering
          where kunde_id = ${kundeId} and art = ${SAT_GEBYR.art} and not slettet
            and jsonb_typeof(data->'gebyrtypeId') = 'number'
          group by 1
        ) g on g.type_id = t.id
        where t.kunde_id = ${kundeId} ${id === undefined ? sql`` : sql`and t.id = ${id}`}
        order by t.navn, t.gyldig_fra, t.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    navn: r.navn,
    art: r.art as GebyrTypeAdmin['art'],
    satsOere: Number(r.sats_oere),
    gyldigFra: r.gyldig_fra,
    gyldigTil: r.gyldig_til,
    aktiv: r.aktiv,
    antalGebyrer: Number(r.antal),
    version: Number(r.version),
  }));
}

/** Real calendar days, and the end of validity not before its start: 400 in Danish. */
function tjekGyldighed(input: GebyrTypeInput): void {
  const fejl: Record<string, string[]> = {};
  for (const [felt, v] of [
    ['gyldigFra', input.gyldigFra],
    ['gyldigTil', input.gyldigTil],
  ] as const) {
    if (v === null) continue;
    if (!erKalenderdato(v)) addFieldError(fejl, felt, UGYLDIG_DATO);
    else if (!erDatoIInterval(v)) addFieldError(fejl, felt, DATO_INTERVAL_FEJL);
  }
  if (Object.keys(fejl).length === 0 && input.gyldigTil !== null && input.gyldigTil < input.gyldigFra)
    addFieldError(fejl, 'gyldigTil', GYLDIG_TIL_FOER_FRA);
  if (Object.keys(fejl).length > 0) throw badRequest(fejl);
}

export const gebyrTypeRoutes = egenKindRoutes<GebyrTypeAdmin>({
  kind: GEBYRTYPE,
  tabel: satGebyrType,
  ejerKolonne: 'kundeId',
  hent: (db, kundeId) => gebyrTyperMedAntal(db, kundeId),
  hentEn: async (db, kundeId, id) => (await gebyrTyperMedAntal(db, kundeId, id))[0],
  ikkeFundet: 'Gebyrtypen',
  hooks: {
    async tjek({ gemt }, input) {
      const gebyrType = input as GebyrTypeInput;
      tjekGyldighed(gebyrType);
      // The kind of a used type is kept.
      if (gemt && gebyrType.art !== gemt.art && gemt.antalGebyrer > 0)
        throw badRequest({ art: [GEBYRTYPE_ART_BRUGT] }, GEBYRTYPE_ART_BRUGT);
    },
  },
});
