import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sammenlignDansk } from '../../src/contract/sortering';
import type { VirksomhedListeItem, VirksomhedListeSvar } from '../../src/contract/virksomhed-liste';
import { virksomhed } from '../../src/server/db/schema';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

describe.each(dbTargets())('virksomhed/list and its lookups on %s', (target) => {
  let t: TestApp;
  let skive: number;
  let herning: number;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp(target);
    skive = await t.kundeId(779);
    herning = await t.kundeId(657);
    for (const u of ['admin', 'virksomhed', 'landbrug', 'laeser', 'vand']) tokens.set(u, await t.tokenFor(u));
  });
  afterAll(async () => t?.close());

  const get = async (username: string | null, url: string) => {
    const r = await t.kald('GET', url, username ? tokens.get(username) : undefined);
    return { status: r.statusCode, body: JSON.parse(r.body) };
  };
  const list = async (username: string, params: Record<string, string | number | string[]>) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries({ kundeId: skive, ...params })) {
      if (Array.isArray(v)) for (const x of v) qs.append(k, x);
      else qs.append(k, String(v));
    }
    return get(username, `/api/virksomhed/list?${qs}`);
  };
  const all = async (type: 1 | 2) =>
    t.database.db
      .select()
      .from(virksomhed)
      .where(and(eq(virksomhed.kundeId, skive), eq(virksomhed.type, type), eq(virksomhed.slettet, false)));
  const byteSort = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it('answers the page and the total of the active customer, deleted ones left out', async () => {
    const rows = await all(1);
    const { status, body } = await list('virksomhed', { virksomhedsType: 1, take: 500 });
    expect(status).toBe(200);
    const svar = body as VirksomhedListeSvar;
    expect(svar.totalCount).toBe(rows.length);
    expect(svar.items).toHaveLength(rows.length);
    expect(new Set(svar.items.map((i) => i.id))).toEqual(new Set(rows.map((r) => r.id)));
    const one = rows.find((r) => r.primaerSagsbehandlerId !== null)!;
    const item = svar.items.find((i) => i.id === one.id)!;
    expect(item).toMatchObject({
      navn: one.navn,
      cvrNr: one.cvrNr,
      pNr: one.pNr,
      adresse: one.adresse,
      postnummer: one.postnummer,
      by: one.postdistrikt,
      branche: one.brancheNavn,
      kategori: one.kategori,
      primaerSagsbehandlerId: one.primaerSagsbehandlerId,
      omfattetAfBrugerbetaling: one.omfattetAfBrugerbetaling,
    });
    expect(item.primaerSagsbehandler).toEqual(expect.any(String));
  });

  it('pages without overlap or gaps, and sorts ASC and DESC with the id as tie-breaker', async () => {
    const full = (await list('virksomhed', { virksomhedsType: 1, take: 500 })).body as VirksomhedListeSvar;
    const names = full.items.map((i) => i.navn);
    expect(names).toEqual([...names].sort(sammenlignDansk));
    const pages: VirksomhedListeItem[] = [];
    for (let start = 0; start < full.totalCount; start += 7) {
      const page = (await list('virksomhed', { virksomhedsType: 1, start, take: 7 }))
        .body as VirksomhedListeSvar;
      expect(page.totalCount).toBe(full.totalCount);
      pages.push(...page.items);
    }
    expect(pages.map((i) => i.id)).toEqual(full.items.map((i) => i.id));
    const past = (await list('virksomhed', { virksomhedsType: 1, start: 10_000, take: 7 })).body;
    expect(past).toEqual({ totalCount: full.totalCount, totalCountCapped: false, items: [] });

    const desc = (
      await list('virksomhed', { virksomhedsType: 1, take: 500, sortByColumn: 'navn', sortDirection: 'DESC' })
    ).body as VirksomhedListeSvar;
    expect(desc.items.map((i) => i.navn)).toEqual([...names].sort(sammenlignDansk).reverse());

    const byPost = (await list('virksomhed', { virksomhedsType: 1, take: 500, sortByColumn: 'postnummer' }))
      .body as VirksomhedListeSvar;
    const post = byPost.items.map((i) => i.postnummer ?? '');
    expect(post).toEqual([...post].sort(byteSort));
    const byCase = (
      await list('virksomhed', {
        virksomhedsType: 1,
        take: 500,
        sortByColumn: 'sagsbehandler',
        sortDirection: 'DESC',
      })
    ).body as VirksomhedListeSvar;
    const cw = byCase.items.map((i) => i.primaerSagsbehandler);
    // Empty values last in both directions.
    const firstNull = cw.indexOf(null);
    if (firstNull >= 0) expect(cw.slice(firstNull).every((c) => c === null)).toBe(true);
    const named = cw.filter((c): c is string => c !== null);
    expect(named).toEqual([...named].sort(sammenlignDansk).reverse());
  });

  it('filters by text in name, address and numbers, case-insensitively', async () => {
    const rows = await all(1);
    const target = rows[3]!;
    const word = target.navn.split(' ')[0]!;
    const r = (await list('virksomhed', { virksomhedsType: 1, take: 500, filter: word.toUpperCase() }))
      .body as VirksomhedListeSvar;
    expect(r.items.some((i) => i.id === target.id)).toBe(true);
    const lower = word.toLowerCase();
    for (const i of r.items) expect(`${i.navn} ${i.adresse}`.toLowerCase()).toContain(lower);
    expect(r.totalCount).toBe(
      rows.filter((x) => `${x.navn}\n${x.adresse}`.toLowerCase().includes(lower)).length,
    );

    const byCvr = (await list('virksomhed', { virksomhedsType: 1, filter: target.cvrNr!.slice(0, 6) }))
      .body as VirksomhedListeSvar;
    expect(byCvr.items.map((i) => i.id)).toContain(target.id);
    const byP = (await list('virksomhed', { virksomhedsType: 1, filter: target.pNr! }))
      .body as VirksomhedListeSvar;
    expect(byP.items.map((i) => i.id)).toEqual([target.id]);
    const street = (await list('virksomhed', { virksomhedsType: 1, filter: target.vejnavn! }))
      .body as VirksomhedListeSvar;
    expect(street.items.map((i) => i.id)).toContain(target.id);

    const farm = (await all(2)).find((f) => f.chrNr)!;
    const byChr = (await list('landbrug', { virksomhedsType: 2, filter: farm.chrNr! }))
      .body as VirksomhedListeSvar;
    expect(byChr.items.map((i) => i.id)).toContain(farm.id);
    expect(byChr.items.find((i) => i.id === farm.id)!.chrNr).toBe(farm.chrNr);

    const none = (await list('virksomhed', { virksomhedsType: 1, filter: '%_%' })).body;
    expect(none).toEqual({ totalCount: 0, totalCountCapped: false, items: [] });
  });

  it('applies repeated column filters (kolonne:værdi|værdi), all of them', async () => {
    const rows = await all(1);
    const kat = (
      await list('virksomhed', { virksomhedsType: 1, take: 500, filteredColumns: ['kategori:1a|2'] })
    ).body as VirksomhedListeSvar;
    expect(kat.totalCount).toBe(rows.filter((r) => r.kategori === '1a' || r.kategori === '2').length);
    expect(kat.items.every((i) => i.kategori === '1a' || i.kategori === '2')).toBe(true);

    const both = (
      await list('virksomhed', {
        virksomhedsType: 1,
        take: 500,
        filteredColumns: ['kategori:2', 'ophoert:false'],
      })
    ).body as VirksomhedListeSvar;
    expect(both.totalCount).toBe(rows.filter((r) => r.kategori === '2' && r.ophoertDato === null).length);

    const sb = rows.find((r) => r.primaerSagsbehandlerId)!.primaerSagsbehandlerId!;
    const mine = (
      await list('virksomhed', { virksomhedsType: 1, take: 500, filteredColumns: [`sagsbehandler:${sb}`] })
    ).body as VirksomhedListeSvar;
    expect(mine.totalCount).toBe(rows.filter((r) => r.primaerSagsbehandlerId === sb).length);
    const bb = (
      await list('virksomhed', { virksomhedsType: 1, take: 500, filteredColumns: ['brugerbetaling:true'] })
    ).body as VirksomhedListeSvar;
    expect(bb.totalCount).toBe(rows.filter((r) => r.omfattetAfBrugerbetaling).length);
  });

  it('checks customer, type right and token', async () => {
    expect((await list('laeser', { virksomhedsType: 1 })).status).toBe(200);
    expect((await list('laeser', { virksomhedsType: 2 })).status).toBe(200);
    expect((await list('virksomhed', { virksomhedsType: 2 })).status).toBe(403);
    expect((await list('landbrug', { virksomhedsType: 1 })).status).toBe(403);
    expect((await list('vand', { virksomhedsType: 1 })).status).toBe(403);
    expect((await list('admin', { virksomhedsType: 1, kundeId: herning })).status).toBe(404);
    expect((await get(null, `/api/virksomhed/list?kundeId=${skive}&virksomhedsType=1`)).status).toBe(401);
  });

  it('refuses bad input with 400 problem details', async () => {
    const bad: Record<string, string | number | string[]>[] = [
      { virksomhedsType: 3 },
      { virksomhedsType: 1, take: 501 },
      { virksomhedsType: 1, take: 0 },
      { virksomhedsType: 1, start: -1 },
      { virksomhedsType: 1, sortByColumn: 'password_hash' },
      { virksomhedsType: 1, sortDirection: 'UP' },
      { virksomhedsType: 1, filteredColumns: ['kategori:9z'] },
      { virksomhedsType: 1, filteredColumns: ['slettet:true'] },
      { virksomhedsType: 1, filter: 'x'.repeat(101) },
    ];
    for (const params of bad) {
      const r = await list('admin', params);
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.errors).toBeTypeOf('object');
    }
    expect((await get('admin', '/api/virksomhed/list?virksomhedsType=1')).status).toBe(400);
  });

  it('GET branche/list answers the DB07 codes of companies and farms', async () => {
    const r = await get('laeser', '/api/branche/list');
    expect(r.status).toBe(200);
    const koder = r.body.map((b: { kode: string }) => b.kode);
    expect(koder).toEqual([...koder].sort());
    expect(r.body).toContainEqual({
      id: 452010,
      kode: '452010',
      navn: 'Almindelig reparation og vedligeholdelse af motorkøretøjer',
      aktiv: true,
      virksomhedsType: 1,
    });
    expect(r.body.find((b: { kode: string }) => b.kode === '014600')).toMatchObject({
      navn: 'Svinebrug',
      virksomhedsType: 2,
    });
    expect((await get(null, '/api/branche/list')).status).toBe(401);
  });

  it('GET sagsbehandler/list/{kundeId}?type= answers the users holding the caseworker role', async () => {
    const names = async (type: string) =>
      ((await get('laeser', `/api/sagsbehandler/list/${skive}?type=${type}`)).body as { navn: string }[]).map(
        (s) => s.navn,
      );
    const virk = await names('Virksomhed');
    expect(virk).toContain('Vibeke Virksomhedsen');
    expect(virk).not.toContain('Lars Landmand');
    expect(virk).not.toContain('Lene Læser');
    const land = await names('Landbrug');
    expect(land).toContain('Lars Landmand');
    expect(land).not.toContain('Vibeke Virksomhedsen');
    const begge = await names('Virksomhedlandbrug');
    expect(begge).toEqual(expect.arrayContaining(['Lars Landmand', 'Vibeke Virksomhedsen']));
    expect(await names('Vandanlaeg')).toContain('Vera Vandløb');
    const r = await get('laeser', `/api/sagsbehandler/list/${skive}?type=Virksomhed`);
    expect(r.body[0]).toEqual({ brugerId: expect.any(Number), navn: expect.any(String) });
    expect((await get('laeser', `/api/sagsbehandler/list/${herning}?type=Virksomhed`)).status).toBe(404);
    // The SAT programme's case workers (a SAT record's case worker is one of them).
    const affald = await names('Affald');
    expect(affald).toContain('Asger Affaldsen');
    expect(affald).not.toContain('Vibeke Virksomhedsen');
    expect((await get('laeser', `/api/sagsbehandler/list/${skive}?type=Renovation`)).status).toBe(400);
    expect((await get('laeser', `/api/sagsbehandler/list/${skive}`)).status).toBe(400);
    expect((await get(null, `/api/sagsbehandler/list/${skive}?type=Virksomhed`)).status).toBe(401);
  });
});
