import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ListeQuery, Side } from '../../contract/liste';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import {
  hentKontaktpersoner,
  hentMailStatus,
  type IndberetningStatus,
  type KontaktpersonRaekke,
  type MAIL_SORT_KOLONNER,
  type MailStatusRaekke,
  mailStatusListe,
  type SendMailSvar,
  sendMailTilIndberettere,
  VALIDERING_STATUS,
} from '../../contract/validering';
import { requireActiveKunde } from '../auth/entitet-adgang';
import { type Db, queryRows } from '../db/client';
import { containsPattern } from '../db/like';
import { kolonneFiltreSql, sideAf, sidePart, sorteringSql } from '../db/liste';
import { mailUdsendelse } from '../db/schema';
import { danskOrden, danskOrdenSql } from '../db/sortering';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { notFound } from '../http/errors';
import { tilIso } from '../validering/data';
import { intArray } from '../validering/median';

const dageIAar = (aar: number) => ((aar % 4 === 0 && aar % 100 !== 0) || aar % 400 === 0 ? 366 : 365);

type MailSortKolonne = (typeof MAIL_SORT_KOLONNER)[number];

/**
 * Sort columns: the plant's name in Danish order (its stored key, then the name), the rest as they
 * are with the name after them.
 */
const ANLAEGSNAVN = danskOrden(sql`a.navn`, sql`a.navn_sortering`);
const efterNavn = (kolonne: SQL) => [kolonne, ...ANLAEGSNAVN];
const SORTERING: Record<MailSortKolonne, SQL[]> = {
  anlaegsnavn: ANLAEGSNAVN,
  anlaegsnr: efterNavn(sql`a.anlaegsnr`),
  jupiterId: efterNavn(sql`a.jupiter_id`),
  antalIndberettere: efterNavn(sql`COALESCE(k.n, 0)`),
  indberetningStatus: efterNavn(sql`COALESCE(d.dage, 0)`),
  senestePaamindelse: efterNavn(sql`m.senest`),
};

interface Raekke {
  id: number;
  navn: string;
  anlaegsnr: string | null;
  jupiter_id: string | null;
  indberettere: { navn: string; email: string | null; rolle: string | null }[] | null;
  n: number | null;
  dage: number | null;
  senest: unknown;
  antal_mails: number | null;
  total: number;
}

function status(dage: number, ialt: number): IndberetningStatus {
  if (dage >= ialt) return 'indberettet';
  return dage > 0 ? 'delvis' : 'mangler';
}

/**
 * Per water plant and year: its reporters (contact persons with an e-mail), how much of the year its
 * plant-level quantities cover (not discarded), and the last reminder sent.
 */
export async function mailStatus(
  db: Db,
  kundeId: number,
  q: ListeQuery<MailSortKolonne> & { year: number; vandanlaegIds?: number[] },
): Promise<Side<MailStatusRaekke>> {
  const ialt = dageIAar(q.year);
  const start = `${String(q.year).padStart(4, '0')}-01-01`;
  const slut = `${String(q.year).padStart(4, '0')}-12-31`;
  const filtre: SQL[] = [sql`TRUE`];
  if (q.filter) {
    const m = containsPattern(q.filter);
    filtre.push(
      sql`(a.navn ILIKE ${m} OR a.anlaegsnr ILIKE ${m} OR a.jupiter_id ILIKE ${m}
           OR EXISTS (SELECT 1 FROM kontaktperson kp WHERE kp.virksomhed_id = a.id AND NOT kp.slettet AND kp.navn ILIKE ${m}))`,
    );
  }
  if (q.vandanlaegIds) filtre.push(sql`a.id = ANY(${intArray(q.vandanlaegIds)}::int[])`);
  // Column filters: several values of one column are alternatives.
  const dage = sql`COALESCE(d.dage, 0)`;
  const STATUS_SQL: Record<IndberetningStatus, SQL> = {
    indberettet: sql`${dage} >= ${ialt}`,
    delvis: sql`(${dage} > 0 AND ${dage} < ${ialt})`,
    mangler: sql`${dage} = 0`,
  };
  filtre.push(
    ...kolonneFiltreSql(mailStatusListe.filterRegler, q.filteredColumns, (f) => {
      const dele = f.vaerdier.map((v) =>
        f.kolonne === 'harEmail'
          ? v === 'true'
            ? sql`COALESCE(k.n, 0) > 0`
            : sql`COALESCE(k.n, 0) = 0`
          : STATUS_SQL[v as IndberetningStatus],
      );
      return sql`(${sql.join(dele, sql` OR `)})`;
    }),
  );
  const rows = await queryRows<Raekke>(
    db,
    sql`WITH a AS (
          SELECT v.id, v.navn, v.navn_sortering, v.anlaegsnr, v.jupiter_id FROM virksomhed v
          WHERE v.kunde_id = ${kundeId} AND v.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} AND NOT v.slettet
        ),
        k AS (
          SELECT kp.virksomhed_id,
                 json_agg(json_build_object('navn', kp.navn, 'email', kp.email, 'rolle', kp.rolle)
                          ORDER BY ${danskOrdenSql(sql`kp.navn`)}) AS indberettere,
                 count(*)::int AS n
          FROM kontaktperson kp
          WHERE kp.kunde_id = ${kundeId} AND NOT kp.slettet AND kp.email IS NOT NULL AND kp.email <> ''
          GROUP BY kp.virksomhed_id
        ),
        d AS (
          SELECT o.vandanlaeg_id,
                 least(sum(least(o.slutdato, ${slut}::date) - greatest(o.startdato, ${start}::date) + 1), ${ialt})::int AS dage
          FROM oppumpet_maengde o
          WHERE o.kunde_id = ${kundeId} AND o.indtag_id IS NULL AND o.status <> ${VALIDERING_STATUS.FORKASTET}
            AND o.startdato <= ${slut}::date AND o.slutdato >= ${start}::date
          GROUP BY o.vandanlaeg_id
        ),
        m AS (
          SELECT mu.vandanlaeg_id, max(mu.sendt) AS senest, count(DISTINCT mu.sendt)::int AS antal_mails
          FROM mail_udsendelse mu WHERE mu.kunde_id = ${kundeId} AND mu.aar = ${q.year}
          GROUP BY mu.vandanlaeg_id
        )
        SELECT a.id, a.navn, a.anlaegsnr, a.jupiter_id, k.indberettere, k.n, d.dage, m.senest, m.antal_mails,
               count(*) OVER () AS total
        FROM a LEFT JOIN k ON k.virksomhed_id = a.id LEFT JOIN d ON d.vandanlaeg_id = a.id
        LEFT JOIN m ON m.vandanlaeg_id = a.id
        WHERE ${sql.join(filtre, sql` AND `)}
        ${sorteringSql(SORTERING, q, sql`a.id`)}
        ${sidePart(q)}`,
  );
  return sideAf(rows, (r) => {
    const dage = Number(r.dage ?? 0);
    return {
      vandanlaegId: Number(r.id),
      anlaegsnavn: r.navn,
      anlaegsnr: r.anlaegsnr,
      jupiterId: r.jupiter_id,
      indberettere: r.indberettere ?? [],
      antalIndberettere: Number(r.n ?? 0),
      dageIndberettet: dage,
      dageIAaret: ialt,
      indberetningStatus: status(dage, ialt),
      senestePaamindelse: r.senest === null || r.senest === undefined ? null : tilIso(r.senest),
      antalPaamindelser: Number(r.antal_mails ?? 0),
    };
  });
}

function mailTekst(o: { modtager: string; anlaeg: MailStatusRaekke; aar: number; kundeNavn: string }): {
  emne: string;
  tekst: string;
} {
  const a = o.anlaeg;
  const nr = a.anlaegsnr ? ` (anlægsnr. ${a.anlaegsnr})` : '';
  const mangler =
    a.indberetningStatus === 'mangler'
      ? `Vi har endnu ikke modtaget nogen indberetning af oppumpede vandmængder for ${o.aar} fra ${a.anlaegsnavn}${nr}.`
      : `Indberetningen af oppumpede vandmængder for ${o.aar} fra ${a.anlaegsnavn}${nr} dækker ${a.dageIndberettet} af årets ${a.dageIAaret} dage.`;
  return {
    emne: `Påmindelse: indberetning af oppumpede vandmængder for ${o.aar} – ${a.anlaegsnavn}`,
    tekst: [
      `Kære ${o.modtager}`,
      '',
      mangler,
      '',
      'Vi beder jer indberette årets oppumpede vandmængder med målerstande snarest muligt. Har I allerede indberettet, kan I se bort fra denne påmindelse.',
      '',
      'Med venlig hilsen',
      o.kundeNavn,
    ].join('\n'),
  };
}

/** Reporters' e-mail status and reminders (spec 001 §5, §7), and the contact persons from Jupiter. */
export async function valideringMailRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  serve(app, hentMailStatus, async (request) => {
    requireActiveKunde(request.user, request.query.kundeId);
    return mailStatus(db, request.user.kundeId, request.query);
  });

  serve(app, sendMailTilIndberettere, async (request) => {
    const { user } = request;
    requireActiveKunde(user, request.params.kundeId);
    const ids = [...new Set(request.body)];
    const aar = request.query.year;
    const status = await mailStatus(db, user.kundeId, {
      year: aar,
      sortByColumn: 'anlaegsnavn',
      sortDirection: 'ASC',
      start: 0,
      take: ids.length,
      filteredColumns: [],
      vandanlaegIds: ids,
    });
    if (status.items.length < ids.length)
      throw notFound(ids.length - status.items.length === 1 ? 'Vandanlægget' : 'Vandanlæggene');
    const m = deps.integrations.mailer;
    const fundne = new Map(status.items.map((a) => [a.vandanlaegId, a]));
    const svar: SendMailSvar = [];
    for (const id of request.body) {
      const anlaeg = fundne.get(id)!;
      fundne.delete(id);
      if (!anlaeg) continue;
      const modtagere = anlaeg.indberettere.filter((i) => i.email);
      if (modtagere.length === 0) {
        svar.push({
          vandanlaegId: id,
          status: 'ingenModtagere',
          modtagere: [],
          besked: 'Ingen indberettere med e-mail',
        });
        continue;
      }
      const sendt = new Date();
      const leveret: string[] = [];
      let fejl: string | null = null;
      for (const modtager of modtagere) {
        const { emne, tekst } = mailTekst({
          modtager: modtager.navn,
          anlaeg,
          aar,
          kundeNavn: user.kundeNavn,
        });
        try {
          await m.send({ til: [`${modtager.navn} <${modtager.email}>`], emne, tekst });
          leveret.push(modtager.email!);
          await db.insert(mailUdsendelse).values({
            kundeId: user.kundeId,
            vandanlaegId: id,
            aar,
            modtager: modtager.email!,
            emne,
            sendt,
            brugerId: user.brugerId,
          });
        } catch (e) {
          request.log.error({ err: e }, 'mail kunne ikke sendes');
          fejl = 'Mailen kunne ikke sendes';
        }
      }
      svar.push({
        vandanlaegId: id,
        status: leveret.length > 0 ? 'sendt' : 'fejl',
        modtagere: leveret,
        besked: fejl,
      });
    }
    return svar;
  });
}

/** The contact persons in Danish name order. */
const KONTAKT_SORTERING = { navn: danskOrden(sql`min(kp.navn)`) };

export async function valideringKontaktRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, hentKontaktpersoner, async (request) => {
    const { user } = request;
    requireActiveKunde(user, request.params.kundeId);
    const q = request.query;
    const m = q.filter ? containsPattern(q.filter) : null;
    const rows = await queryRows<{
      jid: string;
      navn: string;
      email: string | null;
      telefon: string | null;
      n: number;
      roller: KontaktpersonRaekke['roller'];
      total: number;
    }>(
      db,
      sql`SELECT kp.jupiter_kontaktperson_id AS jid, min(kp.navn) AS navn, min(kp.email) AS email,
                 min(kp.telefon) AS telefon, count(*)::int AS n,
                 json_agg(json_build_object('kontaktpersonId', kp.id, 'vandanlaegId', v.id,
                          'anlaegsnavn', v.navn, 'anlaegsadresse', v.adresse, 'rolle', kp.rolle)
                          ORDER BY ${danskOrdenSql(sql`v.navn`, sql`v.navn_sortering`)}) AS roller,
                 count(*) OVER () AS total
          FROM kontaktperson kp JOIN virksomhed v ON v.id = kp.virksomhed_id
          WHERE kp.kunde_id = ${user.kundeId} AND v.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} AND NOT v.slettet
            AND NOT kp.slettet AND kp.jupiter_kontaktperson_id IS NOT NULL
          GROUP BY kp.jupiter_kontaktperson_id
          ${m ? sql`HAVING bool_or(kp.navn ILIKE ${m} OR kp.email ILIKE ${m} OR v.navn ILIKE ${m} OR kp.jupiter_kontaktperson_id ILIKE ${m})` : sql``}
          ${sorteringSql(KONTAKT_SORTERING, q, sql`kp.jupiter_kontaktperson_id`)}
          ${sidePart(q)}`,
    );
    return sideAf(rows, (r) => ({
      jupiterKontaktpersonId: r.jid,
      navn: r.navn,
      email: r.email,
      telefon: r.telefon,
      antalRoller: Number(r.n),
      roller: r.roller.map((x) => ({
        ...x,
        kontaktpersonId: Number(x.kontaktpersonId),
        vandanlaegId: Number(x.vandanlaegId),
      })),
    }));
  });
}
