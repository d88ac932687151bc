import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADM_OPLYS_KONFLIKT,
  ADM_OPLYS_STANDARD_FJERN,
  ADM_OPLYS_STANDARD_SLET,
  type AdmOplys,
  FRASE_KONFLIKT,
  type FraseAdmin,
  LOGO_STOERRELSE_FEJL,
  LOGO_TYPE_FEJL,
} from '../../src/contract/admin-tekster';
import { queryRows } from '../../src/server/db/client';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/** A multipart body with one file part `logo`. */
function multipart(filnavn: string, indhold: Buffer) {
  const graense = `mwlogo${Date.now().toString(16)}`;
  const hoved =
    `--${graense}\r\nContent-Disposition: form-data; name="logo"; filename="${filnavn}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  return {
    payload: Buffer.concat([Buffer.from(hoved, 'utf8'), indhold, Buffer.from(`\r\n--${graense}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${graense}` },
  };
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

/**
 * The phrase library and the administrative details (issue 15): CRUD with versions (stale → 409),
 * Danish 400s, another customer's id → 404, the admin rights, exactly one standard set, the logo.
 */
describe.each(dbTargets())('admin texts on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let tilsynEmne: number;
  let haandEmne: number;

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, user ? tok[user] : undefined, body);
  const logo = (id: number, version: number, user: string, navn: string, indhold: Buffer) => {
    const m = multipart(navn, indhold);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/administrativeoplysninger/${id}/logo?version=${version}`,
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${tok[user]}` },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    for (const u of ['kommuneadmin', 'virksomhed', 'admin']) tok[u] = await t.tokenFor(u);
    tok.herning = await t.tokenFor('admin', 657);
    tok.jammerbugt = await t.tokenFor('admin', 849);
    const emner = await queryRows<{ id: number; kode: string }>(
      t.database.db,
      sql`select id, kode from emne`,
    );
    tilsynEmne = emner.find((e) => e.kode === 'TILSYN')!.id;
    haandEmne = emner.find((e) => e.kode === 'HAANDHAEVELSE')!.id;
  });
  afterAll(async () => t?.close());

  describe('phrases', () => {
    it('lists the seeded phrases with their subject, filtered by subject and text', async () => {
      const alle = json(await req('GET', 'admin/frase', 'kommuneadmin')) as FraseAdmin[];
      expect(alle.length).toBeGreaterThan(5);
      expect(alle.every((f) => f.emneKode && f.emneNavn && f.version > 0)).toBe(true);
      const tilsyn = json(
        await req('GET', `admin/frase?emneId=${tilsynEmne}`, 'kommuneadmin'),
      ) as FraseAdmin[];
      expect(tilsyn.length).toBeGreaterThan(0);
      expect(tilsyn.every((f) => f.emneKode === 'TILSYN')).toBe(true);
      const ord = tilsyn[0]!.titel.slice(0, 5).toUpperCase();
      const fundet = json(
        await req('GET', `admin/frase?tekst=${encodeURIComponent(ord)}`, 'kommuneadmin'),
      ) as FraseAdmin[];
      expect(fundet.some((f) => f.id === tilsyn[0]!.id)).toBe(true);
      const intet = json(await req('GET', 'admin/frase?tekst=%25_%25', 'kommuneadmin')) as FraseAdmin[];
      expect(intet).toEqual([]);
    });

    it('creates, edits with the version (stale → 409), deactivates and reactivates', async () => {
      const r = await req('POST', 'admin/frase', 'kommuneadmin', {
        emneId: tilsynEmne,
        titel: '  Olieudskiller tømt ',
        tekst: 'Olieudskilleren er tømt inden for det seneste år.',
        aktiv: true,
      });
      expect(r.statusCode).toBe(201);
      const ny = json(r) as FraseAdmin;
      expect(ny).toMatchObject({ titel: 'Olieudskiller tømt', emneKode: 'TILSYN', aktiv: true });

      const gemt = await req('PUT', `admin/frase/${ny.id}`, 'kommuneadmin', {
        emneId: haandEmne,
        titel: 'Olieudskiller ikke tømt',
        tekst: 'Olieudskilleren er ikke tømt.',
        aktiv: false,
        version: ny.version,
      });
      expect(gemt.statusCode).toBe(200);
      const ret = json(gemt) as FraseAdmin;
      expect(ret).toMatchObject({ emneKode: 'HAANDHAEVELSE', aktiv: false });
      expect(ret.version).toBeGreaterThan(ny.version);

      const gammel = await req('PUT', `admin/frase/${ny.id}`, 'kommuneadmin', {
        emneId: haandEmne,
        titel: 'Overskriver',
        tekst: 'x',
        aktiv: true,
        version: ny.version,
      });
      expect(gammel.statusCode).toBe(409);
      expect(json(gammel).message).toBe(FRASE_KONFLIKT);

      // The public lookup shows the inactive phrase as inactive (the palette lists active ones only).
      const k = await t.kundeId(779);
      const opslag = json(await req('GET', `frase/list/${k}?emneId=${haandEmne}`, 'virksomhed'));
      expect(opslag.find((f: { id: number }) => f.id === ny.id)?.aktiv).toBe(false);

      const igen = await req('PUT', `admin/frase/${ny.id}`, 'kommuneadmin', {
        emneId: haandEmne,
        titel: 'Olieudskiller ikke tømt',
        tekst: 'Olieudskilleren er ikke tømt.',
        aktiv: true,
        version: ret.version,
      });
      expect(json(igen).aktiv).toBe(true);
    });

    it('answers 400 in Danish for bad input and an unknown subject', async () => {
      const r = await req('POST', 'admin/frase', 'kommuneadmin', { emneId: 'x', titel: '', aktiv: 'ja' });
      expect(r.statusCode).toBe(400);
      const b = json(r);
      expect(b.errors.emneId).toEqual(['Vælg et emne']);
      expect(b.errors.titel).toEqual(['Titlen er påkrævet']);
      expect(b.errors.tekst).toEqual(['Teksten er påkrævet']);
      const ukendt = await req('POST', 'admin/frase', 'kommuneadmin', {
        emneId: 999999,
        titel: 'a',
        tekst: 'b',
        aktiv: true,
      });
      expect(ukendt.statusCode).toBe(400);
      expect(json(ukendt).errors.emneId).toEqual(['Emnet findes ikke']);
      const lang = await req('POST', 'admin/frase', 'kommuneadmin', {
        emneId: tilsynEmne,
        titel: 'a',
        tekst: 'x'.repeat(4001),
        aktiv: true,
      });
      expect(json(lang).errors.tekst).toEqual(['Teksten må højst være 4000 tegn']);
    });

    it('answers 404 for another customer’s phrase and 403 without an admin right', async () => {
      const [herningFrase] = json(await t.kald('GET', '/api/admin/frase', tok.herning)) as FraseAdmin[];
      expect(herningFrase).toBeDefined();
      expect((await req('GET', `admin/frase/${herningFrase!.id}`, 'kommuneadmin')).statusCode).toBe(404);
      const put = await req('PUT', `admin/frase/${herningFrase!.id}`, 'kommuneadmin', {
        emneId: tilsynEmne,
        titel: 'a',
        tekst: 'b',
        aktiv: true,
        version: herningFrase!.version,
      });
      expect(put.statusCode).toBe(404);
      expect((await req('GET', 'admin/frase', 'virksomhed')).statusCode).toBe(403);
      expect(
        (
          await req('POST', 'admin/frase', 'virksomhed', {
            emneId: tilsynEmne,
            titel: 'a',
            tekst: 'b',
            aktiv: true,
          })
        ).statusCode,
      ).toBe(403);
      expect((await req('GET', 'admin/frase')).statusCode).toBe(401);
    });
  });

  describe('administrative details', () => {
    const saet = (navn: string, standard: boolean) => ({
      navn,
      afsender: 'Skive Kommune, Teknik og Miljø',
      adresse: 'Torvegade 10',
      postnrBy: '7800 Skive',
      telefon: '99 15 55 00',
      email: 'miljoe@skivekommune.dk',
      web: 'https://www.skive.dk',
      underskriftNavn: 'Karsten Kommunesen',
      underskriftTitel: 'Miljøchef',
      standard,
    });
    const liste = async (user = 'kommuneadmin') =>
      json(await req('GET', 'admin/administrativeoplysninger', user)) as AdmOplys[];

    it('keeps exactly one standard set: the first becomes it, a marked one takes it over', async () => {
      // Every customer starts with the seed's standard set.
      const seedet = await liste();
      expect(seedet.filter((s) => s.standard)).toHaveLength(1);

      // A customer without any set: its first becomes the standard, marked or not.
      const jammerbugt = await t.kundeId(849);
      await t.database.db.execute(sql`delete from administrative_oplysninger where kunde_id = ${jammerbugt}`);
      const foerste = json(
        await t.kald('POST', '/api/admin/administrativeoplysninger', tok.jammerbugt, saet('Første', false)),
      ) as AdmOplys;
      expect(foerste.standard).toBe(true);

      const r1 = await req('POST', 'admin/administrativeoplysninger', 'kommuneadmin', saet('Miljø', false));
      expect(r1.statusCode).toBe(201);
      const a = json(r1) as AdmOplys;
      expect(a.standard).toBe(false);
      expect(a.harLogo).toBe(false);
      const b = json(
        await req('POST', 'admin/administrativeoplysninger', 'kommuneadmin', saet('Vand', true)),
      ) as AdmOplys;
      expect(b.standard).toBe(true);
      let l = await liste();
      expect(l.filter((s) => s.standard).map((s) => s.id)).toEqual([b.id]);
      expect(l[0]!.id).toBe(b.id);

      // Unmarking the standard set is refused; marking another moves the mark.
      const aNu = l.find((s) => s.id === a.id)!;
      const fjern = await req('PUT', `admin/administrativeoplysninger/${b.id}`, 'kommuneadmin', {
        ...saet('Vand', false),
        version: b.version,
      });
      expect(fjern.statusCode).toBe(400);
      expect(json(fjern).errors.standard).toEqual([ADM_OPLYS_STANDARD_FJERN]);
      const flyt = await req('PUT', `admin/administrativeoplysninger/${a.id}`, 'kommuneadmin', {
        ...saet('Miljø og natur', true),
        version: aNu.version,
      });
      expect(flyt.statusCode).toBe(200);
      l = await liste();
      expect(l.filter((s) => s.standard).map((s) => s.id)).toEqual([a.id]);
      expect(l.find((s) => s.id === a.id)!.navn).toBe('Miljø og natur');

      // Stale edit → 409.
      const gammel = await req('PUT', `admin/administrativeoplysninger/${a.id}`, 'kommuneadmin', {
        ...saet('Gammel', true),
        version: aNu.version,
      });
      expect(gammel.statusCode).toBe(409);
      expect(json(gammel).message).toBe(ADM_OPLYS_KONFLIKT);

      // The standard set cannot be deleted; another can, with its version.
      const aSidst = l.find((s) => s.id === a.id)!;
      const sletStd = await req(
        'DELETE',
        `admin/administrativeoplysninger/${a.id}?version=${aSidst.version}`,
        'kommuneadmin',
      );
      expect(sletStd.statusCode).toBe(400);
      expect(json(sletStd).errors.standard).toEqual([ADM_OPLYS_STANDARD_SLET]);
      const bSidst = l.find((s) => s.id === b.id)!;
      const sletGammel = await req(
        'DELETE',
        `admin/administrativeoplysninger/${b.id}?version=${bSidst.version - 1}`,
        'kommuneadmin',
      );
      expect(sletGammel.statusCode).toBe(409);
      const slet = await req(
        'DELETE',
        `admin/administrativeoplysninger/${b.id}?version=${bSidst.version}`,
        'kommuneadmin',
      );
      expect(slet.statusCode).toBe(204);
      const tilbage = (await liste()).map((s) => s.id);
      expect(tilbage).toContain(a.id);
      expect(tilbage).not.toContain(b.id);
    });

    it('answers 400 in Danish, 404 for another customer’s set, 403 without the right', async () => {
      const r = await req('POST', 'admin/administrativeoplysninger', 'kommuneadmin', {
        navn: '',
        afsender: 'x'.repeat(201),
        email: 'ikke-en-mail',
        standard: 'ja',
      });
      expect(r.statusCode).toBe(400);
      const e = json(r).errors;
      expect(e.navn).toEqual(['Navnet er påkrævet']);
      expect(e.afsender).toEqual(['Afsenderen må højst være 200 tegn']);
      expect(e.email).toEqual(['E-mailadressen er ikke gyldig']);
      expect(e.standard).toEqual(['Standard skal være ja eller nej']);

      const herning = json(
        await t.kald('POST', '/api/admin/administrativeoplysninger', tok.herning, saet('Herning', true)),
      ) as AdmOplys;
      expect(
        (await req('GET', `admin/administrativeoplysninger/${herning.id}`, 'kommuneadmin')).statusCode,
      ).toBe(404);
      expect(
        (
          await req(
            'DELETE',
            `admin/administrativeoplysninger/${herning.id}?version=${herning.version}`,
            'kommuneadmin',
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (await req('GET', `admin/administrativeoplysninger/${herning.id}/logo`, 'kommuneadmin')).statusCode,
      ).toBe(404);
      expect((await liste('herning')).map((s) => s.id)).toContain(herning.id);
      expect((await liste()).map((s) => s.id)).not.toContain(herning.id);
      expect((await req('GET', 'admin/administrativeoplysninger', 'virksomhed')).statusCode).toBe(403);
    });

    it('takes a PNG or JPEG logo up to 500 KB, checked by its bytes, and serves it back', async () => {
      const [s] = await liste();
      expect(
        (await req('GET', `admin/administrativeoplysninger/${s!.id}/logo`, 'kommuneadmin')).statusCode,
      ).toBe(404);
      const falsk = await logo(
        s!.id,
        s!.version,
        'kommuneadmin',
        'logo.png',
        Buffer.from('GIF89a-not-a-png'),
      );
      expect(falsk.statusCode).toBe(400);
      expect(json(falsk).errors.logo).toEqual([LOGO_TYPE_FEJL]);
      const stor = await logo(
        s!.id,
        s!.version,
        'kommuneadmin',
        'logo.png',
        Buffer.concat([PNG, Buffer.alloc(500 * 1024, 0)]),
      );
      expect(stor.statusCode).toBe(413);
      expect(json(stor).title).toBe(LOGO_STOERRELSE_FEJL);
      const gammel = await logo(s!.id, s!.version - 1, 'kommuneadmin', 'logo.png', PNG);
      expect(gammel.statusCode).toBe(409);
      expect((await logo(s!.id, s!.version, 'virksomhed', 'logo.png', PNG)).statusCode).toBe(403);

      const ok = await logo(s!.id, s!.version, 'kommuneadmin', 'logo.png', PNG);
      expect(ok.statusCode).toBe(200);
      const medLogo = json(ok) as AdmOplys;
      expect(medLogo).toMatchObject({ harLogo: true, logoMimeType: 'image/png' });
      const hent = await req('GET', `admin/administrativeoplysninger/${s!.id}/logo`, 'kommuneadmin');
      expect(hent.statusCode).toBe(200);
      expect(hent.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(hent.rawPayload, PNG)).toBe(0);

      const jpeg = json(await logo(s!.id, medLogo.version, 'kommuneadmin', 'logo.jpg', JPEG)) as AdmOplys;
      expect(jpeg.logoMimeType).toBe('image/jpeg');

      const { version: _, harLogo: __, logoMimeType: ___, id: ____, ...felter } = jpeg;
      const uden = json(
        await req('PUT', `admin/administrativeoplysninger/${s!.id}`, 'kommuneadmin', {
          ...felter,
          fjernLogo: true,
          version: jpeg.version,
        }),
      ) as AdmOplys;
      expect(uden.harLogo).toBe(false);
    });
  });
});
