import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SAT_RAEKKETYPE } from '../../contract/entitet';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import {
  type OpretFraCvrSvar,
  opretSatVirksomhederFraCvr,
  opretSatVirksomhedManuelt,
  SAT_VIRKSOMHED_FELTER,
  type SatListeLinje,
  validerOpretSatVirksomhed,
} from '../../contract/sat';
import { requireActiveKunde } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows } from '../db/client';
import { logbog, satTilsynsperiode, satVirksomhed, virksomhed } from '../db/schema';
import type { Tx } from '../db/versioneret';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { badRequest } from '../http/errors';
import { adresseTekst, type CvrEnhed } from '../integrations/cvr';
import { FeltOpslag } from '../records/felter';
import { iDagAf, satVirksomhedSvar, tjekSatVirksomhed } from './sat-data';

/**
 * Creating SAT companies (contract src/contract/sat.ts): manually after the same checks as an edit,
 * and from P-numbers looked up in the company register (CVR), with a dry run, for the municipality's
 * own choice or Miljøstyrelsen's list of selected companies.
 */

const LOG_EMNE = 'Stamoplysninger';
const UKENDT_PERIODE = 'Tilsynsperioden findes ikke hos kunden';

/** A SAT company that does not exist yet, for the field language's lookups. */
const NY = { id: 0, type: SAT_RAEKKETYPE };

/** The field checks of a manual creation (400 with a Danish message per field). */
async function tjekOpret(tx: Tx, user: SessionUser, body: Record<string, unknown>) {
  const opslag = new FeltOpslag(tx, user.kundeId, NY);
  const nye: Record<string, unknown> = {};
  for (const f of SAT_VIRKSOMHED_FELTER) nye[f.navn] = body[f.navn];
  const errors = await tjekSatVirksomhed(tx, opslag, user.kundeId, nye, {}, null);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return nye;
}

/** What a creation may warn about: the P-number is a SAT company in another period, or a company of the customer. */
async function advarsler(db: Tx, kundeId: number, pNr: string, periodeId: number): Promise<string[]> {
  const rows = await queryRows<{ type: number; navn: string; periode: string | null }>(
    db as Db,
    sql`select v.type, v.navn, p.navn as periode from virksomhed v
          left join sat_virksomhed s on s.virksomhed_id = v.id
          left join sat_tilsynsperiode p on p.id = s.sat_tilsynsperiode_id
        where v.kunde_id = ${kundeId} and v.p_nr = ${pNr} and not v.slettet
          and (v.type in (${VIRKSOMHEDSTYPE.VIRKSOMHED}, ${VIRKSOMHEDSTYPE.LANDBRUG})
            or (v.type = ${SAT_RAEKKETYPE} and s.sat_tilsynsperiode_id <> ${periodeId}))
        order by v.type, v.id limit 10`,
  );
  return rows.map((r) =>
    Number(r.type) === SAT_RAEKKETYPE
      ? `P-nummeret er også udvalgt i perioden ${r.periode ?? ''}`.trim()
      : `P-nummeret tilhører ${Number(r.type) === VIRKSOMHEDSTYPE.LANDBRUG ? 'landbruget' : 'virksomheden'} ${r.navn}`,
  );
}

interface NySat {
  navn: string;
  cvrNr: string | null;
  pNr: string;
  adresse: string | null;
  vejnavn?: string | null;
  husnummer?: string | null;
  postnummer?: string | null;
  postdistrikt?: string | null;
  x?: number | null;
  y?: number | null;
  periodeId: number;
  fraSatListe: boolean;
  udvalgtDato: string | null;
  deadlineDato: string | null;
  risikoscore: number | null;
  udvaelgelsesmetode: string | null;
  erLandbrug: boolean;
}

/** Writes SAT companies (row type 4 and their SAT fields) and a log entry each; answers their ids in order. */
async function opretSat(tx: Tx, user: SessionUser, nye: NySat[], notat: string): Promise<number[]> {
  if (nye.length === 0) return [];
  const ids: number[] = [];
  // In chunks: a creation from Miljøstyrelsen's list may carry up to 2000 lines.
  for (let i = 0; i < nye.length; i += 500) {
    const del = nye.slice(i, i + 500);
    const rows = await tx
      .insert(virksomhed)
      .values(
        del.map((n) => ({
          kundeId: user.kundeId,
          type: SAT_RAEKKETYPE,
          navn: n.navn,
          cvrNr: n.cvrNr,
          pNr: n.pNr,
          adresse: n.adresse,
          vejnavn: n.vejnavn ?? null,
          husnummer: n.husnummer ?? null,
          postnummer: n.postnummer ?? null,
          postdistrikt: n.postdistrikt ?? null,
          x: n.x ?? null,
          y: n.y ?? null,
        })),
      )
      .returning({ id: virksomhed.id });
    const delIds = rows.map((r) => r.id);
    await tx.insert(satVirksomhed).values(
      del.map((n, j) => ({
        virksomhedId: delIds[j]!,
        kundeId: user.kundeId,
        satTilsynsperiodeId: n.periodeId,
        fraSatListe: n.fraSatListe,
        udvalgtDato: n.udvalgtDato,
        deadlineDato: n.deadlineDato,
        risikoscore: n.risikoscore,
        udvaelgelsesmetode: n.udvaelgelsesmetode,
        erLandbrug: n.erLandbrug,
      })),
    );
    await tx.insert(logbog).values(
      delIds.map((id) => ({
        kundeId: user.kundeId,
        virksomhedId: id,
        emne: LOG_EMNE,
        notat,
        brugerId: user.brugerId,
        automatisk: true,
      })),
    );
    ids.push(...delIds);
  }
  return ids;
}

export async function satOpretRoutes(app: FastifyInstance, { db, clock, integrations }: Deps) {
  serve(app, validerOpretSatVirksomhed, async (request) => {
    const body = request.body as Record<string, unknown>;
    const nye = await db.transaction((tx) => tjekOpret(tx, request.user, body));
    return {
      gyldig: true as const,
      advarsler: await advarsler(
        db,
        request.user.kundeId,
        nye.pNr as string,
        nye.satTilsynsperiodeId as number,
      ),
    };
  });

  serve(app, opretSatVirksomhedManuelt, async (request) => {
    const user = request.user;
    const body = request.body as Record<string, unknown> & { adresse?: string | null };
    const id = await db.transaction(async (tx) => {
      const nye = await tjekOpret(tx, user, body);
      const [ny] = await opretSat(
        tx,
        user,
        [
          {
            navn: nye.virksomhedsnavn as string,
            cvrNr: nye.cvrNr as string | null,
            pNr: nye.pNr as string,
            adresse: body.adresse ?? null,
            periodeId: nye.satTilsynsperiodeId as number,
            fraSatListe: false,
            udvalgtDato: nye.udvalgtDato as string | null,
            deadlineDato: nye.deadlineDato as string | null,
            risikoscore: nye.risikoscore as number | null,
            udvaelgelsesmetode: nye.udvaelgelsesmetode as string | null,
            erLandbrug: nye.erLandbrug === true,
          },
        ],
        'SAT-virksomhed oprettet manuelt',
      );
      return ny!;
    });
    const [row] = await db.select().from(virksomhed).where(eq(virksomhed.id, id));
    return satVirksomhedSvar(db, row!, clock);
  });

  serve(app, opretSatVirksomhederFraCvr, async (request): Promise<OpretFraCvrSvar> => {
    const user = request.user;
    const q = request.query as { kundeid: number; sattilsynsperiodeid: number };
    requireActiveKunde(user, q.kundeid);
    const body = request.body;
    const [periode] = await db
      .select()
      .from(satTilsynsperiode)
      .where(
        and(eq(satTilsynsperiode.id, q.sattilsynsperiodeid), eq(satTilsynsperiode.kundeId, user.kundeId)),
      );
    if (!periode) throw badRequest({ satTilsynsperiodeId: [UKENDT_PERIODE] });

    // A P-number counts once, with its first line.
    const linjer = new Map<string, SatListeLinje>();
    for (const l of body.linjer) if (!linjer.has(l.pNr)) linjer.set(l.pNr, l);
    const pNrs = [...linjer.keys()];
    const kommunekode = Number(user.kundeNr);
    // The register is asked before the transaction (an outside call).
    const enheder = await integrations.cvr.hentEnheder(pNrs);
    const enhedSvar = (e: CvrEnhed, satVirksomhedId: number | null) => ({
      pNr: e.pNr,
      cvrNr: e.cvrNr || null,
      navn: e.navn,
      adresse: adresseTekst(e),
      kommune: e.kommunenavn || null,
      satVirksomhedId,
    });

    const sorter = async (tx: Tx) => {
      const findesRows = await tx
        .select({
          id: virksomhed.id,
          pNr: virksomhed.pNr,
          navn: virksomhed.navn,
          cvrNr: virksomhed.cvrNr,
          adresse: virksomhed.adresse,
        })
        .from(satVirksomhed)
        .innerJoin(virksomhed, eq(virksomhed.id, satVirksomhed.virksomhedId))
        .where(
          and(
            eq(satVirksomhed.kundeId, user.kundeId),
            eq(satVirksomhed.satTilsynsperiodeId, periode.id),
            eq(virksomhed.type, SAT_RAEKKETYPE),
            eq(virksomhed.slettet, false),
            inArray(virksomhed.pNr, pNrs),
          ),
        );
      const findes = new Map(findesRows.map((r) => [r.pNr!, r]));
      const svar: OpretFraCvrSvar = {
        proevekoersel: body.proevekoersel,
        nye: [],
        findes: [],
        udenforKommune: [],
        ukendte: [],
      };
      const nyeEnheder: CvrEnhed[] = [];
      for (const p of pNrs) {
        const f = findes.get(p);
        const e = enheder.get(p);
        if (f) {
          svar.findes.push({
            pNr: p,
            cvrNr: f.cvrNr,
            navn: f.navn,
            adresse: f.adresse,
            kommune: e?.kommunenavn || null,
            satVirksomhedId: f.id,
          });
        } else if (!e) {
          svar.ukendte.push({
            pNr: p,
            cvrNr: null,
            navn: null,
            adresse: null,
            kommune: null,
            satVirksomhedId: null,
          });
        } else if (e.kommunekode !== kommunekode) {
          svar.udenforKommune.push(enhedSvar(e, null));
        } else nyeEnheder.push(e);
      }
      return { svar, nyeEnheder };
    };

    if (body.proevekoersel) {
      const { svar, nyeEnheder } = await sorter(db);
      svar.nye = nyeEnheder.map((e) => enhedSvar(e, null));
      return svar;
    }
    const udvalgtDato = body.udvalgtDato ?? iDagAf(clock);
    return db.transaction(async (tx) => {
      // One creation per period at a time: two posts of the same lines never both find them new.
      await tx.execute(sql`select pg_advisory_xact_lock(${0x5341_5400}, ${periode.id})`);
      const { svar, nyeEnheder } = await sorter(tx);
      const ids = await opretSat(
        tx,
        user,
        nyeEnheder.map((e) => {
          const l = linjer.get(e.pNr)!;
          return {
            navn: e.navn,
            cvrNr: e.cvrNr || null,
            pNr: e.pNr,
            adresse: adresseTekst(e),
            vejnavn: e.vejnavn,
            husnummer: e.husnummer,
            postnummer: e.postnummer,
            postdistrikt: e.postdistrikt,
            x: e.x || null,
            y: e.y || null,
            periodeId: periode.id,
            fraSatListe: body.fraSatListe,
            udvalgtDato,
            deadlineDato: l.deadlineDato ?? periode.slutdato,
            risikoscore: l.risikoscore ?? null,
            udvaelgelsesmetode: l.udvaelgelsesmetode ?? null,
            erLandbrug: e.landbrug,
          };
        }),
        body.fraSatListe
          ? 'SAT-virksomhed oprettet fra Miljøstyrelsens liste'
          : 'SAT-virksomhed oprettet fra CVR',
      );
      svar.nye = nyeEnheder.map((e, i) => enhedSvar(e, ids[i]!));
      return svar;
    });
  });
}
