import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sammenlignDansk } from '../../src/contract/sortering';
import { ANTAL_LOFT, type VirksomhedListeSvar } from '../../src/contract/virksomhed-liste';
import { virksomhed } from '../../src/server/db/schema';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/**
 * The capped total of GET virksomhed/list (issue 16): exact up to ANTAL_LOFT (or start + take, if
 * further), above it `totalCountCapped` and the bound; the pages of a broad search (read from the
 * sort index) and of a targeted one (the matches sorted) in the same order, both directions, empty
 * values last.
 */
describe.each(dbTargets())('virksomhed/list capped total on %s', (target) => {
  let t: TestApp;
  let skive: number;
  let token: string;
  /** ANTAL_LOFT + 10 companies named 'Loftværksted n'; the first ANTAL_LOFT on 'Loftprøvevej'. */
  const ANTAL = ANTAL_LOFT + 10;
  interface Raekke {
    id: number;
    navn: string;
    postnummer: string | null;
    by: string | null;
  }
  let raekker: Raekke[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
    skive = await t.kundeId(779);
    token = await t.tokenFor('virksomhed');
    const byer = [
      ['7800', 'Skive'],
      ['7860', 'Spøttrup'],
      ['7870', 'Roslev'],
      [null, null],
      ['7884', 'Fur'],
      ['7840', 'Højslev'],
    ] as const;
    const rows = await t.database.db
      .insert(virksomhed)
      .values(
        Array.from({ length: ANTAL }, (_, i) => {
          const [postnummer, postdistrikt] = byer[i % byer.length]!;
          const vej = i < ANTAL_LOFT ? 'Loftprøvevej' : 'Kvistprøvevej';
          return {
            kundeId: skive,
            type: 1,
            navn: `Loftværksted ${i + 1}`,
            vejnavn: vej,
            husnummer: String(i + 1),
            postnummer,
            postdistrikt,
            adresse: `${vej} ${i + 1}${postnummer ? `, ${postnummer} ${postdistrikt}` : ''}`,
          };
        }),
      )
      .returning({
        id: virksomhed.id,
        navn: virksomhed.navn,
        postnummer: virksomhed.postnummer,
        by: virksomhed.postdistrikt,
      });
    raekker = rows;
  });
  afterAll(async () => t?.close());

  const list = async (params: Record<string, string | number>) => {
    const qs = new URLSearchParams({ kundeId: String(skive), virksomhedsType: '1' });
    for (const [k, v] of Object.entries(params)) qs.append(k, String(v));
    const r = await t.kald('GET', `/api/virksomhed/list?${qs}`, token);
    expect(r.statusCode).toBe(200);
    return JSON.parse(r.body) as VirksomhedListeSvar;
  };
  const ids = (svar: VirksomhedListeSvar) => svar.items.map((i) => i.id);
  /** Empty values last in both directions, then the id in the sort's direction. */
  const sorteret = (
    noegle: (r: Raekke) => string | null,
    cmp: (a: string, b: string) => number,
    desc = false,
  ) =>
    [...raekker]
      .sort((a, b) => {
        const x = noegle(a);
        const y = noegle(b);
        if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1;
        const c = cmp(x, y) || a.id - b.id;
        return desc ? -c : c;
      })
      .map((r) => r.id);
  const byteOrden = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it('answers a capped total above the cap, and pages through it in sort order', async () => {
    const forventet = sorteret((r) => r.navn, sammenlignDansk);
    const sider: number[] = [];
    // The first pages come from the name index, the deeper ones from the sorted matches.
    for (let start = 0; start < 400; start += 80) {
      const side = await list({ filter: 'loftværksted', start, take: 80 });
      expect(side).toMatchObject({ totalCount: ANTAL_LOFT, totalCountCapped: true });
      sider.push(...ids(side));
    }
    expect(sider).toEqual(forventet.slice(0, 400));

    const desc = await list({ filter: 'Loftværksted', take: 30, sortDirection: 'DESC' });
    expect(ids(desc)).toEqual([...forventet].reverse().slice(0, 30));
    expect(desc).toMatchObject({ totalCount: ANTAL_LOFT, totalCountCapped: true });
  });

  it('counts a page past the cap exactly, as far as the page reaches', async () => {
    const forventet = sorteret((r) => r.navn, sammenlignDansk);
    const sidste = await list({ filter: 'loftværksted', start: ANTAL_LOFT, take: 50 });
    expect(sidste.totalCount).toBe(ANTAL);
    expect(sidste.totalCountCapped).toBe(false);
    expect(ids(sidste)).toEqual(forventet.slice(ANTAL_LOFT));
    const forbi = await list({ filter: 'loftværksted', start: ANTAL + 100, take: 50 });
    expect(forbi).toEqual({ totalCount: ANTAL, totalCountCapped: false, items: [] });
  });

  it('answers the exact total up to the cap', async () => {
    const paaVejen = await list({ filter: 'Loftprøvevej', take: 10 });
    expect(paaVejen).toMatchObject({ totalCount: ANTAL_LOFT, totalCountCapped: false });
    const faa = await list({ filter: 'Kvistprøvevej', take: 5 });
    expect(faa.totalCount).toBe(10);
    expect(faa.totalCountCapped).toBe(false);
    expect(faa.items).toHaveLength(5);
    const ingen = await list({ filter: 'findes ikke nogen steder' });
    expect(ingen).toEqual({ totalCount: 0, totalCountCapped: false, items: [] });
  });

  it('sorts a broad search by postal code and town from their indexes, empty values last', async () => {
    for (const sortDirection of ['ASC', 'DESC'] as const) {
      const desc = sortDirection === 'DESC';
      const post = await list({
        filter: 'loftværksted',
        take: 120,
        sortByColumn: 'postnummer',
        sortDirection,
      });
      expect(post.totalCountCapped).toBe(true);
      expect(ids(post)).toEqual(sorteret((r) => r.postnummer, byteOrden, desc).slice(0, 120));
      const by = await list({ filter: 'loftværksted', take: 120, sortByColumn: 'by', sortDirection });
      expect(ids(by)).toEqual(sorteret((r) => r.by, sammenlignDansk, desc).slice(0, 120));
    }
    // The empty ones come last: the last page of the postal codes, read from the sorted matches.
    const sidst = await list({
      filter: 'loftværksted',
      start: ANTAL - 20,
      take: 20,
      sortByColumn: 'postnummer',
      sortDirection: 'DESC',
    });
    expect(sidst.items.every((i) => i.postnummer === null)).toBe(true);
  });

  it('caps the total without a text filter too, and not under a narrow column filter', async () => {
    const alle = await list({ take: 5 });
    expect(alle).toMatchObject({ totalCount: ANTAL_LOFT, totalCountCapped: true });
    const aktive = await t.database.db
      .select({ id: virksomhed.id })
      .from(virksomhed)
      .where(and(eq(virksomhed.kundeId, skive), eq(virksomhed.type, 1), eq(virksomhed.slettet, false)));
    expect(aktive.length).toBeGreaterThan(ANTAL_LOFT);
    const kategori = await list({ take: 5, filteredColumns: 'kategori:1a' });
    expect(kategori.totalCountCapped).toBe(false);
    expect(kategori.totalCount).toBeLessThan(ANTAL_LOFT);
  });
});
