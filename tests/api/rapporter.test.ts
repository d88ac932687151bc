import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RapportSvar, rapportFilterDefs } from '../../src/contract/rapport';
import { escapeVaerdi } from '../../src/contract/rapport-filter';
import { RAPPORT_NAVNE, type RapportNavn } from '../../src/contract/rapport-sider';
import { RAPPORTER } from '../../src/contract/rapporter';
import { VAND_LAES } from '../../src/contract/vand-data';
import { lookupListe } from '../../src/server/catalog/lookups';
import { queryRows } from '../../src/server/db/client';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/**
 * The 18 report pages on the report engine (issue 14): each answers its default columns to a user
 * with its right and 403 without; grouped counts and sums equal the same figures computed straight
 * from the tables; a filter on each narrows its rows; reports over companies and farms show only the
 * types whose read right the user holds.
 */

const json = <T>(r: { body: string }) => JSON.parse(r.body) as T;
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The mandatory filters' starting text (they must be sent). */
const standardFilter = (navn: RapportNavn, ekstra?: string) =>
  [...(RAPPORTER[navn].obligatoriskeFiltre ?? []).map((o) => o.standard), ...(ekstra ? [ekstra] : [])].join(
    ',',
  );

/**
 * Per report, a column whose value (taken from the report's first row) narrows the rows when
 * filtered on: text by equals, numbers by equals, dates by a one-day range, choices by equals.
 */
const FILTER_KOLONNE: Record<RapportNavn, string> = {
  tilsyn: 'tilsynskategori',
  haandhaevelser: 'haandhaevelsestype',
  afgoerelser: 'afgoerelsestype',
  beholdere: 'virksomhedsnavn',
  beholderkontrol: 'virksomhedsnavn',
  olietank: 'virksomhedsnavn',
  olietanksinspektion: 'aarstal',
  pladser: 'virksomhedsnavn',
  brugerbetaling: 'aarstal',
  vandanlaegkontaktpersoner: 'anlaegsnavn',
  vandtilladelse: 'anlaegsnavn',
  vandtilladelseboring: 'dguNr',
  vandtilsyn: 'aarstal',
  vandhaandhaevelse: 'anlaegsnavn',
  vandoppumpet: 'aarstal',
  vandforsyningsfordeling: 'forsyningsartNavn',
  boringtilladelse: 'dgUnr',
  boringpejling: 'pejletidspunkt',
};

/**
 * Optional fields that Skive's demo data leaves empty (no permit is revoked or has an hourly quantity,
 * no plant has ended or has other business types or a P-number, no company with user payment or an
 * oil tank has a CHR number, the one oil tank has no cover): every other column must answer a value.
 */
const OPTIONAL_EMPTY = new Set<string>([
  'boringtilladelse.anlaegSlutdato',
  'boringtilladelse.oevrigeVirksomhedstyper',
  'boringtilladelse.pnr',
  'boringtilladelse.tilbagekaldtDato',
  'boringtilladelse.vandmaengdeM3Time',
  'brugerbetaling.chrNummer',
  'olietank.chrNummer',
  'olietank.overdaekning',
  'olietanksinspektion.chrNummer',
  'olietanksinspektion.naesteInspektion',
  'olietanksinspektion.overdaekning',
  // Ceased companies are DMA-inactive; the default filter shows the active ones.
  'tilsyn.ophoertDato',
  'vandtilsyn.udfoertAf',
  'vandtilladelse.tilbagekaldtDato',
  'vandtilladelse.vandmaengdeM3Time',
  'vandtilladelseboring.tilbagekaldtDato',
  'vandtilladelseboring.vandmaengdeM3Time',
]);

describe.each(dbTargets())('report pages (rapport/{reportType}) on %s', (target) => {
  let t: TestApp;
  let vand: string;
  let virksomhed: string;
  let landbrug: string;
  let laeser: string;
  let skive: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    [vand, virksomhed, landbrug, laeser] = await Promise.all([
      t.tokenFor('vand'),
      t.tokenFor('virksomhed'),
      t.tokenFor('landbrug'),
      t.tokenFor('laeser'),
    ]);
    skive = await t.kundeId(779);
  });
  afterAll(async () => t?.close());

  const rapport = (navn: string, params: Record<string, string | number>, token = laeser) =>
    t.kald('GET', `/api/rapport/${navn}?${q(params)}`, token);
  const hent = async (navn: RapportNavn, params: Record<string, string | number>, token = laeser) => {
    const r = await rapport(navn, params, token);
    expect(r.statusCode, `${navn}: ${r.body}`).toBe(200);
    return json<RapportSvar>(r);
  };
  const direkte = <T>(query: SQL) => queryRows<T>(t.database.db, query);

  it('declares every report page, each default column a declared one', () => {
    for (const navn of RAPPORT_NAVNE) {
      const def = RAPPORTER[navn];
      expect(def.navn).toBe(navn);
      const navne = [...def.kolonner.map((k) => k.navn), 'antal'];
      for (const k of def.standardKolonner) expect(navne, `${navn}.${k}`).toContain(k);
      expect(new Set(def.kolonner.map((k) => k.navn)).size, navn).toBe(def.kolonner.length);
      // A lookup-backed column names a lookup of the catalogue.
      for (const k of def.kolonner.filter((x) => x.opslag))
        expect(lookupListe(k.opslag!)?.length ?? 0, `${navn}.${k.navn}: ${k.opslag}`).toBeGreaterThan(0);
    }
    // Its filter takes the lookup's names; without them (a client without its lookups) text by equals.
    const navne = (lookupListe('dmalookup/tilsynsKategorier') ?? []).map((i) => i.navn);
    expect(
      rapportFilterDefs(RAPPORTER.tilsyn, (p) => (lookupListe(p) ?? []).map((i) => i.navn)).tilsynskategori,
    ).toMatchObject({ type: 'valg', valg: navne });
    expect(rapportFilterDefs(RAPPORTER.tilsyn).tilsynskategori).toMatchObject({
      type: 'tekst',
      noegler: ['equals'],
    });
  });

  it.each(RAPPORT_NAVNE)(
    '%s answers its default columns with rows to a reader, 403 without the right',
    async (navn) => {
      const def = RAPPORTER[navn];
      const svar = await hent(navn, { filter: standardFilter(navn) });
      expect(svar.kolonner).toEqual(def.standardKolonner);
      expect(svar.totalCount, navn).toBeGreaterThan(0);
      for (const i of svar.items) expect(Object.keys(i)).toEqual(def.standardKolonner);
      // Every declared column answers on this data (none is all null).
      const alle = await hent(navn, {
        filter: standardFilter(navn),
        kolonner: def.kolonner.map((k) => k.navn).join(','),
        take: 500,
      });
      for (const k of def.kolonner) {
        if (OPTIONAL_EMPTY.has(`${navn}.${k.navn}`)) continue;
        expect(
          alle.items.some((i) => i[k.navn] !== null),
          `${navn}.${k.navn} is null in every row`,
        ).toBe(true);
      }
      const uden = def.access === VAND_LAES ? virksomhed : vand;
      expect((await rapport(navn, { filter: standardFilter(navn) }, uden)).statusCode).toBe(403);
    },
  );

  it.each(RAPPORT_NAVNE)(
    '%s groups by each of its columns, the counts adding up to its rows',
    async (navn) => {
      const def = RAPPORTER[navn];
      const filter = standardFilter(navn);
      const { totalCount } = await hent(navn, { filter, kolonner: def.kolonner[0]!.navn, take: 1 });
      for (const k of def.kolonner.filter((x) => !x.sum)) {
        const svar = await hent(navn, { filter, kolonner: `${k.navn},antal`, take: 500 });
        expect(svar.totalCount, `${navn}.${k.navn}`).toBe(svar.items.length);
        expect(
          svar.items.reduce((s, i) => s + Number(i.antal), 0),
          `${navn}.${k.navn}`,
        ).toBe(totalCount);
      }
    },
  );

  it.each(RAPPORT_NAVNE)('%s: a filter on one value narrows the rows to that value', async (navn) => {
    const kolonne = FILTER_KOLONNE[navn];
    const def = RAPPORTER[navn];
    const k = def.kolonner.find((x) => x.navn === kolonne)!;
    const alle = await hent(navn, { filter: standardFilter(navn), kolonner: kolonne, take: 500 });
    const vaerdi = alle.items.find((i) => i[kolonne] !== null)?.[kolonne];
    expect(vaerdi, `${navn}: a value of ${kolonne}`).toBeDefined();
    const p = kolonne.toLowerCase();
    const dagDk = (v: string | number | boolean) => String(v).slice(0, 10).split('-').reverse().join('-');
    const somFilter = (v: string | number | boolean) =>
      k.type === 'dato'
        ? `${p}:between(${dagDk(v)}|${dagDk(v)})`
        : `${p}:equals(${k.type === 'tal' ? String(v).replace('.', ',') : escapeVaerdi(String(v))})`;
    const smal = await hent(navn, {
      filter: standardFilter(navn, somFilter(vaerdi!)),
      kolonner: kolonne,
      take: 500,
    });
    expect(smal.totalCount).toBeGreaterThan(0);
    // A date filter compares the day (a pejletidspunkt keeps its time of day).
    const sammen = (v: unknown) => (k.type === 'dato' ? String(v).slice(0, 10) : v);
    for (const i of smal.items) expect(sammen(i[kolonne])).toEqual(sammen(vaerdi));
    if (new Set(alle.items.map((i) => sammen(i[kolonne]))).size > 1) {
      expect(smal.totalCount, `${navn}: ${kolonne} narrows`).toBeLessThan(alle.totalCount);
    } else {
      // One value only in the demo data: a value no row holds leaves none.
      expect(k.type).not.toBe('valg');
      const anden =
        k.type === 'tal'
          ? Number(vaerdi) + 100_000
          : k.type === 'dato'
            ? '1800-01-01'
            : `${String(vaerdi)} (ingen)`;
      const ingen = await hent(navn, { filter: standardFilter(navn, somFilter(anden)), kolonner: kolonne });
      expect(ingen.totalCount, `${navn}: ${kolonne} narrows`).toBe(0);
    }
  });

  it('tilsyn: counts per year and category equal the table, DMA status Aktiv by default and required', async () => {
    const svar = await hent('tilsyn', {
      kolonner: 'aarstal,tilsynskategori,antal',
      filter: standardFilter('tilsyn'),
      take: 500,
    });
    const rows = await direkte<{ aar: number | null; kat: number | null; n: number }>(
      sql`select extract(year from r.dato)::int as aar, (r.data->>'tilsynskategoriId')::int as kat, count(*)::int as n
          from registrering r join virksomhed v on v.id = r.virksomhed_id
          where r.kunde_id = ${skive} and r.art = 'tilsyn' and not r.slettet and not v.slettet
            and v.type in (1, 2) and v.basis->>'dmaStatusId' = '1'
          group by 1, 2`,
    );
    expect(svar.totalCount).toBe(rows.length);
    expect(svar.items.reduce((s, i) => s + Number(i.antal), 0)).toBe(
      rows.reduce((s, r) => s + Number(r.n), 0),
    );
    const perAar = (aar: number) => rows.filter((r) => r.aar === aar).reduce((s, r) => s + Number(r.n), 0);
    const aar = Number(svar.items[0]!.aarstal);
    expect(svar.items.filter((i) => i.aarstal === aar).reduce((s, i) => s + Number(i.antal), 0)).toBe(
      perAar(aar),
    );
    // The mandatory DMA filter must be sent; Inaktiv shows the other companies' inspections.
    const uden = await rapport('tilsyn', {});
    expect(uden.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(uden).errors.filter?.join(' ')).toMatch(/påkrævet/);
    const inaktiv = await hent('tilsyn', { kolonner: 'dmaAktiv,antal', filter: 'dmaaktiv:equals(inaktiv)' });
    for (const i of inaktiv.items) expect(i.dmaAktiv).toBe('Inaktiv');
  });

  it('a user with one type right sees only that type in the company and farm reports', async () => {
    const typer = async (token: string) =>
      (
        await hent('tilsyn', { kolonner: 'virksomhedstype,antal', filter: standardFilter('tilsyn') }, token)
      ).items.map((i) => i.virksomhedstype);
    expect((await typer(laeser)).sort()).toEqual(['Landbrug', 'Virksomhed']);
    expect(await typer(virksomhed)).toEqual(['Virksomhed']);
    expect(await typer(landbrug)).toEqual(['Landbrug']);
    // A farm-only user's containers are only farms' containers.
    const b = await hent('beholdere', { kolonner: 'virksomhedstype,antal' }, landbrug);
    expect(b.items.map((i) => i.virksomhedstype)).toEqual(['Landbrug']);
  });

  it('the Kategori filter takes the wire values 1a/1b/2_/3_ and the column shows 1a/1b/2/Ingen', async () => {
    const alle = await hent('tilsyn', {
      kolonner: 'virksomhedskategori,antal',
      filter: standardFilter('tilsyn'),
    });
    const vist = alle.items.map((i) => i.virksomhedskategori);
    expect(vist).toContain('Ingen');
    expect(vist).toContain('2');
    const to = await hent('tilsyn', {
      kolonner: 'virksomhedskategori,antal',
      filter: standardFilter('tilsyn', 'virksomhedskategori:equals(2_|3_)'),
    });
    expect(to.items.map((i) => i.virksomhedskategori).sort()).toEqual(['2', 'Ingen']);
    const fejl = await rapport('tilsyn', {
      filter: standardFilter('tilsyn', 'virksomhedskategori:equals(Ingen)'),
    });
    expect(fejl.statusCode).toBe(400);
  });

  it("a lookup column's filter takes the lookup's names and nothing else", async () => {
    const navne = await hent('tilsyn', { kolonner: 'tilsynstype,antal', filter: standardFilter('tilsyn') });
    const navn = String(navne.items[0]!.tilsynstype);
    const en = await hent('tilsyn', {
      kolonner: 'tilsynstype,antal',
      filter: standardFilter('tilsyn', `tilsynstype:equals(${escapeVaerdi(navn.toUpperCase())})`),
    });
    expect(en.items.map((i) => i.tilsynstype)).toEqual([navn]);
    const r = await rapport('tilsyn', {
      filter: standardFilter('tilsyn', 'tilsynstype:equals(Findes ikke)'),
    });
    expect(r.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(r).errors.filter?.join(' ')).toMatch(
      /ikke en af værdierne/,
    );
  });

  it('brugerbetaling: hours and amounts summed per fee type equal the table', async () => {
    const svar = await hent('brugerbetaling', { kolonner: 'gebyrtype,timer,beloeb,antal' });
    const rows = await direkte<{ g: string; timer: number | null; beloeb: number | null; n: number }>(
      sql`select r.data->>'gebyrtype' as g, sum((r.data->>'timer')::float8) as timer,
            sum((r.data->>'beloeb')::float8) as beloeb, count(*)::int as n
          from registrering r join virksomhed v on v.id = r.virksomhed_id
          where r.kunde_id = ${skive} and r.art = 'brugerbetaling' and not r.slettet and not v.slettet
            and v.type in (1, 2)
          group by 1`,
    );
    expect(svar.items).toHaveLength(rows.length);
    for (const r of rows) {
      const i = svar.items.find((x) => x.gebyrtype === r.g)!;
      expect(i.antal).toBe(Number(r.n));
      expect(Number(i.timer ?? 0)).toBeCloseTo(Number(r.timer ?? 0), 6);
      expect(Number(i.beloeb ?? 0)).toBeCloseTo(Number(r.beloeb ?? 0), 6);
    }
  });

  it('beholdere, olietank and pladser split the storage records by type; capacities sum as the table', async () => {
    const rows = await direkte<{ t: number; kap: number; n: number }>(
      sql`select (r.data->>'beholdertypeId')::int as t, sum((r.data->>'kapacitet')::float8) as kap, count(*)::int as n
          from registrering r join virksomhed v on v.id = r.virksomhed_id
          where r.kunde_id = ${skive} and r.art = 'opbevaringslager' and not r.slettet and not v.slettet
            and v.type in (1, 2)
          group by 1`,
    );
    const af = (ids: number[]) => rows.filter((r) => ids.includes(Number(r.t)));
    const sum = (rs: typeof rows, f: 'kap' | 'n') => rs.reduce((s, r) => s + Number(r[f]), 0);
    for (const [navn, ids] of [
      ['beholdere', [1, 2, 4]],
      ['olietank', [6, 7]],
      ['pladser', [3, 5]],
    ] as const) {
      const svar = await hent(navn, { kolonner: 'kapacitet,antal' });
      expect(svar.items).toHaveLength(1);
      expect(svar.items[0]!.antal, navn).toBe(sum(af([...ids]), 'n'));
      expect(Number(svar.items[0]!.kapacitet)).toBeCloseTo(sum(af([...ids]), 'kap'), 6);
    }
    // Container control: overdue means the next control lies before today.
    const kontrol = await hent('beholderkontrol', {
      kolonner: 'naesteKontrol,kontrolstatus',
      filter: 'kontrolstatus:equals(Overskredet|Kommende)',
      take: 500,
    });
    const iDag = new Date().toISOString().slice(0, 10);
    for (const i of kontrol.items) {
      expect(i.naesteKontrol).not.toBeNull();
      expect(i.kontrolstatus).toBe(String(i.naesteKontrol) < iDag ? 'Overskredet' : 'Kommende');
    }
  });

  it('vandtilladelse: permitted quantities summed per status equal the permits table', async () => {
    const svar = await hent('vandtilladelse', {
      kolonner: 'gaeldendeTilladelse,vandmaengdeM3Aar,antal',
      take: 10,
    });
    const rows = await direkte<{ slut: string | null; tilbagekaldt: boolean | null; m: number }>(
      sql`select r.data->>'slutdato' as slut, (r.data->>'tilbagekaldt')::boolean as tilbagekaldt,
            (r.data->>'vandmaengdeM3Aar')::float8 as m
          from registrering r join virksomhed a on a.id = r.virksomhed_id
          where r.kunde_id = ${skive} and r.art = 'VandanlaegTilladelse' and not r.slettet and not a.slettet`,
    );
    expect(rows.some((r) => r.tilbagekaldt)).toBe(false);
    const iDag = new Date().toISOString().slice(0, 10);
    const gaeldende = rows.filter((r) => r.slut === null || r.slut >= iDag);
    const g = svar.items.find((i) => i.gaeldendeTilladelse === 'Gældende')!;
    expect(g.antal).toBe(gaeldende.length);
    expect(Number(g.vandmaengdeM3Aar)).toBeCloseTo(
      gaeldende.reduce((s, r) => s + Number(r.m), 0),
      6,
    );
    expect(svar.items.reduce((s, i) => s + Number(i.antal), 0)).toBe(rows.length);
    // One row per permit and borehole it covers.
    const boringer = await hent('vandtilladelseboring', { kolonner: 'antal' });
    const [n] = await direkte<{ n: number }>(
      sql`select coalesce(sum(jsonb_array_length(r.data->'boringIds')), 0)::int as n
          from registrering r join virksomhed a on a.id = r.virksomhed_id
          where r.kunde_id = ${skive} and r.art = 'VandanlaegTilladelse' and not r.slettet and not a.slettet`,
    );
    expect(boringer.items[0]!.antal).toBe(Number(n!.n));
  });

  it('vandforsyningsfordeling: supply quantities summed per kind equal the approved supply lines', async () => {
    const svar = await hent('vandforsyningsfordeling', {
      kolonner: 'forsyningsartNavn,sumForsyningsartMaengde,modtagerAntal,antal',
    });
    // By default the water reports count approved data only (issue 29).
    const rows = await direkte<{ art: number; m: number; modt: number; n: number }>(
      sql`select (f->>'jupiterForsyningsartId')::int as art, sum((f->>'maengde')::float8) as m,
            sum((f->>'modtagerAntal')::int) as modt, count(*)::int as n
          from oppumpet_maengde m join virksomhed a on a.id = m.vandanlaeg_id,
            jsonb_array_elements(m.forsyning) f
          where m.kunde_id = ${skive} and m.indtag_id is null and m.status = 1 and not a.slettet
          group by 1 order by 1`,
    );
    expect(svar.items).toHaveLength(rows.length);
    expect(svar.items.map((i) => i.antal).sort()).toEqual(rows.map((r) => Number(r.n)).sort());
    const total = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    expect(total(svar.items.map((i) => Number(i.sumForsyningsartMaengde)))).toBeCloseTo(
      total(rows.map((r) => Number(r.m))),
      6,
    );
    expect(total(svar.items.map((i) => Number(i.modtagerAntal)))).toBe(
      total(rows.map((r) => Number(r.modt))),
    );
  });

  it('a year filter (between, equals, open ends, empty range) keeps exactly the rows of those years', async () => {
    // The year columns are filtered as a range of the date they come from (motor.ts aarAf): the
    // groups must be the unfiltered groups of the same years.
    const medAar = RAPPORT_NAVNE.filter((n) => RAPPORTER[n].kolonner.some((k) => k.navn === 'aarstal'));
    expect(medAar.length).toBeGreaterThanOrEqual(5);
    for (const navn of medAar) {
      const params = (ekstra?: string) => ({
        kolonner: 'aarstal,antal',
        take: 500,
        filter: standardFilter(navn, ekstra),
      });
      // A row without a date has no year (null): no year filter keeps it.
      const alle = (await hent(navn, params())).items
        .filter((i) => i.aarstal !== null)
        .map((i) => [Number(i.aarstal), Number(i.antal)] as const);
      const aar = alle.map(([a]) => a).sort((a, b) => a - b);
      if (aar.length === 0) continue;
      const [foerste, sidste] = [aar[0]!, aar[aar.length - 1]!];
      const midt = aar[Math.floor(aar.length / 2)]!;
      const tilfaelde: [string, (a: number) => boolean][] = [
        [`aarstal:between(${midt}|${sidste})`, (a) => a >= midt && a <= sidste],
        [`aarstal:between(|${midt})`, (a) => a <= midt],
        [`aarstal:between(${midt}|)`, (a) => a >= midt],
        [`aarstal:between(${midt}|${midt})`, (a) => a === midt],
        [`aarstal:equals(${foerste}|${sidste})`, (a) => a === foerste || a === sidste],
        [`aarstal:between(${sidste + 1}|${sidste + 5})`, () => false],
      ];
      for (const [filter, med] of tilfaelde) {
        const fundet = (await hent(navn, params(filter))).items.map(
          (i) => [Number(i.aarstal), Number(i.antal)] as const,
        );
        expect(fundet, `${navn} ${filter}`).toEqual(alle.filter(([a]) => med(a)));
      }
    }
  });

  it('vandtilsyn and vandhaandhaevelse count per year as the records table', async () => {
    for (const [navn, art, aarAf] of [
      ['vandtilsyn', 'VandanlaegTilsyn', sql`coalesce(r.dato, (r.data->>'planlagtDato')::date)`],
      ['vandhaandhaevelse', 'VandanlaegHaandhaevelse', sql`r.dato`],
    ] as const) {
      const svar = await hent(navn, { kolonner: 'aarstal,antal', take: 500 });
      const rows = await direkte<{ aar: number; n: number }>(
        sql`select extract(year from ${aarAf})::int as aar, count(*)::int as n
            from registrering r join virksomhed a on a.id = r.virksomhed_id
            where r.kunde_id = ${skive} and r.art = ${art} and not r.slettet and not a.slettet
            group by 1 order by 1 desc`,
      );
      expect(svar.items.map((i) => [i.aarstal, i.antal])).toEqual(rows.map((r) => [r.aar, Number(r.n)]));
    }
  });

  it('vandanlaegkontaktpersoner: active contacts by default; a removed contact is Inaktiv', async () => {
    const aktive = await hent('vandanlaegkontaktpersoner', {
      kolonner: 'antal',
      filter: standardFilter('vandanlaegkontaktpersoner'),
    });
    const [n] = await direkte<{ n: number }>(
      sql`select count(*)::int as n from kontaktperson k join virksomhed a on a.id = k.virksomhed_id
          where k.kunde_id = ${skive} and a.type = 3 and not a.slettet and not k.slettet`,
    );
    expect(aktive.items[0]!.antal).toBe(Number(n!.n));
    const [k] = await direkte<{ id: number; navn: string }>(
      sql`select k.id, k.navn from kontaktperson k join virksomhed a on a.id = k.virksomhed_id
          where k.kunde_id = ${skive} and a.type = 3 and not k.slettet order by k.id limit 1`,
    );
    await direkte(sql`update kontaktperson set slettet = true where id = ${k!.id}`);
    try {
      const inaktive = await hent('vandanlaegkontaktpersoner', {
        kolonner: 'navn,kontaktTypeAktiv',
        filter: 'kontakttypeaktiv:equals(Inaktiv)',
      });
      expect(inaktive.items).toEqual([{ navn: k!.navn, kontaktTypeAktiv: 'Inaktiv' }]);
    } finally {
      await direkte(sql`update kontaktperson set slettet = false where id = ${k!.id}`);
    }
  });
});
