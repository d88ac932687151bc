import { and, eq, type SQL } from 'drizzle-orm';
import {
  OEKONOMI_KONFLIKT,
  OPFOELGNING_OEKONOMI,
  type OpfoelgningOekonomi,
} from '../../contract/planlaegning';
import type { Db } from '../db/client';
import { opfoelgningOekonomi } from '../db/schema';
import type { Tx } from '../db/versioneret';
import { egenKindRoutes } from '../records/egne';

/**
 * The economic follow-up of a planning period (spec): free rows of planned, registered and invoiced
 * hours (half hours stored) and amounts (øre), versioned, deleted softly; no company's log. The record
 * kind OPFOELGNING_OEKONOMI of the period on the generic path (src/server/records/egne.ts).
 */

export { OEKONOMI_KONFLIKT };

type OekonomiRaekke = typeof opfoelgningOekonomi.$inferSelect;
const oekonomiSvar = (r: OekonomiRaekke): OpfoelgningOekonomi => ({
  id: r.id,
  periodeId: r.periodeId,
  tekst: r.tekst,
  planlagteTimer: r.planlagteTimerHalve / 2,
  registreredeTimer: r.registreredeTimerHalve / 2,
  faktureredeTimer: r.faktureredeTimerHalve / 2,
  planlagtBeloebOere: Number(r.planlagtBeloebOere),
  faktureretBeloebOere: Number(r.faktureretBeloebOere),
  bemaerkning: r.bemaerkning,
  version: r.version,
});

/** Hours are kept as half hours. */
const halve = (kolonne: string) => ({
  kolonne,
  skriv: (timer: unknown) => Math.round((timer as number) * 2),
});

/** The period's live rows in the order they were created. */
async function oekonomiRaekker(db: Db | Tx, periodeId: number, hvor?: SQL) {
  const rows = await db
    .select()
    .from(opfoelgningOekonomi)
    .where(and(eq(opfoelgningOekonomi.periodeId, periodeId), eq(opfoelgningOekonomi.slettet, false), hvor))
    .orderBy(opfoelgningOekonomi.id);
  return rows.map(oekonomiSvar);
}

export const oekonomiRoutes = egenKindRoutes<OpfoelgningOekonomi>({
  kind: OPFOELGNING_OEKONOMI,
  tabel: opfoelgningOekonomi,
  ejerKolonne: 'periodeId',
  kolonner: {
    planlagteTimer: halve('planlagteTimerHalve'),
    registreredeTimer: halve('registreredeTimerHalve'),
    faktureredeTimer: halve('faktureredeTimerHalve'),
    bemaerkning: { kolonne: 'bemaerkning', skriv: (v) => (v ? v : null) },
  },
  hent: oekonomiRaekker,
  /** A row's period: the live row's of the token's customer. */
  ejerAfPost: async (db, user, id) => {
    const [r] = await db
      .select({ periodeId: opfoelgningOekonomi.periodeId })
      .from(opfoelgningOekonomi)
      .where(
        and(
          eq(opfoelgningOekonomi.id, id),
          eq(opfoelgningOekonomi.kundeId, user.kundeId),
          eq(opfoelgningOekonomi.slettet, false),
        ),
      );
    return r?.periodeId;
  },
  bloedSlet: true,
  ikkeFundet: 'Opfølgningen',
  hooks: {
    // A new row is the customer's.
    beregn: async ({ user, gemt }) => (gemt ? {} : { kundeId: user.kundeId }),
  },
});
