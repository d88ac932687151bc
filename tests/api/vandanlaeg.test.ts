import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  rensKoordinat,
  UDEN_FOR_DANMARK,
  VANDANLAEG_KONFLIKT,
  VANDANLAEG_LOOKUPS,
  type Vandanlaeg,
  vandanlaegListeSchema,
  vandanlaegSchema,
} from '../../src/contract/vandanlaeg';
import { dbTargets, testAppForBlok } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

describe('rensKoordinat (spec 001 §5)', () => {
  it('reads dots in the integer part as thousands separators and the comma as the decimal mark', () => {
    expect(rensKoordinat('512.345,67', 6)).toBe(512345.67);
    expect(rensKoordinat('6.234.567,8', 7)).toBe(6234567.8);
    expect(rensKoordinat('512345,5', 6)).toBe(512345.5);
    expect(rensKoordinat('512345.5', 6)).toBe(512345.5);
    expect(rensKoordinat('6234567.25', 7)).toBe(6234567.25);
    expect(rensKoordinat(' 512 345 ', 6)).toBe(512345);
    expect(rensKoordinat('abc', 6)).toBeNull();
    expect(rensKoordinat('', 7)).toBeNull();
  });
});

describe.each(dbTargets())('water plant API on %s', (target) => {
  const app = testAppForBlok(target, ['vand', 'laeser', 'virksomhed']);
  const { req, rows, kunde } = app;
  const plantId = async (kundeId = kunde.skive, where?: ReturnType<typeof sql>) =>
    (await app.t.forsteVirksomhed(kundeId, 3, where)).id;
  const detail = async (id: number, user = 'vand') =>
    json(await req('GET', `Vandanlaeg/${id}`, user)) as Vandanlaeg;

  /** The form's body: every editable basis field as it stands, plus the version. */
  const body = (d: Vandanlaeg, changes: Record<string, unknown> = {}) => {
    const { virksomhedstype, slettet, jupiterIndberetningStatus, ...basis } = d.basis as unknown as Record<
      string,
      unknown
    >;
    void [virksomhedstype, slettet, jupiterIndberetningStatus];
    return { ...basis, version: d.version, ...changes };
  };
  /** Saves plant `id`'s basis as the vand user: `d` with `changes` (see body). */
  const gemBasis = (id: number, d: Vandanlaeg, changes: Record<string, unknown> = {}) =>
    req('PUT', `vandanlaeg/${id}/basis`, 'vand', body(d, changes));

  describe('GET Vandanlaeg/{id}', () => {
    it('answers the plant with every basis field, address, coordinate, contacts with Jupiter contact types', async () => {
      const id = await plantId();
      const r = await req('GET', `Vandanlaeg/${id}`, 'vand');
      expect(r.statusCode).toBe(200);
      const d = vandanlaegSchema.parse(json(r));
      for (const f of [
        'anlaegsnavn',
        'primaerVirksomhedstype',
        'oevrigeVandanlaegVirksomhedstyper',
        'jupiterId',
        'anlaegsnr',
        'sagsbehandlerListe',
        'jupiterAktivStatusId',
        'startdato',
        'slutdato',
        'jupiterAnlaegsartId',
        'jupiterVandtypeId',
        'jupiterIndvindingsformaalId',
        'jupiterCTRLPROGRAMId',
        'jupiterKoordinatMetodeId',
        'vandmaengdeM3Aar',
        'udloebsdatoPaaGaeldendeTilladelse',
        'overanlaegVirksomhedId',
        'udledning',
        'hjemmeside',
        'jupiterBemaerkning',
        'bemaerkning',
        'beliggenhedsKommuneId',
        'analysegodkendeKommuneId',
        'journalNr',
        'jupiterIndberetningStatus',
        'indberetning',
        'slettet',
        'virksomhedstype',
        'cvrNr',
        'pNr',
      ]) {
        expect(d.basis, f).toHaveProperty(f);
      }
      const [row] = await rows<{ navn: string; jupiter_id: string; anlaegsnr: string }>(
        sql`SELECT navn, jupiter_id, anlaegsnr FROM virksomhed WHERE id = ${id}`,
      );
      expect(d.basis.anlaegsnavn).toBe(row!.navn);
      expect(d.basis.jupiterId).toBe(row!.jupiter_id);
      expect(d.basis.anlaegsnr).toBe(row!.anlaegsnr);
      expect(d.basis.virksomhedstype).toBe(3);
      expect(d.adresse.fuldeAdresse).toBeTruthy();
      expect(d.koordinat).not.toBeNull();
      expect(d.kontaktpersonListe.length).toBeGreaterThan(0);
      expect(d.kontaktpersonListe[0]!.kontaktType).toBeTruthy();
      expect(d.kontaktpersonListe[0]!.jupiterId).toBeTruthy();
    });

    it('answers 404 for a company id, another customer’s plant and an unknown id', async () => {
      const firma = (await app.t.forsteVirksomhed(kunde.skive, 1)).id;
      expect((await req('GET', `Vandanlaeg/${firma}`, 'vand')).statusCode).toBe(404);
      const fremmed = await plantId(kunde.herning);
      const r = await req('GET', `Vandanlaeg/${fremmed}`, 'vand');
      expect(r.statusCode).toBe(404);
      expect(json(r).message).toMatch(/Vandanlægget blev ikke fundet/);
      expect((await req('GET', 'Vandanlaeg/999999', 'vand')).statusCode).toBe(404);
    });

    it('lets a reader read and refuses a user without the water-plant right', async () => {
      const id = await plantId();
      expect((await req('GET', `Vandanlaeg/${id}`, 'laeser')).statusCode).toBe(200);
      expect((await req('GET', `Vandanlaeg/${id}`, 'virksomhed')).statusCode).toBe(403);
    });
  });

  describe('PUT vandanlaeg/{id}/basis', () => {
    it('saves the basis, keeps the columns in step and logs the changed fields', async () => {
      const id = await plantId();
      const d = await detail(id);
      const r = await gemBasis(id, d, {
        anlaegsnavn: 'Testrup Vandværk',
        jupiterId: '123456',
        vandmaengdeM3Aar: 45000,
      });
      expect(r.statusCode, r.body).toBe(200);
      const ny = vandanlaegSchema.parse(json(r));
      expect(ny.basis.anlaegsnavn).toBe('Testrup Vandværk');
      expect(ny.version).toBeGreaterThan(d.version);
      const [row] = await rows<{ navn: string; jupiter_id: string }>(
        sql`SELECT navn, jupiter_id FROM virksomhed WHERE id = ${id}`,
      );
      expect(row).toEqual({ navn: 'Testrup Vandværk', jupiter_id: '123456' });
      const [log] = await rows<{ emne: string; notat: string }>(
        sql`SELECT emne, notat FROM logbog WHERE virksomhed_id = ${id} ORDER BY id DESC LIMIT 1`,
      );
      expect(log!.emne).toBe('Stamoplysninger');
      expect(log!.notat).toContain('Anlægsnavn');
      expect(log!.notat).toContain('Jupiter-id');
      expect(log!.notat).toContain('Tilladt vandmængde');
    });

    it('answers 409 on a stale version and writes nothing', async () => {
      const id = await plantId();
      const d = await detail(id);
      expect((await gemBasis(id, d, { journalNr: 'A-1' })).statusCode).toBe(200);
      const r = await gemBasis(id, d, { journalNr: 'B-2' });
      expect(r.statusCode).toBe(409);
      expect(json(r).message).toBe(VANDANLAEG_KONFLIKT);
      expect((await detail(id)).basis.journalNr).toBe('A-1');
    });

    it('cleans Danish coordinates and refuses one outside Denmark with a Danish 400', async () => {
      const id = await plantId();
      let d = await detail(id);
      const r = await gemBasis(id, d, { koordinat: { x: '512.345,6', y: '6.234.567,8' } });
      expect(r.statusCode, r.body).toBe(200);
      d = vandanlaegSchema.parse(json(r));
      expect(d.koordinat).toMatchObject({ x: 512345.6, y: 6234567.8 });
      const [row] = await rows<{ x: number; y: number }>(sql`SELECT x, y FROM virksomhed WHERE id = ${id}`);
      expect(row).toEqual({ x: 512345.6, y: 6234567.8 });

      const ude = await gemBasis(id, d, { koordinat: { x: '312.345', y: '6.234.567' } });
      expect(ude.statusCode).toBe(400);
      expect(json(ude).errors['koordinat.x']).toEqual([UDEN_FOR_DANMARK]);
      const tekst = await gemBasis(id, d, { koordinat: { x: 'øst', y: 1 } });
      expect(tekst.statusCode).toBe(400);
      expect(json(tekst).errors['koordinat.x']![0]).toMatch(/skal være et tal/);
      expect(json(tekst).errors['koordinat.y']).toEqual([UDEN_FOR_DANMARK]);
    });

    it('answers 400 in Danish for bad input, unknown lookups and a type that does not fit the purpose', async () => {
      const id = await plantId();
      const d = await detail(id);
      const r = await gemBasis(id, d, {
        anlaegsnavn: '',
        cvrNr: '123',
        startdato: '2020-01-01',
        slutdato: '2019-01-01',
      });
      expect(r.statusCode).toBe(400);
      const e = json(r).errors;
      expect(e.anlaegsnavn).toEqual(['Feltet er påkrævet']);
      expect(e.cvrNr![0]).toMatch(/CVR-nummeret/);
      expect(e.slutdato).toEqual(['Slutdatoen må ikke ligge før startdatoen']);

      const ukendt = await gemBasis(id, d, { jupiterAnlaegsartId: 99 });
      expect(ukendt.statusCode).toBe(400);
      expect(json(ukendt).errors.jupiterAnlaegsartId).toEqual(['Ukendt værdi: 99']);

      const passer = await gemBasis(id, d, { jupiterIndvindingsformaalId: 3, primaerVirksomhedstype: 'V01' });
      expect(passer.statusCode).toBe(400);
      expect(json(passer).errors.primaerVirksomhedstype).toEqual([
        'Virksomhedstypen passer ikke til indvindingsformålet',
      ]);
      const uden = await req('PUT', `vandanlaeg/${id}/basis`, 'vand', { anlaegsnavn: 'X' });
      expect(uden.statusCode).toBe(400);
      expect(json(uden).errors.version).toBeTruthy();
    });

    it('sets the over-plant, lists the under-plant on it, and refuses a cycle', async () => {
      const [a, b] = (
        await rows<{ id: number }>(
          sql`SELECT id FROM virksomhed WHERE kunde_id = ${kunde.skive} AND type = 3 AND NOT slettet ORDER BY id DESC LIMIT 2`,
        )
      ).map((r) => Number(r.id)) as [number, number];
      const da = await detail(a);
      const r = await gemBasis(a, da, { overanlaegVirksomhedId: b });
      expect(r.statusCode, r.body).toBe(200);
      expect(json(r).overanlaeg.id).toBe(b);
      const db = await detail(b);
      expect(db.underanlaeg.map((u) => u.id)).toContain(a);
      const ring = await gemBasis(b, db, { overanlaegVirksomhedId: a });
      expect(ring.statusCode).toBe(400);
      expect(json(ring).errors.overanlaegVirksomhedId).toEqual([
        'Overanlægget ligger selv under dette anlæg',
      ]);
      const selv = await gemBasis(b, db, { overanlaegVirksomhedId: b });
      expect(json(selv).errors.overanlaegVirksomhedId).toEqual(['Et anlæg kan ikke være sit eget overanlæg']);
      // A saved over-plant deleted since does not block other changes of its under-plant.
      await rows(sql`UPDATE virksomhed SET slettet = true WHERE id = ${b}`);
      const andet = await gemBasis(a, await detail(a), { journalNr: 'J-9' });
      await rows(sql`UPDATE virksomhed SET slettet = false WHERE id = ${b}`);
      expect(andet.statusCode, andet.body).toBe(200);
      const fremmed = await plantId(kunde.herning);
      const ud = await gemBasis(b, db, { overanlaegVirksomhedId: fremmed });
      expect(json(ud).errors.overanlaegVirksomhedId).toEqual([
        'Overanlægget findes ikke blandt kundens vandanlæg',
      ]);
    });

    it('takes the address from DAWA and keeps matrikler and BFE number', async () => {
      const id = await plantId();
      const d = await detail(id);
      const s = await req('GET', `Vandanlaeg/dawa/adresser?q=1&antal=1`, 'vand');
      expect((await req('GET', 'Vandanlaeg/dawa/adresser?q=vej', 'laeser')).statusCode).toBe(403);
      expect(s.statusCode, s.body).toBe(200);
      const a = json(s)[0] as { id: string; type: 'adresse' | 'adgangsadresse'; tekst: string };
      const r = await gemBasis(id, d, {
        adresse: { dawaAdresseId: a.id, dawaAdresseType: a.type },
        matrikler: ['12a Testrup By, Testrup', ''],
        bfeNr: '100200300',
      });
      expect(r.statusCode, r.body).toBe(200);
      const ny = vandanlaegSchema.parse(json(r));
      expect(ny.adresse.fuldeAdresse).toBe(a.tekst);
      expect(ny.adresse.dawaAdresseId).toBe(a.id);
      expect(ny.matrikler).toEqual(['12a Testrup By, Testrup']);
      expect(ny.lokalitet.bfeNr).toBe('100200300');
      const bad = await gemBasis(id, ny, {
        adresse: { dawaAdresseId: '00000000-0000-4000-8000-000000000000', dawaAdresseType: 'adresse' },
      });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).errors.adresse).toEqual(['Adressen findes ikke i DAWA']);
    });

    it('refuses a reader (403) and another customer’s plant (404)', async () => {
      const id = await plantId();
      const d = await detail(id);
      expect((await req('PUT', `vandanlaeg/${id}/basis`, 'laeser', body(d))).statusCode).toBe(403);
      const fremmed = await plantId(kunde.herning);
      expect((await gemBasis(fremmed, d)).statusCode).toBe(404);
    });
  });

  describe('GET Vandanlaeg/HentVandanlaegListe', () => {
    const liste = async (q: string, user = 'vand') => {
      const r = await req('GET', `Vandanlaeg/HentVandanlaegListe?kundeid=${kunde.skive}&${q}`, user);
      expect(r.statusCode, r.body).toBe(200);
      return vandanlaegListeSchema.parse(json(r));
    };

    it('pages the customer’s plants with their computed columns', async () => {
      const [n] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM virksomhed WHERE kunde_id = ${kunde.skive} AND type = 3 AND NOT slettet`,
      );
      const side1 = await liste('take=3');
      expect(side1.totalCount).toBe(Number(n!.n));
      expect(side1.items).toHaveLength(Math.min(3, Number(n!.n)));
      const side2 = await liste('take=3&start=3');
      expect(side2.items.map((i) => i.id)).not.toContain(side1.items[0]!.id);
      const alle = await liste('take=500');
      const [afv] = await rows<{ id: number; n: number }>(
        sql`SELECT vandanlaeg_id AS id, count(*)::int AS n FROM oppumpet_maengde WHERE kunde_id = ${kunde.skive} AND status = 0
            GROUP BY vandanlaeg_id ORDER BY vandanlaeg_id LIMIT 1`,
      );
      if (afv)
        expect(alle.items.find((i) => i.id === Number(afv.id))!.afventer).toBeGreaterThanOrEqual(afv.n);
      const [sen] = await rows<{ id: number; s: string }>(
        sql`SELECT vandanlaeg_id AS id, max(slutdato)::text AS s FROM oppumpet_maengde WHERE kunde_id = ${kunde.skive}
            GROUP BY vandanlaeg_id ORDER BY vandanlaeg_id LIMIT 1`,
      );
      expect(alle.items.find((i) => i.id === Number(sen!.id))!.senestePeriode).toBe(sen!.s);
      expect(alle.items.some((i) => i.tilladtMaengde !== null)).toBe(true);
    });

    it('sorts, filters by text and by column, and refuses bad input in Danish', async () => {
      const asc = await liste('take=500&sortByColumn=tilladtMaengde&sortDirection=ASC');
      const tal = asc.items.map((i) => i.tilladtMaengde).filter((v): v is number => v !== null);
      expect(tal).toEqual([...tal].sort((a, b) => a - b));
      const desc = await liste('take=500&sortByColumn=anlaegsnr&sortDirection=DESC');
      const nr = desc.items.map((i) => i.anlaegsnr ?? '');
      expect(nr).toEqual([...nr].sort().reverse());

      const seneste = await liste('take=500&sortByColumn=senestePeriode&sortDirection=DESC');
      const perioder = seneste.items.map((i) => i.senestePeriode).filter((v): v is string => v !== null);
      expect(perioder.length).toBeGreaterThan(0);
      expect(perioder).toEqual([...perioder].sort().reverse());
      // The page's latest period is the same whether the list is sorted by it or not.
      const somNavn = await liste('take=500');
      for (const i of seneste.items)
        expect(somNavn.items.find((x) => x.id === i.id)?.senestePeriode).toBe(i.senestePeriode);
      const afv = await liste('take=500&sortByColumn=afventer&sortDirection=DESC');
      const antal = afv.items.map((i) => i.afventer);
      expect(antal).toEqual([...antal].sort((a, b) => b - a));

      const navn = asc.items[0]!.anlaegsnavn;
      const fundet = await liste(`filter=${encodeURIComponent(navn.slice(0, 6))}`);
      const del = navn.slice(0, 6).toLowerCase();
      expect(
        fundet.items.every((i) =>
          [i.anlaegsnavn, i.anlaegsnr, i.jupiterId, i.adresse].some((x) => x?.toLowerCase().includes(del)),
        ),
      ).toBe(true);
      expect(fundet.items.map((i) => i.id)).toContain(asc.items[0]!.id);

      const v01 = await liste('take=500&filteredColumns=primaerVirksomhedstype:V01');
      expect(v01.items.length).toBeGreaterThan(0);
      expect(v01.items.every((i) => i.primaerVirksomhedstype === 'V01')).toBe(true);
      const afventer = await liste('take=500&filteredColumns=afventer:true');
      expect(afventer.items.every((i) => i.afventer > 0)).toBe(true);

      const bad = await req(
        'GET',
        `Vandanlaeg/HentVandanlaegListe?kundeid=${kunde.skive}&sortByColumn=foo&take=0`,
        'vand',
      );
      expect(bad.statusCode).toBe(400);
      expect(json(bad).errors.sortByColumn).toEqual(['Ukendt kolonne']);
      expect(json(bad).errors.take).toEqual(['take skal være mindst 1']);
      const badFilter = await req(
        'GET',
        `Vandanlaeg/HentVandanlaegListe?kundeid=${kunde.skive}&filteredColumns=afventer:kanske`,
        'vand',
      );
      expect(json(badFilter).errors).toHaveProperty('filteredColumns');
    });

    it('answers 404 for another customer’s id and 403 without the right', async () => {
      expect(
        (await req('GET', `Vandanlaeg/HentVandanlaegListe?kundeid=${kunde.herning}`, 'vand')).statusCode,
      ).toBe(404);
      expect(
        (await req('GET', `Vandanlaeg/HentVandanlaegListe?kundeid=${kunde.skive}`, 'virksomhed')).statusCode,
      ).toBe(403);
      expect(
        (await req('GET', `Vandanlaeg/HentVandanlaegListe?kundeid=${kunde.skive}`, 'laeser')).statusCode,
      ).toBe(200);
    });

    it('shows the latest Jupiter report as the status', async () => {
      const id = await plantId();
      await rows(sql`INSERT INTO jupiter_indberetning (kunde_id, vandanlaeg_id, sendt, status)
        VALUES (${kunde.skive}, ${id}, now() - interval '1 day', 'OK'), (${kunde.skive}, ${id}, now(), 'Fejl')`);
      const alle = await liste('take=500&filteredColumns=jupiterStatus:Fejl');
      expect(alle.items.map((i) => i.id)).toContain(id);
      expect(alle.items.find((i) => i.id === id)!.jupiterStatus).toBe('Fejl');
      expect((await detail(id)).jupiterStatus?.status).toBe('Fejl');
    });
  });

  describe('MWVandanlaegLookUp', () => {
    it('serves every named list, the municipalities and the dependent company types', async () => {
      for (const name of VANDANLAEG_LOOKUPS) {
        const r = await req('GET', `MWVandanlaegLookUp/list/${name}`, 'vand');
        expect(r.statusCode, name).toBe(200);
        expect(json(r).length, name).toBeGreaterThan(0);
      }
      const k = json(await req('GET', 'MWVandanlaegLookUp/list/kommune', 'vand')) as {
        id: number;
        navn: string;
      }[];
      expect(k.find((i) => i.id === 779)?.navn).toBe('Skive Kommune');
      const mulige = await req('GET', 'MWVandanlaegLookUp/list/jupitermuligevirksomhedstype/1', 'vand');
      expect((json(mulige) as { kode: string }[]).map((i) => i.kode)).toEqual(['V01', 'V02']);
      const proces = json(await req('GET', 'MWVandanlaegLookUp/list/jupitermuligevirksomhedstype/3', 'vand'));
      expect(proces.map((i: { kode: string }) => i.kode)).toEqual(['V20']);
      expect(
        (await req('GET', 'MWVandanlaegLookUp/list/jupitermuligevirksomhedstype/77', 'vand')).statusCode,
      ).toBe(404);
      expect(
        (await req('GET', 'MWVandanlaegLookUp/list/jupitermuligevirksomhedstype/x', 'vand')).statusCode,
      ).toBe(400);
      expect((await req('GET', 'MWVandanlaegLookUp/list/findesikke', 'vand')).statusCode).toBe(404);
    });
  });

  describe('palette search', () => {
    it('finds a plant by name, anlægsnr., Jupiter id and its DGU number in any spacing', async () => {
      const [b] = await rows<{ dgu_nr: string; vandanlaeg_id: number }>(
        sql`SELECT b.dgu_nr, b.vandanlaeg_id FROM boring b JOIN virksomhed v ON v.id = b.vandanlaeg_id
            WHERE v.kunde_id = ${kunde.skive} AND NOT v.slettet ORDER BY b.id LIMIT 1`,
      );
      const id = Number(b!.vandanlaeg_id);
      const [dist, nr] = b!.dgu_nr.split('.');
      for (const form of [`${dist}.${nr}`, `${dist}. ${nr}`, ` ${dist}.  ${nr}`]) {
        const r = await req('GET', `soeg?tekst=${encodeURIComponent(form)}`, 'vand');
        expect(r.statusCode).toBe(200);
        expect(
          json(r).resultater.map((x: { id: number }) => x.id),
          form,
        ).toContain(id);
      }
      const [v] = await rows<{ navn: string; anlaegsnr: string; jupiter_id: string }>(
        sql`SELECT navn, anlaegsnr, jupiter_id FROM virksomhed WHERE id = ${id}`,
      );
      for (const tekst of [v!.navn, v!.anlaegsnr, v!.jupiter_id]) {
        const r = await req('GET', `soeg?tekst=${encodeURIComponent(tekst)}`, 'vand');
        expect(
          json(r).resultater.map((x: { id: number }) => x.id),
          tekst,
        ).toContain(id);
      }
      // A company user cannot find plants by DGU number.
      const r = await req('GET', `soeg?tekst=${encodeURIComponent(b!.dgu_nr)}`, 'virksomhed');
      expect(json(r).resultater.map((x: { id: number }) => x.id)).not.toContain(id);
    });
  });
});
