import { type SQL, sql } from 'drizzle-orm';
import { SAT_RAEKKETYPE } from '../../contract/entitet';
import {
  type BatchStatus,
  FAKTURA_I_OEKONOMI,
  type FakturaHandling,
  type FakturaStatus,
  resultatAf,
  statusserFor,
} from '../../contract/faktura-status';
import type { Batch, FakturaLinje, FakturaRaekke } from '../../contract/fakturering';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import type { SessionUser } from '../auth/session-user';
import { inListe } from '../db/liste';
import type { Tx } from '../db/versioneret';
import { notFound } from '../http/errors';
import { kronerSql, raekker } from './forslag';

/**
 * The reads of invoicing shared by its route modules: an invoice row as the lists show it, a batch
 * with its counts, the lines, and the log entries every act writes in the company's log.
 */

export const LOG_EMNE_FAKTURERING = 'Fakturering';

export const FAKTURA_KONFLIKT =
  'Fakturaen er ændret af en anden, siden du hentede den. Hent den igen og prøv på ny.';
export const BATCH_KONFLIKT =
  'Batchen er ændret af en anden, siden du hentede den. Hent den igen og prøv på ny.';

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string).toISOString();
const tal = (v: unknown): number => Number(v ?? 0);
const talEllerNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * `kolonne in (…)` over the invoice statuses from which `handling` is allowed: the contract's table
 * (src/contract/faktura-status.ts) is the one place that says which; no SQL restates it.
 */
export const tillader = (kolonne: SQL, handling: FakturaHandling): SQL =>
  inListe(kolonne, statusserFor(handling));

/** The status `handling` leads to, as an SQL parameter (`set status = …`). */
export const statusEfter = (handling: FakturaHandling): SQL => sql`${resultatAf(handling)}`;

/** `kolonne in (…)` over the invoice statuses the economy system holds. */
export const iOekonomi = (kolonne: SQL): SQL => inListe(kolonne, FAKTURA_I_OEKONOMI);

export const virksomhedstypeNavn = (type: number): string =>
  type === VIRKSOMHEDSTYPE.LANDBRUG ? 'landbrug' : type === SAT_RAEKKETYPE ? 'satvirksomhed' : 'virksomhed';

/** The columns of an invoice row (alias f = faktura, v = virksomhed, bg = the approver). */
export const FAKTURA_KOLONNER = sql`
  f.id, f.art, f.status, f.aar, f.virksomhed_id, v.navn as virksomhedsnavn, v.type as vtype, v.cvr_nr,
  -- A SAT company has no payer fields of its own: it pays by its CVR number.
  coalesce(nullif(v.basis->>'betalerTypeKode', ''), case when v.type = ${SAT_RAEKKETYPE} then 'CVR' end)
    as betaler_type_kode,
  nullif(v.basis->>'betalingsReference', '') as betalings_reference,
  f.antal_linjer, f.timer_halve, f.total_oere, f.batch_id, f.fakturanummer, f.fejl, f.forsoeg,
  f.krediterer_faktura_id,
  (select k.id from faktura k where k.krediterer_faktura_id = f.id) as krediteret_af,
  bg.navn as godkendt_af, f.godkendt, f.overfoert, f.version`;
export const FAKTURA_FRA = sql`faktura f join virksomhed v on v.id = f.virksomhed_id
  left join bruger bg on bg.id = f.godkendt_af`;

export interface FakturaSqlRaekke {
  id: number;
  art: 'faktura' | 'kredit';
  status: FakturaStatus;
  aar: number;
  virksomhed_id: number;
  virksomhedsnavn: string;
  vtype: number;
  cvr_nr: string | null;
  betaler_type_kode: string | null;
  betalings_reference: string | null;
  antal_linjer: number;
  timer_halve: number;
  total_oere: number | string;
  batch_id: number | null;
  fakturanummer: string | null;
  fejl: string | null;
  forsoeg: number;
  krediterer_faktura_id: number | null;
  krediteret_af: number | null;
  godkendt_af: string | null;
  godkendt: unknown;
  overfoert: unknown;
  version: number;
}

export const fakturaRaekkeAf = (r: FakturaSqlRaekke): FakturaRaekke => ({
  id: r.id,
  art: r.art,
  status: r.status,
  aar: tal(r.aar),
  virksomhedId: r.virksomhed_id,
  virksomhedsnavn: r.virksomhedsnavn,
  virksomhedstype: virksomhedstypeNavn(tal(r.vtype)),
  cvrNr: r.cvr_nr,
  betalerTypeKode: r.betaler_type_kode,
  betalingsReference: r.betalings_reference,
  antalLinjer: tal(r.antal_linjer),
  timerHalve: tal(r.timer_halve),
  totalOere: tal(r.total_oere),
  batchId: talEllerNull(r.batch_id),
  fakturanummer: r.fakturanummer,
  fejl: r.fejl,
  forsoeg: tal(r.forsoeg),
  kreditererFakturaId: talEllerNull(r.krediterer_faktura_id),
  krediteretAfFakturaId: talEllerNull(r.krediteret_af),
  godkendtAf: r.godkendt_af,
  godkendt: iso(r.godkendt),
  overfoert: iso(r.overfoert),
  version: tal(r.version),
});

/** Invoices of the user's customer matching `hvor` (an empty list when none). */
export async function fakturaRaekker(tx: Tx, user: SessionUser, hvor: SQL): Promise<FakturaRaekke[]> {
  const rows = await raekker<FakturaSqlRaekke>(
    tx,
    sql`select ${FAKTURA_KOLONNER} from ${FAKTURA_FRA} where f.kunde_id = ${user.kundeId} and ${hvor} order by f.id`,
  );
  return rows.map(fakturaRaekkeAf);
}

/** One invoice of the user's customer; another customer's id or an unknown one answers 404. */
export async function hentFakturaRaekke(tx: Tx, user: SessionUser, id: number): Promise<FakturaRaekke> {
  const [f] = await fakturaRaekker(tx, user, sql`f.id = ${id}`);
  if (!f) throw notFound('Fakturaen');
  return f;
}

export async function fakturaLinjer(tx: Tx, fakturaId: number): Promise<FakturaLinje[]> {
  const rows = await raekker<{
    id: number;
    kilde: FakturaLinje['kilde'];
    registrering_id: number | null;
    dato: unknown;
    tekst: string;
    kategori: string | null;
    timer_halve: number | null;
    sats_oere: number;
    andel_bp: number;
    husdyr_andel_bp: number | null;
    beloeb_oere: number | string;
    forklaring: string;
    krediterer_linje_id: number | null;
  }>(
    tx,
    sql`select id, kilde, registrering_id, to_char(dato, 'YYYY-MM-DD') as dato, tekst, kategori, timer_halve,
               sats_oere, andel_bp, husdyr_andel_bp, beloeb_oere, forklaring, krediterer_linje_id
        from faktura_linje where faktura_id = ${fakturaId} order by dato, id`,
  );
  return rows.map((l) => ({
    id: l.id,
    kilde: l.kilde,
    registreringId: talEllerNull(l.registrering_id),
    dato: String(l.dato),
    tekst: l.tekst,
    kategori: l.kategori,
    timerHalve: talEllerNull(l.timer_halve),
    satsOere: tal(l.sats_oere),
    andelBp: tal(l.andel_bp),
    husdyrAndelBp: talEllerNull(l.husdyr_andel_bp),
    beloebOere: tal(l.beloeb_oere),
    forklaring: l.forklaring,
    kreditererLinjeId: talEllerNull(l.krediterer_linje_id),
  }));
}

/** The columns of a batch (alias b) with its invoices' count and total. */
const BATCH_KOLONNER = sql`
  b.id, b.art, b.status, b.aar, b.oprettet, ob.navn as oprettet_af, b.overfoert, b.krediterer_batch_id,
  (select kb.id from afregning_batch kb where kb.krediterer_batch_id = b.id order by kb.id desc limit 1)
    as krediteret_af, b.aarsag, b.version,
  (select count(*) from faktura f where f.batch_id = b.id) as antal,
  (select coalesce(sum(f.total_oere), 0) from faktura f where f.batch_id = b.id) as total_oere,
  (select sum(k.total_oere) from faktura k join faktura o on o.id = k.krediterer_faktura_id
   where o.batch_id = b.id and k.art = 'kredit') as krediteret_oere`;
const BATCH_FRA = sql`afregning_batch b join bruger ob on ob.id = b.oprettet_af`;

interface BatchSqlRaekke {
  id: number;
  art: Batch['art'];
  status: Batch['status'];
  aar: number;
  oprettet: unknown;
  oprettet_af: string;
  overfoert: unknown;
  krediterer_batch_id: number | null;
  krediteret_af: number | null;
  aarsag: string | null;
  version: number;
  antal: number | string;
  total_oere: number | string;
  krediteret_oere: number | string | null;
}

const batchAf = (b: BatchSqlRaekke): Batch => ({
  id: b.id,
  art: b.art,
  status: b.status,
  aar: tal(b.aar),
  antal: tal(b.antal),
  totalOere: tal(b.total_oere),
  oprettet: iso(b.oprettet) ?? '',
  oprettetAf: b.oprettet_af,
  overfoert: iso(b.overfoert),
  kreditererBatchId: talEllerNull(b.krediterer_batch_id),
  krediteretAfBatchId: talEllerNull(b.krediteret_af),
  aarsag: b.aarsag,
  krediteretOere: talEllerNull(b.krediteret_oere),
  version: tal(b.version),
});

/** Batches of the user's customer matching `hvor`, then `resten` (order, page). */
export async function batchRaekker(
  tx: Tx,
  user: SessionUser,
  hvor: SQL,
  resten: SQL = sql`order by b.id`,
): Promise<(Batch & { total: number })[]> {
  const rows = await raekker<BatchSqlRaekke & { total: number | string }>(
    tx,
    sql`select ${BATCH_KOLONNER}, count(*) over () as total from ${BATCH_FRA}
        where b.kunde_id = ${user.kundeId} and ${hvor} ${resten}`,
  );
  return rows.map((r) => ({ ...batchAf(r), total: tal(r.total) }));
}

/** One batch of the user's customer; another customer's id or an unknown one answers 404. */
export async function hentBatch(tx: Tx, user: SessionUser, id: number): Promise<Batch> {
  const [b] = await batchRaekker(tx, user, sql`b.id = ${id}`);
  if (!b) throw notFound('Batchen');
  const { total: _t, ...batch } = b;
  return batch;
}

/**
 * One log entry per invoice matched by `hvor` (alias f), in its company's log, with who and when:
 * `tekst` is an SQL text expression over f (the amount is at hand as `kronerSql(f.total_oere)`).
 */
export async function logFakturaer(tx: Tx, user: SessionUser, hvor: SQL, tekst: SQL): Promise<void> {
  await tx.execute(sql`
    insert into logbog (kunde_id, virksomhed_id, emne, notat, bruger_id, automatisk)
    select f.kunde_id, f.virksomhed_id, ${LOG_EMNE_FAKTURERING}, ${tekst}, ${user.brugerId}, true
    from faktura f where f.kunde_id = ${user.kundeId} and ${hvor}`);
}

/** The amount of invoice f as Danish kroner with sign (for log texts). */
export const fBeloebSql = sql`(case when f.total_oere < 0 then '-' else '' end || ${kronerSql(sql`abs(f.total_oere)`)} || ' kr.')`;

/**
 * Marks the records billed by the lines of the invoices matched by `hvor` (alias f) as invoiced or not,
 * with a new version each, so an edit begun before is stale (409).
 */
export async function markerRegistreringer(tx: Tx, hvor: SQL, faktureret: boolean): Promise<void> {
  await tx.execute(sql`
    update registrering r
    set data = r.data || jsonb_build_object('faktureret', ${faktureret}::boolean),
        version = nextval('record_version')
    where r.id in (select l.registrering_id from faktura_linje l join faktura f on f.id = l.faktura_id
                   where ${hvor} and l.registrering_id is not null)`);
}

/**
 * A batch's status from its invoices, as `batchStatusAf` in src/contract/faktura-status.ts says it:
 * every one transferred (or credited) → overfoert; some transferred and some failed → delvist; none
 * transferred and some failed → fejlet (it still awaits a transfer that goes through, issue 30); none
 * sent yet → godkendt; all credited → krediteret. The invoice statuses come from the contract's table.
 */
export async function opdaterBatchStatus(tx: Tx, batchId: number): Promise<void> {
  const b = (s: BatchStatus) => sql`${s}`;
  const krediteret = sql`${resultatAf('krediter')}`;
  const fejlet = sql`${resultatAf('overfoerFejlet')}`;
  await tx.execute(sql`
    update afregning_batch b set
      status = s.status,
      overfoert = case when ${inListe(sql`s.status`, ['overfoert', 'krediteret'] satisfies BatchStatus[])}
                       then coalesce(b.overfoert, now()) else b.overfoert end,
      version = nextval('record_version')
    from (
      select case
               when count(*) = 0 then ${b('annulleret')}
               when count(*) filter (where f.status = ${krediteret}) = count(*) then ${b('krediteret')}
               when count(*) filter (where ${iOekonomi(sql`f.status`)}) = count(*) then ${b('overfoert')}
               when count(*) filter (where ${iOekonomi(sql`f.status`)}) > 0 then ${b('delvist')}
               when count(*) filter (where f.status = ${fejlet}) > 0 then ${b('fejlet')}
               else ${b('godkendt')} end as status
      from faktura f where f.batch_id = ${batchId}
    ) s
    where b.id = ${batchId} and b.status <> ${b('annulleret')}`);
}

/** The outcome of a transfer attempt (`fakturering-overfoer`). */
export type Udfald = { status: 'OK'; fakturanummer: string } | { status: 'Fejl' | 'Timeout'; besked: string };
/** The status of an attempt in `oekonomi_overfoersel`. */
export type ForsoegStatus = Udfald['status'];
/** The attempts after which the economy system may hold the invoice (taken, or not answered). */
export const MAASKE_MODTAGET: readonly ForsoegStatus[] = ['OK', 'Timeout'];
