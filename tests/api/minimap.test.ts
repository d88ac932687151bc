import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MINIMAP_KONFLIKT, type MinimapKobling, minimapKoblingSchema } from '../../src/contract/minimap';
import { dbTargets, testAppForBlok } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

const GYLDIG = {
  visningssted: 'vandanlaeg',
  navn: 'Testkort',
  url: 'https://kort.example.dk/?x={x}&y={y}&z={zoom}',
  aktiv: true,
};

/**
 * Map links (issue 15): the two spec calls (active links of a display location, every link of the
 * customer), create / edit (versioned, 409) / delete by KOMMUNE_ADMIN, the template rules (400 in
 * Danish), rights and another customer's links (404).
 */
describe.each(dbTargets())('minimap links on %s', (target) => {
  const app = testAppForBlok(target, ['kommuneadmin', 'vand', 'virksomhed', 'laeser']);
  const { req, rows, kunde } = app;

  beforeAll(async () => {
    app.tok.herning = await app.t.tokenFor('admin', 657);
  });

  describe('the spec calls', () => {
    it('minimapurl gives every link of the customer, and only its own', async () => {
      const r = await req('GET', `minimaps/minimapurl/${kunde.skive}`, 'vand');
      expect(r.statusCode).toBe(200);
      const links = minimapKoblingSchema.array().parse(json(r));
      expect(links.length).toBeGreaterThanOrEqual(2);
      const [i] = await rows<{ n: number }>(
        sql`select count(*)::int as n from minimap_kobling where kunde_id = ${kunde.skive}`,
      );
      expect(links).toHaveLength(Number(i!.n));
      for (const l of links) expect(l.url.startsWith('https://')).toBe(true);
      // The seed's Skive links name Skive's own map.
      expect(links.some((l) => l.url.includes('skive.dk'))).toBe(true);
      const h = json(await req('GET', `minimaps/minimapurl/${kunde.herning}`, 'herning')) as MinimapKobling[];
      expect(h.some((l) => l.url.includes('skive.dk'))).toBe(false);
      const skiveIds = new Set(links.map((l) => l.id));
      expect(h.filter((l) => skiveIds.has(l.id))).toEqual([]);
    });

    it('forvisningssted gives the active links of one display location', async () => {
      const r = await req('GET', `minimaps/forvisningssted/${kunde.skive}?visningssted=vandanlaeg`, 'vand');
      expect(r.statusCode).toBe(200);
      const links = json(r) as MinimapKobling[];
      expect(links.length).toBeGreaterThanOrEqual(2);
      expect(links.every((l) => l.visningssted === 'vandanlaeg' && l.aktiv)).toBe(true);
      // Sorted by name.
      expect(links.map((l) => l.navn)).toEqual(
        [...links.map((l) => l.navn)].sort((a, b) => (a < b ? -1 : 1)),
      );
      const virk = json(
        await req('GET', `minimaps/forvisningssted/${kunde.skive}?visningssted=virksomhed`, 'vand'),
      );
      expect((virk as MinimapKobling[]).every((l) => l.visningssted === 'virksomhed')).toBe(true);
      // Without a display location: every active link.
      const alle = json(
        await req('GET', `minimaps/forvisningssted/${kunde.skive}`, 'vand'),
      ) as MinimapKobling[];
      expect(alle.length).toBeGreaterThan(links.length);
    });

    it('an unknown display location is a Danish 400', async () => {
      const r = await req('GET', `minimaps/forvisningssted/${kunde.skive}?visningssted=havn`, 'vand');
      expect(r.statusCode).toBe(400);
      expect(json(r).errors.visningssted[0]).toMatch(/Visningsstedet skal være/);
    });

    it("another customer's kundeId answers 404", async () => {
      expect(
        (await req('GET', `minimaps/forvisningssted/${kunde.herning}?visningssted=vandanlaeg`, 'vand'))
          .statusCode,
      ).toBe(404);
      expect((await req('GET', `minimaps/minimapurl/${kunde.herning}`, 'vand')).statusCode).toBe(404);
    });

    it('the paths match without regard to case', async () => {
      const r = await req('GET', `Minimaps/ForVisningssted/${kunde.skive}?visningssted=vandanlaeg`, 'laeser');
      expect(r.statusCode).toBe(200);
    });
  });

  describe('create, edit and delete', () => {
    it('creates, edits with the version, refuses a stale edit (409) and deletes', async () => {
      const o = await req('POST', 'minimaps/kobling', 'kommuneadmin', GYLDIG);
      expect(o.statusCode).toBe(201);
      const ny = minimapKoblingSchema.parse(json(o));
      expect(ny).toMatchObject({ ...GYLDIG });

      const g = await req('PUT', `minimaps/kobling/${ny.id}`, 'kommuneadmin', {
        ...GYLDIG,
        navn: 'Testkort 2',
        aktiv: false,
        version: ny.version,
      });
      expect(g.statusCode).toBe(200);
      const rettet = json(g) as MinimapKobling;
      expect(rettet.navn).toBe('Testkort 2');
      expect(rettet.version).not.toBe(ny.version);

      // An inactive link is no longer offered, but the admin list keeps it.
      const aktive = json(
        await req('GET', `minimaps/forvisningssted/${kunde.skive}?visningssted=vandanlaeg`, 'vand'),
      ) as MinimapKobling[];
      expect(aktive.some((l) => l.id === ny.id)).toBe(false);
      const alle = json(
        await req('GET', `minimaps/minimapurl/${kunde.skive}`, 'kommuneadmin'),
      ) as MinimapKobling[];
      expect(alle.find((l) => l.id === ny.id)?.aktiv).toBe(false);

      const gammel = await req('PUT', `minimaps/kobling/${ny.id}`, 'kommuneadmin', {
        ...GYLDIG,
        version: ny.version,
      });
      expect(gammel.statusCode).toBe(409);
      expect(json(gammel).title ?? json(gammel).message).toContain(MINIMAP_KONFLIKT);

      const sletGammel = await req(
        'DELETE',
        `minimaps/kobling/${ny.id}?version=${ny.version}`,
        'kommuneadmin',
      );
      expect(sletGammel.statusCode).toBe(409);
      const slet = await req('DELETE', `minimaps/kobling/${ny.id}?version=${rettet.version}`, 'kommuneadmin');
      expect(slet.statusCode).toBe(204);
      const igen = await req('DELETE', `minimaps/kobling/${ny.id}?version=${rettet.version}`, 'kommuneadmin');
      expect(igen.statusCode).toBe(404);
      const efter = json(
        await req('GET', `minimaps/minimapurl/${kunde.skive}`, 'kommuneadmin'),
      ) as MinimapKobling[];
      expect(efter.some((l) => l.id === ny.id)).toBe(false);
    });

    it('a delete without a version is a Danish 400', async () => {
      const o = json(await req('POST', 'minimaps/kobling', 'kommuneadmin', GYLDIG)) as MinimapKobling;
      const r = await req('DELETE', `minimaps/kobling/${o.id}`, 'kommuneadmin');
      expect(r.statusCode).toBe(400);
      expect(json(r).errors.version[0]).toMatch(/version skal sendes med/);
    });

    it.each([
      ['http://kort.example.dk/?x={x}&y={y}', /skal begynde med https/],
      ['javascript:alert(1)//{x}{y}', /skal begynde med https/],
      ['https://kort.example.dk/?x={x}&y={y}&q={lat}', /Ukendt pladsholder: \{lat\}/],
      ['https://kort.example.dk/?x={x}', /både \{x\} og \{y\}/],
      ['https://kort.example.dk/kort', /både \{x\} og \{y\}/],
      ['https://kort.example.dk/?x={x}&y={y}}', /krøllet parentes/],
      ['https://bruger:kode@kort.example.dk/?x={x}&y={y}', /brugernavn eller adgangskode/],
      ['https://localhost/?x={x}&y={y}', /værtsnavn/],
      ['https://kort.example.dk/?x={x} &y={y}', /mellemrum/],
      ['', /påkrævet/],
      [`https://kort.example.dk/?x={x}&y={y}&p=${'a'.repeat(2000)}`, /højst være 2000 tegn/],
    ])('refuses the template %# with a Danish 400', async (url, besked) => {
      const r = await req('POST', 'minimaps/kobling', 'kommuneadmin', { ...GYLDIG, url });
      expect(r.statusCode).toBe(400);
      const b = json(r);
      expect(b.status).toBe(400);
      expect(b.errors.url.join(' ')).toMatch(besked);
    });

    it('refuses an unknown display location and an empty name in Danish', async () => {
      const r = await req('POST', 'minimaps/kobling', 'kommuneadmin', {
        ...GYLDIG,
        visningssted: 'x',
        navn: ' ',
      });
      expect(r.statusCode).toBe(400);
      const b = json(r);
      expect(b.errors.visningssted[0]).toMatch(/Visningsstedet/);
      expect(b.errors.navn[0]).toBe('Navnet er påkrævet');
    });

    it('accepts {bbox} alone', async () => {
      const r = await req('POST', 'minimaps/kobling', 'kommuneadmin', {
        ...GYLDIG,
        visningssted: 'landbrug',
        url: 'https://kort.example.dk/wms?bbox={bbox}',
      });
      expect(r.statusCode).toBe(201);
    });
  });

  describe('records to test a link on', () => {
    it("gives up to 10 of the customer's plants with a coordinate in Denmark, filtered by name", async () => {
      const r = await req('GET', 'minimaps/proevepunkter?visningssted=vandanlaeg', 'kommuneadmin');
      expect(r.statusCode).toBe(200);
      const p = json(r) as { id: number; navn: string; x: number; y: number }[];
      expect(p.length).toBeGreaterThan(0);
      expect(p.length).toBeLessThanOrEqual(10);
      const ids = p.map((x) => x.id);
      const eget = await rows<{ id: number }>(
        sql`select id from virksomhed where kunde_id = ${kunde.skive} and type = 3 and id = any(${`{${ids.join(',')}}`}::int[])`,
      );
      expect(eget).toHaveLength(ids.length);
      for (const x of p) {
        expect(x.x).toBeGreaterThanOrEqual(445_058);
        expect(x.y).toBeGreaterThanOrEqual(6_066_492);
      }
      const navn = p[0]!.navn;
      const s = json(
        await req(
          'GET',
          `minimaps/proevepunkter?visningssted=vandanlaeg&soeg=${encodeURIComponent(navn)}`,
          'kommuneadmin',
        ),
      ) as { navn: string }[];
      expect(s.length).toBeGreaterThan(0);
      expect(s.every((x) => x.navn.toLowerCase().includes(navn.toLowerCase()))).toBe(true);
      const ingen = json(
        await req('GET', 'minimaps/proevepunkter?visningssted=vandanlaeg&soeg=%25%25zz', 'kommuneadmin'),
      );
      expect(ingen).toEqual([]);
    });

    it('is for KOMMUNE_ADMIN only, and needs a display location', async () => {
      expect((await req('GET', 'minimaps/proevepunkter?visningssted=vandanlaeg', 'vand')).statusCode).toBe(
        403,
      );
      const r = await req('GET', 'minimaps/proevepunkter', 'kommuneadmin');
      expect(r.statusCode).toBe(400);
      expect(json(r).errors.visningssted).toBeDefined();
    });
  });

  describe('rights and customers', () => {
    it('a user without KOMMUNE_ADMIN cannot create, edit or delete (403)', async () => {
      const [l] = json(await req('GET', `minimaps/minimapurl/${kunde.skive}`, 'vand')) as MinimapKobling[];
      for (const u of ['vand', 'virksomhed', 'laeser']) {
        expect((await req('POST', 'minimaps/kobling', u, GYLDIG)).statusCode).toBe(403);
        expect(
          (await req('PUT', `minimaps/kobling/${l!.id}`, u, { ...GYLDIG, version: l!.version })).statusCode,
        ).toBe(403);
        expect((await req('DELETE', `minimaps/kobling/${l!.id}?version=${l!.version}`, u)).statusCode).toBe(
          403,
        );
      }
    });

    it("another customer's link answers 404 to edit and delete, and is left as it was", async () => {
      const [l] = json(
        await req('GET', `minimaps/minimapurl/${kunde.skive}`, 'kommuneadmin'),
      ) as MinimapKobling[];
      const put = await req('PUT', `minimaps/kobling/${l!.id}`, 'herning', {
        ...GYLDIG,
        version: l!.version,
      });
      expect(put.statusCode).toBe(404);
      const del = await req('DELETE', `minimaps/kobling/${l!.id}?version=${l!.version}`, 'herning');
      expect(del.statusCode).toBe(404);
      const efter = json(
        await req('GET', `minimaps/minimapurl/${kunde.skive}`, 'kommuneadmin'),
      ) as MinimapKobling[];
      expect(efter.find((x) => x.id === l!.id)).toEqual(l);
    });
  });
});
