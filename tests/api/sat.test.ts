import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LookupOption, visibleOptions } from '../../src/app/ui/form/LookupSelect';
import { SAT_RAEKKETYPE } from '../../src/contract/entitet';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import {
  SAT_KAN_IKKE_AENDRES,
  type SatListeRaekke,
  type SatTilsynsperiode,
  satListeRaekkeSchema,
  satTilsynsperiodeSchema,
  satVirksomhedSchema,
} from '../../src/contract/sat';
import { sammenlignDansk } from '../../src/contract/sortering';
import { queryRows } from '../../src/server/db/client';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/** The server's clock: deadlines before this day without a performed result are overdue. */
const I_DAG = new Date('2026-11-15T10:00:00Z');

describe.each(dbTargets())('SAT companies on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let skive: number;
  let herning: number;
  let perioder: SatTilsynsperiode[];
  let p2025: number;
  let p2026: number;

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, user ? tok[user] : undefined, body);
  const rows = <T>(q: SQL) => queryRows<T>(t.database.db, q);
  const satId = async (kundeId: number, where: SQL = sql`true`) =>
    (
      await rows<{ id: number }>(
        sql`SELECT v.id FROM virksomhed v JOIN sat_virksomhed s ON s.virksomhed_id = v.id
            WHERE v.kunde_id = ${kundeId} AND v.type = ${SAT_RAEKKETYPE} AND NOT v.slettet AND ${where}
            ORDER BY v.id LIMIT 1`,
      )
    )[0]!.id;
  const liste = async (query: string, user = 'affald') => {
    const r = await req('GET', `satvirksomhed/liste?kundeid=${skive}&${query}`, user);
    expect(r.statusCode, r.body).toBe(200);
    return json(r) as { totalCount: number; items: SatListeRaekke[] };
  };

  beforeAll(async () => {
    t = await createTestApp(target, {}, () => I_DAG);
    for (const u of ['affald', 'virksomhed', 'admin']) tok[u] = await t.tokenFor(u);
    skive = await t.kundeId(779);
    herning = await t.kundeId(657);
    const r = await req('GET', `SATTilsynsperiode/tilsynsperioder/${skive}`, 'affald');
    expect(r.statusCode, r.body).toBe(200);
    perioder = (json(r) as unknown[]).map((p) => satTilsynsperiodeSchema.parse(p));
    p2026 = perioder.find((p) => p.aar === 2026)!.id;
    p2025 = perioder.find((p) => p.aar === 2025)!.id;
  });
  afterAll(async () => t?.close());

  describe('periods and their boards', () => {
    it('answers the periods newest first, with boards that match the data', async () => {
      expect(perioder.map((p) => p.navn)).toEqual(['Affaldstilsyn 2026', 'Affaldstilsyn 2025']);
      const iDag = I_DAG.toISOString().slice(0, 10);
      for (const p of perioder) {
        const [f] = await rows<Record<string, number | string>>(
          sql`SELECT count(*) AS udvalgt,
                count(*) FILTER (WHERE r.dato IS NOT NULL) AS udfoert,
                count(*) FILTER (WHERE r.data->>'overfoertTilMiljoestyrelsenDato' IS NOT NULL) AS overfoert,
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM registrering g WHERE g.virksomhed_id = v.id
                  AND g.art = 'satgebyr' AND NOT g.slettet AND (g.data->>'faktureret')::boolean)) AS faktureret,
                count(*) FILTER (WHERE s.deadline_dato < ${iDag}::date AND r.dato IS NULL) AS overskredet
              FROM sat_virksomhed s JOIN virksomhed v ON v.id = s.virksomhed_id
                LEFT JOIN registrering r ON r.virksomhed_id = v.id AND r.art = 'satresultat' AND NOT r.slettet
              WHERE s.sat_tilsynsperiode_id = ${p.id} AND NOT v.slettet`,
        );
        expect(p).toMatchObject({
          antalUdvalgt: Number(f!.udvalgt),
          antalUdfoert: Number(f!.udfoert),
          antalOverfoert: Number(f!.overfoert),
          antalFaktureret: Number(f!.faktureret),
          antalOverskredet: Number(f!.overskredet),
        });
        // The seed gives each period companies at every step.
        expect(p.antalUdvalgt).toBeGreaterThan(p.antalUdfoert);
        expect(p.antalUdfoert).toBeGreaterThan(0);
        // The board and the list count the same way: the list's statuses add up to the board.
        const l = await liste(`filteredColumns=periode:${p.id}&take=500`);
        expect(l.totalCount).toBe(p.antalUdvalgt);
        expect(l.items.filter((i) => i.satStatus === 'Faktureret').length).toBe(p.antalFaktureret);
        expect(l.items.filter((i) => i.overfoertDato !== null).length).toBe(p.antalOverfoert);
      }
      expect(perioder.find((p) => p.aar === 2025)!.antalOverskredet).toBeGreaterThan(0);
    });

    it('answers the periods as lookup items', async () => {
      const r = await req('GET', `SATTilsynsperiode/tilsynsperiodelookup/${skive}`, 'affald');
      expect(r.statusCode).toBe(200);
      expect(json(r).map((i: { kode: string; navn: string }) => [i.kode, i.navn])).toEqual([
        [String(p2026), 'Affaldstilsyn 2026'],
        [String(p2025), 'Affaldstilsyn 2025'],
      ]);
    });

    it("lists a SAT company's periods newest first in its form (the lookup's priority, not the name)", async () => {
      // Another, older period whose name sorts first, to show the order is by time, not by name.
      await rows(
        sql`INSERT INTO sat_tilsynsperiode (kunde_id, navn, aar, startdato, slutdato)
            VALUES (${skive}, 'Affaldstilsyn 2024', 2024, '2024-01-01', '2024-12-31')`,
      );
      try {
        const r = await req('GET', `SATTilsynsperiode/tilsynsperiodelookup/${skive}`, 'affald');
        const valg = visibleOptions(json(r) as LookupOption[], []);
        expect(valg.map((o) => o.navn)).toEqual([
          'Affaldstilsyn 2026',
          'Affaldstilsyn 2025',
          'Affaldstilsyn 2024',
        ]);
      } finally {
        await rows(sql`DELETE FROM sat_tilsynsperiode WHERE kunde_id = ${skive} AND aar = 2024`);
      }
    });

    it('refuses another customer (404) and a user without SAGSBEHANDLER_AFFALD (403)', async () => {
      for (const sti of ['tilsynsperioder', 'tilsynsperiodelookup']) {
        expect((await req('GET', `SATTilsynsperiode/${sti}/${herning}`, 'affald')).statusCode).toBe(404);
        expect((await req('GET', `SATTilsynsperiode/${sti}/${skive}`, 'virksomhed')).statusCode).toBe(403);
      }
    });
  });

  describe('fee types', () => {
    it('answers the types valid on the date with their rate in the name', async () => {
      const r2025 = await req('GET', `satgebyrtype/lookup/${skive}?date=2025-06-01`, 'affald');
      expect(r2025.statusCode, r2025.body).toBe(200);
      expect(json(r2025).map((i: { navn: string }) => i.navn)).toEqual([
        'Administrativt affaldstilsyn, fast gebyr (1.500,00 kr.)',
        'Affaldstilsyn, timesats (685,00 kr./time)',
      ]);
      const r2026 = await req('GET', `satgebyrtype/lookup/${skive}?date=2026-03-01`, 'affald');
      const timesats = json(r2026).find((i: { art: string }) => i.art === 'timesats');
      expect(timesats).toMatchObject({ navn: 'Affaldstilsyn, timesats (712,00 kr./time)', satsOere: 71_200 });
      // The last day of the 2025 rate is still 2025's.
      const sidste = await req('GET', `satgebyrtype/lookup/${skive}?date=2025-12-31`, 'affald');
      expect(json(sidste).find((i: { art: string }) => i.art === 'timesats').satsOere).toBe(68_500);
      expect(json(await req('GET', `satgebyrtype/lookup/${skive}?date=2024-12-31`, 'affald'))).toEqual([]);
    });

    it('refuses a bad date (400), another customer (404) and a user without the right (403)', async () => {
      const bad = await req('GET', `satgebyrtype/lookup/${skive}?date=i-morgen`, 'affald');
      expect(bad.statusCode).toBe(400);
      expect(json(bad).errors.date).toEqual(['Ugyldig dato (ÅÅÅÅ-MM-DD)']);
      expect((await req('GET', `satgebyrtype/lookup/${herning}?date=2026-01-01`, 'affald')).statusCode).toBe(
        404,
      );
      expect(
        (await req('GET', `satgebyrtype/lookup/${skive}?date=2026-01-01`, 'virksomhed')).statusCode,
      ).toBe(403);
    });
  });

  describe('the SAT company', () => {
    it('answers a company with its result, fees and the status the list shows', async () => {
      const id = await satId(
        skive,
        sql`EXISTS (SELECT 1 FROM registrering r WHERE r.virksomhed_id = v.id AND r.art = 'satresultat')`,
      );
      const r = await req('GET', `satvirksomhed/${id}`, 'affald');
      expect(r.statusCode, r.body).toBe(200);
      const sat = satVirksomhedSchema.parse(json(r));
      expect(sat.satResult).not.toBeNull();
      expect(sat.gebyrer.length).toBeGreaterThan(0);
      expect(sat.satVirksomhedKanAendres).toBe(!sat.fraSatListe);
      expect(sat.satTilsynsperiode).toMatch(/^Affaldstilsyn 202[56]$/);
      const l = await liste(`filter=${json(r).pNr}`);
      expect(l.items.find((i) => i.id === id)!.satStatus).toBe(sat.satStatus);
    });

    it('derives the status from the result and the fees', async () => {
      const id = await satId(
        skive,
        sql`NOT s.fra_sat_liste AND NOT EXISTS (SELECT 1 FROM registrering r WHERE r.virksomhed_id = v.id)`,
      );
      const status = async () => json(await req('GET', `satvirksomhed/${id}`, 'affald')).satStatus;
      expect(await status()).toBe('Udvalgt');
      const [res] = await rows<{ id: number }>(
        sql`INSERT INTO registrering (kunde_id, virksomhed_id, art, titel, dato, data)
            VALUES (${skive}, ${id}, 'satresultat', 'Affaldstilsyn', '2026-10-01', '{}') RETURNING id`,
      );
      expect(await status()).toBe('Udført');
      await t.database.db.execute(
        sql`UPDATE registrering SET data = data || '{"overfoertTilMiljoestyrelsenDato":"2026-10-02T10:00:00Z"}'
            WHERE id = ${res!.id}`,
      );
      expect(await status()).toBe('Overført');
      await t.database.db.execute(
        sql`INSERT INTO registrering (kunde_id, virksomhed_id, art, titel, dato, data)
            VALUES (${skive}, ${id}, 'satgebyr', 'Gebyr', '2026-10-01', '{"faktureret":true}')`,
      );
      expect(await status()).toBe('Faktureret');
    });

    it('is 404 for another customer’s SAT company and an ordinary company, 403 without the right', async () => {
      const fremmed = await satId(herning);
      expect((await req('GET', `satvirksomhed/${fremmed}`, 'affald')).statusCode).toBe(404);
      const put = await req('PUT', `satvirksomhed/${fremmed}`, 'affald', {
        virksomhedsnavn: 'Ikke min',
        pNr: '1000000001',
        satTilsynsperiodeId: p2026,
        version: 1,
      });
      expect(put.statusCode).toBe(404);
      const firma = (await t.forsteVirksomhed(skive, VIRKSOMHEDSTYPE.VIRKSOMHED)).id;
      expect((await req('GET', `satvirksomhed/${firma}`, 'admin')).statusCode).toBe(404);
      const id = await satId(skive);
      expect((await req('GET', `satvirksomhed/${id}`, 'virksomhed')).statusCode).toBe(403);
    });

    it('saves a change with a log entry, 409 when stale, 400 on bad input', async () => {
      const id = await satId(skive, sql`NOT s.fra_sat_liste`);
      const sat = json(await req('GET', `satvirksomhed/${id}`, 'affald'));
      const body = {
        virksomhedsnavn: `${sat.virksomhedsnavn} (ændret)`,
        cvrNr: sat.cvrNr,
        pNr: sat.pNr,
        satTilsynsperiodeId: sat.satTilsynsperiodeId,
        udvalgtDato: '2026-02-01',
        deadlineDato: '2026-12-01',
        risikoscore: 4.5,
        udvaelgelsesmetode: 'Stikprøve',
        erLandbrug: sat.erLandbrug,
        version: sat.version,
      };
      const r = await req('PUT', `satvirksomhed/${id}`, 'affald', body);
      expect(r.statusCode, r.body).toBe(200);
      expect(json(r)).toMatchObject({
        virksomhedsnavn: body.virksomhedsnavn,
        deadlineDato: '2026-12-01',
        risikoscore: 4.5,
        udvaelgelsesmetode: 'Stikprøve',
      });
      expect(json(r).version).not.toBe(sat.version);
      const [log] = await rows<{ notat: string }>(
        sql`SELECT notat FROM logbog WHERE virksomhed_id = ${id} ORDER BY id DESC LIMIT 1`,
      );
      expect(log!.notat).toContain('SAT-virksomhed ændret: Virksomhedsnavn:');
      expect(log!.notat).toContain('Deadline:');

      const stale = await req('PUT', `satvirksomhed/${id}`, 'affald', body);
      expect(stale.statusCode).toBe(409);
      expect(json(stale).message).toMatch(/ændret af en anden/);

      const ny = { ...body, version: json(r).version };
      const fejl = async (ændring: Record<string, unknown>) => {
        const b = await req('PUT', `satvirksomhed/${id}`, 'affald', { ...ny, ...ændring });
        expect(b.statusCode, b.body).toBe(400);
        return json(b).errors as Record<string, string[]>;
      };
      expect((await fejl({ pNr: '2123456789' })).pNr).toEqual([
        'P-nummeret skal være 10 cifre og begynde med 1',
      ]);
      expect((await fejl({ deadlineDato: '2026-01-01' })).deadlineDato).toEqual([
        'Deadline må ikke ligge før udvalgt dato',
      ]);
      expect((await fejl({ satTilsynsperiodeId: 999_999 })).satTilsynsperiodeId).toEqual([
        'Tilsynsperioden findes ikke hos kunden',
      ]);
      expect((await fejl({ risikoscore: 101 })).risikoscore).toEqual(['Må højst være 100']);
      // Another customer's period is unknown here.
      const [fremmedPeriode] = await rows<{ id: number }>(
        sql`SELECT id FROM sat_tilsynsperiode WHERE kunde_id = ${herning} LIMIT 1`,
      );
      expect((await fejl({ satTilsynsperiodeId: fremmedPeriode!.id })).satTilsynsperiodeId).toBeDefined();
      // A P-number already selected in the same period.
      const anden = await satId(
        skive,
        sql`s.sat_tilsynsperiode_id = ${body.satTilsynsperiodeId} AND v.id <> ${id}`,
      );
      const [andenPNr] = await rows<{ p_nr: string }>(sql`SELECT p_nr FROM virksomhed WHERE id = ${anden}`);
      expect((await fejl({ pNr: andenPNr!.p_nr })).pNr).toEqual([
        'P-nummeret er allerede udvalgt i perioden',
      ]);
      // Nothing of the refused changes was saved.
      expect(json(await req('GET', `satvirksomhed/${id}`, 'affald')).version).toBe(ny.version);

      expect((await req('PUT', `satvirksomhed/${id}`, 'virksomhed', ny)).statusCode).toBe(403);
    });

    it('refuses to change a company from Miljøstyrelsen’s list (400)', async () => {
      const id = await satId(skive, sql`s.fra_sat_liste`);
      const sat = json(await req('GET', `satvirksomhed/${id}`, 'affald'));
      expect(sat.satVirksomhedKanAendres).toBe(false);
      const r = await req('PUT', `satvirksomhed/${id}`, 'affald', {
        virksomhedsnavn: 'Nyt navn',
        cvrNr: sat.cvrNr,
        pNr: sat.pNr,
        satTilsynsperiodeId: sat.satTilsynsperiodeId,
        version: sat.version,
      });
      expect(r.statusCode).toBe(400);
      expect(json(r).title).toBe(SAT_KAN_IKKE_AENDRES);
    });
  });

  describe('the list', () => {
    it('pages, sorts and filters on the server', async () => {
      const alle = await liste('take=500');
      expect(alle.totalCount).toBe(perioder.reduce((s, p) => s + p.antalUdvalgt, 0));
      for (const i of alle.items) satListeRaekkeSchema.parse(i);
      const a = await liste('take=5&start=0&sortByColumn=risikoscore&sortDirection=DESC');
      const b = await liste('take=5&start=5&sortByColumn=risikoscore&sortDirection=DESC');
      expect(a.items).toHaveLength(5);
      expect(a.totalCount).toBe(alle.totalCount);
      const scores = [...a.items, ...b.items].map((i) => i.risikoscore ?? -1);
      expect(scores).toEqual([...scores].sort((x, y) => y - x));
      expect(new Set([...a.items, ...b.items].map((i) => i.id)).size).toBe(10);

      const p = await liste(`filteredColumns=periode:${p2025}&take=500`);
      expect(p.items.every((i) => i.satTilsynsperiodeId === p2025)).toBe(true);
      // The boards as they are now (an earlier test gave a company a result).
      const nu = json(
        await req('GET', `SATTilsynsperiode/tilsynsperioder/${skive}`, 'affald'),
      ) as SatTilsynsperiode[];
      const overskredet = await liste(`filteredColumns=deadline:overskredet&take=500`);
      expect(overskredet.totalCount).toBe(nu.reduce((s, x) => s + x.antalOverskredet, 0));
      expect(overskredet.totalCount).toBeGreaterThan(0);
      const udvalgt = await liste('filteredColumns=satStatus:Udvalgt&take=500');
      expect(udvalgt.items.every((i) => i.satStatus === 'Udvalgt')).toBe(true);
      const ikkeOverfoert = await liste('filteredColumns=overfoert:false&take=500');
      expect(ikkeOverfoert.items.every((i) => i.overfoertDato === null)).toBe(true);

      // Sorted by name in Danish order (æ, ø, å last; case and accents as the company list sorts).
      const paaNavnSorteret = await liste('sortByColumn=virksomhedsnavn&take=500');
      const navne = paaNavnSorteret.items.map((i) => i.virksomhedsnavn);
      expect(navne).toEqual([...navne].sort(sammenlignDansk));

      const en = alle.items[3]!;
      const paaPNr = await liste(`filter=${en.pNr}`);
      expect(paaPNr.items.map((i) => i.id)).toContain(en.id);
      const paaNavn = await liste(`filter=${encodeURIComponent(en.virksomhedsnavn.slice(0, 8))}`);
      expect(paaNavn.items.map((i) => i.id)).toContain(en.id);
    });

    it('refuses another customer (404), a user without the right (403) and a bad sort (400)', async () => {
      expect((await req('GET', `satvirksomhed/liste?kundeid=${herning}`, 'affald')).statusCode).toBe(404);
      expect((await req('GET', `satvirksomhed/liste?kundeid=${skive}`, 'virksomhed')).statusCode).toBe(403);
      expect(
        (await req('GET', `satvirksomhed/liste?kundeid=${skive}&sortByColumn=hemmelig`, 'affald')).statusCode,
      ).toBe(400);
      expect(
        (await req('GET', `satvirksomhed/liste?kundeid=${skive}&filteredColumns=deadline:snart`, 'affald'))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('the palette', () => {
    it('finds a SAT company by P-number for SAGSBEHANDLER_AFFALD only', async () => {
      const id = await satId(skive);
      const [{ p_nr: pNr, periode }] = (await rows<{ p_nr: string; periode: string }>(
        sql`SELECT v.p_nr, p.navn AS periode FROM virksomhed v JOIN sat_virksomhed s ON s.virksomhed_id = v.id
            JOIN sat_tilsynsperiode p ON p.id = s.sat_tilsynsperiode_id WHERE v.id = ${id}`,
      )) as [{ p_nr: string; periode: string }];
      const r = await req('GET', `soeg?tekst=${pNr}`, 'affald');
      expect(r.statusCode).toBe(200);
      // The number names the period too: the same unit may be a SAT company of several periods.
      expect(json(r).resultater).toContainEqual(
        expect.objectContaining({
          id,
          type: 'satvirksomhed',
          nummer: `${pNr} · ${periode}`,
          match: 'nummer',
        }),
      );
      const uden = await req('GET', `soeg?tekst=${pNr}`, 'virksomhed');
      expect(uden.statusCode).toBe(200);
      expect(json(uden).resultater.map((x: { id: number }) => x.id)).not.toContain(id);
    });
  });
});
