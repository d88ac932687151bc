import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SAT_RAEKKETYPE } from '../../contract/entitet';
import { iDagAf } from '../../contract/format';
import { recordKonflikt } from '../../contract/record-kind';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import {
  AFFALDSFRAKTIONER,
  type Affaldsfraktion,
  fraktionFelt,
  type GebyrArt,
  gebyrBeloebOere,
  overfoerSatResultat,
  SAT_LANDBRUG_KATEGORI_FEJL,
  SAT_LANDBRUG_KATEGORIER,
  SAT_RESULTAT_TYPE_STI,
  type SatResultatKategori,
  sletSatResultatISat,
} from '../../contract/sat';
import { SAT_ARTER, SAT_GEBYR, SAT_RESULTAT } from '../../contract/sat-registreringer';
import { loadSatEjer } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import { lookupListe } from '../catalog/lookups';
import type { Db } from '../db/client';
import { kunde, registrering, satGebyrType, satOverfoersel, satVirksomhed, virksomhed } from '../db/schema';
import { opdaterVersioneret, tjekVersion } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { addFieldError, badRequest, eksternFejl, notFound } from '../http/errors';
import type { SatResultatTilSat } from '../integrations/sat';
import { EJERE, type EjerRaekke } from '../records/ejere';
import {
  afvisFaktureret,
  levendeRegistrering,
  levendeRegistreringer,
  type RecordHooks,
  svar,
} from '../records/registreringer';
import { recordRoutes } from './registreringer';

/**
 * The SAT programme's record kinds (src/contract/sat-registreringer.ts) on the shared record
 * mechanism, with the rules that need the database, and the two calls to the national SAT system:
 *   - a result: the farm rule (only Del af miljøtilsyn and § 8-tilsyn for a farm or a SAT farm), one
 *     live result per company, a performed date not in the future; a result that is in SAT is deleted
 *     there first;
 *   - a fee: the customer's fee type valid on the inspection date, hours for an hourly rate, the rate
 *     and amount computed by the server, an invoiced fee frozen;
 *   - POST satresultat/OpretOpdaterSATResultatISAT/{id} and POST satresultat/SletSATResultatISAT/{id}:
 *     the call to SAT outside any transaction and within SAT_TIMEOUT_MS, every attempt recorded in
 *     `sat_overfoersel`, and only a successful one changing the result (a new version, a log entry).
 */

type Row = typeof registrering.$inferSelect;

export const SAT_SLET_FOERST = 'Resultatet er overført til SAT. Slet det i SAT først.';
export const SAT_ALLEREDE_RESULTAT = 'Virksomheden har allerede et SAT-resultat';
export const SAT_UDFOERT_FREMTID = 'Udført dato må ikke ligge i fremtiden';
export const GEBYR_TYPE_UGYLDIG = 'Gebyrtypen gælder ikke på tilsynsdatoen';
export const GEBYR_TIMEANTAL = 'Angiv timeantal for et timesats-gebyr';
export const GEBYR_FAKTURERET = 'Gebyret er faktureret og kan ikke ændres';
/** An invoiced fee is frozen (the shared rule, src/server/routes/registreringer.ts); a 400 on the field. */
const gebyrFaktureret = () => badRequest({ faktureret: [GEBYR_FAKTURERET] }, GEBYR_FAKTURERET);
export const SAT_IKKE_OVERFOERT = 'Resultatet er ikke overført til SAT';
export const satOverfoerFejl = (grund: string) =>
  `Overførslen til SAT mislykkedes: ${grund}. Resultatet er uændret – prøv igen.`;
export const SAT_OVERFOER_TIMEOUT =
  'SAT svarede ikke i tide. Resultatet er uændret – prøv igen; en ny overførsel opretter det ikke to gange.';
export const satSletFejl = (grund: string) =>
  `Sletningen i SAT mislykkedes: ${grund}. Resultatet er uændret – prøv igen.`;
export const SAT_SLET_TIMEOUT =
  'SAT svarede ikke i tide. Resultatet er uændret – prøv igen; en ny sletning i SAT skader ikke.';

/** What a transfer needs before it is sent, with the message of each. */
const SKAL_UDFYLDES: readonly [string, string][] = [
  ['satTilsynsresultatKategori', 'Kategori skal udfyldes før resultatet overføres'],
  ['satTilsynsresultatTypeId', 'Resultattype skal udfyldes før resultatet overføres'],
  ['udfoertDato', 'Udført dato skal udfyldes før resultatet overføres'],
];

/** A stored record's data (the columns are not needed by these rules). */
async function gemteData(tx: Db, id: number): Promise<Record<string, unknown>> {
  const [r] = await tx.select({ data: registrering.data }).from(registrering).where(eq(registrering.id, id));
  return r?.data ?? {};
}

/** A farm, or a SAT company marked as a farm: only the farm categories. */
async function erLandbrug(tx: Db, ejer: EjerRaekke): Promise<boolean> {
  if (ejer.type === VIRKSOMHEDSTYPE.LANDBRUG) return true;
  if (ejer.type !== SAT_RAEKKETYPE) return false;
  const [s] = await tx
    .select({ erLandbrug: satVirksomhed.erLandbrug })
    .from(satVirksomhed)
    .where(eq(satVirksomhed.virksomhedId, ejer.id));
  return s?.erLandbrug ?? false;
}

async function gebyrType(tx: Db, kundeId: number, id: unknown) {
  if (typeof id !== 'number') return undefined;
  const [t] = await tx
    .select()
    .from(satGebyrType)
    .where(and(eq(satGebyrType.id, id), eq(satGebyrType.kundeId, kundeId)));
  return t;
}

function satHooks(clock?: () => Date): RecordHooks {
  return {
    [SAT_RESULTAT.art]: {
      async tjek({ tx, ejer, id, input }) {
        const fejl: Record<string, string[]> = {};
        const kategori = input.satTilsynsresultatKategori as SatResultatKategori;
        if ((await erLandbrug(tx, ejer)) && !SAT_LANDBRUG_KATEGORIER.includes(kategori))
          addFieldError(fejl, 'satTilsynsresultatKategori', SAT_LANDBRUG_KATEGORI_FEJL);
        if (typeof input.udfoertDato === 'string' && input.udfoertDato.slice(0, 10) > iDagAf(clock))
          addFieldError(fejl, 'udfoertDato', SAT_UDFOERT_FREMTID);
        if (id === null) {
          // Two creates for the same company wait for each other, so the second sees the first's result.
          await tx.execute(sql`SELECT id FROM virksomhed WHERE id = ${ejer.id} FOR UPDATE`);
          if ((await levendeRegistreringer(tx, ejer.id, SAT_RESULTAT.art)).length > 0)
            addFieldError(fejl, 'virksomhedId', SAT_ALLEREDE_RESULTAT);
        }
        return fejl;
      },
      async foerSlet({ tx, id }) {
        if ((await gemteData(tx, id)).overfoertTilMiljoestyrelsenDato)
          throw badRequest({ overfoertTilMiljoestyrelsenDato: [SAT_SLET_FOERST] }, SAT_SLET_FOERST);
      },
    },
    [SAT_GEBYR.art]: {
      async tjek({ tx, user, id, input }) {
        if (id !== null) await afvisFaktureret(tx, id, gebyrFaktureret);
        const gemt = id === null ? {} : await gemteData(tx, id);
        const fejl: Record<string, string[]> = {};
        const type = await gebyrType(tx, user.kundeId, input.gebyrtypeId);
        // An unknown type is the field check's 400 (not one of the customer's fee types).
        if (!type) return fejl;
        const dato = typeof input.dato === 'string' ? input.dato.slice(0, 10) : null;
        const uaendret = gemt.gebyrtypeId === type.id;
        if (
          dato !== null &&
          (dato < type.gyldigFra ||
            (type.gyldigTil !== null && dato > type.gyldigTil) ||
            (!type.aktiv && !uaendret))
        )
          addFieldError(fejl, 'gebyrtypeId', GEBYR_TYPE_UGYLDIG);
        if (type.art === 'timesats' && !(typeof input.timeantal === 'number' && input.timeantal > 0))
          addFieldError(fejl, 'timeantal', GEBYR_TIMEANTAL);
        return fejl;
      },
      async beregn({ tx, user, id, input }) {
        const type = await gebyrType(tx, user.kundeId, input.gebyrtypeId);
        if (!type) return {};
        const timeantal = typeof input.timeantal === 'number' ? input.timeantal : null;
        return {
          satsOere: type.satsOere,
          beloebOere: gebyrBeloebOere(type.art as GebyrArt, type.satsOere, timeantal),
          ...(id === null ? { faktureret: false } : {}),
        };
      },
      async foerSlet({ tx, id }) {
        await afvisFaktureret(tx, id, gebyrFaktureret);
      },
    },
  };
}

/** The outcome of one call to SAT: its answer, its reason for refusing, or no answer in time. */
type Udfald<T> = { status: 'OK'; svar: T } | { status: 'Fejl' | 'Timeout'; besked: string };

async function kaldSat<T>(kald: () => Promise<T>, ms: number): Promise<Udfald<T>> {
  let timer: NodeJS.Timeout | undefined;
  const frist = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    const svar = await Promise.race([kald().then((s) => ({ s })), frist]);
    if (svar === 'timeout') return { status: 'Timeout', besked: `Intet svar fra SAT inden for ${ms} ms` };
    return { status: 'OK', svar: svar.s };
  } catch (err) {
    const besked = err instanceof Error && err.message ? err.message : 'SAT afviste kaldet';
    return { status: 'Fejl', besked: besked.slice(0, 300) };
  } finally {
    clearTimeout(timer);
  }
}

export async function satRegistreringRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock, integrations, config } = deps;
  await recordRoutes(SAT_ARTER, EJERE, satHooks(clock))(app, deps);

  const konflikt = recordKonflikt(SAT_RESULTAT.navn);
  const nu = () => (clock ? clock() : new Date());

  /** The live result {id} of the user's customer and its owner (SAGSBEHANDLER_AFFALD); else 404. */
  async function hentResultat(user: SessionUser, id: number): Promise<{ r: Row; e: EjerRaekke }> {
    const r = await levendeRegistrering(db, user.kundeId, SAT_RESULTAT, id);
    return { r, e: await loadSatEjer(db, user, r.virksomhedId, 'write') };
  }

  /** The result as SAT takes it: the company's P-number, CVR and name beside the result's fields. */
  async function tilSat(user: SessionUser, r: Row): Promise<SatResultatTilSat> {
    const [k] = await db.select({ kundeNr: kunde.kundeNr }).from(kunde).where(eq(kunde.id, user.kundeId));
    const [v] = await db
      .select({ navn: virksomhed.navn, pNr: virksomhed.pNr, cvrNr: virksomhed.cvrNr })
      .from(virksomhed)
      .where(eq(virksomhed.id, r.virksomhedId));
    if (!k || !v) throw notFound(SAT_RESULTAT.navn);
    const d = r.data;
    const tekst = (x: unknown) => (typeof x === 'string' && x !== '' ? x : null);
    const typeId = d.satTilsynsresultatTypeId;
    const type = lookupListe(SAT_RESULTAT_TYPE_STI)?.find((i) => i.id === typeId);
    return {
      kundeNr: k.kundeNr,
      resultatId: r.id,
      virksomhed: { pNr: v.pNr, cvrNr: v.cvrNr, navn: v.navn },
      kategori: d.satTilsynsresultatKategori as SatResultatKategori,
      resultatTypeKode: type?.kode ?? String(typeId),
      resultatTypeBemaerkning: tekst(d.resultatTypeBemaerkning),
      timeantal: typeof d.timeantal === 'number' ? d.timeantal : null,
      udfoertDato: String(r.dato).slice(0, 10),
      fraktioner: Object.fromEntries(
        AFFALDSFRAKTIONER.map((f) => [f, d[fraktionFelt(f)] === true]),
      ) as Record<Affaldsfraktion, boolean>,
      forkerteFraktionerIMstData: d.forkerteFraktionerIMstData === true,
      forkerteFraktionerIMstDataBemaerkning: tekst(d.forkerteFraktionerIMstDataBemaerkning),
      forkerteAktoererIMstData: d.forkerteAktoererIMstData === true,
      forkerteAktoererIMstDataBemaerkning: tekst(d.forkerteAktoererIMstDataBemaerkning),
    };
  }

  /** Every attempt is kept, whatever its outcome. */
  async function gemForsoeg(
    user: SessionUser,
    r: Row,
    handling: 'overfoer' | 'slet',
    udfald: Udfald<unknown>,
    satId: string | null,
  ) {
    await db.insert(satOverfoersel).values({
      kundeId: user.kundeId,
      resultatId: r.id,
      handling,
      status: udfald.status,
      besked: udfald.status === 'OK' ? null : udfald.besked,
      satId,
      tidspunkt: nu(),
      brugerId: user.brugerId,
    });
  }

  /** The result with new transfer dates, a new version and the log entry, in one transaction. */
  async function skrivDatoer(
    user: SessionUser,
    r: Row,
    e: EjerRaekke,
    datoer: { overfoertTilMiljoestyrelsenDato: string | null; oprettetMiljoestyrelsenDato: string | null },
    notat: string,
  ) {
    const ny = await db.transaction((tx) =>
      opdaterVersioneret(
        tx,
        registrering,
        { id: r.id, version: r.version, hvor: eq(registrering.slettet, false) },
        { data: { ...r.data, ...datoer }, opdateret: nu(), opdateretAf: user.brugerId },
        konflikt,
        user,
        { virksomhedId: e.id, emne: SAT_RESULTAT.logEmne, notat },
      ),
    );
    const [item] = await svar(db, SAT_RESULTAT, [ny], clock);
    return item!;
  }

  serve(app, overfoerSatResultat, async (request) => {
    const user = request.user;
    const { r, e } = await hentResultat(user, request.params.id);
    tjekVersion(request.body.version, r.version, konflikt);
    const mangler: Record<string, string[]> = {};
    for (const [felt, besked] of SKAL_UDFYLDES) {
      const v = felt === 'udfoertDato' ? r.dato : r.data[felt];
      if (v === null || v === undefined || v === '') addFieldError(mangler, felt, besked);
    }
    if (Object.keys(mangler).length > 0) throw badRequest(mangler, 'Resultatet kan ikke overføres endnu');

    const til = await tilSat(user, r);
    // The call is outside any transaction: no row is locked while SAT thinks.
    const udfald = await kaldSat(() => integrations.sat.overfoer(til), config.satTimeoutMs);
    await gemForsoeg(user, r, 'overfoer', udfald, udfald.status === 'OK' ? udfald.svar.satId : null);
    if (udfald.status !== 'OK')
      throw udfald.status === 'Fejl'
        ? eksternFejl(502, satOverfoerFejl(udfald.besked))
        : eksternFejl(504, SAT_OVERFOER_TIMEOUT);
    const foer = r.data.oprettetMiljoestyrelsenDato;
    return skrivDatoer(
      user,
      r,
      e,
      {
        overfoertTilMiljoestyrelsenDato: nu().toISOString(),
        oprettetMiljoestyrelsenDato: typeof foer === 'string' && foer ? foer : udfald.svar.oprettet,
      },
      `SAT-resultat overført til Miljøstyrelsen (SAT-id ${udfald.svar.satId}).`,
    );
  });

  serve(app, sletSatResultatISat, async (request) => {
    const user = request.user;
    const { r, e } = await hentResultat(user, request.params.id);
    tjekVersion(request.body.version, r.version, konflikt);
    if (!r.data.overfoertTilMiljoestyrelsenDato)
      throw badRequest({ overfoertTilMiljoestyrelsenDato: [SAT_IKKE_OVERFOERT] }, SAT_IKKE_OVERFOERT);
    const { kundeNr } = await tilSat(user, r);
    const udfald = await kaldSat(() => integrations.sat.slet(kundeNr, r.id), config.satTimeoutMs);
    await gemForsoeg(user, r, 'slet', udfald, null);
    if (udfald.status !== 'OK')
      throw udfald.status === 'Fejl'
        ? eksternFejl(502, satSletFejl(udfald.besked))
        : eksternFejl(504, SAT_SLET_TIMEOUT);
    return skrivDatoer(
      user,
      r,
      e,
      { overfoertTilMiljoestyrelsenDato: null, oprettetMiljoestyrelsenDato: null },
      'SAT-resultat slettet i SAT.',
    );
  });
}
