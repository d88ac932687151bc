import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatIsoDato, formatTal, iDagAf } from '../../contract/format';
import type { AnyRecordKind } from '../../contract/record-kind';
import { UDEN_FOR_DANMARK } from '../../contract/vandanlaeg';
import {
  DIADEM_ANLAEGSPAABUD_DISPENSATION,
  DIADEM_BORINGSPAABUD_DISPENSATION,
  DIADEM_STOF_LISTE,
  DISPENSATION_PAABUD,
  FASTMAALESTATION,
  hentAnlaegspaabudDispensationer,
  hentBoringspaabudDispensationer,
  hentBoringstilladelser,
  hentDiademStoffer,
  hentTilladelseForPeriode,
  perioderOverlapper,
  tilladelseIKraft,
  tilladelseSlut,
  tilladelseStatus,
  VANDANLAEG_ARTER,
  VANDANLAEG_TILLADELSE,
} from '../../contract/vandanlaeg-registreringer';
import { loadVandanlaeg } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { boring, registrering, virksomhed } from '../db/schema';
import { naesteVersion } from '../db/version';
import { skrivLog } from '../db/versioneret';
import type { Deps } from '../deps';
import { iDanmark } from '../geo/danmark';
import { serve } from '../http/endpoint';
import { notFound } from '../http/errors';
import { EJERE } from '../records/ejere';
import { levendeRegistreringer, type RecordHooks, svar } from '../records/registreringer';
import { filRoutes } from './filer';
import { recordRoutes } from './registreringer';

/**
 * A water plant's record kinds on the shared record mechanism (src/contract/vandanlaeg-registreringer.ts):
 * the generic five calls of each kind, the rules that need the database (one valid permit at a
 * time, a dispensation's order on the same plant), the plant's permitted quantity kept in step with
 * its valid permit, the calls beside the kinds (a borehole's permits, the permit of a period, the
 * dispensations of an order, the Diadem substances) and the inspections' files.
 */

type Row = typeof registrering.$inferSelect;

const TILLADELSE = VANDANLAEG_TILLADELSE.art;

/** Today (YYYY-MM-DD) by the server's clock. */

/** A record's fields as one object: its data and the date column. */
const felterAf = (r: Row): Record<string, unknown> => ({ ...r.data, titel: r.titel, dato: r.dato });

const periodeTekst = (start: string, slut: string | null) =>
  `${formatIsoDato(start)} – ${slut ? formatIsoDato(slut) : 'uden slutdato'}`;

/** The water plant {id} of the user's customer with the right checked; anything else is 404 first. */

/**
 * At most one valid abstraction permit per plant at any date: a permit that is not revoked and not
 * expired (Gældende) may not share a day with another Gældende permit of the plant. Revoked permits
 * count until the day before their revocation; expired ones not at all.
 */
async function tjekEnGaeldendeTilladelse(
  tx: Db,
  plantId: number,
  id: number | null,
  input: Record<string, unknown>,
  iDag: string,
): Promise<Record<string, string[]>> {
  // Two saves of the same plant's permits wait for each other, so both cannot pass the check.
  await tx.execute(sql`SELECT id FROM virksomhed WHERE id = ${plantId} FOR UPDATE`);
  if (tilladelseStatus(input, iDag) !== 'Gældende' || typeof input.dato !== 'string') return {};
  const ny = { start: input.dato, slut: tilladelseSlut(input) };
  for (const r of await levendeRegistreringer(tx, plantId, TILLADELSE)) {
    if (r.id === id || !r.dato) continue;
    const v = felterAf(r);
    if (tilladelseStatus(v, iDag) !== 'Gældende') continue;
    const anden = { start: r.dato, slut: tilladelseSlut(v) };
    if (!perioderOverlapper(ny, anden)) continue;
    return {
      dato: [
        `Anlægget har allerede en gældende indvindingstilladelse i perioden: '${r.titel}' (${periodeTekst(
          anden.start,
          anden.slut,
        )}). Der må kun være én gældende tilladelse ad gangen; giv den anden tilladelse en slutdato eller tilbagekald den først.`,
      ],
    };
  }
  return {};
}

/**
 * Keeps the plant's basis (vandmaengdeM3Aar, udloebsdatoPaaGaeldendeTilladelse) in step with the
 * permit in force today, in the permit change's transaction: no permit in force empties both. The
 * plant's version moves on (an open basis form then sees the change as a conflict, not a lost update)
 * and its log says what changed.
 */
async function synkroniserBasis(tx: Db, user: SessionUser, plantId: number, iDag: string) {
  const iKraft = (await levendeRegistreringer(tx, plantId, TILLADELSE))
    .map((r) => ({ r, v: felterAf(r) }))
    .filter(({ v }) => tilladelseIKraft(v, iDag))
    .sort((a, b) => (b.r.dato ?? '').localeCompare(a.r.dato ?? ''))[0];
  const maengde = iKraft && typeof iKraft.v.vandmaengdeM3Aar === 'number' ? iKraft.v.vandmaengdeM3Aar : null;
  const udloeb = iKraft ? tilladelseSlut(iKraft.v) : null;
  const [plant] = await tx
    .select({ basis: virksomhed.basis })
    .from(virksomhed)
    .where(eq(virksomhed.id, plantId));
  if (!plant) return;
  const foerM = (plant.basis.vandmaengdeM3Aar as number | null | undefined) ?? null;
  const foerU = (plant.basis.udloebsdatoPaaGaeldendeTilladelse as string | null | undefined) ?? null;
  if (foerM === maengde && foerU === udloeb) return;
  await tx
    .update(virksomhed)
    .set({
      basis: sql`${virksomhed.basis} || ${JSON.stringify({
        vandmaengdeM3Aar: maengde,
        udloebsdatoPaaGaeldendeTilladelse: udloeb,
      })}::jsonb`,
      version: naesteVersion,
      opdateret: new Date(),
    })
    .where(eq(virksomhed.id, plantId));
  const vis = (m: number | null) => (m === null ? '(tom)' : `${formatTal(m)} m³/år`);
  const visD = (d: string | null) => (d === null ? '(tom)' : formatIsoDato(d));
  await skrivLog(tx, user, {
    virksomhedId: plantId,
    emne: VANDANLAEG_TILLADELSE.logEmne,
    notat: `Tilladt vandmængde og udløbsdato fulgt med den gældende tilladelse${
      iKraft ? ` '${iKraft.r.titel}'` : ' (ingen gældende tilladelse)'
    }: Tilladt vandmængde: ${vis(foerM)} → ${vis(maengde)}; Udløb af gældende tilladelse: ${visD(foerU)} → ${visD(udloeb)}.`,
  });
}

/** A dispensation's order must be a live order of the kind on the same plant. */
async function tjekPaabud(
  tx: Db,
  kind: AnyRecordKind,
  plantId: number,
  input: Record<string, unknown>,
): Promise<Record<string, string[]>> {
  const paabud = DISPENSATION_PAABUD[kind.art]!;
  const id = input.paabudId;
  if (typeof id !== 'number') return {};
  const [r] = await tx
    .select({ id: registrering.id })
    .from(registrering)
    .where(
      and(
        eq(registrering.id, id),
        eq(registrering.virksomhedId, plantId),
        eq(registrering.art, paabud.art),
        eq(registrering.slettet, false),
      ),
    );
  return r ? {} : { paabudId: [`${paabud.navn} findes ikke på dette vandanlæg`] };
}

function hooks(clock?: () => Date): RecordHooks {
  const dispensation = (kind: AnyRecordKind) => ({
    tjek: ({ tx, ejer, input }: { tx: Db; ejer: { id: number }; input: Record<string, unknown> }) =>
      tjekPaabud(tx, kind, ejer.id, input),
  });
  return {
    // A fixed sampling site's coordinate lies in Denmark's land or territorial waters (the shape).
    [FASTMAALESTATION.art]: {
      tjek: async ({ input }): Promise<Record<string, string[]>> =>
        typeof input.x === 'number' && typeof input.y === 'number' && !iDanmark(input.x, input.y)
          ? { x: [UDEN_FOR_DANMARK] }
          : {},
    },
    [TILLADELSE]: {
      tjek: ({ tx, ejer, id, input }) => tjekEnGaeldendeTilladelse(tx, ejer.id, id, input, iDagAf(clock)),
      efter: ({ tx, user, ejer }) => synkroniserBasis(tx, user, ejer.id, iDagAf(clock)),
    },
    [DIADEM_ANLAEGSPAABUD_DISPENSATION.art]: dispensation(DIADEM_ANLAEGSPAABUD_DISPENSATION),
    [DIADEM_BORINGSPAABUD_DISPENSATION.art]: dispensation(DIADEM_BORINGSPAABUD_DISPENSATION),
  };
}

/** Routes of a water plant's record kinds, the calls beside them and the inspections' files. */
export async function vandanlaegRegistreringRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, clock } = deps;
  await recordRoutes(VANDANLAEG_ARTER, EJERE, hooks(clock))(app, deps);

  serve(app, hentBoringstilladelser, async (request) => {
    const [b] = await db
      .select({ id: boring.id, vandanlaegId: boring.vandanlaegId })
      .from(boring)
      .where(and(eq(boring.id, request.params.id), eq(boring.kundeId, request.user.kundeId)));
    if (!b) throw notFound('Boringen');
    await loadVandanlaeg(db, request.user, b.vandanlaegId, 'read');
    const rows = (await levendeRegistreringer(db, b.vandanlaegId, TILLADELSE)).filter((r) =>
      Array.isArray(r.data.boringIds) ? (r.data.boringIds as unknown[]).includes(b.id) : false,
    );
    return svar(db, VANDANLAEG_TILLADELSE, rows, clock);
  });

  serve(app, hentTilladelseForPeriode, async (request) => {
    const v = await loadVandanlaeg(db, request.user, request.params.id, 'read');
    const { start, slut } = request.query;
    const [r] = (await levendeRegistreringer(db, v.id, TILLADELSE))
      .filter(
        (r) =>
          r.dato && perioderOverlapper({ start, slut }, { start: r.dato, slut: tilladelseSlut(felterAf(r)) }),
      )
      .sort((a, b) => (b.dato ?? '').localeCompare(a.dato ?? '') || b.id - a.id);
    if (!r) return null;
    const [item] = await svar(db, VANDANLAEG_TILLADELSE, [r], clock);
    return item!;
  });

  for (const [kind, ep] of [
    [DIADEM_ANLAEGSPAABUD_DISPENSATION, hentAnlaegspaabudDispensationer],
    [DIADEM_BORINGSPAABUD_DISPENSATION, hentBoringspaabudDispensationer],
  ] as const) {
    const paabud = DISPENSATION_PAABUD[kind.art]!;
    serve(app, ep, async (request) => {
      const [p] = await db
        .select({ id: registrering.id, virksomhedId: registrering.virksomhedId })
        .from(registrering)
        .where(
          and(
            eq(registrering.id, request.params.id),
            eq(registrering.art, paabud.art),
            eq(registrering.kundeId, request.user.kundeId),
            eq(registrering.slettet, false),
          ),
        );
      if (!p) throw notFound(paabud.navn);
      await loadVandanlaeg(db, request.user, p.virksomhedId, 'read');
      const rows = (await levendeRegistreringer(db, p.virksomhedId, kind.art)).filter(
        (r) => r.data.paabudId === p.id,
      );
      return svar(db, kind, rows, clock);
    });
  }

  serve(app, hentDiademStoffer, async (request) => {
    await loadVandanlaeg(db, request.user, request.params.id, 'read');
    return DIADEM_STOF_LISTE;
  });

  await filRoutes(app, deps);
}
