import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import { VALIDERING_STATUS } from '../../src/contract/validering';
import {
  BORING_HAR_MAENGDER,
  type Boring,
  LINJE_STATUS,
  MAALERSKIFT_FELT,
  type Maengde,
} from '../../src/contract/vand-data';
import { queryRows } from '../../src/server/db/client';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);
const ENGELSK = /\b(expected|invalid|required|received|must|string|number)\b/i;

describe.each(dbTargets())('water data API on %s', (target) => {
  let t: TestApp;
  let vand: string;
  let laeser: string;
  let plant: number; // a water plant of the vand user's customer, without quantities in 2031
  let andenPlant: number; // a water plant of another customer
  let andenBoring: number;
  let logAntal: () => Promise<number>;

  beforeAll(async () => {
    t = await createTestApp(target);
    [vand, laeser] = await Promise.all([t.tokenFor('vand'), t.tokenFor('laeser')]);
    const skive = await t.kundeId(779);
    const herning = await t.kundeId(657);
    plant = (await t.forsteVirksomhed(skive, VIRKSOMHEDSTYPE.VANDANLAEG)).id;
    andenPlant = (await t.forsteVirksomhed(herning, VIRKSOMHEDSTYPE.VANDANLAEG)).id;
    const [b] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM boring WHERE vandanlaeg_id = ${andenPlant} ORDER BY id LIMIT 1`,
    );
    andenBoring = Number(b!.id);
    logAntal = async () => {
      const [r] = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM logbog WHERE virksomhed_id = ${plant}`,
      );
      return Number(r!.n);
    };
  });
  afterAll(async () => t?.close());

  const nyBoring = async (dguNr: string, indtag = [{ indtagsnr: 1, filterTop: 20, filterBund: 30 }]) => {
    const r = await t.kald('POST', '/api/Boring', vand, { virksomhedId: plant, dguNr, navn: 'Test', indtag });
    expect(r.statusCode, r.body).toBe(201);
    return json(r) as Boring;
  };
  /** The body of a year's quantity on an intake, the meter read from `fra` to `til`. */
  const aarsMaengde = (indtagId: number, aar: number, fra: number, til: number) => ({
    virksomhedId: plant,
    indtagId,
    startdato: `${aar}-01-01`,
    slutdato: `${aar}-12-31`,
    maalerstandStart: fra,
    maalerstandSlut: til,
  });

  it('creates, lists, edits and deletes a borehole with its intakes, logged and versioned', async () => {
    const foer = await logAntal();
    const b = await nyBoring('999.1001', [
      { indtagsnr: 1, filterTop: 20, filterBund: 30 },
      { indtagsnr: 2, filterTop: 40, filterBund: 45 },
    ]);
    expect(b.indtag.map((i) => i.indtagsnr)).toEqual([1, 2]);
    expect(await logAntal()).toBe(foer + 1);

    const liste = json(await t.kald('GET', `/api/Boring/list/${plant}`, laeser)) as Boring[];
    expect(liste.find((x) => x.id === b.id)?.indtag).toHaveLength(2);
    const simpel = json(await t.kald('GET', `/api/Boring/listsimple/${plant}`, laeser));
    expect(simpel).toContainEqual({ id: b.id, dguNr: '999.1001', navn: 'Test' });

    // Edit: keep intake 1 (renumbered to 3), drop intake 2, add intake 4.
    const [i1] = b.indtag;
    const ret = await t.kald('PUT', `/api/Boring/${b.id}`, vand, {
      virksomhedId: plant,
      dguNr: '999.1001',
      navn: 'Rettet',
      version: b.version,
      indtag: [{ id: i1!.id, indtagsnr: 3, filterTop: 20, filterBund: 30 }, { indtagsnr: 4 }],
    });
    expect(ret.statusCode, ret.body).toBe(200);
    const rettet = json(ret) as Boring;
    expect(rettet.navn).toBe('Rettet');
    expect(rettet.indtag.map((i) => i.indtagsnr)).toEqual([3, 4]);
    expect(rettet.indtag[0]!.id).toBe(i1!.id);
    expect(rettet.version).not.toBe(b.version);

    // The old version is stale: 409, nothing changed.
    const stale = await t.kald('PUT', `/api/Boring/${b.id}`, vand, {
      virksomhedId: plant,
      dguNr: '999.1001',
      version: b.version,
      indtag: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).title ?? json(stale).message).toMatch(/ændret af en anden/);

    const staleSlet = await t.kald(
      'DELETE',
      `/api/Boring/${b.id}?virksomhedId=${plant}&version=${b.version}`,
      vand,
    );
    expect(staleSlet.statusCode).toBe(409);
    const slet = await t.kald(
      'DELETE',
      `/api/Boring/${b.id}?virksomhedId=${plant}&version=${rettet.version}`,
      vand,
    );
    expect(slet.statusCode, slet.body).toBe(204);
    const efter = json(await t.kald('GET', `/api/Boring/list/${plant}`, vand)) as Boring[];
    expect(efter.some((x) => x.id === b.id)).toBe(false);
  });

  it('answers bad borehole input with Danish 400s', async () => {
    const tom = await t.kald('POST', '/api/Boring', vand, { virksomhedId: plant, dguNr: '  ' });
    expect(tom.statusCode).toBe(400);
    expect(Object.keys(json(tom).errors)).toContain('dguNr');
    const dobbelt = await t.kald('POST', '/api/Boring', vand, {
      virksomhedId: plant,
      dguNr: '999.1002',
      indtag: [{ indtagsnr: 1 }, { indtagsnr: 1 }],
    });
    expect(dobbelt.statusCode).toBe(400);
    const filter = await t.kald('POST', '/api/Boring', vand, {
      virksomhedId: plant,
      dguNr: '999.1003',
      indtag: [{ indtagsnr: 1, filterTop: 50, filterBund: 10 }],
    });
    expect(filter.statusCode).toBe(400);
    await nyBoring('999.1004');
    const sammeDgu = await t.kald('POST', '/api/Boring', vand, { virksomhedId: plant, dguNr: ' 999. 1004' });
    expect(sammeDgu.statusCode).toBe(400);
    expect(json(sammeDgu).errors.dguNr[0]).toMatch(/allerede/);
    for (const r of [tom, dobbelt, filter, sammeDgu])
      for (const m of Object.values(json(r).errors as Record<string, string[]>).flat())
        expect(m).not.toMatch(ENGELSK);
  });

  it('refuses to delete a borehole whose intake holds quantities, and to remove that intake', async () => {
    const b = await nyBoring('999.2001');
    const indtagId = b.indtag[0]!.id;
    const m = await t.kald('POST', '/api/IndtagNiveau', vand, aarsMaengde(indtagId, 2031, 100, 1100));
    expect(m.statusCode, m.body).toBe(201);
    const frisk = (json(await t.kald('GET', `/api/Boring/list/${plant}`, vand)) as Boring[]).find(
      (x) => x.id === b.id,
    )!;
    expect(frisk.indtag[0]!.antalMaengder).toBe(1);
    const slet = await t.kald(
      'DELETE',
      `/api/Boring/${b.id}?virksomhedId=${plant}&version=${frisk.version}`,
      vand,
    );
    expect(slet.statusCode).toBe(400);
    expect(json(slet).errors.boring).toEqual([BORING_HAR_MAENGDER]);
    const fjern = await t.kald('PUT', `/api/Boring/${b.id}`, vand, {
      virksomhedId: plant,
      dguNr: '999.2001',
      version: frisk.version,
      indtag: [],
    });
    expect(fjern.statusCode).toBe(400);
    expect(json(fjern).errors.indtag[0]).toMatch(/kan ikke fjernes/);
    // Nothing lost.
    const igen = (json(await t.kald('GET', `/api/Boring/list/${plant}`, vand)) as Boring[]).find(
      (x) => x.id === b.id,
    );
    expect(igen?.indtag).toHaveLength(1);
    expect(json(await t.kald('GET', `/api/IndtagNiveau/list/IndtagNiveau/${indtagId}`, vand))).toHaveLength(
      1,
    );
  });

  it('keeps intake-level quantities: list, latest info, edit back to Afventer, delete', async () => {
    const b = await nyBoring('999.3001');
    const indtagId = b.indtag[0]!.id;
    const opret = await t.kald('POST', '/api/IndtagNiveau', vand, {
      ...aarsMaengde(indtagId, 2030, 0, 500),
      omregningsfaktor: 2,
    });
    expect(opret.statusCode, opret.body).toBe(201);
    const m = json(opret) as Maengde;
    expect(m.vandmaengdeOppumpet).toBe(1000);
    expect(m.indtagId).toBe(indtagId);
    const info = json(
      await t.kald('GET', `/api/IndtagNiveau/SenesteOppumpedeMaengdeInfo?indtagId=${indtagId}`, vand),
    );
    expect(info).toMatchObject({
      maalerstandSlut: 500,
      naesteStartdato: '2031-01-01',
      naesteSlutdato: '2031-12-31',
    });
    // Approve it directly, then edit: it waits again.
    await queryRows(t.database.db, sql`UPDATE oppumpet_maengde SET status = 1 WHERE id = ${m.id}`);
    const [v] = await queryRows<{ version: number }>(
      t.database.db,
      sql`SELECT version FROM oppumpet_maengde WHERE id = ${m.id}`,
    );
    const ret = await t.kald('PUT', `/api/IndtagNiveau/${m.id}`, vand, {
      ...aarsMaengde(indtagId, 2030, 0, 600),
      omregningsfaktor: 2,
      version: Number(v!.version),
    });
    expect(ret.statusCode, ret.body).toBe(200);
    expect(json(ret)).toMatchObject({
      vandmaengdeOppumpet: 1200,
      status: VALIDERING_STATUS.AFVENTER,
      besluttetAf: null,
    });
    // A plant-level call does not reach an intake-level entry.
    expect(
      (await t.kald('DELETE', `/api/OppumpedeVandmaengder/${m.id}?version=${json(ret).version}`, vand))
        .statusCode,
    ).toBe(404);
    const slet = await t.kald('DELETE', `/api/IndtagNiveau/${m.id}?version=${json(ret).version}`, vand);
    expect(slet.statusCode).toBe(204);
    expect(json(await t.kald('GET', `/api/IndtagNiveau/list/IndtagNiveau/${indtagId}`, vand))).toEqual([]);
  });

  describe('plant-level quantities', () => {
    const basis = (extra: Record<string, unknown> = {}) => ({
      virksomhedId: plant,
      startdato: '2032-01-01',
      slutdato: '2032-03-31',
      maalerstandStart: 1000.5,
      maalerstandSlut: 2234.56,
      omregningsfaktor: 1,
      vandvaerketsEgetForbrug: 10,
      filterskylning: 4.5,
      forsyning: [
        { status: LINJE_STATUS.CREATED, jupiterForsyningsartId: 1, maengde: 1000, modtagerAntal: 300 },
        { status: LINJE_STATUS.CREATED, jupiterForsyningsartId: 2, maengde: 150.25 },
      ],
      ...extra,
    });
    /** A new period as the vand user, from basis() with `extra`. */
    const opret = (extra: Record<string, unknown> = {}) =>
      t.kald('POST', '/api/OppumpedeVandmaengder', vand, basis(extra));
    let m: Maengde;

    it('creates with supply lines, stores the numbers exactly and computes the fields', async () => {
      const foer = await logAntal();
      const r = await opret();
      expect(r.statusCode, r.body).toBe(201);
      m = json(r);
      expect(m.maalerstandStart).toBe(1000.5);
      expect(m.vandmaengdeOppumpet).toBe(1234.06);
      expect(m.samletLeveretVandmaengde).toBe(1150.25);
      expect(m.ledningstab).toBe(69.31);
      expect(m.status).toBe(VALIDERING_STATUS.AFVENTER);
      expect(m.forsyning.map((l) => [l.id, l.forsyningsart])).toEqual([
        [1, 'Husholdninger'],
        [2, 'Erhverv og industri'],
      ]);
      expect(await logAntal()).toBe(foer + 1);
      const lt = json(await t.kald('GET', `/api/OppumpedeVandmaengder/ledningstab/${m.id}`, laeser));
      expect(lt).toMatchObject({
        vandmaengdeOppumpet: 1234.06,
        samletLeveretVandmaengde: 1150.25,
        ledningstab: 69.31,
      });
      const liste = json(
        await t.kald('GET', `/api/OppumpedeVandmaengder/list/${plant}`, laeser),
      ) as Maengde[];
      expect(liste[0]!.id).toBe(m.id);
      expect(liste.every((x) => x.indtagId === null)).toBe(true);
    });

    it('applies only the changed supply lines', async () => {
      const r = await t.kald('PUT', `/api/OppumpedeVandmaengder/${m.id}`, vand, {
        ...basis(),
        version: m.version,
        forsyning: [
          { id: 2, status: LINJE_STATUS.UPDATED, jupiterForsyningsartId: 2, maengde: 200 },
          { status: LINJE_STATUS.CREATED, jupiterForsyningsartId: 3, maengde: 5 },
        ],
      });
      expect(r.statusCode, r.body).toBe(200);
      m = json(r);
      // Line 1 was not sent and is kept as it was.
      expect(m.forsyning.map((l) => [l.id, l.maengde, l.modtagerAntal])).toEqual([
        [1, 1000, 300],
        [2, 200, null],
        [3, 5, null],
      ]);
      const slet = await t.kald('PUT', `/api/OppumpedeVandmaengder/${m.id}`, vand, {
        ...basis(),
        version: m.version,
        forsyning: [{ id: 1, status: LINJE_STATUS.DELETED, jupiterForsyningsartId: 1, maengde: 1000 }],
      });
      expect(slet.statusCode, slet.body).toBe(200);
      m = json(slet);
      expect(m.forsyning.map((l) => l.id)).toEqual([2, 3]);
      expect(
        json(await t.kald('GET', `/api/forsyning/list/${m.id}`, laeser)).map((l: { id: number }) => l.id),
      ).toEqual([2, 3]);
      const ukendt = await t.kald('PUT', `/api/OppumpedeVandmaengder/${m.id}`, vand, {
        ...basis(),
        version: m.version,
        forsyning: [{ id: 77, status: LINJE_STATUS.UPDATED, jupiterForsyningsartId: 1, maengde: 1 }],
      });
      expect(ukendt.statusCode).toBe(400);
      expect(json(ukendt).errors['forsyning.0.id']).toBeDefined();
    });

    it('answers 409 on a stale version and 400 on bad input, in Danish', async () => {
      const stale = await t.kald('PUT', `/api/OppumpedeVandmaengder/${m.id}`, vand, {
        ...basis(),
        version: m.version - 1 || 1,
      });
      expect(stale.statusCode).toBe(409);
      const omvendt = await opret({ startdato: '2033-05-01', slutdato: '2033-04-01' });
      expect(omvendt.statusCode).toBe(400);
      expect(json(omvendt).errors.slutdato).toBeDefined();
      const overlap = await opret({
        startdato: '2032-03-01',
        slutdato: '2032-06-30',
        maalerstandStart: 5000,
        maalerstandSlut: 6000,
      });
      expect(overlap.statusCode).toBe(400);
      expect(json(overlap).errors.startdato[0]).toMatch(/overlapper/);
      const tekst = await opret({ maalerstandStart: '1.234,5' });
      expect(tekst.statusCode).toBe(400);
      const dato = await opret({ startdato: '31-12-2032' });
      expect(dato.statusCode).toBe(400);
      const ingen = await opret({
        startdato: '2040-01-01',
        slutdato: '2040-12-31',
        maalerstandStart: null,
        maalerstandSlut: null,
      });
      expect(ingen.statusCode).toBe(400);
      expect(json(ingen).errors.vandmaengdeOppumpet).toBeDefined();
      for (const r of [omvendt, overlap, tekst, dato, ingen])
        for (const msg of Object.values(json(r).errors as Record<string, string[]>).flat())
          expect(msg).not.toMatch(ENGELSK);
    });

    it('asks whether the meter was replaced when the start reading is below the previous end', async () => {
      const naeste = {
        startdato: '2032-04-01',
        slutdato: '2032-06-30',
        maalerstandStart: 10,
        maalerstandSlut: 900,
      };
      const info = json(
        await t.kald(
          'GET',
          `/api/OppumpedeVandmaengder/SenesteOppumpedeMaengdeInfo?virksomhedId=${plant}`,
          vand,
        ),
      );
      expect(info).toMatchObject({
        id: m.id,
        maalerstandSlut: 2234.56,
        naesteStartdato: '2032-04-01',
        naesteSlutdato: '2032-06-30',
      });
      expect(info.forsyningsarter).toEqual([2, 3]);
      const spoerg = await opret(naeste);
      expect(spoerg.statusCode).toBe(400);
      expect(json(spoerg).errors[MAALERSKIFT_FELT][0]).toMatch(/Er måleren skiftet/);
      const ok = await opret({ ...naeste, maalerskift: true });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(json(ok)).toMatchObject({ maalerskift: true, vandmaengdeOppumpet: 890 });
      const sum = json(
        await t.kald('POST', '/api/vandanlaeg/sumForsyningsarter', laeser, {
          virksomhedId: plant,
          fra: '2032-01-01',
          til: '2032-12-31',
        }),
      );
      expect(sum).toEqual([
        { jupiterForsyningsartId: 1, forsyningsart: 'Husholdninger', maengde: 1000, antalPerioder: 1 },
        {
          jupiterForsyningsartId: 2,
          forsyningsart: 'Erhverv og industri',
          maengde: 350.25,
          antalPerioder: 2,
        },
        {
          jupiterForsyningsartId: 3,
          forsyningsart: 'Offentlige institutioner',
          maengde: 5,
          antalPerioder: 1,
        },
      ]);
      const aar = json(await t.kald('GET', `/api/OppumpedeVandmaengder/aarsoversigt/${plant}`, laeser));
      expect(aar.aar.find((a: { aar: number }) => a.aar === 2032)).toMatchObject({
        oppumpet: 1234.06 + 890,
        godkendt: 0,
      });
      const slet = await t.kald(
        'DELETE',
        `/api/OppumpedeVandmaengder/${json(ok).id}?version=${json(ok).version}`,
        vand,
      );
      expect(slet.statusCode).toBe(204);
    });

    it('computes the fields for the form', async () => {
      const r = await t.kald('POST', '/api/OppumpedeVandmaengder/OppumpedeMaengderBeregnedeFelter', laeser, {
        maalerstandStart: 100,
        maalerstandSlut: 300,
        omregningsfaktor: 1.5,
        vandvaerketsEgetForbrug: 20,
        filterskylning: 10,
        forsyning: [{ maengde: 200 }, { maengde: 50, status: LINJE_STATUS.DELETED }],
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(json(r)).toEqual({
        vandmaengdeOppumpet: 300,
        samletLeveretVandmaengde: 200,
        importeret: 0,
        eksporteret: 0,
        ledningstab: 70,
        // 70 ÷ (300 − 20 − 10 = 270 put into the network) = 25,93 %
        ledningstabProcent: 25.93,
      });
    });
  });

  it('keeps water-level readings of an intake', async () => {
    const b = await nyBoring('999.4001');
    await queryRows(t.database.db, sql`UPDATE boring SET terraenkote = 40 WHERE id = ${b.id}`);
    const indtagId = b.indtag[0]!.id;
    const r = await t.kald('POST', '/api/Pejling', vand, {
      indtagId,
      pejletidspunkt: '2031-05-04',
      vandstandUnderTerraen: 12.25,
      situation: 1,
    });
    expect(r.statusCode, r.body).toBe(201);
    const p = json(r);
    expect(p).toMatchObject({ grundvandskote: 27.75, situation: 1, status: 0 });
    expect(p.pejletidspunkt.slice(0, 10)).toBe('2031-05-04');
    const liste = json(await t.kald('GET', `/api/Pejling/list?AnonymId=${indtagId}`, laeser));
    expect(liste.items.map((x: { id: number }) => x.id)).toEqual([p.id]);
    const ret = await t.kald('PUT', `/api/Pejling/${p.id}`, vand, {
      indtagId,
      pejletidspunkt: '2031-05-04T08:00:00Z',
      vandstandUnderTerraen: 13,
      situation: 0,
      version: p.version,
    });
    expect(ret.statusCode, ret.body).toBe(200);
    expect(json(ret)).toMatchObject({ vandstandUnderTerraen: 13, situation: 0 });
    expect(
      (
        await t.kald('PUT', `/api/Pejling/${p.id}`, vand, {
          indtagId,
          pejletidspunkt: '2031-05-04',
          vandstandUnderTerraen: 1,
          version: p.version,
        })
      ).statusCode,
    ).toBe(409);
    const bad = await t.kald('POST', '/api/Pejling', vand, {
      indtagId,
      pejletidspunkt: 'i går',
      vandstandUnderTerraen: 1,
      situation: 7,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).errors).sort()).toEqual(['pejletidspunkt', 'situation']);
    // Times are parsed strictly (issue 31): no day moved to the next month, no year read as 2001, the
    // years 1755–9999 hold for times too; a well-formed time is taken.
    for (const tid of [
      '2026-02-30',
      '2026-02-30T10:00',
      '0001-01-01',
      '0000-01-01T10:00:00Z',
      '2026-05-04T24:00',
      '10000-01-01',
    ]) {
      const r = await t.kald('POST', '/api/Pejling', vand, {
        indtagId,
        pejletidspunkt: tid,
        vandstandUnderTerraen: 1,
      });
      expect(r.statusCode, tid).toBe(400);
      expect(Object.keys(json(r).errors), tid).toEqual(['pejletidspunkt']);
    }
    // A reading keeps its intake: the borehole cannot be deleted.
    const fr = (json(await t.kald('GET', `/api/Boring/list/${plant}`, vand)) as Boring[]).find(
      (x) => x.id === b.id,
    )!;
    expect(
      (await t.kald('DELETE', `/api/Boring/${b.id}?virksomhedId=${plant}&version=${fr.version}`, vand))
        .statusCode,
    ).toBe(400);
    const slet = await t.kald('DELETE', `/api/Pejling/${p.id}?version=${json(ret).version}`, vand);
    expect(slet.statusCode).toBe(204);
  });

  it('lists the water samples of a plant with limits exceeded marked', async () => {
    const [s] = await queryRows<{ vandanlaeg_id: number }>(
      t.database.db,
      sql`SELECT vandanlaeg_id FROM vandproeve WHERE kunde_id = (SELECT kunde_id FROM virksomhed WHERE id = ${plant}) LIMIT 1`,
    );
    const r = await t.kald('GET', `/api/Vandproeve/anlaeg/${s!.vandanlaeg_id}`, laeser);
    expect(r.statusCode, r.body).toBe(200);
    const liste = json(r);
    expect(liste.length).toBeGreaterThan(0);
    for (const p of liste)
      expect(p.antalOverskridelser).toBe(
        p.analyser.filter((a: { overskredet: boolean }) => a.overskredet).length,
      );
  });

  it("answers 404 for another customer's ids and 403 to a reader's writes", async () => {
    for (const url of [
      `/api/Boring/list/${andenPlant}`,
      `/api/Boring/listsimple/${andenPlant}`,
      `/api/OppumpedeVandmaengder/list/${andenPlant}`,
      `/api/OppumpedeVandmaengder/SenesteOppumpedeMaengdeInfo?virksomhedId=${andenPlant}`,
      `/api/Vandproeve/anlaeg/${andenPlant}`,
      `/api/OppumpedeVandmaengder/aarsoversigt/${andenPlant}`,
    ])
      expect((await t.kald('GET', url, vand)).statusCode, url).toBe(404);
    // A company's id (not a water plant) is not found either, even without the company read right.
    const firma = await t.forsteVirksomhed(await t.kundeId(779), VIRKSOMHEDSTYPE.VIRKSOMHED);
    expect((await t.kald('GET', `/api/Boring/list/${firma.id}`, vand)).statusCode).toBe(404);
    const [am] = await queryRows<{ id: number; version: number }>(
      t.database.db,
      sql`SELECT id, version FROM oppumpet_maengde WHERE vandanlaeg_id = ${andenPlant} AND indtag_id IS NULL LIMIT 1`,
    );
    expect((await t.kald('GET', `/api/forsyning/list/${am!.id}`, vand)).statusCode).toBe(404);
    expect(
      (await t.kald('DELETE', `/api/OppumpedeVandmaengder/${am!.id}?version=${am!.version}`, vand))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.kald('DELETE', `/api/Boring/${andenBoring}?virksomhedId=${andenPlant}&version=1`, vand))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.kald('POST', '/api/Boring', vand, { virksomhedId: andenPlant, dguNr: '1.1' })).statusCode,
    ).toBe(404);
    const [ait] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM indtag WHERE boring_id = ${andenBoring} ORDER BY id LIMIT 1`,
    );
    const fremmed = {
      virksomhedId: plant,
      indtagId: Number(ait!.id),
      startdato: '2050-01-01',
      slutdato: '2050-12-31',
      vandmaengdeOppumpet: 1,
    };
    expect((await t.kald('POST', '/api/IndtagNiveau', vand, fremmed)).statusCode).toBe(404);
    expect((await t.kald('GET', `/api/IndtagNiveau/list/IndtagNiveau/${ait!.id}`, vand)).statusCode).toBe(
      404,
    );
    const pejl = { indtagId: ait!.id, pejletidspunkt: '2050-01-01', vandstandUnderTerraen: 1 };
    expect((await t.kald('POST', '/api/Pejling', vand, pejl)).statusCode).toBe(404);

    const skrivninger: [string, string, unknown][] = [
      ['POST', '/api/Boring', { virksomhedId: plant, dguNr: '999.9' }],
      ['PUT', '/api/Boring/1', { virksomhedId: plant, dguNr: '999.9', version: 1 }],
      ['DELETE', `/api/Boring/1?virksomhedId=${plant}&version=1`, undefined],
      [
        'POST',
        '/api/OppumpedeVandmaengder',
        { virksomhedId: plant, startdato: '2050-01-01', slutdato: '2050-12-31', vandmaengdeOppumpet: 1 },
      ],
      [
        'PUT',
        '/api/OppumpedeVandmaengder/1',
        { virksomhedId: plant, startdato: '2050-01-01', slutdato: '2050-12-31', version: 1 },
      ],
      ['DELETE', '/api/OppumpedeVandmaengder/1?version=1', undefined],
      [
        'POST',
        '/api/IndtagNiveau',
        { virksomhedId: plant, indtagId: 1, startdato: '2050-01-01', slutdato: '2050-12-31' },
      ],
      ['DELETE', '/api/IndtagNiveau/1?version=1', undefined],
      ['POST', '/api/Pejling', { indtagId: 1, pejletidspunkt: '2050-01-01', vandstandUnderTerraen: 1 }],
      ['DELETE', '/api/Pejling/1?version=1', undefined],
    ];
    for (const [method, url, body] of skrivninger)
      expect((await t.kald(method as 'POST', url, laeser, body)).statusCode, `${method} ${url}`).toBe(403);
  });
});
