import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aendrKontakt, opretKontakt } from '../helpers/kontaktperson';
import { dbTargets, testAppForBlok } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/** A water plant's contact persons through the contact calls: Jupiter contact types, plant rights, its log. */
describe.each(dbTargets())('water plant contacts on %s', (target) => {
  const app = testAppForBlok(target, ['vand', 'laeser', 'virksomhed']);
  const { req, rows, kunde } = app;
  const plant = async (kundeId: number) => (await app.t.forsteVirksomhed(kundeId, 3)).id;
  const sidsteLog = async (id: number) =>
    (
      await rows<{ emne: string; notat: string }>(
        sql`SELECT emne, notat FROM logbog WHERE virksomhed_id = ${id} ORDER BY id DESC LIMIT 1`,
      )
    )[0]!;

  it('creates, changes and deletes a plant contact with a Jupiter contact type, logging each on the plant', async () => {
    const id = await plant(kunde.skive);
    const k = await opretKontakt(req, id, 'vand', {
      navn: 'Villy Vandmand',
      rolle: 'Vandværkspasser',
      telefon: '97 52 00 11',
      email: 'villy@vandvaerk.dk',
    });
    expect(await sidsteLog(id)).toEqual({
      emne: 'Kontaktperson',
      notat: "Kontaktperson 'Villy Vandmand' oprettet (Vandværkspasser).",
    });

    // The list carries the versions; the plant's own detail shows the contact with its Jupiter type.
    const liste = json(await req('GET', `virksomhed/${id}/kontaktperson`, 'laeser')) as {
      id: number;
      version: number;
    }[];
    expect(liste.find((x) => x.id === k.id)?.version).toBe(k.version);
    const detalje = json(await req('GET', `Vandanlaeg/${id}`, 'vand'));
    expect(detalje.kontaktpersonListe).toContainEqual(
      expect.objectContaining({ id: k.id, kontaktType: 'Vandværkspasser' }),
    );

    const v2 = await aendrKontakt(req, k, 'vand', { rolle: 'Formand' });
    expect((await sidsteLog(id)).notat).toBe(
      "Kontaktperson 'Villy Vandmand' ændret: Kontakttype (Jupiter): Vandværkspasser → Formand.",
    );
    const stale = await req('PUT', `kontaktperson/${k.id}`, 'vand', { ...k, telefon: '11 11 11 11' });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toMatch(/^Kontaktpersonen er ændret af en anden bruger/);
    expect((await req('DELETE', `kontaktperson/${k.id}?version=${k.version}`, 'vand')).statusCode).toBe(409);

    const del = await req('DELETE', `kontaktperson/${k.id}?version=${v2}`, 'vand');
    expect(del.statusCode).toBe(204);
    expect((await sidsteLog(id)).notat).toBe("Kontaktperson 'Villy Vandmand' slettet.");
    const efter = json(await req('GET', `virksomhed/${id}/kontaktperson`, 'vand')) as { id: number }[];
    expect(efter.map((x) => x.id)).not.toContain(k.id);
    const [raekke] = await rows<{ slettet: boolean }>(
      sql`SELECT slettet FROM kontaktperson WHERE id = ${k.id}`,
    );
    expect(raekke!.slettet).toBe(true);
  });

  it('checks the type against the Jupiter list for a plant and the company list for a company', async () => {
    const id = await plant(kunde.skive);
    const firmaTypen = await req('POST', `virksomhed/${id}/kontaktperson`, 'vand', {
      navn: 'A',
      rolle: 'Miljøkoordinator',
    });
    expect(firmaTypen.statusCode).toBe(400);
    expect(Object.keys(json(firmaTypen).errors)).toEqual(['rolle']);
    const firma = (await app.t.forsteVirksomhed(kunde.skive, 1)).id;
    const jupiterTypen = await req('POST', `virksomhed/${firma}/kontaktperson`, 'virksomhed', {
      navn: 'A',
      rolle: 'Vandværkspasser',
    });
    expect(jupiterTypen.statusCode).toBe(400);
    expect(Object.keys(json(jupiterTypen).errors)).toEqual(['rolle']);
    const laboratorium = await req('POST', `virksomhed/${id}/kontaktperson`, 'vand', {
      navn: 'Vandlaboratoriet',
      rolle: 'Laboratorium',
    });
    expect(laboratorium.statusCode).toBe(201);
  });

  it("keeps a contact's Jupiter id on a change", async () => {
    const [wk] = await rows<{ id: number; jid: string; plant: number }>(
      sql`SELECT k.id, k.jupiter_kontaktperson_id AS jid, k.virksomhed_id AS plant FROM kontaktperson k
          JOIN virksomhed v ON v.id = k.virksomhed_id
          WHERE v.kunde_id = ${kunde.skive} AND v.type = 3 AND NOT v.slettet AND NOT k.slettet
            AND k.jupiter_kontaktperson_id IS NOT NULL
          ORDER BY k.id DESC LIMIT 1`,
    );
    const k = (
      json(await req('GET', `virksomhed/${wk!.plant}/kontaktperson`, 'vand')) as {
        id: number;
        jupiterKontaktpersonId: string | null;
      }[]
    ).find((x) => x.id === wk!.id)!;
    expect(k.jupiterKontaktpersonId).toBe(wk!.jid);
    const r = await req('PUT', `kontaktperson/${k.id}`, 'vand', { ...k, telefon: '40 50 60 70' });
    expect(r.statusCode).toBe(200);
    const [efter] = await rows<{ jid: string; telefon: string }>(
      sql`SELECT jupiter_kontaktperson_id AS jid, telefon FROM kontaktperson WHERE id = ${k.id}`,
    );
    expect(efter).toEqual({ jid: wk!.jid, telefon: '40 50 60 70' });
  });

  it("needs the plant's write right, and hides another customer's plant", async () => {
    const id = await plant(kunde.skive);
    expect((await req('POST', `virksomhed/${id}/kontaktperson`, 'laeser', { navn: 'A' })).statusCode).toBe(
      403,
    );
    // A company caseworker has no right on water plants.
    expect(
      (await req('POST', `virksomhed/${id}/kontaktperson`, 'virksomhed', { navn: 'A' })).statusCode,
    ).toBe(403);
    const [k] = await rows<{ id: number; version: number }>(
      sql`SELECT id, version FROM kontaktperson WHERE virksomhed_id = ${id} AND NOT slettet ORDER BY id LIMIT 1`,
    );
    expect(
      (await req('PUT', `kontaktperson/${k!.id}`, 'laeser', { navn: 'X', version: k!.version })).statusCode,
    ).toBe(403);
    expect((await req('DELETE', `kontaktperson/${k!.id}?version=${k!.version}`, 'laeser')).statusCode).toBe(
      403,
    );
    expect((await req('GET', `virksomhed/${id}/kontaktperson`, 'laeser')).statusCode).toBe(200);

    const anden = await plant(kunde.herning);
    expect((await req('POST', `virksomhed/${anden}/kontaktperson`, 'vand', { navn: 'X' })).statusCode).toBe(
      404,
    );
    expect((await req('GET', `virksomhed/${anden}/kontaktperson`, 'vand')).statusCode).toBe(404);
    const [ak] = await rows<{ id: number; version: number }>(
      sql`SELECT id, version FROM kontaktperson WHERE virksomhed_id = ${anden} ORDER BY id LIMIT 1`,
    );
    expect(
      (await req('PUT', `kontaktperson/${ak!.id}`, 'vand', { navn: 'X', version: ak!.version })).statusCode,
    ).toBe(404);
    expect((await req('DELETE', `kontaktperson/${ak!.id}?version=${ak!.version}`, 'vand')).statusCode).toBe(
      404,
    );
  });
});
