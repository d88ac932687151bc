import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betalerFejl } from '../../src/contract/brugerbetaling-regler';
import {
  afregningsaarSchema,
  type GebyrTypeAdmin,
  gebyrTypeAdminSchema,
  oekonomiSummerSchema,
} from '../../src/contract/fakturering';
import { recordKonflikt } from '../../src/contract/record-kind';
import { BRUGERBETALING } from '../../src/contract/registreringer';
import { tidsregistreringsKategorier } from '../../src/server/catalog/lookups';
import { queryRows } from '../../src/server/db/client';
import { SEED_SATSER } from '../../src/server/db/seed/fakturering';
import { REGISTRERING_FAKTURERET } from '../../src/server/records/registreringer';
import {
  GEBYRTYPE_ART_BRUGT,
  GEBYRTYPE_KONFLIKT,
  GYLDIG_TIL_FOER_FRA,
  SATSER_KONFLIKT,
} from '../../src/server/routes/fakturering-admin';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/**
 * Invoicing administration (issue 13): the economy flag, the yearly rates, the SAT fee types, the
 * economic follow-up's computed figures, and the user-payment record kind's rules for invoicing
 * (the outside-service fee, `faktureret` set only by invoicing, an invoiced record frozen).
 */
describe.each(dbTargets())('invoicing administration on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let skive: number;
  let herning: number;

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, user ? tok[user] : undefined, body);
  const rows = <T>(q: SQL) => queryRows<T>(t.database.db, q);

  beforeAll(async () => {
    t = await createTestApp(target);
    for (const u of ['oekonomi', 'virksomhed', 'planlaegger', 'affald', 'vand', 'laeser'])
      tok[u] = await t.tokenFor(u);
    tok.herning = await t.tokenFor('admin', 657);
    skive = await t.kundeId(779);
    herning = await t.kundeId(657);
  });
  afterAll(async () => t?.close());

  describe('the seed', () => {
    it('gives every customer MST’s rates of 2020–2022 and, marked as assumptions, 2025–2026', async () => {
      const r = await rows<{ kunde_id: number; aar: number; timesats_oere: number; kilde: string }>(
        sql`select kunde_id, aar, timesats_oere, kilde from brugerbetaling_sats order by kunde_id, aar`,
      );
      const [k] = await rows<{ n: number }>(sql`select count(*)::int as n from kunde`);
      expect(r.length).toBe(Number(k!.n) * 5);
      expect([...new Set(r.map((x) => x.aar))]).toEqual([2020, 2021, 2022, 2025, 2026]);
      const af = (aar: number) => r.find((x) => x.aar === aar)!;
      expect([af(2020), af(2021), af(2022)].map((x) => x.timesats_oere)).toEqual([33_322, 43_341, 44_078]);
      for (const aar of [2020, 2021, 2022]) expect(af(aar).kilde).toMatch(/^Miljøstyrelsen: /);
      for (const aar of [2025, 2026]) expect(af(aar).kilde).toMatch(/^ANTAGELSE i demodata, ikke bekræftet/);
    });

    it('gives Skive companies whose payer data the economy system refuses, with unbilled records of 2026', async () => {
      const firmaer = await rows<{
        id: number;
        cvr_nr: string | null;
        betaler_type_kode: string | null;
        betalings_reference: string | null;
        ufakturerede: number;
      }>(
        sql`select v.id, v.cvr_nr, v.basis->>'betalerTypeKode' as betaler_type_kode,
              v.basis->>'betalingsReference' as betalings_reference,
              (select count(*)::int from registrering r where r.virksomhed_id = v.id and r.art = 'brugerbetaling'
                 and not r.slettet and r.dato >= '2025-11-01' and r.dato < '2026-11-01'
                 and r.data->'faktureret' = 'false'::jsonb) as ufakturerede
            from virksomhed v
            where v.kunde_id = ${skive} and v.omfattet_af_brugerbetaling and not v.slettet`,
      );
      const afvist = firmaer.filter(
        (f) =>
          betalerFejl({
            betalerTypeKode: f.betaler_type_kode,
            cvrNr: f.cvr_nr,
            betalingsReference: f.betalings_reference,
          }).length > 0,
      );
      expect(afvist.map((f) => f.betaler_type_kode).sort()).toEqual(['CPR', 'EAN', 'EAN']);
      for (const f of afvist) expect(Number(f.ufakturerede)).toBeGreaterThanOrEqual(2);
      // The other customers' payer data are in order.
      const [andre] = await rows<{ n: number }>(
        sql`select count(*)::int as n from virksomhed where kunde_id <> ${skive} and omfattet_af_brugerbetaling
          and (basis->>'betalerTypeKode' <> 'CVR' or cvr_nr is null)`,
      );
      expect(Number(andre!.n)).toBe(0);
    });
  });

  describe('Brugerbetaling/BrugOIR', () => {
    it('answers the active customer’s flag: Skive transfers to an economy system, Herning not', async () => {
      const s = await req('GET', `Brugerbetaling/BrugOIR?kundeId=${skive}`, 'oekonomi');
      expect(s.statusCode, s.body).toBe(200);
      expect(json(s)).toBe(true);
      const h = await req('GET', `Brugerbetaling/BrugOIR?kundeId=${herning}`, 'herning');
      expect(json(h)).toBe(false);
    });

    it('answers 404 for another customer’s kundeId and 400 in Danish for a bad one', async () => {
      expect((await req('GET', `Brugerbetaling/BrugOIR?kundeId=${herning}`, 'oekonomi')).statusCode).toBe(
        404,
      );
      const bad = await req('GET', 'Brugerbetaling/BrugOIR?kundeId=abc', 'oekonomi');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(json(bad).errors)).toEqual(['kundeId']);
      // A water case worker has no part in invoicing.
      expect((await req('GET', `Brugerbetaling/BrugOIR?kundeId=${skive}`, 'vand')).statusCode).toBe(403);
    });
  });

  describe('rates', () => {
    const satser = async (user = 'oekonomi') => {
      const r = await req('GET', 'fakturering/satser', user);
      expect(r.statusCode, r.body).toBe(200);
      return (json(r) as unknown[]).map((a) => afregningsaarSchema.parse(a));
    };
    const aar = async (a: number, user = 'oekonomi') => (await satser(user)).find((s) => s.aar === a);

    it('answers the seeded years newest first, each for its calendar year, with its source', async () => {
      const s = await satser('virksomhed');
      expect(s.map((a) => a.aar)).toEqual([2026, 2025, 2022, 2021, 2020]);
      expect(s.find((a) => a.aar === 2022)).toMatchObject({
        fra: '2022-01-01',
        til: '2023-01-01',
        timesatsOere: 44_078,
        fremmedAndelBp: 5779,
        husdyrGodkendelseAndelBp: 8000,
        kilde: SEED_SATSER.find((x) => x.aar === 2022)!.kilde,
      });
    });

    it('changes a year with its version; a stale or missing version answers 409', async () => {
      const foer = (await aar(2026))!;
      const body = {
        timesatsOere: 41_550,
        fremmedAndelBp: 5779,
        husdyrGodkendelseAndelBp: 8000,
        kilde: '  Miljøstyrelsens nyhed  ',
      };
      const ok = await req('PUT', 'fakturering/satser/2026', 'oekonomi', { ...body, version: foer.version });
      expect(ok.statusCode, ok.body).toBe(200);
      const efter = afregningsaarSchema.parse(json(ok));
      expect(efter).toMatchObject({ aar: 2026, timesatsOere: 41_550, kilde: 'Miljøstyrelsens nyhed' });
      expect(efter.version).not.toBe(foer.version);
      expect((await aar(2026))!.timesatsOere).toBe(41_550);

      const gammel = await req('PUT', 'fakturering/satser/2026', 'oekonomi', {
        ...body,
        version: foer.version,
      });
      expect(gammel.statusCode).toBe(409);
      expect(json(gammel).message).toBe(SATSER_KONFLIKT);
      const uden = await req('PUT', 'fakturering/satser/2026', 'oekonomi', body);
      expect(uden.statusCode).toBe(409);
      // Herning's rates are its own.
      expect((await aar(2026, 'herning'))!.timesatsOere).toBe(
        SEED_SATSER.find((x) => x.aar === 2026)!.timesatsOere,
      );
    });

    it('creates a year without rates once; a second create answers 409', async () => {
      const body = { timesatsOere: 43_000, fremmedAndelBp: 5500, husdyrGodkendelseAndelBp: 8000 };
      const ny = await req('PUT', 'fakturering/satser/2028', 'oekonomi', body);
      expect(ny.statusCode, ny.body).toBe(200);
      expect(json(ny)).toMatchObject({
        aar: 2028,
        fra: '2028-01-01',
        til: '2029-01-01',
        fremmedAndelBp: 5500,
        kilde: null,
      });
      expect((await req('PUT', 'fakturering/satser/2028', 'oekonomi', body)).statusCode).toBe(409);
      // A version for a year that has no rates is someone else's row: 409.
      const v = await req('PUT', 'fakturering/satser/2029', 'oekonomi', { ...body, version: 1 });
      expect(v.statusCode).toBe(409);
      expect(await aar(2029)).toBeUndefined();
    });

    it('answers 400 in Danish for bad rates and years', async () => {
      const bad = await req('PUT', 'fakturering/satser/2026', 'oekonomi', {
        timesatsOere: 1.5,
        fremmedAndelBp: 10_001,
        husdyrGodkendelseAndelBp: -1,
        kilde: 'x'.repeat(501),
      });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).errors).toEqual({
        timesatsOere: ['Timesatsen skal være et helt antal øre'],
        fremmedAndelBp: ['Andelen for fremmede ydelser må højst være 100 %'],
        husdyrGodkendelseAndelBp: ['Andelen for husdyrgodkendelser må ikke være negativ'],
        kilde: ['Kilden må højst være 500 tegn'],
      });
      const aarFejl = await req('PUT', 'fakturering/satser/tyve', 'oekonomi', {
        timesatsOere: 1,
        fremmedAndelBp: 1,
        husdyrGodkendelseAndelBp: 1,
      });
      expect(aarFejl.statusCode).toBe(400);
      expect(json(aarFejl).errors.aar).toEqual(['Året skal være et tal']);
    });

    it('lets only the economy administrator change rates', async () => {
      const r = await req('PUT', 'fakturering/satser/2026', 'virksomhed', {
        timesatsOere: 1,
        fremmedAndelBp: 1,
        husdyrGodkendelseAndelBp: 1,
      });
      expect(r.statusCode).toBe(403);
    });
  });

  describe('fee types', () => {
    const typer = async (user = 'oekonomi') => {
      const r = await req('GET', 'fakturering/gebyrtyper', user);
      expect(r.statusCode, r.body).toBe(200);
      return (json(r) as unknown[]).map((g) => gebyrTypeAdminSchema.parse(g));
    };
    const input = (g: GebyrTypeAdmin) => ({
      navn: g.navn,
      art: g.art,
      satsOere: g.satsOere,
      gyldigFra: g.gyldigFra,
      gyldigTil: g.gyldigTil,
      aktiv: g.aktiv,
    });
    const ny = {
      navn: 'Opfølgende affaldstilsyn',
      art: 'fast',
      satsOere: 125_000,
      gyldigFra: '2026-01-01',
      gyldigTil: '2026-12-31',
      aktiv: true,
    };

    it('lists the customer’s types with the number of live fees of each', async () => {
      const liste = await typer();
      const antal = await rows<{ type_id: number; n: number }>(
        sql`select (data->>'gebyrtypeId')::int as type_id, count(*)::int as n from registrering
          where kunde_id = ${skive} and art = 'satgebyr' and not slettet group by 1`,
      );
      expect(liste.length).toBeGreaterThanOrEqual(3);
      for (const g of liste)
        expect(g.antalGebyrer).toBe(Number(antal.find((a) => Number(a.type_id) === g.id)?.n ?? 0));
      expect(liste.some((g) => g.antalGebyrer > 0)).toBe(true);
      const herningIds = new Set((await typer('herning')).map((g) => g.id));
      expect(liste.some((g) => herningIds.has(g.id))).toBe(false);
    });

    it('creates a type (201); gyldig til before gyldig fra and impossible dates answer 400', async () => {
      const r = await req('POST', 'fakturering/gebyrtyper', 'oekonomi', ny);
      expect(r.statusCode, r.body).toBe(201);
      expect(gebyrTypeAdminSchema.parse(json(r))).toMatchObject({ ...ny, antalGebyrer: 0 });

      const foer = await req('POST', 'fakturering/gebyrtyper', 'oekonomi', {
        ...ny,
        gyldigTil: '2025-12-31',
      });
      expect(foer.statusCode).toBe(400);
      expect(json(foer).errors).toEqual({ gyldigTil: [GYLDIG_TIL_FOER_FRA] });
      const umulig = await req('POST', 'fakturering/gebyrtyper', 'oekonomi', {
        ...ny,
        gyldigFra: '2026-02-30',
      });
      expect(umulig.statusCode).toBe(400);
      expect(Object.keys(json(umulig).errors)).toEqual(['gyldigFra']);
      const tom = await req('POST', 'fakturering/gebyrtyper', 'oekonomi', {
        ...ny,
        navn: ' ',
        art: 'gratis',
      });
      expect(tom.statusCode).toBe(400);
      expect(json(tom).errors).toEqual({
        navn: ['Navnet er påkrævet'],
        art: ['Vælg timesats eller fast gebyr'],
      });
      expect((await req('POST', 'fakturering/gebyrtyper', 'affald', ny)).statusCode).toBe(403);
    });

    it('changes a type with its version; stale 409; another customer’s type 404', async () => {
      const g = (await typer()).find((x) => x.navn === ny.navn)!;
      const ok = await req('PUT', `fakturering/gebyrtyper/${g.id}`, 'oekonomi', {
        ...input(g),
        aktiv: false,
        version: g.version,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(json(ok)).toMatchObject({ id: g.id, aktiv: false });
      const gammel = await req('PUT', `fakturering/gebyrtyper/${g.id}`, 'oekonomi', {
        ...input(g),
        version: g.version,
      });
      expect(gammel.statusCode).toBe(409);
      expect(json(gammel).message).toBe(GEBYRTYPE_KONFLIKT);
      const h = (await typer('herning'))[0]!;
      const fremmed = await req('PUT', `fakturering/gebyrtyper/${h.id}`, 'oekonomi', {
        ...input(h),
        version: h.version,
      });
      expect(fremmed.statusCode).toBe(404);
      const mangler = await req('PUT', `fakturering/gebyrtyper/${g.id}`, 'oekonomi', input(g));
      expect(mangler.statusCode).toBe(400);
      expect(Object.keys(json(mangler).errors)).toEqual(['version']);
    });

    it('a new rate applies to new fees; a fee keeps the rate it was saved with; a used type keeps its kind', async () => {
      const timesats = (await typer()).find((x) => x.art === 'timesats' && x.gyldigTil === null)!;
      // A fee registered with the type, marked invoiced.
      const [gebyr] = await rows<{ id: number; virksomhed_id: number }>(
        sql`select g.id, g.virksomhed_id from registrering g join virksomhed v on v.id = g.virksomhed_id
          where g.kunde_id = ${skive} and g.art = 'satgebyr' and not g.slettet and v.type = 4
            and (g.data->>'gebyrtypeId')::int = ${timesats.id}
          order by g.id limit 1`,
      );
      await rows(
        sql`update registrering set data = data || '{"faktureret": true}'::jsonb where id = ${gebyr!.id}`,
      );
      const foer = json(await req('GET', `satgebyr/${gebyr!.id}`, 'affald'));

      const nySats = timesats.satsOere + 2_500;
      const r = await req('PUT', `fakturering/gebyrtyper/${timesats.id}`, 'oekonomi', {
        ...input(timesats),
        satsOere: nySats,
        version: timesats.version,
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(json(r)).toMatchObject({ satsOere: nySats, antalGebyrer: timesats.antalGebyrer });

      const efter = json(await req('GET', `satgebyr/${gebyr!.id}`, 'affald'));
      expect(efter).toMatchObject({ satsOere: foer.satsOere, beloebOere: foer.beloebOere, faktureret: true });
      expect(efter.satsOere).not.toBe(nySats);

      const nyt = await req('POST', `satgebyr/satvirksomhed/${gebyr!.virksomhed_id}`, 'affald', {
        titel: 'Affaldstilsyn',
        dato: '2026-06-01',
        gebyrtypeId: timesats.id,
        timeantal: 2,
      });
      expect(nyt.statusCode, nyt.body).toBe(201);
      expect(json(nyt)).toMatchObject({ satsOere: nySats, beloebOere: nySats * 2 });

      const g2 = (await typer()).find((x) => x.id === timesats.id)!;
      expect(g2.antalGebyrer).toBe(timesats.antalGebyrer + 1);
      const art = await req('PUT', `fakturering/gebyrtyper/${timesats.id}`, 'oekonomi', {
        ...input(g2),
        art: 'fast',
        version: g2.version,
      });
      expect(art.statusCode).toBe(400);
      expect(json(art).errors).toEqual({ art: [GEBYRTYPE_ART_BRUGT] });
    });
  });

  describe('economic follow-up', () => {
    let p2026: { id: number; aar: number };
    let firmaer: number[];

    beforeAll(async () => {
      const [p] = await rows<{ id: number }>(
        sql`select id from planlaegningsperiode where kunde_id = ${skive} and aar = 2026`,
      );
      p2026 = { id: Number(p!.id), aar: 2026 };
      firmaer = (
        await rows<{ id: number }>(
          sql`select id from virksomhed where kunde_id = ${skive} and type = 1 order by id limit 2`,
        )
      ).map((r) => Number(r.id));
      const [h] = await rows<{ id: number }>(
        sql`select id from virksomhed where kunde_id = ${herning} and type = 1 order by id limit 1`,
      );
      const faktura = async (
        kundeId: number,
        virksomhedId: number,
        aar: number,
        art: string,
        status: string,
        oere: number,
        halve: number,
        krediterer: number | null = null,
      ) => {
        const [r] = await rows<{ id: number }>(
          sql`insert into faktura (kunde_id, virksomhed_id, aar, art, status, total_oere, timer_halve, antal_linjer, krediterer_faktura_id)
            values (${kundeId}, ${virksomhedId}, ${aar}, ${art}, ${status}, ${oere}, ${halve}, 1, ${krediterer})
            returning id`,
        );
        return Number(r!.id);
      };
      const [a, b] = firmaer as [number, number];
      await faktura(skive, a, 2026, 'faktura', 'overfoert', 123_456, 11);
      const krediteret = await faktura(skive, b, 2026, 'faktura', 'krediteret', 50_000, 4);
      await faktura(skive, b, 2026, 'kredit', 'overfoert', -50_000, -4, krediteret);
      // Not invoiced (yet): a proposal, an approved one awaiting transfer, a failed transfer.
      await faktura(skive, a, 2026, 'faktura', 'forslag', 1_000, 2);
      await faktura(skive, a, 2026, 'faktura', 'godkendt', 2_000, 2);
      await faktura(skive, b, 2026, 'faktura', 'fejlet', 3_000, 2);
      // Another settlement year, another customer.
      await faktura(skive, a, 2025, 'faktura', 'overfoert', 9_999, 9);
      await faktura(herning, Number(h!.id), 2026, 'faktura', 'overfoert', 7_777, 7);
    });

    it('sums planned, registered and invoiced figures of the period’s year', async () => {
      const r = await req('GET', `fakturering/opfoelgning/${p2026.id}`, 'planlaegger');
      expect(r.statusCode, r.body).toBe(200);
      const s = oekonomiSummerSchema.parse(json(r));

      const [planlagt] = await rows<{ n: number }>(
        sql`select coalesce(sum(timer_halve), 0)::int as n from planlagt_tilsyn where periode_id = ${p2026.id}`,
      );
      expect(Number(planlagt!.n)).toBeGreaterThan(0);

      // Registered: hourly records dated in 2026, per company, day and category to the nearest ½ h.
      const poster = await rows<{ virksomhed_id: number; dato: string; data: Record<string, unknown> }>(
        sql`select virksomhed_id, dato::text as dato, data from registrering
          where kunde_id = ${skive} and art = 'brugerbetaling' and not slettet`,
      );
      const pr = new Map<string, number>();
      for (const p of poster) {
        if (p.data.gebyrtype !== 'Timesats gebyr' || typeof p.data.timer !== 'number') continue;
        if (!p.dato.startsWith('2026-')) continue;
        const k = `${p.virksomhed_id}|${p.dato}|${p.data.kategoriId}`;
        pr.set(k, (pr.get(k) ?? 0) + p.data.timer);
      }
      const registreret = [...pr.values()].reduce((s, t) => s + Math.round(t * 2), 0);
      expect(registreret).toBeGreaterThan(0);

      expect(s).toEqual({
        periodeId: p2026.id,
        aar: 2026,
        planlagteTimerHalve: Number(planlagt!.n),
        registreredeTimerHalve: registreret,
        // The transferred invoice; the credited one and its credit note cancel out.
        faktureredeTimerHalve: 11,
        faktureretBeloebOere: 123_456,
      });
    });

    it('answers 404 for another customer’s period and 403 without a right to it', async () => {
      const [h] = await rows<{ id: number }>(
        sql`select id from planlaegningsperiode where kunde_id = ${herning} and aar = 2026`,
      );
      expect((await req('GET', `fakturering/opfoelgning/${h!.id}`, 'oekonomi')).statusCode).toBe(404);
      expect((await req('GET', `fakturering/opfoelgning/${p2026.id}`, 'vand')).statusCode).toBe(403);
      const bad = await req('GET', 'fakturering/opfoelgning/x', 'oekonomi');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(json(bad).errors)).toEqual(['periodeId']);
    });
  });

  describe('the user-payment record kind', () => {
    let virk: number;
    const kategoriId = tidsregistreringsKategorier(1)[0]!.id;
    const post = (extra: Record<string, unknown> = {}) => ({
      titel: 'Tilsyn',
      dato: '2026-09-15',
      kategoriId,
      gebyrtype: 'Timesats gebyr',
      timer: 2.5,
      beloeb: null,
      fordringstypeId: null,
      sagsbehandlerId: null,
      bemaerkning: null,
      ...extra,
    });
    const opret = async (extra: Record<string, unknown> = {}) => {
      const r = await req('POST', `virksomhed/${virk}/brugerbetaling`, 'virksomhed', post(extra));
      expect(r.statusCode, r.body).toBe(201);
      return json(r) as { id: number; version: number; faktureret: boolean };
    };
    const gemt = async (id: number) =>
      (await rows<{ data: Record<string, unknown> }>(sql`select data from registrering where id = ${id}`))[0]!
        .data;

    beforeAll(async () => {
      virk = (await t.forsteVirksomhed(skive, 1, sql`omfattet_af_brugerbetaling`)).id;
    });

    it('charges an outside service by its bill excl. VAT, which is then required', async () => {
      expect(BRUGERBETALING.felter.find((f) => f.navn === 'beloeb')!.label).toBe('Beløb (ekskl. moms)');
      const uden = await req(
        'POST',
        `virksomhed/${virk}/brugerbetaling`,
        'virksomhed',
        post({ gebyrtype: 'Fremmed tjenesteydelse', timer: null }),
      );
      expect(uden.statusCode).toBe(400);
      expect(json(uden).errors).toEqual({
        beloeb: ['Angiv regningens beløb ekskl. moms ved fremmed tjenesteydelse'],
      });
      const r = await opret({ gebyrtype: 'Fremmed tjenesteydelse', timer: null, beloeb: 4625.5 });
      expect(r).toMatchObject({ gebyrtype: 'Fremmed tjenesteydelse', beloeb: 4625.5, faktureret: false });
    });

    it('never takes faktureret from a request', async () => {
      const r = await opret({ faktureret: true });
      expect(r.faktureret).toBe(false);
      expect((await gemt(r.id)).faktureret).toBe(false);
      const ret = await req('PUT', `brugerbetaling/${r.id}`, 'virksomhed', {
        ...post({ timer: 3, faktureret: true }),
        version: r.version,
      });
      expect(ret.statusCode, ret.body).toBe(200);
      expect(json(ret)).toMatchObject({ timer: 3, faktureret: false });
      expect((await gemt(r.id)).faktureret).toBe(false);
    });

    it('refuses to change or delete an invoiced record with a Danish 409', async () => {
      const r = await opret();
      await rows(
        sql`update registrering set data = data || '{"faktureret": true}'::jsonb where id = ${r.id}`,
      );
      const ret = await req('PUT', `brugerbetaling/${r.id}`, 'virksomhed', {
        ...post({ timer: 1, faktureret: false }),
        version: r.version,
      });
      expect(ret.statusCode).toBe(409);
      expect(json(ret).message).toBe(REGISTRERING_FAKTURERET);
      const slet = await req('DELETE', `brugerbetaling/${r.id}?version=${r.version}`, 'virksomhed');
      expect(slet.statusCode).toBe(409);
      expect(json(slet).message).toBe(REGISTRERING_FAKTURERET);
      const [row] = await rows<{ slettet: boolean; data: Record<string, unknown>; version: number }>(
        sql`select slettet, data, version from registrering where id = ${r.id}`,
      );
      expect(row).toMatchObject({
        slettet: false,
        data: expect.objectContaining({ timer: 2.5, faktureret: true }),
      });
      expect(Number(row!.version)).toBe(r.version);
      // A stale version is still the usual conflict.
      const stale = await req('PUT', `brugerbetaling/${r.id}`, 'virksomhed', {
        ...post(),
        version: r.version + 1,
      });
      expect(json(stale).message).toBe(recordKonflikt(BRUGERBETALING.navn));

      // Once credited (faktureret cleared by invoicing) it can be corrected again.
      await rows(
        sql`update registrering set data = data || '{"faktureret": false}'::jsonb where id = ${r.id}`,
      );
      const igen = await req('PUT', `brugerbetaling/${r.id}`, 'virksomhed', {
        ...post({ timer: 1 }),
        version: r.version,
      });
      expect(igen.statusCode, igen.body).toBe(200);
    });
  });
});
