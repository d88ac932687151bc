import { and, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SAT_RAEKKETYPE } from '../../contract/entitet';
import { kroner } from '../../contract/format';
import type { KolonneFilter } from '../../contract/liste';
import {
  type GebyrArt,
  gemSatVirksomhed,
  hentGebyrTypeLookup,
  hentSatListe,
  hentSatVirksomhed,
  hentTilsynsperiodeLookup,
  hentTilsynsperioder,
  SAT_KAN_IKKE_AENDRES,
  SAT_RESULTAT_KATEGORIER,
  SAT_VIRKSOMHED_FELTER,
  type SatFilterKolonne,
  type SatSortKolonne,
  type SatStatus,
  satListeDef,
} from '../../contract/sat';
import { loadSatVirksomhed, requireActiveKunde } from '../auth/entitet-adgang';
import { queryRows } from '../db/client';
import { containsPattern } from '../db/like';
import { inListe, kolonneFiltreSql, sideAf, sidePart, sorteringSql } from '../db/liste';
import { satGebyrType, satTilsynsperiode, satVirksomhed, virksomhed } from '../db/schema';
import { opdaterVersioneret, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest } from '../http/errors';
import { beskrivAendringer, FeltOpslag } from '../records/felter';
import {
  hentSatRaekke,
  iDagAf,
  SAT_STATUS_SQL,
  satFelterAf,
  satTilstandSql,
  satVirksomhedSvar,
  tjekSatVirksomhed,
} from './sat-data';
import { satOpretRoutes } from './sat-opret';

/** 409 text of a stale SAT company. */
export const SAT_KONFLIKT =
  'SAT-virksomheden er blevet ændret af en anden, siden du hentede den. Hent den igen og ret på ny.';

const SORT_SQL: Record<SatSortKolonne, SQL[]> = {
  // The stored Danish sort key of the company row (virksomhed.navn_sortering), not one computed per row.
  virksomhedsnavn: [sql`p.navn_sortering collate "C"`, sql`p.navn collate "C"`],
  cvrNr: [sql`p.cvr_nr collate "C"`],
  pNr: [sql`p.p_nr collate "C"`],
  udvalgtDato: [sql`p.udvalgt_dato`],
  deadlineDato: [sql`p.deadline_dato`],
  risikoscore: [sql`p.risikoscore`],
  udvaelgelsesmetode: [sql`p.udvaelgelsesmetode collate "C"`],
  // In the order of the steps, not alphabetically.
  satStatus: [
    sql`(case p.sat_status when 'Udvalgt' then 0 when 'Udført' then 1 when 'Overført' then 2 else 3 end)`,
  ],
  kategori: [sql`p.kategori collate "C"`],
  overfoertDato: [sql`p.overfoert_dato`],
};

function kolonneFilter(f: KolonneFilter<SatFilterKolonne>, iDag: string): SQL {
  const eller = (dele: SQL[]) => sql`(${sql.join(dele, sql` or `)})`;
  switch (f.kolonne) {
    case 'periode':
      return inListe(sql`p.periode_id`, f.vaerdier.map(Number));
    case 'satStatus':
      return inListe(sql`p.sat_status`, f.vaerdier);
    case 'deadline':
      return eller(
        f.vaerdier.map((v) =>
          v === 'overskredet'
            ? sql`(p.deadline_dato < ${iDag} and p.udfoert_dato is null)`
            : v === '30dage'
              ? sql`(p.deadline_dato >= ${iDag} and p.deadline_dato::date <= ${iDag}::date + 30)`
              : sql`p.deadline_dato is null`,
        ),
      );
    case 'overfoert':
      return eller(
        f.vaerdier.map((v) =>
          v === 'true' ? sql`p.overfoert_dato is not null` : sql`p.overfoert_dato is null`,
        ),
      );
    case 'kategori': {
      const k = f.vaerdier.filter((v) => v !== 'ingen');
      const dele: SQL[] = [];
      if (k.length > 0) dele.push(inListe(sql`p.kategori`, k));
      if (f.vaerdier.includes('ingen')) dele.push(sql`p.kategori is null`);
      return eller(dele);
    }
  }
}

interface ListeSqlRaekke {
  id: number;
  navn: string;
  cvr_nr: string | null;
  p_nr: string | null;
  udvalgt_dato: string | null;
  deadline_dato: string | null;
  risikoscore: number | string | null;
  udvaelgelsesmetode: string | null;
  sat_status: SatStatus;
  kategori: string | null;
  overfoert_dato: string | null;
  periode_id: number;
  total: number | string;
}

interface PeriodeSqlRaekke {
  id: number;
  navn: string;
  aar: number;
  startdato: string;
  slutdato: string;
  udvalgt: number | string;
  udfoert: number | string;
  overfoert: number | string;
  faktureret: number | string;
  overskredet: number | string;
}

const kategoriAf = (k: string | null) =>
  k !== null && (SAT_RESULTAT_KATEGORIER as readonly string[]).includes(k)
    ? (k as (typeof SAT_RESULTAT_KATEGORIER)[number])
    : null;

/** The fields of a lookup item the SAT lookups do not use (not DMA lists: no 'Ikke DMA' mark). */
const LOOKUP_TOM = { brugerId: null, beskrivelse: null, prioritet: 0, dmaKode: true, aktiv: true };

/** 'Affaldstilsyn, timesats (685,00 kr./time)' / '... (1.500,00 kr.)'. */
export function gebyrTypeNavn(navn: string, art: GebyrArt, satsOere: number): string {
  return `${navn} (${kroner(satsOere)} kr.${art === 'timesats' ? '/time' : ''})`;
}

/**
 * The SAT programme's periods, fee types, SAT company and list (contract src/contract/sat.ts); the
 * creation calls are in ./sat-opret.ts. Only SAGSBEHANDLER_AFFALD (the endpoints' access).
 */
export async function satRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;

  serve(app, hentTilsynsperioder, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    const kundeId = request.user.kundeId;
    const iDag = iDagAf(clock);
    // The boards of every period in one query: the companies' state grouped by period.
    const rows = await queryRows<PeriodeSqlRaekke>(
      db,
      sql`select p.id, p.navn, p.aar, p.startdato::text as startdato, p.slutdato::text as slutdato,
          count(t.id) as udvalgt,
          count(t.id) filter (where t.udfoert_dato is not null) as udfoert,
          count(t.id) filter (where t.overfoert_dato is not null) as overfoert,
          count(t.id) filter (where t.faktureret) as faktureret,
          count(t.id) filter (where t.deadline_dato < ${iDag} and t.udfoert_dato is null) as overskredet
        from sat_tilsynsperiode p
          left join (${satTilstandSql(kundeId)}) t on t.periode_id = p.id
        where p.kunde_id = ${kundeId}
        group by p.id
        order by p.startdato desc, p.id desc`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      navn: r.navn,
      aar: Number(r.aar),
      startdato: r.startdato,
      slutdato: r.slutdato,
      antalUdvalgt: Number(r.udvalgt),
      antalUdfoert: Number(r.udfoert),
      antalOverfoert: Number(r.overfoert),
      antalFaktureret: Number(r.faktureret),
      antalOverskredet: Number(r.overskredet),
    }));
  });

  serve(app, hentTilsynsperiodeLookup, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    const rows = await db
      .select({ id: satTilsynsperiode.id, navn: satTilsynsperiode.navn })
      .from(satTilsynsperiode)
      .where(eq(satTilsynsperiode.kundeId, request.user.kundeId))
      .orderBy(desc(satTilsynsperiode.startdato), desc(satTilsynsperiode.id));
    // Newest first, as the priority: a lookup's choices go by priority before name, and by name
    // 'Affaldstilsyn 2025' would come before 'Affaldstilsyn 2026' in a SAT company's form.
    return rows.map((r, i) => ({
      ...LOOKUP_TOM,
      id: r.id,
      kode: String(r.id),
      navn: r.navn,
      prioritet: i + 1,
    }));
  });

  serve(app, hentGebyrTypeLookup, async (request) => {
    requireActiveKunde(request.user, request.params.kundeId);
    const dato = request.query.date;
    const rows = await db
      .select()
      .from(satGebyrType)
      .where(
        and(
          eq(satGebyrType.kundeId, request.user.kundeId),
          eq(satGebyrType.aktiv, true),
          lte(satGebyrType.gyldigFra, dato),
          or(isNull(satGebyrType.gyldigTil), gte(satGebyrType.gyldigTil, dato)),
        ),
      )
      .orderBy(satGebyrType.navn, satGebyrType.id);
    return rows.map((r) => ({
      ...LOOKUP_TOM,
      id: r.id,
      kode: String(r.id),
      navn: gebyrTypeNavn(r.navn, r.art as GebyrArt, r.satsOere),
      art: r.art as GebyrArt,
      satsOere: r.satsOere,
    }));
  });

  serve(app, hentSatVirksomhed, async (request) =>
    satVirksomhedSvar(db, await loadSatVirksomhed(db, request.user, request.params.id, 'read'), clock),
  );

  serve(app, gemSatVirksomhed, async (request) => {
    const user = request.user;
    const row = await loadSatVirksomhed(db, user, request.params.id, 'write');
    const s = await hentSatRaekke(db, row.id);
    if (s.fraSatListe) throw badRequest({ fraSatListe: [SAT_KAN_IKKE_AENDRES] }, SAT_KAN_IKKE_AENDRES);
    const body = request.body as Record<string, unknown> & { version: number };
    tjekVersion(body.version, row.version, SAT_KONFLIKT);
    const nye: Record<string, unknown> = {};
    for (const f of SAT_VIRKSOMHED_FELTER) nye[f.navn] = body[f.navn];
    const gamle = satFelterAf(row, s);
    const opdateret = await db.transaction(async (tx) => {
      const opslag = new FeltOpslag(tx, user.kundeId, row);
      const errors = await tjekSatVirksomhed(tx, opslag, user.kundeId, nye, gamle, row.id);
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const aendringer = await beskrivAendringer(opslag, SAT_VIRKSOMHED_FELTER, gamle, nye);
      const ny = await opdaterVersioneret(
        tx,
        virksomhed,
        {
          id: row.id,
          version: body.version,
          hvor: and(eq(virksomhed.kundeId, user.kundeId), eq(virksomhed.type, SAT_RAEKKETYPE)),
        },
        {
          navn: nye.virksomhedsnavn as string,
          cvrNr: nye.cvrNr as string | null,
          pNr: nye.pNr as string | null,
          opdateret: new Date(),
        },
        SAT_KONFLIKT,
        user,
        {
          virksomhedId: row.id,
          emne: 'Stamoplysninger',
          notat: aendringer.length > 0 ? `SAT-virksomhed ændret: ${aendringer.join('; ')}.` : null,
        },
      );
      await tx
        .update(satVirksomhed)
        .set({
          satTilsynsperiodeId: nye.satTilsynsperiodeId as number,
          udvalgtDato: nye.udvalgtDato as string | null,
          deadlineDato: nye.deadlineDato as string | null,
          risikoscore: nye.risikoscore as number | null,
          udvaelgelsesmetode: nye.udvaelgelsesmetode as string | null,
          erLandbrug: nye.erLandbrug === true,
        })
        .where(eq(satVirksomhed.virksomhedId, row.id));
      return ny;
    });
    return satVirksomhedSvar(db, opdateret, clock);
  });

  serve(app, hentSatListe, async (request) => {
    const q = request.query;
    requireActiveKunde(request.user, q.kundeid);
    const iDag = iDagAf(clock);
    const where: SQL[] = [sql`true`];
    if (q.filter) {
      const m = containsPattern(q.filter.toLowerCase());
      where.push(
        sql`(lower(p.navn) like ${m} or coalesce(p.cvr_nr, '') like ${m} or coalesce(p.p_nr, '') like ${m})`,
      );
    }
    where.push(
      ...kolonneFiltreSql(satListeDef.filterRegler, q.filteredColumns, (f) => kolonneFilter(f, iDag)),
    );
    const rows = await queryRows<ListeSqlRaekke>(
      db,
      sql`with p as (
          select t.*, ${SAT_STATUS_SQL} as sat_status from (${satTilstandSql(request.user.kundeId)}) t
        )
        select p.id, p.navn, p.cvr_nr, p.p_nr, p.udvalgt_dato, p.deadline_dato, p.risikoscore,
          p.udvaelgelsesmetode, p.sat_status, p.kategori, p.overfoert_dato, p.periode_id,
          count(*) over () as total
        from p where ${sql.join(where, sql` and `)}
        ${sorteringSql(SORT_SQL, q, sql`p.id`, ['virksomhedsnavn', 'satStatus'])} ${sidePart(q)}`,
    );
    return sideAf(rows, (r) => ({
      id: Number(r.id),
      virksomhedsnavn: r.navn,
      cvrNr: r.cvr_nr,
      pNr: r.p_nr,
      udvalgtDato: r.udvalgt_dato,
      deadlineDato: r.deadline_dato,
      risikoscore: r.risikoscore === null ? null : Number(r.risikoscore),
      udvaelgelsesmetode: r.udvaelgelsesmetode,
      satStatus: r.sat_status,
      kategori: kategoriAf(r.kategori),
      overfoertDato: r.overfoert_dato,
      satTilsynsperiodeId: Number(r.periode_id),
    }));
  });

  await satOpretRoutes(app, deps);
}
