import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeltDef } from '../../src/contract/felter';
import { FIL_MAKS_BYTES, FIL_STOERRELSE_FEJL, FIL_TYPE_FEJL, UKENDT_FILNAVN } from '../../src/contract/filer';
import { type AnyRecordKind, recordKonflikt, recordSchema } from '../../src/contract/record-kind';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import {
  DIADEM_ANLAEGSPAABUD,
  DIADEM_ANLAEGSPAABUD_DISPENSATION,
  DIADEM_BORINGSPAABUD,
  DIADEM_BORINGSPAABUD_DISPENSATION,
  DIADEM_STOFFER,
  FASTMAALESTATION,
  TILLADELSESFORMAAL_INDVINDING,
  VANDANLAEG_ARTER,
  VANDANLAEG_TILLADELSE,
  VANDANLAEG_TILSYN,
} from '../../src/contract/vandanlaeg-registreringer';
import { queryRows } from '../../src/server/db/client';
import { fil } from '../../src/server/db/schema';
import { gyldigVaerdi } from '../helpers/gyldige-felter';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/** The server's clock in these tests: permits are Gældende or Udløbet relative to this day. */
const I_DAG = new Date('2026-06-15T10:00:00Z');

interface Ctx {
  sagsbehandler: number;
  boringer: number[];
  paabud: Record<string, number>;
}

/** A valid value for a field. */
const gyldig = (f: FeltDef, ctx: Ctx) =>
  gyldigVaerdi(f, (kilde) =>
    kilde === 'sagsbehandler' ? ctx.sagsbehandler : kilde === 'boring' ? ctx.boringer[0] : undefined,
  );

function payload(kind: AnyRecordKind, ctx: Ctx, extra: Record<string, unknown> = {}) {
  const body: Record<string, unknown> = Object.fromEntries(
    kind.felter.filter((f) => !f.skrivebeskyttet).map((f) => [f.navn, gyldig(f, ctx)]),
  );
  if (kind.art === 'Fastmaalestation') body.boringId = ctx.boringer[0];
  if (kind.art === 'DiademAnlaegspaabudDispensation') body.paabudId = ctx.paabud.DiademAnlaegspaabud;
  if (kind.art === 'DiademBoringspaabudDispensation') body.paabudId = ctx.paabud.DiademBoringspaabud;
  if (kind.art === 'ImportEksportVandmaengder') body.periodeTil = '2026-12-31';
  return { ...body, ...extra };
}

/** A multipart body with one file part `fil`. */
function multipart(filnavn: string | null, indhold: Buffer) {
  const grænse = `mwtest${Date.now().toString(16)}`;
  const hoved =
    `--${grænse}\r\nContent-Disposition: form-data; name="fil"` +
    `${filnavn === null ? '' : `; filename="${filnavn}"`}\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(hoved, 'utf8'), indhold, Buffer.from(`\r\n--${grænse}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${grænse}` },
  };
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);

describe.each(dbTargets())('water plant records on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let skive: number;
  let herning: number;
  let plant: number;
  let plant2: number;
  let foreignPlant: number;
  let company: number;
  let ctx: Ctx;
  let andenPlantsBoring: number;
  let foreignBoring: number;

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, user ? tok[user] : undefined, body);
  const rows = <T>(q: SQL) => queryRows<T>(t.database.db, q);
  const basis = async (id: number) =>
    (
      await rows<{ m: number | null; u: string | null; version: number }>(
        sql`SELECT (basis->>'vandmaengdeM3Aar')::float AS m, basis->>'udloebsdatoPaaGaeldendeTilladelse' AS u, version
            FROM virksomhed WHERE id = ${id}`,
      )
    )[0]!;
  const boringerAf = async (id: number) =>
    (await rows<{ id: number }>(sql`SELECT id FROM boring WHERE vandanlaeg_id = ${id} ORDER BY id`)).map(
      (r) => r.id,
    );
  const upload = (
    tilsynId: number,
    user: string,
    filnavn: string | null,
    indhold: Buffer,
    ekstra: Record<string, string> = {},
  ) => {
    const m = multipart(filnavn, indhold);
    return t.app.inject({
      method: 'POST',
      url: `/api/fil/VandanlaegTilsyn/${tilsynId}`,
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${tok[user]}`, ...ekstra },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(target, {}, () => I_DAG);
    for (const u of ['vand', 'laeser', 'admin', 'virksomhed']) tok[u] = await t.tokenFor(u);
    skive = await t.kundeId(779);
    herning = await t.kundeId(657);
    const medBoringer = sql`id IN (SELECT vandanlaeg_id FROM boring GROUP BY vandanlaeg_id HAVING count(*) >= 2)`;
    plant = (await t.forsteVirksomhed(skive, VIRKSOMHEDSTYPE.VANDANLAEG, medBoringer)).id;
    plant2 = (
      await t.forsteVirksomhed(skive, VIRKSOMHEDSTYPE.VANDANLAEG, sql`${medBoringer} AND id <> ${plant}`)
    ).id;
    // The seeded permits of the two plants are set aside: the tests build each plant's permit history.
    await t.database.db.execute(
      sql`UPDATE registrering SET slettet = true
          WHERE art = 'VandanlaegTilladelse' AND virksomhed_id IN (${plant}, ${plant2})`,
    );
    foreignPlant = (await t.forsteVirksomhed(herning, VIRKSOMHEDSTYPE.VANDANLAEG)).id;
    company = (await t.forsteVirksomhed(skive, VIRKSOMHEDSTYPE.VIRKSOMHED)).id;
    ctx = { sagsbehandler: await t.brugerId('vand'), boringer: await boringerAf(plant), paabud: {} };
    andenPlantsBoring = (await boringerAf(plant2))[0]!;
    foreignBoring = (await boringerAf(foreignPlant))[0]!;
    // The orders the dispensations hang on.
    for (const kind of [DIADEM_ANLAEGSPAABUD, DIADEM_BORINGSPAABUD]) {
      const r = await req('POST', kind.art, 'vand', { ...payload(kind, ctx), virksomhedId: plant });
      expect(r.statusCode, r.body).toBe(201);
      ctx.paabud[kind.art] = json(r).id;
    }
  });
  afterAll(async () => t?.close());

  describe.each(VANDANLAEG_ARTER.map((k) => [k.art, k] as const))('%s', (art, kind) => {
    const listUrl = (id: number, paabud?: number) =>
      kind.egenListe ? `${art}/list/${paabud}` : `${art}/list/${id}`;
    const paabudId = () =>
      kind.egenListe
        ? ctx.paabud[
            art === 'DiademAnlaegspaabudDispensation' ? 'DiademAnlaegspaabud' : 'DiademBoringspaabud'
          ]
        : undefined;

    it('creates, reads, lists, changes and deletes on the specification’s paths, 409 when stale', async () => {
      const created = await req('POST', art, 'vand', { ...payload(kind, ctx), virksomhedId: plant });
      expect(created.statusCode, created.body).toBe(201);
      const rec = recordSchema(kind).parse(json(created));
      expect(rec).toMatchObject({
        virksomhedId: plant,
        art,
        titel: 'Testregistrering',
        version: expect.any(Number),
      });
      // The change's own entry (a permit's may be followed by the basis keeping step).
      const logs = await rows<{ emne: string; notat: string }>(
        sql`SELECT emne, notat FROM logbog WHERE virksomhed_id = ${plant} ORDER BY id DESC LIMIT 2`,
      );
      expect(logs.map((l) => l.notat).join('\n')).toContain(`${kind.navn} 'Testregistrering' oprettet`);

      const one = await req('GET', `${art}/${rec.id}`, 'laeser');
      expect(one.statusCode).toBe(200);
      expect(json(one)).toEqual(json(created));
      const list = await req('GET', listUrl(plant, paabudId()), 'laeser');
      expect(list.statusCode, list.body).toBe(200);
      expect((json(list) as { id: number }[]).map((r) => r.id)).toContain(rec.id);

      const changed = await req('PUT', `${art}/${rec.id}`, 'vand', { ...json(created), titel: 'Ændret' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(json(changed).titel).toBe('Ændret');
      const stale = await req('PUT', `${art}/${rec.id}`, 'admin', { ...json(created), titel: 'Anden' });
      expect(stale.statusCode).toBe(409);
      expect(json(stale).message).toBe(recordKonflikt(kind.navn));
      expect((await req('DELETE', `${art}/${rec.id}?version=${rec.version}`, 'vand')).statusCode).toBe(409);

      const del = await req('DELETE', `${art}/${rec.id}?version=${json(changed).version}`, 'vand');
      expect(del.statusCode).toBe(204);
      expect((await req('GET', `${art}/${rec.id}`, 'vand')).statusCode).toBe(404);
      const after = json(await req('GET', listUrl(plant, paabudId()), 'vand')) as { id: number }[];
      expect(after.map((r) => r.id)).not.toContain(rec.id);
    });

    it('answers 400 in Danish naming the fields', async () => {
      const empty = await req('POST', art, 'vand', { virksomhedId: plant });
      expect(empty.statusCode).toBe(400);
      const required = kind.felter
        .filter((f) => !f.skrivebeskyttet && 'paakraevet' in f.type && f.type.paakraevet)
        .map((f) => f.navn);
      expect(Object.keys(json(empty).errors).sort()).toEqual(required.sort());
      expect(json(empty).errors.titel).toEqual(['Feltet er påkrævet']);
      const noOwner = await req('POST', art, 'vand', payload(kind, ctx));
      expect(noOwner.statusCode).toBe(400);
      expect(Object.keys(json(noOwner).errors)).toEqual(['virksomhedId']);
      const noVersion = await req('PUT', `${art}/1`, 'vand', { titel: 'x' });
      expect(noVersion.statusCode).toBe(400);
      expect(Object.keys(json(noVersion).errors)).toContain('version');
      const badDate = await req('POST', art, 'vand', {
        ...payload(kind, ctx),
        virksomhedId: plant,
        dato: '31-02-2026',
      });
      expect(badDate.statusCode).toBe(400);
      expect(json(badDate).errors.dato[0]).toMatch(/dato/i);
    });

    it('access: reader looks but may not change (403), another customer’s or a company’s id is 404', async () => {
      const created = json(await req('POST', art, 'vand', { ...payload(kind, ctx), virksomhedId: plant }));
      expect(
        (await req('POST', art, 'laeser', { ...payload(kind, ctx), virksomhedId: plant })).statusCode,
      ).toBe(403);
      expect((await req('PUT', `${art}/${created.id}`, 'laeser', created)).statusCode).toBe(403);
      expect(
        (await req('DELETE', `${art}/${created.id}?version=${created.version}`, 'laeser')).statusCode,
      ).toBe(403);
      expect((await req('GET', `${art}/${created.id}`, 'virksomhed')).statusCode).toBe(403);
      expect((await req('GET', `${art}/${created.id}`)).statusCode).toBe(401);

      // Another customer's plant, or a company, is not found.
      const foreign = await req('POST', art, 'vand', { ...payload(kind, ctx), virksomhedId: foreignPlant });
      expect(foreign.statusCode).toBe(404);
      expect(
        (await req('POST', art, 'admin', { ...payload(kind, ctx), virksomhedId: company })).statusCode,
      ).toBe(404);
      if (!kind.egenListe) {
        expect((await req('GET', `${art}/list/${foreignPlant}`, 'vand')).statusCode).toBe(404);
        expect((await req('GET', `${art}/list/${company}`, 'admin')).statusCode).toBe(404);
      }
      // The admin in the other customer sees the record as not found.
      const admin2 = await t.tokenFor('admin', 657);
      expect((await t.kald('GET', `/api/${art}/${created.id}`, admin2)).statusCode).toBe(404);
      expect((await t.kald('PUT', `/api/${art}/${created.id}`, admin2, created)).statusCode).toBe(404);
      expect(
        (await req('DELETE', `${art}/${created.id}?version=${created.version}`, 'vand')).statusCode,
      ).toBe(204);
    });
  });

  describe('permits', () => {
    const tilladelse = (extra: Record<string, unknown>) => ({
      ...payload(VANDANLAEG_TILLADELSE, ctx),
      virksomhedId: plant2,
      boringIds: [],
      ...extra,
    });

    it('allows one valid permit at a time; revoked and expired ones do not count; the basis follows', async () => {
      const udloebet = await req(
        'POST',
        'VandanlaegTilladelse',
        'vand',
        tilladelse({ titel: 'Gammel', dato: '2010-01-01', slutdato: '2022-12-31', vandmaengdeM3Aar: 5000 }),
      );
      expect(udloebet.statusCode, udloebet.body).toBe(201);
      expect(json(udloebet).status).toBe('Udløbet');
      expect(json(udloebet).tilladelsesformaalId).toBe(TILLADELSESFORMAAL_INDVINDING);

      const foer = await basis(plant2);
      const p2 = await req(
        'POST',
        'VandanlaegTilladelse',
        'vand',
        tilladelse({
          titel: 'Tilladelse 2020',
          dato: '2020-01-01',
          slutdato: '2030-12-31',
          vandmaengdeM3Aar: 120000,
        }),
      );
      expect(p2.statusCode, p2.body).toBe(201);
      expect(json(p2).status).toBe('Gældende');
      const efter = await basis(plant2);
      expect(efter).toMatchObject({ m: 120000, u: '2030-12-31' });
      expect(efter.version).not.toBe(foer.version);
      const [log] = await rows<{ notat: string }>(
        sql`SELECT notat FROM logbog WHERE virksomhed_id = ${plant2} ORDER BY id DESC LIMIT 1`,
      );
      expect(log!.notat).toContain(
        "Tilladt vandmængde og udløbsdato fulgt med den gældende tilladelse 'Tilladelse 2020'",
      );

      // Overlapping a valid permit is refused, naming it.
      const overlap = await req(
        'POST',
        'VandanlaegTilladelse',
        'vand',
        tilladelse({ titel: 'Ny', dato: '2026-03-01', slutdato: null, vandmaengdeM3Aar: 150000 }),
      );
      expect(overlap.statusCode).toBe(400);
      expect(json(overlap).errors.dato[0]).toContain("'Tilladelse 2020' (01-01-2020 – 31-12-2030)");
      expect(json(overlap).errors.dato[0]).toContain('kun være én gældende tilladelse');

      // Revoking the old one lets the new one in; the basis follows the new one.
      const revoked = await req('PUT', `VandanlaegTilladelse/${json(p2).id}`, 'vand', {
        ...json(p2),
        tilbagekaldt: true,
        tilbagekaldtDato: '2026-03-01',
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(json(revoked).status).toBe('Udløbet');
      expect(await basis(plant2)).toMatchObject({ m: null, u: null });
      const ny = await req(
        'POST',
        'VandanlaegTilladelse',
        'vand',
        tilladelse({ titel: 'Ny', dato: '2026-03-01', slutdato: null, vandmaengdeM3Aar: 150000 }),
      );
      expect(ny.statusCode, ny.body).toBe(201);
      expect(await basis(plant2)).toMatchObject({ m: 150000, u: null });

      // Taking the revocation back would make two valid permits: refused.
      const tilbage = await req('PUT', `VandanlaegTilladelse/${json(p2).id}`, 'vand', {
        ...json(revoked),
        tilbagekaldt: false,
        tilbagekaldtDato: null,
      });
      expect(tilbage.statusCode).toBe(400);
      expect(json(tilbage).errors.dato[0]).toContain("'Ny'");

      // A revoked permit needs its date, and the purpose is fixed.
      const utenDato = await req('PUT', `VandanlaegTilladelse/${json(p2).id}`, 'vand', {
        ...json(revoked),
        tilbagekaldtDato: null,
      });
      expect(json(utenDato).errors).toEqual({
        tilbagekaldtDato: ['Angiv datoen tilladelsen blev tilbagekaldt'],
      });
      const formaal = await req(
        'POST',
        'VandanlaegTilladelse',
        'vand',
        tilladelse({ tilladelsesformaalId: 2 }),
      );
      expect(Object.keys(json(formaal).errors)).toEqual(['tilladelsesformaalId']);

      // The permit of a period: the latest that was in force some day of it.
      const periode = (start: string, slut: string) =>
        req(
          'GET',
          `VandanlaegTilladelse/LatestVandanlaegtilladelseByYear/${plant2}?start=${start}&slut=${slut}`,
          'laeser',
        );
      expect(json(await periode('2015-01-01', '2015-12-31')).titel).toBe('Gammel');
      expect(json(await periode('2021-01-01', '2021-12-31')).titel).toBe('Tilladelse 2020');
      expect(json(await periode('2027-01-01', '2027-12-31')).titel).toBe('Ny');
      const ingen = await periode('2000-01-01', '2000-12-31');
      expect(ingen.statusCode).toBe(200);
      expect(json(ingen)).toBeNull();
      expect((await periode('2021-12-31', '2021-01-01')).statusCode).toBe(400);
      expect(
        (
          await req(
            'GET',
            `VandanlaegTilladelse/LatestVandanlaegtilladelseByYear/${plant2}?start=2021`,
            'vand',
          )
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await req(
            'GET',
            `VandanlaegTilladelse/LatestVandanlaegtilladelseByYear/${foreignPlant}?start=2021-01-01&slut=2021-12-31`,
            'vand',
          )
        ).statusCode,
      ).toBe(404);

      // Deleting the valid permit empties the basis again.
      const slet = await req(
        'DELETE',
        `VandanlaegTilladelse/${json(ny).id}?version=${json(ny).version}`,
        'vand',
      );
      expect(slet.statusCode).toBe(204);
      expect(await basis(plant2)).toMatchObject({ m: null, u: null });
    });

    it('lists the permits covering a borehole; boreholes of another plant are refused', async () => {
      const [b1, b2] = ctx.boringer;
      const p = await req('POST', 'VandanlaegTilladelse', 'vand', {
        ...payload(VANDANLAEG_TILLADELSE, ctx),
        virksomhedId: plant,
        titel: 'Boringstilladelse',
        dato: '2001-01-01',
        slutdato: '2001-12-31',
        boringIds: [b1],
      });
      expect(p.statusCode, p.body).toBe(201);
      const for1 = json(await req('GET', `VandanlaegTilladelse/boringstilladelser/${b1}`, 'laeser')) as {
        id: number;
      }[];
      expect(for1.map((r) => r.id)).toContain(json(p).id);
      const for2 = json(await req('GET', `VandanlaegTilladelse/boringstilladelser/${b2}`, 'laeser')) as {
        id: number;
      }[];
      expect(for2.map((r) => r.id)).not.toContain(json(p).id);
      expect(
        (await req('GET', `VandanlaegTilladelse/boringstilladelser/${foreignBoring}`, 'vand')).statusCode,
      ).toBe(404);
      expect((await req('GET', 'VandanlaegTilladelse/boringstilladelser/999999', 'vand')).statusCode).toBe(
        404,
      );
      const fremmed = await req('POST', 'VandanlaegTilladelse', 'vand', {
        ...payload(VANDANLAEG_TILLADELSE, ctx),
        virksomhedId: plant,
        dato: '2002-01-01',
        slutdato: '2002-12-31',
        boringIds: [andenPlantsBoring],
      });
      expect(fremmed.statusCode).toBe(400);
      expect(Object.keys(json(fremmed).errors)).toEqual(['boringIds']);
    });
  });

  describe('Diadem', () => {
    it('lists an order’s dispensations; a dispensation must name an order of the same plant and kind', async () => {
      for (const [kind, paabudArt] of [
        [DIADEM_ANLAEGSPAABUD_DISPENSATION, 'DiademAnlaegspaabud'],
        [DIADEM_BORINGSPAABUD_DISPENSATION, 'DiademBoringspaabud'],
      ] as const) {
        const paabud = ctx.paabud[paabudArt]!;
        const andet =
          paabudArt === 'DiademAnlaegspaabud'
            ? ctx.paabud.DiademBoringspaabud!
            : ctx.paabud.DiademAnlaegspaabud!;
        const d = await req('POST', kind.art, 'vand', {
          ...payload(kind, ctx),
          virksomhedId: plant,
          titel: 'Disp',
        });
        expect(d.statusCode, d.body).toBe(201);
        const list = json(await req('GET', `${kind.art}/list/${paabud}`, 'laeser')) as {
          id: number;
          paabudId: number;
        }[];
        expect(list.map((r) => r.id)).toContain(json(d).id);
        expect(list.every((r) => r.paabudId === paabud)).toBe(true);
        // The other kind's order, an unknown order, or the order on another plant: 400 on paabudId.
        for (const [id, virksomhedId] of [
          [andet, plant],
          [999999, plant],
          [paabud, plant2],
        ] as const) {
          const bad = await req('POST', kind.art, 'vand', {
            ...payload(kind, ctx),
            virksomhedId,
            paabudId: id,
          });
          expect(bad.statusCode, `${id}`).toBe(400);
          expect(Object.keys(json(bad).errors)).toEqual(['paabudId']);
        }
        expect((await req('GET', `${kind.art}/list/${andet}`, 'vand')).statusCode).toBe(404);
        const admin2 = await t.tokenFor('admin', 657);
        expect((await t.kald('GET', `/api/${kind.art}/list/${paabud}`, admin2)).statusCode).toBe(404);
        expect((await req('GET', `${kind.art}/list/${paabud}`, 'virksomhed')).statusCode).toBe(403);
      }
    });

    it('serves the substances; a borehole order needs a borehole of the plant', async () => {
      const s = await req('GET', `DiademStof/list/${plant}`, 'laeser');
      expect(s.statusCode).toBe(200);
      expect((json(s) as { navn: string }[]).map((i) => i.navn)).toEqual([...DIADEM_STOFFER]);
      expect((await req('GET', `DiademStof/list/${foreignPlant}`, 'vand')).statusCode).toBe(404);
      const ukendtStof = await req('POST', 'DiademAnalysefrekvens', 'vand', {
        titel: 'Gruppe B',
        stof: 'Kryptonit',
        antalPrAar: 2,
        dato: '2026-01-01',
        virksomhedId: plant,
      });
      expect(json(ukendtStof).errors).toEqual({ stof: ['Ugyldig værdi'] });
      const bp = await req('POST', 'DiademBoringspaabud', 'vand', {
        ...payload(DIADEM_BORINGSPAABUD, ctx),
        virksomhedId: plant,
        boringId: andenPlantsBoring,
      });
      expect(bp.statusCode).toBe(400);
      expect(Object.keys(json(bp).errors)).toEqual(['boringId']);
    });
  });

  it('sampling sites: the site type decides what is needed, a coordinate is both or none and in Denmark', async () => {
    const sted = (extra: Record<string, unknown>) =>
      req('POST', 'Fastmaalestation', 'vand', {
        ...payload(FASTMAALESTATION, ctx),
        virksomhedId: plant,
        ...extra,
      });
    expect(json(await sted({ boringId: null })).errors).toEqual({
      boringId: ['Vælg boringen prøverne tages fra'],
    });
    expect(json(await sted({ stedtype: 'Tappested', boringId: null })).errors).toEqual({
      tappested: ['Angiv tappestedet'],
    });
    expect(json(await sted({ x: 512345 })).errors).toEqual({ y: ['Angiv både x og y, eller ingen af dem'] });
    expect(json(await sted({ x: 100000, y: 6200000 })).errors).toEqual({
      x: ['Koordinaten ligger uden for Danmarks land- og søterritorium (EPSG:25832)'],
    });
    const ok = await sted({ x: 512345.6, y: 6234567.8 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok)).toMatchObject({ x: 512345.6, y: 6234567.8, aktiv: false, stedtype: 'Boring / indtag' });
  });

  describe('files on inspections', () => {
    let tilsyn: number;
    beforeAll(async () => {
      const r = await req('POST', 'VandanlaegTilsyn', 'vand', {
        ...payload(VANDANLAEG_TILSYN, ctx),
        virksomhedId: plant,
        titel: 'Tilsyn med filer',
      });
      tilsyn = json(r).id;
    });

    it('uploads, lists, downloads with the file’s name, and deletes (soft)', async () => {
      const up = await upload(tilsyn, 'vand', 'Rapport æøå 2026.pdf', PDF);
      expect(up.statusCode, up.body).toBe(201);
      const f = json(up);
      expect(f).toMatchObject({
        ejerId: tilsyn,
        filnavn: 'Rapport æøå 2026.pdf',
        mimeType: 'application/pdf',
        stoerrelse: PDF.length,
      });
      const list = await req('GET', `fil/hentFilerPaaVandanlaegTilsyn/${tilsyn}`, 'laeser');
      expect(list.statusCode).toBe(200);
      expect((json(list) as { id: number }[]).map((x) => x.id)).toContain(f.id);

      const down = await req('GET', `fil/${f.id}`, 'laeser');
      expect(down.statusCode).toBe(200);
      expect(down.headers['content-type']).toBe('application/pdf');
      expect(down.headers['content-disposition']).toBe(
        `attachment; filename="Rapport aeoea 2026.pdf"; filename*=UTF-8''Rapport%20%C3%A6%C3%B8%C3%A5%202026.pdf`,
      );
      expect(down.rawPayload.equals(PDF)).toBe(true);

      expect((await req('DELETE', `fil/${f.id}`, 'laeser')).statusCode).toBe(403);
      expect((await req('DELETE', `fil/${f.id}`, 'vand')).statusCode).toBe(204);
      expect((await req('GET', `fil/${f.id}`, 'vand')).statusCode).toBe(404);
      expect((await req('DELETE', `fil/${f.id}`, 'vand')).statusCode).toBe(404);
      const after = json(await req('GET', `fil/hentFilerPaaVandanlaegTilsyn/${tilsyn}`, 'vand')) as {
        id: number;
      }[];
      expect(after.map((x) => x.id)).not.toContain(f.id);
      const [row] = await rows<{ slettet: boolean }>(sql`SELECT slettet FROM fil WHERE id = ${f.id}`);
      expect(row!.slettet).toBe(true);
    });

    it('an upload retried with the same Idempotency-Key attaches the file once', async () => {
      const foer = (
        await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM fil WHERE ejer_id = ${tilsyn}`)
      )[0]!.n;
      const key = { 'idempotency-key': `fil-${target}-1` };
      const a = await upload(tilsyn, 'vand', 'notat.txt', Buffer.from('første'), key);
      expect(a.statusCode, a.body).toBe(201);
      const b = await upload(tilsyn, 'vand', 'notat.txt', Buffer.from('første'), key);
      expect(b.statusCode).toBe(201);
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(json(b).id).toBe(json(a).id);
      const efter = (
        await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM fil WHERE ejer_id = ${tilsyn}`)
      )[0]!.n;
      expect(efter).toBe(foer + 1);
    });

    it('names a file without a name ukendt-filnavn', async () => {
      const [ny] = await t.database.db
        .insert(fil)
        .values({
          kundeId: skive,
          virksomhedId: plant,
          ejerArt: 'VandanlaegTilsyn',
          ejerId: tilsyn,
          filnavn: null,
          mimeType: 'text/plain; charset=utf-8',
          stoerrelse: 3,
          indhold: Buffer.from('abc'),
        })
        .returning({ id: fil.id });
      const down = await req('GET', `fil/${ny!.id}`, 'vand');
      expect(down.statusCode).toBe(200);
      expect(down.headers['content-disposition']).toBe(
        `attachment; filename="${UKENDT_FILNAVN}"; filename*=UTF-8''${UKENDT_FILNAVN}`,
      );
    });

    it('refuses other types, too large files, content that is not its type, readers and foreign ids', async () => {
      const exe = await upload(tilsyn, 'vand', 'virus.exe', Buffer.from('MZ....'));
      expect(exe.statusCode).toBe(400);
      expect(json(exe).errors.fil).toEqual([FIL_TYPE_FEJL]);
      const uden = await upload(tilsyn, 'vand', 'README', Buffer.from('tekst'));
      expect(uden.statusCode).toBe(400);
      const stor = await upload(tilsyn, 'vand', 'stor.txt', Buffer.alloc(FIL_MAKS_BYTES + 1, 0x61));
      expect(stor.statusCode, stor.body).toBe(413);
      expect(json(stor).errors.fil).toEqual([FIL_STOERRELSE_FEJL]);
      const falsk = await upload(tilsyn, 'vand', 'falsk.pdf', Buffer.from('ikke en pdf'));
      expect(falsk.statusCode).toBe(400);
      expect(json(falsk).errors.fil[0]).toContain('.pdf');
      const tom = await upload(tilsyn, 'vand', 'tom.txt', Buffer.alloc(0));
      expect(json(tom).errors.fil).toEqual(['Filen er tom']);
      const ingenFil = await t.app.inject({
        method: 'POST',
        url: `/api/fil/VandanlaegTilsyn/${tilsyn}`,
        headers: { authorization: `Bearer ${tok.vand}` },
        payload: { x: 1 },
      });
      expect(ingenFil.statusCode).toBe(400);
      expect((await upload(tilsyn, 'laeser', 'ok.txt', Buffer.from('ok'))).statusCode).toBe(403);
      // At the edge: exactly the limit is accepted.
      const kant = await upload(tilsyn, 'vand', 'kant.txt', Buffer.alloc(FIL_MAKS_BYTES, 0x61));
      expect(kant.statusCode, kant.body).toBe(201);

      // Another customer's inspection and files are not found.
      const admin2 = await t.tokenFor('admin', 657);
      expect(
        (await t.kald('GET', `/api/fil/hentFilerPaaVandanlaegTilsyn/${tilsyn}`, admin2)).statusCode,
      ).toBe(404);
      expect((await t.kald('GET', `/api/fil/${json(kant).id}`, admin2)).statusCode).toBe(404);
      expect((await t.kald('DELETE', `/api/fil/${json(kant).id}`, admin2)).statusCode).toBe(404);
      // Only inspections take files.
      expect(
        (await upload(ctx.paabud.DiademAnlaegspaabud!, 'vand', 'ok.txt', Buffer.from('ok'))).statusCode,
      ).toBe(404);
    });

    it('an Idempotency-Key covers the file: the same file again replays, another file answers 422', async () => {
      const noegle = { 'idempotency-key': `fil-${Date.now()}` };
      const antal = async () =>
        (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM fil WHERE filnavn = 'nøgle.txt'`))[0]!
          .n;
      const foer = await antal();
      const foerste = await upload(tilsyn, 'vand', 'nøgle.txt', Buffer.from('første indhold'), noegle);
      expect(foerste.statusCode, foerste.body).toBe(201);
      // The same file in a body with another boundary (a browser draws one per send): the first answer.
      await new Promise((r) => setTimeout(r, 2));
      const igen = await upload(tilsyn, 'vand', 'nøgle.txt', Buffer.from('første indhold'), noegle);
      expect(igen.statusCode).toBe(201);
      expect(igen.headers['idempotent-replayed']).toBe('true');
      expect(json(igen)).toEqual(json(foerste));
      // Another file under the same key: refused, not answered with the first file's record.
      const anden = await upload(tilsyn, 'vand', 'nøgle.txt', Buffer.from('andet indhold'), noegle);
      expect(anden.statusCode, anden.body).toBe(422);
      expect(await antal()).toBe(foer + 1);
      // The handler's own answers still come through a body read ahead: too large, no file.
      const stor = await upload(tilsyn, 'vand', 'stor.txt', Buffer.alloc(FIL_MAKS_BYTES + 1, 0x61), {
        'idempotency-key': `stor-${Date.now()}`,
      });
      expect(stor.statusCode, stor.body).toBe(413);
      expect(json(stor).errors.fil).toEqual([FIL_STOERRELSE_FEJL]);
      const tom = await upload(tilsyn, 'vand', 'tom.txt', Buffer.alloc(0), {
        'idempotency-key': `tom-${Date.now()}`,
      });
      expect(json(tom).errors.fil).toEqual(['Filen er tom']);
    });
  });
});
