import { type SQL, sql } from 'drizzle-orm';
import { VIRKSOMHED_OG_LANDBRUG } from '../../contract/entitet';
import { antalMed, formatIsoDato } from '../../contract/format';
import type { DmaStatus } from '../../contract/frister';
import { dageMellem } from '../../contract/frister-regler';
import type { JupiterStatus } from '../../contract/jupiter';
import { NOTIFIKATION_TYPER } from '../../contract/session';
import { inListe } from '../db/liste';
import type { Tx } from '../db/versioneret';
import { idagIDanmark } from './arbejdsdage';
import { DMA_STAMDATA } from './dma-status';

/**
 * The bell's three notification types, produced from the data (issue 15):
 * 1 DMAStatusInfo — inspections whose latest DMA report failed, and pending inspections whose company
 *   lacks DMA master data;
 * 2 JupiterStatusInfo — water plants whose latest Jupiter report failed;
 * 3 JupiterCertificateRenewalInfo — the active Jupiter certificate expires within 60, 30 or 7 days.
 *
 * Each is upserted by (kunde, type, noegle): the key names the state it reports (the newest failure's
 * id, the month, the certificate and threshold), so producing twice adds nothing and a new failure
 * makes a new notification. When: on notification/list and notification/antal at most once per
 * PRODUKTION_INTERVAL_MS per customer and process, and at once after a DMA send or a Jupiter retry.
 * Several processes may produce at the same moment: the unique index makes the second a no-op.
 */

export const PRODUKTION_INTERVAL_MS = 5 * 60_000;
export const CERTIFIKAT_TAERSKLER = [7, 30, 60] as const;

export const NOTIFIKATION_STI: Record<1 | 2 | 3, string> = {
  1: '/frister/dmastatus',
  2: '/frister/jupiterstatus',
  3: '/admin/JupiterCertifikat',
};

const senest = new Map<number, number>();

type Exec = Pick<Tx, 'execute'>;
const rows = async <T>(db: Exec, q: SQL): Promise<T[]> =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows;

async function upsert(
  db: Exec,
  kundeId: number,
  type: 1 | 2 | 3,
  noegle: string,
  beskrivelse: string,
  nu: Date,
): Promise<void> {
  await db.execute(
    sql`insert into notifikation (kunde_id, bruger_id, type, oprettet, beskrivelse, noegle, link)
      values (${kundeId}, null, ${type}, ${nu.toISOString()}, ${beskrivelse}, ${noegle}, ${NOTIFIKATION_STI[type]})
      on conflict (kunde_id, type, noegle) where noegle is not null
      do update set beskrivelse = excluded.beskrivelse`,
  );
}

const tal = antalMed;

/**
 * The owners (inspections, plants) whose latest report (`fra`, aliased x, per `ejer`) failed: how many,
 * the newest failed report's id and the failures' kinds (`fejlType`; none named: 'Ukendt fejl').
 */
async function senesteFejl(
  db: Exec,
  fra: SQL,
  ejer: SQL,
  fejlType: SQL,
  kundeId: number,
): Promise<{ antal: number; seneste: number | null; typer: string | null }> {
  const [r] = await rows<{ antal: number | string; seneste: number | null; typer: string | null }>(
    db,
    sql`select count(*) as antal, max(x.id) as seneste,
        string_agg(distinct coalesce(x.fejl_type, 'Ukendt fejl'), ', ') as typer
      from (
        select distinct on (${ejer}) x.id, x.status, ${fejlType} as fejl_type
        from ${fra}
        where x.kunde_id = ${kundeId}
        order by ${ejer}, x.sendt desc, x.id desc
      ) x where x.status = ${'Fejl' satisfies DmaStatus & JupiterStatus}`,
  );
  return { antal: Number(r?.antal ?? 0), seneste: r?.seneste ?? null, typer: r?.typer ?? null };
}

/** Produces the customer's notifications from its data now. Answers how many keys it upserted. */
export async function producerNotifikationer(db: Exec, kundeId: number, nu: Date): Promise<number> {
  let antal = 0;
  const idag = idagIDanmark(nu);
  /** Upserts one notification of the customer and counts it. */
  const giv = async (type: 1 | 2 | 3, noegle: string, beskrivelse: string) => {
    await upsert(db, kundeId, type, noegle, beskrivelse, nu);
    antal++;
  };

  // ---- 1: DMA
  const dma = await senesteFejl(
    db,
    sql`dma_indberetning x join registrering r on r.id = x.registrering_id and not r.slettet`,
    sql`x.registrering_id`,
    sql`null::text`,
    kundeId,
  );
  if (dma.antal > 0 && dma.seneste) {
    await giv(
      NOTIFIKATION_TYPER.DMAStatusInfo,
      `dma-fejl:${dma.seneste}`,
      `DMA: ${tal(dma.antal, 'tilsyn blev', 'tilsyn blev')} afvist ved seneste indberetning – se DMA-status`,
    );
  }
  const tomt = (udtryk: SQL) => sql`coalesce(nullif(trim(${udtryk}), ''), '') = ''`;
  const mangler = sql.join(
    DMA_STAMDATA.map((s) =>
      s.kolonne === 'cvrNr'
        ? tomt(sql`v.cvr_nr`)
        : s.kolonne === 'pNr'
          ? tomt(sql`v.p_nr`)
          : tomt(sql`v.basis->>${s.felt}`),
    ),
    sql` or `,
  );
  const [stamdata] = await rows<{ antal: number | string }>(
    db,
    sql`select count(distinct v.id) as antal from virksomhed v
      join registrering r on r.virksomhed_id = v.id and r.art = 'tilsyn' and not r.slettet
        and r.dato is not null and coalesce(r.data->>'filIDMA' = 'true', false) = false
      where v.kunde_id = ${kundeId} and not v.slettet and ${inListe(sql`v.type`, VIRKSOMHED_OG_LANDBRUG)} and (${mangler})`,
  );
  const uden = Number(stamdata?.antal ?? 0);
  if (uden > 0) {
    await giv(
      NOTIFIKATION_TYPER.DMAStatusInfo,
      `dma-stamdata:${idag.slice(0, 7)}`,
      `DMA: ${tal(uden, 'virksomhed mangler', 'virksomheder mangler')} stamdata, så tilsyn ikke kan offentliggøres`,
    );
  }

  // ---- 2: Jupiter
  const jup = await senesteFejl(
    db,
    sql`jupiter_indberetning x join virksomhed v on v.id = x.vandanlaeg_id and not v.slettet`,
    sql`x.vandanlaeg_id`,
    sql`x.fejl_type_tekst`,
    kundeId,
  );
  if (jup.antal > 0 && jup.seneste) {
    await giv(
      NOTIFIKATION_TYPER.JupiterStatusInfo,
      `jupiter-fejl:${jup.seneste}`,
      `Jupiter: ${tal(jup.antal, 'vandanlæg har', 'vandanlæg har')} fejl i seneste indberetning (${jup.typer ?? ''})`,
    );
  }

  // ---- 3: the certificate
  const certifikater = await rows<{ id: number; subjekt: string; gyldig_til: string | Date }>(
    db,
    sql`select id, subjekt, gyldig_til from jupiter_certifikat where kunde_id = ${kundeId} and aktiv`,
  );
  for (const c of certifikater) {
    const til = certifikatUdloebsdag(c.gyldig_til);
    const dage = dageMellem(idagIDanmark(nu), til);
    if (dage > CERTIFIKAT_TAERSKLER[CERTIFIKAT_TAERSKLER.length - 1]!) continue;
    const taerskel = dage < 0 ? 'udloebet' : String(CERTIFIKAT_TAERSKLER.find((t) => dage <= t));
    await giv(
      NOTIFIKATION_TYPER.JupiterCertificateRenewalInfo,
      `certifikat:${c.id}:${taerskel}`,
      dage < 0
        ? `Jupiter-certifikatet (${c.subjekt}) udløb den ${formatIsoDato(til)}. Forny det under Admin > Jupiter-certifikat.`
        : `Jupiter-certifikatet (${c.subjekt}) udløber den ${formatIsoDato(til)} (om ${tal(dage, 'dag', 'dage')}). Forny det under Admin > Jupiter-certifikat.`,
    );
  }
  return antal;
}

/**
 * The day a Jupiter certificate expires as a case worker's calendar has it (Denmark, YYYY-MM-DD): the
 * one date every notification about the certificate names (the producer's 60/30/7-day and expired
 * notifications, the seeded 'fornyet' history), so two of them never disagree (issue 30).
 */
export const certifikatUdloebsdag = (gyldigTil: Date | string): string => idagIDanmark(new Date(gyldigTil));

/** The history notification of a certificate put in use. */
export const certifikatFornyetTekst = (gyldigTil: Date | string): string =>
  `Jupiter-certifikatet er fornyet og gyldigt til ${formatIsoDato(certifikatUdloebsdag(gyldigTil))}.`;

/** Produces when this process has not produced for the customer in the last interval (or when forced). */
export async function producerHvisTid(db: Exec, kundeId: number, nu: Date, tving = false): Promise<void> {
  const sidst = senest.get(kundeId);
  if (!tving && sidst !== undefined && nu.getTime() - sidst < PRODUKTION_INTERVAL_MS && nu.getTime() >= sidst)
    return;
  senest.set(kundeId, nu.getTime());
  await producerNotifikationer(db, kundeId, nu);
}
