import { randomUUID } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import { setImmediate as naesteTur } from 'node:timers/promises';
import { type SQL, sql } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import Papa from 'papaparse';
import { formatTalUgrupperet } from '../../contract/format';
import type { KolonneType, RapportKolonne } from '../../contract/rapport';
import { type Db, egenSession, erPglite, queryRows } from '../db/client';
import {
  type RapportKilde,
  type RapportPlan,
  type RapportTrin,
  rapportAntalSql,
  rapportEksportSql,
  rapportTrin,
  type SideMarkoer,
} from './motor';
import { samlITrin } from './trinvis';

/**
 * Exports of a whole report result (issue 14), streamed so memory stays flat however many rows:
 * the rows come from a database cursor in batches and each batch is written before the next is
 * fetched (the response's backpressure holds the cursor).
 *
 * - CSV as Danish Excel opens it: UTF-8 with BOM, ';' between fields, CRLF, decimal comma with
 *   exactly two decimals (a count none, a code as it is), dates DD-MM-YYYY and a time of day where
 *   the column keeps one (DD-MM-YYYY HH:mm:ss; papaparse quotes what needs quoting).
 * - XLSX with real cells: numbers as numbers shown with two decimals (#,##0.00; a count #,##0),
 *   dates as date serials with the format dd-mm-yyyy (a day is a whole serial, so no time-zone
 *   shift), a time of day as the serial's fraction of the local time with dd-mm-yyyy hh:mm:ss, the
 *   report's name and its active filters above the table. The zip is fflate's streaming writer; the sheet XML is written row by row here,
 *   as no maintained streaming XLSX writer writes date-only cells (docs/decisions.md).
 */
export interface EksportKolonne {
  navn: string;
  label: string;
  type: KolonneType;
  /** A code (year, month, number): written as it is. */
  nummer?: boolean;
  /** A count: no decimals. */
  heltal?: boolean;
  /** A date with its time of day ('YYYY-MM-DD HH:mm:ss', local time). */
  medTid?: boolean;
}

/** What an export needs of a report column. */
export const eksportKolonne = (k: RapportKolonne): EksportKolonne => ({
  navn: k.navn,
  label: k.label,
  type: k.type,
  ...(k.nummer ? { nummer: true } : {}),
  ...(k.heltal ? { heltal: true } : {}),
  ...(k.medTid ? { medTid: true } : {}),
});

export const EKSPORT_BATCH = 500;

/**
 * Runs the query through a cursor and hands its rows over in batches; `modtag` is awaited before the
 * next batch is fetched. Throwing from `modtag` (the client went away) ends the cursor.
 */
export async function medMarkoer(
  db: Db,
  query: SQL,
  modtag: (rows: Record<string, unknown>[]) => Promise<void>,
  batch = EKSPORT_BATCH,
  /** Between two batches: at least a turn of the event loop (interactive calls first: jobs/forrang.ts). */
  vent: () => Promise<void> = () => naesteTur(),
): Promise<number> {
  if (erPglite(db)) return medHoldbarMarkoer(db, query, modtag, batch, vent);
  return db.transaction(async (tx) => {
    const navn = sql.raw('rapport_eksport');
    await tx.execute(sql`declare ${navn} no scroll cursor for ${query}`);
    const antal = await hentIBatcher(tx, navn, batch, async (rows) => {
      await modtag(rows);
      await vent();
    });
    await tx.execute(sql`close ${navn}`);
    return antal;
  });
}

/**
 * The same on PGlite, whose one connection a transaction would hold for the whole export (every
 * other call waited behind it, 2–8 s for 100,000 rows): a cursor WITH HOLD, declared outside a
 * transaction, is computed once when it is declared and then read in batches, each FETCH a statement
 * of its own, so interactive calls run between the batches while the client takes them. Named per
 * export (several may run at once) and closed however the export ends.
 */
async function medHoldbarMarkoer(
  db: Db,
  query: SQL,
  modtag: (rows: Record<string, unknown>[]) => Promise<void>,
  batch: number,
  vent: () => Promise<void>,
): Promise<number> {
  const navn = sql.raw(`rapport_eksport_${randomUUID().replaceAll('-', '')}`);
  await db.execute(sql`declare ${navn} no scroll cursor with hold for ${query}`);
  try {
    // PGlite answers and a stream that is not full resolve as microtasks: without a turn of the
    // event loop after each batch (in `vent`) the whole export would run as one block (about 0.4 s
    // for 46,548 rows) in which no other call is read.
    return await hentIBatcher(db, navn, batch, async (rows) => {
      await modtag(rows);
      await vent();
    });
  } finally {
    await db.execute(sql`close ${navn}`).catch(() => undefined);
  }
}

/** FETCHes an open cursor batch by batch into `modtag` until it is empty; answers the row count. */
async function hentIBatcher(
  db: Pick<Db, 'execute'>,
  navn: SQL,
  batch: number,
  modtag: (rows: Record<string, unknown>[]) => Promise<void>,
): Promise<number> {
  let antal = 0;
  for (;;) {
    const res = (await db.execute(sql`fetch ${sql.raw(String(batch))} from ${navn}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    if (res.rows.length === 0) return antal;
    antal += res.rows.length;
    await modtag(res.rows);
    if (res.rows.length < batch) return antal;
  }
}

/**
 * Reads a collection made by samlITrin in order, page after page from just after the last row read
 * (RapportTrin.sider): each page a short statement over the collection's index, nothing sorted whole.
 */
async function iSider(
  db: Db,
  samling: SQL,
  sider: NonNullable<RapportTrin['sider']>,
  modtag: (rows: Record<string, unknown>[]) => Promise<void>,
  batch: number,
  vent: () => Promise<void>,
): Promise<number> {
  let antal = 0;
  let m: SideMarkoer = { fase: 'start' };
  for (;;) {
    const rows: Record<string, unknown>[] = await queryRows<Record<string, unknown>>(
      db,
      sider.side(samling, m, batch),
    );
    antal += rows.length;
    if (rows.length > 0) await modtag(rows);
    const sidste = rows.at(-1);
    if (sidste && rows.length === batch)
      m =
        sidste.__k === null
          ? { fase: 'null', s: sidste.__s }
          : { fase: 'vaerdi', k: sidste.__k, s: sidste.__s };
    // A short page ends the rows with a key (the rows without one follow) or the whole collection.
    else if (m.fase === 'vaerdi') m = { fase: 'null', s: null };
    else return antal;
    await vent();
  }
}

/** A prepared export: its number of rows (or groups) and the stream of them, batch by batch. */
export interface ForberedtEksport {
  antal: number;
  /** Hands the rows over in batches (see medMarkoer); cleans up however it ends. Call it once. */
  leverRaekker(modtag: (rows: Record<string, unknown>[]) => Promise<void>): Promise<number>;
}

/**
 * Prepares a report export. A source that declares how it is cut (`opdeling`) is collected in short
 * statements first (trinvis.ts), each let in between interactive calls (`vent`), then counted and read
 * in pages of its index (ungrouped) or through a cursor WITH HOLD (grouped): on PGlite because a
 * statement holds the one connection and the event loop for its whole length, on PostgreSQL because
 * one sort of the whole result took the CPU the interactive calls needed (in a pooled session of the
 * export's own, no transaction held). Otherwise: the count, then a cursor (in a transaction on
 * PostgreSQL; WITH HOLD on PGlite).
 */
export async function forberedEksport(
  db: Db,
  kilde: RapportKilde,
  plan: RapportPlan,
  kundeId: number,
  typer: readonly number[],
  valg: {
    /** The first id range's width on PGlite (tests make it small). */
    startBredde?: number;
    /** Rows per batch (tests make it small). */
    batch?: number;
    /** Between two steps, at least a turn of the event loop: interactive calls first (jobs/forrang.ts). */
    vent?: () => Promise<void>;
  } = {},
): Promise<ForberedtEksport> {
  const batch = valg.batch ?? EKSPORT_BATCH;
  const vent = valg.vent ?? (() => naesteTur());
  const trin = rapportTrin(kilde, plan, kundeId, typer);
  if (!trin) {
    const [{ antal } = { antal: 0 }] = await queryRows<{ antal: number }>(
      db,
      rapportAntalSql(kilde, plan, kundeId, typer),
    );
    const query = rapportEksportSql(kilde, plan, kundeId, typer);
    return { antal: Number(antal), leverRaekker: (modtag) => medMarkoer(db, query, modtag, batch, vent) };
  }
  // The collecting table lives in one session: PGlite's, or a pooled connection of the export's own
  // on PostgreSQL (no transaction held open; each step commits on its own).
  const session = await egenSession(db);
  const sdb = session.db;
  let samlet: Awaited<ReturnType<typeof samlITrin>>;
  try {
    samlet = await samlITrin(sdb, trin, kundeId, valg.startBredde, vent);
  } catch (err) {
    session.slip(err);
    throw err;
  }
  const { samling, slet, indsat } = samlet;
  /** The collection dropped and the session given back (thrown away after a failure). */
  const ryd = async (fejl?: unknown) => {
    await slet();
    session.slip(fejl);
  };
  try {
    // Ungrouped, the rows are what the steps inserted: no statement over the whole collection
    // (on PGlite one more that every other call would wait behind). Grouped, the groups are counted.
    const [{ antal } = { antal: 0 }] =
      !plan.grupperet && indsat !== null
        ? [{ antal: indsat }]
        : await queryRows<{ antal: number }>(
            sdb,
            sql`select count(*)::int as antal from (${trin.raekker(samling)}) x`,
          );
    return {
      antal: Number(antal),
      leverRaekker: async (modtag) => {
        try {
          const n = trin.sider
            ? await iSider(sdb, samling, trin.sider, modtag, batch, vent)
            : await medHoldbarMarkoer(sdb, trin.samlet(samling), modtag, batch, vent);
          await ryd();
          return n;
        } catch (err) {
          await ryd(err);
          throw err;
        }
      },
    };
  } catch (err) {
    await ryd(err);
    throw err;
  }
}

/** Writes to the stream, waiting while it is full; fails once the client has gone. */
export function skriver(ud: PassThrough) {
  return (chunk: string | Uint8Array): Promise<void> => {
    if (ud.destroyed) return Promise.reject(new Error('Eksporten blev afbrudt'));
    if (ud.write(chunk)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        ud.off('drain', done);
        ud.off('close', lukket);
        resolve();
      };
      const lukket = () => {
        ud.off('drain', done);
        reject(new Error('Eksporten blev afbrudt'));
      };
      ud.once('drain', done);
      ud.once('close', lukket);
    });
  };
}

// ---------------------------------------------------------------- values

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TID = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** A cell as CSV text for Danish Excel. */
export function csvVaerdi(
  k: Pick<EksportKolonne, 'type' | 'nummer' | 'heltal' | 'medTid'>,
  v: unknown,
): string {
  if (v === null || v === undefined) return '';
  if (k.type === 'tal') {
    const n = Number(v);
    if (k.nummer || !Number.isFinite(n)) return String(v);
    return formatTalUgrupperet(n, k.heltal ? 0 : 2);
  }
  if (k.type === 'dato') {
    const t = ISO_TID.exec(String(v));
    if (t) return k.medTid ? `${t[3]}-${t[2]}-${t[1]} ${t[4]}:${t[5]}:${t[6]}` : `${t[3]}-${t[2]}-${t[1]}`;
    const m = ISO.exec(String(v));
    return m ? `${m[3]}-${m[2]}-${m[1]}` : String(v);
  }
  if (k.type === 'bool') return v === true || v === 't' ? 'Ja' : 'Nej';
  return String(v);
}

/** The header and a batch of rows as CSV lines (the header with the UTF-8 BOM). */
export function csvHoved(kolonner: readonly EksportKolonne[]): string {
  return `\uFEFF${Papa.unparse([kolonner.map((k) => k.label)], { delimiter: ';', newline: '\r\n' })}\r\n`;
}
export function csvLinjer(
  kolonner: readonly EksportKolonne[],
  rows: readonly Record<string, unknown>[],
): string {
  const data = rows.map((r) => kolonner.map((k) => csvVaerdi(k, r[k.navn])));
  return `${Papa.unparse(data, { delimiter: ';', newline: '\r\n' })}\r\n`;
}

/**
 * Days from Excel's day 0 (30-12-1899) to an ISO date: a whole number, so the day never shifts. A
 * local time of day after the date ('YYYY-MM-DD HH:mm:ss') is the fraction of the day (Excel has no
 * time zones: the cell shows the clock time as written).
 */
export function excelDag(iso: string): number | null {
  const t = ISO_TID.exec(iso);
  const m = t ?? ISO.exec(iso);
  if (!m) return null;
  const dag = (Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - Date.UTC(1899, 11, 30)) / 86_400_000;
  if (!t) return dag;
  return dag + (Number(t[4]) * 3600 + Number(t[5]) * 60 + Number(t[6])) / 86_400;
}

/** Characters XML 1.0 cannot hold (controls but tab, LF, CR; U+FFFE, U+FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to remove
const XML_UGYLDIG = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;

const xmlTekst = (s: string) =>
  s.replace(XML_UGYLDIG, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const kolonneBogstav = (i: number): string => {
  let s = '';
  let n = i + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

/**
 * Style ids of styles.xml below: 0 plain, 1 date, 2 bold (headings), 3 date and time, 4 a number
 * with two decimals (#,##0.00), 5 a whole number (#,##0).
 */
const STIL_DATO = 1;
const STIL_FED = 2;
const STIL_DATO_TID = 3;
const STIL_TAL_2 = 4;
const STIL_HELTAL = 5;

const tekstCelle = (ref: string, s: string, stil = 0) =>
  `<c r="${ref}" t="inlineStr"${stil ? ` s="${stil}"` : ''}><is><t xml:space="preserve">${xmlTekst(s)}</t></is></c>`;

function xlsxCelle(ref: string, k: EksportKolonne, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (k.type === 'tal') {
    const n = Number(v);
    if (!Number.isFinite(n)) return '';
    const stil = k.nummer ? 0 : k.heltal ? STIL_HELTAL : STIL_TAL_2;
    return `<c r="${ref}"${stil ? ` s="${stil}"` : ''}><v>${n}</v></c>`;
  }
  if (k.type === 'dato') {
    const tekst = String(v);
    const dag = excelDag(k.medTid ? tekst : tekst.slice(0, 10));
    if (dag === null) return tekstCelle(ref, tekst);
    return `<c r="${ref}" s="${k.medTid ? STIL_DATO_TID : STIL_DATO}"><v>${dag}</v></c>`;
  }
  if (k.type === 'bool') return tekstCelle(ref, v === true || v === 't' ? 'Ja' : 'Nej');
  return tekstCelle(ref, String(v));
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const FASTE_DELE: [string, string][] = [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${XML}<styleSheet xmlns="${NS}"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd\\-mm\\-yyyy"/><numFmt numFmtId="165" formatCode="dd\\-mm\\-yyyy\\ hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
  ],
];

const tilBytes = (s: string) => new TextEncoder().encode(s);

/**
 * An XLSX writer fed row batches: `start` with the title lines above the table, `raekker` per
 * batch, `slut` to finish. Every byte of the zip goes to `ud` as it is made.
 */
export function xlsxSkriver(
  ud: (chunk: Uint8Array) => void,
  arknavn: string,
  overLinjer: readonly string[],
  kolonner: readonly EksportKolonne[],
) {
  let fejl: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) fejl = err;
    else ud(chunk);
  });
  for (const [navn, indhold] of FASTE_DELE) {
    const del = new ZipDeflate(navn, { level: 6 });
    zip.add(del);
    del.push(tilBytes(indhold), true);
  }
  const bog = new ZipDeflate('xl/workbook.xml', { level: 6 });
  zip.add(bog);
  bog.push(
    tilBytes(
      `${XML}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlTekst(arknavn.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    true,
  );
  const ark = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(ark);
  let raekke = 0;
  const linje = (celler: string) => {
    raekke++;
    return `<row r="${raekke}">${celler}</row>`;
  };
  const tjek = () => {
    if (fejl) throw fejl;
  };
  return {
    start() {
      let xml = `${XML}<worksheet xmlns="${NS}"><sheetData>`;
      for (const [i, l] of overLinjer.entries())
        xml += linje(tekstCelle(`A${raekke + 1}`, l, i === 0 ? STIL_FED : 0));
      if (overLinjer.length > 0) raekke++; // an empty row between the lines and the table
      xml += linje(
        kolonner.map((k, i) => tekstCelle(`${kolonneBogstav(i)}${raekke + 1}`, k.label, STIL_FED)).join(''),
      );
      ark.push(tilBytes(xml));
      tjek();
    },
    raekker(rows: readonly Record<string, unknown>[]) {
      let xml = '';
      for (const r of rows) {
        const nr = raekke + 1;
        xml += linje(kolonner.map((k, i) => xlsxCelle(`${kolonneBogstav(i)}${nr}`, k, r[k.navn])).join(''));
      }
      ark.push(tilBytes(xml));
      tjek();
    },
    slut() {
      ark.push(tilBytes('</sheetData></worksheet>'), true);
      zip.end();
      tjek();
    },
  };
}
