import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndberetSvar, JupiterKlar, JupiterStatusSvar } from '../../src/contract/jupiter';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import { queryRows } from '../../src/server/db/client';
import { optagendeJupiter } from '../helpers/optagende-jupiter';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = <T>(r: { body: string }): T => JSON.parse(r.body) as T;

/** The plant v has a live abstraction permit in force today (the seed's permits are never revoked). */
const tilladelseIKraft = sql`EXISTS (SELECT 1 FROM registrering r
  WHERE r.virksomhed_id = v.id AND r.art = 'VandanlaegTilladelse' AND NOT r.slettet AND r.dato <= current_date
    AND (r.data->>'slutdato' IS NULL OR (r.data->>'slutdato')::date >= current_date))`;

/** A complete owner (vandforsyningsloven § 24 d), for the plants whose other fields a test is about. */
const ejer = {
  ejerNavn: 'Hejlskov Vandværk A.m.b.a.',
  ejerCvrCprNr: '12345674',
  ejerAdresse: 'Vandværksvej 1, 7800 Skive',
};

describe.each(dbTargets())('Jupiter (%s)', (target) => {
  let t: TestApp;
  let jupiter: ReturnType<typeof optagendeJupiter>;
  let vand: string;
  let laeser: string;
  let skive: number;
  /** Drinking-water plants of Skive with a CTRLPROGRAM, boreholes and approved quantities, by id. */
  let anlaeg: number[];
  /** Two other plants of Skive. */
  let andre: number[];

  const plantRow = async (id: number) => {
    const [row] = await queryRows<{ version: number; basis: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT version, basis FROM virksomhed WHERE id = ${id}`,
    );
    return { version: Number(row!.version), basis: row!.basis };
  };
  const aendreBasis = (id: number, patch: Record<string, unknown>) =>
    t.database.db.execute(
      sql`UPDATE virksomhed SET basis = basis || ${JSON.stringify(patch)}::jsonb WHERE id = ${id}`,
    );
  const antalIndberetninger = async (id: number) => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM jupiter_indberetning WHERE vandanlaeg_id = ${id}`,
    );
    return Number(row!.n);
  };

  beforeAll(async () => {
    jupiter = optagendeJupiter();
    t = await createTestApp(target, {}, undefined, { integrations: { jupiter } });
    skive = await t.kundeId(779);
    vand = await t.tokenFor('vand');
    laeser = await t.tokenFor('laeser');
    const rows = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT v.id FROM virksomhed v
          WHERE v.kunde_id = ${skive} AND v.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} AND NOT v.slettet
            AND (v.basis->>'jupiterIndvindingsformaalId')::int = 1
            AND v.basis->>'jupiterCTRLPROGRAMId' IS NOT NULL
            AND ${tilladelseIKraft}
            AND EXISTS (SELECT 1 FROM boring b WHERE b.vandanlaeg_id = v.id)
            AND EXISTS (SELECT 1 FROM oppumpet_maengde m WHERE m.vandanlaeg_id = v.id AND m.status = 1)
          ORDER BY v.id LIMIT 2`,
    );
    anlaeg = rows.map((r) => Number(r.id));
    expect(anlaeg.length).toBe(2);
    // The demo owner of a plant without a CVR number has none (no CPR number is invented): give one.
    for (const id of anlaeg) await aendreBasis(id, ejer);
    const oevrige = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM virksomhed v WHERE kunde_id = ${skive} AND type = ${VIRKSOMHEDSTYPE.VANDANLAEG}
            AND NOT slettet AND id <> ALL(${`{${anlaeg.join(',')}}`}::int[]) AND ${tilladelseIKraft}
          ORDER BY id LIMIT 2`,
    );
    andre = oevrige.map((r) => Number(r.id));
    expect(andre.length).toBe(2);
  });
  afterAll(async () => t?.close());

  it('sends a ready plant: OK stored on the plant, in its status and its log', async () => {
    const id = anlaeg[0]!;
    const klar = await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/klar`, vand);
    expect(klar.statusCode).toBe(200);
    // A ready plant's answer also counts what a report would send (the question before sending).
    expect(json<JupiterKlar>(klar)).toEqual({
      klar: true,
      mangler: [],
      indhold: {
        boringer: expect.any(Number),
        indtag: expect.any(Number),
        maengder: expect.any(Number),
        tilladelser: expect.any(Number),
      },
    });

    const foer = await plantRow(id);
    const r = await t.kald('POST', `/api/vandanlaeg/${id}/jupiter/indberet`, vand, { version: foer.version });
    expect(r.statusCode).toBe(200);
    const svar = json<IndberetSvar>(r);
    expect(svar.indberetning.jupiterIndberetningsFejlStatus).toBe('OK');
    expect(svar.indberetning.jupiterIndberetningsFejlTypeKode).toBeNull();
    expect(svar.indberetning.bruger).toEqual(expect.any(String));
    // The plant, each borehole and intake, each approved period: one OK line each.
    const liste = svar.indberetning.elementStatusListe;
    expect(liste[0]).toMatchObject({ element: expect.stringMatching(/^Anlæg /), status: 'OK' });
    expect(liste.some((e) => e.element.startsWith('Boring '))).toBe(true);
    expect(liste.some((e) => e.element.startsWith('Indtag '))).toBe(true);
    expect(liste.some((e) => e.element.startsWith('Oppumpet mængde '))).toBe(true);
    expect(liste.every((e) => e.status === 'OK')).toBe(true);

    // What was sent: no removed fields, only approved quantities.
    const sendt = jupiter.sendt.at(-1)!;
    expect(Object.keys(sendt)).not.toContain('VRRPURPOSE');
    expect(Object.keys(sendt)).not.toContain('CATCHPURPOSE');
    expect(JSON.stringify(sendt)).not.toMatch(/VRRPURPOSE|CATCHPURPOSE/);
    const [godkendte] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM oppumpet_maengde WHERE vandanlaeg_id = ${id} AND status = 1`,
    );
    expect(sendt.maengder).toHaveLength(Number(godkendte!.n));

    const efter = await plantRow(id);
    expect(efter.basis.jupiterIndberetningStatus).toBe('OK');
    expect(efter.version).toBe(svar.version);
    expect(efter.version).not.toBe(foer.version);
    const log = await queryRows<{ notat: string }>(
      t.database.db,
      sql`SELECT notat FROM logbog WHERE virksomhed_id = ${id} AND notat LIKE 'Indberettet til Jupiter%'`,
    );
    expect(log.map((l) => l.notat)).toEqual(['Indberettet til Jupiter: godkendt.']);

    const status = await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/status`, vand);
    expect(status.statusCode).toBe(200);
    const s = json<JupiterStatusSvar>(status);
    expect(s.seneste).toEqual(svar.indberetning);
    expect(s.historik).toHaveLength(1);
  });

  it('answers 409 when the plant changed since the version sent, and sends nothing', async () => {
    const id = anlaeg[0]!;
    const kald = jupiter.sendt.length;
    const { version } = await plantRow(id);
    const r = await t.kald('POST', `/api/vandanlaeg/${id}/jupiter/indberet`, vand, { version: version - 1 });
    expect(r.statusCode).toBe(409);
    expect(jupiter.sendt.length).toBe(kald);
  });

  it('lists missing and invalid J-fields, and refuses to send (400) without calling Jupiter', async () => {
    const id = andre[0]!;
    await aendreBasis(id, {
      ...ejer,
      jupiterIndvindingsformaalId: 1,
      jupiterVandtypeId: null,
      jupiterCTRLPROGRAMId: null,
      jupiterAnlaegsartId: 99,
    });
    const klar = json<JupiterKlar>(await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/klar`, vand));
    expect(klar.klar).toBe(false);
    expect(klar.mangler.map((m) => [m.felt, m.art])).toEqual([
      ['jupiterAnlaegsartId', 'ugyldig'],
      ['jupiterVandtypeId', 'mangler'],
      ['jupiterCTRLPROGRAMId', 'mangler'],
    ]);
    expect(klar.mangler.find((m) => m.felt === 'jupiterVandtypeId')?.besked).toBe('Vandtype skal udfyldes');

    const kald = jupiter.sendt.length;
    const r = await t.kald('POST', `/api/vandanlaeg/${id}/jupiter/indberet`, vand, {});
    expect(r.statusCode).toBe(400);
    const body = json<{ title: string; errors: Record<string, string[]> }>(r);
    expect(body.title).toBe('Vandanlægget er ikke klar til Jupiter');
    expect(Object.keys(body.errors).sort()).toEqual(
      ['jupiterAnlaegsartId', 'jupiterCTRLPROGRAMId', 'jupiterVandtypeId'].sort(),
    );
    expect(jupiter.sendt.length).toBe(kald);
    expect(await antalIndberetninger(id)).toBe(0);
    expect((await plantRow(id)).basis.jupiterIndberetningStatus ?? null).toBeNull();
  });

  it('lists a coordinate outside Denmark', async () => {
    const id = andre[1]!;
    await aendreBasis(id, {
      ...ejer,
      jupiterIndvindingsformaalId: 1,
      primaerVirksomhedstype: 'V02',
      jupiterCTRLPROGRAMId: 4,
    });
    // Longitude and latitude typed where UTM belongs.
    await t.database.db.execute(sql`UPDATE virksomhed SET x = 12.5, y = 55.7 WHERE id = ${id}`);
    const klar = json<JupiterKlar>(await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/klar`, vand));
    expect(klar.mangler.map((m) => m.felt)).toEqual(['koordinat']);
    expect(klar.mangler[0]!.besked).toMatch(/uden for Danmark/);
    const r = await t.kald('POST', `/api/vandanlaeg/${id}/jupiter/indberet`, vand, {});
    expect(r.statusCode).toBe(400);
    expect(Object.keys(json<{ errors: object }>(r).errors)).toEqual(['koordinat']);
    // No coordinate at all.
    await t.database.db.execute(sql`UPDATE virksomhed SET x = NULL, y = NULL WHERE id = ${id}`);
    const uden = json<JupiterKlar>(await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/klar`, vand));
    expect(uden.mangler.map((m) => [m.felt, m.art])).toEqual([['koordinat', 'mangler']]);
  });

  it("stores Jupiter's rejection (a code outside its list) as Fejl with the element statuses", async () => {
    const id = anlaeg[1]!;
    const [periode] = await queryRows<{ id: number; startdato: string; slutdato: string }>(
      t.database.db,
      sql`SELECT id, startdato::text, slutdato::text FROM oppumpet_maengde
          WHERE vandanlaeg_id = ${id} AND status = 1 AND indtag_id IS NULL ORDER BY startdato LIMIT 1`,
    );
    await t.database.db.execute(
      sql`UPDATE oppumpet_maengde SET forsyning = '[{"jupiterForsyningsartId": 9, "maengde": 100}]'::jsonb
          WHERE id = ${periode!.id}`,
    );
    expect(json<JupiterKlar>(await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/klar`, vand)).klar).toBe(
      true,
    );

    const r = await t.kald('POST', `/api/vandanlaeg/${id}/jupiter/indberet`, vand, {});
    expect(r.statusCode).toBe(200);
    const { indberetning } = json<IndberetSvar>(r);
    expect(indberetning.jupiterIndberetningsFejlStatus).toBe('Fejl');
    expect(indberetning.jupiterIndberetningsFejlTypeKode).toBe('KODEFEJL');
    expect(indberetning.jupiterIndberetningsFejlTypeText).toBe('Kodeværdi findes ikke i Jupiters kodeliste');
    const fejl = indberetning.elementStatusListe.filter((e) => e.status === 'Fejl');
    expect(fejl).toEqual([
      {
        element: `Oppumpet mængde ${periode!.startdato} – ${periode!.slutdato}`,
        felt: 'jupiterForsyningsartId',
        status: 'Fejl',
        besked: 'Forsyningsart 9 findes ikke i kodelisten for forsyningsart',
      },
    ]);
    // The other elements were accepted.
    expect(indberetning.elementStatusListe.find((e) => e.element.startsWith('Anlæg '))?.status).toBe('OK');

    expect((await plantRow(id)).basis.jupiterIndberetningStatus).toBe('Fejl');
    const status = json<JupiterStatusSvar>(
      await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/status`, laeser),
    );
    expect(status.seneste).toEqual(indberetning);

    // Fixed and sent again: OK is the latest, the rejection stays in the history.
    await t.database.db.execute(
      sql`UPDATE oppumpet_maengde SET forsyning = '[{"jupiterForsyningsartId": 1, "maengde": 100}]'::jsonb
          WHERE id = ${periode!.id}`,
    );
    const igen = await t.kald('POST', `/api/vandanlaeg/${id}/jupiter/indberet`, vand, {});
    expect(json<IndberetSvar>(igen).indberetning.jupiterIndberetningsFejlStatus).toBe('OK');
    const historik = json<JupiterStatusSvar>(
      await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/status`, vand),
    );
    expect(historik.seneste?.jupiterIndberetningsFejlStatus).toBe('OK');
    expect(historik.historik.map((h) => h.jupiterIndberetningsFejlStatus)).toEqual(['OK', 'Fejl']);
  });

  it('lets a reader see readiness and status but not send (403)', async () => {
    const id = anlaeg[0]!;
    expect((await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/klar`, laeser)).statusCode).toBe(200);
    expect((await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/status`, laeser)).statusCode).toBe(200);
    const kald = jupiter.sendt.length;
    const r = await t.kald('POST', `/api/vandanlaeg/${id}/jupiter/indberet`, laeser, {});
    expect(r.statusCode).toBe(403);
    expect(jupiter.sendt.length).toBe(kald);
  });

  it("answers 404 for another customer's plant and for a company that is not a water plant", async () => {
    const fremmed = await t.forsteVirksomhed(await t.kundeId(657), VIRKSOMHEDSTYPE.VANDANLAEG);
    const firma = await t.forsteVirksomhed(skive, VIRKSOMHEDSTYPE.VIRKSOMHED);
    for (const id of [fremmed.id, firma.id, 999_999]) {
      expect((await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/klar`, vand)).statusCode).toBe(404);
      expect((await t.kald('GET', `/api/vandanlaeg/${id}/jupiter/status`, vand)).statusCode).toBe(404);
      expect((await t.kald('POST', `/api/vandanlaeg/${id}/jupiter/indberet`, vand, {})).statusCode).toBe(404);
    }
    expect(await antalIndberetninger(fremmed.id)).toBe(0);
  });

  it('answers 400 in Danish for a bad id or body', async () => {
    const r = await t.kald('GET', '/api/vandanlaeg/abc/jupiter/klar', vand);
    expect(r.statusCode).toBe(400);
    const b = await t.kald('POST', `/api/vandanlaeg/${anlaeg[0]}/jupiter/indberet`, vand, { version: 'x' });
    expect(b.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(b).errors.version).toEqual(['Ugyldig version']);
  });
});
