import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sammenlignDansk } from '../../src/contract/sortering';
import type { VirksomhedListeSvar } from '../../src/contract/virksomhed-liste';
import { queryRows } from '../../src/server/db/client';
import { bruger, brugerKunde, virksomhed } from '../../src/server/db/schema';
import { BLANDET, DANSK_ORDEN, SVAERE_TEKSTER } from '../helpers/dansk-orden';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/** One CVR number for all the test companies: the palette ranks them alike, so only the name decides. */
const CVR = '39990017';
/** Their street; 'Ordensvej' is in no demo address, so a text filter finds exactly them. */
const VEJ = 'Ordensvej';
/** House numbers, given in BLANDET's order, and the order a Danish reader expects the addresses in. */
const HUSNUMRE = ['10', '9', '100', '2', '21', '1', '12B', '3', '12', '12a', '20'];
const ADRESSER_I_ORDEN = ['1', '2', '3', '9', '10', '12', '12a', '12B', '20', '21', '100'].map(
  (n) => `${VEJ} ${n}, 7800 Skive`,
);

const json = (r: { body: string }) => JSON.parse(r.body);
const iOrden = (texts: readonly string[]) => [...texts].sort(sammenlignDansk);
/** The test names among `names`, in the order they appear. */
const vores = (names: readonly string[]) =>
  names.filter((n) => (DANSK_ORDEN as readonly string[]).includes(n));

describe.each(dbTargets())('Danish order on %s', (target) => {
  let t: TestApp;
  let skive: number;
  let firmaId: number;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp(target);
    skive = await t.kundeId(779);
    for (const u of ['virksomhed', 'admin']) tokens.set(u, await t.tokenFor(u));
    const db = t.database.db;
    const ids = await db
      .insert(virksomhed)
      .values(
        BLANDET.map((navn, i) => ({
          kundeId: skive,
          type: 1,
          navn,
          cvrNr: CVR,
          pNr: `99900170${String(i).padStart(2, '0')}`,
          vejnavn: VEJ,
          husnummer: HUSNUMRE[i]!,
          postnummer: '7800',
          postdistrikt: 'Skive',
          adresse: `${VEJ} ${HUSNUMRE[i]}, 7800 Skive`,
        })),
      )
      .returning({ id: virksomhed.id });
    firmaId = ids[0]!.id;
    // Case workers with the same names, in the customer, holding the company caseworker role.
    const brugere = await db
      .insert(bruger)
      .values(BLANDET.map((navn, i) => ({ username: `dansk-orden-${i}`, navn, passwordHash: 'x' })))
      .returning({ id: bruger.id });
    await db
      .insert(brugerKunde)
      .values(brugere.map((b) => ({ brugerId: b.id, kundeId: skive, roller: ['SagsbehandlerVirksomhed'] })));
    // Contact persons of one company, created through the API.
    for (const navn of BLANDET) {
      const r = await get('POST', `/api/virksomhed/${firmaId}/kontaktperson`, { navn, rolle: 'Ejer' });
      expect(r.statusCode).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  const get = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.kald(method, url, tokens.get('virksomhed'), payload);
  const liste = async (params: Record<string, string | number>) => {
    const qs = new URLSearchParams({ kundeId: String(skive), virksomhedsType: '1', take: '500' });
    for (const [k, v] of Object.entries(params)) qs.set(k, String(v));
    const r = await get('GET', `/api/virksomhed/list?${qs}`);
    expect(r.statusCode).toBe(200);
    return (json(r) as VirksomhedListeSvar).items;
  };

  it('sorts the company list by name in Danish order, both ways, with and without a text filter', async () => {
    const alle = (await liste({ sortByColumn: 'navn', sortDirection: 'ASC' })).map((i) => i.navn);
    expect(vores(alle)).toEqual(DANSK_ORDEN);
    // The demo companies too: the server's order is the client's comparer's order.
    expect(alle).toEqual(iOrden(alle));
    const ned = (await liste({ sortByColumn: 'navn', sortDirection: 'DESC' })).map((i) => i.navn);
    expect(ned).toEqual([...alle].reverse());

    const filtreret = await liste({ filter: VEJ, sortByColumn: 'navn', sortDirection: 'ASC' });
    expect(filtreret.map((i) => i.navn)).toEqual(DANSK_ORDEN);
    const filtreretNed = await liste({ filter: VEJ, sortByColumn: 'navn', sortDirection: 'DESC' });
    expect(filtreretNed.map((i) => i.navn)).toEqual([...DANSK_ORDEN].reverse());

    // Pages of the sorted list follow each other without overlap.
    const sider = [];
    for (let start = 0; start < DANSK_ORDEN.length; start += 4) {
      sider.push(...(await liste({ filter: VEJ, sortByColumn: 'navn', start, take: 4 })));
    }
    expect(sider.map((i) => i.navn)).toEqual(DANSK_ORDEN);
  });

  it('sorts addresses with their numbers by value, and the other text columns in Danish order', async () => {
    const op = await liste({ filter: VEJ, sortByColumn: 'adresse', sortDirection: 'ASC' });
    expect(op.map((i) => i.adresse)).toEqual(ADRESSER_I_ORDEN);
    const ned = await liste({ filter: VEJ, sortByColumn: 'adresse', sortDirection: 'DESC' });
    expect(ned.map((i) => i.adresse)).toEqual([...ADRESSER_I_ORDEN].reverse());
    for (const [kolonne, felt] of [
      ['adresse', 'adresse'],
      ['by', 'by'],
      ['branche', 'branche'],
      ['sagsbehandler', 'primaerSagsbehandler'],
    ] as const) {
      const items = await liste({ sortByColumn: kolonne, sortDirection: 'ASC' });
      const tekster = items.map((i) => i[felt]).filter((v): v is string => v !== null);
      expect(tekster, kolonne).toEqual(iOrden(tekster));
      // Empty values last.
      const foersteTomme = items.findIndex((i) => i[felt] === null);
      if (foersteTomme >= 0) expect(items.slice(foersteTomme).every((i) => i[felt] === null)).toBe(true);
    }
  });

  it('sorts the case worker lookup (sagsbehandler/list) in Danish order', async () => {
    const r = await get('GET', `/api/sagsbehandler/list/${skive}?type=Virksomhed`);
    expect(r.statusCode).toBe(200);
    const navne = (json(r) as { navn: string }[]).map((b) => b.navn);
    expect(vores(navne)).toEqual(DANSK_ORDEN);
    expect(navne).toEqual(iOrden(navne));
  });

  it("sorts a company's contact persons in Danish order", async () => {
    const r = await get('GET', `/api/virksomhed/${firmaId}`);
    expect(r.statusCode).toBe(200);
    const navne = (json(r).kontaktpersonListe as { navn: string }[]).map((k) => k.navn);
    expect(navne).toEqual(DANSK_ORDEN);
  });

  it('orders palette results of equal rank by name in Danish order', async () => {
    const r = await get('GET', `/api/soeg?tekst=${CVR}&antal=20`);
    expect(r.statusCode).toBe(200);
    const resultater = json(r).resultater as { navn: string; match: string }[];
    expect(resultater.every((x) => x.match === 'nummer')).toBe(true);
    expect(resultater.map((x) => x.navn)).toEqual(DANSK_ORDEN);
  });

  it("the database's sort key orders as the client's comparer, on the demo data and on hard cases", async () => {
    const rader = await queryRows<{ t: string }>(
      t.database.db,
      sql`select distinct t from (
            select navn as t from virksomhed union all select adresse from virksomhed
            union all select postdistrikt from virksomhed union all select branche_navn from virksomhed
            union all select navn from bruger union all select navn from kunde
            union all select navn from kontaktperson union all select titel from frase
          ) x where t is not null`,
    );
    const tekster = [...rader.map((r) => r.t), ...SVAERE_TEKSTER];
    expect(tekster.length).toBeGreaterThan(200);
    const sorteret = await queryRows<{ t: string }>(
      t.database.db,
      sql`select t from json_array_elements_text(${JSON.stringify(tekster)}::json) as x(t)
          order by dansk_sortering(t) collate "C", t collate "C"`,
    );
    expect(sorteret.map((r) => r.t)).toEqual(iOrden(tekster));
  });
});
