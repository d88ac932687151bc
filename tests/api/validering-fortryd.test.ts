import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORTRYD_VINDUE_MS, type ValideringHaendelse } from '../../src/contract/validering';
import { queryRows } from '../../src/server/db/client';
import { logbog, oppumpetMaengde } from '../../src/server/db/schema';
import { hubFor } from '../../src/server/realtime';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';
import { KOER, type Koe } from '../helpers/validering-koer';

/**
 * Fortryd (undo) of a validation decision, POST validering/fortryd (our addition; docs/api.md and
 * docs/decisions.md 'Validation of water data'): back to awaiting, both steps logged, only by the same validator within
 * the window, stale versions 409, the median statistics as before the decision.
 */
for (const target of dbTargets()) {
  describe(`validering/fortryd on ${target}`, () => {
    let t: TestApp;
    let skive: number;
    /** The server's clock: null is the system clock; a test moves it forward instead of waiting. */
    let nu: Date | null = null;
    const tok: Record<string, string> = {};
    beforeAll(async () => {
      t = await createTestApp(target, {}, () => nu ?? new Date());
      skive = await t.kundeId(779);
      for (const u of ['vand', 'laeser', 'admin']) tok[u] = await t.tokenFor(u);
      tok.adminHerning = await t.tokenFor('admin', 657);
    });
    afterAll(async () => t?.close());
    beforeEach(() => {
      nu = null;
    });

    const json = (r: { body: string }) => JSON.parse(r.body);
    const req = (method: 'GET' | 'PUT' | 'POST', url: string, user: string, payload?: unknown) =>
      t.kald(method, url, tok[user], payload);
    const fortryd = (user: string, art: string, poster: { id: number; version: number }[]) =>
      req('POST', '/api/validering/fortryd', user, { art, poster });

    type Post = {
      id: number;
      version: number;
      vandanlaegId: number;
      status: number;
      besluttetAf: string | null;
    };

    async function pending(k: Koe): Promise<{ totalCount: number; items: Post[] }> {
      const r = await req('GET', `/api/${k.list}/${skive}?take=10000`, 'vand');
      expect(r.statusCode).toBe(200);
      return json(r);
    }

    /** Decides entries as `user`; answers the decision's answer (with the new versions). */
    async function beslut(k: Koe, handling: 'Godkend' | 'Forkast', poster: Post[], user = 'vand') {
      const r = await req('PUT', `/api/${k.beslut}/${handling}/${skive}`, user, {
        poster: poster.map((p) => ({ id: p.id, version: p.version })),
      });
      expect(r.statusCode).toBe(200);
      return json(r) as {
        besluttet: number[];
        versioner: { id: number; version: number }[];
      };
    }

    const status = async (k: Koe, id: number) => {
      const tabel =
        k.art === 'pejling' ? 'pejling' : k.art === 'vandproeve' ? 'vandproeve' : 'oppumpet_maengde';
      const [row] = await queryRows<{ status: number; version: number; af: number | null; dato: unknown }>(
        t.database.db,
        sql`SELECT status, version, besluttet_af_bruger_id AS af, besluttet_dato AS dato
            FROM ${sql.raw(tabel)} WHERE id = ${id}`,
      );
      return { status: Number(row!.status), version: Number(row!.version), af: row!.af, dato: row!.dato };
    };

    const logAf = (plant: number) =>
      t.database.db
        .select()
        .from(logbog)
        .where(and(eq(logbog.virksomhedId, plant), eq(logbog.emne, 'Validering')))
        .orderBy(logbog.id);

    describe.each(KOER)('$art', (k) => {
      it('an approval undone: awaiting again with a new version, both steps in the plant log, nothing deleted', async () => {
        const foer = await pending(k);
        const p = foer.items[0]!;
        const logFoer = await logAf(p.vandanlaegId);
        const svar = await beslut(k, 'Godkend', [p]);
        expect(svar.besluttet).toEqual([p.id]);
        const efterBeslutning = await status(k, p.id);
        expect(efterBeslutning.status).toBe(1);
        // The decision's answer carries the version the decision gave the entry.
        expect(svar.versioner).toEqual([{ id: p.id, version: efterBeslutning.version }]);
        expect((await pending(k)).totalCount).toBe(foer.totalCount - 1);

        const r = await fortryd('vand', k.art, svar.versioner);
        expect(r.statusCode).toBe(200);
        const efter = await status(k, p.id);
        expect(efter).toMatchObject({ status: 0, af: null, dato: null });
        expect(efter.version).not.toBe(efterBeslutning.version);
        expect(json(r)).toEqual({ fortrudt: [p.id], versioner: [{ id: p.id, version: efter.version }] });

        const igen = await pending(k);
        expect(igen.totalCount).toBe(foer.totalCount);
        expect(igen.items.find((i) => i.id === p.id)).toMatchObject({
          status: 0,
          besluttetAf: null,
          version: efter.version,
        });
        const log = await logAf(p.vandanlaegId);
        expect(log).toHaveLength(logFoer.length + 2);
        const [besluttetLog, fortrudtLog] = log.slice(-2);
        expect(besluttetLog!.notat).toMatch(/godkendt ved validering/);
        expect(fortrudtLog).toMatchObject({ automatisk: true, brugerId: await t.brugerId('vand') });
        expect(fortrudtLog!.notat).toMatch(
          /^Beslutning fortrudt ved validering; .* afventer validering igen:\n- /,
        );
        expect(fortrudtLog!.notat).toContain('(var godkendt)');

        // The entry can be decided again with the version the undo gave it.
        const ny = await beslut(k, 'Forkast', [{ ...p, version: efter.version }]);
        expect(ny.besluttet).toEqual([p.id]);
        expect((await status(k, p.id)).status).toBe(2);
      });

      it('a discard undone with a stale version answers 409 and changes nothing; the right version undoes it once', async () => {
        const p = (await pending(k)).items[1]!;
        const svar = await beslut(k, 'Forkast', [p]);
        const stale = await fortryd('vand', k.art, [{ id: p.id, version: p.version }]);
        expect(stale.statusCode).toBe(409);
        expect(json(stale).message).toBe(
          'En post er ændret, siden beslutningen blev truffet. Opdater listen og prøv igen.',
        );
        expect((await status(k, p.id)).status).toBe(2);
        expect((await fortryd('vand', k.art, svar.versioner)).statusCode).toBe(200);
        // A second undo of the same decision (another tab, a double Ctrl+Z) is stale too.
        expect((await fortryd('vand', k.art, svar.versioner)).statusCode).toBe(409);
        expect((await status(k, p.id)).status).toBe(0);
        const log = await logAf(p.vandanlaegId);
        expect(log.at(-1)!.notat).toContain('(var forkastet)');
      });
    });

    it('after the window the undo answers 400 in Danish and changes nothing; just inside it works', async () => {
      const k = KOER[0];
      const p = (await pending(k)).items[0]!;
      const svar = await beslut(k, 'Godkend', [p]);
      const besluttet = Date.parse(String((await status(k, p.id)).dato));
      nu = new Date(besluttet + FORTRYD_VINDUE_MS + 1000);
      const r = await fortryd('vand', k.art, svar.versioner);
      expect(r.statusCode).toBe(400);
      expect(json(r)).toMatchObject({
        status: 400,
        errors: {
          poster: [
            'En beslutning kan kun fortrydes i 10 minutter. Find posten under Godkendte eller Forkastede.',
          ],
        },
      });
      expect((await status(k, p.id)).status).toBe(1);
      nu = new Date(besluttet + FORTRYD_VINDUE_MS - 1000);
      expect((await fortryd('vand', k.art, svar.versioner)).statusCode).toBe(200);
      expect((await status(k, p.id)).status).toBe(0);
    });

    it('all or nothing: one entry outside the window keeps every entry of the call decided', async () => {
      const k = KOER[0];
      const [a, b] = (await pending(k)).items.slice(0, 2);
      const sa = await beslut(k, 'Godkend', [a!]);
      const sb = await beslut(k, 'Godkend', [b!]);
      await t.database.db.execute(
        sql`UPDATE oppumpet_maengde SET besluttet_dato = besluttet_dato - interval '11 minutes' WHERE id = ${a!.id}`,
      );
      const r = await fortryd('vand', k.art, [...sa.versioner, ...sb.versioner]);
      expect(r.statusCode).toBe(400);
      expect((await status(k, a!.id)).status).toBe(1);
      expect((await status(k, b!.id)).status).toBe(1);
    });

    it("another validator's decision answers 403; a reader 403; another customer's id 404; a pending entry 400", async () => {
      const k = KOER[0];
      const [p, q] = (await pending(k)).items.slice(0, 2);
      const svar = await beslut(k, 'Godkend', [p!], 'admin');
      const anden = await fortryd('vand', k.art, svar.versioner);
      expect(anden.statusCode).toBe(403);
      expect(json(anden).message).toBe(
        'Der er ikke de fornødne rettigheder til denne handling, Kun den, der traf beslutningen, kan fortryde den',
      );
      const laeser = await fortryd('laeser', k.art, svar.versioner);
      expect(laeser.statusCode).toBe(403);
      // Herning's admin sees no Skive entry: 404, as for an id that does not exist.
      expect((await fortryd('adminHerning', k.art, svar.versioner)).statusCode).toBe(404);
      expect((await fortryd('vand', k.art, [{ id: 2_000_000_000, version: 1 }])).statusCode).toBe(404);
      // The entry is a plant-level quantity: named as an intake-level one it is not found.
      expect((await fortryd('vand', 'indtag', svar.versioner)).statusCode).toBe(404);
      expect((await status(k, p!.id)).status).toBe(1);
      expect((await fortryd('admin', k.art, svar.versioner)).statusCode).toBe(200);

      const afventer = await fortryd('vand', k.art, [{ id: q!.id, version: q!.version }]);
      expect(afventer.statusCode).toBe(400);
      expect(json(afventer).errors).toEqual({ poster: ['Posten afventer allerede validering'] });
    });

    it('bad input answers 400 problem details in Danish', async () => {
      const ukendt = await req('POST', '/api/validering/fortryd', 'vand', {
        art: 'x',
        poster: [{ id: 1, version: 1 }],
      });
      expect(ukendt.statusCode).toBe(400);
      expect(json(ukendt).errors.art).toEqual(['Ukendt valideringskø']);
      const tom = await req('POST', '/api/validering/fortryd', 'vand', { art: 'anlaeg', poster: [] });
      expect(tom.statusCode).toBe(400);
      expect(json(tom).errors.poster).toEqual(['Vælg mindst én post']);
    });

    it('other validators hear of the undo on the event stream: status 0, the kind and the ids', async () => {
      const k = KOER[2];
      const p = (await pending(k)).items[0]!;
      const svar = await beslut(k, 'Godkend', [p]);
      const haendelser: ValideringHaendelse[] = [];
      const stop = await hubFor(t.database.db).subscribe(skive, (l) => {
        // Only the undo's events: on PostgreSQL the decision's own event (status 1) may still be on its
        // way through LISTEN when the subscription begins (the process listens from its first call).
        if (l.type === 'haendelse' && l.haendelse.emne === 'validering' && l.haendelse.data.status === 0)
          haendelser.push(l.haendelse.data);
      });
      try {
        expect((await fortryd('vand', k.art, svar.versioner)).statusCode).toBe(200);
        // On PostgreSQL the event comes back through LISTEN: wait for it (at most 5 s), and a moment
        // more, so that a second one would be seen.
        for (let i = 0; i < 250 && haendelser.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        stop();
      }
      expect(haendelser).toEqual([
        { type: 'besluttet', kind: 'pejling', ids: [p.id], status: 0, af: 'vand' },
      ]);
    });

    it('the median statistics after an undo equal those before the decision', async () => {
      const db = t.database.db;
      const [v] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO virksomhed (kunde_id, type, navn) VALUES (${skive}, 3, 'Fortryd Statistik Vandværk') RETURNING id`,
      );
      const plant = Number(v!.id);
      // Q3 of 2016–2023 approved around 100 m³/day; Q3 2024 (far off) and Q3 2026 pending.
      const rows = [];
      for (let y = 2016; y < 2024; y++) {
        rows.push({
          kundeId: skive,
          vandanlaegId: plant,
          startdato: `${y}-07-01`,
          slutdato: `${y}-09-30`,
          vandmaengdeOppumpet: 100 * (1 + ((y % 3) - 1) * 0.04) * 92,
          status: 1,
        });
      }
      await db.insert(oppumpetMaengde).values(rows);
      const [y2024, y2026] = await db
        .insert(oppumpetMaengde)
        .values(
          [
            ['2024', 400],
            ['2026', 104],
          ].map(([y, rate]) => ({
            kundeId: skive,
            vandanlaegId: plant,
            startdato: `${y}-07-01`,
            slutdato: `${y}-09-30`,
            vandmaengdeOppumpet: Number(rate) * 92,
            status: 0,
          })),
        )
        .returning({ id: oppumpetMaengde.id, version: oppumpetMaengde.version });
      const median = async () => {
        const r = await req('PUT', `/api/OppumpedeVandmaengderValidering/GetMedian/${skive}`, 'vand', {
          ids: [y2026!.id],
        });
        expect(r.statusCode).toBe(200);
        return json(r)[0];
      };
      const statistik = () =>
        queryRows(
          db,
          sql`SELECT gruppe1, gruppe2, median, mad, n FROM validering_statistik
              WHERE kunde_id = ${skive} AND art = 'anlaeg' AND serie_id = ${plant} ORDER BY gruppe1, gruppe2`,
        );
      const foer = await median();
      const statFoer = await statistik();
      expect(foer).toMatchObject({ antalHistorik: 8, markeret: false });

      const svar = await beslut(KOER[0], 'Godkend', [
        { ...y2024!, vandanlaegId: plant, status: 0, besluttetAf: null },
      ]);
      const godkendt = await median();
      expect(godkendt.antalHistorik).toBe(9);
      expect(await statistik()).not.toEqual(statFoer);

      expect((await fortryd('vand', 'anlaeg', svar.versioner)).statusCode).toBe(200);
      expect(await median()).toEqual(foer);
      expect(await statistik()).toEqual(statFoer);
    });
  });
}
