import { type SQL, sql } from 'drizzle-orm';
import type { BodyOf, QueryOf } from '../../contract/endpoint';
import {
  BATCH_START,
  type BatchStatus,
  type FakturaStatus,
  KREDITNOTA_START,
  kanUdfoere,
} from '../../contract/faktura-status';
import {
  BATCH_SORT_KOLONNER,
  type BatchFilterKolonne,
  type BatchSortKolonne,
  batchListeDef,
  type godkendForslag,
  type hentBatches,
} from '../../contract/fakturering';
import type { KolonneFilter } from '../../contract/liste';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { inListe, kolonneFiltreSql, sideAf, sidePart, sorteringSql } from '../db/liste';
import type { Tx } from '../db/versioneret';
import { badRequest, conflict, notFound } from '../http/errors';
import {
  batchRaekker,
  fBeloebSql,
  hentBatch,
  logFakturaer,
  MAASKE_MODTAGET,
  markerRegistreringer,
  opdaterBatchStatus,
  statusEfter,
  tillader,
} from './data';
import { og } from './fakturaer';
import { raekker } from './forslag';

/**
 * The batches of invoicing (issue 13): approving proposals into a batch, the batches' list,
 * cancelling a batch before transfer and crediting a transferred one. Each act locks what it changes,
 * follows the transitions of `src/contract/faktura-status.ts` and writes the companies' logs.
 */

export const FORSLAG_ALLEREDE_GODKENDT = 'Fakturaforslaget er allerede godkendt';
export const FORSLAG_AENDRET =
  'Fakturaforslaget er ændret, siden du hentede det (forslagene er dannet på ny). Hent listen igen.';
export const REGISTRERING_AENDRET =
  'En registrering på fakturaforslaget er ændret eller slettet, siden forslaget blev dannet. Dan forslagene igen.';
export const FORSLAG_SAMME_AAR = 'Forslagene i en batch skal være fra samme afregningsår';
export const ingenForslag = (aar: number) =>
  `Der er ingen fakturaforslag at godkende for afregningsåret ${aar}`;
export const BATCH_OVERFOERT_KAN_IKKE_ANNULLERES =
  'Batchen er overført til økonomisystemet og kan ikke annulleres. Kreditér den i stedet.';
export const BATCH_MAASKE_MODTAGET =
  'En faktura i batchen kan være modtaget af økonomisystemet (svaret udeblev). Overfør den igen, før batchen annulleres.';
export const BATCH_ALLEREDE_ANNULLERET = 'Batchen er allerede annulleret';
export const KREDIT_KAN_IKKE_ANNULLERES = 'En batch med kreditnotaer kan ikke annulleres';
export const KREDIT_KAN_IKKE_KREDITERES = 'En kreditnota kan ikke krediteres';
export const INGEN_AT_KREDITERE = 'Batchen har ingen overførte fakturaer at kreditere';

const BATCH_SORT: Record<BatchSortKolonne, SQL[]> = {
  id: [sql`b.id`],
  oprettet: [sql`b.oprettet`],
  overfoert: [sql`b.overfoert`],
  totalOere: [sql`(select coalesce(sum(f.total_oere), 0) from faktura f where f.batch_id = b.id)`],
  antal: [sql`(select count(*) from faktura f where f.batch_id = b.id)`],
  status: [sql`b.status collate "C"`],
};

function batchFilter(f: KolonneFilter<BatchFilterKolonne>): SQL {
  switch (f.kolonne) {
    case 'status':
      return inListe(sql`b.status`, f.vaerdier);
    case 'art':
      return inListe(sql`b.art`, f.vaerdier);
    case 'aar':
      return inListe(sql`b.aar`, f.vaerdier.map(Number));
  }
}

/** The ids as an SQL list. */
const idListe = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Approves the chosen proposals (or all of a year's) into a new batch. */
export function godkendTilBatch(db: Db, user: SessionUser, body: BodyOf<typeof godkendForslag>) {
  return db.transaction(async (tx) => {
    // The proposals locked: a second approval of the same waits here and then sees them approved.
    const valgte = 'alle' in body ? null : body.forslag;
    const alleAar = 'alle' in body ? body.aar : null;
    const hvor =
      alleAar !== null
        ? sql`aar = ${alleAar} and art = 'faktura' and ${tillader(sql`status`, 'godkend')}`
        : sql`id in (${idListe((valgte ?? []).map((v) => v.id))})`;
    const laast = await raekker<{ id: number; status: FakturaStatus; version: number; aar: number }>(
      tx,
      sql`select id, status, version, aar from faktura
          where kunde_id = ${user.kundeId} and ${hvor} order by id for update`,
    );
    if (alleAar !== null) {
      if (laast.length === 0) throw badRequest({ aar: [ingenForslag(alleAar)] }, ingenForslag(alleAar));
    } else if (valgte !== null) {
      const fundne = new Map(laast.map((r) => [r.id, r]));
      for (const v of valgte) {
        const r = fundne.get(v.id);
        if (!r) throw notFound('Fakturaforslaget');
        if (!kanUdfoere(r.status, 'godkend')) throw conflict(FORSLAG_ALLEREDE_GODKENDT);
        if (Number(r.version) !== v.version) throw conflict(FORSLAG_AENDRET);
      }
    }
    // The records billed, locked (an edit waits) and compared with the proposal: a record changed or
    // deleted since the proposal was built (a later version of the one sequence) makes it stale.
    const aendrede = await raekker<{ id: number }>(
      tx,
      sql`select r.id from faktura_linje l join faktura f on f.id = l.faktura_id
          join registrering r on r.id = l.registrering_id
          where f.id in (${idListe(laast.map((r) => r.id))}) and (r.slettet or r.version > f.version)
          for update of r`,
    );
    if (aendrede.length > 0) throw conflict(REGISTRERING_AENDRET);
    const aarene = new Set(laast.map((r) => Number(r.aar)));
    if (aarene.size > 1) throw badRequest({ forslag: [FORSLAG_SAMME_AAR] }, FORSLAG_SAMME_AAR);
    const aar = [...aarene][0]!;
    const ids = laast.map((r) => r.id);

    const [batch] = await raekker<{ id: number }>(
      tx,
      sql`insert into afregning_batch (kunde_id, art, status, aar, oprettet_af)
          values (${user.kundeId}, 'faktura', ${BATCH_START}, ${aar}, ${user.brugerId}) returning id`,
    );
    const batchId = batch!.id;
    const valgtHvor = sql`f.id in (${idListe(ids)})`;
    await tx.execute(sql`
      update faktura f set status = ${statusEfter('godkend')}, batch_id = ${batchId}, godkendt_af = ${user.brugerId},
        godkendt = now(), fejl = null, version = nextval('record_version')
      where ${valgtHvor}`);
    await markerRegistreringer(tx, valgtHvor, true);
    await logFakturaer(
      tx,
      user,
      valgtHvor,
      sql`'Fakturaforslag ' || f.id || ' for afregningsåret ' || f.aar || ' godkendt (' || ${fBeloebSql} || ') i batch ' || ${batchId}::text || '.'`,
    );
    return hentBatch(tx, user, batchId);
  });
}

/** A page of the customer's batches. */
export async function batchSide(db: Db, user: SessionUser, q: QueryOf<typeof hentBatches>) {
  const dele = kolonneFiltreSql(batchListeDef.filterRegler, q.filteredColumns, batchFilter);
  const rows = await batchRaekker(
    db,
    user,
    og(dele),
    sql`${sorteringSql(
      BATCH_SORT,
      q,
      sql`b.id`,
      BATCH_SORT_KOLONNER.filter((k) => k !== 'overfoert'),
    )} ${sidePart(q)}`,
  );
  return sideAf(rows, ({ total: _t, ...b }) => b);
}

/** Cancels a batch not yet transferred: its invoices are proposals again. */
export function annullerBatch(
  db: Db,
  user: SessionUser,
  afregningBatchId: number,
  aarsag: string | undefined,
) {
  return db.transaction(async (tx) => {
    await laasBatch(tx, user, afregningBatchId);
    const batch = await hentBatch(tx, user, afregningBatchId);
    if (batch.art === 'kredit') throw conflict(KREDIT_KAN_IKKE_ANNULLERES);
    if (batch.status === 'annulleret') throw conflict(BATCH_ALLEREDE_ANNULLERET);
    const [tael] = await raekker<{ ikke_annullerbar: number | string; maaske: number | string }>(
      tx,
      sql`select count(*) filter (where not ${tillader(sql`f.status`, 'annuller')}) as ikke_annullerbar,
                 count(*) filter (where exists (select 1 from oekonomi_overfoersel o
                                                where o.faktura_id = f.id and ${inListe(sql`o.status`, MAASKE_MODTAGET)})) as maaske
          from faktura f where f.batch_id = ${batch.id}`,
    );
    if (Number(tael?.ikke_annullerbar ?? 0) > 0) throw conflict(BATCH_OVERFOERT_KAN_IKKE_ANNULLERES);
    if (Number(tael?.maaske ?? 0) > 0) throw conflict(BATCH_MAASKE_MODTAGET);

    const iBatch = sql`f.batch_id = ${batch.id}`;
    const grund = aarsag?.trim() ? ` Årsag: ${aarsag.trim()}` : '';
    await logFakturaer(
      tx,
      user,
      iBatch,
      sql`'Batch ' || ${batch.id}::text || ' annulleret; faktura ' || f.id || ' (' || ${fBeloebSql} || ') er igen et forslag.' || ${grund}`,
    );
    await markerRegistreringer(tx, iBatch, false);
    await tx.execute(sql`
      update faktura f set status = ${statusEfter('annuller')}, batch_id = null, godkendt = null, godkendt_af = null, fejl = null,
        version = nextval('record_version')
      where ${iBatch}`);
    await tx.execute(sql`
      update afregning_batch set status = ${'annulleret' satisfies BatchStatus}, aarsag = ${aarsag?.trim() || null},
        annulleret_af = ${user.brugerId}, annulleret = now(), version = nextval('record_version')
      where id = ${batch.id}`);
    return hentBatch(tx, user, batch.id);
  });
}

/** Credits a transferred batch's invoices in a new credit batch; their records are billable again. */
export function krediterBatchen(db: Db, user: SessionUser, batchId: number, aarsag: string) {
  return db.transaction(async (tx) => {
    await laasBatch(tx, user, batchId);
    const batch = await hentBatch(tx, user, batchId);
    if (batch.art === 'kredit') throw conflict(KREDIT_KAN_IKKE_KREDITERES);
    const originaler = await raekker<{ id: number }>(
      tx,
      sql`select id from faktura where batch_id = ${batch.id} and ${tillader(sql`status`, 'krediter')}
          order by id for update`,
    );
    if (originaler.length === 0) throw conflict(INGEN_AT_KREDITERE);
    const ids = originaler.map((o) => o.id);
    const orig = sql`f.id in (${idListe(ids)})`;

    const [kb] = await raekker<{ id: number }>(
      tx,
      sql`insert into afregning_batch (kunde_id, art, status, aar, oprettet_af, krediterer_batch_id, aarsag)
          values (${user.kundeId}, 'kredit', ${BATCH_START}, ${batch.aar}, ${user.brugerId}, ${batch.id}, ${aarsag})
          returning id`,
    );
    const kreditBatchId = kb!.id;
    // The credit notes: the originals negated, each pointing to its invoice, its lines to theirs.
    await tx.execute(sql`
      with kn as (
        insert into faktura (kunde_id, virksomhed_id, aar, art, status, batch_id, total_oere, timer_halve,
                             antal_linjer, krediterer_faktura_id, godkendt_af, godkendt)
        select f.kunde_id, f.virksomhed_id, f.aar, 'kredit', ${KREDITNOTA_START}, ${kreditBatchId}, -f.total_oere,
               -f.timer_halve, f.antal_linjer, f.id, ${user.brugerId}, now()
        from faktura f where ${orig}
        returning id, krediterer_faktura_id
      )
      insert into faktura_linje (faktura_id, kilde, registrering_id, dato, tekst, kategori, timer_halve,
                                 sats_oere, andel_bp, husdyr_andel_bp, beloeb_oere, forklaring,
                                 krediterer_linje_id, aktiv)
      select kn.id, l.kilde, l.registrering_id, l.dato, l.tekst, l.kategori, -l.timer_halve, l.sats_oere,
             l.andel_bp, l.husdyr_andel_bp, -l.beloeb_oere, 'Kreditering af: ' || l.forklaring, l.id, false
      from faktura_linje l join kn on kn.krediterer_faktura_id = l.faktura_id`);
    // The records become billable again: the original lines no longer bill them.
    await markerRegistreringer(tx, orig, false);
    await tx.execute(sql`
      update faktura_linje set aktiv = false where faktura_id in (${idListe(ids)})`);
    await tx.execute(sql`
      update faktura f set status = ${statusEfter('krediter')}, version = nextval('record_version') where ${orig}`);
    await opdaterBatchStatus(tx, batch.id);
    await logFakturaer(
      tx,
      user,
      orig,
      sql`'Faktura ' || f.id || coalesce(' (nr. ' || f.fakturanummer || ')', '') || ' krediteret (' || ${fBeloebSql}
          || ') i kreditbatch ' || ${kreditBatchId}::text || '. Årsag: ' || ${aarsag}`,
    );
    return hentBatch(tx, user, kreditBatchId);
  });
}

/** Locks the batch of the user's customer for the transaction (another customer's or none → 404). */
async function laasBatch(tx: Tx, user: SessionUser, id: number): Promise<void> {
  const rows = await raekker<{ id: number }>(
    tx,
    sql`select id from afregning_batch where id = ${id} and kunde_id = ${user.kundeId} for update`,
  );
  if (rows.length === 0) throw notFound('Batchen');
}
