import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordKonflikt } from '../../src/contract/record-kind';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import { SAT_LANDBRUG_KATEGORI_FEJL, SAT_RESULTAT_TYPE_STI } from '../../src/contract/sat';
import { SAT_RESULTAT } from '../../src/contract/sat-registreringer';
import { lookupListe } from '../../src/server/catalog/lookups';
import { queryRows } from '../../src/server/db/client';
import { registrering, virksomhed } from '../../src/server/db/schema';
import {
  GEBYR_FAKTURERET,
  GEBYR_TIMEANTAL,
  GEBYR_TYPE_UGYLDIG,
  SAT_ALLEREDE_RESULTAT,
  SAT_UDFOERT_FREMTID,
} from '../../src/server/routes/sat-registreringer';
import { nyGebyrType, nyPeriode, nySatVirksomhed } from '../helpers/sat-fixtures';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/** The server's clock: a performed date after this day is in the future. */
const I_DAG = new Date('2026-06-15T10:00:00Z');
const SKIVE = 779;
const HERNING = 657;

const resultatTypeId = lookupListe(SAT_RESULTAT_TYPE_STI)![0]!.id;

/** A valid result body; `extra` overrides. */
const resultat = (extra: Record<string, unknown> = {}) => ({
  titel: 'Affaldstilsyn',
  satTilsynsresultatKategori: 'UdtrukketAfSAT',
  satTilsynsresultatTypeId: resultatTypeId,
  timeantal: 2,
  udfoertDato: '2026-06-01',
  affaldsfraktion_Papir: true,
  affaldsfraktion_Glas: true,
  ...extra,
});

describe.each(dbTargets())('SAT records (%s)', (target) => {
  let t: TestApp;
  let affald: string;
  let virk: string;
  let herningAdmin: string;
  let periode: number;
  /** SAT companies of Skive: plain, a SAT farm, and spare ones for single tests. */
  let sat: number;
  let satLandbrug: number;
  let virksomhedId: number;
  let landbrugId: number;
  let herningSat: number;
  let type2025: number;
  let type2026: number;
  let typeFast: number;
  let herningType: number;

  const kald = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, token, body);

  beforeAll(async () => {
    t = await createTestApp(target, {}, () => I_DAG);
    affald = await t.tokenFor('affald');
    virk = await t.tokenFor('virksomhed');
    herningAdmin = await t.tokenFor('admin', HERNING);
    const skive = await t.kundeId(SKIVE);
    const herning = await t.kundeId(HERNING);
    const db = t.database.db;
    periode = await nyPeriode(db, skive);
    sat = await nySatVirksomhed(db, skive, periode);
    satLandbrug = await nySatVirksomhed(db, skive, periode, { erLandbrug: true });
    // A company and a farm without a SAT result (whatever the seed made).
    const udenResultat = sql`not exists (select 1 from registrering r where r.virksomhed_id = ${virksomhed.id} and r.art = 'satresultat' and not r.slettet)`;
    virksomhedId = (await t.forsteVirksomhed(skive, VIRKSOMHEDSTYPE.VIRKSOMHED, udenResultat)).id;
    landbrugId = (await t.forsteVirksomhed(skive, VIRKSOMHEDSTYPE.LANDBRUG, udenResultat)).id;
    herningSat = await nySatVirksomhed(db, herning, await nyPeriode(db, herning));
    type2025 = await nyGebyrType(db, skive, {
      navn: 'Timesats 2025',
      art: 'timesats',
      satsOere: 68_000,
      gyldigFra: '2025-01-01',
      gyldigTil: '2025-12-31',
    });
    type2026 = await nyGebyrType(db, skive, {
      navn: 'Timesats 2026',
      art: 'timesats',
      satsOere: 68_500,
      gyldigFra: '2026-01-01',
    });
    typeFast = await nyGebyrType(db, skive, {
      navn: 'Fast gebyr',
      art: 'fast',
      satsOere: 95_000,
      gyldigFra: '2026-01-01',
    });
    herningType = await nyGebyrType(db, herning, {
      navn: 'Herning timesats',
      art: 'timesats',
      satsOere: 70_000,
      gyldigFra: '2020-01-01',
    });
  });
  afterAll(async () => t?.close());

  it("serves the specification's paths and nothing else for the four kinds", async () => {
    await t.app.ready();
    const ruter = t.app.registeredRoutes
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => /\/api\/sat(resultat|tilsyn|haandhaevelse|gebyr)\//.test(r))
      .sort();
    expect(ruter).toEqual(
      [
        'GET /api/satresultat/:type/list/:id',
        'POST /api/satresultat/:type/:id',
        'GET /api/satresultat/:id',
        'PUT /api/satresultat/:id',
        'DELETE /api/satresultat/:id',
        'POST /api/satresultat/OpretOpdaterSATResultatISAT/:id',
        'POST /api/satresultat/SletSATResultatISAT/:id',
        'GET /api/sattilsyn/list/:id',
        'POST /api/sattilsyn/:id',
        'GET /api/sattilsyn/:id',
        'PUT /api/sattilsyn/:id',
        'DELETE /api/sattilsyn/:id',
        'GET /api/sathaandhaevelse/list/:id',
        'POST /api/sathaandhaevelse/:id',
        'GET /api/sathaandhaevelse/:id',
        'PUT /api/sathaandhaevelse/:id',
        'DELETE /api/sathaandhaevelse/:id',
        'GET /api/satgebyr/:type/list/:id',
        'POST /api/satgebyr/:type/:id',
        'GET /api/satgebyr/:id',
        'PUT /api/satgebyr/:id',
        'DELETE /api/satgebyr/:id',
      ].sort(),
    );
  });

  it('creates, reads, lists, changes and deletes a result, writing the log', async () => {
    const id0 = await nySatVirksomhed(t.database.db, await t.kundeId(SKIVE), periode);
    const opret = await kald('POST', `satresultat/satvirksomhed/${id0}`, affald, resultat());
    expect(opret.statusCode).toBe(201);
    const r = json(opret);
    expect(r).toMatchObject({
      virksomhedId: id0,
      art: 'satresultat',
      satTilsynsresultatKategori: 'UdtrukketAfSAT',
      affaldsfraktion_Papir: true,
      affaldsfraktion_Metal: false,
      overfoertTilMiljoestyrelsenDato: null,
      oprettetMiljoestyrelsenDato: null,
    });
    expect(json(await kald('GET', `satresultat/${r.id}`, affald))).toMatchObject({ id: r.id });
    // The performed date is the record's date: the timeline places the result on it (not on the day
    // it was typed in).
    expect(r).toMatchObject({ udfoertDato: '2026-06-01', dato: '2026-06-01' });
    const tidslinje = json(await kald('GET', `virksomhed/${id0}/tidslinje`, affald));
    expect(tidslinje.items).toContainEqual(
      expect.objectContaining({ registreringId: r.id, dato: expect.stringMatching(/^2026-06-01/) }),
    );
    const liste = json(await kald('GET', `satresultat/satvirksomhed/list/${id0}`, affald));
    expect(liste.map((x: { id: number }) => x.id)).toEqual([r.id]);

    const ret = await kald('PUT', `satresultat/${r.id}`, affald, {
      ...resultat({ affaldsfraktion_Metal: true, satTilsynsresultatKategori: 'AndreTemaer' }),
      version: r.version,
    });
    expect(ret.statusCode).toBe(200);
    expect(json(ret)).toMatchObject({
      affaldsfraktion_Metal: true,
      satTilsynsresultatKategori: 'AndreTemaer',
    });
    expect(json(ret).version).not.toBe(r.version);

    const slet = await kald('DELETE', `satresultat/${r.id}?version=${json(ret).version}`, affald);
    expect(slet.statusCode).toBe(204);
    expect((await kald('GET', `satresultat/${r.id}`, affald)).statusCode).toBe(404);
    const log = await queryRows<{ notat: string }>(
      t.database.db,
      sql`select notat from logbog where virksomhed_id = ${id0} order by id`,
    );
    expect(log.map((l) => l.notat)).toEqual([
      expect.stringContaining("SAT-resultat 'Affaldstilsyn' oprettet"),
      expect.stringContaining("SAT-resultat 'Affaldstilsyn' ændret"),
      "SAT-resultat 'Affaldstilsyn' slettet.",
    ]);
  });

  it('creates, lists, changes and deletes follow-up inspections and enforcement of a SAT company', async () => {
    for (const [art, body] of [
      ['sattilsyn', { titel: 'Opfølgning', dato: '2026-07-01', tilsynstype: 'Fysisk' }],
      [
        'sathaandhaevelse',
        { titel: 'Påbud om sortering', haandhaevelsestype: 'Påbud', dato: '2026-07-01', status: 'Åben' },
      ],
    ] as const) {
      const opret = await kald('POST', `${art}/${sat}`, affald, body);
      expect(opret.statusCode, `${art}: ${opret.body}`).toBe(201);
      const r = json(opret);
      const liste = json(await kald('GET', `${art}/list/${sat}`, affald));
      expect(liste.map((x: { id: number }) => x.id)).toContain(r.id);
      const ret = await kald('PUT', `${art}/${r.id}`, affald, {
        ...body,
        titel: 'Ændret',
        version: r.version,
      });
      expect(ret.statusCode).toBe(200);
      expect(json(ret).titel).toBe('Ændret');
      expect((await kald('DELETE', `${art}/${r.id}?version=${r.version}`, affald)).statusCode).toBe(409);
      expect((await kald('DELETE', `${art}/${r.id}?version=${json(ret).version}`, affald)).statusCode).toBe(
        204,
      );
      // Follow-up inspections and enforcement belong to SAT companies only.
      expect((await kald('POST', `${art}/${virksomhedId}`, affald, body)).statusCode).toBe(404);
    }
  });

  it('refuses a user without SAGSBEHANDLER_AFFALD, also on a company they may change', async () => {
    // `virksomhed` may change the ordinary company, but SAT results are the SAT case worker's.
    expect((await kald('GET', `virksomhed/${virksomhedId}`, virk)).statusCode).toBe(200);
    const opret = await kald('POST', `satresultat/virksomhed/${virksomhedId}`, virk, resultat());
    expect(opret.statusCode).toBe(403);
    expect(json(opret).message).toMatch(/^Der er ikke de fornødne rettigheder/);
    for (const url of [
      `satresultat/virksomhed/list/${virksomhedId}`,
      `satgebyr/satvirksomhed/list/${sat}`,
      `sattilsyn/list/${sat}`,
    ])
      expect((await kald('GET', url, virk)).statusCode, url).toBe(403);
    const [antal] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from registrering where virksomhed_id = ${virksomhedId} and art = 'satresultat'`,
    );
    expect(antal!.n).toBe(0);
  });

  it("answers 404 to another customer's ids and to a {type} that does not name the row", async () => {
    expect(
      (await kald('POST', `satresultat/satvirksomhed/${herningSat}`, affald, resultat())).statusCode,
    ).toBe(404);
    expect((await kald('GET', `satgebyr/satvirksomhed/list/${herningSat}`, affald)).statusCode).toBe(404);
    expect((await kald('GET', `sattilsyn/list/${herningSat}`, affald)).statusCode).toBe(404);
    const herningResultat = await kald(
      'POST',
      `satresultat/satvirksomhed/${herningSat}`,
      herningAdmin,
      resultat(),
    );
    expect(herningResultat.statusCode).toBe(201);
    const hid = json(herningResultat).id;
    expect((await kald('GET', `satresultat/${hid}`, affald)).statusCode).toBe(404);
    expect((await kald('PUT', `satresultat/${hid}`, affald, { ...resultat(), version: 1 })).statusCode).toBe(
      404,
    );
    expect((await kald('DELETE', `satresultat/${hid}?version=1`, affald)).statusCode).toBe(404);

    // A SAT company is not a 'virksomhed' in the path, nor an ordinary company a 'satvirksomhed'.
    const forkert = await kald('POST', `satresultat/virksomhed/${sat}`, affald, resultat());
    expect(forkert.statusCode).toBe(404);
    expect(
      (await kald('POST', `satresultat/satvirksomhed/${virksomhedId}`, affald, resultat())).statusCode,
    ).toBe(404);
    expect((await kald('GET', `satgebyr/virksomhed/list/${sat}`, affald)).statusCode).toBe(404);
    const ukendt = await kald('GET', `satresultat/vandanlaeg/list/${sat}`, affald);
    expect(ukendt.statusCode).toBe(400);
    expect(json(ukendt).errors.type).toEqual(['Ukendt type']);
  });

  it('allows only the farm categories for a SAT farm and for a farm, and every category elsewhere', async () => {
    const nej = await kald('POST', `satresultat/satvirksomhed/${satLandbrug}`, affald, resultat());
    expect(nej.statusCode).toBe(400);
    expect(json(nej).errors.satTilsynsresultatKategori).toEqual([SAT_LANDBRUG_KATEGORI_FEJL]);
    const ja = await kald(
      'POST',
      `satresultat/satvirksomhed/${satLandbrug}`,
      affald,
      resultat({ satTilsynsresultatKategori: 'Paragraf8' }),
    );
    expect(ja.statusCode).toBe(201);
    // Changing it to another category is the same rule.
    const ret = await kald('PUT', `satresultat/${json(ja).id}`, affald, {
      ...resultat({ satTilsynsresultatKategori: 'BygOgKonstruktion' }),
      version: json(ja).version,
    });
    expect(ret.statusCode).toBe(400);
    expect(json(ret).errors.satTilsynsresultatKategori).toEqual([SAT_LANDBRUG_KATEGORI_FEJL]);

    const farm = await kald(
      'POST',
      `satresultat/virksomhed/${landbrugId}`,
      affald,
      resultat({ satTilsynsresultatKategori: 'AndreTemaer' }),
    );
    expect(farm.statusCode).toBe(400);
    expect(json(farm).errors.satTilsynsresultatKategori).toEqual([SAT_LANDBRUG_KATEGORI_FEJL]);
    const farmOk = await kald(
      'POST',
      `satresultat/virksomhed/${landbrugId}`,
      affald,
      resultat({ satTilsynsresultatKategori: 'DelAfMiljoeTilsyn' }),
    );
    expect(farmOk.statusCode).toBe(201);
    // An ordinary company may have any category; its result is read on its own path.
    const firma = await kald('POST', `satresultat/virksomhed/${virksomhedId}`, affald, resultat());
    expect(firma.statusCode).toBe(201);
    const liste = json(await kald('GET', `satresultat/virksomhed/list/${virksomhedId}`, affald));
    expect(liste).toHaveLength(1);
    expect(liste[0].satTilsynsresultatKategori).toBe('UdtrukketAfSAT');
  });

  it('refuses bad input: fraction flags, half hours, a performed date in the future', async () => {
    const id0 = await nySatVirksomhed(t.database.db, await t.kundeId(SKIVE), periode);
    const url = `satresultat/satvirksomhed/${id0}`;
    const flag = await kald('POST', url, affald, resultat({ affaldsfraktion_Pap: 'ja' }));
    expect(flag.statusCode).toBe(400);
    expect(json(flag).errors.affaldsfraktion_Pap).toEqual(['Skal være Ja eller Nej']);
    const tal = await kald('POST', url, affald, resultat({ affaldsfraktion_Pap: 1 }));
    expect(tal.statusCode).toBe(400);
    const timer = await kald('POST', url, affald, resultat({ timeantal: 1.25 }));
    expect(timer.statusCode).toBe(400);
    expect(json(timer).errors.timeantal).toEqual(['Timeantal angives i hele eller halve timer']);
    const fremtid = await kald('POST', url, affald, resultat({ udfoertDato: '2026-06-16' }));
    expect(fremtid.statusCode).toBe(400);
    expect(json(fremtid).errors.udfoertDato).toEqual([SAT_UDFOERT_FREMTID]);
    const kategori = await kald('POST', url, affald, resultat({ satTilsynsresultatKategori: 'Ukendt' }));
    expect(kategori.statusCode).toBe(400);
    const forkerte = await kald('POST', url, affald, resultat({ forkerteAktoererIMstData: true }));
    expect(forkerte.statusCode).toBe(400);
    expect(json(forkerte).errors.forkerteAktoererIMstDataBemaerkning).toEqual([
      'Skriv hvilke aktører der er forkerte',
    ]);
    // Nothing was created by the refused calls; today is allowed.
    expect(json(await kald('GET', `satresultat/satvirksomhed/list/${id0}`, affald))).toEqual([]);
    expect((await kald('POST', url, affald, resultat({ udfoertDato: '2026-06-15' }))).statusCode).toBe(201);
  });

  it('keeps one live result per company, also for two creates at once', async () => {
    const id0 = await nySatVirksomhed(t.database.db, await t.kundeId(SKIVE), periode);
    const url = `satresultat/satvirksomhed/${id0}`;
    const svar = await Promise.all([
      kald('POST', url, affald, resultat()),
      kald('POST', url, affald, resultat()),
    ]);
    const koder = svar.map((s) => s.statusCode).sort();
    expect(koder[0]).toBe(201);
    expect([400, 409]).toContain(koder[1]);
    const afvist = svar.find((s) => s.statusCode !== 201)!;
    if (afvist.statusCode === 400) expect(json(afvist).errors.virksomhedId).toEqual([SAT_ALLEREDE_RESULTAT]);
    const igen = await kald('POST', url, affald, resultat());
    expect(igen.statusCode).toBe(400);
    expect(json(igen).errors.virksomhedId).toEqual([SAT_ALLEREDE_RESULTAT]);
    const liste = json(await kald('GET', `satresultat/satvirksomhed/list/${id0}`, affald));
    expect(liste).toHaveLength(1);
    // Once deleted, a new one may be made.
    expect(
      (await kald('DELETE', `satresultat/${liste[0].id}?version=${liste[0].version}`, affald)).statusCode,
    ).toBe(204);
    expect((await kald('POST', url, affald, resultat())).statusCode).toBe(201);
  });

  it('never takes the read-only fields from a PUT', async () => {
    const id0 = await nySatVirksomhed(t.database.db, await t.kundeId(SKIVE), periode);
    const r = json(await kald('POST', `satresultat/satvirksomhed/${id0}`, affald, resultat()));
    const ret = await kald('PUT', `satresultat/${r.id}`, affald, {
      ...resultat(),
      overfoertTilMiljoestyrelsenDato: '2026-01-01T00:00:00.000Z',
      oprettetMiljoestyrelsenDato: '2026-01-01T00:00:00.000Z',
      version: r.version,
    });
    expect(ret.statusCode).toBe(200);
    const efter = json(await kald('GET', `satresultat/${r.id}`, affald));
    expect(efter.overfoertTilMiljoestyrelsenDato).toBeNull();
    expect(efter.oprettetMiljoestyrelsenDato).toBeNull();
  });

  it('answers 409 to a stale PUT or DELETE of a result', async () => {
    const id0 = await nySatVirksomhed(t.database.db, await t.kundeId(SKIVE), periode);
    const r = json(await kald('POST', `satresultat/satvirksomhed/${id0}`, affald, resultat()));
    const ny = json(
      await kald('PUT', `satresultat/${r.id}`, affald, { ...resultat({ timeantal: 3 }), version: r.version }),
    );
    const gammel = await kald('PUT', `satresultat/${r.id}`, affald, { ...resultat(), version: r.version });
    expect(gammel.statusCode).toBe(409);
    expect(json(gammel).message).toBe(recordKonflikt(SAT_RESULTAT.navn));
    expect((await kald('DELETE', `satresultat/${r.id}?version=${r.version}`, affald)).statusCode).toBe(409);
    expect(json(await kald('GET', `satresultat/${r.id}`, affald)).version).toBe(ny.version);
  });

  describe('fees', () => {
    const gebyr = (extra: Record<string, unknown> = {}) => ({
      titel: 'Affaldstilsyn',
      dato: '2026-03-02',
      gebyrtypeId: type2026,
      timeantal: 2.5,
      ...extra,
    });

    it('computes the amount from the hours and the rate of the type valid on the date', async () => {
      const opret = await kald('POST', `satgebyr/satvirksomhed/${sat}`, affald, gebyr());
      expect(opret.statusCode).toBe(201);
      // 2.5 h × 685,00 kr. = 1 712,50 kr.
      expect(json(opret)).toMatchObject({ satsOere: 68_500, beloebOere: 171_250, faktureret: false });
      const [gemt] = await t.database.db
        .select()
        .from(registrering)
        .where(eq(registrering.id, json(opret).id));
      expect(gemt!.data).toMatchObject({ satsOere: 68_500, beloebOere: 171_250, faktureret: false });

      const aar2025 = await kald(
        'POST',
        `satgebyr/satvirksomhed/${sat}`,
        affald,
        gebyr({ dato: '2025-11-03', gebyrtypeId: type2025, timeantal: 1 }),
      );
      expect(aar2025.statusCode).toBe(201);
      expect(json(aar2025)).toMatchObject({ satsOere: 68_000, beloebOere: 68_000 });

      // The 2026 rate does not apply to an inspection in 2025, nor the 2025 rate in 2026.
      const forkert = await kald(
        'POST',
        `satgebyr/satvirksomhed/${sat}`,
        affald,
        gebyr({ dato: '2025-11-03' }),
      );
      expect(forkert.statusCode).toBe(400);
      expect(json(forkert).errors.gebyrtypeId).toEqual([GEBYR_TYPE_UGYLDIG]);
      const forkert2 = await kald(
        'POST',
        `satgebyr/satvirksomhed/${sat}`,
        affald,
        gebyr({ gebyrtypeId: type2025 }),
      );
      expect(json(forkert2).errors.gebyrtypeId).toEqual([GEBYR_TYPE_UGYLDIG]);

      const fast = await kald(
        'POST',
        `satgebyr/virksomhed/${virksomhedId}`,
        affald,
        gebyr({ gebyrtypeId: typeFast, timeantal: null }),
      );
      expect(fast.statusCode).toBe(201);
      expect(json(fast)).toMatchObject({ satsOere: 95_000, beloebOere: 95_000 });
      expect(json(await kald('GET', `satgebyr/virksomhed/list/${virksomhedId}`, affald))).toHaveLength(1);

      // Changing the hours computes the amount again.
      const ret = await kald('PUT', `satgebyr/${json(opret).id}`, affald, {
        ...gebyr({ timeantal: 4 }),
        version: json(opret).version,
      });
      expect(json(ret)).toMatchObject({ satsOere: 68_500, beloebOere: 274_000 });
    });

    it("refuses a timesats fee without hours, another customer's type, a quarter hour", async () => {
      const uden = await kald('POST', `satgebyr/satvirksomhed/${sat}`, affald, gebyr({ timeantal: null }));
      expect(uden.statusCode).toBe(400);
      expect(json(uden).errors.timeantal).toEqual([GEBYR_TIMEANTAL]);
      const nul = await kald('POST', `satgebyr/satvirksomhed/${sat}`, affald, gebyr({ timeantal: 0 }));
      expect(json(nul).errors.timeantal).toEqual([GEBYR_TIMEANTAL]);
      const anden = await kald(
        'POST',
        `satgebyr/satvirksomhed/${sat}`,
        affald,
        gebyr({ gebyrtypeId: herningType }),
      );
      expect(anden.statusCode).toBe(400);
      expect(json(anden).errors.gebyrtypeId).toBeDefined();
      const kvart = await kald('POST', `satgebyr/satvirksomhed/${sat}`, affald, gebyr({ timeantal: 1.25 }));
      expect(kvart.statusCode).toBe(400);
    });

    it('never takes rate, amount or invoiced from the client, and freezes an invoiced fee', async () => {
      const r = json(
        await kald(
          'POST',
          `satgebyr/satvirksomhed/${sat}`,
          affald,
          gebyr({ satsOere: 1, beloebOere: 1, faktureret: true }),
        ),
      );
      expect(r).toMatchObject({ satsOere: 68_500, beloebOere: 171_250, faktureret: false });
      const ret = await kald('PUT', `satgebyr/${r.id}`, affald, {
        ...gebyr({ beloebOere: 5, faktureret: true }),
        version: r.version,
      });
      expect(json(ret)).toMatchObject({ beloebOere: 171_250, faktureret: false });

      // Invoicing marks it (the economy module's step); from then on it cannot change.
      await t.database.db
        .update(registrering)
        .set({ data: sql`${registrering.data} || '{"faktureret": true}'::jsonb` })
        .where(eq(registrering.id, r.id));
      const v = json(await kald('GET', `satgebyr/${r.id}`, affald));
      expect(v.faktureret).toBe(true);
      const aendring = await kald('PUT', `satgebyr/${r.id}`, affald, {
        ...gebyr({ timeantal: 1 }),
        version: v.version,
      });
      expect(aendring.statusCode).toBe(400);
      expect(json(aendring).errors.faktureret).toEqual([GEBYR_FAKTURERET]);
      const slet = await kald('DELETE', `satgebyr/${r.id}?version=${v.version}`, affald);
      expect(slet.statusCode).toBe(400);
      expect(json(slet).title).toBe(GEBYR_FAKTURERET);
      expect(json(await kald('GET', `satgebyr/${r.id}`, affald))).toMatchObject({
        beloebOere: 171_250,
        version: v.version,
      });
    });

    it('answers 409 to a stale PUT or DELETE of a fee', async () => {
      const r = json(await kald('POST', `satgebyr/satvirksomhed/${sat}`, affald, gebyr()));
      const ny = json(
        await kald('PUT', `satgebyr/${r.id}`, affald, { ...gebyr({ timeantal: 3 }), version: r.version }),
      );
      expect(
        (await kald('PUT', `satgebyr/${r.id}`, affald, { ...gebyr(), version: r.version })).statusCode,
      ).toBe(409);
      expect((await kald('DELETE', `satgebyr/${r.id}?version=${r.version}`, affald)).statusCode).toBe(409);
      expect(json(await kald('GET', `satgebyr/${r.id}`, affald)).version).toBe(ny.version);
    });
  });
});
