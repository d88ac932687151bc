import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GenererSvar,
  genererSvarSchema,
  oversigtSchema,
  type Planlaegningsperiode,
  type PrioriteringRaekke,
  planlaegningsperiodeSchema,
} from '../../src/contract/planlaegning';
import { STANDARD_TIMER_TIL_RAADIGHED } from '../../src/contract/tilsynsplan-regler';
import { LOOKUP_KATALOG } from '../../src/server/catalog/lookups';
import { queryRows } from '../../src/server/db/client';
import { FYSISK_ID, TILSYNSKATEGORI_ID } from '../../src/server/planlaegning/generer';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/**
 * A constructed customer (Herning, 657): every seeded company there is taken out of the regular
 * inspection (kategori 'Ingen'), then companies with known categories, scores, physical and
 * administrative basis years and dates of coming under regular inspection are added, and the 2027 plan
 * (a year without seeded inspections) is generated and checked against the rules computed by hand
 * (docs/decisions.md, 'Planning by the order (issue 29)').
 */
describe.each(dbTargets())('yearly planning on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let skive: number;
  let herning: number;
  let adminId: number;
  let p2027: Planlaegningsperiode;
  const ids: Record<string, number> = {};

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, user ? tok[user] : undefined, body);
  const rows = <T>(q: SQL) => queryRows<T>(t.database.db, q);

  async function virksomhed(
    navn: string,
    kategori: string,
    opts: {
      /** Years of physical basis inspections (1 May). */
      basis?: number[];
      /** Years of administrative inspections recorded as basis (1 June). */
      adminBasis?: number[];
      /** The total risk score (1–5) of an assessment of 1 May 2026. */
      score?: number;
      /** 'Omfattet af aktivt tilsyn fra' (default 2000-01-01); null: not under regular inspection. */
      omfattet?: string | null;
      etablering?: string;
      ophoert?: string;
      slettet?: boolean;
      type?: 1 | 2;
    } = {},
  ) {
    const omfattet = opts.omfattet === undefined ? '2000-01-01' : opts.omfattet;
    const basis = { omfattetAfAktivtTilsyn: omfattet !== null, omfattetAfAktivtTilsynDato: omfattet };
    const [r] = await rows<{ id: number }>(
      sql`insert into virksomhed (kunde_id, type, navn, kategori, etablerings_dato, ophoert_dato, slettet, primaer_sagsbehandler_id, basis)
        values (${herning}, ${opts.type ?? 1}, ${navn}, ${kategori}, ${opts.etablering ?? '2000-01-01'}, ${opts.ophoert ?? null},
          ${opts.slettet ?? false}, ${adminId}, ${JSON.stringify(basis)}::jsonb)
        returning id`,
    );
    const id = Number(r!.id);
    ids[navn] = id;
    for (const aar of opts.basis ?? []) await tilsyn(id, `${aar}-05-01`, TILSYNSKATEGORI_ID.BASIS, true);
    for (const aar of opts.adminBasis ?? [])
      await tilsyn(id, `${aar}-06-01`, TILSYNSKATEGORI_ID.BASIS, false);
    if (opts.score !== undefined) await risikovurdering(id, { score: opts.score });
    return id;
  }
  async function risikovurdering(virksomhedId: number, data: Record<string, unknown>) {
    const [r] = await rows<{ id: number }>(
      sql`insert into registrering (kunde_id, virksomhed_id, art, titel, dato, data)
        values (${herning}, ${virksomhedId}, 'risikovurdering', 'Risikovurdering', '2026-05-01',
          ${JSON.stringify(data)}::jsonb)
        returning id`,
    );
    return Number(r!.id);
  }
  async function tilsyn(
    virksomhedId: number,
    dato: string | null,
    kategoriId: number,
    fysisk: boolean,
    mere = {},
  ) {
    await rows(
      sql`insert into registrering (kunde_id, virksomhed_id, art, titel, dato, data)
        values (${herning}, ${virksomhedId}, 'tilsyn', 'Tilsyn', ${dato},
          ${JSON.stringify({ tilsynskategoriId: kategoriId, tilsynstypeId: fysisk ? FYSISK_ID : FYSISK_ID + 1, ...mere })}::jsonb)`,
    );
  }
  const perioder = async (kundeId: number, user: string) => {
    const r = await req('GET', `PlanlaegningsPeriode/planlaegningYears/${kundeId}`, user);
    expect(r.statusCode, r.body).toBe(200);
    return (json(r) as unknown[]).map((p) => planlaegningsperiodeSchema.parse(p));
  };
  const periode2027 = async () => (await perioder(herning, 'admin')).find((x) => x.id === p2027.id)!;
  const generer = async (p: Planlaegningsperiode) => {
    const r = await req('POST', `planlaegning/${p.id}/generer`, 'admin', { version: p.version });
    expect(r.statusCode, r.body).toBe(200);
    return genererSvarSchema.parse(json(r));
  };
  const oversigt = async (query = '') => {
    const r = await req('GET', `planlaegning/${p2027.id}/oversigt${query}`, 'admin');
    expect(r.statusCode, r.body).toBe(200);
    return oversigtSchema.parse(json(r));
  };
  const plan = async () =>
    rows<{
      virksomhed_id: number;
      tilsynstype: string;
      begrundelse: string;
      prioritet: number | null;
      score: number | null;
    }>(
      sql`select virksomhed_id, tilsynstype, begrundelse, prioritet, score from planlagt_tilsyn where periode_id = ${p2027.id} order by id`,
    );
  const raekkeAf = async (navn: string) => (await plan()).find((r) => Number(r.virksomhed_id) === ids[navn]);
  const typeAf = async (navn: string) =>
    (await plan()).filter((r) => Number(r.virksomhed_id) === ids[navn]).map((r) => r.tilsynstype);
  const begrundelse = async (navn: string) => (await raekkeAf(navn))!.begrundelse;

  beforeAll(async () => {
    t = await createTestApp(target, {}, () => new Date('2026-11-15T10:00:00Z'));
    skive = await t.kundeId(779);
    herning = await t.kundeId(657);
    tok.planlaegger = await t.tokenFor('planlaegger');
    tok.affald = await t.tokenFor('affald');
    tok.oekonomi = await t.tokenFor('oekonomi');
    tok.admin = await t.tokenFor('admin', 657);
    adminId = await t.brugerId('admin');
    await rows(sql`update virksomhed set kategori = 'Ingen' where kunde_id = ${herning}`);
    // Category 1a (6): the score alone decides a 1a company's prioritised inspections (> 3,6 every
    // year; > 2,8 every second year, here the second year after the 2025 basis; else basis only).
    await virksomhed('A 1a høj', '1a', { basis: [2025], score: 4.2 }); // every year
    // B's assessment was stored before issue 29 as 46 (0–100) and is moved by migration 0022 below:
    // 1 + 4 · 46 / 100 = 2,84 > 2,8: every second year, 2027 − 2025 = 2: prioritised. (The old
    // rounding to 2,8 gave basis only.)
    await virksomhed('B 1a 2,84', '1a', { basis: [2025] });
    const gammel = await risikovurdering(ids['B 1a 2,84']!, { score: 46, tilsynsfrekvensAar: 2 });
    const migration = readFileSync(path.resolve('drizzle/0022_tilsynsplan.sql'), 'utf8').split(
      '--> statement-breakpoint',
    )[0]!;
    await rows(sql.raw(migration.replace(`WHERE "art"`, `WHERE "id" = ${gammel} AND "art"`)));
    await virksomhed('C 1a 2,8', '1a', { basis: [2025], score: 2.8 }); // 2,8 is not over 2,8: basis only
    await virksomhed('L 1a 2,5', '1a', { basis: [2025], score: 2.5 });
    await virksomhed('M 1a 2,0', '1a', { basis: [2025], score: 2.0 });
    await virksomhed('N 1a 1,5', '1a', { basis: [2025], score: 1.5 });
    // Category 1b (6). E: last physical basis 2019, an administrative 'basis' in 2026 since: 2019 + 3 =
    // 2022, overdue (counting the administrative one gave 2029). F: never inspected, under regular
    // inspection from 2024 (established 2010): 2024 + 3 = 2027.
    await virksomhed('E 1b adm. basis', '1b', { basis: [2019], adminBasis: [2026] });
    await virksomhed('F 1b ny', '1b', { omfattet: '2024-03-01', etablering: '2010-01-01' });
    await virksomhed('G 1b 4,0', '1b', { basis: [2026], score: 4.0 });
    await virksomhed('H 1b 3,41', '1b', { basis: [2026] }); // its assessment is made through the API below
    await virksomhed('I 1b 2,0', '1b', { basis: [2026], score: 2.0 });
    await virksomhed('J 1b uden score', '1b', { basis: [2025] });
    // Category 2 (13 under regular inspection).
    await virksomhed('K01 2 basis', '2', { basis: [2021] }); // 2021 + 6 = 2027
    await virksomhed('K02 2 ny', '2', { omfattet: '2024-02-01', etablering: '2024-02-01' }); // by 2030
    await virksomhed('K03 2 aldrig', '2', { omfattet: '2019-03-01', etablering: '2019-03-01' }); // 2025: overdue
    for (let i = 4; i <= 12; i++)
      await virksomhed(`K${String(i).padStart(2, '0')} 2`, '2', {
        basis: [2025],
        score: Math.round((1.4 + (i - 4) * 0.2) * 100) / 100, // K04 1,40 … K11 2,80, K12 3,00
        type: 2,
      });
    await virksomhed('K13 2 ophører 2027', '2', { basis: [2025], ophoert: '2027-03-01' });
    // Not in the plan: not under regular inspection, ceased before the year, deleted, category Ingen.
    await virksomhed('K14 2 ikke omfattet', '2', { basis: [2019], omfattet: null });
    await virksomhed('X ophørt', '1a', { basis: [2020], ophoert: '2026-06-01' });
    await virksomhed('Y slettet', '1a', { basis: [2020], slettet: true });
    await virksomhed('Z ingen', 'Ingen', {});
    // A § 9 inspection is no basis (only a physical basis restarts the period): K01 stays due.
    await tilsyn(ids['K01 2 basis']!, '2025-04-01', TILSYNSKATEGORI_ID.BASIS + 100, true);
    p2027 = (await perioder(herning, 'admin')).find((p) => p.aar === 2027)!;
  });
  afterAll(async () => t?.close());

  describe('periods', () => {
    it('answers the customer periods newest first; the seeded 2026 plan is generated', async () => {
      const ps = await perioder(skive, 'planlaegger');
      expect(ps.map((p) => p.aar)).toEqual([2027, 2026, 2025]);
      const p2026 = ps.find((p) => p.aar === 2026)!;
      expect(p2026.planGenereret).not.toBeNull();
      expect(p2026.planGenereretAf).toBe('Pia Planlægger');
      const [n] = await rows<{ n: number }>(
        sql`select count(*)::int as n from planlagt_tilsyn where periode_id = ${p2026.id}`,
      );
      expect(p2026.antalPlanlagte).toBe(Number(n!.n));
      expect(p2026.antalPlanlagte).toBeGreaterThan(0);
      expect(ps.find((p) => p.aar === 2027)!.planGenereret).toBeNull();
      // Category 1's goal is a setting of the period, 40 % until changed (not confirmed).
      expect(ps.map((p) => p.kategori1Andel)).toEqual([40, 40, 40]);
    });
  });

  describe('the risk score on the guide’s scale', () => {
    it('migration 0022 moved a stored 0–100 score to 1–5 unrounded, nothing else', async () => {
      const [r] = await rows<{ data: Record<string, unknown> }>(
        sql`select data from registrering where virksomhed_id = ${ids['B 1a 2,84']!} and art = 'risikovurdering'`,
      );
      expect(r!.data).toEqual({ score: 2.84, tilsynsfrekvensAar: 2 });
    });

    it('an assessment from the parameters A–E: the total is checked against them and stored with two decimals', async () => {
      const h = ids['H 1b 3,41']!;
      const [type] = LOOKUP_KATALOG.get('dmalookup/risikoscoretype')!.filter((i) => i.aktiv);
      const ny = {
        titel: 'Risikovurdering 2026',
        risikoscoretypeId: type!.id,
        dato: '2026-05-01',
        // 0,2·5 + 0,3·3 + 0,165·3 + 0,165·1 + 0,17·5 = 1 + 0,9 + 0,495 + 0,165 + 0,85 = 3,41
        parameterA: '5',
        parameterB: '3',
        parameterC: '3',
        parameterD: '1',
        parameterE: '5',
      };
      const forkert = await req('POST', `virksomhed/${h}/risikovurdering`, 'admin', { ...ny, score: 3.4 });
      expect(forkert.statusCode, forkert.body).toBe(400);
      expect(json(forkert).errors.score).toEqual(['Den samlede risikoscore af parametrene A–E er 3,41']);
      const decimaler = await req('POST', `virksomhed/${h}/risikovurdering`, 'admin', {
        ...ny,
        score: 3.415,
      });
      expect(json(decimaler).errors.score).toEqual(['Højst 2 decimaler']);
      const gammelSkala = await req('POST', `virksomhed/${h}/risikovurdering`, 'admin', {
        ...ny,
        parameterA: null,
        parameterB: null,
        parameterC: null,
        parameterD: null,
        parameterE: null,
        score: 46,
      });
      expect(json(gammelSkala).errors.score).toEqual(['Må højst være 5']);
      const halv = await req('POST', `virksomhed/${h}/risikovurdering`, 'admin', {
        ...ny,
        parameterE: null,
        score: 3.41,
      });
      expect(json(halv).errors).toEqual({ parameterE: ['Angiv alle fem parametre A–E, eller ingen'] });
      const ok = await req('POST', `virksomhed/${h}/risikovurdering`, 'admin', { ...ny, score: 3.41 });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(json(ok)).toMatchObject({ score: 3.41, parameterA: '5', parameterE: '5' });
      const lookup = json(await req('GET', `miljoeRisikoVurdering/list/${h}/lookup`, 'admin')) as {
        navn: string;
      }[];
      expect(lookup[0]!.navn).toBe('Risikovurdering 2026 (01-05-2026 – score 3,41)');
    });
  });

  describe('generating by the rules', () => {
    let svar: GenererSvar;
    beforeAll(async () => {
      svar = await generer(p2027);
    });

    it('counts agree with the rules on the constructed companies', () => {
      // Category 1 (6 × 1a + 6 × 1b = 12): 40 % → ⌈4,8⌉ = 5 physical. A and B (1a by score), E and F
      // (1b basis) = 4; one more from the top of the 1b list: G (4,00). No 1a company is added.
      // Category 2 (13): 25 % → ⌈3,25⌉ = 4. K01 and K03 basis = 2; K12 (3,00) and K11 (2,80) from the top.
      expect(svar.antal).toEqual([
        { kategori: '1a', basis: 0, prioriteret: 2, kampagne: 0, fysisk: 2 },
        { kategori: '1b', basis: 2, prioriteret: 1, kampagne: 0, fysisk: 3 },
        { kategori: '2', basis: 2, prioriteret: 2, kampagne: 0, fysisk: 4 },
      ]);
      expect(svar.periode.planGenereret).not.toBeNull();
      expect(svar.beholdtUdfoerte).toBe(0);
      expect(svar.erstattede).toBe(0);
    });

    it('plans each company by its rule, with the reason naming the priority it shows', async () => {
      expect(await typeAf('A 1a høj')).toEqual(['prioriteret']);
      expect(await typeAf('B 1a 2,84')).toEqual(['prioriteret']);
      for (const n of ['C 1a 2,8', 'L 1a 2,5', 'M 1a 2,0', 'N 1a 1,5']) expect(await typeAf(n)).toEqual([]);
      expect(await typeAf('E 1b adm. basis')).toEqual(['basis']);
      expect(await typeAf('F 1b ny')).toEqual(['basis']);
      expect(await typeAf('G 1b 4,0')).toEqual(['prioriteret']);
      for (const n of ['H 1b 3,41', 'I 1b 2,0', 'J 1b uden score']) expect(await typeAf(n)).toEqual([]);
      expect(await typeAf('K01 2 basis')).toEqual(['basis']);
      expect(await typeAf('K02 2 ny')).toEqual([]);
      expect(await typeAf('K03 2 aldrig')).toEqual(['basis']);
      expect(await typeAf('K12 2')).toEqual(['prioriteret']);
      expect(await typeAf('K11 2')).toEqual(['prioriteret']);
      expect(await typeAf('K10 2')).toEqual([]);
      for (const n of ['K14 2 ikke omfattet', 'X ophørt', 'Y slettet', 'Z ingen'])
        expect(await typeAf(n)).toEqual([]);
      // The priority list 1a + 1b by score: A 4,20 → 1, G 4,00 → 2, B 2,84 → 3; category 2: K12 → 1, K11 → 2.
      expect((await raekkeAf('A 1a høj'))!).toMatchObject({ prioritet: 1, score: 4.2 });
      expect((await raekkeAf('B 1a 2,84'))!).toMatchObject({ prioritet: 3, score: 2.84 });
      expect(await begrundelse('A 1a høj')).toBe('1a, score 4,20 > 3,6: prioriteret hvert år (prioritet 1)');
      expect(await begrundelse('B 1a 2,84')).toBe(
        '1a, score 2,84 (over 2,8, højst 3,6): prioriteret hvert andet år (prioritet 3)',
      );
      expect(await begrundelse('G 1b 4,0')).toBe(
        '1b, score 4,00: prioriteret fra toppen af 1b-listen til årsmålet for kategori 1, 40 % fysisk = 5 (prioritet 2)',
      );
      expect(await begrundelse('E 1b adm. basis')).toBe(
        '1b, basistilsyn hvert 3. år: sidste fysiske basistilsyn 2019 (forfaldt 2022)',
      );
      expect(await begrundelse('F 1b ny')).toBe(
        '1b, første basistilsyn senest 3 år efter omfattet af regelmæssigt tilsyn i 2024',
      );
      expect(await begrundelse('K01 2 basis')).toBe(
        '2, basistilsyn hvert 6. år: sidste fysiske basistilsyn 2021',
      );
      expect(await begrundelse('K03 2 aldrig')).toBe(
        '2, første basistilsyn senest 6 år efter omfattet af regelmæssigt tilsyn i 2019 (forfaldt 2025)',
      );
      expect(await begrundelse('K12 2')).toBe(
        '2, score 3,00: prioriteret fra toppen af listen til årsmålet for kategori 2, 25 % fysisk = 4 (prioritet 1)',
      );
      expect((await raekkeAf('K11 2'))!.prioritet).toBe(2);
    });

    it('the overview: counts per category, the two goals, the campaign warning, and the plan paged with the Kategori filter', async () => {
      const o = await oversigt('?take=3&sortByColumn=virksomhedsnavn');
      expect(o.planlagte.totalCount).toBe(9);
      expect(o.planlagte.items.map((i) => i.virksomhedsnavn)).toEqual([
        'A 1a høj',
        'B 1a 2,84',
        'E 1b adm. basis',
      ]);
      expect(o.planlagte.items[0]).toMatchObject({
        type: 'virksomhed',
        timer: 6,
        prioritet: 1,
        sagsbehandlerId: adminId,
        udfoert: null,
      });
      expect(o.kategorier.find((k) => k.kategori === '2')).toEqual({
        kategori: '2',
        antalVirksomheder: 13,
        basis: 2,
        prioriteret: 2,
        kampagne: 0,
        planlagtFysisk: 4,
        udfoertFysisk: 0,
        udfoertPlanlagte: 0,
      });
      expect(o.maal).toEqual([
        {
          maal: '1',
          andel: 40,
          bekraeftet: false,
          antalVirksomheder: 12,
          planlagtFysisk: 5,
          kraevetFysisk: 5,
        },
        {
          maal: '2',
          andel: 25,
          bekraeftet: true,
          antalVirksomheder: 13,
          planlagtFysisk: 4,
          kraevetFysisk: 4,
        },
      ]);
      expect(o.advarsler).toEqual([
        'Der er ingen kampagnetilsyn i 2027: kommunen skal gennemføre 2 tilsynskampagner om året (miljøtilsynsbekendtgørelsen § 7).',
      ]);
      const f = await oversigt('?filteredColumns=kategori:2_');
      expect(f.planlagte.totalCount).toBe(4);
      expect((await oversigt('?filteredColumns=kategori:3_')).planlagte.totalCount).toBe(0);
      const landbrug = await oversigt('?filteredColumns=type:landbrug');
      expect(landbrug.planlagte.items.map((i) => i.virksomhedsnavn)).toEqual(['K11 2', 'K12 2']);
    });

    it('regenerating keeps done rows, replaces the rest and never duplicates', async () => {
      // E's basis inspection is done in March; I gets an unplanned physical one; an administrative one does not count.
      await tilsyn(ids['E 1b adm. basis']!, '2027-03-01', TILSYNSKATEGORI_ID.BASIS, true);
      await tilsyn(ids['I 1b 2,0']!, '2027-04-01', TILSYNSKATEGORI_ID.PRIORITERET, true);
      await tilsyn(ids['A 1a høj']!, '2027-04-02', TILSYNSKATEGORI_ID.PRIORITERET, false);
      const [eFoer] = await rows<{ id: number }>(
        sql`select id from planlagt_tilsyn where periode_id = ${p2027.id} and virksomhed_id = ${ids['E 1b adm. basis']!}`,
      );
      const igen = await generer(await periode2027());
      expect(igen.beholdtUdfoerte).toBe(1);
      expect(igen.erstattede).toBe(8);
      // E (done) still counts toward category 1's goal: the same plan.
      expect(igen.antal).toEqual(svar.antal);
      const [eEfter] = await rows<{ id: number; udfoert_registrering_id: number | null }>(
        sql`select id, udfoert_registrering_id from planlagt_tilsyn where periode_id = ${p2027.id} and virksomhed_id = ${ids['E 1b adm. basis']!}`,
      );
      expect(eEfter!.id).toBe(eFoer!.id);
      expect(eEfter!.udfoert_registrering_id).not.toBeNull();
      const [dubletter] = await rows<{ n: number }>(
        sql`select count(*)::int as n from (select virksomhed_id from planlagt_tilsyn where periode_id = ${p2027.id}
          group by virksomhed_id having count(*) > 1) d`,
      );
      expect(dubletter!.n).toBe(0);
      const o = await oversigt();
      expect(o.kategorier.find((k) => k.kategori === '1a')).toMatchObject({
        udfoertFysisk: 0,
        udfoertPlanlagte: 0,
      });
      expect(o.kategorier.find((k) => k.kategori === '1b')).toMatchObject({
        udfoertFysisk: 2,
        udfoertPlanlagte: 1,
      });
      expect(o.periode.antalUdfoerte).toBe(1);
      const udfoert = await oversigt('?filteredColumns=udfoert:true');
      expect(udfoert.planlagte.items.map((i) => i.udfoert)).toEqual(['2027-03-01']);
    });

    it('regenerating writes only what differs: unchanged rows keep their ids, a changed one is updated in place, one that left goes', async () => {
      type Raekke = { id: number; virksomhed_id: number; kategori: string; begrundelse: string };
      const plan = () =>
        rows<Raekke>(
          sql`select id, virksomhed_id, kategori, begrundelse from planlagt_tilsyn where periode_id = ${p2027.id} order by virksomhed_id`,
        );
      const foer = await plan();
      await generer(await periode2027());
      // Nothing changed: the same rows with the same ids (nothing was rewritten).
      expect(await plan()).toEqual(foer);

      // G moves to category 2 and F is deleted: G's row is updated in place (same id), F's goes.
      const g = ids['G 1b 4,0']!;
      const f = ids['F 1b ny']!;
      await rows(sql`update virksomhed set kategori = '2' where id = ${g}`);
      await rows(sql`update virksomhed set slettet = true where id = ${f}`);
      await generer(await periode2027());
      const efter = await plan();
      const gFoer = foer.find((r) => r.virksomhed_id === g)!;
      const gEfter = efter.find((r) => r.virksomhed_id === g)!;
      expect(gEfter.id).toBe(gFoer.id);
      expect([gFoer.kategori, gEfter.kategori]).toEqual(['1b', '2']);
      expect(efter.some((r) => r.virksomhed_id === f)).toBe(false);
      // Every other company's row is the same row.
      const andre = (l: Raekke[]) => l.filter((r) => r.virksomhed_id !== g && r.virksomhed_id !== f);
      const uaendrede = andre(efter).filter((r) => andre(foer).some((x) => x.id === r.id));
      expect(uaendrede.length).toBeGreaterThan(0);

      // Back as it was: the plan has every company again (F's row is a new one).
      await rows(sql`update virksomhed set kategori = '1b' where id = ${g}`);
      await rows(sql`update virksomhed set slettet = false where id = ${f}`);
      await generer(await periode2027());
      const igen = await plan();
      expect(igen.map(({ id: _, ...r }) => r)).toEqual(foer.map(({ id: _, ...r }) => r));
      expect(igen.find((r) => r.virksomhed_id === g)!.id).toBe(gFoer.id);
    });

    it('a stale period version answers 409 and changes nothing', async () => {
      const r = await req('POST', `planlaegning/${p2027.id}/generer`, 'admin', { version: p2027.version });
      expect(r.statusCode, r.body).toBe(409);
      expect(json(r).title ?? json(r).message).toMatch(/ændret af en anden/);
    });
  });

  describe('priority lists', () => {
    const liste = async (kategori?: string) => {
      const r = await req(
        'GET',
        `planlaegning/${p2027.id}/prioritering${kategori ? `?kategori=${kategori}` : ''}`,
        'admin',
      );
      expect(r.statusCode, r.body).toBe(200);
      return json(r) as { raekker: PrioriteringRaekke[]; version: number };
    };

    it('lists the planned rows highest score first, the generated prioritised ones numbered', async () => {
      const l = await liste();
      expect(l.raekker.map((r) => r.virksomhedsnavn)).toEqual([
        'A 1a høj',
        'G 1b 4,0',
        'B 1a 2,84',
        'E 1b adm. basis',
        'F 1b ny',
      ]);
      expect(l.raekker.map((r) => r.prioritet)).toEqual([1, 2, 3, null, null]);
      expect((await liste('1b')).raekker.map((r) => r.virksomhedsnavn)).toEqual([
        'G 1b 4,0',
        'E 1b adm. basis',
        'F 1b ny',
      ]);
      const to = await liste('2_');
      expect(to.raekker.map((r) => r.virksomhedsnavn).slice(0, 2)).toEqual(['K12 2', 'K11 2']);
    });

    it('choosing renumbers from 1 in the order chosen, others lose their number; the reasons follow', async () => {
      const l = await liste();
      const id = (navn: string) => l.raekker.find((r) => r.virksomhedsnavn === navn)!.id;
      const r = await req('PUT', `planlaegning/${p2027.id}/prioritering`, 'admin', {
        kategori: '1a1b',
        valgte: [id('F 1b ny'), id('B 1a 2,84')],
        version: l.version,
      });
      expect(r.statusCode, r.body).toBe(200);
      const ny = json(r) as { raekker: PrioriteringRaekke[]; version: number };
      const nr = Object.fromEntries(ny.raekker.map((x) => [x.virksomhedsnavn, [x.valgt, x.prioritet]]));
      expect(nr).toEqual({
        'A 1a høj': [false, null],
        'G 1b 4,0': [false, null],
        'B 1a 2,84': [true, 2],
        'E 1b adm. basis': [false, null],
        'F 1b ny': [true, 1],
      });
      const tekst = Object.fromEntries(ny.raekker.map((x) => [x.virksomhedsnavn, x.begrundelse]));
      expect(tekst['A 1a høj']).toBe('1a, score 4,20 > 3,6: prioriteret hvert år');
      expect(tekst['B 1a 2,84']).toBe(
        '1a, score 2,84 (over 2,8, højst 3,6): prioriteret hvert andet år (prioritet 2)',
      );
      expect(tekst['F 1b ny']).toBe(
        '1b, første basistilsyn senest 3 år efter omfattet af regelmæssigt tilsyn i 2024 (prioritet 1)',
      );
      // The category 2 list is untouched.
      expect((await liste('2')).raekker.filter((x) => x.valgt)).toHaveLength(2);
      // The old version is stale now; a row of the other list is refused in Danish.
      const gammel = await req('PUT', `planlaegning/${p2027.id}/prioritering`, 'admin', {
        kategori: '1a1b',
        valgte: [],
        version: l.version,
      });
      expect(gammel.statusCode).toBe(409);
      const to = await liste('2');
      const fremmed = await req('PUT', `planlaegning/${p2027.id}/prioritering`, 'admin', {
        kategori: '1a1b',
        valgte: [to.raekker[0]!.id],
        version: ny.version,
      });
      expect(fremmed.statusCode, fremmed.body).toBe(400);
      expect(json(fremmed).errors.valgte[0]).toMatch(/hører ikke til listen/);
    });
  });

  describe('resources', () => {
    it('planned hours per case worker against available hours (default, then stored and versioned)', async () => {
      const r = await req('GET', `planlaegning/${p2027.id}/ressourcer`, 'admin');
      expect(r.statusCode, r.body).toBe(200);
      const a = json(r).ressourcer.find((x: { brugerId: number }) => x.brugerId === adminId);
      // 4 basis × 8 t + 5 prioriteret × 6 t (every constructed company has admin as case worker).
      expect(a).toMatchObject({
        antalPlanlagte: 9,
        planlagteTimer: 62,
        timerTilRaadighed: STANDARD_TIMER_TIL_RAADIGHED,
        version: 0,
      });
      const foerste = await req('PUT', `planlaegning/${p2027.id}/ressourcer/${adminId}`, 'admin', {
        timerTilRaadighed: 900.5,
        version: 0,
      });
      expect(foerste.statusCode, foerste.body).toBe(200);
      expect(json(foerste)).toMatchObject({ timerTilRaadighed: 900.5, planlagteTimer: 62 });
      const igen = await req('PUT', `planlaegning/${p2027.id}/ressourcer/${adminId}`, 'admin', {
        timerTilRaadighed: 800,
        version: 0,
      });
      expect(igen.statusCode).toBe(409);
      const ret = await req('PUT', `planlaegning/${p2027.id}/ressourcer/${adminId}`, 'admin', {
        timerTilRaadighed: 800,
        version: json(foerste).version,
      });
      expect(ret.statusCode, ret.body).toBe(200);
      expect(json(ret).timerTilRaadighed).toBe(800);
      const halv = await req('PUT', `planlaegning/${p2027.id}/ressourcer/${adminId}`, 'admin', {
        timerTilRaadighed: 10.25,
        version: json(ret).version,
      });
      expect(halv.statusCode).toBe(400);
      // A user who is no case worker of the customer has no resources here.
      const fremmed = await t.brugerId('affald');
      const ukendt = await req('PUT', `planlaegning/${p2027.id}/ressourcer/${fremmed}`, 'admin', {
        timerTilRaadighed: 10,
        version: 0,
      });
      expect(ukendt.statusCode).toBe(404);
      expect(json(halv).errors.timerTilRaadighed).toEqual(['Timer angives i halve timer']);
    });
  });

  describe('the goal setting and the campaigns', () => {
    it('category 1’s share is the period’s: the required figure follows at once, the plan at its next generation', async () => {
      const p = await periode2027();
      for (const [andel, fejl] of [
        [40.5, 'Angiv andelen i hele procent'],
        [0, 'Andelen skal være mindst 1 %'],
        [101, 'Andelen kan højst være 100 %'],
        ['halvtreds', 'Angiv andelen i hele procent'],
      ] as const) {
        const r = await req('PUT', `planlaegning/${p.id}/maal`, 'admin', {
          kategori1Andel: andel,
          version: p.version,
        });
        expect(r.statusCode, r.body).toBe(400);
        expect(json(r).errors.kategori1Andel).toEqual([fejl]);
      }
      const r = await req('PUT', `planlaegning/${p.id}/maal`, 'admin', {
        kategori1Andel: 50,
        version: p.version,
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(json(r)).toMatchObject({ kategori1Andel: 50 });
      expect(json(r).version).toBeGreaterThan(p.version);
      const stale = await req('PUT', `planlaegning/${p.id}/maal`, 'admin', {
        kategori1Andel: 60,
        version: p.version,
      });
      expect(stale.statusCode).toBe(409);
      // 50 % of 12 = 6 required; 5 planned until the plan is generated again.
      expect((await oversigt()).maal[0]).toEqual({
        maal: '1',
        andel: 50,
        bekraeftet: false,
        antalVirksomheder: 12,
        planlagtFysisk: 5,
        kraevetFysisk: 6,
      });
      const igen = await generer(await periode2027());
      // E (done, kept) + A + B + F = 4; G (4,00) and H (3,41, its assessment from the API) fill to 6.
      expect(igen.antal[1]).toEqual({ kategori: '1b', basis: 2, prioriteret: 2, kampagne: 0, fysisk: 4 });
      expect(await begrundelse('H 1b 3,41')).toBe(
        '1b, score 3,41: prioriteret fra toppen af 1b-listen til årsmålet for kategori 1, 50 % fysisk = 6 (prioritet 3)',
      );
      // A 4,20 → 1, G 4,00 → 2, H 3,41 → 3, B 2,84 → 4.
      expect(await begrundelse('B 1a 2,84')).toBe(
        '1a, score 2,84 (over 2,8, højst 3,6): prioriteret hvert andet år (prioritet 4)',
      );
      expect((await oversigt()).maal[0]).toMatchObject({ planlagtFysisk: 6, kraevetFysisk: 6 });
    });

    it('the warning about campaigns goes when the year has a campaign inspection (planned to start in it)', async () => {
      expect((await oversigt()).advarsler).toHaveLength(1);
      await tilsyn(ids['K10 2']!, null, TILSYNSKATEGORI_ID.KAMPAGNE, true, { planlagtStart: '2027-05-03' });
      expect((await oversigt()).advarsler).toEqual([]);
    });
  });

  describe('economic follow-up', () => {
    it('creates, lists, edits (409 when stale) and deletes rows with integer øre', async () => {
      const ny = {
        periodeId: p2027.id,
        tekst: 'Tilsyn med virksomheder',
        planlagteTimer: 100.5,
        registreredeTimer: 20,
        faktureredeTimer: 10,
        planlagtBeloebOere: 7_155_600,
        faktureretBeloebOere: 712_000,
        bemaerkning: 'Første kvartal',
      };
      const c = await req('POST', 'aarsplanlaegning/opfoelgningOekonomiData', 'oekonomi', {
        ...ny,
        periodeId: (await perioder(skive, 'planlaegger')).find((p) => p.aar === 2027)!.id,
      });
      expect(c.statusCode, c.body).toBe(201);
      const raekke = json(c);
      expect(raekke).toMatchObject({ planlagteTimer: 100.5, planlagtBeloebOere: 7_155_600 });
      const liste = await req(
        'GET',
        `aarsplanlaegning/opfoelgningOekonomiData/list/${raekke.periodeId}`,
        'planlaegger',
      );
      expect(json(liste).map((r: { id: number }) => r.id)).toContain(raekke.id);
      const u = await req('PUT', `aarsplanlaegning/opfoelgningOekonomiData/${raekke.id}`, 'planlaegger', {
        ...ny,
        registreredeTimer: 30,
        version: raekke.version,
      });
      expect(u.statusCode, u.body).toBe(200);
      expect(json(u).registreredeTimer).toBe(30);
      const stale = await req('PUT', `aarsplanlaegning/opfoelgningOekonomiData/${raekke.id}`, 'planlaegger', {
        ...ny,
        version: raekke.version,
      });
      expect(stale.statusCode).toBe(409);
      const uden = await req(
        'DELETE',
        `aarsplanlaegning/opfoelgningOekonomiData/${raekke.id}`,
        'planlaegger',
      );
      expect(uden.statusCode).toBe(400);
      const d = await req(
        'DELETE',
        `aarsplanlaegning/opfoelgningOekonomiData/${raekke.id}?version=${json(u).version}`,
        'planlaegger',
      );
      expect(d.statusCode, d.body).toBe(204);
      const efter = await req(
        'GET',
        `aarsplanlaegning/opfoelgningOekonomiData/list/${raekke.periodeId}`,
        'planlaegger',
      );
      expect(json(efter).map((r: { id: number }) => r.id)).not.toContain(raekke.id);
      const igen = await req(
        'DELETE',
        `aarsplanlaegning/opfoelgningOekonomiData/${raekke.id}?version=${json(u).version}`,
        'planlaegger',
      );
      expect(igen.statusCode).toBe(404);
    });

    it('refuses bad amounts in Danish', async () => {
      const r = await req('POST', 'aarsplanlaegning/opfoelgningOekonomiData', 'planlaegger', {
        periodeId: p2027.id,
        tekst: '',
        planlagteTimer: 1.25,
        registreredeTimer: 0,
        faktureredeTimer: 0,
        planlagtBeloebOere: 10.5,
        faktureretBeloebOere: -1,
      });
      expect(r.statusCode, r.body).toBe(400);
      const e = json(r).errors;
      expect(e.tekst).toEqual(['Feltet er påkrævet']);
      expect(e.planlagteTimer).toEqual(['Timer angives i halve timer']);
      expect(e.planlagtBeloebOere).toEqual(['Beløbet angives i hele øre']);
      expect(e.faktureretBeloebOere).toEqual(['Må ikke være negativ']);
    });
  });

  describe('access and bad input', () => {
    it('the planner reads; a user without the rights gets 403; another customer period 404', async () => {
      expect((await req('GET', `PlanlaegningsPeriode/planlaegningYears/${skive}`, 'affald')).statusCode).toBe(
        403,
      );
      expect(
        (await req('GET', `PlanlaegningsPeriode/planlaegningYears/${herning}`, 'planlaegger')).statusCode,
      ).toBe(404);
      expect((await req('GET', `planlaegning/${p2027.id}/oversigt`, 'planlaegger')).statusCode).toBe(404);
      // The period-level records (resources, follow-up rows) of another customer's period: 404 as well.
      expect((await req('GET', `planlaegning/${p2027.id}/ressourcer`, 'planlaegger')).statusCode).toBe(404);
      expect(
        (
          await req('PUT', `planlaegning/${p2027.id}/ressourcer/${adminId}`, 'planlaegger', {
            timerTilRaadighed: 10,
            version: 0,
          })
        ).statusCode,
      ).toBe(404);
      const fremmedRaekke = await req('POST', 'aarsplanlaegning/opfoelgningOekonomiData', 'planlaegger', {
        periodeId: p2027.id,
        tekst: 'Fremmed periode',
        planlagteTimer: 0,
        registreredeTimer: 0,
        faktureredeTimer: 0,
        planlagtBeloebOere: 0,
        faktureretBeloebOere: 0,
      });
      expect(fremmedRaekke.statusCode, fremmedRaekke.body).toBe(404);
      expect(
        (await req('GET', `aarsplanlaegning/opfoelgningOekonomiData/list/${p2027.id}`, 'oekonomi'))
          .statusCode,
      ).toBe(404);
      // The economy administrator has the follow-up, not the plan.
      const egen = (await perioder(skive, 'planlaegger'))[0]!;
      expect((await req('GET', `planlaegning/${egen.id}/oversigt`, 'oekonomi')).statusCode).toBe(403);
      expect(
        (await req('GET', `aarsplanlaegning/opfoelgningOekonomiData/list/${egen.id}`, 'oekonomi')).statusCode,
      ).toBe(200);
      expect((await req('GET', `planlaegning/${egen.id}/oversigt`, 'planlaegger')).statusCode).toBe(200);
    });

    it('bad input answers 400 in Danish', async () => {
      const uden = await req('POST', `planlaegning/${p2027.id}/generer`, 'admin', {});
      expect(uden.statusCode).toBe(400);
      expect(json(uden).errors.version[0]).toMatch(/version skal sendes med/);
      const filter = await req(
        'GET',
        `planlaegning/${p2027.id}/oversigt?filteredColumns=kategori:4`,
        'admin',
      );
      expect(filter.statusCode).toBe(400);
      expect(JSON.stringify(json(filter).errors)).toMatch(/Ugyldigt kolonnefilter/);
      const kat = await req('GET', `planlaegning/${p2027.id}/prioritering?kategori=3`, 'admin');
      expect(kat.statusCode).toBe(400);
      expect(json(kat).errors.kategori).toEqual(['Kategori skal være 1a, 1b eller 2']);
      expect((await req('GET', 'planlaegning/abc/oversigt', 'admin')).statusCode).toBe(400);
    });
  });
});
