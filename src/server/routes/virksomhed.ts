import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { erVirksomhedEllerLandbrug, virksomhedEllerLandbrug } from '../../contract/entitet';
import type { FeltDef } from '../../contract/felter';
import type { AnyRecordKind } from '../../contract/record-kind';
import { ARTER } from '../../contract/registreringer';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import { VANDANLAEG_ARTER } from '../../contract/vandanlaeg-registreringer';
import {
  BASIS_FELTER,
  feltNormaliser,
  gemBasis,
  hentKontaktpersoner,
  hentTidslinje,
  hentVirksomhed,
  KONTAKT_KONFLIKT,
  type Kontaktperson,
  kontaktFelter,
  LOKALITET_FELTER,
  type Lokalitet,
  opretKontaktperson,
  retKontaktperson,
  sletKontaktperson,
  VIRKSOMHED_KONFLIKT,
  type Virksomhed,
} from '../../contract/virksomhed';
import { loadVandanlaeg, loadVirksomhed } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import { brugereAf } from '../db/brugernavne';
import { type Db, queryRows } from '../db/client';
import { kontaktpersonerAf } from '../db/kontaktpersoner';
import { sidePart } from '../db/liste';
import { bruger, cvrAendring, kontaktperson, registrering, virksomhed } from '../db/schema';
import { opdaterVersioneret, skrivLog, sletBloedt, type Tx, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest, notFound } from '../http/errors';
import { beskrivAendringer, FeltOpslag, gaelder, somListe, tjekFelter, visVaerdi } from '../records/felter';

type VirksomhedRow = typeof virksomhed.$inferSelect;

// ---------------------------------------------------------------- the company

const GEBYRTYPE = (b: unknown) =>
  b && typeof b === 'object' && 'gebyrtype' in b ? String((b as { gebyrtype: unknown }).gebyrtype) : null;

/** Basis as the API carries it: columns and the jsonb, every field present. */
export function basisAf(row: VirksomhedRow): Record<string, unknown> {
  const b = row.basis;
  const raw: Record<string, unknown> = {
    ...b,
    navn: row.navn,
    cvrNr: row.cvrNr,
    pNr: row.pNr,
    chrNr: row.chrNr,
    kategori: row.kategori,
    omfattetAfBrugerbetaling: row.omfattetAfBrugerbetaling,
    primaerSagsbehandler: row.primaerSagsbehandlerId,
    etableringsDato: row.etableringsDato,
    ophoertDato: row.ophoertDato,
    brugerbetaling: GEBYRTYPE(b.brugerbetaling),
  };
  const basis: Record<string, unknown> = {};
  for (const f of BASIS_FELTER) basis[f.navn] = feltNormaliser(f, raw[f.navn]);
  const bibrancher = Array.isArray(b.bibrancher) ? (b.bibrancher as { kode: string; navn: string }[]) : [];
  return {
    ...basis,
    navn: row.navn,
    virksomhedstype: row.type,
    slettet: row.slettet,
    branche: row.brancheKode ? { kode: row.brancheKode, navn: row.brancheNavn ?? '' } : null,
    bibrancher: bibrancher
      .filter((x) => x && typeof x.kode === 'string')
      .map((x) => ({ kode: x.kode, navn: String(x.navn ?? '') })),
    aktivitetsListe: Array.isArray(b.aktivitetsListe) ? b.aktivitetsListe.map(String) : [],
  };
}

export function lokalitetAf(row: VirksomhedRow): Record<string, unknown> {
  const lok = (row.basis.lokalitet ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {
    id: row.id,
    adresse: row.adresse,
    vejnavn: row.vejnavn,
    husnummer: row.husnummer,
    postnummer: row.postnummer,
    postdistrikt: row.postdistrikt,
    dawaAdresseId: row.dawaAdresseId,
    x: row.x,
    y: row.y,
  };
  for (const f of LOKALITET_FELTER) out[f.navn] = feltNormaliser(f, lok[f.navn]);
  return out;
}

const tilKontakt = (r: typeof kontaktperson.$inferSelect): Kontaktperson => ({
  id: r.id,
  virksomhedId: r.virksomhedId,
  navn: r.navn,
  rolle: r.rolle,
  telefon: r.telefon,
  email: r.email,
  version: r.version,
});

async function hentDetalje(db: Tx, row: VirksomhedRow) {
  // One after the other: inside a transaction the queries share one connection.
  const kontakter = await kontaktpersonerAf(db, row.id);
  const aendringer = await db
    .select({
      id: cvrAendring.id,
      felt: cvrAendring.felt,
      gammelVaerdi: cvrAendring.gammelVaerdi,
      nyVaerdi: cvrAendring.nyVaerdi,
      registreret: cvrAendring.registreret,
      overtaget: cvrAendring.overtaget,
      bruger: bruger.navn,
    })
    .from(cvrAendring)
    .leftJoin(bruger, eq(bruger.id, cvrAendring.brugerId))
    .where(eq(cvrAendring.virksomhedId, row.id))
    .orderBy(desc(cvrAendring.registreret), desc(cvrAendring.id));
  const antal = await db
    .select({ art: registrering.art, n: sql<number>`count(*)::int` })
    .from(registrering)
    .where(and(eq(registrering.virksomhedId, row.id), eq(registrering.slettet, false)))
    .groupBy(registrering.art);
  const basis = basisAf(row);
  const ids = [
    ...new Set(
      [basis.primaerSagsbehandler, ...somListe(basis.sagsbehandlerListe)].filter(
        (x): x is number => typeof x === 'number',
      ),
    ),
  ];
  const navne = await brugereAf(db, ids);
  return {
    id: row.id,
    type: row.type,
    version: row.version,
    opdateret: row.opdateret.toISOString(),
    basis: basis as unknown as Virksomhed['basis'],
    lokalitet: lokalitetAf(row) as unknown as Lokalitet,
    kontaktpersonListe: kontakter.map(tilKontakt),
    cvrAendringer: aendringer.map((a) => ({ ...a, registreret: a.registreret.toISOString() })),
    wkt: row.x !== null && row.y !== null ? `POINT(${row.x} ${row.y})` : null,
    antal: Object.fromEntries(antal.map((a) => [a.art, a.n])),
    sagsbehandlere: navne,
  };
}

/** The log's subjects of the company's own changes (each record kind has its own, `logEmne`). */
const LOG_EMNE = { stamdata: 'Stamoplysninger', kontakt: 'Kontaktperson' } as const;

/** The basis fields kept in columns of `virksomhed`; every other one lives in `basis`. */
const BASIS_KOLONNER = [
  'navn',
  'cvrNr',
  'pNr',
  'chrNr',
  'kategori',
  'omfattetAfBrugerbetaling',
  'primaerSagsbehandler',
  'etableringsDato',
  'ophoertDato',
  'brugerbetaling',
];

/** A company or farm of the user's customer (water plants have their own area). */
async function loadFirma(db: Db, user: SessionUser, id: number, mode: 'read' | 'write') {
  const row = await loadVirksomhed(db, user, id, mode);
  if (!erVirksomhedEllerLandbrug(row.type)) throw notFound('Virksomheden');
  return row;
}

/**
 * The owner of contacts: a water plant with the plant's rights (another row answers 404 first), else a
 * company or farm with its type's rights. Another customer's id answers 404.
 */
async function loadKontaktEjer(db: Db, user: SessionUser, id: number, mode: 'read' | 'write') {
  const [r] = await db
    .select({ type: virksomhed.type })
    .from(virksomhed)
    .where(and(eq(virksomhed.id, id), eq(virksomhed.kundeId, user.kundeId)));
  return r?.type === VIRKSOMHEDSTYPE.VANDANLAEG
    ? loadVandanlaeg(db, user, id, mode)
    : loadFirma(db, user, id, mode);
}

/**
 * The company and its master data: GET virksomhed/{id}, PUT virksomhed/{id}/basis, its contacts and
 * its timeline. Reading needs the type's read right, changing the caseworker right; every change is
 * written to the company's log in the same transaction.
 */
export async function virksomhedRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, hentVirksomhed, async (request) =>
    hentDetalje(db, await loadFirma(db, request.user, request.params.id, 'read')),
  );

  serve(app, gemBasis, async (request) => {
    const user = request.user;
    const row = await loadFirma(db, user, request.params.id, 'write');
    const body = request.body as Record<string, unknown> & {
      version: number;
      lokalitet?: Record<string, unknown>;
    };
    tjekVersion(body.version, row.version, VIRKSOMHED_KONFLIKT);

    const gamle = basisAf(row);
    const felter = BASIS_FELTER.filter((f) => !f.skrivebeskyttet && gaelder(f, row.type));
    const nye: Record<string, unknown> = {};
    for (const f of felter) nye[f.navn] = body[f.navn];

    return db.transaction(async (tx) => {
      const opslag = new FeltOpslag(tx, user.kundeId, row);
      const errors = await tjekFelter(opslag, felter, row.type, nye, gamle);
      if (Object.keys(errors).length > 0) throw badRequest(errors);

      const gammelLok = lokalitetAf(row);
      const nyLok = body.lokalitet
        ? Object.fromEntries(LOKALITET_FELTER.map((f) => [f.navn, body.lokalitet?.[f.navn] ?? []]))
        : Object.fromEntries(LOKALITET_FELTER.map((f) => [f.navn, gammelLok[f.navn]]));

      const aendringer = [
        ...(await beskrivAendringer(opslag, felter, gamle, nye)),
        ...(await beskrivAendringer(opslag, LOKALITET_FELTER, gammelLok, nyLok)),
      ];

      const hovedaktivitet = nye.hovedaktivitet as string | null;
      const basis: Record<string, unknown> = {
        ...row.basis,
        ...Object.fromEntries(
          felter.filter((f) => !BASIS_KOLONNER.includes(f.navn)).map((f) => [f.navn, nye[f.navn]]),
        ),
        brugerbetaling: nye.brugerbetaling ? { gebyrtype: nye.brugerbetaling } : null,
        aktivitetsListe: [
          ...new Set([
            ...(hovedaktivitet ? [hovedaktivitet] : []),
            ...somListe(nye.biaktiviteter).map(String),
          ]),
        ],
        lokalitet: nyLok,
      };
      const updated = await opdaterVersioneret(
        tx,
        virksomhed,
        { id: row.id, version: body.version, hvor: eq(virksomhed.kundeId, user.kundeId) },
        {
          navn: nye.navn as string,
          cvrNr: nye.cvrNr as string | null,
          pNr: nye.pNr as string | null,
          ...(virksomhedEllerLandbrug(row.type).harChrNr ? { chrNr: nye.chrNr as string | null } : {}),
          kategori: nye.kategori as string | null,
          omfattetAfBrugerbetaling: nye.omfattetAfBrugerbetaling as boolean,
          primaerSagsbehandlerId: nye.primaerSagsbehandler as number | null,
          etableringsDato: nye.etableringsDato as string | null,
          ophoertDato: nye.ophoertDato as string | null,
          basis,
          opdateret: new Date(),
        },
        VIRKSOMHED_KONFLIKT,
        user,
        {
          virksomhedId: row.id,
          emne: LOG_EMNE.stamdata,
          notat: aendringer.length > 0 ? `Stamoplysninger ændret: ${aendringer.join('; ')}.` : null,
        },
      );
      return hentDetalje(tx, updated);
    });
  });

  // ---- contacts (of a company, farm or water plant)

  serve(app, hentKontaktpersoner, async (request) => {
    const row = await loadKontaktEjer(db, request.user, request.params.id, 'read');
    const rows = await kontaktpersonerAf(db, row.id);
    return rows.map((k) => ({ ...tilKontakt(k), jupiterKontaktpersonId: k.jupiterKontaktpersonId }));
  });

  serve(app, opretKontaktperson, async (request) => {
    const user = request.user;
    const row = await loadKontaktEjer(db, user, request.params.id, 'write');
    const body = request.body as Record<string, unknown>;
    const created = await db.transaction(async (tx) => {
      const opslag = new FeltOpslag(tx, user.kundeId, row);
      const errors = await tjekFelter(opslag, kontaktFelter(row.type), row.type, body, {});
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const [k] = await tx
        .insert(kontaktperson)
        .values({
          kundeId: user.kundeId,
          virksomhedId: row.id,
          navn: body.navn as string,
          rolle: body.rolle as string | null,
          telefon: body.telefon as string | null,
          email: body.email as string | null,
        })
        .returning();
      await skrivLog(tx, user, {
        virksomhedId: row.id,
        emne: LOG_EMNE.kontakt,
        notat: `Kontaktperson '${k!.navn}' oprettet${k!.rolle ? ` (${k!.rolle})` : ''}.`,
      });
      return k!;
    });
    return tilKontakt(created);
  });

  /**
   * A live contact of the user's customer, for a change: the company's write right is checked and the
   * version compared (stale → 409) before anything is written; the versioned update re-checks it.
   */
  async function kontaktTilAendring(user: SessionUser, id: number, version: number) {
    const [k] = await db
      .select()
      .from(kontaktperson)
      .where(
        and(
          eq(kontaktperson.id, id),
          eq(kontaktperson.kundeId, user.kundeId),
          eq(kontaktperson.slettet, false),
        ),
      );
    if (!k) throw notFound('Kontaktpersonen');
    const v = await loadKontaktEjer(db, user, k.virksomhedId, 'write');
    tjekVersion(version, k.version, KONTAKT_KONFLIKT);
    return { k, v };
  }

  serve(app, retKontaktperson, async (request) => {
    const user = request.user;
    const body = request.body as Record<string, unknown> & { version: number };
    const { k, v } = await kontaktTilAendring(user, request.params.id, body.version);
    const updated = await db.transaction(async (tx) => {
      const opslag = new FeltOpslag(tx, user.kundeId, v);
      const errors = await tjekFelter(opslag, kontaktFelter(v.type), v.type, body, k as never);
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      return opdaterVersioneret(
        tx,
        kontaktperson,
        { id: k.id, version: body.version, hvor: eq(kontaktperson.slettet, false) },
        {
          navn: body.navn as string,
          rolle: body.rolle as string | null,
          telefon: body.telefon as string | null,
          email: body.email as string | null,
        },
        KONTAKT_KONFLIKT,
        user,
        async (u) => {
          const aendringer = await beskrivAendringer(opslag, kontaktFelter(v.type), k as never, u as never);
          return {
            virksomhedId: v.id,
            emne: LOG_EMNE.kontakt,
            notat:
              aendringer.length > 0 ? `Kontaktperson '${k.navn}' ændret: ${aendringer.join('; ')}.` : null,
          };
        },
      );
    });
    return tilKontakt(updated);
  });

  serve(app, sletKontaktperson, async (request) => {
    const user = request.user;
    const { k, v } = await kontaktTilAendring(user, request.params.id, request.query.version);
    if (v.basis.kontaktpersonId === k.id) {
      throw badRequest(
        {
          kontaktpersonId: ['Kontaktpersonen er betaler for brugerbetalingen. Vælg en anden betaler først.'],
        },
        'Kontaktpersonen kan ikke slettes',
      );
    }
    await db.transaction((tx) =>
      sletBloedt(
        tx,
        kontaktperson,
        { id: k.id, version: request.query.version },
        {},
        KONTAKT_KONFLIKT,
        user,
        { virksomhedId: v.id, emne: LOG_EMNE.kontakt, notat: `Kontaktperson '${k.navn}' slettet.` },
      ),
    );
  });

  // ---- timeline

  /** Every record kind by its art, of companies, farms and water plants: an entry says what it is. */
  const TIDSLINJE_ARTER: ReadonlyMap<string, AnyRecordKind> = new Map(
    [...Object.values(ARTER), ...VANDANLAEG_ARTER].map((k): [string, AnyRecordKind] => [k.art, k]),
  );

  serve(app, hentTidslinje, async (request) => {
    const row = await loadVirksomhed(db, request.user, request.params.id, 'read');
    const { start, take } = request.query;
    // Records sort by their date (noon, so the day never shifts), a planned one by its planned start,
    // else by when they were made;
    // the log's own automatic change entries are left out (the records themselves are here).
    const rows = await queryRows<{
      id: string;
      art: string;
      titel: string;
      beskrivelse: string | null;
      dato: string;
      bruger: string | null;
      registrering_id: number | null;
      data: Record<string, unknown> | null;
      total: number;
    }>(
      db,
      sql`
        WITH t AS (
          SELECT 'registrering-' || r.id AS id, r.art, r.titel, NULL::text AS beskrivelse,
                 COALESCE((COALESCE(r.dato, CASE WHEN r.data->>'planlagtStart' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                   THEN (r.data->>'planlagtStart')::date END)::timestamp + interval '12 hours') AT TIME ZONE 'UTC',
                   r.oprettet) AS ts,
                 b.navn AS bruger, r.id AS registrering_id, r.data
            FROM registrering r LEFT JOIN bruger b ON b.id = COALESCE(r.sagsbehandler_id, r.oprettet_af)
           WHERE r.virksomhed_id = ${row.id} AND NOT r.slettet
          UNION ALL
          SELECT 'logbog-' || l.id, 'logbog', l.emne, l.notat, l.dato, b.navn, NULL, NULL
            FROM logbog l LEFT JOIN bruger b ON b.id = l.bruger_id
           WHERE l.virksomhed_id = ${row.id} AND NOT l.automatisk
        )
        SELECT id, art, titel, beskrivelse, bruger, registrering_id, data,
               to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS dato,
               (count(*) OVER ())::int AS total
          FROM t ORDER BY ts DESC, id DESC ${sidePart({ start, take })}`,
    );
    const opslag = new FeltOpslag(db, request.user.kundeId, row);
    const items = [];
    for (const r of rows) {
      let beskrivelse = r.beskrivelse;
      const def = r.registrering_id !== null ? TIDSLINJE_ARTER.get(r.art) : undefined;
      if (def) {
        const dele = [def.navn];
        // The first two lookup columns of the kind's list say what the record is (type, status ...).
        const felter = def.listeFelter
          .map((n) => def.felter.find((f) => f.navn === n))
          .filter((f): f is FeltDef => !!f && f.type.kind === 'lookup' && f.navn !== 'sagsbehandlerId')
          .slice(0, 2);
        for (const f of felter) {
          const v = r.data?.[f.navn];
          if (v !== null && v !== undefined) dele.push(await visVaerdi(opslag, f, v));
        }
        beskrivelse = dele.join(' · ');
      }
      items.push({
        id: r.id,
        art: r.art,
        titel: r.titel,
        beskrivelse,
        dato: r.dato,
        bruger: r.bruger,
        registreringId: r.registrering_id,
      });
    }
    // Past the last page the window function has no row to report the total on.
    const totalCount =
      rows[0]?.total ??
      (start > 0
        ? ((
            await queryRows<{ n: number }>(
              db,
              sql`SELECT ((SELECT count(*) FROM registrering WHERE virksomhed_id = ${row.id} AND NOT slettet)
                    + (SELECT count(*) FROM logbog WHERE virksomhed_id = ${row.id} AND NOT automatisk))::int AS n`,
            )
          )[0]?.n ?? 0)
        : 0);
    return { totalCount, items };
  });
}
