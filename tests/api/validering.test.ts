import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/app/lib/http';
import { stiFor } from '../../src/contract/endpoint';
import {
  fortrydBeslutning,
  hentKontaktpersoner,
  hentMailStatus,
  hentPejlingListe,
  KOE_ENDPOINTS,
  medianSvarSchema,
  sendMailTilIndberettere,
  valideringHaendelser,
} from '../../src/contract/validering';
import { queryRows } from '../../src/server/db/client';
import { logbog, mailUdsendelse, oppumpetMaengde } from '../../src/server/db/schema';
import { opvarmMediantest } from '../../src/server/validering/median';
import { holdStroem } from '../helpers/server-prosess';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';
import { KOER } from '../helpers/validering-koer';

/** Validation queues (spec 001 §7 'Administration and validation'): access, input, decisions, log. */
describe.each(dbTargets())('validering API on %s', (target) => {
  let t: TestApp;
  let dataDir: string;
  let skive: number;
  let herning: number;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'mw-validering-'));
    t = await createTestApp(target, { DATA_DIR: dataDir });
    skive = await t.kundeId(779);
    herning = await t.kundeId(657);
    for (const u of ['vand', 'laeser', 'virksomhed']) tok[u] = await t.tokenFor(u);
    tok.adminHerning = await t.tokenFor('admin', 657);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const json = (r: { body: string }) => JSON.parse(r.body);
  const req = (method: 'GET' | 'PUT', url: string, user?: string, payload?: unknown) =>
    t.kald(method, url, user ? tok[user] : undefined, payload);

  async function pending(list: string, user = 'vand') {
    const r = await req('GET', `/api/${list}/${skive}`, user);
    expect(r.statusCode).toBe(200);
    return json(r) as {
      totalCount: number;
      items: { id: number; version: number; vandanlaegId: number; indtagId: number | null; status: number }[];
    };
  }

  it('registers every validation route from its declaration in src/contract/validering.ts', () => {
    const koer = Object.values(KOE_ENDPOINTS).flatMap((e) => [
      e.liste,
      e.godkend,
      e.forkast,
      e.godkendte,
      e.forkastede,
      ...(e.median ? [e.median] : []),
    ]);
    const alle = [
      ...koer,
      hentPejlingListe,
      hentMailStatus,
      sendMailTilIndberettere,
      hentKontaktpersoner,
      valideringHaendelser,
      fortrydBeslutning,
    ];
    expect(koer).toHaveLength(4 * 5 + 3);
    for (const ep of alle) {
      const r = t.app.registeredRoutes.find((x) => x.method === ep.method && x.url === `/api${ep.path}`);
      expect(r, `${ep.method} ${ep.path}`).toMatchObject({ declared: true, access: ep.access });
    }
    // The client's path of a queue's list is the server's route.
    expect(stiFor(KOE_ENDPOINTS.pejling.liste, { kundeId: 7 })).toBe('/PejlingValidering/list/7');
  });

  describe('median test', () => {
    /** A plant's own history: Q3 of 2016–2025 approved around `rate` m³/day, and one pending Q3 2026. */
    async function serie(navn: string, rate: number, pending: number, aar = 10) {
      const [v] = await queryRows<{ id: number }>(
        t.database.db,
        sql`INSERT INTO virksomhed (kunde_id, type, navn) VALUES (${skive}, 3, ${navn}) RETURNING id`,
      );
      const id = Number(v!.id);
      const rows = [];
      for (let y = 2026 - aar; y < 2026; y++) {
        const r = rate * (1 + ((y % 3) - 1) * 0.04);
        rows.push({
          kundeId: skive,
          vandanlaegId: id,
          startdato: `${y}-07-01`,
          slutdato: `${y}-09-30`,
          vandmaengdeOppumpet: r * 92,
          status: 1,
        });
        // Other quarters are not comparable and must not count: a winter with half the rate.
        rows.push({
          kundeId: skive,
          vandanlaegId: id,
          startdato: `${y}-01-01`,
          slutdato: `${y}-03-31`,
          vandmaengdeOppumpet: (r / 2) * 90,
          status: 1,
        });
      }
      const [p] = await t.database.db
        .insert(oppumpetMaengde)
        .values([
          ...rows,
          {
            kundeId: skive,
            vandanlaegId: id,
            startdato: '2026-07-01',
            slutdato: '2026-09-30',
            vandmaengdeOppumpet: pending * 92,
            status: 0,
          },
        ])
        .returning({ id: oppumpetMaengde.id });
      const alle = await t.database.db
        .select({ id: oppumpetMaengde.id, status: oppumpetMaengde.status })
        .from(oppumpetMaengde)
        .where(eq(oppumpetMaengde.vandanlaegId, id));
      return alle.find((x) => x.status === 0)!.id ?? p!.id;
    }

    it('flags an outlier against the comparable approved history and leaves normal entries', async () => {
      const normal = await serie('Mediantest Normal Vandværk', 100, 104);
      const slip = await serie('Mediantest Slip Vandværk', 100, 1000);
      const nul = await serie('Mediantest Nul Vandværk', 100, 0.02);
      const kort = await serie('Mediantest Kort Vandværk', 100, 1000, 3);
      const r = await req('PUT', `/api/OppumpedeVandmaengderValidering/GetMedian/${skive}`, 'laeser', {
        ids: [normal, slip, nul, kort],
      });
      expect(r.statusCode).toBe(200);
      const res = new Map(json(r).map((x: { id: number }) => [x.id, x]));
      expect(res.get(normal)).toMatchObject({
        markeret: false,
        antalHistorik: 10,
        bemaerkning: null,
        enhed: 'm³/døgn',
      });
      expect((res.get(normal) as { median: number }).median).toBeCloseTo(100, 5);
      expect(res.get(slip)).toMatchObject({ markeret: true, antalHistorik: 10 });
      expect((res.get(slip) as { afvigelse: number }).afvigelse).toBeCloseTo(900, 5);
      expect((res.get(slip) as { mad: number }).mad).toBeCloseTo(4, 5);
      expect(res.get(nul)).toMatchObject({ markeret: true });
      expect(res.get(kort)).toMatchObject({
        markeret: false,
        antalHistorik: 3,
        bemaerkning: 'for lidt historik',
        median: 100,
      });
    });

    it('keeps the precomputed statistics in step with approvals and direct writes', async () => {
      const db = t.database.db;
      const pend = await serie('Mediantest Statistik Vandværk', 100, 104, 3);
      const [{ vandanlaeg_id: plant } = { vandanlaeg_id: 0 }] = await queryRows<{ vandanlaeg_id: number }>(
        db,
        sql`SELECT vandanlaeg_id FROM oppumpet_maengde WHERE id = ${pend}`,
      );
      const test = async () =>
        json(
          await req('PUT', `/api/OppumpedeVandmaengderValidering/GetMedian/${skive}`, 'vand', {
            ids: [pend],
          }),
        )[0] as { antalHistorik: number; median: number };
      expect(await test()).toMatchObject({ antalHistorik: 3, bemaerkning: 'for lidt historik' });
      // A fourth comparable quarter, approved through Godkend: refreshed in the decision's transaction.
      const [ny] = await db
        .insert(oppumpetMaengde)
        .values({
          kundeId: skive,
          vandanlaegId: Number(plant),
          startdato: '2022-07-01',
          slutdato: '2022-09-30',
          vandmaengdeOppumpet: 200 * 92,
          status: 0,
        })
        .returning({ id: oppumpetMaengde.id, version: oppumpetMaengde.version });
      const g = await req('PUT', `/api/OppumpedeVandmaengderValidering/Godkend/${skive}`, 'vand', {
        poster: [{ id: ny!.id, version: ny!.version }],
      });
      expect(g.statusCode).toBe(200);
      const stat = () =>
        queryRows<{ gruppe1: number; n: number }>(
          db,
          sql`SELECT gruppe1, n FROM validering_statistik
              WHERE kunde_id = ${skive} AND art = 'anlaeg' AND serie_id = ${Number(plant)} ORDER BY gruppe1, gruppe2`,
        );
      expect((await stat()).map((r) => [Number(r.gruppe1), Number(r.n)])).toEqual([
        [3, 3],
        [3, 4],
      ]);
      expect(await test()).toMatchObject({ antalHistorik: 4, markeret: false });
      // A write outside the decisions (here a plain UPDATE) marks the series; the test recomputes it.
      await db.execute(sql`UPDATE oppumpet_maengde SET status = 2 WHERE id = ${ny!.id}`);
      expect((await stat()).some((r) => Number(r.gruppe1) === -1)).toBe(true);
      expect(await test()).toMatchObject({ antalHistorik: 3 });
      expect((await stat()).some((r) => Number(r.gruppe1) === -1)).toBe(false);
    });

    it('answers every pending entry from the kept answers, equal to the direct test after every kind of write', async () => {
      const db = t.database.db;
      const url = `/api/OppumpedeVandmaengderValidering/GetMedian/${skive}`;
      /** The whole queue's answer (kept per series) and the direct test of the same ids. */
      const sammenlign = async () => {
        const r = await req('PUT', url, 'vand', {});
        expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
        // Sent as the database wrote it: it must still be the declared answer.
        const alle = medianSvarSchema.parse(json(r));
        const direkte = json(await req('PUT', url, 'vand', { ids: alle.map((x) => x.id) }));
        expect(alle.length).toBeGreaterThan(0);
        expect(alle).toEqual(direkte);
        const [{ m } = { m: -1 }] = await queryRows<{ m: number }>(
          db,
          sql`SELECT count(*)::int AS m FROM mediantest_svar WHERE kunde_id = ${skive} AND art = 'anlaeg' AND aendret`,
        );
        expect(Number(m)).toBe(0);
        return alle;
      };
      const pend = await serie('Mediantest Svar Vandværk', 100, 104);
      const foer = await sammenlign();
      expect(foer.find((x) => x.id === pend)).toMatchObject({ markeret: false });
      // A pending value corrected by a plain UPDATE: now an outlier.
      await db.execute(sql`UPDATE oppumpet_maengde SET vandmaengde_oppumpet = 1000 * 92 WHERE id = ${pend}`);
      expect((await sammenlign()).find((x) => x.id === pend)).toMatchObject({ markeret: true });
      // A new pending entry of the same plant and quarter, inserted directly.
      const [{ vandanlaeg_id: plant } = { vandanlaeg_id: 0 }] = await queryRows<{ vandanlaeg_id: number }>(
        db,
        sql`SELECT vandanlaeg_id FROM oppumpet_maengde WHERE id = ${pend}`,
      );
      const [ny] = await db
        .insert(oppumpetMaengde)
        .values({
          kundeId: skive,
          vandanlaegId: Number(plant),
          startdato: '2027-07-01',
          slutdato: '2027-09-30',
          vandmaengdeOppumpet: 101 * 92,
          status: 0,
        })
        .returning({ id: oppumpetMaengde.id, version: oppumpetMaengde.version });
      expect((await sammenlign()).some((x) => x.id === ny!.id)).toBe(true);
      // Approved through Godkend: it leaves the queue and joins the plant's history.
      const g = await req('PUT', `/api/OppumpedeVandmaengderValidering/Godkend/${skive}`, 'vand', {
        poster: [{ id: ny!.id, version: ny!.version }],
      });
      expect(g.statusCode).toBe(200);
      expect((await sammenlign()).some((x) => x.id === ny!.id)).toBe(false);
      // The plant's approved history rewritten directly: the pending entry is now within its median.
      await db.execute(
        sql`UPDATE oppumpet_maengde SET vandmaengde_oppumpet = 1000 * 92
            WHERE vandanlaeg_id = ${Number(plant)} AND status = 1 AND extract(month FROM startdato) = 7`,
      );
      expect((await sammenlign()).find((x) => x.id === pend)).toMatchObject({ markeret: false });
      // Deleted: gone from the answer.
      await db.execute(sql`DELETE FROM oppumpet_maengde WHERE id = ${pend}`);
      expect((await sammenlign()).some((x) => x.id === pend)).toBe(false);
    });

    it("the start's warm-up runs every queue's median test once: changed series are brought up to date", async () => {
      const db = t.database.db;
      const maerker = async () =>
        Number(
          (
            await queryRows<{ m: number }>(
              db,
              sql`SELECT count(*)::int AS m FROM mediantest_svar WHERE aendret`,
            )
          )[0]?.m,
        );
      const [p] = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM oppumpet_maengde WHERE kunde_id = ${skive} AND status = 0 ORDER BY id LIMIT 1`,
      );
      await db.execute(
        sql`UPDATE oppumpet_maengde SET vandmaengde_oppumpet = vandmaengde_oppumpet + 1 WHERE id = ${p!.id}`,
      );
      expect(await maerker()).toBeGreaterThan(0);
      const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM (SELECT DISTINCT kunde_id, art FROM mediantest_svar) q`,
      );
      expect(await opvarmMediantest(db)).toBe(Number(n));
      expect(Number(n)).toBeGreaterThanOrEqual(3);
      expect(await maerker()).toBe(0);
    });

    it('without ids tests every pending entry of the queue; readers may run it; bad input is 400', async () => {
      const all = await req('PUT', `/api/OppumpedeVandmaengderValidering/GetMedian/${skive}`, 'laeser', {});
      expect(all.statusCode).toBe(200);
      const s = await pending('OppumpedeVandmaengderValidering/list');
      expect(json(all).length).toBe(s.totalCount);
      for (const u of ['IndtagNiveauValidering', 'PejlingValidering']) {
        const r = await req('PUT', `/api/${u}/GetMedian/${skive}`, 'vand', {});
        expect(r.statusCode).toBe(200);
        expect(json(r).length).toBeGreaterThan(0);
      }
      expect(
        (await req('PUT', `/api/OppumpedeVandmaengderValidering/GetMedian/${herning}`, 'vand', {}))
          .statusCode,
      ).toBe(404);
      expect(
        (await req('PUT', `/api/OppumpedeVandmaengderValidering/GetMedian/${skive}`, 'virksomhed', {}))
          .statusCode,
      ).toBe(403);
      expect(
        (await req('PUT', `/api/OppumpedeVandmaengderValidering/GetMedian/${skive}`, 'vand', { ids: ['x'] }))
          .statusCode,
      ).toBe(400);
    });

    it('flags the seeded outliers of water-level readings', async () => {
      const r = await req('PUT', `/api/PejlingValidering/GetMedian/${skive}`, 'vand', {});
      const res = json(r) as {
        id: number;
        vaerdi: number;
        median: number | null;
        markeret: boolean;
        antalHistorik: number;
      }[];
      // Readings typed with a comma slip (x10) or a sign error, where there is history to judge by.
      const aabenlyse = res.filter(
        (x) =>
          x.antalHistorik >= 4 &&
          x.median !== null &&
          (x.vaerdi < 0 || x.vaerdi > 5 * x.median) &&
          Math.abs(x.vaerdi - x.median) > 3,
      );
      expect(aabenlyse.length).toBeGreaterThan(0);
      expect(aabenlyse.every((x) => x.markeret)).toBe(true);
      const markerede = res.filter((x) => x.markeret).length;
      expect(markerede / res.length).toBeLessThan(0.3);
    });
  });

  describe('queues (with more entries reopened)', () => {
    beforeAll(async () => {
      // The test data has few pending entries: put this year's approved ones back in the queues.
      const db = t.database.db;
      await db.execute(sql`UPDATE oppumpet_maengde SET status = 0, besluttet_af_bruger_id = NULL, besluttet_dato = NULL
                          WHERE kunde_id = ${skive} AND status = 1 AND slutdato >= '2025-01-01'`);
      await db.execute(sql`UPDATE pejling SET status = 0, besluttet_af_bruger_id = NULL, besluttet_dato = NULL
                          WHERE kunde_id = ${skive} AND status = 1 AND pejletidspunkt >= '2026-01-01'`);
      await db.execute(sql`UPDATE vandproeve SET status = 0, besluttet_af_bruger_id = NULL, besluttet_dato = NULL
                          WHERE kunde_id = ${skive} AND status = 1 AND udtaget >= '2025-01-01'`);
    });
    describe.each(KOER)('queue $art', (q) => {
      it('lists the pending entries of the active customer to a reader', async () => {
        const s = await pending(q.list, 'laeser');
        expect(s.totalCount).toBeGreaterThan(0);
        expect(s.items.length).toBe(Math.min(s.totalCount, 1000));
        expect(s.items.every((i) => i.status === 0)).toBe(true);
        if (q.art === 'anlaeg') expect(s.items.every((i) => i.indtagId === null)).toBe(true);
        if (q.art === 'indtag' || q.art === 'pejling')
          expect(s.items.every((i) => i.indtagId !== null)).toBe(true);
      });
      it('pages with start and take', async () => {
        const all = await pending(q.list);
        const r = await req('GET', `/api/${q.list}/${skive}?start=1&take=2`, 'vand');
        expect(json(r).items.map((i: { id: number }) => i.id)).toEqual(
          all.items.slice(1, 3).map((i) => i.id),
        );
        expect(json(r).totalCount).toBe(all.totalCount);
      });
      it('sorts by the list query (sortByColumn, sortDirection) and refuses an unknown column', async () => {
        const DATO = {
          anlaeg: 'startdato',
          indtag: 'startdato',
          pejling: 'pejletidspunkt',
          vandproeve: 'udtaget',
        };
        const kolonne = DATO[q.art];
        const r = await req(
          'GET',
          `/api/${q.list}/${skive}?sortByColumn=${kolonne}&sortDirection=DESC&take=10000`,
          'vand',
        );
        expect(r.statusCode).toBe(200);
        const datoer = (json(r).items as Record<string, string>[]).map((i) => i[kolonne]!);
        expect(new Set(datoer).size).toBeGreaterThan(1);
        expect(datoer).toEqual([...datoer].sort().reverse());
        const bad = await req('GET', `/api/${q.list}/${skive}?sortByColumn=ukendt`, 'vand');
        expect(bad.statusCode).toBe(400);
        expect(json(bad).errors.sortByColumn).toEqual(['Ukendt kolonne']);
      });
      it('answers 401 without a token, 403 without the water-plant right, 404 for another customer, 400 for bad input', async () => {
        expect((await req('GET', `/api/${q.list}/${skive}`)).statusCode).toBe(401);
        expect((await req('GET', `/api/${q.list}/${skive}`, 'virksomhed')).statusCode).toBe(403);
        expect((await req('GET', `/api/${q.list}/${herning}`, 'vand')).statusCode).toBe(404);
        const bad = await req('GET', `/api/${q.list}/${skive}?take=0`, 'vand');
        expect(bad.statusCode).toBe(400);
        expect(json(bad).errors.take).toBeDefined();
        expect((await req('GET', `/api/${q.list}/abc`, 'vand')).statusCode).toBe(400);
      });
      it('lets the reader look but not decide (403), and checks the body (400)', async () => {
        const [p] = (await pending(q.list)).items;
        const body = { poster: [{ id: p!.id, version: p!.version }] };
        for (const h of ['Godkend', 'Forkast']) {
          expect((await req('PUT', `/api/${q.beslut}/${h}/${skive}`, 'laeser', body)).statusCode).toBe(403);
          expect((await req('PUT', `/api/${q.beslut}/${h}/${skive}`, undefined, body)).statusCode).toBe(401);
          expect((await req('PUT', `/api/${q.beslut}/${h}/${herning}`, 'vand', body)).statusCode).toBe(404);
          const tom = await req('PUT', `/api/${q.beslut}/${h}/${skive}`, 'vand', { poster: [] });
          expect(tom.statusCode).toBe(400);
          expect(json(tom).errors.poster).toEqual(['Vælg mindst én post']);
          const dobbelt = await req('PUT', `/api/${q.beslut}/${h}/${skive}`, 'vand', {
            poster: [body.poster[0], body.poster[0]],
          });
          expect(dobbelt.statusCode).toBe(400);
          expect(
            (await req('PUT', `/api/${q.beslut}/${h}/${skive}`, 'vand', { poster: [{ id: p!.id }] }))
              .statusCode,
          ).toBe(400);
        }
        // Nothing was decided by any of these.
        expect((await pending(q.list)).items.some((i) => i.id === p!.id)).toBe(true);
      });
      it('approves: decided once, logged on the plant, gone from the queue; a second approval answers who decided', async () => {
        const before = await pending(q.list);
        const valgt = before.items.slice(0, 2);
        const logFoer = await t.database.db
          .select()
          .from(logbog)
          .where(eq(logbog.virksomhedId, valgt[0]!.vandanlaegId));
        const r = await req('PUT', `/api/${q.beslut}/Godkend/${skive}`, 'vand', {
          poster: valgt.map((p) => ({ id: p.id, version: p.version })),
        });
        expect(r.statusCode).toBe(200);
        expect(json(r)).toEqual({
          besluttet: valgt.map((p) => p.id).sort((a, b) => a - b),
          alleredeBesluttet: [],
          // The new versions, which an undo sends back (validering/fortryd).
          versioner: valgt
            .map((p) => ({ id: p.id, version: expect.any(Number) }))
            .sort((a, b) => a.id - b.id),
        });
        const after = await pending(q.list);
        expect(after.totalCount).toBe(before.totalCount - 2);
        expect(after.items.some((i) => valgt.some((v) => v.id === i.id))).toBe(false);
        const logEfter = await t.database.db
          .select()
          .from(logbog)
          .where(and(eq(logbog.virksomhedId, valgt[0]!.vandanlaegId), eq(logbog.emne, 'Validering')));
        expect(logEfter.length).toBeGreaterThan(logFoer.filter((l) => l.emne === 'Validering').length);
        expect(logEfter.at(-1)).toMatchObject({ automatisk: true, brugerId: await t.brugerId('vand') });
        expect(logEfter.at(-1)!.notat).toMatch(/godkendt ved validering/);

        const igen = await req('PUT', `/api/${q.beslut}/Forkast/${skive}`, 'vand', {
          poster: valgt.map((p) => ({ id: p.id, version: p.version })),
        });
        expect(igen.statusCode).toBe(200);
        const svar = json(igen);
        expect(svar.besluttet).toEqual([]);
        expect(svar.alleredeBesluttet).toHaveLength(2);
        expect(svar.alleredeBesluttet[0]).toMatchObject({ status: 1, af: 'Vera Vandløb' });
        expect(Date.parse(svar.alleredeBesluttet[0].dato)).toBeGreaterThan(Date.now() - 60_000);
      });
      it('discards: the entry keeps its data and who discarded it, and is found again', async () => {
        const [p] = (await pending(q.list)).items;
        const r = await req('PUT', `/api/${q.beslut}/Forkast/${skive}`, 'vand', {
          poster: [{ id: p!.id, version: p!.version }],
        });
        expect(json(r).besluttet).toEqual([p!.id]);
        const forkastUrl =
          q.art === 'anlaeg'
            ? `/api/OppumpedeVandmaengderValidering/list/forkastede/${p!.vandanlaegId}`
            : q.art === 'indtag'
              ? `/api/IndtagNiveauValidering/list/forkastede/${p!.indtagId}`
              : q.art === 'pejling'
                ? `/api/PejlingValidering/list/forkastede/${p!.indtagId}`
                : `/api/Vandproeve/list/forkastede/${p!.vandanlaegId}`;
        const f = await req('GET', forkastUrl, 'laeser');
        expect(f.statusCode).toBe(200);
        const fundet = json(f).find((x: { id: number }) => x.id === p!.id);
        expect(fundet).toMatchObject({ status: 2, besluttetAf: 'Vera Vandløb' });
        expect(fundet.version).toBeGreaterThan(p!.version);
        expect(fundet).toMatchObject({
          ...p,
          status: 2,
          version: fundet.version,
          besluttetAf: 'Vera Vandløb',
          besluttetDato: fundet.besluttetDato,
        });
      });
      it('refuses a stale version with 409 and decides nothing of the call', async () => {
        const [a, b] = (await pending(q.list)).items;
        const r = await req('PUT', `/api/${q.beslut}/Godkend/${skive}`, 'vand', {
          poster: [
            { id: a!.id, version: a!.version },
            { id: b!.id, version: b!.version + 5 },
          ],
        });
        expect(r.statusCode).toBe(409);
        expect(json(r).message).toMatch(/ændret, siden listen blev hentet/);
        const nu = await pending(q.list);
        expect(nu.items.some((i) => i.id === a!.id)).toBe(true);
      });
      it('answers 404 for an id outside the queue and decides nothing', async () => {
        const [a] = (await pending(q.list)).items;
        const r = await req('PUT', `/api/${q.beslut}/Godkend/${skive}`, 'vand', {
          poster: [
            { id: a!.id, version: a!.version },
            { id: 2_000_000_000, version: 1 },
          ],
        });
        expect(r.statusCode).toBe(404);
        expect((await pending(q.list)).items.some((i) => i.id === a!.id)).toBe(true);
      });
    });

    it('two concurrent approvals of the same entries decide each entry once', async () => {
      const valgt = (await pending('OppumpedeVandmaengderValidering/list')).items.slice(0, 5);
      const body = { poster: valgt.map((p) => ({ id: p.id, version: p.version })) };
      const [r1, r2] = await Promise.all([
        req('PUT', `/api/OppumpedeVandmaengderValidering/Godkend/${skive}`, 'vand', body),
        req('PUT', `/api/OppumpedeVandmaengderValidering/Forkast/${skive}`, 'vand', body),
      ]);
      expect(r1.statusCode).toBe(200);
      expect(r2.statusCode).toBe(200);
      const a = json(r1);
      const b = json(r2);
      const ids = valgt.map((p) => p.id).sort((x, y) => x - y);
      expect([...a.besluttet, ...b.besluttet].sort((x: number, y: number) => x - y)).toEqual(ids);
      expect(a.besluttet.filter((id: number) => b.besluttet.includes(id))).toEqual([]);
      expect(a.alleredeBesluttet.map((x: { id: number }) => x.id)).toEqual(b.besluttet);
      expect(b.alleredeBesluttet.map((x: { id: number }) => x.id)).toEqual(a.besluttet);
      const rows = await queryRows<{ id: number; status: number; version: number }>(
        t.database.db,
        sql`SELECT id, status, version FROM oppumpet_maengde WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
      );
      for (const r of rows)
        expect(r.version).toBeGreaterThan(valgt.find((p) => p.id === Number(r.id))!.version);
    });
  });

  it('lists the approved entries of a plant and of an intake', async () => {
    const [p] = (await pending('OppumpedeVandmaengderValidering/list')).items;
    const g = await req(
      'GET',
      `/api/OppumpedeVandmaengderValidering/list/godkendte/${p!.vandanlaegId}`,
      'laeser',
    );
    expect(g.statusCode).toBe(200);
    const liste = json(g);
    expect(liste.length).toBeGreaterThan(0);
    expect(
      liste.every(
        (x: { status: number; vandanlaegId: number; indtagId: null }) =>
          x.status === 1 && x.vandanlaegId === p!.vandanlaegId && x.indtagId === null,
      ),
    ).toBe(true);
    // newest first
    expect(liste[0].startdato >= liste.at(-1).startdato).toBe(true);
    const [i] = (await pending('IndtagNiveauValidering/list')).items;
    const gi = await req('GET', `/api/IndtagNiveauValidering/list/godkendte/${i!.indtagId}`, 'vand');
    expect(gi.statusCode).toBe(200);
    expect(
      json(gi).every(
        (x: { indtagId: number; status: number }) => x.indtagId === i!.indtagId && x.status === 1,
      ),
    ).toBe(true);
    // Another customer's plant or intake, or a company id: 404.
    const [fremmed] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM virksomhed WHERE kunde_id = ${herning} AND type = 3 LIMIT 1`,
    );
    expect(
      (await req('GET', `/api/OppumpedeVandmaengderValidering/list/godkendte/${fremmed!.id}`, 'vand'))
        .statusCode,
    ).toBe(404);
    const [firma] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM virksomhed WHERE kunde_id = ${skive} AND type = 1 LIMIT 1`,
    );
    expect((await req('GET', `/api/Vandproeve/list/godkendte/${firma!.id}`, 'vand')).statusCode).toBe(404);
    const [fremmedIndtag] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM indtag WHERE kunde_id = ${herning} LIMIT 1`,
    );
    expect(
      (await req('GET', `/api/IndtagNiveau/list/godkendte/${fremmedIndtag!.id}`, 'vand')).statusCode,
    ).toBe(404);
  });

  it("Pejling/list answers an intake's readings (AnonymId = intake id), newest first, page size 10000", async () => {
    const [p] = (await pending('PejlingValidering/list')).items;
    const r = await req('GET', `/api/Pejling/list?AnonymId=${p!.indtagId}&start=0&take=10000`, 'laeser');
    expect(r.statusCode).toBe(200);
    const s = json(r);
    expect(s.totalCount).toBe(s.items.length);
    expect(s.items.some((x: { status: number }) => x.status === 0)).toBe(true);
    expect(s.items.some((x: { status: number }) => x.status === 1)).toBe(true);
    expect(s.items[0].pejletidspunkt >= s.items.at(-1).pejletidspunkt).toBe(true);
    const g = await req('GET', `/api/IndtagNiveau/list/godkendte/${p!.indtagId}`, 'laeser');
    expect(json(g).length).toBe(s.items.filter((x: { status: number }) => x.status === 1).length);
    expect(
      (await req('GET', `/api/Pejling/list?AnonymId=${p!.indtagId}&take=10001`, 'vand')).statusCode,
    ).toBe(400);
    expect((await req('GET', '/api/Pejling/list', 'vand')).statusCode).toBe(400);
  });

  it('water samples carry analyses with units, limits and the ones over the limit', async () => {
    const s = await pending('Vandproeve/list');
    const over = s.items.filter(
      (p) => (p as unknown as { antalOverskridelser: number }).antalOverskridelser > 0,
    );
    expect(over.length).toBeGreaterThan(0);
    const a = (
      over[0] as unknown as {
        analyser: {
          parameter: string;
          vaerdi: number;
          graensevaerdi: number | null;
          enhed: string;
          overskredet: boolean;
        }[];
      }
    ).analyser;
    expect(a.map((x) => x.parameter)).toEqual(
      expect.arrayContaining([
        'Nitrat',
        'E. coli',
        'pH',
        'Ledningsevne',
        'Jern',
        'Mangan',
        'Coliforme bakterier',
      ]),
    );
    const o = a.find((x) => x.overskredet)!;
    expect(o.graensevaerdi).not.toBeNull();
    expect(o.parameter === 'pH' ? o.vaerdi > 8.5 || o.vaerdi < 7 : o.vaerdi > o.graensevaerdi!).toBe(true);
  });

  describe("reporters' e-mail status and reminders", () => {
    const status = (q: string, user = 'vand') =>
      req('GET', `/api/Vandanlaeg/GetAnlaegMailIndberetningStatus?kundeId=${skive}&${q}`, user);

    it('answers per plant: reporters with e-mail, whether the year is reported, last reminder', async () => {
      const r = await status('year=2025&Take=1000', 'laeser');
      expect(r.statusCode).toBe(200);
      const s = json(r);
      expect(s.totalCount).toBeGreaterThan(0);
      const row = s.items[0];
      expect(row).toMatchObject({ dageIAaret: 365, senestePaamindelse: null, antalPaamindelser: 0 });
      expect(row.indberettere.every((i: { email: string | null }) => i.email)).toBe(true);
      // Test data: plant-level quarters through 3rd quarter 2026, so 2025 is reported in full.
      expect(
        s.items.some((i: { indberetningStatus: string }) => i.indberetningStatus === 'indberettet'),
      ).toBe(true);
      const r2026 = json(await status('year=2026&Take=1000'));
      expect(
        r2026.items.every((i: { indberetningStatus: string }) => i.indberetningStatus !== 'indberettet'),
      ).toBe(true);
      const mangler = json(await status('year=1990&FilteredColumns=indberetningStatus:mangler&Take=1000'));
      expect(mangler.totalCount).toBe(s.totalCount);
    });
    it('sorts, pages and filters', async () => {
      const asc = json(
        await status('year=2025&SortByColumn=anlaegsnavn&SortDirection=ASC&Take=1000'),
      ).items.map((i: { anlaegsnavn: string }) => i.anlaegsnavn);
      const desc = json(
        await status('year=2025&SortByColumn=anlaegsnavn&SortDirection=DESC&Take=1000'),
      ).items.map((i: { anlaegsnavn: string }) => i.anlaegsnavn);
      expect(desc).toEqual([...asc].reverse());
      const side = json(await status('year=2025&Start=1&Take=2'));
      expect(side.items.map((i: { anlaegsnavn: string }) => i.anlaegsnavn)).toEqual(asc.slice(1, 3));
      const f = json(await status(`year=2025&filter=${encodeURIComponent(asc[0].slice(0, 6))}`));
      expect(f.items.some((i: { anlaegsnavn: string }) => i.anlaegsnavn === asc[0])).toBe(true);
      expect(f.totalCount).toBeLessThanOrEqual(asc.length);
    });
    it("takes the list stack's names as well as the spec's, and alternatives of one column filter", async () => {
      const navne = (s: { items: { anlaegsnavn: string }[] }) => s.items.map((i) => i.anlaegsnavn);
      const spec = json(await status('year=2025&Start=1&Take=2&SortByColumn=anlaegsnr&SortDirection=DESC'));
      const stak = json(await status('year=2025&start=1&take=2&sortByColumn=anlaegsnr&sortDirection=DESC'));
      expect(navne(stak)).toHaveLength(2);
      expect(navne(stak)).toEqual(navne(spec));
      expect(stak.totalCount).toBe(spec.totalCount);
      const antal = async (f: string) =>
        json(await status(`year=2026&filteredColumns=${encodeURIComponent(f)}&take=1000`))
          .totalCount as number;
      const delvis = await antal('indberetningStatus:delvis');
      const mangler = await antal('indberetningStatus:mangler');
      expect(delvis).toBeGreaterThan(0);
      expect(await antal('indberetningStatus:delvis|mangler')).toBe(delvis + mangler);
      expect((await status('year=2025&filteredColumns=harEmail:ja')).statusCode).toBe(400);
    });
    it("rejects a year outside 1755–9999 with 'Året angivet er ikke validt'", async () => {
      for (const y of ['1754', '10000', 'abc', '']) {
        const r = await status(`year=${y}`);
        expect(r.statusCode).toBe(400);
        expect(json(r).errors.year).toEqual(['Året angivet er ikke validt']);
      }
      expect((await status('year=1755')).statusCode).toBe(200);
      expect((await status('year=9999')).statusCode).toBe(200);
      expect((await status('year=2025&SortByColumn=ukendt')).statusCode).toBe(400);
      expect((await status('year=2025&FilteredColumns=x:y')).statusCode).toBe(400);
      expect(
        (
          await req(
            'GET',
            `/api/Vandanlaeg/GetAnlaegMailIndberetningStatus?kundeId=${herning}&year=2025`,
            'vand',
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (await req('GET', `/api/Vandanlaeg/GetAnlaegMailIndberetningStatus?kundeId=${skive}&year=2025`))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await req(
            'GET',
            `/api/Vandanlaeg/GetAnlaegMailIndberetningStatus?kundeId=${skive}&year=2025`,
            'virksomhed',
          )
        ).statusCode,
      ).toBe(403);
    });
    it('sends reminders through the outbox, records them and answers per plant', async () => {
      const s = json(await status('year=2025&FilteredColumns=harEmail:true&Take=3'));
      const ids = s.items.map((i: { vandanlaegId: number }) => i.vandanlaegId);
      const url = `/api/Vandanlaeg/SendMailTilIndberettere/${skive}?year=2025`;
      expect((await req('PUT', url, 'laeser', ids)).statusCode).toBe(403);
      expect(
        (await req('PUT', `/api/Vandanlaeg/SendMailTilIndberettere/${herning}?year=2025`, 'vand', ids))
          .statusCode,
      ).toBe(404);
      const badYear = await req(
        'PUT',
        `/api/Vandanlaeg/SendMailTilIndberettere/${skive}?year=1700`,
        'vand',
        ids,
      );
      expect(json(badYear).errors.year).toEqual(['Året angivet er ikke validt']);
      expect((await req('PUT', url, 'vand', [])).statusCode).toBe(400);
      const [fremmed] = await queryRows<{ id: number }>(
        t.database.db,
        sql`SELECT id FROM virksomhed WHERE kunde_id = ${herning} AND type = 3 LIMIT 1`,
      );
      expect((await req('PUT', url, 'vand', [ids[0], fremmed!.id])).statusCode).toBe(404);

      const r = await req('PUT', url, 'vand', ids);
      expect(r.statusCode).toBe(200);
      const svar = json(r);
      expect(svar.map((x: { vandanlaegId: number }) => x.vandanlaegId)).toEqual(ids);
      expect(svar.every((x: { status: string }) => x.status === 'sendt')).toBe(true);
      const antalModtagere = svar.reduce(
        (n: number, x: { modtagere: string[] }) => n + x.modtagere.length,
        0,
      );
      const outbox = path.join(dataDir, 'outbox');
      const filer = readdirSync(outbox);
      expect(filer.filter((f) => f.endsWith('.eml'))).toHaveLength(antalModtagere);
      const mail = JSON.parse(
        readFileSync(path.join(outbox, filer.find((f) => f.endsWith('.json'))!), 'utf8'),
      );
      expect(mail.emne).toMatch(/^Påmindelse: indberetning af oppumpede vandmængder for 2025 – /);
      expect(mail.tekst).toMatch(/Skive Kommune$/);
      const eml = readFileSync(path.join(outbox, filer.find((f) => f.endsWith('.eml'))!), 'utf8');
      expect(eml).toMatch(/^Subject: =\?UTF-8\?B\?/m);
      const rows = await t.database.db.select().from(mailUdsendelse).where(eq(mailUdsendelse.aar, 2025));
      expect(rows).toHaveLength(antalModtagere);
      const efter = json(await status('year=2025&FilteredColumns=harEmail:true&Take=3'));
      expect(efter.items[0].antalPaamindelser).toBe(1);
      expect(Date.parse(efter.items[0].senestePaamindelse)).toBeGreaterThan(Date.now() - 60_000);
    });
  });

  it("lists the plants' contact persons from Jupiter, filterable", async () => {
    const r = await req('GET', `/api/VandanlaegKontaktperson/list/${skive}`, 'laeser');
    expect(r.statusCode).toBe(200);
    const s = json(r);
    expect(s.totalCount).toBeGreaterThan(0);
    const p = s.items[0];
    expect(p.jupiterKontaktpersonId).toMatch(/^\d+$/);
    expect(p.roller[0]).toMatchObject({ vandanlaegId: expect.any(Number), anlaegsnavn: expect.any(String) });
    const f = json(
      await req(
        'GET',
        `/api/VandanlaegKontaktperson/list/${skive}?filter=${encodeURIComponent(p.navn)}`,
        'vand',
      ),
    );
    expect(
      f.items.some(
        (x: { jupiterKontaktpersonId: string }) => x.jupiterKontaktpersonId === p.jupiterKontaktpersonId,
      ),
    ).toBe(true);
    // The list query: the name order turned round, paged.
    const alle = json(await req('GET', `/api/VandanlaegKontaktperson/list/${skive}?take=10000`, 'vand'));
    const ned = json(
      await req(
        'GET',
        `/api/VandanlaegKontaktperson/list/${skive}?sortByColumn=navn&sortDirection=DESC&start=1&take=2`,
        'vand',
      ),
    );
    const ider = (x: { items: { jupiterKontaktpersonId: string }[] }) =>
      x.items.map((i) => i.jupiterKontaktpersonId);
    expect(ider(ned)).toEqual(ider(alle).reverse().slice(1, 3));
    expect((await req('GET', `/api/VandanlaegKontaktperson/list/${herning}`, 'vand')).statusCode).toBe(404);
    expect((await req('GET', `/api/VandanlaegKontaktperson/list/${skive}`, 'virksomhed')).statusCode).toBe(
      403,
    );
  });

  describe('server-sent events', () => {
    let base: string;
    beforeAll(async () => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    /** Opens the stream and collects its events. */
    const stream = (token: string) =>
      holdStroem(`${base}/api/validering/haendelser?token=${encodeURIComponent(token)}`);
    /** Waits for a condition (at most 10 s; the latency itself is measured by `npm run bench`). */
    const vent = async (pred: () => boolean) => {
      for (let i = 0; i < 500 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
    };

    it("streams a decision to the customer's validators, not to another customer", async () => {
      const a = await stream(tok.laeser!);
      const b = await stream(tok.adminHerning!);
      expect(a.res.status).toBe(200);
      expect(a.res.headers.get('content-type')).toMatch(/text\/event-stream/);
      await vent(() => a.events.length > 0 && b.events.length > 0);
      expect(a.events[0]).toEqual({ event: 'klar', data: { kundeId: skive } });
      const [p] = (await pending('PejlingValidering/list')).items;
      await req('PUT', `/api/Pejling/Godkend/${skive}`, 'vand', {
        poster: [{ id: p!.id, version: p!.version }],
      });
      await vent(() => a.events.length > 1);
      expect(a.events[1]).toEqual({
        event: 'besluttet',
        data: { type: 'besluttet', kind: 'pejling', ids: [p!.id], status: 1, af: 'vand' },
      });
      expect(b.events.map((e) => e.event)).toEqual(['klar']);
      a.close();
      b.close();
    });
    it('refuses a missing or forged token (401) and a user without the right (403)', async () => {
      expect((await fetch(`${base}/api/validering/haendelser`)).status).toBe(400);
      expect((await stream('forfalsket')).res.status).toBe(401);
      const v = await stream(tok.virksomhed!);
      expect(v.res.status).toBe(403);
    });
    it("the client's calls reach the server through the same declarations (http.call)", async () => {
      const fejl: unknown[] = [];
      const http = createHttpClient({
        baseUrl: `${base}/api/`,
        getToken: () => tok.vand!,
        onTokenExpired: () => fejl.push('udloebet'),
        onFailure: (f) => fejl.push(f),
      });
      for (const e of Object.values(KOE_ENDPOINTS)) {
        const side = await http.call(e.liste, { params: { kundeId: skive }, query: { take: 2 } });
        expect(side.items).toHaveLength(2);
        const [post] = side.items;
        if (e.median) {
          const m = await http.call(e.median, { params: { kundeId: skive }, body: { ids: [post!.id] } });
          expect(m.map((x) => x.id)).toEqual([post!.id]);
        }
        const serie = e.art === 'anlaeg' || e.art === 'vandproeve' ? post!.vandanlaegId : post!.indtagId!;
        expect(Array.isArray(await http.call(e.godkendte, { params: { id: serie } }))).toBe(true);
      }
      const mail = await http.call(hentMailStatus, {
        query: { kundeId: skive, year: 2025, take: 3, filteredColumns: ['harEmail:true'] },
      });
      expect(mail.items).toHaveLength(3);
      const kp = await http.call(hentKontaktpersoner, { params: { kundeId: skive }, query: { take: 1 } });
      expect(kp.items).toHaveLength(1);
      expect(fejl).toEqual([]);
    });
  });
});
