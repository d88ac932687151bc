import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RapportSvar } from '../../src/contract/rapport';
import { queryRows } from '../../src/server/db/client';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = <T>(r: { body: string }) => JSON.parse(r.body) as T;
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

describe.each(dbTargets())('report engine (rapport/{reportType}) on %s', (target) => {
  let t: TestApp;
  let vand: string;
  let virksomhed: string;
  let skive: number;
  /** Two years that hold approved pumped quantities of Skive's plants. */
  let aar: [number, number];

  beforeAll(async () => {
    t = await createTestApp(target);
    [vand, virksomhed] = await Promise.all([t.tokenFor('vand'), t.tokenFor('virksomhed')]);
    skive = await t.kundeId(779);
    const rows = await queryRows<{ aar: number }>(
      t.database.db,
      sql`select distinct extract(year from startdato)::int as aar from oppumpet_maengde
          where kunde_id = ${skive} and indtag_id is null and status = 1 order by 1 desc limit 2`,
    );
    expect(rows.length).toBe(2);
    aar = [Number(rows[1]!.aar), Number(rows[0]!.aar)];
  });
  afterAll(async () => t?.close());

  const rapport = (navn: string, params: Record<string, string | number>, token = vand) =>
    t.kald('GET', `/api/rapport/${navn}?${q(params)}`, token);

  it('groups by the chosen columns and counts and sums in SQL, filtered to a year range', async () => {
    const r = await rapport('vandoppumpet', {
      kolonner: 'aarstal,totalVandmaengdeOppumpet,antal',
      filter: `aarstal:between(${aar[0]}|${aar[1]})`,
      sortByColumn: 'aarstal',
      sortDirection: 'ASC',
    });
    expect(r.statusCode, r.body).toBe(200);
    const svar = json<RapportSvar>(r);
    expect(svar.kolonner).toEqual(['aarstal', 'totalVandmaengdeOppumpet', 'antal']);
    // The same figures computed straight from the table (approved data: the water reports' default).
    const direkte = await queryRows<{ aar: number; sum: number; n: number }>(
      t.database.db,
      sql`select extract(year from m.startdato)::int as aar, sum(m.vandmaengde_oppumpet) as sum, count(*)::int as n
          from oppumpet_maengde m join virksomhed a on a.id = m.vandanlaeg_id
          where m.kunde_id = ${skive} and m.indtag_id is null and m.status = 1 and not a.slettet
            and extract(year from m.startdato) between ${aar[0]} and ${aar[1]}
          group by 1 order by 1`,
    );
    expect(svar.totalCount).toBe(2);
    expect(svar.items.map((i) => i.aarstal)).toEqual(aar);
    expect(svar.items.map((i) => i.antal)).toEqual(direkte.map((d) => Number(d.n)));
    svar.items.forEach((i, n) => {
      expect(i.totalVandmaengdeOppumpet as number).toBeCloseTo(Number(direkte[n]!.sum), 6);
    });
  });

  it('pages ungrouped rows with the total of the whole result, in a stable order', async () => {
    const felles = {
      kolonner: 'startdato,anlaegsnavn,vandmaengdeOppumpet',
      filter: `startdato:between(01-01-${aar[0]}|31-12-${aar[1]})`,
      sortByColumn: 'anlaegsnavn',
      take: 5,
    };
    const a = json<RapportSvar>(await rapport('vandoppumpet', { ...felles, start: 0 }));
    const b = json<RapportSvar>(await rapport('vandoppumpet', { ...felles, start: 5 }));
    expect(a.totalCount).toBeGreaterThan(10);
    expect(b.totalCount).toBe(a.totalCount);
    expect(a.items).toHaveLength(5);
    expect(String(a.items[0]!.startdato)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // No row on both pages (the key breaks ties).
    const noegle = (i: Record<string, unknown>) => JSON.stringify(i);
    expect(a.items.map(noegle).filter((x) => b.items.map(noegle).includes(x)).length).toBeLessThan(5);
    const navne = [...a.items, ...b.items].map((i) => String(i.anlaegsnavn));
    expect(navne).toEqual([...navne].sort((x, y) => x.localeCompare(y, 'da')));
  });

  it('filters text by contains and values by equals, case-insensitively', async () => {
    const [plant] = await queryRows<{ navn: string }>(
      t.database.db,
      sql`select a.navn from virksomhed a where a.kunde_id = ${skive} and a.type = 3
          and exists (select 1 from oppumpet_maengde m where m.vandanlaeg_id = a.id and m.indtag_id is null)
          order by a.id limit 1`,
    );
    const navn = String(plant!.navn);
    const del = navn.slice(1, 6).toUpperCase();
    const r = json<RapportSvar>(
      await rapport('vandoppumpet', {
        kolonner: 'anlaegsnavn,antal',
        filter: `anlaegsnavn:contains(${del})`,
      }),
    );
    expect(r.items.length).toBeGreaterThan(0);
    for (const i of r.items) expect(String(i.anlaegsnavn).toUpperCase()).toContain(del);
    const lig = json<RapportSvar>(
      await rapport('vandoppumpet', {
        kolonner: 'anlaegsnavn,antal',
        filter: `anlaegsnavn:equals(${navn.toLowerCase().replace(/[\\|(),]/g, (c) => `\\${c}`)})`,
      }),
    );
    expect(lig.items.map((i) => i.anlaegsnavn)).toEqual([navn]);
  });

  it('answers a Danish 400 for a bad filter, column or sort, never a 500', async () => {
    const fejl = async (params: Record<string, string>, felt: string, besked: RegExp) => {
      const r = await rapport('vandoppumpet', params);
      expect(r.statusCode, r.body).toBe(400);
      const body = json<{ errors: Record<string, string[]> }>(r);
      expect(body.errors[felt]?.join(' ')).toMatch(besked);
    };
    await fejl({ filter: 'adgangskode:equals(x)' }, 'filter', /kan ikke filtreres på/);
    await fejl({ filter: "anlaegsnavn:contains(x')) or 1=1 --" }, 'filter', /parentes/);
    await fejl({ filter: 'startdato:between(31-02-2024|)' }, 'filter', /DD-MM-ÅÅÅÅ/);
    await fejl({ filter: 'startdato:between(|)' }, 'filter', /Mindst ét datofelt skal udfyldes/);
    await fejl({ kolonner: 'aarstal,kodeord' }, 'kolonner', /ingen kolonne 'kodeord'/);
    await fejl(
      { kolonner: 'aarstal,omregningsfaktor', sortByColumn: 'omregningsfaktor' },
      'sortByColumn',
      /kan ikke sorteres/,
    );
    await fejl({ kolonner: 'aarstal', sortByColumn: 'anlaegsnavn' }, 'sortByColumn', /viste kolonner/);
    // An injection attempt inside a value is only a value.
    const r = await rapport('vandoppumpet', { filter: "anlaegsnavn:contains('; drop table virksomhed; --)" });
    expect(r.statusCode).toBe(200);
    expect(json<RapportSvar>(r).totalCount).toBe(0);
  });

  it("needs the report's read right; another customer's rows never show; an unknown report is 404", async () => {
    const r = await rapport('vandoppumpet', {}, virksomhed);
    expect(r.statusCode).toBe(403);
    const herning = await t.kundeId(657);
    const [andet] = await queryRows<{ navn: string }>(
      t.database.db,
      sql`select navn from virksomhed where kunde_id = ${herning} and type = 3 order by id limit 1`,
    );
    const fremmed = json<RapportSvar>(
      await rapport('vandoppumpet', {
        kolonner: 'anlaegsnavn,antal',
        filter: `anlaegsnavn:equals(${String(andet!.navn).replace(/[\\|(),]/g, (c) => `\\${c}`)})`,
      }),
    );
    expect(fremmed.totalCount).toBe(0);
    expect((await rapport('findesikke', {})).statusCode).toBe(400);
  });

  it('reports water levels with the situation in words and dates by Danish day', async () => {
    const r = await rapport('boringpejling', {
      kolonner: 'pejleSituation,antal',
      filter: 'pejlesituation:equals(i ro|I drift)',
    });
    expect(r.statusCode, r.body).toBe(200);
    const svar = json<RapportSvar>(r);
    for (const i of svar.items) expect(['I ro', 'I drift']).toContain(i.pejleSituation);
    const alle = json<RapportSvar>(await rapport('boringpejling', { kolonner: 'antal' }));
    expect(alle.items).toHaveLength(1);
    expect(Number(alle.items[0]!.antal)).toBeGreaterThanOrEqual(
      svar.items.reduce((s, i) => s + Number(i.antal), 0),
    );
  });

  it('draws a time series month by month over the whole filtered result: sums of quantities, averages of levels', async () => {
    const r = await t.kald(
      'GET',
      `/api/rapport/vandoppumpet/tidsserie?${q({ filter: `aarstal:between(${aar[0]}|${aar[1]})` })}`,
      vand,
    );
    expect(r.statusCode, r.body).toBe(200);
    const { punkter } = json<{ punkter: { maaned: string; vaerdi: number }[] }>(r);
    const direkte = await queryRows<{ maaned: string; v: number }>(
      t.database.db,
      sql`select to_char(date_trunc('month', m.startdato), 'YYYY-MM-DD') as maaned, sum(m.vandmaengde_oppumpet) as v
          from oppumpet_maengde m join virksomhed a on a.id = m.vandanlaeg_id
          where m.kunde_id = ${skive} and m.indtag_id is null and m.status = 1 and not a.slettet
            and extract(year from m.startdato) between ${aar[0]} and ${aar[1]}
          group by 1 order by 1`,
    );
    expect(punkter.map((p) => p.maaned)).toEqual(direkte.map((d) => d.maaned));
    punkter.forEach((p, i) => {
      expect(p.vaerdi).toBeCloseTo(Number(direkte[i]!.v), 6);
    });
    const pejl = json<{ punkter: { maaned: string; vaerdi: number }[] }>(
      await t.kald('GET', '/api/rapport/boringpejling/tidsserie?filter=', vand),
    );
    const [gns] = await queryRows<{ maaned: string; v: number }>(
      t.database.db,
      sql`select to_char(date_trunc('month', (p.pejletidspunkt at time zone 'Europe/Copenhagen')::date), 'YYYY-MM-DD') as maaned,
            avg(p.grundvandskote) as v
          from pejling p join virksomhed a on a.id = p.vandanlaeg_id
          where p.kunde_id = ${skive} and not a.slettet and p.status = 1 and p.grundvandskote is not null
          group by 1 order by 1 limit 1`,
    );
    expect(pejl.punkter[0]?.maaned).toBe(gns?.maaned);
    expect(pejl.punkter[0]?.vaerdi).toBeCloseTo(Number(gns?.v), 6);
    // Not a time series; a bad filter: Danish 400s.
    const ikke = await t.kald('GET', '/api/rapport/vandtilsyn/tidsserie?filter=', vand);
    expect(ikke.statusCode).toBe(400);
    const fejl = await t.kald(
      'GET',
      `/api/rapport/vandoppumpet/tidsserie?${q({ filter: 'x:equals(1)' })}`,
      vand,
    );
    expect(fejl.statusCode).toBe(400);
    expect(json<{ errors: { filter: string[] } }>(fejl).errors.filter[0]).toMatch(/kan ikke filtreres på/);
  });

  it('counts approved water data by default; pending entries only when filtered by status, marked', async () => {
    const antal = async (filter: string) => {
      const r = await rapport('vandoppumpet', { kolonner: 'antal', filter });
      expect(r.statusCode, r.body).toBe(200);
      return json<RapportSvar>(r);
    };
    const direkte = await queryRows<{ status: number; n: number }>(
      t.database.db,
      sql`select m.status, count(*)::int as n from oppumpet_maengde m join virksomhed a on a.id = m.vandanlaeg_id
          where m.kunde_id = ${skive} and m.indtag_id is null and m.status <> 2 and not a.slettet group by 1`,
    );
    const godkendt = Number(direkte.find((d) => Number(d.status) === 1)?.n ?? 0);
    const afventer = Number(direkte.find((d) => Number(d.status) === 0)?.n ?? 0);
    expect(godkendt).toBeGreaterThan(0);
    expect(afventer).toBeGreaterThan(0);
    // Unfiltered: the approved rows, and no status column asked for.
    const standard = await antal('');
    expect(standard.kolonner).toEqual(['antal']);
    expect(standard.items).toEqual([{ antal: godkendt }]);
    // Filtered by status: the column comes along, so each group says which it is.
    const begge = await antal('valideringsstatus:equals(Godkendt|Afventer validering)');
    expect(begge.kolonner).toEqual(['valideringsstatus', 'antal']);
    expect(begge.items).toEqual(
      expect.arrayContaining([
        { valideringsstatus: 'Godkendt', antal: godkendt },
        { valideringsstatus: 'Afventer validering', antal: afventer },
      ]),
    );
    expect((await antal('valideringsstatus:equals(Afventer validering)')).items).toEqual([
      { valideringsstatus: 'Afventer validering', antal: afventer },
    ]);
  });
});
