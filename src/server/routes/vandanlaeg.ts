import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { feltNormaliser } from '../../contract/felter';
import { datoDel, formatTal } from '../../contract/format';
import { ctrlprogramPasser } from '../../contract/jupiter-regler';
import type { KolonneFilter, Side } from '../../contract/liste';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import {
  gemVandanlaegBasis,
  hentVandanlaeg,
  hentVandanlaegListe,
  soegVandanlaegDawa,
  UDEN_FOR_DANMARK,
  VANDANLAEG_BASIS_FELTER,
  VANDANLAEG_KONFLIKT,
  type Vandanlaeg,
  type VandanlaegFilterKolonne,
  type VandanlaegListeRaekke,
  type VandanlaegSortKolonne,
  vandanlaegListeDef,
  vandLookupSti,
} from '../../contract/vandanlaeg';
import { lookupListe } from '../catalog/lookups';
import { type Db, queryRows } from '../db/client';
import { inListe, kolonneFiltreSql, sideAf, sidePart, sorteringSql } from '../db/liste';
import { bruger, jupiterIndberetning, kontaktperson, virksomhed } from '../db/schema';
import { MULIGE_VIRKSOMHEDSTYPER } from '../db/seed/lookups';
import { danskOrden } from '../db/sortering';
import { opdaterVersioneret, type Tx, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { iDanmark } from '../geo/danmark';
import { serve } from '../http/endpoint';
import { badRequest } from '../http/errors';
import { beskrivAendringer, FeltOpslag, somListe, tjekFelter } from '../records/felter';
import { loadVandanlaeg, requireActiveKunde } from './entity-access';

type Row = typeof virksomhed.$inferSelect;

const _LAES = 'SAGSBEHANDLER_VANDANLAEG_LAES';
const _SKRIV = 'SAGSBEHANDLER_VANDANLAEG';

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const tekstEllerNull = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
const talEllerNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Basis as the API carries it: the columns and the jsonb, every field present in its answer shape. */
export function vandanlaegBasisAf(row: Row): Record<string, unknown> {
  const b = row.basis;
  const liste = somListe(b.sagsbehandlerListe).filter((x): x is number => typeof x === 'number');
  const raw: Record<string, unknown> = {
    ...b,
    anlaegsnavn: row.navn,
    anlaegsnr: row.anlaegsnr,
    jupiterId: row.jupiterId,
    cvrNr: row.cvrNr,
    pNr: row.pNr,
    // The primary case worker column leads the list (older rows have only the column).
    sagsbehandlerListe:
      row.primaerSagsbehandlerId !== null && !liste.includes(row.primaerSagsbehandlerId)
        ? [row.primaerSagsbehandlerId, ...liste]
        : liste,
  };
  const basis: Record<string, unknown> = {};
  for (const f of VANDANLAEG_BASIS_FELTER) basis[f.navn] = feltNormaliser(f, raw[f.navn]);
  return {
    ...basis,
    anlaegsnavn: row.navn,
    overanlaegVirksomhedId: talEllerNull(b.overanlaegVirksomhedId),
    slettet: row.slettet,
    virksomhedstype: row.type,
  };
}

function lokalitetAf(row: Row) {
  const lok = obj(row.basis.lokalitet);
  return {
    matrikler: somListe(lok.matrikler).map(String),
    bfeNr: tekstEllerNull(lok.bfeNr),
  };
}

/** The plant as GET Vandanlaeg/{id} answers it. */
/** The answer of GET Vandanlaeg/{id} for a loaded plant row (the benchmark runs it directly too). */
export async function hentDetalje(db: Db | Tx, row: Row): Promise<Vandanlaeg> {
  const basis = vandanlaegBasisAf(row);
  const ekstra = obj(row.basis.adresse);
  const lok = lokalitetAf(row);
  // One after the other: inside a transaction the queries share one connection.
  const kontakter = await db
    .select()
    .from(kontaktperson)
    .where(and(eq(kontaktperson.virksomhedId, row.id), eq(kontaktperson.slettet, false)))
    .orderBy(...danskOrden(kontaktperson.navn), kontaktperson.id);
  const under = await db
    .select({ id: virksomhed.id, navn: virksomhed.navn, anlaegsnr: virksomhed.anlaegsnr })
    .from(virksomhed)
    .where(
      and(
        eq(virksomhed.kundeId, row.kundeId),
        eq(virksomhed.type, VIRKSOMHEDSTYPE.VANDANLAEG),
        eq(virksomhed.slettet, false),
        sql`${virksomhed.basis}->>'overanlaegVirksomhedId' = ${String(row.id)}`,
      ),
    )
    .orderBy(...danskOrden(virksomhed.navn), virksomhed.id);
  const overId = basis.overanlaegVirksomhedId as number | null;
  const [over] =
    overId !== null
      ? await db
          .select({ id: virksomhed.id, navn: virksomhed.navn })
          .from(virksomhed)
          .where(and(eq(virksomhed.id, overId), eq(virksomhed.kundeId, row.kundeId)))
      : [];
  const [jupiter] = await db
    .select()
    .from(jupiterIndberetning)
    .where(eq(jupiterIndberetning.vandanlaegId, row.id))
    .orderBy(desc(jupiterIndberetning.sendt), desc(jupiterIndberetning.id))
    .limit(1);
  const ids = somListe(basis.sagsbehandlerListe).filter((x): x is number => typeof x === 'number');
  const navne =
    ids.length > 0
      ? await db
          .select({ brugerId: bruger.id, navn: bruger.navn })
          .from(bruger)
          .where(inArray(bruger.id, ids))
      : [];
  if (jupiter && basis.jupiterIndberetningStatus === null) basis.jupiterIndberetningStatus = jupiter.status;
  return {
    id: row.id,
    type: row.type,
    version: row.version,
    opdateret: row.opdateret.toISOString(),
    basis: basis as unknown as Vandanlaeg['basis'],
    adresseId: row.dawaAdresseId,
    adresse: {
      dawaAdresseId: row.dawaAdresseId,
      vejnavn: row.vejnavn,
      husnummer: row.husnummer,
      etage: tekstEllerNull(ekstra.etage),
      sideDoer: tekstEllerNull(ekstra.sideDoer),
      postnummer: row.postnummer,
      city: row.postdistrikt,
      fuldeAdresse: row.adresse,
      x: talEllerNull(ekstra.x) ?? row.x,
      y: talEllerNull(ekstra.y) ?? row.y,
      supplerendebynavn: tekstEllerNull(ekstra.supplerendebynavn),
    },
    koordinat: row.x !== null && row.y !== null ? { id: row.id, x: row.x, y: row.y } : null,
    wkt: row.x !== null && row.y !== null ? `POINT(${row.x} ${row.y})` : null,
    matrikler: lok.matrikler,
    lokalitet: {
      id: row.id,
      adresse: row.adresse,
      dawaAdresseId: row.dawaAdresseId,
      matrikler: lok.matrikler,
      bfeNr: lok.bfeNr,
    },
    overanlaeg: over ?? null,
    underanlaeg: under,
    kontaktpersonListe: kontakter.map((k) => ({
      id: k.id,
      navn: k.navn,
      email: k.email,
      telefon: k.telefon,
      kontaktType: k.rolle,
      jupiterId: k.jupiterKontaktpersonId,
    })),
    jupiterStatus: jupiter
      ? {
          status: jupiter.status,
          sendt: jupiter.sendt.toISOString(),
          fejlTypeKode: jupiter.fejlTypeKode,
          fejlTypeTekst: jupiter.fejlTypeTekst,
        }
      : null,
    sagsbehandlere: navne,
    slettet: row.slettet,
  };
}

const LOG_EMNE = 'Stamoplysninger';
const fmtKoordinat = (x: number | null, y: number | null) =>
  x === null || y === null ? '(tom)' : `${formatTal(x)}, ${formatTal(y)}`;

// ---------------------------------------------------------------- the list

const tekstSort = (kolonne: string): SQL[] => [
  sql`dansk_sortering(${sql.raw(kolonne)})`,
  sql.raw(`${kolonne} collate "C"`),
];

const SORT_SQL: Record<VandanlaegSortKolonne, SQL[]> = {
  anlaegsnavn: tekstSort('p.anlaegsnavn'),
  anlaegsnr: [sql`p.anlaegsnr collate "C"`],
  jupiterId: [sql`p.jupiter_id collate "C"`],
  primaerVirksomhedstype: [sql`p.primaer_virksomhedstype collate "C"`],
  adresse: tekstSort('p.adresse'),
  sagsbehandler: tekstSort('p.sagsbehandler'),
  jupiterStatus: [sql`p.jupiter_status collate "C"`],
  tilladtMaengde: [sql`p.tilladt_maengde`],
  udloebsdato: [sql`p.udloebsdato`],
  senestePeriode: [sql`p.seneste_periode`],
  afventer: [sql`p.afventer`],
};

function kolonneFilter(f: KolonneFilter<VandanlaegFilterKolonne>): SQL {
  switch (f.kolonne) {
    case 'primaerVirksomhedstype':
      return inListe(sql`p.primaer_virksomhedstype`, f.vaerdier);
    case 'sagsbehandler': {
      const ids = f.vaerdier.filter((v) => v !== 'ingen').map(Number);
      const dele: SQL[] = [];
      if (ids.length > 0) dele.push(inListe(sql`p.sagsbehandler_id`, ids));
      if (f.vaerdier.includes('ingen')) dele.push(sql`p.sagsbehandler_id is null`);
      return sql`(${sql.join(dele, sql` or `)})`;
    }
    case 'jupiterStatus': {
      const st = f.vaerdier.filter((v) => v !== 'ingen');
      const dele: SQL[] = [];
      if (st.length > 0) dele.push(inListe(sql`p.jupiter_status`, st));
      if (f.vaerdier.includes('ingen')) dele.push(sql`p.jupiter_status is null`);
      return sql`(${sql.join(dele, sql` or `)})`;
    }
    case 'afventer': {
      const dele = f.vaerdier.map((v) => (v === 'true' ? sql`p.afventer > 0` : sql`p.afventer = 0`));
      return sql`(${sql.join(dele, sql` or `)})`;
    }
    case 'udloebet': {
      const dele = f.vaerdier.map((v) =>
        v === 'true'
          ? sql`p.udloebsdato < current_date`
          : sql`(p.udloebsdato is null or p.udloebsdato >= current_date)`,
      );
      return sql`(${sql.join(dele, sql` or `)})`;
    }
  }
}

interface ListeSqlRaekke {
  id: number;
  anlaegsnavn: string;
  anlaegsnr: string | null;
  jupiter_id: string | null;
  primaer_virksomhedstype: string | null;
  adresse: string | null;
  sagsbehandler: string | null;
  jupiter_status: string | null;
  tilladt_maengde: number | string | null;
  udloebsdato: string | Date | null;
  seneste_periode: string | Date | null;
  afventer: number | string;
  total: number | string;
}

const dato = datoDel;

/**
 * One page of the customer's water plants with their computed columns (latest Jupiter status,
 * latest reported period, entries awaiting validation). A customer has hundreds of plants, not
 * tens of thousands: the columns are computed for all of them (grouped once per table, not per
 * row), then filtered, sorted and paged with a window count.
 */
export async function hentVandanlaegListeSide(
  db: Db,
  kundeId: number,
  q: {
    start: number;
    take: number;
    sortByColumn: VandanlaegSortKolonne;
    sortDirection: 'ASC' | 'DESC';
    filter?: string;
    filteredColumns: string[];
  },
): Promise<Side<VandanlaegListeRaekke>> {
  const where: SQL[] = [sql`true`];
  if (q.filter) {
    const m = `%${q.filter.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(lower(p.anlaegsnavn) like ${m} or lower(coalesce(p.anlaegsnr, '')) like ${m}
        or lower(coalesce(p.jupiter_id, '')) like ${m} or lower(coalesce(p.adresse, '')) like ${m})`,
    );
  }
  where.push(...kolonneFiltreSql(vandanlaegListeDef.filterRegler, q.filteredColumns, kolonneFilter));
  // The latest period of a plant is one probe of oppumpet_anlaeg_slut_idx: for every plant when the
  // list is sorted by it, else for the page's rows alone.
  const senesteForAlle = q.sortByColumn === 'senestePeriode';
  const seneste = (id: SQL) =>
    sql`(select max(om.slutdato) from oppumpet_maengde om where om.vandanlaeg_id = ${id})`;
  const rows = await queryRows<ListeSqlRaekke>(
    db,
    sql`with
      j as (
        select distinct on (vandanlaeg_id) vandanlaeg_id, status
        from jupiter_indberetning where kunde_id = ${kundeId}
        order by vandanlaeg_id, sendt desc, id desc
      ),
      a as (
        select vandanlaeg_id, count(*) as afventer from (
          select vandanlaeg_id from oppumpet_maengde where kunde_id = ${kundeId} and status = 0
          union all select vandanlaeg_id from pejling where kunde_id = ${kundeId} and status = 0
          union all select vandanlaeg_id from vandproeve where kunde_id = ${kundeId} and status = 0
        ) x group by vandanlaeg_id
      ),
      p as (
        select v.id, v.navn as anlaegsnavn, v.anlaegsnr, v.jupiter_id,
          v.basis->>'primaerVirksomhedstype' as primaer_virksomhedstype,
          v.adresse, v.primaer_sagsbehandler_id as sagsbehandler_id, b.navn as sagsbehandler,
          j.status as jupiter_status,
          case when jsonb_typeof(v.basis->'vandmaengdeM3Aar') = 'number'
            then (v.basis->>'vandmaengdeM3Aar')::double precision end as tilladt_maengde,
          case when v.basis->>'udloebsdatoPaaGaeldendeTilladelse' ~ '^\\d{4}-\\d{2}-\\d{2}'
            then substr(v.basis->>'udloebsdatoPaaGaeldendeTilladelse', 1, 10)::date end as udloebsdato,
          ${senesteForAlle ? seneste(sql`v.id`) : sql`null::date`} as seneste_periode,
          coalesce(a.afventer, 0) as afventer
        from virksomhed v
          left join bruger b on b.id = v.primaer_sagsbehandler_id
          left join j on j.vandanlaeg_id = v.id
          left join a on a.vandanlaeg_id = v.id
        where v.kunde_id = ${kundeId} and v.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} and not v.slettet
      ),
      side as (
        select p.*, count(*) over () as total from p
        where ${sql.join(where, sql` and `)}
        ${sorteringSql(SORT_SQL, q, sql`p.id`, ['anlaegsnavn', 'afventer'])} ${sidePart(q)}
      )
      select p.id, p.anlaegsnavn, p.anlaegsnr, p.jupiter_id, p.primaer_virksomhedstype, p.adresse,
        p.sagsbehandler, p.jupiter_status, p.tilladt_maengde, p.udloebsdato, p.afventer, p.total,
        ${senesteForAlle ? sql`p.seneste_periode` : seneste(sql`p.id`)} as seneste_periode
      from side p
      ${sorteringSql(SORT_SQL, q, sql`p.id`, ['anlaegsnavn', 'afventer'])}`,
  );
  const side = sideAf(rows, (r) => ({
    id: Number(r.id),
    anlaegsnavn: r.anlaegsnavn,
    anlaegsnr: r.anlaegsnr,
    jupiterId: r.jupiter_id,
    primaerVirksomhedstype: r.primaer_virksomhedstype,
    adresse: r.adresse,
    sagsbehandler: r.sagsbehandler,
    jupiterStatus: r.jupiter_status,
    tilladtMaengde: r.tilladt_maengde === null ? null : Number(r.tilladt_maengde),
    udloebsdato: dato(r.udloebsdato),
    senestePeriode: dato(r.seneste_periode),
    afventer: Number(r.afventer),
  }));
  if (rows.length === 0 && q.start > 0) {
    const [c] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from virksomhed p where p.kunde_id = ${kundeId}
        and p.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} and not p.slettet`,
    );
    // Without filters every plant counts; with filters the page past the end reports 0 (no row carries it).
    if (!q.filter && q.filteredColumns.length === 0) side.totalCount = Number(c?.n ?? 0);
  }
  return side;
}

// ---------------------------------------------------------------- routes

/**
 * The water plant itself: GET Vandanlaeg/{id}, PUT vandanlaeg/{id}/basis (versioned, logged) and
 * the list GET Vandanlaeg/HentVandanlaegListe. Reading needs SAGSBEHANDLER_VANDANLAEG_LAES,
 * changing SAGSBEHANDLER_VANDANLAEG.
 */
export async function vandanlaegRoutes(app: FastifyInstance, { db, integrations }: Deps): Promise<void> {
  serve(app, hentVandanlaeg, async (request) =>
    hentDetalje(db, await loadVandanlaeg(db, request.user, request.params.id, 'read')),
  );

  serve(app, hentVandanlaegListe, async (request) => {
    const q = request.query;
    requireActiveKunde(request.user, q.kundeid);
    return hentVandanlaegListeSide(db, request.user.kundeId, { ...q, filter: q.filter || undefined });
  });

  /** The address search of the basis form (the customer's municipality, as the company search). */
  serve(app, soegVandanlaegDawa, (request) =>
    integrations.dawa.soeg(request.query.q, Number(request.user.kundeNr), request.query.antal),
  );

  serve(app, gemVandanlaegBasis, async (request) => {
    const user = request.user;
    const row = await loadVandanlaeg(db, user, request.params.id, 'write');
    const body = request.body as Record<string, unknown> & {
      version: number;
      overanlaegVirksomhedId?: number | null;
      adresse?: { dawaAdresseId: string; dawaAdresseType: 'adresse' | 'adgangsadresse' } | null;
      koordinat?: { x: number; y: number } | null;
      matrikler?: string[];
      bfeNr?: string | null;
    };
    tjekVersion(body.version, row.version, VANDANLAEG_KONFLIKT);

    const gamle = vandanlaegBasisAf(row);
    const felter = VANDANLAEG_BASIS_FELTER.filter((f) => !f.skrivebeskyttet);
    const nye: Record<string, unknown> = {};
    for (const f of felter) nye[f.navn] = body[f.navn];

    // The address from DAWA, fetched before the transaction (an outside call).
    let dawa: Awaited<ReturnType<typeof integrations.dawa.hent>> | undefined;
    if (body.adresse) {
      dawa = await integrations.dawa.hent(body.adresse.dawaAdresseId, body.adresse.dawaAdresseType);
      if (!dawa) throw badRequest({ adresse: ['Adressen findes ikke i DAWA'] });
    }

    return db.transaction(async (tx) => {
      const opslag = new FeltOpslag(tx, user.kundeId, row);
      const errors = await tjekFelter(opslag, felter, row.type, nye, gamle);

      // The company type must fit the abstraction purpose (the form's dependent list).
      const formaal = nye.jupiterIndvindingsformaalId as number | null;
      const vtype = nye.primaerVirksomhedstype as string | null;
      const aendret = formaal !== gamle.jupiterIndvindingsformaalId || vtype !== gamle.primaerVirksomhedstype;
      if (aendret && formaal !== null && vtype !== null && !errors.primaerVirksomhedstype) {
        if (!muligeKoder(formaal).has(vtype)) {
          errors.primaerVirksomhedstype = ['Virksomhedstypen passer ikke til indvindingsformålet'];
        }
      }

      // The over-plant: another live plant of the customer, and never one below this plant.
      const gammelOver = gamle.overanlaegVirksomhedId as number | null;
      const nyOver = body.overanlaegVirksomhedId === undefined ? gammelOver : body.overanlaegVirksomhedId;
      let overNavn: string | null = null;
      // Checked when changed: a saved over-plant deleted since does not block other changes.
      if (nyOver !== null && nyOver !== gammelOver) {
        const fejl = await tjekOveranlaeg(tx, user.kundeId, row.id, nyOver);
        if (typeof fejl === 'string') errors.overanlaegVirksomhedId = [fejl];
        else overNavn = fejl.navn;
      }
      // A CTRLPROGRAM that does not fit the company type (a missing one is Jupiter-klar's to report).
      const ctrl = nye.jupiterCTRLPROGRAMId;
      const ctrlAendret = ctrl !== gamle.jupiterCTRLPROGRAMId || vtype !== gamle.primaerVirksomhedstype;
      if (ctrlAendret && ctrl !== null && !errors.jupiterCTRLPROGRAMId) {
        const fejl = ctrlprogramPasser({ virksomhedstype: vtype, formaalId: formaal, ctrlprogram: ctrl });
        if (fejl?.art === 'ugyldig') errors.jupiterCTRLPROGRAMId = [fejl.besked];
      }

      // A changed coordinate must lie in Denmark's land or territorial waters (the shape, not the
      // form's box); an unchanged one does not block other changes (Jupiter-klar reports it).
      const k = body.koordinat;
      if (k && (k.x !== row.x || k.y !== row.y) && !iDanmark(k.x, k.y))
        errors['koordinat.x'] = [UDEN_FOR_DANMARK];
      if (Object.keys(errors).length > 0) throw badRequest(errors);

      const aendringer = await beskrivAendringer(opslag, felter, gamle, nye);
      if (nyOver !== gammelOver) {
        const [gl] =
          gammelOver !== null
            ? await tx.select({ navn: virksomhed.navn }).from(virksomhed).where(eq(virksomhed.id, gammelOver))
            : [];
        aendringer.push(`Overanlæg: ${gl?.navn ?? '(tom)'} → ${overNavn ?? '(tom)'}`);
      }

      // Address: kept, cleared, or the DAWA address chosen.
      const adresseSet: Partial<typeof virksomhed.$inferInsert> = {};
      let adresseEkstra = obj(row.basis.adresse);
      if (body.adresse === null && row.adresse !== null) {
        Object.assign(adresseSet, {
          vejnavn: null,
          husnummer: null,
          postnummer: null,
          postdistrikt: null,
          adresse: null,
          dawaAdresseId: null,
        });
        adresseEkstra = {};
        aendringer.push(`Adresse: ${row.adresse} → (tom)`);
      } else if (dawa && dawa.id !== row.dawaAdresseId) {
        Object.assign(adresseSet, {
          vejnavn: dawa.vejnavn,
          husnummer: dawa.husnummer,
          postnummer: dawa.postnummer,
          postdistrikt: dawa.postnrnavn,
          adresse: dawa.tekst,
          dawaAdresseId: dawa.id,
        });
        adresseEkstra = {
          etage: dawa.etage,
          sideDoer: dawa.doer,
          supplerendebynavn: null,
          x: dawa.x,
          y: dawa.y,
          type: dawa.type,
        };
        aendringer.push(`Adresse: ${row.adresse ?? '(tom)'} → ${dawa.tekst}`);
      }

      // Coordinate (EPSG:25832), cleaned and checked by the schema.
      let x = row.x;
      let y = row.y;
      if (body.koordinat !== undefined) {
        x = body.koordinat?.x ?? null;
        y = body.koordinat?.y ?? null;
        if (x !== row.x || y !== row.y) {
          aendringer.push(`Koordinat: ${fmtKoordinat(row.x, row.y)} → ${fmtKoordinat(x, y)}`);
        }
      }

      const gammelLok = lokalitetAf(row);
      const matrikler = body.matrikler ?? gammelLok.matrikler;
      const bfeNr = body.bfeNr === undefined ? gammelLok.bfeNr : body.bfeNr || null;
      if (JSON.stringify(matrikler) !== JSON.stringify(gammelLok.matrikler)) {
        aendringer.push(
          `Matrikler: ${gammelLok.matrikler.join(', ') || '(tom)'} → ${matrikler.join(', ') || '(tom)'}`,
        );
      }
      if (bfeNr !== gammelLok.bfeNr)
        aendringer.push(`BFE-nr.: ${gammelLok.bfeNr ?? '(tom)'} → ${bfeNr ?? '(tom)'}`);

      const sagsbehandlere = somListe(nye.sagsbehandlerListe) as number[];
      const basis: Record<string, unknown> = {
        ...row.basis,
        ...Object.fromEntries(felter.map((f) => [f.navn, nye[f.navn]])),
        overanlaegVirksomhedId: nyOver,
        virksomhedstype: VIRKSOMHEDSTYPE.VANDANLAEG,
        slettet: false,
        adresse: adresseEkstra,
        lokalitet: { ...obj(row.basis.lokalitet), matrikler, bfeNr },
      };
      const updated = await opdaterVersioneret(
        tx,
        virksomhed,
        { id: row.id, version: body.version, hvor: eq(virksomhed.kundeId, user.kundeId) },
        {
          navn: nye.anlaegsnavn as string,
          anlaegsnr: nye.anlaegsnr as string | null,
          jupiterId: nye.jupiterId as string | null,
          cvrNr: nye.cvrNr as string | null,
          pNr: nye.pNr as string | null,
          primaerSagsbehandlerId: sagsbehandlere[0] ?? null,
          etableringsDato: nye.startdato as string | null,
          ophoertDato: nye.slutdato as string | null,
          ...adresseSet,
          x,
          y,
          basis,
          opdateret: new Date(),
        },
        VANDANLAEG_KONFLIKT,
        user,
        {
          virksomhedId: row.id,
          emne: LOG_EMNE,
          notat: aendringer.length > 0 ? `Stamoplysninger ændret: ${aendringer.join('; ')}.` : null,
        },
      );
      return hentDetalje(tx, updated);
    });
  });
}

/** The company-type codes that fit a purpose (MWVandanlaegLookUp/list/jupitermuligevirksomhedstype). */
function muligeKoder(formaal: number): Set<string> {
  const ids = MULIGE_VIRKSOMHEDSTYPER[formaal] ?? [];
  const typer = lookupListe(vandLookupSti('jupitervirksomhedstype')) ?? [];
  return new Set(typer.filter((t) => ids.includes(t.id)).map((t) => t.kode));
}

/** The over-plant's name, or why it cannot be chosen. */
async function tjekOveranlaeg(
  tx: Tx,
  kundeId: number,
  id: number,
  overId: number,
): Promise<{ navn: string } | string> {
  if (overId === id) return 'Et anlæg kan ikke være sit eget overanlæg';
  const [over] = await tx
    .select({ id: virksomhed.id, navn: virksomhed.navn, basis: virksomhed.basis })
    .from(virksomhed)
    .where(
      and(
        eq(virksomhed.id, overId),
        eq(virksomhed.kundeId, kundeId),
        eq(virksomhed.type, VIRKSOMHEDSTYPE.VANDANLAEG),
        eq(virksomhed.slettet, false),
      ),
    );
  if (!over) return 'Overanlægget findes ikke blandt kundens vandanlæg';
  // Walk up from the chosen plant: meeting this plant would make a cycle.
  let naeste = talEllerNull(over.basis.overanlaegVirksomhedId);
  for (let i = 0; naeste !== null && i < 50; i++) {
    if (naeste === id) return 'Overanlægget ligger selv under dette anlæg';
    const [r] = await tx
      .select({ basis: virksomhed.basis })
      .from(virksomhed)
      .where(and(eq(virksomhed.id, naeste), eq(virksomhed.kundeId, kundeId)));
    naeste = r ? talEllerNull(r.basis.overanlaegVirksomhedId) : null;
  }
  return { navn: over.navn };
}
