import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { iDagAf } from '../../contract/format';
import {
  hentJupiterKlar,
  hentJupiterStatus,
  indberetTilJupiter,
  JUPITER_HISTORIK_MAKS,
  JUPITER_KONFLIKT,
  type JupiterIndberetning,
  type JupiterKlarInput,
  jupiterKlar,
} from '../../contract/jupiter';
import { VALIDERING_STATUS } from '../../contract/validering';
import { tilladelseIKraft, VANDANLAEG_TILLADELSE } from '../../contract/vandanlaeg-registreringer';
import { loadVandanlaeg } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { boring, bruger, indtag, jupiterIndberetning, oppumpetMaengde, virksomhed } from '../db/schema';
import { opdaterVersioneret, type Tx, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { iDanmark } from '../geo/danmark';
import { serve } from '../http/endpoint';
import { addFieldError, badRequest, HttpError, notFound } from '../http/errors';
import type {
  JupiterAnlaegData,
  JupiterEjer,
  JupiterMaengde,
  JupiterTilladelse,
} from '../integrations/jupiter';
import { levendeRegistreringer } from '../records/registreringer';

type PlantRow = typeof virksomhed.$inferSelect;

/** The log subject of a report (LOGBOG_EMNER). */
const LOG_EMNE = 'Vandanlæg';

const tal = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const tekst = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The plant's coordinate (EPSG:25832): the x/y columns, as GET Vandanlaeg/{id} answers it. */
function koordinatAf(row: PlantRow): { x: number; y: number } | null {
  return row.x !== null && row.y !== null ? { x: row.x, y: row.y } : null;
}

/** Today (YYYY-MM-DD) by the server's clock, as the permits' status counts it. */

/** The plant's live permits, each with whether it is in force today (newest first). */
async function tilladelserAf(db: Db, plantId: number, iDag: string) {
  return (await levendeRegistreringer(db, plantId, VANDANLAEG_TILLADELSE.art)).map((r) => {
    const v: Record<string, unknown> = { ...r.data, dato: r.dato };
    return {
      id: r.id,
      titel: r.titel,
      startdato: r.dato,
      slutdato: typeof v.slutdato === 'string' && v.slutdato ? v.slutdato.slice(0, 10) : null,
      iKraft: tilladelseIKraft(v, iDag),
      vandmaengdeM3Aar: tal(v.vandmaengdeM3Aar),
      vandmaengdeM3Time: tal(v.vandmaengdeM3Time),
    };
  });
}

/**
 * What Jupiter-klar reads: the basis with the column-kept fields (navn = anlægsnavn), the
 * coordinate, every borehole's DGU number and the live permits with whether each is in force today.
 */
export async function klarInputAf(db: Db, row: PlantRow, iDag: string): Promise<JupiterKlarInput> {
  const boringer = await db
    .select({ dguNr: boring.dguNr })
    .from(boring)
    .where(eq(boring.vandanlaegId, row.id))
    .orderBy(asc(boring.id));
  return {
    basis: { ...row.basis, anlaegsnavn: row.navn, jupiterId: row.jupiterId, anlaegsnr: row.anlaegsnr },
    koordinat: koordinatAf(row),
    boringer,
    tilladelser: await tilladelserAf(db, row.id, iDag),
  };
}

/** Jupiter-klar of a loaded plant on the server: Denmark's shape, the boreholes and the permits. */
export async function jupiterKlarAf(db: Db, row: PlantRow, iDag: string) {
  return jupiterKlar(await klarInputAf(db, row, iDag), iDanmark);
}

/** The owner as the report carries it: the CVR or CPR number (digits only) by its length. */
function ejerAf(b: Record<string, unknown>): JupiterEjer {
  const nr = tekst(b.ejerCvrCprNr)?.replace(/[\s-]/g, '') ?? null;
  return {
    cvrNr: nr?.length === 8 ? nr : null,
    cprNr: nr?.length === 10 ? nr : null,
    navn: tekst(b.ejerNavn),
    adresse: tekst(b.ejerAdresse),
  };
}

/**
 * The report: the plant's J-marked fields, its owner and its permits in force (vandforsyningsloven
 * § 24 d), its boreholes and intakes, and its approved quantities.
 */
async function byggeIndberetning(db: Db, row: PlantRow, iDag: string): Promise<JupiterAnlaegData> {
  const b = row.basis;
  const boringer = await db
    .select({ id: boring.id, dguNr: boring.dguNr })
    .from(boring)
    .where(eq(boring.vandanlaegId, row.id))
    .orderBy(asc(boring.id));
  const indtagRows =
    boringer.length === 0
      ? []
      : await db
          .select({
            id: indtag.id,
            boringId: indtag.boringId,
            indtagsnr: indtag.indtagsnr,
            jupiterId: indtag.jupiterId,
          })
          .from(indtag)
          .where(
            inArray(
              indtag.boringId,
              boringer.map((x) => x.id),
            ),
          )
          .orderBy(asc(indtag.boringId), asc(indtag.indtagsnr));
  const maengder = await db
    .select({
      id: oppumpetMaengde.id,
      indtagId: oppumpetMaengde.indtagId,
      startdato: oppumpetMaengde.startdato,
      slutdato: oppumpetMaengde.slutdato,
      vandmaengde: oppumpetMaengde.vandmaengdeOppumpet,
      jupiterIndvindingsmetodeId: oppumpetMaengde.jupiterIndvindingsmetodeId,
      forsyning: oppumpetMaengde.forsyning,
    })
    .from(oppumpetMaengde)
    .where(
      and(eq(oppumpetMaengde.vandanlaegId, row.id), eq(oppumpetMaengde.status, VALIDERING_STATUS.GODKENDT)),
    )
    .orderBy(asc(oppumpetMaengde.startdato), asc(oppumpetMaengde.id));

  const oevrige = b.oevrigeVandanlaegVirksomhedstyper;
  return {
    jupiterId: row.jupiterId,
    anlaegsnr: row.anlaegsnr,
    anlaegsnavn: tekst(row.navn),
    primaerVirksomhedstype: tekst(b.primaerVirksomhedstype),
    oevrigeVirksomhedstyper: Array.isArray(oevrige) ? oevrige.map(String) : [],
    jupiterAnlaegsartId: tal(b.jupiterAnlaegsartId),
    jupiterAktivStatusId: tal(b.jupiterAktivStatusId),
    jupiterVandtypeId: tal(b.jupiterVandtypeId),
    jupiterIndvindingsformaalId: tal(b.jupiterIndvindingsformaalId),
    jupiterCTRLPROGRAMId: tal(b.jupiterCTRLPROGRAMId),
    jupiterKoordinatMetodeId: tal(b.jupiterKoordinatMetodeId),
    koordinat: koordinatAf(row),
    startdato: tekst(b.startdato),
    slutdato: tekst(b.slutdato),
    ejer: ejerAf(b),
    tilladelser: (await tilladelserAf(db, row.id, iDag))
      .filter((t) => t.iKraft && t.startdato !== null)
      .map(
        (t): JupiterTilladelse => ({
          id: t.id,
          titel: t.titel,
          startdato: t.startdato!,
          slutdato: t.slutdato,
          vandmaengdeM3Aar: t.vandmaengdeM3Aar,
          vandmaengdeM3Time: t.vandmaengdeM3Time,
        }),
      ),
    boringer: boringer.map((x) => ({
      id: x.id,
      dguNr: x.dguNr,
      indtag: indtagRows
        .filter((i) => i.boringId === x.id)
        .map((i) => ({ id: i.id, indtagsnr: i.indtagsnr, jupiterId: i.jupiterId })),
    })),
    maengder: maengder.map(
      (m): JupiterMaengde => ({
        ...m,
        forsyning: (m.forsyning ?? []).map((f) => ({
          jupiterForsyningsartId: f.jupiterForsyningsartId,
          maengde: f.maengde,
        })),
      }),
    ),
  };
}

/** The reports of a plant, newest first, with the sender's name. */
async function hentIndberetninger(db: Db | Tx, vandanlaegId: number, kundeId: number, limit: number) {
  const rows = await db
    .select({
      id: jupiterIndberetning.id,
      sendt: jupiterIndberetning.sendt,
      brugerId: jupiterIndberetning.brugerId,
      bruger: bruger.navn,
      status: jupiterIndberetning.status,
      fejlTypeKode: jupiterIndberetning.fejlTypeKode,
      fejlTypeTekst: jupiterIndberetning.fejlTypeTekst,
      elementStatus: jupiterIndberetning.elementStatus,
    })
    .from(jupiterIndberetning)
    .leftJoin(bruger, eq(bruger.id, jupiterIndberetning.brugerId))
    .where(and(eq(jupiterIndberetning.vandanlaegId, vandanlaegId), eq(jupiterIndberetning.kundeId, kundeId)))
    .orderBy(desc(jupiterIndberetning.sendt), desc(jupiterIndberetning.id))
    .limit(limit);
  return rows.map(
    (r): JupiterIndberetning => ({
      id: r.id,
      sendt: r.sendt.toISOString(),
      brugerId: r.brugerId,
      bruger: r.bruger,
      jupiterIndberetningsFejlStatus: r.status === 'OK' ? 'OK' : 'Fejl',
      jupiterIndberetningsFejlTypeKode: r.fejlTypeKode,
      jupiterIndberetningsFejlTypeText: r.fejlTypeTekst,
      elementStatusListe: r.elementStatus.map((e) => ({
        element: e.element,
        felt: e.felt,
        status: e.status === 'OK' ? 'OK' : 'Fejl',
        besked: e.besked,
      })),
    }),
  );
}

/**
 * Reporting a water plant to Jupiter (through `integrations.jupiter`) and the status back:
 * GET vandanlaeg/{id}/jupiter/klar, POST vandanlaeg/{id}/jupiter/indberet,
 * GET vandanlaeg/{id}/jupiter/status. Reading needs the water-plant read right, sending the
 * caseworker right; another customer's plant, or a company that is not a water plant, answers 404.
 */
export async function jupiterRoutes(app: FastifyInstance, { db, integrations, clock }: Deps): Promise<void> {
  serve(app, hentJupiterKlar, async (request) => {
    const row = await loadVandanlaeg(db, request.user, request.params.id, 'read');
    const iDag = iDagAf(clock);
    const klar = await jupiterKlarAf(db, row, iDag);
    if (!klar.klar) return klar;
    // What 'Indberet til Jupiter' would send now, counted from the report itself.
    const data = await byggeIndberetning(db, row, iDag);
    return {
      ...klar,
      indhold: {
        boringer: data.boringer.length,
        indtag: data.boringer.reduce((n, b) => n + b.indtag.length, 0),
        maengder: data.maengder.length,
        tilladelser: data.tilladelser.length,
      },
    };
  });

  serve(app, hentJupiterStatus, async (request) => {
    const row = await loadVandanlaeg(db, request.user, request.params.id, 'read');
    const historik = await hentIndberetninger(db, row.id, request.user.kundeId, JUPITER_HISTORIK_MAKS);
    return { seneste: historik[0] ?? null, historik };
  });

  serve(app, indberetTilJupiter, async (request) => {
    const row = await loadVandanlaeg(db, request.user, request.params.id, 'write');
    if (request.body.version !== undefined) tjekVersion(request.body.version, row.version, JUPITER_KONFLIKT);
    return indberetVandanlaeg({ db, integrations, clock }, request.user, row, request.log);
  });
}

/**
 * Reports a loaded water plant to Jupiter (the caller has checked the right and the version): checks
 * Jupiter-klar (400 with the missing fields), sends, stores the answer, sets the plant's status and
 * writes its log. Used by POST vandanlaeg/{id}/jupiter/indberet and the bulk retry of
 * /frister/jupiterstatus.
 */
export async function indberetVandanlaeg(
  { db, integrations, clock }: Pick<Deps, 'db' | 'integrations' | 'clock'>,
  user: SessionUser,
  row: PlantRow,
  log: FastifyBaseLogger,
) {
  const iDag = iDagAf(clock);
  const klar = await jupiterKlarAf(db, row, iDag);
  if (!klar.klar) {
    const errors: Record<string, string[]> = {};
    for (const m of klar.mangler) addFieldError(errors, m.felt, m.besked);
    throw badRequest(errors, 'Vandanlægget er ikke klar til Jupiter');
  }

  const data = await byggeIndberetning(db, row, iDag);
  let svar: Awaited<ReturnType<typeof integrations.jupiter.indberet>>;
  try {
    svar = await integrations.jupiter.indberet(data);
  } catch (err) {
    log.error({ err }, 'jupiter: the report could not be sent');
    throw new HttpError(502, 'Jupiter svarer ikke. Indberetningen er ikke sendt; prøv igen senere.');
  }

  const sendt = clock ? clock() : new Date();
  const version = await db.transaction(async (tx) => {
    await tx.insert(jupiterIndberetning).values({
      kundeId: user.kundeId,
      vandanlaegId: row.id,
      sendt,
      brugerId: user.brugerId,
      status: svar.status,
      fejlTypeKode: svar.fejlTypeKode,
      fejlTypeTekst: svar.fejlTypeTekst,
      elementStatus: svar.elementStatusListe,
    });
    // The status is the system's, not an edit: it goes on top of whatever version the plant has now.
    const [nu] = await tx
      .select({ version: virksomhed.version, basis: virksomhed.basis })
      .from(virksomhed)
      .where(and(eq(virksomhed.id, row.id), eq(virksomhed.kundeId, user.kundeId)))
      .for('update');
    if (!nu) throw notFound('Vandanlægget');
    const antalFejl = svar.elementStatusListe.filter((e) => e.status === 'Fejl').length;
    const ny = await opdaterVersioneret(
      tx,
      virksomhed,
      { id: row.id, version: nu.version, hvor: eq(virksomhed.kundeId, user.kundeId) },
      { basis: { ...nu.basis, jupiterIndberetningStatus: svar.status } },
      JUPITER_KONFLIKT,
      user,
      {
        virksomhedId: row.id,
        emne: LOG_EMNE,
        notat:
          svar.status === 'OK'
            ? 'Indberettet til Jupiter: godkendt.'
            : `Indberettet til Jupiter: afvist (${svar.fejlTypeKode ?? ''} – ${svar.fejlTypeTekst ?? ''}, ${antalFejl} fejl).`,
      },
    );
    return ny.version;
  });

  const [seneste] = await hentIndberetninger(db, row.id, user.kundeId, 1);
  if (!seneste) throw new HttpError(500, 'Indberetningen blev ikke gemt');
  return { indberetning: seneste, version };
}
