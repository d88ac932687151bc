import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INGEN_TILLADELSE, type JupiterKlar } from '../../src/contract/jupiter';
import { DGU_UGYLDIG, dguNrGyldigt } from '../../src/contract/jupiter-regler';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import { UDEN_FOR_DANMARK, type Vandanlaeg } from '../../src/contract/vandanlaeg';
import { queryRows } from '../../src/server/db/client';
import { iDanmark } from '../../src/server/geo/danmark';
import { optagendeJupiter } from '../helpers/optagende-jupiter';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/**
 * Jupiter by the law (issue 29), each rule on a case worked out by hand, through the real app on
 * both databases: DGU numbers at save and in Jupiter-klar, Denmark as a shape at save and in
 * Jupiter-klar, CTRLPROGRAM by company type, and the owner and permits of vandforsyningsloven § 24 d
 * in Jupiter-klar and in what the report sends.
 */

const json = <T = Record<string, unknown>>(r: { body: string }): T => JSON.parse(r.body) as T;

// EPSG:25832 (sources in tests/unit/jupiter-regler.test.ts 'iDanmark').
const UDE = { Malmö: [752_400, 6_171_000], Flensburg: [528_740, 6_072_600], Göteborg: [677_000, 6_400_000] };
const INDE = {
  Christiansø: [892_397, 6_147_854],
  'Skagen Grenen': [598_033, 6_401_574],
  'Gedser Odde': [691_825, 6_049_723],
  Blåvandshuk: [442_161, 6_157_214],
};

describe.each(dbTargets())('Jupiter by the law (%s)', (target) => {
  let t: TestApp;
  let vand: string;
  let jupiter: ReturnType<typeof optagendeJupiter>;
  /** Three drinking-water plants of Skive with boreholes and a permit in force: one per part. */
  let p: number[];

  const rows = <T>(q: SQL) => queryRows<T>(t.database.db, q);
  const detail = async (id: number) => json<Vandanlaeg>(await t.kald('GET', `/api/Vandanlaeg/${id}`, vand));
  /** PUT vandanlaeg/{id}/basis: every editable field as it stands, the version, and `changes`. */
  const gemBasis = async (id: number, changes: Record<string, unknown>) => {
    const d = await detail(id);
    const { virksomhedstype, slettet, jupiterIndberetningStatus, ...basis } = d.basis as unknown as Record<
      string,
      unknown
    >;
    void [virksomhedstype, slettet, jupiterIndberetningStatus];
    return t.kald('PUT', `/api/vandanlaeg/${id}/basis`, vand, { ...basis, version: d.version, ...changes });
  };
  const klar = async (id: number) =>
    json<JupiterKlar>(await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/klar`, vand));
  const ejer = {
    ejerNavn: 'Jens Hansen',
    ejerCvrCprNr: '010170-1234',
    ejerAdresse: 'Skivevej 1, 7800 Skive',
  };

  beforeAll(async () => {
    jupiter = optagendeJupiter();
    t = await createTestApp(target, {}, undefined, { integrations: { jupiter } });
    vand = await t.tokenFor('vand');
    const skive = await t.kundeId(779);
    const r = await rows<{ id: number }>(
      sql`SELECT v.id FROM virksomhed v
          WHERE v.kunde_id = ${skive} AND v.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} AND NOT v.slettet
            AND (v.basis->>'jupiterIndvindingsformaalId')::int = 1
            AND EXISTS (SELECT 1 FROM boring b WHERE b.vandanlaeg_id = v.id)
            AND EXISTS (SELECT 1 FROM registrering r
              WHERE r.virksomhed_id = v.id AND r.art = 'VandanlaegTilladelse' AND NOT r.slettet
                AND r.dato <= current_date
                AND (r.data->>'slutdato' IS NULL OR (r.data->>'slutdato')::date >= current_date))
          ORDER BY v.id LIMIT 3`,
    );
    p = r.map((x) => Number(x.id));
    expect(p).toHaveLength(3);
    // Each an almen vandværk with programme 1 and a complete owner (a demo owner without a CVR
    // number has none).
    for (const id of p) {
      const r = await gemBasis(id, {
        ...ejer,
        primaerVirksomhedstype: 'V01',
        jupiterAnlaegsartId: 1,
        jupiterCTRLPROGRAMId: 1,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
  });

  it("keeps the demo data valid: every borehole's DGU number, every coordinate in Denmark's shape", async () => {
    const dgu = await rows<{ dgu_nr: string }>(sql`SELECT dgu_nr FROM boring`);
    expect(dgu.length).toBeGreaterThan(0);
    expect(dgu.filter((b) => !dguNrGyldigt(b.dgu_nr))).toEqual([]);
    const punkter = await rows<{ id: number; x: number; y: number }>(
      sql`SELECT id, x, y FROM virksomhed WHERE type = ${VIRKSOMHEDSTYPE.VANDANLAEG} AND x IS NOT NULL
          UNION ALL
          SELECT id, (data->>'x')::float8, (data->>'y')::float8 FROM registrering
          WHERE art = 'Fastmaalestation' AND jsonb_typeof(data->'x') = 'number'`,
    );
    expect(punkter.length).toBeGreaterThan(0);
    expect(punkter.filter((r) => !iDanmark(Number(r.x), Number(r.y)))).toEqual([]);
  });

  it('refuses a DGU number like 55-1234 at save with a Danish 400, and Jupiter-klar reports an old one', async () => {
    const id = p[0]!;
    const foer = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM boring WHERE vandanlaeg_id = ${id}`,
    );
    const bad = await t.kald('POST', '/api/Boring', vand, { virksomhedId: id, dguNr: '55-1234' });
    expect(bad.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(bad).errors.dguNr).toEqual([DGU_UGYLDIG]);
    const efter = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM boring WHERE vandanlaeg_id = ${id}`,
    );
    expect(efter[0]!.n).toBe(foer[0]!.n);

    // As Jupiter pads it: atlas sheet 55, serial 1234, spaces allowed.
    const ok = await t.kald('POST', '/api/Boring', vand, { virksomhedId: id, dguNr: ' 55. 1234' });
    expect(ok.statusCode, ok.body).toBe(201);
    const b = json<{ id: number; version: number }>(ok);
    // Six digits in the serial number: refused on change too.
    const ret = await t.kald('PUT', `/api/Boring/${b.id}`, vand, {
      virksomhedId: id,
      dguNr: '55.123456',
      version: b.version,
    });
    expect(ret.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(ret).errors.dguNr).toEqual([DGU_UGYLDIG]);

    expect((await klar(id)).klar).toBe(true);
    // A number stored before the check (kept as it is): Jupiter-klar names it, and nothing is sent.
    await t.database.db.execute(sql`UPDATE boring SET dgu_nr = '55-1234' WHERE id = ${b.id}`);
    const k = await klar(id);
    expect(k.mangler.map((m) => [m.felt, m.art])).toEqual([['boringer', 'ugyldig']]);
    expect(k.mangler[0]!.besked).toBe(`Boringen med DGU-nr. '55-1234': ${DGU_UGYLDIG}`);
    const sendt = jupiter.sendt.length;
    const r = await t.kald('POST', `/api/vandanlaeg/${id}/jupiter/indberet`, vand, {});
    expect(r.statusCode).toBe(400);
    expect(Object.keys(json<{ errors: object }>(r).errors)).toEqual(['boringer']);
    expect(jupiter.sendt.length).toBe(sendt);
  });

  it('checks coordinates against the shape of Denmark at save and in Jupiter-klar', async () => {
    const id = p[1]!;
    for (const [sted, [x, y]] of Object.entries(UDE)) {
      const r = await gemBasis(id, { koordinat: { x, y } });
      expect(r.statusCode, sted).toBe(400);
      expect(json<{ errors: Record<string, string[]> }>(r).errors['koordinat.x'], sted).toEqual([
        UDEN_FOR_DANMARK,
      ]);
    }
    for (const [sted, [x, y]] of Object.entries(INDE)) {
      const r = await gemBasis(id, { koordinat: { x, y } });
      expect(r.statusCode, `${sted}: ${r.body}`).toBe(200);
      expect(json<Vandanlaeg>(r).koordinat, sted).toMatchObject({ x, y });
      expect((await klar(id)).mangler, sted).toEqual([]);
    }
    // A fixed sampling site is checked the same way.
    const station = (x: number, y: number) =>
      t.kald('POST', '/api/Fastmaalestation', vand, {
        virksomhedId: id,
        titel: 'Køkkenhanen',
        stedtype: 'Tappested',
        tappested: 'Køkken',
        x,
        y,
      });
    const malmoe = await station(752_400, 6_171_000);
    expect(malmoe.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(malmoe).errors.x).toEqual([UDEN_FOR_DANMARK]);
    expect((await station(598_033, 6_401_574)).statusCode).toBe(201);

    // Göteborg stored before the check: Jupiter-klar refuses it, though it lies inside the old box.
    await t.database.db.execute(sql`UPDATE virksomhed SET x = 677000, y = 6400000 WHERE id = ${id}`);
    expect((await klar(id)).mangler.map((m) => [m.felt, m.art])).toEqual([['koordinat', 'ugyldig']]);
  });

  it('keeps CTRLPROGRAM to what fits the company type, at save and in Jupiter-klar', async () => {
    const id = p[2]!;
    // An almen vandværk (V01) with programme 2 (ikke-almen over 10 m³/dag): refused at save.
    const r = await gemBasis(id, { jupiterCTRLPROGRAMId: 2 });
    expect(r.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(r).errors.jupiterCTRLPROGRAMId).toEqual([
      'Kontrolprogram 2 passer ikke til et alment vandværk (V01): vælg 1',
    ]);
    // An ikke-alment vandværk (V02) may have 2.
    expect((await gemBasis(id, { primaerVirksomhedstype: 'V02', jupiterCTRLPROGRAMId: 2 })).statusCode).toBe(
      200,
    );
    expect((await klar(id)).mangler).toEqual([]);
    // Stored before the check: an irrigation type with programme 1 (almen vandforsyning).
    await t.database.db.execute(
      sql`UPDATE virksomhed SET basis = basis || '{"primaerVirksomhedstype": "V10", "jupiterIndvindingsformaalId": 2, "jupiterCTRLPROGRAMId": 1}'::jsonb WHERE id = ${id}`,
    );
    expect((await klar(id)).mangler).toEqual([
      {
        felt: 'jupiterCTRLPROGRAMId',
        label: 'Kontrolprogram (CTRLPROGRAM)',
        art: 'ugyldig',
        besked: 'Kontrolprogram 1 passer ikke til et markvandingsanlæg (V10): vælg 9',
      },
    ]);
    // V02 without a programme: missing.
    await t.database.db.execute(
      sql`UPDATE virksomhed SET basis = basis || '{"primaerVirksomhedstype": "V02", "jupiterIndvindingsformaalId": 1, "jupiterCTRLPROGRAMId": null}'::jsonb WHERE id = ${id}`,
    );
    expect((await klar(id)).mangler.map((m) => [m.felt, m.art, m.besked])).toEqual([
      [
        'jupiterCTRLPROGRAMId',
        'mangler',
        'Kontrolprogram (CTRLPROGRAM) skal udfyldes for et ikke-alment vandværk (V02)',
      ],
    ]);
  });

  it('checks the owner and the permit in force (§ 24 d) and sends them in the report', async () => {
    const id = p[0]!;
    // Repair the borehole of the first case.
    await t.database.db.execute(
      sql`UPDATE boring SET dgu_nr = '55.1234' WHERE vandanlaeg_id = ${id} AND dgu_nr = '55-1234'`,
    );
    const ugyldig = await gemBasis(id, { ejerCvrCprNr: '12345678' });
    expect(ugyldig.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(ugyldig).errors.ejerCvrCprNr![0]).toMatch(
      /^Skal være et CVR-nummer/,
    );
    const uden = await gemBasis(id, { ejerNavn: null, ejerAdresse: '' });
    expect(uden.statusCode).toBe(200);
    expect((await klar(id)).mangler.map((m) => [m.felt, m.art])).toEqual([
      ['ejerNavn', 'mangler'],
      ['ejerAdresse', 'mangler'],
    ]);
    expect((await gemBasis(id, ejer)).statusCode).toBe(200);

    // No live permit: the report cannot carry one.
    await t.database.db.execute(
      sql`UPDATE registrering SET slettet = true WHERE virksomhed_id = ${id} AND art = 'VandanlaegTilladelse'`,
    );
    expect((await klar(id)).mangler.map((m) => [m.felt, m.besked])).toEqual([
      ['tilladelser', INGEN_TILLADELSE],
    ]);

    const tilladelse = (titel: string, dato: string, slutdato: string | null, vandmaengdeM3Aar: number) =>
      t.kald('POST', '/api/VandanlaegTilladelse', vand, {
        virksomhedId: id,
        titel,
        tilladelsestypeId: 1,
        dato,
        slutdato,
        vandmaengdeM3Aar,
        boringIds: [],
        tilladelsesformaalId: 1,
      });
    // Expired on 31-12-2021: not in force, not sent.
    expect((await tilladelse('Tilladelse 2010', '2010-01-01', '2021-12-31', 5_000)).statusCode).toBe(201);
    expect((await klar(id)).mangler.map((m) => m.felt)).toEqual(['tilladelser']);
    const ny = await tilladelse('Tilladelse 2022', '2022-01-01', null, 12_345);
    expect(ny.statusCode, ny.body).toBe(201);
    const nyId = json<{ id: number }>(ny).id;
    expect(await klar(id)).toMatchObject({ klar: true, mangler: [] });

    const r = await t.kald('POST', `/api/vandanlaeg/${id}/jupiter/indberet`, vand, {});
    expect(r.statusCode, r.body).toBe(200);
    const sendt = jupiter.sendt.at(-1)!;
    // '010170-1234' is 10 digits with a valid birth date (1 January 1970): a CPR number, sent without the dash.
    expect(sendt.ejer).toEqual({
      cvrNr: null,
      cprNr: '0101701234',
      navn: 'Jens Hansen',
      adresse: 'Skivevej 1, 7800 Skive',
    });
    expect(sendt.tilladelser).toEqual([
      {
        id: nyId,
        titel: 'Tilladelse 2022',
        startdato: '2022-01-01',
        slutdato: null,
        vandmaengdeM3Aar: 12_345,
        vandmaengdeM3Time: null,
      },
    ]);
    expect(
      json<{ indberetning: { elementStatusListe: { element: string; status: string }[] } }>(
        r,
      ).indberetning.elementStatusListe.find((e) => e.element.startsWith('Tilladelse ')),
    ).toEqual({ element: 'Tilladelse Tilladelse 2022 (2022-01-01)', felt: null, status: 'OK', besked: null });

    // An owner with a CVR number: sent as one.
    expect((await gemBasis(id, { ejerCvrCprNr: '12345674' })).statusCode).toBe(200);
    expect((await t.kald('POST', `/api/vandanlaeg/${id}/jupiter/indberet`, vand, {})).statusCode).toBe(200);
    expect(jupiter.sendt.at(-1)!.ejer).toMatchObject({ cvrNr: '12345674', cprNr: null });
  });
});
