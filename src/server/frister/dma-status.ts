import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromRaekkeType } from '../../contract/entitet';
import type { DmaRaekke, DmaRaekkeStatus, DmaSendResultat } from '../../contract/frister';
import { dmaFrist, tilsynetsFrister } from '../../contract/frister-regler';
import { SKRIVERET, VIRKSOMHEDSTYPE } from '../../contract/roles';
import { BASIS_FELTER } from '../../contract/virksomhed';
import type { SessionUser } from '../auth/session-user';
import { lookupIdAfKode } from '../catalog/lookups';
import { type Db, queryRows } from '../db/client';
import { dmaIndberetning, registrering } from '../db/schema';
import { opdaterVersioneret, skrivLog } from '../db/versioneret';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import type { DmaSvar, DmaSystem } from '../integrations/dma';
import { tilsynsFakta } from './tilsynsfakta';

/**
 * DMA status (/frister/dmastatus): per inspection of a company or farm that is still to be published
 * (or has been sent), the latest report to DMA and its answer; inspections whose company lacks the
 * DMA master data are checked locally first and cannot be sent.
 */

/** The master data a company must have in DMA before anything is published (its D-marked basis). */
export const DMA_STAMDATA: readonly { felt: string; kolonne?: 'cvrNr' | 'pNr' }[] = [
  { felt: 'cvrNr', kolonne: 'cvrNr' },
  { felt: 'pNr', kolonne: 'pNr' },
  { felt: 'virksomhedsGruppeId' },
  { felt: 'hovedaktivitet' },
  { felt: 'miljoemyndighedId' },
  { felt: 'dmaMyndighedstyperId' },
];
const LABEL = new Map(BASIS_FELTER.map((f) => [f.navn, f.label]));

const tom = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/** The labels of the master data the company lacks. */
export function manglendeStamdata(v: {
  cvrNr: string | null;
  pNr: string | null;
  basis: Record<string, unknown>;
}): string[] {
  return DMA_STAMDATA.filter((s) => tom(s.kolonne ? v[s.kolonne] : v.basis[s.felt])).map(
    (s) => LABEL.get(s.felt) ?? s.felt,
  );
}

/** The company types the user acts for on DMA (caseworker right). */
export function dmaTyper(user: SessionUser): number[] {
  return ([VIRKSOMHEDSTYPE.VIRKSOMHED, VIRKSOMHEDSTYPE.LANDBRUG] as const).filter((t) =>
    user.ressourcer.has(SKRIVERET[t]),
  );
}

export const DMA_LISTE_MAKS = 2000;
export const DMA_TIMEOUT_TEKST = 'DMA svarede ikke i tide';

interface DmaSqlRaekke {
  tilsyn_id: number;
  titel: string;
  dato: string | null;
  data: Record<string, unknown>;
  virksomhed_id: number;
  navn: string;
  type: number;
  cvr_nr: string | null;
  p_nr: string | null;
  chr_nr: string | null;
  basis: Record<string, unknown>;
  sendt: string | Date | null;
  status: string | null;
  fejl_kode: string | null;
  fejl_tekst: string | null;
  sendt_af: string | null;
  antal: number | string;
}

/** The inspections of the customer to show (or send): the given ids, or all pending and sent ones. */
async function hentRaekker(db: Db, kundeId: number, typer: number[], ids?: number[]) {
  if (typer.length === 0) return [];
  return queryRows<DmaSqlRaekke>(
    db,
    sql`select r.id as tilsyn_id, r.titel, r.dato::text as dato, r.data, v.id as virksomhed_id, v.navn,
        v.type, v.cvr_nr, v.p_nr, v.chr_nr, v.basis,
        d.sendt, d.status, d.fejl_kode, d.fejl_tekst, d.sendt_af, coalesce(n.antal, 0) as antal
      from registrering r
        join virksomhed v on v.id = r.virksomhed_id and not v.slettet
          and v.type in (${sql.join(
            typer.map((t) => sql`${t}`),
            sql`, `,
          )})
        left join lateral (
          select d.sendt, d.status, d.fejl_kode, d.fejl_tekst, b.navn as sendt_af
          from dma_indberetning d left join bruger b on b.id = d.bruger_id
          where d.registrering_id = r.id order by d.sendt desc, d.id desc limit 1
        ) d on true
        left join lateral (
          select count(*) as antal from dma_indberetning d where d.registrering_id = r.id
        ) n on true
      where r.kunde_id = ${kundeId} and r.art = 'tilsyn' and not r.slettet and r.dato is not null
        ${
          ids
            ? sql`and r.id in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`
            : sql`and (coalesce(r.data->>'filIDMA' = 'true', false) = false or d.status is not null)`
        }
      order by r.dato desc, r.id desc
      limit ${DMA_LISTE_MAKS + 1}`,
  );
}

const RANG: Record<DmaRaekkeStatus, number> = { kanIkke: 0, Fejl: 1, afventer: 2, OK: 3 };

function raekkeAf(r: DmaSqlRaekke): DmaRaekke {
  const mangler = manglendeStamdata({ cvrNr: r.cvr_nr, pNr: r.p_nr, basis: r.basis ?? {} });
  const iDma = r.data?.filIDMA === true;
  const status: DmaRaekkeStatus =
    mangler.length > 0
      ? 'kanIkke'
      : r.status === 'Fejl'
        ? 'Fejl'
        : iDma || r.status === 'OK'
          ? 'OK'
          : 'afventer';
  const entitet = fromRaekkeType(r.type);
  return {
    tilsynId: Number(r.tilsyn_id),
    tilsynTitel: r.titel,
    tilsynsdato: r.dato,
    virksomhedId: Number(r.virksomhed_id),
    virksomhedsnavn: r.navn,
    virksomhedType: Number(r.type),
    mangler,
    status,
    sendt: r.sendt === null ? null : new Date(r.sendt).toISOString(),
    sendtAf: r.sendt_af,
    fejlKode: r.fejl_kode,
    fejlTekst: r.fejl_tekst,
    antalForsoeg: Number(r.antal),
    // No deadline where the order sets none (an 'øvrigt tilsyn', a company outside regular inspection).
    dmaFrist:
      r.dato && tilsynetsFrister(tilsynsFakta(Number(r.type), r.basis, r.data)).dma ? dmaFrist(r.dato) : null,
    sti: `${entitet?.sti ?? '/virksomheder'}/${r.virksomhed_id}/tilsyn/${r.tilsyn_id}`,
  };
}

export async function hentDmaStatusListe(db: Db, user: SessionUser) {
  const rows = await hentRaekker(db, user.kundeId, dmaTyper(user));
  const afkortet = rows.length > DMA_LISTE_MAKS;
  const raekker = rows.slice(0, DMA_LISTE_MAKS).map(raekkeAf);
  // Rows that cannot be published first, then failures, then those waiting; the newest inspection first.
  raekker.sort(
    (a, b) =>
      RANG[a.status] - RANG[b.status] ||
      (b.tilsynsdato ?? '').localeCompare(a.tilsynsdato ?? '') ||
      b.tilsynId - a.tilsynId,
  );
  return { raekker, afkortet };
}

async function medFrist(system: DmaSystem, ms: number, fn: (s: DmaSystem) => Promise<DmaSvar>) {
  let timer: NodeJS.Timeout | undefined;
  const frist = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([fn(system), frist]);
  } catch (err) {
    const aarsag = err instanceof Error && err.message ? err.message : 'DMA afviste kaldet';
    return { ok: false, kode: 'FEJL', aarsag } as const;
  } finally {
    clearTimeout(timer);
  }
}

const lookupId = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The inspection categories of before: DMA knows only BEK § 14's six, so a complaint (KLAGE) or
 * follow-up (OPFOELGNING) inspection is published as a § 9-tilsyn (PARAGRAF9).
 */
const KATEGORI = 'dmalookup/tilsynsKategorier';
const DMA_KATEGORI_AF: Readonly<Record<number, number>> = Object.fromEntries(
  ['KLAGE', 'OPFOELGNING'].map((k) => [lookupIdAfKode(KATEGORI, k), lookupIdAfKode(KATEGORI, 'PARAGRAF9')]),
);
export const dmaKategori = (id: number | null): number | null =>
  id === null ? null : (DMA_KATEGORI_AF[id] ?? id);

/**
 * Sends the inspections' reports to DMA one by one: each answer is stored (dma_indberetning), an
 * accepted report marks the inspection 'lagt i DMA', and each attempt is written in the company's log.
 * Any id that is not an inspection of the user's companies answers 404 before anything is sent.
 */
export async function sendTilDmaFor(
  deps: Pick<Deps, 'db' | 'integrations' | 'config' | 'clock'>,
  user: SessionUser,
  tilsynIds: number[],
  log: FastifyBaseLogger,
): Promise<DmaSendResultat[]> {
  const { db, integrations, config, clock } = deps;
  const unikke = [...new Set(tilsynIds)];
  const rows = await hentRaekker(db, user.kundeId, dmaTyper(user), unikke);
  if (rows.length !== unikke.length) throw notFound('Tilsynet');
  const resultater: DmaSendResultat[] = [];
  for (const id of unikke) {
    const r = rows.find((x) => Number(x.tilsyn_id) === id)!;
    const mangler = manglendeStamdata({ cvrNr: r.cvr_nr, pNr: r.p_nr, basis: r.basis ?? {} });
    if (mangler.length > 0) {
      resultater.push({
        tilsynId: id,
        status: 'kanIkke',
        besked: `Kan ikke offentliggøres: mangler ${mangler.join(', ')}`,
      });
      continue;
    }
    const forhold = r.data?.miljoeForholdIds;
    const svar = await medFrist(integrations.dma, config.dmaTimeoutMs, (s) =>
      s.indberetTilsyn({
        noegle: `tilsyn-${id}`,
        kommuneNr: user.kundeNr,
        virksomhed: { navn: r.navn, cvrNr: r.cvr_nr, pNr: r.p_nr, chrNr: r.chr_nr },
        tilsyn: {
          dato: r.dato!,
          titel: r.titel,
          tilsynstypeId: lookupId(r.data?.tilsynstypeId),
          tilsynskategoriId: dmaKategori(lookupId(r.data?.tilsynskategoriId)),
          miljoeForholdIds: Array.isArray(forhold)
            ? forhold.filter((x): x is number => typeof x === 'number')
            : [],
          varslet: typeof r.data?.varslet === 'boolean' ? r.data.varslet : null,
        },
      }),
    );
    const udfald =
      svar === 'timeout' ? { ok: false as const, kode: 'TIMEOUT', aarsag: DMA_TIMEOUT_TEKST } : svar;
    if (!udfald.ok) log.warn({ tilsynId: id, kode: udfald.kode }, 'dma: report refused');
    const sendt = clock ? clock() : new Date();
    await db.transaction(async (tx) => {
      await tx.insert(dmaIndberetning).values({
        kundeId: user.kundeId,
        virksomhedId: Number(r.virksomhed_id),
        registreringId: id,
        sendt,
        brugerId: user.brugerId,
        status: udfald.ok ? 'OK' : 'Fejl',
        fejlKode: udfald.ok ? null : udfald.kode,
        fejlTekst: udfald.ok ? null : udfald.aarsag.slice(0, 300),
      });
      const logPost = {
        virksomhedId: Number(r.virksomhed_id),
        emne: 'Tilsyn',
        notat: udfald.ok
          ? `Tilsynet '${r.titel}' (${r.dato}) er offentliggjort på DMA (${udfald.dmaId}).`
          : `Tilsynet '${r.titel}' (${r.dato}) blev ikke offentliggjort på DMA: ${udfald.aarsag}`,
      };
      if (udfald.ok) {
        // The flag is the system's, not an edit: it goes on top of whatever version the record has now.
        const [nu] = await tx
          .select({ version: registrering.version, data: registrering.data })
          .from(registrering)
          .where(and(eq(registrering.id, id), eq(registrering.kundeId, user.kundeId)))
          .for('update');
        if (!nu) throw notFound('Tilsynet');
        await opdaterVersioneret(
          tx,
          registrering,
          { id, version: nu.version, hvor: eq(registrering.kundeId, user.kundeId) },
          { data: { ...nu.data, filIDMA: true } },
          'Tilsynet blev ændret samtidig; prøv igen.',
          user,
          logPost,
        );
      } else {
        await skrivLog(tx, user, logPost);
      }
    });
    resultater.push({
      tilsynId: id,
      status: udfald.ok ? 'OK' : 'Fejl',
      besked: udfald.ok ? null : udfald.aarsag,
    });
  }
  return resultater;
}
