import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { SAT_RAEKKETYPE } from '../../contract/entitet';
import { SAT_VIRKSOMHED_FELTER, type SatStatus, type SatVirksomhed } from '../../contract/sat';
import { SAT_GEBYR, SAT_RESULTAT } from '../../contract/sat-registreringer';
import { type Db, queryRows } from '../db/client';
import { bruger, satOverfoersel, satTilsynsperiode, satVirksomhed, type virksomhed } from '../db/schema';
import type { Tx } from '../db/versioneret';
import { type FeltOpslag, tjekFelter } from '../records/felter';
import { levendeRegistreringer, svar } from '../records/registreringer';

/**
 * What the SAT list, the boards of the periods and a SAT company's answer share: each SAT company's
 * state (its result's category and dates, whether a fee is invoiced) and its status derived from it
 * by ONE SQL expression, so that the three can never disagree.
 */

/** Today (YYYY-MM-DD) by the server's clock. */
export { iDagAf } from '../../contract/format';

/**
 * The status derivation (spec: the furthest step reached): Faktureret if a live fee is invoiced,
 * else Overført if the live result is in the SAT system, else Udført if it has a performed date,
 * else Udvalgt. Over the columns of `satTilstandSql` (alias `t`).
 */
export const SAT_STATUS_SQL = sql.raw(`(case when t.faktureret then 'Faktureret'
  when t.overfoert_dato is not null then 'Overført'
  when t.udfoert_dato is not null then 'Udført' else 'Udvalgt' end)`);

/**
 * Every live SAT company of the customer with its SAT fields and state (columns: id, navn,
 * navn_sortering (the stored Danish sort key), cvr_nr,
 * p_nr, adresse, periode_id, udvalgt_dato, deadline_dato (text), risikoscore, udvaelgelsesmetode,
 * er_landbrug, fra_sat_liste, kategori, udfoert_dato, overfoert_dato, faktureret). `hvor` narrows it
 * (e.g. to one company).
 */
export function satTilstandSql(kundeId: number, hvor: SQL = sql`true`): SQL {
  return sql`select v.id, v.navn, v.navn_sortering, v.cvr_nr, v.p_nr, v.adresse, s.sat_tilsynsperiode_id as periode_id,
      s.udvalgt_dato::text as udvalgt_dato, s.deadline_dato::text as deadline_dato, s.risikoscore,
      s.udvaelgelsesmetode, s.er_landbrug, s.fra_sat_liste,
      r.data->>'satTilsynsresultatKategori' as kategori,
      r.dato::text as udfoert_dato,
      nullif(r.data->>'overfoertTilMiljoestyrelsenDato', '') as overfoert_dato,
      exists (select 1 from registrering g where g.virksomhed_id = v.id and g.art = 'satgebyr'
        and not g.slettet and g.data->'faktureret' = 'true'::jsonb) as faktureret
    from sat_virksomhed s
      join virksomhed v on v.id = s.virksomhed_id
      left join registrering r on r.virksomhed_id = v.id and r.art = 'satresultat' and not r.slettet
    where s.kunde_id = ${kundeId} and v.kunde_id = ${kundeId} and v.type = ${SAT_RAEKKETYPE}
      and not v.slettet and ${hvor}`;
}

/** The derived status of one SAT company (the same SQL expression as the list and the boards). */
export async function satStatusAf(db: Db | Tx, kundeId: number, id: number): Promise<SatStatus> {
  const [r] = await queryRows<{ status: SatStatus }>(
    db as Db,
    sql`select ${SAT_STATUS_SQL} as status from (${satTilstandSql(kundeId, sql`v.id = ${id}`)}) t`,
  );
  return r?.status ?? 'Udvalgt';
}

type VirksomhedRow = typeof virksomhed.$inferSelect;
type SatRow = typeof satVirksomhed.$inferSelect;

/** The SAT fields of a company as the field language carries them. */
export function satFelterAf(v: VirksomhedRow, s: SatRow): Record<string, unknown> {
  return {
    virksomhedsnavn: v.navn,
    cvrNr: v.cvrNr,
    pNr: v.pNr,
    satTilsynsperiodeId: s.satTilsynsperiodeId,
    udvalgtDato: s.udvalgtDato,
    deadlineDato: s.deadlineDato,
    risikoscore: s.risikoscore,
    udvaelgelsesmetode: s.udvaelgelsesmetode,
    erLandbrug: s.erLandbrug,
  };
}

export async function hentSatRaekke(db: Db | Tx, id: number): Promise<SatRow> {
  const [s] = await db.select().from(satVirksomhed).where(eq(satVirksomhed.virksomhedId, id));
  if (!s) throw new Error(`SAT-virksomhed ${id} uden sat_virksomhed`);
  return s;
}

/** The answer of GET satvirksomhed/{id} for a loaded SAT company row. */
export async function satVirksomhedSvar(
  db: Db,
  v: VirksomhedRow,
  clock?: () => Date,
): Promise<SatVirksomhed> {
  const s = await hentSatRaekke(db, v.id);
  const [periode] = await db
    .select({ navn: satTilsynsperiode.navn })
    .from(satTilsynsperiode)
    .where(eq(satTilsynsperiode.id, s.satTilsynsperiodeId));
  const resultater = await svar(
    db,
    SAT_RESULTAT,
    await levendeRegistreringer(db, v.id, 'satresultat'),
    clock,
  );
  const gebyrer = await svar(db, SAT_GEBYR, await levendeRegistreringer(db, v.id, 'satgebyr'), clock);
  const resultat = resultater[0] ?? null;
  const overfoersler = resultat
    ? await db
        .select({
          tidspunkt: satOverfoersel.tidspunkt,
          handling: satOverfoersel.handling,
          status: satOverfoersel.status,
          besked: satOverfoersel.besked,
          bruger: bruger.navn,
        })
        .from(satOverfoersel)
        .leftJoin(bruger, eq(bruger.id, satOverfoersel.brugerId))
        .where(and(eq(satOverfoersel.resultatId, resultat.id), eq(satOverfoersel.kundeId, v.kundeId)))
        .orderBy(desc(satOverfoersel.tidspunkt), desc(satOverfoersel.id))
    : [];
  const felter = satFelterAf(v, s);
  const ud: Record<string, unknown> = {};
  for (const f of SAT_VIRKSOMHED_FELTER) ud[f.navn] = felter[f.navn] ?? null;
  return {
    id: v.id,
    ...ud,
    satTilsynsperiode: periode?.navn ?? '',
    fraSatListe: s.fraSatListe,
    satVirksomhedKanAendres: !s.fraSatListe,
    satStatus: await satStatusAf(db, v.kundeId, v.id),
    adresse: v.adresse,
    satResult: resultat,
    gebyrer,
    overfoersler: overfoersler.map((o) => ({
      tidspunkt: o.tidspunkt.toISOString(),
      handling: o.handling as 'overfoer' | 'slet',
      status: o.status as 'OK' | 'Fejl' | 'Timeout',
      besked: o.besked,
      bruger: o.bruger,
    })),
    version: v.version,
  } as SatVirksomhed;
}

export const P_NR_UDVALGT = 'P-nummeret er allerede udvalgt i perioden';

/**
 * The checks of a SAT company's fields that need the database: lookups (the period must be one of
 * the customer's) through the field language, and the P-number not already a live SAT company of the
 * same period (another than `egetId`). Field → Danish messages; empty when all is well.
 */
export async function tjekSatVirksomhed(
  tx: Tx,
  opslag: FeltOpslag,
  kundeId: number,
  nye: Record<string, unknown>,
  gamle: Record<string, unknown>,
  egetId: number | null,
): Promise<Record<string, string[]>> {
  const errors = await tjekFelter(opslag, SAT_VIRKSOMHED_FELTER, SAT_RAEKKETYPE, nye, gamle);
  if (errors.satTilsynsperiodeId) errors.satTilsynsperiodeId = ['Tilsynsperioden findes ikke hos kunden'];
  const pNr = nye.pNr;
  const periode = nye.satTilsynsperiodeId;
  if (typeof pNr === 'string' && typeof periode === 'number' && !errors.satTilsynsperiodeId) {
    const [dublet] = await queryRows<{ id: number }>(
      tx as Db,
      sql`select v.id from sat_virksomhed s join virksomhed v on v.id = s.virksomhed_id
          where s.kunde_id = ${kundeId} and s.sat_tilsynsperiode_id = ${periode} and v.p_nr = ${pNr}
            and v.type = ${SAT_RAEKKETYPE} and not v.slettet
            and ${egetId === null ? sql`true` : sql`v.id <> ${egetId}`}
          limit 1`,
    );
    if (dublet) errors.pNr = [P_NR_UDVALGT];
  }
  return errors;
}
