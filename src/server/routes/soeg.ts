import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENTITET_ARTER, ENTITETER } from '../../contract/entitet';
import { SOEG_TYPER, type SoegResultat, soeg } from '../../contract/soeg';
import { sammenlignDansk } from '../../contract/sortering';
import { queryRows } from '../db/client';
import { containsPattern } from '../db/like';
import { inListe } from '../db/liste';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';

/** The kind of each row type of the company table (1, 2, 3 and the SAT companies' 4). */
const TYPE_NAVN: Record<number, SoegResultat['type']> = Object.fromEntries(
  SOEG_TYPER.map((art) => [ENTITETER[art].raekkeType, art]),
);

/** What each ranking level of palette_soeg (migration 0020) matched, by its number. */
const MATCH: readonly SoegResultat['match'][] = ['nummer', 'navn', 'tekst', 'tekst', 'tekst'];

/** A row of palette_soeg: one entity and the ranking level that found it. */
interface Row {
  id: number;
  type: number;
  navn: string;
  adresse: string | null;
  p_nr: string | null;
  cvr_nr: string | null;
  chr_nr: string | null;
  jupiter_id: string | null;
  lighed: number;
  niveau: number;
}

/**
 * The palette's search: companies, farms, water plants and SAT companies of the customer of the
 * given row types, ranked: exact number (CVR, P, CHR, Jupiter id, anlægsnr, a borehole's DGU number)
 * first, then name prefix, then address prefix, then name or address containing the text, then
 * similar names (trigram). At most `antal`, in ranking order.
 *
 * The levels run in the database, in one call (palette_soeg, migration 0020): each is served by its
 * own index and stops at a cap, and the search stops once `antal` were found. (One OR across
 * differently indexed columns scans the whole table: 1.2 s on 100,000 rows in PGlite; one statement
 * a level spent more time planning than searching.) This function decides which levels apply.
 */
export async function soegEntiteter(
  db: Deps['db'],
  opts: { kundeId: number; raekkeTyper: number[]; tekst: string; antal: number },
): Promise<Row[]> {
  const { tekst } = opts;
  const digits = tekst.replace(/\s+/g, '');
  const erTal = /^[\d\s.-]+$/.test(tekst);
  // A borehole's DGU number ('38.770') finds its water plant however the spaces were typed
  // ('38. 770', ' 38.  770'): spaces are dropped on both sides. Probed per plant of the customer
  // through the borehole's plant index. Ranked with the exact numbers.
  const dgu =
    opts.raekkeTyper.includes(ENTITETER.vandanlaeg.raekkeType) &&
    /^[\d\s.]+$/.test(tekst) &&
    /\d\.\s*\d/.test(tekst);
  // Trigram indexes need three characters; shorter text searches numbers and prefixes only.
  const trigram = tekst.length >= 3;
  // Similar names (for typos) are costly on common trigrams: only when nothing matched the text
  // itself (the database decides that), and only for text with letters (a number typed digit by
  // digit is not a misspelt name, and each of its keystrokes would search every name).
  const lighed = trigram && /\p{L}/u.test(tekst);
  const rows = await queryRows<Row>(
    db,
    sql`select * from palette_soeg(${opts.kundeId}, ${`{${opts.raekkeTyper.join(',')}}`}::smallint[], ${tekst},
        ${opts.antal}, ${erTal ? digits : null}, ${dgu ? ENTITETER.vandanlaeg.raekkeType : null}::smallint,
        ${trigram ? containsPattern(tekst.replaceAll('\u0001', '')) : null}, ${lighed})`,
  );
  return rows.sort(
    (a, b) =>
      a.niveau - b.niveau ||
      Number(b.lighed) - Number(a.lighed) ||
      sammenlignDansk(a.navn, b.navn) ||
      Number(a.id) - Number(b.id),
  );
}

/**
 * Runs each level of the palette's search once, on texts of the customer with the most entities:
 * on PGlite the start pays for compiling their code paths and making the function's plans, not the
 * first searches after a restart (as opvarmMediantest does for the median test). Answers how many
 * searches ran (none in an empty database).
 */
export async function opvarmPaletSoegning(db: Deps['db']): Promise<number> {
  const [e] = await queryRows<{
    kunde_id: number;
    navn: string;
    adresse: string | null;
    cvr_nr: string | null;
  }>(
    db,
    sql`select kunde_id, navn, adresse, cvr_nr from virksomhed
        where kunde_id = (select kunde_id from virksomhed group by kunde_id order by count(*) desc limit 1)
        and not slettet order by id limit 1`,
  );
  if (!e) return 0;
  const tekster = [
    e.cvr_nr ?? '12345678', // a number
    '38.770', // a DGU number
    e.navn.slice(0, 4), // a name's start
    (e.adresse ?? e.navn).split(',')[0]!, // a street's start
    e.navn.slice(1, 5), // inside a name
    `${e.navn.slice(0, 3)}qx`, // a misspelt name (similar names)
  ];
  const raekkeTyper = ENTITET_ARTER.map((a) => ENTITETER[a].raekkeType);
  for (const tekst of tekster)
    await soegEntiteter(db, {
      kundeId: Number(e.kunde_id),
      raekkeTyper,
      tekst: tekst.trim() || 'a',
      antal: 10,
    });
  return tekster.length;
}

/** The number shown beside a name: a farm's CHR number, a water plant's Jupiter id, else the CVR number. */
function nummerAf(r: Row): string | null {
  const type = Number(r.type);
  const egen =
    type === ENTITETER.landbrug.raekkeType
      ? r.chr_nr
      : type === ENTITETER.vandanlaeg.raekkeType
        ? r.jupiter_id
        : null;
  return egen ?? r.cvr_nr;
}

/** The period name of each of these SAT companies (by company id). */
async function satPerioder(db: Deps['db'], ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; navn: string }>(
    db,
    sql`select s.virksomhed_id as id, p.navn from sat_virksomhed s
        join sat_tilsynsperiode p on p.id = s.sat_tilsynsperiode_id where ${inListe(sql`s.virksomhed_id`, ids)}`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.navn]));
}

/** GET /api/soeg?tekst=: the palette's search (soegEntiteter) over what the user may read. Capped; the client shows it as is. */
export async function soegRoutes(app: FastifyInstance, { db }: Deps) {
  serve(app, soeg, async (request) => {
    // Row types, so that SAT companies (row type 4, SAGSBEHANDLER_AFFALD) are found too.
    const raekkeTyper = ENTITET_ARTER.map((a) => ENTITETER[a])
      .filter((e) => request.user.ressourcer.has(e.laeseret))
      .map((e) => e.raekkeType);
    if (raekkeTyper.length === 0) return { resultater: [] };
    const rows = await soegEntiteter(db, {
      kundeId: request.user.kundeId,
      raekkeTyper,
      tekst: request.query.tekst,
      antal: request.query.antal,
    });
    const shown = rows.slice(0, request.query.antal);
    const erSat = (r: Row) => Number(r.type) === ENTITETER.satvirksomhed.raekkeType;
    const perioder = await satPerioder(
      db,
      shown.filter(erSat).map((r) => Number(r.id)),
    );
    return {
      resultater: shown.map((r) => ({
        id: Number(r.id),
        type: TYPE_NAVN[Number(r.type)]!,
        navn: r.navn,
        adresse: r.adresse,
        // A SAT company is one per period (the same unit may be selected again): its number names both.
        nummer: erSat(r) ? `${r.p_nr ?? ''} · ${perioder.get(Number(r.id)) ?? ''}` : nummerAf(r),
        match: MATCH[r.niveau]!,
      })),
    };
  });
}
