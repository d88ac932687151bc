import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  erVirksomhedEllerLandbrug,
  SAT_RAEKKETYPE,
  type VirksomhedEllerLandbrug,
  virksomhedEllerLandbrug,
} from '../../contract/entitet';
import {
  CVR_FELT_LABEL,
  CVR_FELTER,
  type CvrFelt,
  type CvrForskel,
  hentCvrForskelle,
  type OpretSvar,
  opretFraCvr,
  opretFraDawa,
  overtagCvrFelter,
  soegCvr,
  soegDawa,
} from '../../contract/registre';
import { loadVirksomhed } from '../auth/entitet-adgang';
import { requireAny } from '../auth/plugin';
import type { SessionUser } from '../auth/session-user';
import type { Db, Transaction } from '../db/client';
import { cvrAendring, logbog, virksomhed } from '../db/schema';
import { LANDBRUGSBRANCHER, VIRKSOMHEDSBRANCHER } from '../db/seed/brancher';
import { naesteVersion } from '../db/version';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { adresseTekst, type CvrEnhed, type CvrRegister } from '../integrations/cvr';

/** kommuneId is the active customer's municipality number (kundeNr); any other answers 404. */
function requireKommune(user: SessionUser, kommuneId: number): void {
  if (String(kommuneId) !== String(Number(user.kundeNr))) throw notFound('Kommunen');
}

/** opretterId must be the signed-in user: nobody creates in another user's name. */
function requireOpretter(user: SessionUser, opretterId: number): void {
  if (opretterId !== user.brugerId) throw forbidden('opretterId skal være den indloggede bruger');
}

/** Creating a company or farm: the user's own municipality, the type's write right, in their own name. */
function requireOpret(
  user: SessionUser,
  q: { kommuneId: number; virksomhedsType: VirksomhedEllerLandbrug; opretterId: number },
): void {
  requireKommune(user, q.kommuneId);
  requireAny(user, virksomhedEllerLandbrug(q.virksomhedsType).skriveret);
  requireOpretter(user, q.opretterId);
}

const BRANCHE_NAVN = new Map([...VIRKSOMHEDSBRANCHER, ...LANDBRUGSBRANCHER].map((b) => [b.kode, b]));

/** The basis a company created from a register starts with (the detail tile fills in the rest). */
function nyBasis(
  type: VirksomhedEllerLandbrug,
  kundeNr: number,
  brancheKode: string | null,
  kilde: 'CVR' | 'DAWA',
) {
  const branche = brancheKode ? BRANCHE_NAVN.get(brancheKode) : undefined;
  return {
    virksomhedstype: type,
    hovedaktivitet: branche?.hovedaktivitet ?? null,
    biaktiviteter: [],
    aktivitetsListe: branche ? [branche.hovedaktivitet] : [],
    bibrancher: [],
    virksomhedsGruppeId: null,
    miljoemyndighedId: kundeNr,
    dmaMyndighedstyperId: 1,
    omfattetAfAktivtTilsyn: false,
    omfattetAfAktivtTilsynDato: null,
    omfattetAfVOC: false,
    risikovirksomhed: false,
    anvendCVRAdresseVedIndberetning: kilde === 'CVR',
    dmaStaedfaestVedCVR: kilde === 'CVR',
    sagsbehandlerListe: [],
    brugerbetaling: null,
    bemaerkning: null,
  };
}

/** What the company has now, field by field, in the form the register's value is compared with. */
function nuvaerende(row: typeof virksomhed.$inferSelect): Record<CvrFelt, string | null> {
  return {
    navn: row.navn,
    cvrNr: row.cvrNr,
    adresse:
      row.vejnavn && row.postnummer
        ? adresseTekst({
            vejnavn: row.vejnavn,
            husnummer: row.husnummer ?? '',
            postnummer: row.postnummer,
            postdistrikt: row.postdistrikt ?? '',
          })
        : row.adresse,
    branche: row.brancheKode ? `${row.brancheKode} ${row.brancheNavn ?? ''}`.trim() : null,
    etableringsDato: row.etableringsDato,
    ophoertDato: row.ophoertDato,
  };
}

/** The company's address columns as the register gives them. */
function adresseKolonner(e: CvrEnhed) {
  return {
    vejnavn: e.vejnavn,
    husnummer: e.husnummer,
    postnummer: e.postnummer,
    postdistrikt: e.postdistrikt,
    adresse: adresseTekst(e),
    x: e.x || null,
    y: e.y || null,
  };
}

function registerVaerdier(e: CvrEnhed): Record<CvrFelt, string | null> {
  return {
    navn: e.navn,
    cvrNr: e.cvrNr || null,
    adresse: adresseTekst(e),
    branche: e.brancheKode ? `${e.brancheKode} ${e.brancheNavn}`.trim() : null,
    etableringsDato: e.startDato,
    ophoertDato: e.ophoerDato,
  };
}

function forskelle(row: typeof virksomhed.$inferSelect, e: CvrEnhed): CvrForskel[] {
  const nu = nuvaerende(row);
  const reg = registerVaerdier(e);
  return CVR_FELTER.filter((f) => (nu[f] ?? '') !== (reg[f] ?? '')).map((felt) => ({
    felt,
    label: CVR_FELT_LABEL[felt],
    nuvaerende: nu[felt],
    register: reg[felt],
  }));
}

/** The columns a register field sets. */
function kolonnerFor(felt: CvrFelt, e: CvrEnhed): Partial<typeof virksomhed.$inferInsert> {
  switch (felt) {
    case 'navn':
      return { navn: e.navn };
    case 'cvrNr':
      return { cvrNr: e.cvrNr || null };
    case 'adresse':
      return {
        ...adresseKolonner(e),
      };
    case 'branche':
      return { brancheKode: e.brancheKode, brancheNavn: e.brancheNavn };
    case 'etableringsDato':
      return { etableringsDato: e.startDato };
    case 'ophoertDato':
      return { ophoertDato: e.ophoerDato };
  }
}

async function registerEnhedFor(cvr: CvrRegister, row: typeof virksomhed.$inferSelect): Promise<CvrEnhed> {
  if (!erVirksomhedEllerLandbrug(row.type))
    throw badRequest({ virksomhedid: ['Kun virksomheder og landbrug kan opdateres fra CVR'] });
  if (!row.pNr)
    throw badRequest({ virksomhedid: ['Virksomheden har intet P-nummer, så den kan ikke slås op i CVR'] });
  const enhed = (await cvr.hentEnheder([row.pNr])).get(row.pNr);
  if (!enhed) throw badRequest({ virksomhedid: [`P-nummer ${row.pNr} findes ikke i CVR`] });
  return enhed;
}

/** Customer-scoped P-numbers already in the list, with the company id that has each. */
async function kendtePNr(db: Db, kundeId: number, pNrs: string[]): Promise<Map<string, number>> {
  if (pNrs.length === 0) return new Map();
  const rows = await db
    .select({ id: virksomhed.id, pNr: virksomhed.pNr })
    .from(virksomhed)
    .where(
      and(
        eq(virksomhed.kundeId, kundeId),
        eq(virksomhed.slettet, false),
        inArray(virksomhed.pNr, pNrs),
        // A SAT company (row type 4) is not in the company list: the unit can still become a company.
        ne(virksomhed.type, SAT_RAEKKETYPE),
      ),
    );
  const map = new Map<string, number>();
  for (const r of rows) if (r.pNr && !map.has(r.pNr)) map.set(r.pNr, r.id);
  return map;
}

const AENDRET_AF_ANDEN =
  'Virksomheden er blevet ændret af en anden bruger, siden du åbnede den. Hent CVR-oplysningerne igen.';

/** The automatic log entry of a change to a company's basic data from a register. */
async function stamoplysningLog(
  tx: Transaction,
  v: { kundeId: number; virksomhedId: number },
  user: SessionUser,
  notat: string,
): Promise<void> {
  await tx.insert(logbog).values({
    ...v,
    emne: 'Stamoplysninger',
    notat,
    brugerId: user.brugerId,
    automatisk: true,
  });
}

/** Creates one company or farm with its log entry; answers it as the creation calls list it. */
async function opretMedLog(
  tx: Transaction,
  user: SessionUser,
  values: typeof virksomhed.$inferInsert & { type: VirksomhedEllerLandbrug },
  notat: string,
): Promise<OpretSvar['oprettede'][number]> {
  const [row] = await tx.insert(virksomhed).values(values).returning();
  const r = row!;
  await stamoplysningLog(tx, { kundeId: r.kundeId, virksomhedId: r.id }, user, notat);
  return { id: r.id, type: values.type, navn: r.navn, cvrNr: r.cvrNr, pNr: r.pNr, adresse: r.adresse };
}

/** The cvr_aendring rows of differences found (not yet taken over) or taken over. */
const aendringer = (
  row: { id: number; kundeId: number },
  forskelle: CvrForskel[],
  user: SessionUser,
  overtaget: boolean,
) =>
  forskelle.map((d) => ({
    kundeId: row.kundeId,
    virksomhedId: row.id,
    felt: d.felt,
    gammelVaerdi: d.nuvaerende,
    nyVaerdi: d.register,
    ...(overtaget ? { overtaget: true } : {}),
    brugerId: user.brugerId,
  }));

export async function registreRoutes(app: FastifyInstance, { db, integrations }: Deps) {
  const { cvr, dawa } = integrations;

  /** GET Virksomhed/LookupVirksomhederFraCvr: the register's units of the municipality, duplicates marked. */
  serve(app, soegCvr, async (request) => {
    const q = request.query;
    requireKommune(request.user, q.kommuneId);
    requireAny(request.user, virksomhedEllerLandbrug(q.virksomhedsType).skriveret);
    const { enheder, begraenset } = await cvr.soeg({
      kommunekode: q.kommuneId,
      tekst: q.soegeTekst,
      medUdenforKommune: q.tilladPNrUdenforKommune,
      medKendte: q.tilladPNrDublering,
      virksomhedsType: q.virksomhedsType,
      brancheKoder: q.brancheKoder,
    });
    const kendte = await kendtePNr(
      db,
      request.user.kundeId,
      enheder.map((e) => e.pNr),
    );
    const synlige = enheder.filter((e) => q.tilladPNrDublering || !kendte.has(e.pNr));
    const last = q.lastStart ?? q.firstStart + 50;
    return {
      totalCount: synlige.length,
      begraenset,
      items: synlige.slice(q.firstStart, last).map((e) => ({
        pNr: e.pNr,
        cvrNr: e.cvrNr,
        navn: e.navn,
        virksomhedsform: e.virksomhedsform,
        vejnavn: e.vejnavn,
        husnummer: e.husnummer,
        postnummer: e.postnummer,
        postdistrikt: e.postdistrikt,
        adresse: adresseTekst(e),
        kommunekode: e.kommunekode,
        kommunenavn: e.kommunenavn,
        brancheKode: e.brancheKode,
        brancheNavn: e.brancheNavn,
        startDato: e.startDato,
        ophoerDato: e.ophoerDato,
        udenforKommune: e.kommunekode !== q.kommuneId,
        findesIListen: kendte.has(e.pNr),
        virksomhedId: kendte.get(e.pNr) ?? null,
      })),
    };
  });

  /** POST Virksomhed/OpretVirksomhedFraCvrData: one company or farm per chosen P-number, with the register's data. */
  serve(app, opretFraCvr, async (request) => {
    const q = request.query;
    const user = request.user;
    requireOpret(user, q);
    const pNrs = [...new Set(q.PNRListe)];
    const enheder = await cvr.hentEnheder(pNrs);
    const ukendte = pNrs.filter((p) => !enheder.has(p));
    if (ukendte.length > 0)
      throw badRequest({ PNRListe: ukendte.map((p) => `P-nummer ${p} findes ikke i CVR`) });
    const kendte = await kendtePNr(db, user.kundeId, pNrs);
    if (kendte.size > 0 && !q.tilladPNrDublering) {
      throw conflict(`P-nummer ${[...kendte.keys()].join(', ')} findes allerede i kommunens liste`);
    }
    const oprettede = await db.transaction(async (tx) => {
      const result = [];
      for (const pNr of pNrs) {
        const e = enheder.get(pNr)!;
        result.push(
          await opretMedLog(
            tx,
            user,
            {
              kundeId: user.kundeId,
              type: q.virksomhedsType,
              navn: e.navn,
              cvrNr: e.cvrNr || null,
              pNr: e.pNr,
              ...adresseKolonner(e),
              brancheKode: e.brancheKode,
              brancheNavn: e.brancheNavn,
              primaerSagsbehandlerId: user.brugerId,
              etableringsDato: e.startDato,
              ophoertDato: e.ophoerDato,
              basis: nyBasis(q.virksomhedsType, Number(user.kundeNr), e.brancheKode, 'CVR'),
            },
            `Oprettet fra CVR (CVR-nummer ${e.cvrNr}, P-nummer ${e.pNr})`,
          ),
        );
      }
      return result;
    });
    return { oprettede };
  });

  /** GET dawa/adresser?q=: addresses in the active customer's municipality (for the manual creation form). */
  serve(app, soegDawa, (request) =>
    dawa.soeg(request.query.q, Number(request.user.kundeNr), request.query.antal),
  );

  /** POST Virksomhed/OpretVirksomhedFraDawaData: a company or farm created by hand at a DAWA address. */
  serve(app, opretFraDawa, async (request) => {
    const q = request.query;
    const user = request.user;
    requireOpret(user, q);
    const a = await dawa.hent(q.dawaAdresseId, q.dawaAdresseType);
    if (!a) throw badRequest({ dawaAdresseId: ['Adressen findes ikke i DAWA'] });
    if (a.kommunekode !== q.kommuneId)
      throw badRequest({ dawaAdresseId: ['Adressen ligger ikke i kommunen'] });
    const oprettet = await db.transaction((tx) =>
      opretMedLog(
        tx,
        user,
        {
          kundeId: user.kundeId,
          type: q.virksomhedsType,
          navn: q.Navn,
          vejnavn: a.vejnavn,
          husnummer: a.husnummer,
          postnummer: a.postnummer,
          postdistrikt: a.postnrnavn,
          adresse: a.tekst,
          dawaAdresseId: a.id,
          x: a.x,
          y: a.y,
          primaerSagsbehandlerId: user.brugerId,
          etableringsDato: q.etableringsDato,
          basis: {
            ...nyBasis(q.virksomhedsType, Number(user.kundeNr), null, 'DAWA'),
            dawaAdressetype: q.dawaAdresseType,
          },
        },
        `Oprettet manuelt på adressen ${a.tekst}`,
      ),
    );
    return { oprettede: [oprettet] };
  });

  /**
   * POST virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=: the differences between the
   * company and the register; each new difference is recorded in cvr_aendring (not yet taken over).
   */
  serve(app, hentCvrForskelle, async (request) => {
    const row = await loadVirksomhed(db, request.user, request.query.virksomhedid, 'write');
    const enhed = await registerEnhedFor(cvr, row);
    const diff = forskelle(row, enhed);
    if (diff.length > 0) {
      const aabne = await db
        .select({ felt: cvrAendring.felt, nyVaerdi: cvrAendring.nyVaerdi })
        .from(cvrAendring)
        .where(and(eq(cvrAendring.virksomhedId, row.id), eq(cvrAendring.overtaget, false)));
      const nye = diff.filter((d) => !aabne.some((a) => a.felt === d.felt && a.nyVaerdi === d.register));
      if (nye.length > 0) {
        await db.insert(cvrAendring).values(aendringer(row, nye, request.user, false));
      }
    }
    return { virksomhedId: row.id, version: row.version, pNr: enhed.pNr, forskelle: diff };
  });

  /**
   * POST virksomhed/OpdaterValgteCVROplysningerForVirksomhed?virksomhedid=: takes over the chosen
   * fields from the register (values read from the register again, never from the client), if the
   * company is still at the version the user saw; marks the changes overtaget and writes the log.
   */
  serve(app, overtagCvrFelter, async (request) => {
    const user = request.user;
    const row = await loadVirksomhed(db, user, request.query.virksomhedid, 'write');
    if (row.version !== request.body.version) {
      throw conflict(AENDRET_AF_ANDEN);
    }
    const enhed = await registerEnhedFor(cvr, row);
    const valgte = new Set(request.body.felter);
    const overtaget = forskelle(row, enhed).filter((d) => valgte.has(d.felt));
    if (overtaget.length === 0) {
      return { virksomhedId: row.id, version: row.version, overtaget: [] };
    }
    const values: Partial<typeof virksomhed.$inferInsert> = {};
    for (const d of overtaget) Object.assign(values, kolonnerFor(d.felt, enhed));
    const version = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(virksomhed)
        .set({ ...values, version: naesteVersion, opdateret: new Date() })
        .where(and(eq(virksomhed.id, row.id), eq(virksomhed.version, request.body.version)))
        .returning({ version: virksomhed.version });
      if (!updated) {
        throw conflict(AENDRET_AF_ANDEN);
      }
      const felter = overtaget.map((d) => d.felt);
      const registrerede = await tx
        .update(cvrAendring)
        .set({ overtaget: true, brugerId: user.brugerId })
        .where(
          and(
            eq(cvrAendring.virksomhedId, row.id),
            eq(cvrAendring.overtaget, false),
            inArray(cvrAendring.felt, felter),
          ),
        )
        .returning({ felt: cvrAendring.felt });
      // A change taken over without a prior lookup is still recorded, already taken over.
      const mangler = overtaget.filter((d) => !registrerede.some((r) => r.felt === d.felt));
      if (mangler.length > 0) {
        await tx.insert(cvrAendring).values(aendringer(row, mangler, user, true));
      }
      await stamoplysningLog(
        tx,
        { kundeId: row.kundeId, virksomhedId: row.id },
        user,
        `Opdateret fra CVR: ${overtaget
          .map((d) => `${d.label}: »${d.nuvaerende ?? ''}« → »${d.register ?? ''}«`)
          .join('; ')}`,
      );
      return updated.version;
    });
    return { virksomhedId: row.id, version, overtaget };
  });
}
