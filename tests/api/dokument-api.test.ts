import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import { type SQL, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DokumentSkabelon,
  SKABELON_IKKE_DOCX,
  SKABELON_MAKRO,
  SKABELON_MAKS_BYTES,
  SKABELON_STOERRELSE_FEJL,
} from '../../src/contract/dokumenter';
import { formatIsoDato } from '../../src/contract/format';
import { queryRows } from '../../src/server/db/client';
import { byggeDemoSkabelon } from '../../src/server/dokument/demo-skabelon';
import { aabnDocx, afsnitTekster } from '../../src/server/dokument/docx';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/** A multipart body: the file part `fil` and text fields. */
function multipart(filnavn: string, indhold: Uint8Array, felter: Record<string, string>) {
  const g = `mwdok${Math.random().toString(16).slice(2)}`;
  const dele: Buffer[] = [];
  for (const [k, v] of Object.entries(felter))
    dele.push(Buffer.from(`--${g}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`, 'utf8'));
  dele.push(
    Buffer.from(
      `--${g}\r\nContent-Disposition: form-data; name="fil"; filename="${filnavn}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      'utf8',
    ),
    Buffer.from(indhold),
    Buffer.from(`\r\n--${g}--\r\n`),
  );
  return { payload: Buffer.concat(dele), headers: { 'content-type': `multipart/form-data; boundary=${g}` } };
}

describe.each(dbTargets())('document templates and letters on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let skive: number;
  let herning: number;
  let tilsyn: { id: number; dato: string; navn: string; virksomhedId: number };
  let herningTilsyn: number;

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, user ? tok[user] : undefined, body);
  const rows = <T>(q: SQL) => queryRows<T>(t.database.db, q);
  const upload = (
    url: string,
    user: string,
    filnavn: string,
    indhold: Uint8Array,
    felter: Record<string, string>,
  ) => {
    const m = multipart(filnavn, indhold, felter);
    return t.app.inject({
      method: 'POST',
      url: `/api/${url}`,
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${tok[user]}` },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    for (const u of ['admin', 'kommuneadmin', 'virksomhed', 'vand', 'laeser']) tok[u] = await t.tokenFor(u);
    skive = await t.kundeId(779);
    herning = await t.kundeId(657);
    tok.adminHerning = await t.tokenFor('admin', 657);
    const [r] = await rows<{ id: number; dato: string; navn: string; virksomhed_id: number }>(
      sql`SELECT r.id, r.dato::text AS dato, v.navn, r.virksomhed_id FROM registrering r JOIN virksomhed v ON v.id = r.virksomhed_id
          WHERE r.kunde_id = ${skive} AND r.art = 'tilsyn' AND NOT r.slettet AND r.dato IS NOT NULL AND v.type = 1
            AND NOT v.slettet
          ORDER BY r.id LIMIT 1`,
    );
    tilsyn = { id: r!.id, dato: r!.dato, navn: r!.navn, virksomhedId: r!.virksomhed_id };
    const [h] = await rows<{ id: number }>(
      sql`SELECT id FROM registrering WHERE kunde_id = ${herning} AND art = 'tilsyn' AND NOT slettet ORDER BY id LIMIT 1`,
    );
    herningTilsyn = h!.id;
  });
  afterAll(() => t?.close());

  const skabelon = async (user: string, kundeId: number, type: string): Promise<DokumentSkabelon> => {
    const r = await req('GET', `dokumentskabelon/list/${kundeId}?dokumentType=${type}`, user);
    expect(r.statusCode).toBe(200);
    const s = (json(r) as DokumentSkabelon[]).find((x) => x.aktiv);
    expect(s).toBeDefined();
    return s!;
  };

  it('offers the bookmark catalogue, per document kind', async () => {
    const r = await req('GET', 'TilsynRapport/hentbookmarks?dokumentType=VandTilsyn', 'virksomhed');
    expect(r.statusCode).toBe(200);
    const navne = (json(r) as { navn: string }[]).map((b) => b.navn);
    expect(navne).toEqual(
      expect.arrayContaining(['Virksomhed_Navn', 'Tilsyn_Dato', 'Kontrolpunkter', 'Vandanlaeg_Anlaegsnr']),
    );
    expect(navne).not.toContain('Virksomhed_CHRNr');
  });

  it('scans an upload without saving: names, flags and a preview with sample data', async () => {
    const docx = byggeDemoSkabelon({ bogmaerker: ['Virksomhed_Navn', 'Ukendt_Felt'], tags: ['Tilsyn_Dato'] });
    const r = await upload(`dokumentskabelon/scan/${skive}`, 'kommuneadmin', 'Brev.docx', docx, {
      dokumentType: 'tilsyn',
    });
    expect(r.statusCode).toBe(200);
    const s = json(r);
    expect(s.felter).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ navn: 'Virksomhed_Navn', art: 'bogmaerke', kendt: true }),
        expect.objectContaining({ navn: 'Ukendt_Felt', kendt: false }),
        expect.objectContaining({ navn: 'Tilsyn_Dato', art: 'tag', kendt: true }),
      ]),
    );
    expect(s.forhaandsvisning).toContain('Virksomhed_Navn: Hansen Maskinfabrik ApS');
    expect(s.advarsler.join(' ')).toContain('ukendt');
    const antal = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM dokument_skabelon WHERE kunde_id = ${skive}`,
    );
    expect(antal[0]!.n).toBe(2);
  });

  it('refuses what is not a .docx (400), too large (413), macros (400), a bad kind (400), in Danish', async () => {
    const url = `dokumentskabelon/scan/${skive}`;
    const ikke = await upload(url, 'admin', 'Brev.docx', Buffer.from('%PDF-1.4 ikke word'), {
      dokumentType: 'tilsyn',
    });
    expect(ikke.statusCode).toBe(400);
    expect(json(ikke).errors.fil).toEqual([SKABELON_IKKE_DOCX]);
    const stor = await upload(url, 'admin', 'Brev.docx', new Uint8Array(SKABELON_MAKS_BYTES + 10), {
      dokumentType: 'tilsyn',
    });
    expect(stor.statusCode).toBe(413);
    expect(json(stor).title).toBe(SKABELON_STOERRELSE_FEJL);
    const makro = await upload(url, 'admin', 'Brev.docx', byggeDemoSkabelon({ makro: true }), {
      dokumentType: 'tilsyn',
    });
    expect(makro.statusCode).toBe(400);
    expect(json(makro).errors.fil).toEqual([SKABELON_MAKRO]);
    const type = await upload(url, 'admin', 'Brev.docx', byggeDemoSkabelon(), { dokumentType: 'Faktura' });
    expect(type.statusCode).toBe(400);
    expect(json(type).errors.dokumentType).toBeDefined();
    const udenNavn = await upload(`dokumentskabelon/${skive}`, 'admin', 'Brev.docx', byggeDemoSkabelon(), {
      dokumentType: 'tilsyn',
    });
    expect(udenNavn.statusCode).toBe(400);
    expect(json(udenNavn).errors.navn).toEqual(['Navn skal udfyldes']);
    const ikkeJson = await req('POST', `dokumentskabelon/scan/${skive}`, 'admin', { fil: 'x' });
    expect(ikkeJson.statusCode).toBe(400);
  });

  it('saves a template with its scan, renames it versioned (409 when stale), serves the file', async () => {
    const docx = byggeDemoSkabelon();
    const r = await upload(`dokumentskabelon/${skive}`, 'kommuneadmin', 'Høringsbrev.docx', docx, {
      dokumentType: 'tilsyn',
      navn: 'Min skabelon',
    });
    expect(r.statusCode).toBe(201);
    const s = json(r) as DokumentSkabelon;
    expect(s).toMatchObject({
      navn: 'Min skabelon',
      filnavn: 'Høringsbrev.docx',
      aktiv: true,
      stoerrelse: docx.length,
    });
    expect(s.felter.map((f) => f.navn)).toContain('Virksomhed_Navn');
    const ret = await req('PUT', `dokumentskabelon/${s.id}`, 'kommuneadmin', {
      navn: 'Omdøbt',
      aktiv: false,
      version: s.version,
    });
    expect(ret.statusCode).toBe(200);
    expect(json(ret)).toMatchObject({ navn: 'Omdøbt', aktiv: false });
    const gammel = await req('PUT', `dokumentskabelon/${s.id}`, 'kommuneadmin', {
      navn: 'X',
      aktiv: true,
      version: s.version,
    });
    expect(gammel.statusCode).toBe(409);
    const f = await req('GET', `dokumentskabelon/${s.id}/fil`, 'kommuneadmin');
    expect(f.statusCode).toBe(200);
    expect(f.headers['content-disposition']).toContain("filename*=UTF-8''H%C3%B8ringsbrev.docx");
    expect(f.rawPayload.equals(Buffer.from(docx))).toBe(true);
    // Another customer's template is not found.
    expect(
      (await req('PUT', `dokumentskabelon/${s.id}`, 'adminHerning', { navn: 'X', aktiv: true, version: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await req('GET', `dokumentskabelon/${s.id}/fil`, 'adminHerning')).statusCode).toBe(404);
    expect((await req('GET', `dokumentskabelon/list/${herning}`, 'kommuneadmin')).statusCode).toBe(404);
  });

  it('serves the report texts and control-point templates with their subjects', async () => {
    const tekster = json(await req('GET', `TilsynRapport/templatedata/List/${skive}`, 'virksomhed'));
    expect(tekster.map((x: { emneKode: string }) => x.emneKode)).toContain('INDLEDNING');
    const sk = json(await req('GET', `Kontrolpunkt/templatedata/List/${skive}`, 'virksomhed'));
    expect(sk).toHaveLength(3);
    const virk = sk.find((x: { virksomhedstype: number }) => x.virksomhedstype === 1);
    expect(virk.antalPunkter).toBeGreaterThanOrEqual(5);
    const emner = json(await req('GET', `Kontrolpunkt/templatedata/${virk.id}/emner`, 'virksomhed'));
    expect(emner[0]).toMatchObject({ emneKode: 'GENERELLE_FORHOLD', emneNavn: 'Generelle forhold' });
    expect(emner.flatMap((e: { punkter: unknown[] }) => e.punkter)).toHaveLength(virk.antalPunkter);
    expect((await req('GET', `Kontrolpunkt/templatedata/${virk.id}/emner`, 'adminHerning')).statusCode).toBe(
      404,
    );
  });

  it('saves control points versioned: a stale or doubled save answers 409', async () => {
    const [punkt] = await rows<{ id: number }>(
      sql`SELECT k.id FROM kontrolpunkt k JOIN kontrolpunkt_skabelon s ON s.id = k.skabelon_id
          WHERE s.kunde_id = ${skive} AND s.virksomhedstype = 1 AND k.id NOT IN
            (SELECT kontrolpunkt_id FROM tilsyn_kontrolpunkt WHERE registrering_id = ${tilsyn.id})
          ORDER BY k.id LIMIT 1`,
    );
    const url = `kontrolpunkt/tilsyn/${tilsyn.id}`;
    const ny = await req('PUT', url, 'virksomhed', {
      punkter: [{ kontrolpunktId: punkt!.id, resultat: null, bemaerkning: null, version: null }],
    });
    expect(ny.statusCode).toBe(200);
    const gemt = (json(ny) as { kontrolpunktId: number; version: number }[]).find(
      (p) => p.kontrolpunktId === punkt!.id,
    )!;
    expect(gemt.version).toEqual(expect.any(Number));
    const igen = await req('PUT', url, 'virksomhed', {
      punkter: [{ kontrolpunktId: punkt!.id, resultat: 'OK', bemaerkning: null, version: null }],
    });
    expect(igen.statusCode).toBe(409);
    const ok = await req('PUT', url, 'virksomhed', {
      punkter: [
        { kontrolpunktId: punkt!.id, resultat: 'Afvigelse', bemaerkning: 'Mangler', version: gemt.version },
      ],
    });
    expect(ok.statusCode).toBe(200);
    const stale = await req('PUT', url, 'virksomhed', {
      punkter: [{ kontrolpunktId: punkt!.id, resultat: 'OK', bemaerkning: null, version: gemt.version }],
    });
    expect(stale.statusCode).toBe(409);
    const liste = json(
      await req('GET', `Kontrolpunkt/templatedata/List/${skive}/${tilsyn.id}`, 'virksomhed'),
    );
    expect(liste.find((p: { kontrolpunktId: number }) => p.kontrolpunktId === punkt!.id)).toMatchObject({
      resultat: 'Afvigelse',
      bemaerkning: 'Mangler',
    });
    // Another customer's inspection or kundeId: 404, in both directions.
    expect(
      (await req('GET', `Kontrolpunkt/templatedata/List/${skive}/${herningTilsyn}`, 'virksomhed')).statusCode,
    ).toBe(404);
    expect(
      (await req('GET', `Kontrolpunkt/templatedata/List/${herning}/${tilsyn.id}`, 'virksomhed')).statusCode,
    ).toBe(404);
    expect(
      (await req('GET', `Kontrolpunkt/templatedata/List/${herning}/${herningTilsyn}`, 'adminHerning'))
        .statusCode,
    ).toBe(200);
    expect(
      (await req('GET', `Kontrolpunkt/templatedata/List/${herning}/${tilsyn.id}`, 'adminHerning')).statusCode,
    ).toBe(404);
    // No write right on companies, or another customer's inspection.
    expect((await req('PUT', url, 'laeser', { punkter: [] })).statusCode).toBe(403);
    expect(
      (await req('PUT', `kontrolpunkt/tilsyn/${herningTilsyn}`, 'virksomhed', { punkter: [] })).statusCode,
    ).toBe(404);
  });

  it('generates a letter from a seeded inspection: stored, listed, downloaded with the filled values', async () => {
    const s = await skabelon('virksomhed', skive, 'tilsyn');
    const r = await req('POST', `brev/tilsyn/${tilsyn.id}`, 'virksomhed', { skabelonId: s.id });
    expect(r.statusCode).toBe(201);
    const brev = json(r);
    const dato = formatIsoDato(tilsyn.dato);
    expect(brev.filnavn).toBe(
      `Tilsynsrapport ${tilsyn.navn
        .replace(/[\\/:*?"<>|]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()} ${dato}.docx`,
    );
    const liste = json(await req('GET', `brev/tilsyn/${tilsyn.id}`, 'virksomhed'));
    expect(liste[0].filId).toBe(brev.filId);
    const fil = await req('GET', `brev/${brev.filId}`, 'virksomhed');
    expect(fil.statusCode).toBe(200);
    expect(fil.headers['content-disposition']).toContain('attachment;');
    const xml = new TextDecoder().decode(unzipSync(new Uint8Array(fil.rawPayload))['word/document.xml']!);
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(xml).toContain(esc(tilsyn.navn));
    expect(xml).toContain(dato);
    expect(xml).toContain('Skive Kommune, Natur og Miljø');
    const tekst = afsnitTekster(aabnDocx(new Uint8Array(fil.rawPayload))).join('\n');
    // The seeded answers fill the control-point table.
    expect(tekst).toContain('Emne | Kontrolpunkt | Resultat | Bemærkning');
    expect(tekst).not.toMatch(/\[(Virksomhed_Navn|Tilsyn_Dato)\]/);
    const log = await rows<{ notat: string }>(
      sql`SELECT notat FROM logbog WHERE virksomhed_id = ${tilsyn.virksomhedId} ORDER BY id DESC LIMIT 1`,
    );
    expect(log[0]!.notat).toContain('dannet på tilsyn');
  });

  it('refuses control characters outside XML 1.0 at input, in JSON and multipart fields and file names (issue 31)', async () => {
    const [punkt] = await rows<{ id: number }>(
      sql`SELECT k.id FROM kontrolpunkt k JOIN kontrolpunkt_skabelon s ON s.id = k.skabelon_id
          WHERE s.kunde_id = ${skive} AND s.virksomhedstype = 1 ORDER BY k.id DESC LIMIT 1`,
    );
    const r = await req('PUT', `kontrolpunkt/tilsyn/${tilsyn.id}`, 'virksomhed', {
      punkter: [
        { kontrolpunktId: punkt!.id, resultat: 'OK', bemaerkning: 'Lodret\u000bfane', version: null },
      ],
    });
    expect(r.statusCode).toBe(400);
    expect(json(r).errors['punkter.0.bemaerkning']).toEqual([
      'Indeholder et styretegn (U+000B), som ikke kan bruges i breve og eksporter',
    ]);
    const url = `dokumentskabelon/scan/${skive}`;
    const felt = await upload(url, 'admin', 'Brev.docx', byggeDemoSkabelon(), {
      dokumentType: 'tilsyn\u0001',
    });
    expect(felt.statusCode).toBe(400);
    expect(json(felt).errors.dokumentType[0]).toMatch(/styretegn \(U\+0001\)/);
    const nul = await upload(url, 'admin', 'Br\u0000ev.docx', byggeDemoSkabelon(), {
      dokumentType: 'tilsyn',
    });
    expect(nul.statusCode).toBe(400);
    expect(json(nul).errors.fil[0]).toMatch(/nul-tegn/);
    const lang = await upload(url, 'admin', `${'x'.repeat(300)}.docx`, byggeDemoSkabelon(), {
      dokumentType: 'tilsyn',
    });
    expect(lang.statusCode).toBe(400);
    expect(json(lang).errors.fil).toEqual(['Filnavnet er for langt: højst 255 tegn']);
  });

  it('writes a well-formed letter even from text stored with control characters before the guard', async () => {
    const [k] = await rows<{ id: number }>(
      sql`SELECT id FROM administrative_oplysninger WHERE kunde_id = ${skive} ORDER BY id LIMIT 1`,
    );
    await rows(
      sql`UPDATE administrative_oplysninger SET afsender = ${'Skive\u0001 Kommune\u000b, Natur og Miljø'} WHERE id = ${k!.id}`,
    );
    const s = await skabelon('virksomhed', skive, 'tilsyn');
    const r = await req('POST', `brev/tilsyn/${tilsyn.id}`, 'virksomhed', {
      skabelonId: s.id,
      administrativeOplysningerId: k!.id,
    });
    expect(r.statusCode, r.body).toBe(201);
    const fil = await req('GET', `brev/${json(r).filId}`, 'virksomhed');
    const filer = unzipSync(new Uint8Array(fil.rawPayload));
    for (const [navn, indhold] of Object.entries(filer).filter(([n]) => /\.(xml|rels)$/.test(n))) {
      const xml = new TextDecoder().decode(indhold);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what is refused
      expect(xml, navn).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
      expect(
        () => new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml, 'text/xml'),
        navn,
      ).not.toThrow();
    }
    expect(afsnitTekster(aabnDocx(new Uint8Array(fil.rawPayload))).join('\n')).toContain(
      'Skive Kommune, Natur og Miljø',
    );
  });

  it('letters: rights of the owner (403), other customers (404), the template kind and state (400)', async () => {
    const s = await skabelon('virksomhed', skive, 'tilsyn');
    const url = `brev/tilsyn/${tilsyn.id}`;
    expect((await req('POST', url, 'vand', { skabelonId: s.id })).statusCode).toBe(403);
    expect((await req('POST', url, 'laeser', { skabelonId: s.id })).statusCode).toBe(403);
    const herningS = await skabelon('adminHerning', herning, 'tilsyn');
    expect((await req('POST', url, 'virksomhed', { skabelonId: herningS.id })).statusCode).toBe(404);
    expect(
      (await req('POST', `brev/tilsyn/${herningTilsyn}`, 'virksomhed', { skabelonId: s.id })).statusCode,
    ).toBe(404);
    const [adm] = await rows<{ id: number }>(
      sql`SELECT id FROM administrative_oplysninger WHERE kunde_id = ${herning} LIMIT 1`,
    );
    const fremmedAdm = await req('POST', url, 'virksomhed', {
      skabelonId: s.id,
      administrativeOplysningerId: adm!.id,
    });
    expect(fremmedAdm.statusCode).toBe(404);
    const vand = await skabelon('admin', skive, 'VandTilsyn');
    const forkert = await req('POST', url, 'virksomhed', { skabelonId: vand.id });
    expect(forkert.statusCode).toBe(400);
    expect(json(forkert).errors.skabelonId[0]).toContain('Tilsynsrapport');
    const ny = json(
      await upload(`dokumentskabelon/${skive}`, 'admin', 'Inaktiv.docx', byggeDemoSkabelon(), {
        dokumentType: 'tilsyn',
        navn: 'Inaktiv',
      }),
    ) as DokumentSkabelon;
    await req('PUT', `dokumentskabelon/${ny.id}`, 'admin', {
      navn: 'Inaktiv',
      aktiv: false,
      version: ny.version,
    });
    const inaktiv = await req('POST', url, 'virksomhed', { skabelonId: ny.id });
    expect(inaktiv.statusCode).toBe(400);
    expect(json(inaktiv).errors.skabelonId).toEqual(['Skabelonen er ikke aktiv']);
    const [brev] = json(await req('GET', `brev/tilsyn/${tilsyn.id}`, 'virksomhed'));
    expect((await req('GET', `brev/${brev.filId}`, 'vand')).statusCode).toBe(403);
    expect((await req('GET', `brev/${brev.filId}`, 'adminHerning')).statusCode).toBe(404);
    expect((await req('GET', `brev/tilsyn/${tilsyn.id}`, 'vand')).statusCode).toBe(403);
  });

  it('generates a letter on a water plant inspection with the VandTilsyn template', async () => {
    const [r] = await rows<{ id: number }>(
      sql`SELECT id FROM registrering WHERE kunde_id = ${skive} AND art = 'VandanlaegTilsyn' AND NOT slettet ORDER BY id LIMIT 1`,
    );
    const s = await skabelon('vand', skive, 'VandTilsyn');
    const b = await req('POST', `brev/tilsyn/${r!.id}`, 'vand', { skabelonId: s.id });
    expect(b.statusCode).toBe(201);
    expect((await req('POST', `brev/tilsyn/${r!.id}`, 'virksomhed', { skabelonId: s.id })).statusCode).toBe(
      403,
    );
  });
});
