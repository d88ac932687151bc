import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RapportSvar } from '../../src/contract/rapport';
import { RAPPORTER } from '../../src/contract/rapporter';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import { queryRows } from '../../src/server/db/client';
import { KILDER } from '../../src/server/rapport/kilder';
import { kildeTil, planlaegRapport, rapportRaekke, rapportSql } from '../../src/server/rapport/motor';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/**
 * The water report's yearly summary (migration 0032, docs/decisions.md 'Report pages from a summary'):
 * kept by triggers on every insert, change and delete of a plant-level quantity, and read by grouped
 * pages it can answer. Each page it answers must equal the page read from the quantities themselves.
 */
describe.each(dbTargets())('the water report summary on %s', (target) => {
  let t: TestApp;
  let vand: string;
  let skive: number;
  let anlaeg: { id: number; navn: string };
  const kilde = KILDER.vandoppumpet;
  const direkte = { ...kilde, opsummering: undefined };
  const def = RAPPORTER.vandoppumpet;

  beforeAll(async () => {
    t = await createTestApp(target);
    vand = await t.tokenFor('vand');
    skive = await t.kundeId(779);
    // A plant whose name no other company of the customer has (the filter finds it by name).
    const [a] = await queryRows<{ id: number; navn: string }>(
      t.database.db,
      sql`select v.id, v.navn from virksomhed v
          where v.kunde_id = ${skive} and v.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} and not v.slettet
            and v.navn ~ '^[A-Za-zÆØÅæøå0-9 .-]+$'
            and (select count(*) from virksomhed w where w.kunde_id = ${skive} and lower(w.navn) = lower(v.navn)) = 1
          order by v.id limit 1`,
    );
    anlaeg = { id: Number(a!.id), navn: a!.navn };
  });
  afterAll(async () => t?.close());

  const koer = (s: SQL) => t.database.db.execute(s);

  /** The report's page through the API, as a user asks for it. */
  async function side(params: Record<string, string>): Promise<RapportSvar> {
    const r = await t.kald('GET', `/api/rapport/vandoppumpet?${new URLSearchParams(params)}`, vand);
    expect(r.statusCode, r.body).toBe(200);
    return JSON.parse(r.body) as RapportSvar;
  }

  /** The groups of year `aar` of the test's plant: [status?, sum, count]. */
  async function aaret(aar: number, medStatus = false) {
    const s = await side({
      kolonner: `anlaegsnavn,aarstal,${medStatus ? 'valideringsstatus,' : ''}totalVandmaengdeOppumpet,antal`,
      filter: `aarstal:equals(${aar}),anlaegsnavn:equals(${anlaeg.navn})${
        medStatus ? ',valideringsstatus:equals(Godkendt|Afventer validering)' : ''
      }`,
      sortByColumn: medStatus ? 'valideringsstatus' : 'anlaegsnavn',
      sortDirection: 'ASC',
      take: '50',
    });
    return s.items.map((i) => [
      ...(medStatus ? [i.valideringsstatus] : []),
      Number(i.totalVandmaengdeOppumpet),
      Number(i.antal),
    ]);
  }

  it('adds up by hand: inserts, status changes, new quantities, a moved date and deletes', async () => {
    // 2031 has no data in the demo set; the names of the seeded plants are unique within Skive.
    const ids = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into oppumpet_maengde (kunde_id, vandanlaeg_id, startdato, slutdato, vandmaengde_oppumpet, status)
          values (${skive}, ${anlaeg.id}, '2031-01-01', '2031-01-31', 10.5, 1),
                 (${skive}, ${anlaeg.id}, '2031-02-01', '2031-02-28', 20.25, 1),
                 (${skive}, ${anlaeg.id}, '2031-03-01', '2031-03-31', 7, 0)
          returning id`,
    );
    const [jan, feb, mar] = ids.map((r) => Number(r.id)) as [number, number, number];
    // The report counts approved data by default: 10.5 + 20.25 = 30.75 in 2 quantities.
    expect(await aaret(2031)).toEqual([[30.75, 2]]);
    // With the status shown: the pending 7 as a group of its own.
    expect(await aaret(2031, true)).toEqual([
      ['Afventer validering', 7, 1],
      ['Godkendt', 30.75, 2],
    ]);

    // January discarded (never reported), March approved: 20.25 + 7 = 27.25 in 2.
    await koer(sql`update oppumpet_maengde set status = 2 where id = ${jan}`);
    await koer(sql`update oppumpet_maengde set status = 1 where id = ${mar}`);
    expect(await aaret(2031)).toEqual([[27.25, 2]]);
    // February's quantity corrected to 5: 5 + 7 = 12.
    await koer(sql`update oppumpet_maengde set vandmaengde_oppumpet = 5 where id = ${feb}`);
    expect(await aaret(2031)).toEqual([[12, 2]]);
    // An edit of another column changes nothing.
    await koer(sql`update oppumpet_maengde set bemaerkning = 'Rettet' where id = ${feb}`);
    expect(await aaret(2031)).toEqual([[12, 2]]);
    // February's period moved into 2032: 7 in 2031, 5 in 2032.
    await koer(
      sql`update oppumpet_maengde set startdato = '2032-02-01', slutdato = '2032-02-29' where id = ${feb}`,
    );
    expect(await aaret(2031)).toEqual([[7, 1]]);
    expect(await aaret(2032)).toEqual([[5, 1]]);
    // Deleted: the year has no group left (its summary row counts 0 and is not reported).
    await koer(sql`delete from oppumpet_maengde where id in (${jan}, ${feb}, ${mar})`);
    expect(await aaret(2031)).toEqual([]);
    expect(await aaret(2032)).toEqual([]);
  });

  it('uses the summary only for a grouped plan whose every column it has', () => {
    const plan = (kolonner: string, filter = '') =>
      planlaegRapport(def, { start: 0, take: 50, sortDirection: 'DESC', kolonner, filter });
    const gruppe = 'anlaegsnavn,aarstal,totalVandmaengdeOppumpet,antal';
    expect(kildeTil(kilde, plan(gruppe, 'aarstal:between(2025|2026)'))).toBe(kilde.opsummering);
    expect(kildeTil(kilde, plan('jupiterVandType,valideringsstatus,vandmaengdeOppumpet,antal'))).toBe(
      kilde.opsummering,
    );
    // The month, a date filter, a sum the summary does not keep, and ungrouped rows: the quantities.
    expect(kildeTil(kilde, plan('anlaegsnavn,maaned,antal'))).toBe(kilde);
    expect(kildeTil(kilde, plan(gruppe, 'startdato:between(01-01-2025|31-12-2025)'))).toBe(kilde);
    expect(kildeTil(kilde, plan('anlaegsnavn,ledningstab,antal'))).toBe(kilde);
    expect(kildeTil(kilde, plan('anlaegsnavn,aarstal,totalVandmaengdeOppumpet'))).toBe(kilde);
  });

  it.each([
    [
      'anlaegsnavn,aarstal,totalVandmaengdeOppumpet,antal',
      'aarstal:between(2019|2026)',
      'totalVandmaengdeOppumpet',
    ],
    ['anlaegsnavn,aarstal,totalVandmaengdeOppumpet,antal', '', 'anlaegsnavn'],
    ['aarstal,vandmaengdeOppumpet,antal', 'aarstal:between(2020|2024)', 'aarstal'],
    ['aarstal,antal', 'aarstal:equals(2023|2025)', 'antal'],
    [
      'anlaegsnr,jupiterVandType,valideringsstatus,totalVandmaengdeOppumpet,antal',
      'valideringsstatus:equals(Godkendt|Afventer validering)',
      'anlaegsnr',
    ],
  ])('answers %s (filter %s) as the quantities do', async (kolonner, filter, sortByColumn) => {
    const p = planlaegRapport(def, {
      start: 0,
      take: 100_000,
      sortDirection: 'ASC',
      kolonner,
      filter,
      sortByColumn,
    });
    expect(kildeTil(kilde, p)).toBe(kilde.opsummering);
    const laes = async (k: typeof kilde) =>
      (
        await queryRows<Record<string, unknown>>(
          t.database.db,
          rapportSql(k, p, skive, { start: 0, take: 100_000 }, []),
        )
      )
        .map((r) => rapportRaekke(p, r))
        .map((r) =>
          Object.entries(r).map(([n, v]) =>
            typeof v === 'number' && n !== 'aarstal' && n !== 'antal' ? Math.round(v * 1e6) / 1e6 : v,
          ),
        )
        .map((r) => JSON.stringify(r))
        .sort();
    const fraOpsummering = await laes(kilde);
    expect(fraOpsummering.length).toBeGreaterThan(0);
    expect(fraOpsummering).toEqual(await laes(direkte));
  });

  it('reads a year range of the summary by its bounds: 2031–2032 leaves 2030 out', async () => {
    await koer(
      sql`insert into oppumpet_maengde (kunde_id, vandanlaeg_id, startdato, slutdato, vandmaengde_oppumpet, status)
          values (${skive}, ${anlaeg.id}, '2030-06-01', '2030-06-30', 1, 1),
                 (${skive}, ${anlaeg.id}, '2031-06-01', '2031-06-30', 2, 1)`,
    );
    const s = await side({
      kolonner: 'aarstal,totalVandmaengdeOppumpet,antal',
      filter: `aarstal:between(2031|2032),anlaegsnavn:equals(${anlaeg.navn})`,
      take: '50',
    });
    expect(s.items).toEqual([{ aarstal: 2031, totalVandmaengdeOppumpet: 2, antal: 1 }]);
    const ingen = await side({
      kolonner: 'aarstal,antal',
      filter: `aarstal:equals(2029|2033),anlaegsnavn:equals(${anlaeg.navn})`,
      take: '50',
    });
    expect(ingen.totalCount).toBe(0);
    await koer(
      sql`delete from oppumpet_maengde where vandanlaeg_id = ${anlaeg.id} and startdato >= '2030-01-01'`,
    );
  });
});
