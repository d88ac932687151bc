import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contract/common';
import { erVirksomhedEllerLandbrug, virksomhedEllerLandbrug } from '../../contract/entitet';
import { formatIsoDato, formatTal } from '../../contract/format';
import { ARTER, type RegistreringArt } from '../../contract/registreringer';
import {
  BASIS_FELTER,
  basisInputSchema,
  etagQuerySchema,
  type FeltDef,
  feltNormaliser,
  KONTAKT_KONFLIKT,
  KONTAKTPERSON_FELTER,
  type Kontaktperson,
  kontaktpersonFormSchema,
  kontaktpersonRetSchema,
  kontaktpersonSchema,
  LOKALITET_FELTER,
  type Lokalitet,
  type LookupKilde,
  tidslinjeQuerySchema,
  tidslinjeSchema,
  VIRKSOMHED_KONFLIKT,
  type Virksomhed,
  virksomhedSchema,
} from '../../contract/virksomhed';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows } from '../db/client';
import {
  bruger,
  brugerKunde,
  cvrAendring,
  kontaktperson,
  logbog,
  registrering,
  tilsynKonklusion,
  virksomhed,
} from '../db/schema';
import { danskOrden } from '../db/sortering';
import { naesteVersion } from '../db/version';
import type { Deps } from '../deps';
import { badRequest, conflict, notFound } from '../http/errors';
import { loadVirksomhed } from './entity-access';
import { lookupListe, tidsregistreringsKategorier } from './lookups';

type VirksomhedRow = typeof virksomhed.$inferSelect;
/** A database handle or a transaction. */
type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

// ---------------------------------------------------------------- lookups of one company

/**
 * Resolves the options of the lookup fields for one company: fixed lists from the catalogue, and the
 * customer's case workers and conclusions, the company's inspections, assessments and contacts from
 * the database. Each source is loaded once per request.
 */
export class FeltOpslag {
  private readonly cache = new Map<string, Promise<Map<string | number, string>>>();

  constructor(
    private readonly db: Tx,
    private readonly kundeId: number,
    private readonly v: { id: number; type: number },
  ) {}

  muligheder(
    kilde: LookupKilde,
    vaerdi: 'id' | 'kode' | 'navn' = 'id',
  ): Promise<Map<string | number, string>> {
    const key = `${'path' in kilde ? kilde.path : kilde.special}|${vaerdi}`;
    let p = this.cache.get(key);
    if (!p) {
      p = this.hent(kilde, vaerdi);
      this.cache.set(key, p);
    }
    return p;
  }

  private async hent(
    kilde: LookupKilde,
    vaerdi: 'id' | 'kode' | 'navn',
  ): Promise<Map<string | number, string>> {
    if ('path' in kilde) {
      const items = lookupListe(kilde.path) ?? [];
      return new Map(items.map((i) => [vaerdi === 'id' ? i.id : i[vaerdi], i.navn]));
    }
    switch (kilde.special) {
      case 'sagsbehandler': {
        const rows = await this.db
          .select({ id: bruger.id, navn: bruger.navn })
          .from(brugerKunde)
          .innerJoin(bruger, eq(bruger.id, brugerKunde.brugerId))
          .where(eq(brugerKunde.kundeId, this.kundeId));
        return new Map(rows.map((r) => [r.id, r.navn]));
      }
      case 'tilsynKonklusion': {
        const rows = await this.db
          .select({ id: tilsynKonklusion.id, navn: tilsynKonklusion.navn })
          .from(tilsynKonklusion)
          .where(eq(tilsynKonklusion.kundeId, this.kundeId));
        return new Map(rows.map((r) => [r.id, r.navn]));
      }
      case 'tilsyn':
      case 'risikovurdering': {
        const rows = await this.db
          .select({ id: registrering.id, titel: registrering.titel, dato: registrering.dato })
          .from(registrering)
          .where(
            and(
              eq(registrering.virksomhedId, this.v.id),
              eq(registrering.art, kilde.special),
              eq(registrering.slettet, false),
            ),
          );
        return new Map(rows.map((r) => [r.id, r.dato ? `${r.titel} (${formatIsoDato(r.dato)})` : r.titel]));
      }
      case 'tidsregistrering':
        return new Map(tidsregistreringsKategorier(this.v.type).map((i) => [i.id, i.navn]));
      case 'kontaktperson': {
        const rows = await this.db
          .select({ id: kontaktperson.id, navn: kontaktperson.navn })
          .from(kontaktperson)
          .where(eq(kontaktperson.virksomhedId, this.v.id));
        return new Map(rows.map((r) => [r.id, r.navn]));
      }
    }
  }
}

const gaelder = (f: FeltDef, type: number) => !f.kunFor || f.kunFor === type;
const somListe = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]);

/**
 * Lookup values must be among the options (400 with the field's name). A value the record already
 * carries stays allowed even when it has since become inactive or left the list.
 */
export async function tjekFelter(
  opslag: FeltOpslag,
  felter: readonly FeltDef[],
  type: number,
  nye: Record<string, unknown>,
  gamle: Record<string, unknown>,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const f of felter) {
    if (f.type.kind !== 'lookup' || f.skrivebeskyttet || !gaelder(f, type)) continue;
    const options = await opslag.muligheder(f.type.kilde, f.type.vaerdi);
    const tidligere = new Set(somListe(gamle[f.navn]));
    const ukendte = somListe(nye[f.navn]).filter((v) => !options.has(v as never) && !tidligere.has(v));
    if (ukendte.length > 0) errors[f.navn] = [`Ukendt værdi: ${ukendte.join(', ')}`];
  }
  return errors;
}

/** How a value reads in the log: names of lookups, DD-MM-YYYY, Ja/Nej/Ikke relevant, Danish numbers. */
export async function visVaerdi(opslag: FeltOpslag, f: FeltDef, v: unknown): Promise<string> {
  const t = f.type;
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) {
    return t.kind === 'jaNej' && t.treVejs ? 'Ikke relevant' : '(tom)';
  }
  switch (t.kind) {
    case 'dato':
      return formatIsoDato(String(v));
    case 'jaNej':
      return v ? 'Ja' : 'Nej';
    case 'tal':
      return `${formatTal(Number(v))}${t.enhed ? ` ${t.enhed}` : ''}`;
    case 'lookup': {
      const options = await opslag.muligheder(t.kilde, t.vaerdi);
      return somListe(v)
        .map((x) => options.get(x as never) ?? String(x))
        .join(', ');
    }
    case 'linjer':
      return somListe(v).join(', ');
    default: {
      const s = String(v).replace(/\s+/g, ' ');
      return s.length > 80 ? `${s.slice(0, 77)}…` : s;
    }
  }
}

const lige = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** 'Label: old → new' for every field that changed. */
export async function beskrivAendringer(
  opslag: FeltOpslag,
  felter: readonly FeltDef[],
  gamle: Record<string, unknown>,
  nye: Record<string, unknown>,
): Promise<string[]> {
  const linjer: string[] = [];
  for (const f of felter) {
    if (f.skrivebeskyttet || !(f.navn in nye) || lige(gamle[f.navn], nye[f.navn])) continue;
    linjer.push(
      `${f.label}: ${await visVaerdi(opslag, f, gamle[f.navn])} → ${await visVaerdi(opslag, f, nye[f.navn])}`,
    );
  }
  return linjer;
}

/** The automatic log entry of a change: who (bruger_id), when (now), what (the text). */
export async function skrivLog(
  tx: Tx,
  user: SessionUser,
  virksomhedId: number,
  emne: string,
  notat: string,
): Promise<void> {
  await tx.insert(logbog).values({
    kundeId: user.kundeId,
    virksomhedId,
    emne,
    notat: notat.length > 10_000 ? `${notat.slice(0, 9_990)} …` : notat,
    brugerId: user.brugerId,
    automatisk: true,
  });
}

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

/** A digest of a contact's content: what a change must have seen (contacts have no version column). */
export function kontaktEtag(k: {
  navn: string;
  rolle: string | null;
  telefon: string | null;
  email: string | null;
}) {
  return createHash('sha256')
    .update(JSON.stringify([k.navn, k.rolle, k.telefon, k.email]))
    .digest('base64url')
    .slice(0, 16);
}

const tilKontakt = (r: typeof kontaktperson.$inferSelect): Kontaktperson => ({
  id: r.id,
  virksomhedId: r.virksomhedId,
  navn: r.navn,
  rolle: r.rolle,
  telefon: r.telefon,
  email: r.email,
  etag: kontaktEtag(r),
});

async function hentDetalje(db: Tx, row: VirksomhedRow) {
  // One after the other: inside a transaction the queries share one connection.
  const kontakter = await db
    .select()
    .from(kontaktperson)
    .where(eq(kontaktperson.virksomhedId, row.id))
    .orderBy(...danskOrden(kontaktperson.navn), kontaktperson.id);
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
  const navne =
    ids.length > 0
      ? await db
          .select({ brugerId: bruger.id, navn: bruger.navn })
          .from(bruger)
          .where(inArray(bruger.id, ids))
      : [];
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

const LOG_EMNE: Record<RegistreringArt | 'stamdata' | 'kontakt', string> = {
  stamdata: 'Stamoplysninger',
  kontakt: 'Kontaktperson',
  ...(Object.fromEntries(Object.values(ARTER).map((a) => [a.art, a.navn])) as Record<
    RegistreringArt,
    string
  >),
};

export { LOG_EMNE };

/**
 * The company and its master data: GET virksomhed/{id}, PUT virksomhed/{id}/basis, its contacts and
 * its timeline. Reading needs the type's read right, changing the caseworker right; every change is
 * written to the company's log in the same transaction.
 */
export async function virksomhedRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/virksomhed/:id',
    { schema: { params: idParamsSchema, response: { 200: virksomhedSchema } } },
    async (request) => {
      const row = await loadVirksomhed(db, request.user, request.params.id, 'read');
      if (!erVirksomhedEllerLandbrug(row.type)) throw notFound('Virksomheden');
      return hentDetalje(db, row);
    },
  );

  app.put(
    '/virksomhed/:id/basis',
    { schema: { params: idParamsSchema, body: basisInputSchema, response: { 200: virksomhedSchema } } },
    async (request) => {
      const user = request.user;
      const row = await loadVirksomhed(db, user, request.params.id, 'write');
      if (!erVirksomhedEllerLandbrug(row.type)) throw notFound('Virksomheden');
      const body = request.body as Record<string, unknown> & {
        version: number;
        lokalitet?: Record<string, unknown>;
      };
      if (body.version !== row.version) throw conflict(VIRKSOMHED_KONFLIKT);

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
            felter
              .filter(
                (f) =>
                  ![
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
                  ].includes(f.navn),
              )
              .map((f) => [f.navn, nye[f.navn]]),
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
        const [updated] = await tx
          .update(virksomhed)
          .set({
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
            version: naesteVersion,
            opdateret: new Date(),
          })
          .where(
            and(
              eq(virksomhed.id, row.id),
              eq(virksomhed.kundeId, user.kundeId),
              eq(virksomhed.version, body.version),
            ),
          )
          .returning();
        if (!updated) throw conflict(VIRKSOMHED_KONFLIKT);
        if (aendringer.length > 0) {
          await skrivLog(
            tx,
            user,
            row.id,
            LOG_EMNE.stamdata,
            `Stamoplysninger ændret: ${aendringer.join('; ')}.`,
          );
        }
        return hentDetalje(tx, updated);
      });
    },
  );

  // ---- contacts

  app.post(
    '/virksomhed/:id/kontaktperson',
    {
      schema: {
        params: idParamsSchema,
        body: kontaktpersonFormSchema,
        response: { 201: kontaktpersonSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const row = await loadVirksomhed(db, user, request.params.id, 'write');
      if (!erVirksomhedEllerLandbrug(row.type)) throw notFound('Virksomheden');
      const body = request.body as Record<string, unknown>;
      const created = await db.transaction(async (tx) => {
        const opslag = new FeltOpslag(tx, user.kundeId, row);
        const errors = await tjekFelter(opslag, KONTAKTPERSON_FELTER, row.type, body, {});
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
        await skrivLog(
          tx,
          user,
          row.id,
          LOG_EMNE.kontakt,
          `Kontaktperson '${k!.navn}' oprettet${k!.rolle ? ` (${k!.rolle})` : ''}.`,
        );
        return k!;
      });
      return reply.code(201).send(tilKontakt(created));
    },
  );

  /** Loads a contact of the user's customer, locked for the change; the company's right is checked. */
  async function kontaktTilAendring(tx: Tx, user: SessionUser, id: number, etag: string) {
    const rows = await queryRows<{ id: number }>(
      tx as Db,
      sql`SELECT id FROM kontaktperson WHERE id = ${id} AND kunde_id = ${user.kundeId} FOR UPDATE`,
    );
    if (rows.length === 0) throw notFound('Kontaktpersonen');
    const [k] = await tx.select().from(kontaktperson).where(eq(kontaktperson.id, id));
    const v = await loadVirksomhed(tx as Db, user, k!.virksomhedId, 'write');
    if (kontaktEtag(k!) !== etag) throw conflict(KONTAKT_KONFLIKT);
    return { k: k!, v };
  }

  app.put(
    '/kontaktperson/:id',
    {
      schema: {
        params: idParamsSchema,
        body: kontaktpersonRetSchema,
        response: { 200: kontaktpersonSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const body = request.body as Record<string, unknown> & { etag: string };
      // The right is checked before anything is locked or compared.
      const [pre] = await db
        .select({ virksomhedId: kontaktperson.virksomhedId })
        .from(kontaktperson)
        .where(and(eq(kontaktperson.id, request.params.id), eq(kontaktperson.kundeId, user.kundeId)));
      if (!pre) throw notFound('Kontaktpersonen');
      await loadVirksomhed(db, user, pre.virksomhedId, 'write');
      return db.transaction(async (tx) => {
        const { k, v } = await kontaktTilAendring(tx, user, request.params.id, body.etag);
        const opslag = new FeltOpslag(tx, user.kundeId, v);
        const errors = await tjekFelter(opslag, KONTAKTPERSON_FELTER, v.type, body, k as never);
        if (Object.keys(errors).length > 0) throw badRequest(errors);
        const [u] = await tx
          .update(kontaktperson)
          .set({
            navn: body.navn as string,
            rolle: body.rolle as string | null,
            telefon: body.telefon as string | null,
            email: body.email as string | null,
          })
          .where(eq(kontaktperson.id, k.id))
          .returning();
        const aendringer = await beskrivAendringer(opslag, KONTAKTPERSON_FELTER, k as never, u as never);
        if (aendringer.length > 0) {
          await skrivLog(
            tx,
            user,
            v.id,
            LOG_EMNE.kontakt,
            `Kontaktperson '${k.navn}' ændret: ${aendringer.join('; ')}.`,
          );
        }
        return tilKontakt(u!);
      });
    },
  );

  app.delete(
    '/kontaktperson/:id',
    { schema: { params: idParamsSchema, querystring: etagQuerySchema } },
    async (request, reply) => {
      const user = request.user;
      const [pre] = await db
        .select({ virksomhedId: kontaktperson.virksomhedId })
        .from(kontaktperson)
        .where(and(eq(kontaktperson.id, request.params.id), eq(kontaktperson.kundeId, user.kundeId)));
      if (!pre) throw notFound('Kontaktpersonen');
      await loadVirksomhed(db, user, pre.virksomhedId, 'write');
      await db.transaction(async (tx) => {
        const { k, v } = await kontaktTilAendring(tx, user, request.params.id, request.query.etag);
        if (v.basis.kontaktpersonId === k.id) {
          throw badRequest(
            {
              kontaktpersonId: [
                'Kontaktpersonen er betaler for brugerbetalingen. Vælg en anden betaler først.',
              ],
            },
            'Kontaktpersonen kan ikke slettes',
          );
        }
        await tx.delete(kontaktperson).where(eq(kontaktperson.id, k.id));
        await skrivLog(tx, user, v.id, LOG_EMNE.kontakt, `Kontaktperson '${k.navn}' slettet.`);
      });
      return reply.code(204).send();
    },
  );

  // ---- timeline

  app.get(
    '/virksomhed/:id/tidslinje',
    {
      schema: {
        params: idParamsSchema,
        querystring: tidslinjeQuerySchema,
        response: { 200: tidslinjeSchema },
      },
    },
    async (request) => {
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
          FROM t ORDER BY ts DESC, id DESC LIMIT ${take} OFFSET ${start}`,
      );
      const opslag = new FeltOpslag(db, request.user.kundeId, row);
      const items = [];
      for (const r of rows) {
        let beskrivelse = r.beskrivelse;
        if (r.registrering_id !== null && r.art in ARTER) {
          const def = ARTER[r.art as RegistreringArt];
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
    },
  );
}
