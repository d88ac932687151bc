import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { opvarmPaletSoegning } from '../../src/server/routes/soeg';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

describe.each(dbTargets())('palette search on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  const search = async (username: string, tekst: string) => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/soeg?tekst=${encodeURIComponent(tekst)}`,
      headers: { authorization: `Bearer ${await t.tokenFor(username)}` },
    });
    return { status: r.statusCode, body: JSON.parse(r.body) };
  };
  const first = async (type: number) => t.forsteVirksomhed(await t.kundeId(779), type);

  it('finds a company by exact CVR number first', async () => {
    const company = await first(1);
    const { body } = await search('admin', company.cvrNr!);
    expect(body.resultater[0]).toMatchObject({ id: company.id, type: 'virksomhed', match: 'nummer' });
  });
  it('finds a farm by CHR and a water plant by Jupiter id', async () => {
    const farm = await first(2);
    expect((await search('admin', farm.chrNr!)).body.resultater[0]).toMatchObject({
      id: farm.id,
      type: 'landbrug',
    });
    const plant = await first(3);
    const r = (await search('vand', plant.jupiterId!)).body.resultater[0];
    expect(r).toMatchObject({ id: plant.id, type: 'vandanlaeg', nummer: plant.jupiterId });
  });
  it('ranks name prefix matches before other text matches', async () => {
    const company = await first(1);
    const word = company.navn.split(' ')[0]!;
    const { body } = await search('virksomhed', word);
    const ranks = body.resultater.map((r: { match: string }) => r.match);
    expect(ranks[0]).toBe('navn');
    expect(
      [...ranks].sort((a: string, b: string) => (a === 'navn' ? 0 : 1) - (b === 'navn' ? 0 : 1)),
    ).toEqual(ranks);
    expect(body.resultater.length).toBeLessThanOrEqual(20);
  });
  it('finds by address text', async () => {
    const company = await first(1);
    const street = company.vejnavn!;
    const { body } = await search('virksomhed', street);
    expect(body.resultater.some((r: { adresse: string }) => r.adresse?.includes(street))).toBe(true);
  });
  it('ranks an address that starts with the text before names and addresses that only contain it', async () => {
    const kunde = await t.kundeId(779);
    const [a, b, c] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from virksomhed where kunde_id = ${kunde} and type = 1 and not slettet order by id limit 3`,
    );
    await t.database.db.execute(
      sql`update virksomhed set adresse = 'Zyxvej 1, 7800 Skive' where id = ${a!.id}`,
    );
    await t.database.db.execute(sql`update virksomhed set navn = 'Værksted ved Zyxvej' where id = ${b!.id}`);
    await t.database.db.execute(
      sql`update virksomhed set adresse = 'Gl. Zyxvej 3, 7800 Skive' where id = ${c!.id}`,
    );
    const { body } = await search('virksomhed', 'zyxvej');
    expect(body.resultater.map((r: { id: number }) => r.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(body.resultater[0]).toMatchObject({ adresse: 'Zyxvej 1, 7800 Skive', match: 'tekst' });
  });
  it('finds similar names for a misspelt name, but not for a number', async () => {
    const kunde = await t.kundeId(779);
    const [a, b] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from virksomhed where kunde_id = ${kunde} and type = 1 and not slettet order by id limit 2`,
    );
    await t.database.db.execute(sql`update virksomhed set navn = 'Qwertyvaerk' where id = ${a!.id}`);
    await t.database.db.execute(sql`update virksomhed set navn = '4690583 ApS' where id = ${b!.id}`);
    const ids = async (tekst: string) =>
      (await search('virksomhed', tekst)).body.resultater.map((r: { id: number }) => r.id);
    // One letter wrong: the similar name is found. One digit wrong: nothing (a number typed digit by
    // digit is matched exactly and contained, never 'similar').
    expect(await ids('Qwertyvark')).toContain(a!.id);
    expect(await ids('4690584')).not.toContain(b!.id);
    expect(await ids('4690583')).toContain(b!.id);
  });
  it("finds a water plant by a borehole's DGU number however its spaces were typed", async () => {
    const kundeId = await t.kundeId(779);
    const [boring] = await queryRows<{ vandanlaeg_id: number; dgu_nr: string }>(
      t.database.db,
      sql`select b.vandanlaeg_id, b.dgu_nr from boring b join virksomhed v on v.id = b.vandanlaeg_id
          where v.kunde_id = ${kundeId} and not v.slettet and b.dgu_nr like '%.%' order by b.id limit 1`,
    );
    const [blad, nr] = boring!.dgu_nr.replace(/\s+/g, '').split('.');
    for (const tekst of [`${blad}.${nr}`, `${blad}. ${nr}`, ` ${blad}.  ${nr}`]) {
      const ids = (await search('vand', tekst)).body.resultater.map((r: { id: number }) => r.id);
      expect(ids, tekst).toContain(Number(boring!.vandanlaeg_id));
    }
    // Not a DGU number (no digit after the point): no borehole is probed.
    expect((await search('vand', `${blad}.`)).body.resultater.map((r: { id: number }) => r.id)).not.toContain(
      Number(boring!.vandanlaeg_id),
    );
  });
  it("the start's warm-up runs a search of each kind on the largest customer", async () => {
    expect(await opvarmPaletSoegning(t.database.db)).toBe(6);
  });
  it('only returns types the user may read, of the active customer', async () => {
    const company = await first(1);
    expect((await search('vand', company.cvrNr!)).body.resultater).toEqual([]);
    expect((await search('laeser', company.cvrNr!)).body.resultater).toHaveLength(1);
    const foreign = await t.forsteVirksomhed(await t.kundeId(657), 1);
    expect((await search('virksomhed', foreign.cvrNr!)).body.resultater).toEqual([]);
  });
  it('treats LIKE wildcards as text and refuses empty input', async () => {
    expect((await search('admin', '%%%')).body.resultater).toEqual([]);
    expect((await search('admin', '  ')).status).toBe(400);
    const noToken = await t.app.inject({ method: 'GET', url: '/api/soeg?tekst=a' });
    expect(noToken.statusCode).toBe(401);
  });
});
