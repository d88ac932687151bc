import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/**
 * Money that outgrows int4 (issue 31): one SAT fee at its allowed maximum (100.000,00 kr. an hour ×
 * 1.000 hours = 10.000.000.000 øre) made the whole year's proposal run answer 500 until the fee was
 * deleted. The run now carries it (bigint), and a fee whose amount is not a whole number of øre is left
 * out and named, while the rest of the run proceeds.
 */
describe.each(dbTargets())('the proposal run with very large and broken amounts on %s', (target) => {
  let t: TestApp;
  let oekonomi: string;
  let skive: number;
  const rows = <T>(q: SQL) => queryRows<T>(t.database.db, q);

  beforeAll(async () => {
    t = await createTestApp(target);
    oekonomi = await t.tokenFor('oekonomi');
    skive = await t.kundeId(779);
  });
  afterAll(async () => t?.close());

  it('bills a fee of 10.000.000.000 øre, and names a broken fee instead of failing the run', async () => {
    const [v] = await rows<{ id: number }>(
      sql`select id from virksomhed where kunde_id = ${skive} and type = 4 and not slettet order by id limit 1`,
    );
    const [g] = await rows<{ id: number }>(
      sql`select id from sat_gebyr_type where kunde_id = ${skive} and art = 'timesats' order by id limit 1`,
    );
    const gebyr = (titel: string, beloeb: unknown) =>
      rows<{ id: number }>(
        sql`insert into registrering (kunde_id, virksomhed_id, art, titel, dato, data)
          values (${skive}, ${v!.id}, 'satgebyr', ${titel}, '2026-06-01',
            ${JSON.stringify({ gebyrtypeId: g!.id, timeantal: 1000, satsOere: 10_000_000, beloebOere: beloeb })}::jsonb)
          returning id`,
      );
    const [stor] = await gebyr('Affaldstilsyn, største gebyr', 10_000_000_000);
    const [broeken] = await gebyr('Affaldstilsyn, ødelagt beløb', 1.5);
    const r = await t.kald('POST', '/api/fakturering/forslag/dan', oekonomi, { aar: 2026 });
    expect(r.statusCode, r.body).toBe(200);
    const [linje] = await rows<{ beloeb_oere: string; sats_oere: string; timer_halve: number }>(
      sql`select beloeb_oere::text, sats_oere::text, timer_halve from faktura_linje where registrering_id = ${stor!.id} and aktiv`,
    );
    // An hourly fee: its hours (1 000 t) at its rate, the amount as registered (issue 30).
    expect(linje).toEqual({ beloeb_oere: '10000000000', sats_oere: '10000000', timer_halve: 2000 });
    const svar = JSON.parse(r.body) as { udeladte?: { registreringId: number; tekst: string }[] };
    expect(svar.udeladte).toEqual([
      expect.objectContaining({
        registreringId: broeken!.id,
        tekst: expect.stringContaining('ødelagt beløb'),
      }),
    ]);
    expect(await rows(sql`select 1 from faktura_linje where registrering_id = ${broeken!.id}`)).toEqual([]);
  });
});
