import { type SQL, sql } from 'drizzle-orm';
import type { QueryOf } from '../../contract/endpoint';
import { SAT_RAEKKETYPE } from '../../contract/entitet';
import { FAKTURA_LIVSORDEN } from '../../contract/faktura-status';
import {
  type FakturaFilterKolonne,
  type FakturaSortKolonne,
  fakturaListeDef,
  type hentFakturaer,
} from '../../contract/fakturering';
import type { KolonneFilter } from '../../contract/liste';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { inListe, kolonneFiltreSql, sidePart, sorteringSql } from '../db/liste';
import {
  FAKTURA_FRA,
  FAKTURA_KOLONNER,
  type FakturaSqlRaekke,
  fakturaLinjer,
  fakturaRaekkeAf,
  hentFakturaRaekke,
} from './data';
import { raekker } from './forslag';

/** The invoices and proposals (issue 13): a page with the sums of every match, and one with its lines. */

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

/** Joins conditions with and (none: true). */
export const og = (dele: SQL[]): SQL => (dele.length === 0 ? sql`true` : sql.join(dele, sql` and `));

/** A page of the customer's invoices and proposals with the count and sums of all that match. */
export async function fakturaSide(db: Db, user: SessionUser, q: QueryOf<typeof hentFakturaer>) {
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
}

/** An invoice or proposal of the customer with its lines. */
export async function fakturaMedLinjer(db: Db, user: SessionUser, id: number) {
  const f = await hentFakturaRaekke(db, user, id);
  return { ...f, linjer: await fakturaLinjer(db, f.id) };
}
