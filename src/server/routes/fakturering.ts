import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { betalerFejl } from '../../contract/brugerbetaling-regler';
import { SAT_RAEKKETYPE } from '../../contract/entitet';
import {
  BATCH_START,
  type BatchStatus,
  FAKTURA_LIVSORDEN,
  type FakturaStatus,
  KREDITNOTA_START,
  kanUdfoere,
} from '../../contract/faktura-status';
import {
  annullerFakturering,
  BATCH_SORT_KOLONNER,
  type BatchFilterKolonne,
  type BatchSortKolonne,
  batchListeDef,
  danForslag,
  danForslagJob,
  FAKTURERING_RET,
  type FakturaFilterKolonne,
  type FakturaSortKolonne,
  fakturaListeDef,
  gemBetaler,
  godkendForslag,
  hentBatches,
  hentBetaler,
  hentFaktura,
  hentFakturaer,
  krediterBatch,
} from '../../contract/fakturering';
import type { KolonneFilter } from '../../contract/liste';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import type { SessionUser } from '../auth/session-user';
import { inListe, kolonneFiltreSql, sideAf, sidePart, sorteringSql } from '../db/liste';
import { virksomhed } from '../db/schema';
import { opdaterVersioneret, type Tx } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { addFieldError, badRequest, conflict, notFound } from '../http/errors';
import {
  batchRaekker,
  FAKTURA_FRA,
  FAKTURA_KOLONNER,
  type FakturaSqlRaekke,
  fakturaLinjer,
  fakturaRaekkeAf,
  fBeloebSql,
  hentBatch,
  hentFakturaRaekke,
  logFakturaer,
  markerRegistreringer,
  opdaterBatchStatus,
  statusEfter,
  tillader,
} from './fakturering-data';
import { danForslagForKunde, raekker } from './fakturering-forslag';
import { faktureringOverfoerRoutes, MAASKE_MODTAGET } from './fakturering-overfoer';

/**
 * Invoicing user payment (issue 13): the invoices and proposals (list with the sums of every match,
 * one with its lines), building the year's proposals, approving them into a batch, the batches,
 * cancelling a batch before transfer, crediting a transferred batch, and the payer data of a failed
 * invoice's company. Transfers live in fakturering-overfoer.ts, the proposal run in
 * fakturering-forslag.ts, the rules in src/contract/brugerbetaling-regler.ts. Every act is written in
 * the company's log.
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
export const VIRKSOMHED_BETALER_KONFLIKT =
  'Virksomheden er ændret af en anden, siden du hentede betalerdata. Hent dem igen og ret på ny.';

const TYPE_NR: Record<string, number> = {
  virksomhed: VIRKSOMHEDSTYPE.VIRKSOMHED,
  landbrug: VIRKSOMHEDSTYPE.LANDBRUG,
  satvirksomhed: SAT_RAEKKETYPE,
};

const FAKTURA_SORT: Record<FakturaSortKolonne, SQL[]> = {
  virksomhedsnavn: [sql`v.navn_sortering collate "C"`, sql`v.navn collate "C"`],
  cvrNr: [sql`v.cvr_nr collate "C"`],
  totalOere: [sql`f.total_oere`],
  timerHalve: [sql`f.timer_halve`],
  antalLinjer: [sql`f.antal_linjer`],
  // In the order of the invoice's life, not alphabetically.
  status: [
    sql`(case f.status ${sql.join(
      FAKTURA_LIVSORDEN.map((s, i) => sql`when ${s} then ${sql.raw(String(i))}`),
      sql` `,
    )} end)`,
  ],
  fakturanummer: [sql`f.fakturanummer collate "C"`],
  godkendt: [sql`f.godkendt`],
  overfoert: [sql`f.overfoert`],
  id: [sql`f.id`],
};

function fakturaFilter(f: KolonneFilter<FakturaFilterKolonne>): SQL {
  switch (f.kolonne) {
    case 'status':
      return inListe(sql`f.status`, f.vaerdier);
    case 'art':
      return inListe(sql`f.art`, f.vaerdier);
    case 'aar':
      return inListe(sql`f.aar`, f.vaerdier.map(Number));
    case 'batch':
      return inListe(sql`f.batch_id`, f.vaerdier.map(Number));
    case 'type':
      return inListe(
        sql`v.type`,
        f.vaerdier.map((v) => TYPE_NR[v] ?? -1),
      );
  }
}

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

const og = (dele: SQL[]): SQL => (dele.length === 0 ? sql`true` : sql.join(dele, sql` and `));

/** The ids as an SQL list. */
const idListe = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export async function faktureringRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  await faktureringOverfoerRoutes(app, deps);

  // ---- invoices and proposals

  serve(app, hentFakturaer, async (request) => {
    const user = request.user;
    const q = request.query;
    const dele = kolonneFiltreSql(fakturaListeDef.filterRegler, q.filteredColumns, fakturaFilter);
    const tekst = q.filter?.trim();
    if (tekst) {
      const m = `%${tekst.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      dele.push(sql`(v.navn ilike ${m} or v.cvr_nr like ${m} or f.fakturanummer ilike ${m})`);
    }
    const hvor = sql`f.kunde_id = ${user.kundeId} and ${og(dele)}`;
    const [sum] = await raekker<{ n: number | string; oere: number | string; halve: number | string }>(
      db,
      sql`select count(*) as n, coalesce(sum(f.total_oere), 0) as oere, coalesce(sum(f.timer_halve), 0) as halve
          from ${FAKTURA_FRA} where ${hvor}`,
    );
    const rows = await raekker<FakturaSqlRaekke>(
      db,
      sql`select ${FAKTURA_KOLONNER} from ${FAKTURA_FRA} where ${hvor}
          ${sorteringSql(FAKTURA_SORT, q, sql`f.id`, ['virksomhedsnavn', 'totalOere', 'timerHalve', 'antalLinjer', 'status', 'id'])}
          ${sidePart(q)}`,
    );
    return {
      totalCount: Number(sum?.n ?? 0),
      items: rows.map(fakturaRaekkeAf),
      sumOere: Number(sum?.oere ?? 0),
      sumTimerHalve: Number(sum?.halve ?? 0),
    };
  });

  serve(app, hentFaktura, async (request) => {
    const f = await hentFakturaRaekke(db, request.user, request.params.id);
    return { ...f, linjer: await fakturaLinjer(db, f.id) };
  });

  serve(app, danForslag, async (request) =>
    danForslagForKunde(db, request.user, request.body.aar, {
      fremskridt: async () => undefined,
      pause: () => new Promise((ok) => setImmediate(ok)),
    }),
  );

  serve(app, danForslagJob, async (request) => {
    const { aar } = request.body;
    const { job } = await deps.jobs.start(request.user, {
      kind: 'fakturering.forslag',
      key: aar,
      titel: `Dan fakturaforslag for ${aar}`,
      ret: FAKTURERING_RET,
      // The steps: the customer's companies, as the run counts them (so the first answer has a percent).
      forbered: async () => {
        const [r] = await raekker<{ n: number | string }>(
          db,
          sql`select count(*) as n from virksomhed where kunde_id = ${request.user.kundeId}`,
        );
        return Number(r?.n ?? 0);
      },
      koer: (ctx) => danForslagForKunde(ctx.db, request.user, aar, ctx),
    });
    return job;
  });

  serve(app, godkendForslag, async (request) => {
    const user = request.user;
    const body = request.body;
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
  });

  // ---- batches

  serve(app, hentBatches, async (request) => {
    const user = request.user;
    const q = request.query;
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
  });

  serve(app, annullerFakturering, async (request) => {
    const user = request.user;
    const { afregningBatchId, aarsag } = request.query;
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
  });

  serve(app, krediterBatch, async (request) => {
    const user = request.user;
    const { batchId, aarsag } = request.query;
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
  });

  // ---- the payer of a failed invoice

  async function betalerAf(tx: Tx, user: SessionUser, fakturaId: number) {
    const f = await hentFakturaRaekke(tx, user, fakturaId);
    const [v] = await raekker<{
      id: number;
      navn: string;
      cvr_nr: string | null;
      basis: Record<string, unknown>;
      version: number;
    }>(tx, sql`select id, navn, cvr_nr, basis, version from virksomhed where id = ${f.virksomhedId}`);
    if (!v) throw notFound('Virksomheden');
    const tekst = (x: unknown) => (typeof x === 'string' && x !== '' ? x : null);
    return {
      virksomhedId: v.id,
      virksomhedsnavn: v.navn,
      // As the invoice row reads it (a SAT company without a payer type pays by its CVR number), so the
      // form shows the payer the transfer used.
      betalerTypeKode: f.betalerTypeKode,
      betalingsReference: tekst(v.basis.betalingsReference),
      cvrNr: v.cvr_nr,
      virksomhedVersion: Number(v.version),
      basis: v.basis,
    };
  }

  serve(app, hentBetaler, async (request) => {
    const { basis: _b, ...b } = await betalerAf(db, request.user, request.params.id);
    return b;
  });

  serve(app, gemBetaler, async (request) => {
    const user = request.user;
    const input = request.body;
    const ny = {
      betalerTypeKode: input.betalerTypeKode,
      betalingsReference: input.betalingsReference?.trim() || null,
      cvrNr: input.cvrNr?.trim() || null,
    };
    const fejl: Record<string, string[]> = {};
    for (const [felt, besked] of betalerFejl(ny)) addFieldError(fejl, felt, besked);
    if (Object.keys(fejl).length > 0) throw badRequest(fejl, 'Betalerdata er ikke gyldige');
    return db.transaction(async (tx) => {
      const gammel = await betalerAf(tx, user, request.params.id);
      const aendringer: string[] = [];
      const vis = (v: string | null) => (v === null ? '(tom)' : `'${v}'`);
      if (gammel.betalerTypeKode !== ny.betalerTypeKode)
        aendringer.push(`Betalertype: ${vis(gammel.betalerTypeKode)} → ${vis(ny.betalerTypeKode)}`);
      if (gammel.betalingsReference !== ny.betalingsReference)
        aendringer.push(
          `Betalingsreference: ${vis(gammel.betalingsReference)} → ${vis(ny.betalingsReference)}`,
        );
      if (gammel.cvrNr !== ny.cvrNr) aendringer.push(`CVR-nummer: ${vis(gammel.cvrNr)} → ${vis(ny.cvrNr)}`);
      const gemt = await opdaterVersioneret(
        tx,
        virksomhed,
        { id: gammel.virksomhedId, version: input.virksomhedVersion },
        {
          cvrNr: ny.cvrNr,
          basis: {
            ...gammel.basis,
            betalerTypeKode: ny.betalerTypeKode,
            betalingsReference: ny.betalingsReference,
          },
          opdateret: new Date(),
        },
        VIRKSOMHED_BETALER_KONFLIKT,
        user,
        {
          virksomhedId: gammel.virksomhedId,
          emne: 'Stamoplysninger',
          notat:
            aendringer.length > 0
              ? `Betalerdata rettet fra fakturering (faktura ${request.params.id}): ${aendringer.join('; ')}.`
              : null,
        },
      );
      const { basis: _b, ...b } = await betalerAf(tx, user, request.params.id);
      return { ...b, virksomhedVersion: Number(gemt.version) };
    });
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
