import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIRKSOMHED_KONFLIKT, virksomhedSchema } from '../../src/contract/virksomhed';
import { queryRows } from '../../src/server/db/client';
import { aendrKontakt, opretKontakt } from '../helpers/kontaktperson';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';
import { basisKrop } from '../helpers/virksomhed-formular';

const json = (r: { body: string }) => JSON.parse(r.body);
type Detail = ReturnType<typeof virksomhedSchema.parse>;

describe.each(dbTargets())('company API on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let skive: number;
  let herning: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    for (const u of ['virksomhed', 'landbrug', 'laeser', 'vand', 'admin']) tok[u] = await t.tokenFor(u);
    skive = await t.kundeId(779);
    herning = await t.kundeId(657);
  });
  afterAll(async () => t?.close());

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: string, payload?: unknown) =>
    t.kald(method, `/api/${url}`, user ? tok[user] : undefined, payload);

  const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
  const firma = async (kundeId: number, type: 1 | 2 | 3, where?: SQL) =>
    (await t.forsteVirksomhed(kundeId, type, where)).id;
  const logRows = (id: number) =>
    rows<{ emne: string; notat: string; bruger_id: number; automatisk: boolean; dato: Date }>(
      sql`SELECT emne, notat, bruger_id, automatisk, dato FROM logbog WHERE virksomhed_id = ${id} ORDER BY id DESC`,
    );
  const detail = async (id: number, user = 'virksomhed') =>
    json(await req('GET', `virksomhed/${id}`, user)) as Detail;

  /** The form's body: every editable basis field as it stands, plus the locality and the version. */
  const body = (d: Detail, changes: Record<string, unknown> = {}) => basisKrop(d, changes);

  describe('GET virksomhed/{id}', () => {
    it('answers the company with basis, locality, contacts, CVR changes and record counts', async () => {
      const id = await firma(
        skive,
        1,
        sql`EXISTS (SELECT 1 FROM kontaktperson k WHERE k.virksomhed_id = virksomhed.id)`,
      );
      const r = await req('GET', `virksomhed/${id}`, 'virksomhed');
      expect(r.statusCode).toBe(200);
      const d = virksomhedSchema.parse(json(r));
      const [row] = await rows<{ navn: string; cvr_nr: string; version: number }>(
        sql`SELECT navn, cvr_nr, version FROM virksomhed WHERE id = ${id}`,
      );
      expect(d.basis.navn).toBe(row!.navn);
      expect(d.basis.cvrNr).toBe(row!.cvr_nr);
      expect(d.version).toBe(row!.version);
      expect(d.basis.virksomhedstype).toBe(1);
      expect(d.kontaktpersonListe.length).toBeGreaterThan(0);
      const [kv] = await rows<{ version: number }>(
        sql`SELECT version FROM kontaktperson WHERE id = ${d.kontaktpersonListe[0]!.id}`,
      );
      expect(d.kontaktpersonListe[0]!.version).toBe(kv!.version);
      expect(d.wkt).toMatch(/^POINT\(\d+(\.\d+)? \d+(\.\d+)?\)$/);
      const counts = await rows<{ art: string; n: number }>(
        sql`SELECT art, count(*)::int AS n FROM registrering WHERE virksomhed_id = ${id} AND NOT slettet GROUP BY art`,
      );
      expect(d.antal).toEqual(Object.fromEntries(counts.map((c) => [c.art, c.n])));
    });

    it('shows a farm to the farm and read-only roles, not to the company caseworker', async () => {
      const id = await firma(skive, 2);
      expect((await req('GET', `virksomhed/${id}`, 'landbrug')).statusCode).toBe(200);
      expect((await req('GET', `virksomhed/${id}`, 'laeser')).statusCode).toBe(200);
      expect((await req('GET', `virksomhed/${id}`, 'virksomhed')).statusCode).toBe(403);
      expect((await req('GET', `virksomhed/${id}`, 'vand')).statusCode).toBe(403);
    });

    it("answers 404 for another customer's company and for a water plant, 401 without token, 400 for a bad id", async () => {
      const other = await firma(herning, 1);
      const r = await req('GET', `virksomhed/${other}`, 'virksomhed');
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('basis');
      expect((await req('GET', `virksomhed/${await firma(skive, 3)}`, 'admin')).statusCode).toBe(404);
      expect((await req('GET', `virksomhed/${other}`)).statusCode).toBe(401);
      expect((await req('GET', 'virksomhed/0', 'virksomhed')).statusCode).toBe(400);
      expect((await req('GET', 'virksomhed/99999999', 'virksomhed')).statusCode).toBe(404);
    });
  });

  describe('PUT virksomhed/{id}/basis', () => {
    it('saves the fields, bumps the version and writes who changed what to the log', async () => {
      const id = await firma(skive, 1, sql`kategori = '2' AND (basis->>'dmaStatusId')::int = 1`);
      const d = await detail(id);
      const r = await req(
        'PUT',
        `virksomhed/${id}/basis`,
        'virksomhed',
        body(d, {
          navn: `${d.basis.navn} (ny)`,
          kategori: '1b',
          omfattetAfVOC: !d.basis.omfattetAfVOC,
          dmaStatusId: 2,
          biaktiviteter: ['Tankstation'],
          lokalitet: {
            matrikler: ['7a Skive Bygrunde', ' '],
            grunde: [],
            bygningerOgAnlaeg: ['Vaskehal'],
            ejere: [],
          },
        }),
      );
      expect(r.statusCode).toBe(200);
      const saved = virksomhedSchema.parse(json(r));
      expect(saved.version).toBeGreaterThan(d.version);
      expect(saved.basis.navn).toBe(`${d.basis.navn} (ny)`);
      expect(saved.basis.kategori).toBe('1b');
      expect(saved.basis.aktivitetsListe).toEqual([d.basis.hovedaktivitet, 'Tankstation']);
      expect(saved.lokalitet.matrikler).toEqual(['7a Skive Bygrunde']);
      expect(await detail(id)).toEqual(saved);

      const [log] = await logRows(id);
      expect(log!.automatisk).toBe(true);
      expect(log!.emne).toBe('Stamoplysninger');
      expect(log!.bruger_id).toBe(await t.brugerId('virksomhed'));
      expect(Date.now() - new Date(log!.dato).getTime()).toBeLessThan(60_000);
      expect(log!.notat).toContain(`Navn: ${d.basis.navn} → ${d.basis.navn} (ny)`);
      expect(log!.notat).toContain('Kategori: 2 → 1b');
      expect(log!.notat).toContain('DMA-status: Aktiv → Inaktiv');
      expect(log!.notat).toContain('Matrikler: ');
      expect(log!.notat).not.toContain('CVR-nummer');
    });

    it('answers 409 with a Danish message on a stale version and changes nothing', async () => {
      const id = await firma(skive, 1, sql`kategori = 'Ingen'`);
      const d = await detail(id);
      const first = await req(
        'PUT',
        `virksomhed/${id}/basis`,
        'virksomhed',
        body(d, { bemaerkning: 'Første bruger' }),
      );
      expect(first.statusCode).toBe(200);
      const logsBefore = (await logRows(id)).length;
      const second = await req(
        'PUT',
        `virksomhed/${id}/basis`,
        'admin',
        body(d, { bemaerkning: 'Anden bruger' }),
      );
      expect(second.statusCode).toBe(409);
      expect(json(second).message).toBe(VIRKSOMHED_KONFLIKT);
      const now = await detail(id);
      expect(now.basis.bemaerkning).toBe('Første bruger');
      expect(now.version).toBeGreaterThan(d.version);
      expect((await logRows(id)).length).toBe(logsBefore);
    });

    it('answers 409 when one record’s body reaches another: versions never repeat across records', async () => {
      const [a, b] = (
        await rows<{ id: number }>(
          sql`SELECT id FROM virksomhed WHERE kunde_id = ${skive} AND type = 1 AND NOT slettet ORDER BY id LIMIT 2`,
        )
      ).map((r) => r.id);
      const da = await detail(a!);
      const db = await detail(b!);
      // Every versioned row in the seeded database has its own version.
      const [dupes] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (
              SELECT version FROM virksomhed UNION ALL SELECT version FROM registrering
              UNION ALL SELECT version FROM oppumpet_maengde UNION ALL SELECT version FROM pejling
              UNION ALL SELECT version FROM vandproeve
            ) v GROUP BY version HAVING count(*) > 1 LIMIT 1`,
      );
      expect(dupes).toBeUndefined();
      expect(da.version).not.toBe(db.version);
      // B's form state sent to A's address (the corruption of issue 9): refused, A untouched.
      const misrouted = await req('PUT', `virksomhed/${a}/basis`, 'virksomhed', body(db));
      expect(misrouted.statusCode).toBe(409);
      const after = await detail(a!);
      expect(after.basis.navn).toBe(da.basis.navn);
      expect(after.lokalitet).toEqual(da.lokalitet);
      expect(after.version).toBe(da.version);
      // A save moves A to a version no other record has, so B's version still cannot match A's.
      const saved = json(await req('PUT', `virksomhed/${a}/basis`, 'virksomhed', body(da)));
      expect(saved.version).not.toBe(db.version);
      expect((await req('PUT', `virksomhed/${b}/basis`, 'virksomhed', body(after))).statusCode).toBe(409);
    });
    it('answers 400 with the form field names for bad input', async () => {
      const id = await firma(skive, 1);
      const d = await detail(id);
      const cases: [Record<string, unknown>, string][] = [
        [{ navn: '' }, 'navn'],
        [{ navn: 'x'.repeat(201) }, 'navn'],
        [{ cvrNr: '12345678' }, 'cvrNr'],
        [{ pNr: '2000000000' }, 'pNr'],
        [{ etableringsDato: '2020-02-30' }, 'etableringsDato'],
        [{ etableringsDato: '2020-01-01', ophoertDato: '2019-12-31' }, 'ophoertDato'],
        [{ kategori: '3' }, 'kategori'],
        [{ omfattetAfVOC: 'ja' }, 'omfattetAfVOC'],
        [{ dmaUrlForVirksomhed: 'ikke en adresse' }, 'dmaUrlForVirksomhed'],
        [{ omfattetAfAktivtTilsyn: true, omfattetAfAktivtTilsynDato: null }, 'omfattetAfAktivtTilsynDato'],
        [{ omfattetAfBrugerbetaling: true, brugerbetaling: null }, 'brugerbetaling'],
        [{ version: undefined }, 'version'],
        [{ lokalitet: { matrikler: 'nej' } }, 'lokalitet.matrikler'],
      ];
      for (const [change, field] of cases) {
        const r = await req('PUT', `virksomhed/${id}/basis`, 'virksomhed', body(d, change));
        expect(r.statusCode, JSON.stringify(change)).toBe(400);
        const problem = json(r);
        expect(problem).toMatchObject({ title: 'Ugyldige data', status: 400 });
        expect(Object.keys(problem.errors), JSON.stringify(change)).toContain(field);
      }
      expect((await detail(id)).version).toBe(d.version);
    });

    it('refuses lookup values that are not offered, case workers of another customer and foreign contacts', async () => {
      const id = await firma(skive, 1, sql`NOT omfattet_af_brugerbetaling`);
      const d = await detail(id);
      const herningBruger = (
        await rows<{ id: number }>(
          sql`SELECT b.id FROM bruger b JOIN bruger_kunde bk ON bk.bruger_id = b.id WHERE bk.kunde_id = ${herning}
              AND NOT EXISTS (SELECT 1 FROM bruger_kunde x WHERE x.bruger_id = b.id AND x.kunde_id = ${skive}) LIMIT 1`,
        )
      )[0]!.id;
      const otherContact = (
        await rows<{ id: number }>(
          sql`SELECT id FROM kontaktperson WHERE virksomhed_id <> ${id} AND kunde_id = ${skive} LIMIT 1`,
        )
      )[0]!.id;
      const cases: [Record<string, unknown>, string][] = [
        [{ virksomhedsGruppeId: 99 }, 'virksomhedsGruppeId'],
        [{ hovedaktivitet: 'Rumfart' }, 'hovedaktivitet'],
        [{ primaerSagsbehandler: herningBruger }, 'primaerSagsbehandler'],
        [{ sagsbehandlerListe: [herningBruger] }, 'sagsbehandlerListe'],
        [{ kontaktpersonId: otherContact }, 'kontaktpersonId'],
        [{ betalerTypeKode: 'XYZ' }, 'betalerTypeKode'],
      ];
      for (const [change, field] of cases) {
        const r = await req('PUT', `virksomhed/${id}/basis`, 'virksomhed', body(d, change));
        expect(r.statusCode, field).toBe(400);
        expect(Object.keys(json(r).errors)).toEqual([field]);
      }
    });

    it('keeps an inactive value the company already has', async () => {
      const id = await firma(skive, 1, sql`basis->>'dmabatKonklusionId' IS NULL`);
      await t.database.db.execute(
        sql`UPDATE virksomhed SET basis = basis || '{"hovedaktivitet": "Udgået aktivitet"}'::jsonb WHERE id = ${id}`,
      );
      const d = await detail(id);
      const r = await req(
        'PUT',
        `virksomhed/${id}/basis`,
        'virksomhed',
        body(d, { bemaerkning: 'Uændret aktivitet' }),
      );
      expect(r.statusCode).toBe(200);
      expect(json(r).basis.hovedaktivitet).toBe('Udgået aktivitet');
    });

    it('needs the caseworker right of the type; another customer is 404; no token 401', async () => {
      const id = await firma(skive, 1);
      const d = await detail(id);
      const before = (await logRows(id)).length;
      expect((await req('PUT', `virksomhed/${id}/basis`, 'laeser', body(d))).statusCode).toBe(403);
      expect((await req('PUT', `virksomhed/${id}/basis`, 'landbrug', body(d))).statusCode).toBe(403);
      expect((await req('PUT', `virksomhed/${id}/basis`, undefined, body(d))).statusCode).toBe(401);
      const other = await firma(herning, 1);
      expect((await req('PUT', `virksomhed/${other}/basis`, 'virksomhed', body(d))).statusCode).toBe(404);
      expect((await detail(id)).version).toBe(d.version);
      expect((await logRows(id)).length).toBe(before);
      // A farm is edited by the farm caseworker, and its CHR number is kept.
      const farm = await firma(skive, 2, sql`chr_nr IS NOT NULL`);
      const fd = await detail(farm, 'landbrug');
      const r = await req('PUT', `virksomhed/${farm}/basis`, 'landbrug', body(fd, { chrNr: '123456' }));
      expect(r.statusCode).toBe(200);
      expect(json(r).basis.chrNr).toBe('123456');
      expect((await logRows(farm))[0]!.notat).toContain(`CHR-nummer: ${fd.basis.chrNr} → 123456`);
    });
  });

  describe('contacts', () => {
    it('creates, changes and deletes a contact, logging each; a stale version answers 409', async () => {
      const id = await firma(skive, 1, sql`NOT omfattet_af_brugerbetaling`);
      const k = await opretKontakt(req, id, 'virksomhed', {
        navn: 'Birgitte Holm',
        rolle: 'Miljøkoordinator',
        telefon: '97 52 11 00',
        email: 'bh@firma.dk',
      });
      expect((await logRows(id))[0]!.notat).toBe(
        "Kontaktperson 'Birgitte Holm' oprettet (Miljøkoordinator).",
      );

      const v2 = await aendrKontakt(req, k, 'virksomhed', { telefon: '20 30 40 50' });
      expect((await logRows(id))[0]!.notat).toBe(
        "Kontaktperson 'Birgitte Holm' ændret: Telefon: 97 52 11 00 → 20 30 40 50.",
      );
      const stale = await req('PUT', `kontaktperson/${k.id}`, 'admin', { ...k, telefon: '11 11 11 11' });
      expect(stale.statusCode).toBe(409);
      expect(json(stale).message).toMatch(/^Kontaktpersonen er ændret af en anden bruger/);
      const staleDel = await req('DELETE', `kontaktperson/${k.id}?version=${k.version}`, 'virksomhed');
      expect(staleDel.statusCode).toBe(409);
      expect(json(staleDel).message).toMatch(/^Kontaktpersonen er ændret af en anden bruger/);
      const utenVersion = await req('PUT', `kontaktperson/${k.id}`, 'virksomhed', { navn: 'X' });
      expect(utenVersion.statusCode).toBe(400);
      expect(json(utenVersion).errors.version).toEqual([
        'version skal sendes med (den version du har rettet i)',
      ]);
      expect((await req('DELETE', `kontaktperson/${k.id}`, 'virksomhed')).statusCode).toBe(400);

      expect((await req('DELETE', `kontaktperson/${k.id}?version=${v2}`, 'laeser')).statusCode).toBe(403);
      const del = await req('DELETE', `kontaktperson/${k.id}?version=${v2}`, 'virksomhed');
      expect(del.statusCode).toBe(204);
      expect((await detail(id)).kontaktpersonListe.map((c) => c.id)).not.toContain(k.id);
      expect((await logRows(id))[0]!.notat).toBe("Kontaktperson 'Birgitte Holm' slettet.");
      // Soft: the row stays, marked deleted with a new version; changing or deleting it again is 404.
      const [raekke] = await rows<{ slettet: boolean; version: number }>(
        sql`SELECT slettet, version FROM kontaktperson WHERE id = ${k.id}`,
      );
      expect(raekke!.slettet).toBe(true);
      expect(raekke!.version).toBeGreaterThan(v2);
      // Nor can it be chosen as the payer any more.
      const payer = await req(
        'PUT',
        `virksomhed/${id}/basis`,
        'virksomhed',
        body(await detail(id), { kontaktpersonId: k.id }),
      );
      expect(payer.statusCode).toBe(400);
      expect(Object.keys(json(payer).errors)).toEqual(['kontaktpersonId']);
      expect(
        (await req('PUT', `kontaktperson/${k.id}`, 'virksomhed', { ...k, version: raekke!.version }))
          .statusCode,
      ).toBe(404);
      expect(
        (await req('DELETE', `kontaktperson/${k.id}?version=${raekke!.version}`, 'virksomhed')).statusCode,
      ).toBe(404);
    });

    it('leaves a deleted water plant contact out of the validation contact-person list, keeping the row', async () => {
      // A water plant's contacts come from Jupiter and are not in a company detail: the version is the row's.
      const [wk] = await rows<{ id: number; jid: string; version: number; plant: number }>(
        sql`SELECT k.id, k.jupiter_kontaktperson_id AS jid, k.version, k.virksomhed_id AS plant FROM kontaktperson k
            JOIN virksomhed v ON v.id = k.virksomhed_id
            WHERE v.kunde_id = ${skive} AND v.type = 3 AND NOT v.slettet
              AND k.jupiter_kontaktperson_id IS NOT NULL AND k.email IS NOT NULL AND k.email <> ''
            ORDER BY k.id LIMIT 1`,
      );
      const liste = async () =>
        json(
          await req(
            'GET',
            `VandanlaegKontaktperson/list/${skive}?filter=${encodeURIComponent(wk!.jid)}`,
            'vand',
          ),
        ) as { items: { roller: { kontaktpersonId: number }[] }[] };
      const kontaktIder = async () =>
        (await liste()).items.flatMap((i) => i.roller.map((r) => r.kontaktpersonId));
      expect(await kontaktIder()).toContain(wk!.id);
      // The plant's reporters in the e-mail status (contacts with an e-mail) lose it too.
      const reportere = async () =>
        (
          json(
            await req(
              'GET',
              `Vandanlaeg/GetAnlaegMailIndberetningStatus?kundeId=${skive}&year=2025&Take=10000`,
              'vand',
            ),
          ).items as { vandanlaegId: number; antalIndberettere: number }[]
        ).find((i) => i.vandanlaegId === wk!.plant)!.antalIndberettere;
      const foer = await reportere();
      expect((await req('DELETE', `kontaktperson/${wk!.id}?version=${wk!.version}`, 'vand')).statusCode).toBe(
        204,
      );
      expect(await kontaktIder()).not.toContain(wk!.id);
      expect(await reportere()).toBe(foer - 1);
      const [raekke] = await rows<{ slettet: boolean }>(
        sql`SELECT slettet FROM kontaktperson WHERE id = ${wk!.id}`,
      );
      expect(raekke!.slettet).toBe(true);
    });

    it('validates contacts, refuses to delete the payer and hides other customers', async () => {
      const id = await firma(skive, 1);
      const bad = await req('POST', `virksomhed/${id}/kontaktperson`, 'virksomhed', {
        navn: '',
        email: 'ikke-mail',
        telefon: '12',
        rolle: 'Astronaut',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(json(bad).errors)).toEqual(expect.arrayContaining(['navn']));
      const bad2 = await req('POST', `virksomhed/${id}/kontaktperson`, 'virksomhed', {
        navn: 'A',
        email: 'ikke-mail',
        telefon: '12',
      });
      expect(Object.keys(json(bad2).errors).sort()).toEqual(['email', 'telefon']);
      const bad3 = await req('POST', `virksomhed/${id}/kontaktperson`, 'virksomhed', {
        navn: 'A',
        rolle: 'Astronaut',
      });
      expect(Object.keys(json(bad3).errors)).toEqual(['rolle']);
      expect((await req('POST', `virksomhed/${id}/kontaktperson`, 'laeser', { navn: 'A' })).statusCode).toBe(
        403,
      );
      expect((await req('POST', `virksomhed/${id}/kontaktperson`, undefined, { navn: 'A' })).statusCode).toBe(
        401,
      );

      const payer = (
        await rows<{ id: number; virksomhed_id: number }>(
          sql`SELECT k.id, k.virksomhed_id FROM kontaktperson k JOIN virksomhed v ON v.id = k.virksomhed_id
              WHERE v.kunde_id = ${skive} AND v.type = 1 AND (v.basis->>'kontaktpersonId')::int = k.id LIMIT 1`,
        )
      )[0]!;
      const contact = (await detail(payer.virksomhed_id)).kontaktpersonListe.find((c) => c.id === payer.id)!;
      const r = await req('DELETE', `kontaktperson/${payer.id}?version=${contact.version}`, 'virksomhed');
      expect(r.statusCode).toBe(400);
      expect(Object.keys(json(r).errors)).toEqual(['kontaktpersonId']);

      const other = (
        await rows<{ id: number }>(sql`SELECT id FROM kontaktperson WHERE kunde_id = ${herning} LIMIT 1`)
      )[0]!.id;
      expect(
        (await req('PUT', `kontaktperson/${other}`, 'virksomhed', { navn: 'X', version: 1 })).statusCode,
      ).toBe(404);
      expect((await req('DELETE', `kontaktperson/${other}?version=1`, 'virksomhed')).statusCode).toBe(404);
      const otherFirm = await firma(herning, 1);
      expect(
        (await req('POST', `virksomhed/${otherFirm}/kontaktperson`, 'virksomhed', { navn: 'X' })).statusCode,
      ).toBe(404);
    });
  });

  describe('GET virksomhed/{id}/tidslinje', () => {
    it("lists the company's records and manual notes newest first, without the automatic entries", async () => {
      const id = await firma(
        skive,
        1,
        sql`(SELECT count(*) FROM registrering r WHERE r.virksomhed_id = virksomhed.id) >= 3`,
      );
      const note = await req('POST', 'logbog', 'virksomhed', {
        virksomhedId: id,
        emne: 'Telefonnotat',
        notat: 'Ejeren ringede om tømning af olieudskilleren.',
      });
      expect(note.statusCode).toBe(201);
      // An automatic entry (from a change) must not show up as its own item.
      const d = await detail(id);
      expect(
        (await req('PUT', `virksomhed/${id}/basis`, 'virksomhed', body(d, { bemaerkning: 'Tidslinje' })))
          .statusCode,
      ).toBe(200);

      const r = await req('GET', `virksomhed/${id}/tidslinje`, 'laeser');
      expect(r.statusCode).toBe(200);
      const tl = json(r) as {
        totalCount: number;
        items: { id: string; art: string; dato: string; beskrivelse: string }[];
      };
      const [{ n }] = (await rows<{ n: number }>(
        sql`SELECT ((SELECT count(*) FROM registrering WHERE virksomhed_id = ${id} AND NOT slettet)
                 + (SELECT count(*) FROM logbog WHERE virksomhed_id = ${id} AND NOT automatisk))::int AS n`,
      )) as [{ n: number }];
      expect(tl.totalCount).toBe(n);
      const dates = tl.items.map((i) => i.dato);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(tl.items.find((i) => i.art === 'logbog')?.beskrivelse).toBe(
        'Ejeren ringede om tømning af olieudskilleren.',
      );
      expect(
        tl.items.some((i) => i.art === 'logbog' && i.beskrivelse.startsWith('Stamoplysninger ændret')),
      ).toBe(false);
      expect(tl.items.find((i) => i.art === 'tilsyn')?.beskrivelse).toMatch(/^Tilsyn · /);

      const page = json(await req('GET', `virksomhed/${id}/tidslinje?start=1&take=2`, 'virksomhed'));
      expect(page.items.map((i: { id: string }) => i.id)).toEqual(tl.items.slice(1, 3).map((i) => i.id));
      expect(page.totalCount).toBe(n);
      expect(json(await req('GET', `virksomhed/${id}/tidslinje?start=500`, 'virksomhed')).totalCount).toBe(n);
      expect((await req('GET', `virksomhed/${id}/tidslinje?take=0`, 'virksomhed')).statusCode).toBe(400);
    });

    it('needs the read right and hides other customers', async () => {
      expect((await req('GET', `virksomhed/${await firma(skive, 1)}/tidslinje`, 'vand')).statusCode).toBe(
        403,
      );
      expect(
        (await req('GET', `virksomhed/${await firma(herning, 1)}/tidslinje`, 'virksomhed')).statusCode,
      ).toBe(404);
      expect((await req('GET', `virksomhed/${await firma(skive, 1)}/tidslinje`)).statusCode).toBe(401);
    });
  });
});
