import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAT_RAEKKETYPE } from '../../src/contract/entitet';
import type { Batch, Faktura, FakturaRaekke, FakturaSide } from '../../src/contract/fakturering';
import { createOekonomiSimulator } from '../../src/server/integrations/oekonomi';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/**
 * Invoicing statuses follow what happened, and SAT hourly fees bill their hours (issue 30): a SAT
 * company's hourly fee shows hours × rate and counts in the hours; a transferred batch leaves the
 * batches awaiting transfer with status 'overfoert'; a retry that goes through clears the old error
 * (on the invoice and in the lists) and the batch's status; a credited batch answers its credited
 * amount. Settlement year 2031, which no seeded record falls in.
 */

const json = <T = unknown>(r: { body: string }) => JSON.parse(r.body) as T;
const AAR = 2031;
const SATS_OERE = 49_500;

describe.each(dbTargets())('fakturering: statuses and SAT hours on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const oekonomi = createOekonomiSimulator();
  let sat: number;
  let fakturaId: number;
  let batch: Batch;

  const req = (method: 'GET' | 'PUT' | 'POST', url: string, user: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, tok[user], body);
  const batches = async (filter: string) =>
    json<{ items: Batch[] }>(
      await req('GET', `fakturering/batches?take=500&filteredColumns=aar:${AAR}${filter}`, 'oekonomi'),
    ).items;
  const fakturaer = async (status: string) =>
    json<FakturaSide>(
      await req(
        'GET',
        `fakturering/fakturaer?take=500&filteredColumns=aar:${AAR}&filteredColumns=status:${status}`,
        'oekonomi',
      ),
    );

  beforeAll(async () => {
    t = await createTestApp(target, { OEKONOMI_TIMEOUT_MS: '300' }, undefined, {
      integrations: { oekonomi },
    });
    for (const u of ['oekonomi', 'affald']) tok[u] = await t.tokenFor(u);
    const skive = await t.kundeId(779);
    sat = (await t.forsteVirksomhed(skive, SAT_RAEKKETYPE)).id;
    // A SAT company pays by its CVR number: one the economy system takes.
    await t.database.db.execute(sql`update virksomhed set cvr_nr = '12345678' where id = ${sat}`);
    const type = async (navn: string, art: 'timesats' | 'fast', satsOere: number) => {
      const r = await req('POST', 'fakturering/gebyrtyper', 'oekonomi', {
        navn,
        art,
        satsOere,
        gyldigFra: '2030-11-01',
        gyldigTil: null,
        aktiv: true,
      });
      expect(r.statusCode, r.body).toBe(201);
      return json<{ id: number }>(r).id;
    };
    const timesats = await type('Timesats 2031 (test)', 'timesats', SATS_OERE);
    const fast = await type('Fast gebyr 2031 (test)', 'fast', 150_000);
    for (const [dato, gebyrtypeId, timeantal] of [
      ['2031-03-02', timesats, 2.5],
      ['2031-04-07', fast, null],
    ] as const) {
      const r = await req('POST', `satgebyr/satvirksomhed/${sat}`, 'affald', {
        titel: 'Affaldstilsyn',
        dato,
        gebyrtypeId,
        timeantal,
      });
      expect(r.statusCode, r.body).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  it('an hourly SAT fee shows its hours and hours × rate, and counts in the hours total', async () => {
    const dan = await req('POST', 'fakturering/forslag/dan', 'oekonomi', { aar: AAR });
    expect(dan.statusCode, dan.body).toBe(200);
    const side = await fakturaer('forslag');
    const f = side.items.find((x) => x.virksomhedId === sat)!;
    expect(f).toMatchObject({ antalLinjer: 2, timerHalve: 5, totalOere: 2.5 * SATS_OERE + 150_000 });
    expect(side.sumTimerHalve).toBe(5);
    const hel = json<Faktura>(await req('GET', `fakturering/fakturaer/${f.id}`, 'oekonomi'));
    expect(hel.linjer.map((l) => [l.kilde, l.timerHalve, l.satsOere, l.beloebOere, l.forklaring])).toEqual([
      ['sat', 5, SATS_OERE, 123_750, 'SAT-gebyr 2,5 t à 495,00 kr.'],
      ['sat', null, 150_000, 150_000, 'SAT-gebyr 1.500,00 kr.'],
    ]);
    fakturaId = f.id;
  });

  it('a transferred batch is no longer awaiting transfer; a retry that goes through clears the error', async () => {
    const g = await req('POST', 'fakturering/forslag/godkend', 'oekonomi', { alle: true, aar: AAR });
    expect(g.statusCode, g.body).toBe(201);
    batch = json<Batch>(g);
    expect((await batches('&filteredColumns=status:godkendt')).map((b) => b.id)).toEqual([batch.id]);

    // The economy system refuses: the batch leaves 'awaiting transfer', the invoice carries the reason.
    oekonomi.saetTilstand('fejl', 'Debitor afvist: prøv igen senere');
    const o = await req('POST', `fakturering/batches/${batch.id}/overfoer`, 'oekonomi', {
      version: batch.version,
    });
    expect(o.statusCode, o.body).toBe(200);
    // Nothing was taken: the batch reads 'fejlet' (never 'delvist', nor still 'godkendt').
    expect(json(o)).toMatchObject({ overfoert: 0, fejlet: 1, batch: { status: 'fejlet' } });
    expect(await batches('&filteredColumns=status:godkendt')).toEqual([]);
    expect((await batches('&filteredColumns=status:fejlet')).map((b) => b.id)).toEqual([batch.id]);
    const fejlet = (await fakturaer('fejlet')).items.find((x) => x.id === fakturaId)!;
    expect(fejlet.fejl).toBe('Debitor afvist: prøv igen senere');

    // Retried and taken: no error on the invoice, in the lists or in the batch's invoices.
    oekonomi.saetTilstand('ok');
    const r = await req('POST', `fakturering/fakturaer/${fakturaId}/genoverfoer`, 'oekonomi', {
      version: fejlet.version,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(json<FakturaRaekke>(r)).toMatchObject({ status: 'overfoert', fejl: null, forsoeg: 2 });
    expect((await fakturaer('fejlet')).items).toEqual([]);
    const iBatch = json<FakturaSide>(
      await req('GET', `fakturering/fakturaer?take=500&filteredColumns=batch:${batch.id}`, 'oekonomi'),
    );
    expect(iBatch.items.map((x) => [x.status, x.fejl])).toEqual([['overfoert', null]]);
    const [nu] = await batches(`&filteredColumns=status:overfoert`);
    expect(nu).toMatchObject({ id: batch.id, status: 'overfoert', krediteretOere: null });
    expect(nu!.overfoert).not.toBeNull();
  });

  it('a credited batch answers its credited amount (and its credit batch none)', async () => {
    const k = await req(
      'GET',
      `Brugerbetaling/KrediterBatch?batchId=${batch.id}&aarsag=Forkert%20timeantal`,
      'oekonomi',
    );
    expect(k.statusCode, k.body).toBe(200);
    const kb = json<Batch>(k);
    const alle = await batches('');
    const orig = alle.find((b) => b.id === batch.id)!;
    expect(orig).toMatchObject({
      status: 'krediteret',
      totalOere: 273_750,
      krediteretOere: -273_750,
      krediteretAfBatchId: kb.id,
    });
    expect(alle.find((b) => b.id === kb.id)).toMatchObject({
      art: 'kredit',
      status: 'godkendt',
      totalOere: -273_750,
      krediteretOere: null,
    });
    // The credit note keeps the hours, negated.
    const kn = json<Faktura>(
      await req(
        'GET',
        `fakturering/fakturaer/${(await fakturaer('krediteret')).items[0]!.krediteretAfFakturaId}`,
        'oekonomi',
      ),
    );
    expect(kn.timerHalve).toBe(-5);
  });
});
