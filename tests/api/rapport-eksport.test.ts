import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RapportSvar } from '../../src/contract/rapport';
import { RAPPORTER } from '../../src/contract/rapporter';
import { queryRows } from '../../src/server/db/client';
import { csvVaerdi, excelDag, forberedEksport, medMarkoer } from '../../src/server/rapport/eksport';
import { KILDER } from '../../src/server/rapport/kilder';
import { planlaegRapport, rapportEksportSql } from '../../src/server/rapport/motor';
import { naesteBredde } from '../../src/server/rapport/trinvis';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

describe.each(dbTargets())('report exports on %s', (target) => {
  let t: TestApp;
  let vand: string;
  let skive: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    vand = await t.tokenFor('vand');
    skive = await t.kundeId(779);
  });
  afterAll(async () => t?.close());

  const eksport = (params: Record<string, string | number>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/rapport/vandoppumpet/eksport?${q(params)}`,
      headers: { authorization: `Bearer ${vand}` },
    });

  const visning = {
    kolonner: 'startdato,anlaegsnavn,vandmaengdeOppumpet',
    filter: 'startdato:between(01-01-2020|31-12-2030)',
    sortByColumn: 'startdato',
  };

  it('exports the whole result as CSV that Danish Excel reads: BOM, semicolons, decimal comma, DD-MM-YYYY', async () => {
    const r = await eksport({ ...visning, format: 'csv' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(r.headers['content-disposition'])).toMatch(
      /attachment; filename="Oppumpet vand \d{4}-\d{2}-\d{2}\.csv"/,
    );
    const tekst = r.rawPayload.toString('utf8');
    expect(tekst.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(tekst.slice(1), { delimiter: ';' });
    const [hoved, ...linjer] = parsed.data.filter((l) => l.length > 1);
    expect(hoved).toEqual(['Startdato', 'Anlægsnavn', 'Oppumpet (m³)']);
    // Every row, not a page: the same count as the report's total and the header.
    const side = JSON.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/rapport/vandoppumpet?${q({ ...visning, take: 1 })}`,
          headers: { authorization: `Bearer ${vand}` },
        })
      ).body,
    ) as RapportSvar;
    expect(linjer).toHaveLength(side.totalCount);
    expect(Number(r.headers['x-antal-raekker'])).toBe(side.totalCount);
    expect(linjer.length).toBeGreaterThan(20);
    for (const l of linjer) {
      expect(l[0]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(l[2]).toMatch(/^-?\d+(,\d+)?$/);
    }
    // Sorted by date as asked.
    const iso = linjer.map((l) => l[0]!.split('-').reverse().join('-'));
    expect(iso).toEqual([...iso].sort());
  });

  it('exports XLSX with real date and number cells and the active filters above the table', async () => {
    const r = await eksport({ ...visning, format: 'xlsx' });
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    const rows = (await readSheet(r.rawPayload)) as unknown[][];
    expect(rows[0]![0]).toBe('Oppumpet vand');
    expect(String(rows[1]![0])).toMatch(/^Udtrukket \d{2}-\d{2}-\d{4}/);
    // The water reports' standard filter is stated too: the file counts approved data only.
    expect(rows[2]![0]).toBe('Filtre: Startdato: 01-01-2020–31-12-2030; Valideringsstatus: Godkendt');
    const hovedIndeks = rows.findIndex((row) => row[0] === 'Startdato');
    expect(rows[hovedIndeks]).toEqual(['Startdato', 'Anlægsnavn', 'Oppumpet (m³)']);
    const data = rows.slice(hovedIndeks + 1);
    expect(data.length).toBe(Number(r.headers['x-antal-raekker']));
    // The same rows as the database holds, the dates the same day when read back.
    const direkte = await queryRows<{ startdato: string; navn: string; m: number }>(
      t.database.db,
      sql`select to_char(m.startdato, 'YYYY-MM-DD') as startdato, a.navn, m.vandmaengde_oppumpet as m
          from oppumpet_maengde m join virksomhed a on a.id = m.vandanlaeg_id
          where m.kunde_id = ${skive} and m.indtag_id is null and m.status <> 2 and not a.slettet
            and m.startdato between '2020-01-01' and '2030-12-31'
          order by m.startdato, m.id limit 1`,
    );
    const [foerste] = data;
    expect(foerste![0]).toBeInstanceOf(Date);
    expect((foerste![0] as Date).toISOString().slice(0, 10)).toBe(direkte[0]!.startdato);
    expect(typeof foerste![2]).toBe('number');
    expect(foerste![2] as number).toBeCloseTo(Number(direkte[0]!.m), 6);
  });

  it('reads the result through a cursor in batches, each handed over before the next is fetched', async () => {
    const batches: number[][] = [];
    const antal = await medMarkoer(
      t.database.db,
      sql`select n from generate_series(1, 100) as n order by n`,
      async (rows) => {
        batches.push(rows.map((r) => Number(r.n)));
      },
      7,
    );
    expect(antal).toBe(100);
    expect(batches).toHaveLength(15);
    expect(batches.flat()).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // A receiver that fails (the client went away) ends the cursor and the transaction.
    await expect(
      medMarkoer(
        t.database.db,
        sql`select n from generate_series(1, 100) as n`,
        async () => {
          throw new Error('afbrudt');
        },
        7,
      ),
    ).rejects.toThrow('afbrudt');
    const [efter] = await queryRows<{ n: number }>(t.database.db, sql`select 1 as n`);
    expect(Number(efter!.n)).toBe(1);
  });

  // Issue 32: an export is collected in short statements, id range by id range, and read in pages
  // (on PostgreSQL in a pooled session of its own); the result must be the one statement's, row for
  // row, grouped or not.
  it.each([
    [
      'rows sorted by date',
      { kolonner: 'startdato,anlaegsnavn,vandmaengdeOppumpet', sortByColumn: 'startdato' },
    ],
    [
      'rows sorted by name, descending (ties in the row order of the screen)',
      {
        kolonner: 'anlaegsnavn,startdato,vandmaengdeOppumpet',
        sortByColumn: 'anlaegsnavn',
        sortDirection: 'DESC' as const,
      },
    ],
    [
      'rows sorted by a column that is empty in some rows (they come last)',
      {
        kolonner: 'vandvaerketsEgetForbrug,startdato,vandmaengdeOppumpet',
        sortByColumn: 'vandvaerketsEgetForbrug',
      },
    ],
    [
      'rows sorted by a column that is empty in some rows, descending (they still come last)',
      {
        kolonner: 'vandvaerketsEgetForbrug,startdato,vandmaengdeOppumpet',
        sortByColumn: 'vandvaerketsEgetForbrug',
        sortDirection: 'DESC' as const,
      },
    ],
    [
      'rows sorted by a number, descending',
      {
        kolonner: 'vandmaengdeOppumpet,startdato',
        sortByColumn: 'vandmaengdeOppumpet',
        sortDirection: 'DESC' as const,
      },
    ],
    [
      'groups with sums, sorted by the sum',
      {
        kolonner: 'anlaegsnavn,aarstal,totalVandmaengdeOppumpet,antal',
        sortByColumn: 'totalVandmaengdeOppumpet',
        sortDirection: 'DESC' as const,
      },
    ],
    ['one group of everything', { kolonner: 'totalVandmaengdeOppumpet,antal' }],
  ])('collected in id ranges gives the result of one statement: %s', async (_navn, visning) => {
    const plan = planlaegRapport(RAPPORTER.vandoppumpet, {
      sortDirection: 'ASC',
      filter: '',
      ...visning,
      start: 0,
      take: 1,
    });
    const typer = [1, 2, 3];
    // The month rows themselves, not the yearly summary that a grouped plan would read in one step.
    const kilde = { ...KILDER.vandoppumpet, opsummering: undefined };
    const tomme = plan.sort.navn === 'vandvaerketsEgetForbrug';
    if (tomme) {
      // A third of the rows without a value, a third with the same one (the rest as seeded), put
      // back after the test (an ordinary table: a pool may run the next statement in another session).
      await t.database.db.execute(
        sql`create table gemt_forbrug as select id, vandvaerkets_eget_forbrug as v from oppumpet_maengde where kunde_id = ${skive}`,
      );
      await t.database.db.execute(
        sql`update oppumpet_maengde set vandvaerkets_eget_forbrug = case id % 3 when 0 then null when 1 then 5 else vandvaerkets_eget_forbrug end where kunde_id = ${skive}`,
      );
    }
    try {
      const direkte = await queryRows<Record<string, unknown>>(
        t.database.db,
        rapportEksportSql(kilde, plan, skive, typer),
      );
      // Small ranges and pages of 7 rows, so the pages' boundaries fall inside runs of equal keys.
      // Every step and page lets waiting calls in first (the export's `vent`, jobs/forrang.ts).
      let ventet = 0;
      const delt = await forberedEksport(t.database.db, kilde, plan, skive, typer, {
        startBredde: 16,
        batch: 7,
        vent: async () => {
          ventet++;
        },
      });
      const skridt = ventet;
      expect(skridt).toBeGreaterThan(1);
      const samlet: Record<string, unknown>[] = [];
      expect(await delt.leverRaekker(async (rows) => void samlet.push(...rows))).toBe(direkte.length);
      if (!plan.grupperet) expect(ventet - skridt).toBeGreaterThanOrEqual(Math.floor(direkte.length / 7));
      expect(delt.antal).toBe(direkte.length);
      expect(direkte.length).toBeGreaterThan(0);
      if (tomme) {
        expect(direkte.some((r) => r.vandvaerketsEgetForbrug == null)).toBe(true);
        expect(direkte.some((r) => r.vandvaerketsEgetForbrug != null)).toBe(true);
      }
      const tekst = (rows: Record<string, unknown>[]) =>
        rows.map((r) =>
          plan.valgte.map((k) => (r[k.navn] == null ? null : String(Number(r[k.navn]) || r[k.navn]))),
        );
      expect(tekst(samlet)).toEqual(tekst(direkte));
      // The collecting table is gone afterwards.
      const tabeller = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from pg_class where relname like 'rapport_samling_%'`,
      );
      expect(Number(tabeller[0]!.n)).toBe(0);
    } finally {
      if (tomme) {
        await t.database.db.execute(
          sql`update oppumpet_maengde m set vandvaerkets_eget_forbrug = g.v from gemt_forbrug g where g.id = m.id`,
        );
        await t.database.db.execute(sql`drop table gemt_forbrug`);
      }
    }
  });

  // Issue 30: a water level keeps its time of day, and every number has the same two decimals.
  const pejlinger = (params: Record<string, string | number>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/rapport/boringpejling${params.format ? '/eksport' : ''}?${q(params)}`,
      headers: { authorization: `Bearer ${vand}` },
    });
  const pejleVisning = {
    kolonner: 'pejletidspunkt,anlaegsnavn,vandstandUnderTerraen',
    sortByColumn: 'pejletidspunkt',
    sortDirection: 'DESC',
  };
  const direktePejling = async () => {
    const [p] = await queryRows<{ tid: string; v: number }>(
      t.database.db,
      sql`select to_char(p.pejletidspunkt at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI:SS') as tid,
            p.vandstand_under_terraen as v
          from pejling p join virksomhed a on a.id = p.vandanlaeg_id
          where p.kunde_id = ${skive} and p.status = 1 and not a.slettet
          order by p.pejletidspunkt desc, p.id limit 1`,
    );
    return p!;
  };

  it('answers and exports a water level with its time of day, and its numbers with two decimals in every row', async () => {
    const direkte = await direktePejling();
    expect(direkte.tid.slice(11)).not.toBe('00:00:00');
    const side = JSON.parse((await pejlinger({ ...pejleVisning, take: 5 })).body) as RapportSvar;
    expect(side.items[0]!.pejletidspunkt).toBe(direkte.tid);

    const r = await pejlinger({ ...pejleVisning, format: 'csv' });
    expect(r.statusCode, r.body).toBe(200);
    const [, ...linjer] = Papa.parse<string[]>(r.rawPayload.toString('utf8').slice(1), {
      delimiter: ';',
    }).data.filter((l) => l.length > 1);
    expect(linjer.length).toBeGreaterThan(5);
    const [d, tid] = direkte.tid.split(' ');
    expect(linjer[0]![0]).toBe(`${d!.split('-').reverse().join('-')} ${tid}`);
    for (const l of linjer) {
      expect(l[0]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
      expect(l[2]).toMatch(/^-?\d+,\d{2}$/);
    }

    const x = await pejlinger({ ...pejleVisning, format: 'xlsx' });
    expect(x.statusCode).toBe(200);
    const rows = (await readSheet(x.rawPayload)) as unknown[][];
    const hoved = rows.findIndex((row) => row[0] === 'Pejletidspunkt');
    const foerste = rows[hoved + 1]!;
    expect(foerste[0]).toBeInstanceOf(Date);
    // Excel has no time zones: the cell holds the clock time as written (read back as UTC).
    // (A day's fraction in binary: the reader may land a millisecond short of the second.)
    const ms = (foerste[0] as Date).getTime() - Date.parse(`${direkte.tid.replace(' ', 'T')}Z`);
    expect(Math.abs(ms)).toBeLessThan(1000);
    expect(foerste[2] as number).toBeCloseTo(Number(direkte.v), 6);
  });

  it('filters a water level by its day, whatever its time of day', async () => {
    const direkte = await direktePejling();
    const dag = direkte.tid.slice(0, 10).split('-').reverse().join('-');
    const side = JSON.parse(
      (await pejlinger({ ...pejleVisning, filter: `pejletidspunkt:between(${dag}|${dag})`, take: 50 })).body,
    ) as RapportSvar;
    expect(side.items.map((i) => String(i.pejletidspunkt).slice(0, 10))).toContain(direkte.tid.slice(0, 10));
    for (const i of side.items) expect(String(i.pejletidspunkt).slice(0, 10)).toBe(direkte.tid.slice(0, 10));
  });

  it('checks the request before the first byte: a bad filter or format is a Danish 400', async () => {
    const r = await eksport({ ...visning, filter: 'kodeord:equals(x)', format: 'xlsx' });
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body).errors.filter.join(' ')).toMatch(/kan ikke filtreres på/);
    const f = await eksport({ ...visning, format: 'pdf' });
    expect(f.statusCode).toBe(400);
    expect(JSON.parse(f.body).errors.format.join(' ')).toBe('format skal være csv eller xlsx');
  });
});

describe('the id ranges of an export collected in steps (issue 32)', () => {
  it('grow while a range is quick and shrink while it is slow, aiming at about 10 ms', () => {
    expect(naesteBredde(8192, 3)).toBe(16384);
    expect(naesteBredde(8192, 7)).toBe(8192);
    expect(naesteBredde(8192, 20)).toBe(8192);
    expect(naesteBredde(8192, 45)).toBe(4096);
    expect(naesteBredde(1 << 20, 1)).toBe(1 << 20);
    expect(naesteBredde(1, 500)).toBe(1);
  });
});

describe('Excel day numbers', () => {
  it('are whole days from 30-12-1899, so a date never moves a day', () => {
    expect(excelDag('1900-03-01')).toBe(61);
    expect(excelDag('2024-01-01')).toBe(45292);
    expect(excelDag('2024-02-29')).toBe(45351);
    expect(excelDag('01-01-2024')).toBeNull();
  });
});

describe('export cells (issue 30)', () => {
  it('keep a time of day as the fraction of the day', () => {
    expect(excelDag('2024-01-01 12:00:00')).toBe(45292.5);
    expect(excelDag('2024-01-01 06:30:00')).toBeCloseTo(45292 + 6.5 / 24, 10);
  });

  it('write CSV numbers with exactly two decimals, counts whole, codes as they are, times with the date', () => {
    const tal = { type: 'tal' } as const;
    expect(csvVaerdi(tal, 12.5)).toBe('12,50');
    expect(csvVaerdi(tal, 3)).toBe('3,00');
    expect(csvVaerdi(tal, 1234.567)).toBe('1234,57');
    expect(csvVaerdi({ type: 'tal', heltal: true }, 1234)).toBe('1234');
    expect(csvVaerdi({ type: 'tal', nummer: true }, 2024)).toBe('2024');
    expect(csvVaerdi({ type: 'dato', medTid: true }, '2026-08-23 16:43:07')).toBe('23-08-2026 16:43:07');
    expect(csvVaerdi({ type: 'dato' }, '2026-08-23')).toBe('23-08-2026');
    expect(csvVaerdi({ type: 'dato' }, '2026-08-23 16:43:07')).toBe('23-08-2026');
  });
});
