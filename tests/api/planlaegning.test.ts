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
import { queryRows } from '../../src/server/db/client';
import { FYSISK_ID, TILSYNSKATEGORI_ID } from '../../src/server/routes/planlaegning-generer';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/**
 * A constructed customer (Herning, 657): every seeded company there is taken out of the regular
 * inspection (kategori 'Ingen'), then companies with known categories, scores and last basis years
 * are added, and the 2027 plan (a year without seeded inspections) is generated and checked
 * against the rules by hand.
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
      basis?: number[];
      score?: number;
      etablering?: string;
      ophoert?: string;
      slettet?: boolean;
      type?: 1 | 2;
    } = {},
  ) {
    const [r] = await rows<{ id: number }>(
      sql`insert into virksomhed (kunde_id, type, navn, kategori, etablerings_dato, ophoert_dato, slettet, primaer_sagsbehandler_id)
        values (${herning}, ${opts.type ?? 1}, ${navn}, ${kategori}, ${opts.etablering ?? '2000-01-01'}, ${opts.ophoert ?? null},
          ${opts.slettet ?? false}, ${adminId})
        returning id`,
    );
    const id = Number(r!.id);
    ids[navn] = id;
    for (const aar of opts.basis ?? []) await tilsyn(id, `${aar}-05-01`, TILSYNSKATEGORI_ID.BASIS, true);
    if (opts.score !== undefined)
      await rows(
        sql`insert into registrering (kunde_id, virksomhed_id, art, titel, dato, data)
          values (${herning}, ${id}, 'risikovurdering', 'Risikovurdering', '2026-05-01',
            ${JSON.stringify({ score: opts.score })}::jsonb)`,
      );
    return id;
  }
  async function tilsyn(virksomhedId: number, dato: string, kategoriId: number, fysisk: boolean) {
    await rows(
      sql`insert into registrering (kunde_id, virksomhed_id, art, titel, dato, data)
        values (${herning}, ${virksomhedId}, 'tilsyn', 'Tilsyn', ${dato},
          ${JSON.stringify({ tilsynskategoriId: kategoriId, tilsynstypeId: fysisk ? FYSISK_ID : FYSISK_ID + 1 })}::jsonb)`,
    );
  }
  const perioder = async (kundeId: number, user: string) => {
    const r = await req('GET', `PlanlaegningsPeriode/planlaegningYears/${kundeId}`, user);
    expect(r.statusCode, r.body).toBe(200);
    return (json(r) as unknown[]).map((p) => planlaegningsperiodeSchema.parse(p));
  };
  const generer = async (p: Planlaegningsperiode) => {
    const r = await req('POST', `planlaegning/${p.id}/generer`, 'admin', { version: p.version });
    expect(r.statusCode, r.body).toBe(200);
    return genererSvarSchema.parse(json(r));
  };
  const plan = async () =>
    rows<{ virksomhed_id: number; tilsynstype: string; begrundelse: string; prioritet: number | null }>(
      sql`select virksomhed_id, tilsynstype, begrundelse, prioritet from planlagt_tilsyn where periode_id = ${p2027.id} order by id`,
    );
  const typeAf = async (navn: string) =>
    (await plan()).filter((r) => Number(r.virksomhed_id) === ids[navn]).map((r) => r.tilsynstype);

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
    // Category 1a (4): a yearly, an every-second-year, a basis-only and an overdue basis.
    await virksomhed('A 1a høj', '1a', { basis: [2025], score: 80 }); // 4,2 > 3,6
    await virksomhed('B 1a mellem', '1a', { basis: [2025], score: 60 }); // 3,4: 2027 − 2025 = 2
    await virksomhed('C 1a lav', '1a', { basis: [2025], score: 45 }); // 2,8: basis only
    await virksomhed('D 1a basis', '1a', { basis: [2021, 2024] }); // due 2027
    // Category 1b (2): one due, one not.
    await virksomhed('E 1b basis', '1b', { basis: [2024] });
    await virksomhed('F 1b', '1b', { basis: [2026], score: 50 });
    // Category 2 (13): two basis (one overdue, one never inspected and covered long ago), a new one.
    await virksomhed('G01 2 basis', '2', { basis: [2021] });
    await virksomhed('G02 2 ny', '2', { etablering: '2026-02-01' }); // first basis by 2029
    await virksomhed('G03 2 aldrig', '2', { etablering: '2019-03-01' });
    for (let i = 4; i <= 12; i++)
      await virksomhed(`G${String(i).padStart(2, '0')} 2`, '2', {
        basis: [2025],
        score: 10 + (i - 4) * 5,
        type: 2,
      });
    await virksomhed('J 2 ophører 2027', '2', { basis: [2025], ophoert: '2027-03-01' });
    // Not in the plan: ceased before the year, deleted, not under regular inspection.
    await virksomhed('H ophørt', '1a', { basis: [2020], ophoert: '2026-06-01' });
    await virksomhed('I slettet', '1a', { basis: [2020], slettet: true });
    await virksomhed('K ingen', 'Ingen', {});
    // A complaint inspection is no basis (only basis restarts the period): G01 stays due.
    await tilsyn(ids['G01 2 basis']!, '2025-04-01', TILSYNSKATEGORI_ID.PRIORITERET + 100, true);
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
    });
  });

  describe('generating by the rules', () => {
    let svar: GenererSvar;
    beforeAll(async () => {
      svar = await generer(p2027);
    });

    it('counts agree with the rules on the constructed companies', () => {
      expect(svar.antal).toEqual([
        { kategori: '1a', basis: 1, prioriteret: 2, kampagne: 0, fysisk: 3 },
        { kategori: '1b', basis: 1, prioriteret: 0, kampagne: 0, fysisk: 1 },
        // 13 cat. 2: 25 % = 4 physical; 2 basis + the two highest scores.
        { kategori: '2', basis: 2, prioriteret: 2, kampagne: 0, fysisk: 4 },
      ]);
      expect(svar.periode.planGenereret).not.toBeNull();
      expect(svar.beholdtUdfoerte).toBe(0);
      expect(svar.erstattede).toBe(0);
    });

    it('plans each company by its rule, with the reason in words', async () => {
      expect(await typeAf('A 1a høj')).toEqual(['prioriteret']);
      expect(await typeAf('B 1a mellem')).toEqual(['prioriteret']);
      expect(await typeAf('C 1a lav')).toEqual([]);
      expect(await typeAf('D 1a basis')).toEqual(['basis']);
      expect(await typeAf('E 1b basis')).toEqual(['basis']);
      expect(await typeAf('F 1b')).toEqual([]);
      expect(await typeAf('G01 2 basis')).toEqual(['basis']);
      expect(await typeAf('G02 2 ny')).toEqual([]);
      expect(await typeAf('G03 2 aldrig')).toEqual(['basis']);
      expect(await typeAf('G12 2')).toEqual(['prioriteret']);
      expect(await typeAf('G11 2')).toEqual(['prioriteret']);
      expect(await typeAf('G10 2')).toEqual([]);
      for (const n of ['H ophørt', 'I slettet', 'K ingen']) expect(await typeAf(n)).toEqual([]);
      const begrundelse = (navn: string) =>
        plan().then((p) => p.find((r) => Number(r.virksomhed_id) === ids[navn])!.begrundelse);
      expect(await begrundelse('A 1a høj')).toBe('1a, score 4,2 > 3,6: prioriteret hvert år');
      expect(await begrundelse('B 1a mellem')).toBe(
        '1a, score 3,4 (over 2,8, højst 3,6): prioriteret hvert andet år',
      );
      expect(await begrundelse('D 1a basis')).toBe('1a, basistilsyn hvert 3. år: sidste basistilsyn 2024');
      expect(await begrundelse('G01 2 basis')).toBe('2, basistilsyn hvert 6. år: sidste basistilsyn 2021');
      expect(await begrundelse('G03 2 aldrig')).toBe(
        '2, første basistilsyn inden for 3 år efter 2019 (forfaldt 2022)',
      );
      expect(await begrundelse('G12 2')).toBe(
        '2, score 3,0: prioriteret fra toppen af listen (nr. 1) for at nå 25 % fysiske tilsyn (4 krævet)',
      );
    });

    it('the overview counts per category and pages the plan with the Kategori filter', async () => {
      const r = await req(
        'GET',
        `planlaegning/${p2027.id}/oversigt?take=3&sortByColumn=virksomhedsnavn`,
        'admin',
      );
      expect(r.statusCode, r.body).toBe(200);
      const o = oversigtSchema.parse(json(r));
      expect(o.planlagte.totalCount).toBe(8);
      expect(o.planlagte.items.map((i) => i.virksomhedsnavn)).toEqual([
        'A 1a høj',
        'B 1a mellem',
        'D 1a basis',
      ]);
      expect(o.planlagte.items[0]).toMatchObject({
        type: 'virksomhed',
        timer: 6,
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
        kraevetFysisk: 4,
        udfoertFysisk: 0,
        udfoertPlanlagte: 0,
      });
      const f = await req('GET', `planlaegning/${p2027.id}/oversigt?filteredColumns=kategori:2_`, 'admin');
      expect(json(f).planlagte.totalCount).toBe(4);
      const ingen = await req(
        'GET',
        `planlaegning/${p2027.id}/oversigt?filteredColumns=kategori:3_`,
        'admin',
      );
      expect(json(ingen).planlagte.totalCount).toBe(0);
      const landbrug = await req(
        'GET',
        `planlaegning/${p2027.id}/oversigt?filteredColumns=type:landbrug`,
        'admin',
      );
      expect(
        json(landbrug).planlagte.items.map((i: { virksomhedsnavn: string }) => i.virksomhedsnavn),
      ).toEqual(['G11 2', 'G12 2']);
    });

    it('regenerating keeps done rows, replaces the rest and never duplicates', async () => {
      // D's basis inspection is done in March; F gets an unplanned physical one; an administrative one does not count.
      await tilsyn(ids['D 1a basis']!, '2027-03-01', TILSYNSKATEGORI_ID.BASIS, true);
      await tilsyn(ids['F 1b']!, '2027-04-01', TILSYNSKATEGORI_ID.PRIORITERET, true);
      await tilsyn(ids['A 1a høj']!, '2027-04-02', TILSYNSKATEGORI_ID.PRIORITERET, false);
      const [dFoer] = await rows<{ id: number }>(
        sql`select id from planlagt_tilsyn where periode_id = ${p2027.id} and virksomhed_id = ${ids['D 1a basis']!}`,
      );
      const [p] = (await perioder(herning, 'admin')).filter((x) => x.id === p2027.id);
      const igen = await generer(p!);
      expect(igen.beholdtUdfoerte).toBe(1);
      expect(igen.erstattede).toBe(7);
      expect(igen.antal).toEqual(svar.antal);
      const [dEfter] = await rows<{ id: number; udfoert_registrering_id: number | null }>(
        sql`select id, udfoert_registrering_id from planlagt_tilsyn where periode_id = ${p2027.id} and virksomhed_id = ${ids['D 1a basis']!}`,
      );
      expect(dEfter!.id).toBe(dFoer!.id);
      expect(dEfter!.udfoert_registrering_id).not.toBeNull();
      const [dubletter] = await rows<{ n: number }>(
        sql`select count(*)::int as n from (select virksomhed_id from planlagt_tilsyn where periode_id = ${p2027.id}
          group by virksomhed_id having count(*) > 1) d`,
      );
      expect(dubletter!.n).toBe(0);
      const o = oversigtSchema.parse(json(await req('GET', `planlaegning/${p2027.id}/oversigt`, 'admin')));
      expect(o.kategorier.find((k) => k.kategori === '1a')).toMatchObject({
        udfoertFysisk: 1,
        udfoertPlanlagte: 1,
      });
      expect(o.kategorier.find((k) => k.kategori === '1b')).toMatchObject({
        udfoertFysisk: 1,
        udfoertPlanlagte: 0,
      });
      expect(o.periode.antalUdfoerte).toBe(1);
      const udfoert = await req(
        'GET',
        `planlaegning/${p2027.id}/oversigt?filteredColumns=udfoert:true`,
        'admin',
      );
      expect(json(udfoert).planlagte.items.map((i: { udfoert: string }) => i.udfoert)).toEqual([
        '2027-03-01',
      ]);
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
        'B 1a mellem',
        'D 1a basis',
        'E 1b basis',
      ]);
      expect(l.raekker.map((r) => r.prioritet)).toEqual([1, 2, null, null]);
      expect((await liste('1b')).raekker.map((r) => r.virksomhedsnavn)).toEqual(['E 1b basis']);
      const to = await liste('2_');
      expect(to.raekker.map((r) => r.virksomhedsnavn).slice(0, 2)).toEqual(['G12 2', 'G11 2']);
    });

    it('choosing renumbers from 1 in the order chosen; others lose their number', async () => {
      const l = await liste();
      const id = (navn: string) => l.raekker.find((r) => r.virksomhedsnavn === navn)!.id;
      const r = await req('PUT', `planlaegning/${p2027.id}/prioritering`, 'admin', {
        kategori: '1a1b',
        valgte: [id('E 1b basis'), id('B 1a mellem')],
        version: l.version,
      });
      expect(r.statusCode, r.body).toBe(200);
      const ny = json(r) as { raekker: PrioriteringRaekke[]; version: number };
      const nr = Object.fromEntries(ny.raekker.map((x) => [x.virksomhedsnavn, [x.valgt, x.prioritet]]));
      expect(nr).toEqual({
        'A 1a høj': [false, null],
        'B 1a mellem': [true, 2],
        'D 1a basis': [false, null],
        'E 1b basis': [true, 1],
      });
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
      // 4 basis × 8 t + 4 prioriteret × 6 t (every constructed company has admin as case worker).
      expect(a).toMatchObject({
        antalPlanlagte: 8,
        planlagteTimer: 56,
        timerTilRaadighed: STANDARD_TIMER_TIL_RAADIGHED,
        version: 0,
      });
      const foerste = await req('PUT', `planlaegning/${p2027.id}/ressourcer/${adminId}`, 'admin', {
        timerTilRaadighed: 900.5,
        version: 0,
      });
      expect(foerste.statusCode, foerste.body).toBe(200);
      expect(json(foerste)).toMatchObject({ timerTilRaadighed: 900.5, planlagteTimer: 56 });
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
