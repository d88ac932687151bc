import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DMA_LOOKUPS, LANDBRUG_LOOKUPS, lookupItemSchema } from '../../src/contract/lookups';
import type { AnyRecordKind } from '../../src/contract/record-kind';
import { ARTER } from '../../src/contract/registreringer';
import { SAT_ARTER } from '../../src/contract/sat-registreringer';
import { VANDANLAEG_ARTER } from '../../src/contract/vandanlaeg-registreringer';
import { queryRows } from '../../src/server/db/client';
import { dmaKategori } from '../../src/server/frister/dma-status';
import { laesSpecFil } from '../helpers/spec-filer';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/** The lookup calls of spec 001 §7 this module serves (branche/list and sagsbehandler/list are elsewhere). */
const SPEC_CALLS = laesSpecFil('api-calls.tsv')
  .split('\n')
  .filter((l) => l.startsWith('GET\t'))
  .map((l) => l.split('\t')[1]!)
  .filter((p) =>
    /^(dmalookup\/|dyretype\/list|AdHocOpgave\/emner|kontaktpersontype\/|Kontaktperson\/kontaktpersonbetalertypelist|tidsregistreringsKategori\/listGebyr|Kontrolpunkt\/henttemplateemner|TilsynRapport\/henttemplateemner|brugerbetaling\/GetPSRMFordringstypeLookup)/.test(
      p,
    ),
  );

describe.each(dbTargets())('lookup API on %s', (target) => {
  let t: TestApp;
  let virk: string;
  let vand: string;
  let laeser: string;
  let skive: number;
  let herning: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    [virk, vand, laeser] = await Promise.all([
      t.tokenFor('virksomhed'),
      t.tokenFor('vand'),
      t.tokenFor('laeser'),
    ]);
    skive = await t.kundeId(779);
    herning = await t.kundeId(657);
  });
  afterAll(async () => t?.close());

  const get = (url: string, token?: string) => t.kald('GET', `/api/${url}`, token);

  const firma = async (kundeId: number, type: 1 | 2, where?: SQL) =>
    (await t.forsteVirksomhed(kundeId, type, where)).id;

  it('names every fixed lookup call of the specification', () => {
    expect(SPEC_CALLS.length).toBeGreaterThanOrEqual(31);
  });

  it('serves every fixed lookup of spec 001 §7 as lookup items, for any signed-in user', async () => {
    for (const path of SPEC_CALLS) {
      for (const token of [virk, vand]) {
        const r = await get(path, token);
        expect(r.statusCode, path).toBe(200);
        const items = json(r) as unknown[];
        expect(items.length, path).toBeGreaterThan(1);
        for (const item of items) {
          const parsed = lookupItemSchema.strict().safeParse(item);
          expect(parsed.success, `${path}: ${JSON.stringify(item)}`).toBe(true);
        }
        const ids = (items as { id: number }[]).map((i) => i.id);
        expect(new Set(ids).size, `${path} has unique ids`).toBe(ids.length);
        const prioriteter = (items as { prioritet: number }[]).map((i) => i.prioritet);
        expect(prioriteter).toEqual([...prioriteter].sort((a, b) => a - b));
      }
    }
  });

  it('serves the heating-plant lists and the farm lists too, and matches names in any letter case', async () => {
    for (const name of DMA_LOOKUPS) expect((await get(`dmalookup/${name}`, virk)).statusCode, name).toBe(200);
    for (const name of LANDBRUG_LOOKUPS) {
      const r = await get(`mwlandbruglookup/list/${name}`, virk);
      expect(r.statusCode, name).toBe(200);
      expect(json(r).length).toBeGreaterThan(2);
    }
    const a = json(await get('dmalookup/tilsynsTyper', virk));
    const b = json(await get('DMALOOKUP/TILSYNSTYPER', virk));
    expect(b).toEqual(a);
  });

  it('has realistic Danish values, retired ones inactive and non-DMA ones marked', async () => {
    // BEK 1536/2019 § 14 and DMA: the type is fysisk/administrativt, the category one of six.
    type Item = { id: number; kode: string; navn: string; aktiv: boolean };
    const typer = json(await get('dmalookup/tilsynsTyper', virk)) as Item[];
    expect(typer.filter((t) => t.kode !== 'SYSTEMREVISION').map((t) => t.kode)).toEqual([
      'FYSISK',
      'ADMINISTRATIVT',
    ]);
    const kategorier = json(await get('dmalookup/tilsynsKategorier', virk)) as Item[];
    expect(kategorier.filter((k) => k.aktiv).map((k) => k.kode)).toEqual([
      'BASIS',
      'PRIORITERET',
      'KAMPAGNE',
      'OPSTART',
      'PARAGRAF9',
      'OEVRIGE',
    ]);
    // The ids stay with their codes (migration 0021 swapped only the keys); the retired complaint and
    // follow-up categories go to DMA as § 9-tilsyn.
    const id = (kode: string) => kategorier.find((k) => k.kode === kode)!.id;
    expect([id('BASIS'), id('PRIORITERET'), id('KAMPAGNE'), id('KLAGE'), id('OPFOELGNING')]).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(kategorier.find((k) => k.kode === 'KLAGE')?.aktiv).toBe(false);
    expect(dmaKategori(id('KLAGE'))).toBe(id('PARAGRAF9'));
    expect(dmaKategori(id('OPFOELGNING'))).toBe(id('PARAGRAF9'));
    expect(dmaKategori(id('BASIS'))).toBe(id('BASIS'));
    const hh = json(await get('dmalookup/haandhaevelsesTyper', virk)) as { navn: string; dmaKode: boolean }[];
    expect(hh.find((h) => h.navn === 'Henstilling')?.dmaKode).toBe(false);
    expect(hh.find((h) => h.navn === 'Påbud')?.dmaKode).toBe(true);
    const myndighed = json(await get('dmalookup/miljoemyndighed', virk)) as { id: number; navn: string }[];
    expect(myndighed.find((m) => m.id === 779)?.navn).toBe('Skive Kommune');
    expect(myndighed.length).toBeGreaterThanOrEqual(99);
  });

  it('migration 0021 swaps the two keys of an inspection recorded with the old names, nothing else', async () => {
    const v = await firma(skive, 1);
    // Old names: tilsynstypeId 3 = KAMPAGNE (now a category), tilsynskategoriId 1 = FYSISK (now a type).
    const [r] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO registrering (kunde_id, virksomhed_id, art, titel, dato, data)
        VALUES (${skive}, ${v}, 'tilsyn', 'Gammelt tilsyn', '2019-05-01',
          ${JSON.stringify({ tilsynstypeId: 3, tilsynskategoriId: 1, varslet: true })}::jsonb) RETURNING id`,
    );
    const migration = readFileSync(path.resolve('drizzle/0021_dma_tilsynstype_kategori.sql'), 'utf8');
    await queryRows(
      t.database.db,
      sql.raw(migration.replace('WHERE "art"', `WHERE "id" = ${r!.id} AND "art"`)),
    );
    const [efter] = await queryRows<{ data: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT data FROM registrering WHERE id = ${r!.id}`,
    );
    expect(efter!.data).toEqual({ tilsynstypeId: 1, tilsynskategoriId: 3, varslet: true });
    const typer = json(await get('dmalookup/tilsynsTyper', virk)) as { id: number; navn: string }[];
    const kategorier = json(await get('dmalookup/tilsynsKategorier', virk)) as { id: number; navn: string }[];
    expect(typer.find((x) => x.id === 1)?.navn).toBe('Fysisk tilsyn');
    expect(kategorier.find((x) => x.id === 3)?.navn).toBe('Kampagnetilsyn');
  });

  it('answers 404 for an unknown list and 401 without a token', async () => {
    expect((await get('dmalookup/findesikke', virk)).statusCode).toBe(404);
    expect((await get('mwlandbruglookup/list/findesikke', virk)).statusCode).toBe(404);
    expect((await get('dmalookup/tilsynsTyper')).statusCode).toBe(401);
    expect((await get('dyretype/list')).statusCode).toBe(401);
    expect((await get('miljoeRisikoVurdering/list/1/lookup')).statusCode).toBe(401);
    expect((await get('tidsregistreringsKategori/listVirksomhed?virksomhedid=1')).statusCode).toBe(401);
  });

  it('serves the ids the seeded records and companies refer to', async () => {
    const lister = new Map<string, Set<number | string>>();
    const liste = async (path: string, vaerdi: 'id' | 'kode' | 'navn' = 'id') => {
      const key = `${path}|${vaerdi}`;
      if (!lister.has(key)) {
        const items = json(await get(path, virk)) as Record<string, number | string>[];
        lister.set(key, new Set(items.map((i) => i[vaerdi]!)));
      }
      return lister.get(key)!;
    };
    // The seeded records of companies, farms and water plants: every kind's lookup values.
    const kinds = new Map<string, AnyRecordKind>(
      [...Object.values(ARTER), ...VANDANLAEG_ARTER, ...SAT_ARTER].map((k) => [k.art, k]),
    );
    const rows = await queryRows<{ art: string; data: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT art, data FROM registrering WHERE kunde_id = ${skive}`,
    );
    expect(rows.length).toBeGreaterThan(100);
    let checked = 0;
    for (const r of rows) {
      for (const f of kinds.get(r.art)!.felter) {
        if (f.type.kind !== 'lookup' || !('path' in f.type.kilde)) continue;
        const options = await liste(f.type.kilde.path, f.type.vaerdi);
        const values = Array.isArray(r.data[f.navn]) ? (r.data[f.navn] as unknown[]) : [r.data[f.navn]];
        for (const v of values) {
          if (v === null || v === undefined) continue;
          expect(options.has(v as number), `${r.art}.${f.navn} = ${String(v)}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    const basis = await queryRows<{ g: number; s: number; m: number; h: string }>(
      t.database.db,
      sql`SELECT (basis->>'virksomhedsGruppeId')::int AS g, (basis->>'dmaStatusId')::int AS s,
                 (basis->>'miljoemyndighedId')::int AS m, basis->>'hovedaktivitet' AS h
            FROM virksomhed WHERE kunde_id = ${skive} AND type IN (1, 2)`,
    );
    // Some companies lack a value on purpose (the DMA report's 'mangler' demo, see seed/frister.ts).
    const har = <T>(v: T | null): v is T => v !== null;
    for (const b of basis) {
      if (har(b.g)) expect((await liste('dmalookup/virksomhedsgrupper')).has(b.g), String(b.g)).toBe(true);
      if (har(b.s)) expect((await liste('dmalookup/dmaStatus')).has(b.s), String(b.s)).toBe(true);
      if (har(b.m)) expect((await liste('dmalookup/miljoemyndighed')).has(b.m), String(b.m)).toBe(true);
      if (har(b.h)) expect((await liste('dmalookup/aktiviteter', 'navn')).has(b.h), b.h).toBe(true);
    }
    // Only a few: the rest are checked.
    for (const felt of ['g', 's', 'm', 'h'] as const) {
      expect(basis.filter((b) => har(b[felt])).length).toBeGreaterThan(basis.length * 0.9);
    }
  });

  describe('tidsregistreringsKategori/listVirksomhed?virksomhedid', () => {
    it('answers the categories of the company type: farm categories only for farms', async () => {
      const v = await firma(skive, 1);
      const l = await firma(skive, 2);
      const admin = await t.tokenFor('admin');
      const forV = json(await get(`tidsregistreringsKategori/listVirksomhed?virksomhedid=${v}`, admin)) as {
        kode: string;
      }[];
      const forL = json(await get(`tidsregistreringsKategori/listVirksomhed?virksomhedId=${l}`, admin)) as {
        kode: string;
      }[];
      expect(forV.map((k) => k.kode)).toContain('TILSYN');
      expect(forV.map((k) => k.kode)).not.toContain('HUSDYR');
      expect(forL.map((k) => k.kode)).toContain('HUSDYR');
    });
    it('needs the read right of the type, hides other customers and checks its query', async () => {
      const v = await firma(skive, 1);
      expect(
        (await get(`tidsregistreringsKategori/listVirksomhed?virksomhedid=${v}`, laeser)).statusCode,
      ).toBe(200);
      expect((await get(`tidsregistreringsKategori/listVirksomhed?virksomhedid=${v}`, vand)).statusCode).toBe(
        403,
      );
      const anden = await firma(herning, 1);
      expect(
        (await get(`tidsregistreringsKategori/listVirksomhed?virksomhedid=${anden}`, virk)).statusCode,
      ).toBe(404);
      const r = await get('tidsregistreringsKategori/listVirksomhed', virk);
      expect(r.statusCode).toBe(400);
      expect(Object.keys(json(r).errors)).toContain('virksomhedid');
      expect((await get('tidsregistreringsKategori/listVirksomhed?virksomhedid=abc', virk)).statusCode).toBe(
        400,
      );
    });
  });

  describe('miljoeRisikoVurdering/list/{virksomhedId}/lookup', () => {
    it("lists the company's risk assessments newest first, only the newest active", async () => {
      const v = await firma(
        skive,
        1,
        sql`(SELECT count(*) FROM registrering r WHERE r.virksomhed_id = virksomhed.id AND r.art = 'risikovurdering' AND NOT r.slettet) >= 2`,
      );
      const items = json(await get(`miljoeRisikoVurdering/list/${v}/lookup`, virk)) as {
        id: number;
        navn: string;
        aktiv: boolean;
      }[];
      const rows = await queryRows<{ id: number }>(
        t.database.db,
        sql`SELECT id FROM registrering WHERE virksomhed_id = ${v} AND art = 'risikovurdering' AND NOT slettet ORDER BY dato DESC, id DESC`,
      );
      expect(items.map((i) => i.id)).toEqual(rows.map((r) => r.id));
      expect(items.map((i) => i.aktiv)).toEqual(rows.map((_, i) => i === 0));
      expect(items[0]!.navn).toMatch(/^Risikovurdering \d{4} \(\d{2}-\d{2}-\d{4} – score [1-5],\d{2}\)$/);
    });
    it('answers 404 for another customer, 403 without the read right', async () => {
      expect(
        (await get(`miljoeRisikoVurdering/list/${await firma(herning, 1)}/lookup`, virk)).statusCode,
      ).toBe(404);
      expect((await get(`miljoeRisikoVurdering/list/${await firma(skive, 1)}/lookup`, vand)).statusCode).toBe(
        403,
      );
      expect((await get('miljoeRisikoVurdering/list/x/lookup', virk)).statusCode).toBe(400);
    });
  });
});
