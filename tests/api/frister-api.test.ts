import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DmaRaekke, FristRaekke } from '../../src/contract/frister';
import { dmaFrist, rapportFrist, tilsynetsFrister } from '../../src/contract/frister-regler';
import { queryRows } from '../../src/server/db/client';
import { ANKER_TILSYN_TITEL } from '../../src/server/db/seed/frister';
import { producerNotifikationer } from '../../src/server/frister/notifikationer';
import { idsAf, tilsynsFakta } from '../../src/server/frister/tilsynsfakta';
import { createDmaSimulator, DMA_STANDARD_FEJL, type DmaSimulator } from '../../src/server/integrations/dma';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = <T>(r: { body: string }): T => JSON.parse(r.body) as T;
type Side = { totalCount: number; items: FristRaekke[] };

describe.each(dbTargets())('frister (%s)', (target) => {
  let t: TestApp;
  let dma: DmaSimulator;
  const tok: Record<string, string> = {};
  let ankerId: number;
  /** The server's clock: the system's, unless a test sets the case's day. */
  let nu: Date | null = null;
  const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
  const req = (method: 'GET' | 'POST', url: string, user: string, payload?: unknown) =>
    t.kald(method, `/api/${url}`, tok[user], payload);

  beforeAll(async () => {
    dma = createDmaSimulator();
    t = await createTestApp(target, { DMA_TIMEOUT_MS: '200' }, () => nu ?? new Date(), {
      integrations: { dma },
    });
    for (const u of ['virksomhed', 'laeser', 'vand', 'admin', 'landbrug', 'oekonomi'])
      tok[u] = await t.tokenFor(u);
    const [a] = await rows<{ id: number }>(
      sql`select id from registrering where titel = ${ANKER_TILSYN_TITEL} and dato = '2025-03-15'`,
    );
    ankerId = Number(a!.id);
  });
  afterAll(async () => t?.close());

  describe('opfølgning', () => {
    it("shows the anchor's report and DMA deadlines for the inspection on 15-03-2025", async () => {
      const r = await req('GET', 'frister/opfoelgning?filter=rapport%20afventer', 'virksomhed');
      expect(r.statusCode).toBe(200);
      const side = json<Side>(r);
      const tekster = side.items.map((i) => i.tekst);
      expect(tekster).toContain('Rapport til virksomhed senest 15-05-2025');
      expect(tekster).toContain('Offentliggør på DMA senest 15-07-2025');
      const rapport = side.items.find((i) => i.art === 'rapport')!;
      expect(rapport.frist).toBe('2025-05-15');
      expect(rapport.status).toBe('overskredet');
      expect(rapport.dageTilbage).toBeLessThan(0);
      expect(rapport.sti).toMatch(new RegExp(`^/virksomheder/\\d+/tilsyn/${ankerId}$`));
    });

    it('moves the statutory deadlines to the next working day and clamps to the month end', async () => {
      await t.database.db.execute(
        sql`insert into registrering (kunde_id, virksomhed_id, art, titel, dato, data)
          select kunde_id, virksomhed_id, 'tilsyn', x.titel, x.dato::date, data
          from registrering, (values ('Fristtest påske', '2025-02-18'), ('Fristtest nytår', '2024-12-31')) x(titel, dato)
          where id = ${ankerId}`,
      );
      const side = json<Side>(await req('GET', 'frister/opfoelgning?filter=Fristtest&take=10', 'virksomhed'));
      const frist = (art: string) =>
        side.items
          .filter((i) => i.art === art)
          .map((i) => i.frist)
          .sort();
      // 18-02-2025 + 2 months = Good Friday 18-04-2025 → Tuesday 22-04-2025 (after Easter Monday).
      // 31-12-2024 + 2 months = 28-02-2025 (a Friday); + 4 months = 30-04-2025, but a December
      // inspection is on DMA by the yearly confirmation, Tuesday 01-04-2025 (issue 29).
      expect(frist('rapport')).toEqual(['2025-02-28', '2025-04-22']);
      expect(frist('dma')).toEqual(['2025-04-01', '2025-06-18']);
    });

    it('filters by kind and overdue, sorts by deadline and pages in SQL', async () => {
      const r = await req(
        'GET',
        'frister/opfoelgning?filteredColumns=art:dma&filteredColumns=status:overskredet&take=20',
        'virksomhed',
      );
      const side = json<Side>(r);
      expect(side.totalCount).toBeGreaterThan(0);
      expect(side.items.length).toBeLessThanOrEqual(20);
      expect(side.items.every((i) => i.art === 'dma' && i.status === 'overskredet' && !i.opfyldt)).toBe(true);
      const frister = side.items.map((i) => i.frist);
      expect([...frister].sort()).toEqual(frister);
      const side2 = json<Side>(
        await req(
          'GET',
          'frister/opfoelgning?filteredColumns=art:dma&filteredColumns=status:overskredet&take=20&start=20',
          'virksomhed',
        ),
      );
      const noegler = new Set(side.items.map((i) => i.noegle));
      expect(side2.items.some((i) => noegler.has(i.noegle))).toBe(false);
    });

    it('hides met deadlines unless asked, and limits rows to the types the user may read', async () => {
      const uden = json<Side>(await req('GET', 'frister/opfoelgning?take=500', 'virksomhed'));
      expect(uden.items.every((i) => !i.opfyldt)).toBe(true);
      const med = json<Side>(await req('GET', 'frister/opfoelgning?visOpfyldte=true&take=500', 'virksomhed'));
      expect(med.totalCount).toBeGreaterThan(uden.totalCount);
      expect(med.items.some((i) => i.opfyldt)).toBe(true);
      // A company caseworker sees no water plant or farm rows; a plant caseworker only plants.
      expect(med.items.every((i) => i.art === 'aarlig' || i.sti?.startsWith('/virksomheder/'))).toBe(true);
      const vand = json<Side>(await req('GET', 'frister/opfoelgning?take=500&visOpfyldte=true', 'vand'));
      expect(vand.items.every((i) => i.art === 'aarlig' || i.sti?.startsWith('/vandanlaeg/'))).toBe(true);
      expect(vand.items.some((i) => i.art === 'aarlig' && i.tekst.includes('Jupiter'))).toBe(true);
      expect(vand.items.some((i) => i.tekst.startsWith('Årlig bekræftelse'))).toBe(false);
    });

    it('narrows to a case worker (the yearly dates stay) and refuses bad input in Danish', async () => {
      const mig = await t.brugerId('virksomhed');
      const side = json<Side>(
        await req('GET', `frister/opfoelgning?filteredColumns=sagsbehandler:${mig}&take=500`, 'virksomhed'),
      );
      expect(side.items.every((i) => i.art === 'aarlig' || i.sagsbehandlerId === mig)).toBe(true);
      const bad = await req('GET', 'frister/opfoelgning?filteredColumns=art:ukendt&take=0', 'virksomhed');
      expect(bad.statusCode).toBe(400);
      const body = json<{ errors: Record<string, string[]> }>(bad);
      expect(Object.values(body.errors).flat().join(' ')).toMatch(/Ugyldigt kolonnefilter|take skal være/);
      expect((await req('GET', 'frister/opfoelgning', 'oekonomi')).statusCode).toBe(403);
    });
  });

  describe('DMA status', () => {
    it('lists rows that cannot be published first, with the missing field', async () => {
      const r = await req('GET', 'frister/dmastatus', 'virksomhed');
      expect(r.statusCode).toBe(200);
      const { raekker } = json<{ raekker: DmaRaekke[] }>(r);
      const forste = raekker.findIndex((x) => x.status !== 'kanIkke');
      expect(forste).toBeGreaterThan(0);
      expect(raekker.slice(0, forste).every((x) => x.mangler.length > 0)).toBe(true);
      expect(raekker.slice(forste).every((x) => x.status !== 'kanIkke')).toBe(true);
      expect(raekker.flatMap((x) => x.mangler)).toEqual(expect.arrayContaining(['Hovedaktivitet']));
      expect(raekker.some((x) => x.status === 'Fejl' && x.fejlTekst)).toBe(true);
      expect(raekker.find((x) => x.tilsynId === ankerId)?.status).toBe('afventer');
      expect((await req('GET', 'frister/dmastatus', 'vand')).statusCode).toBe(403);
    });

    it('answers a refusal (fejl), an unanswered call (timeout) and a publication (ok)', async () => {
      const antal = async () =>
        Number(
          (
            await rows<{ n: number }>(
              sql`select count(*)::int as n from dma_indberetning where registrering_id = ${ankerId}`,
            )
          )[0]!.n,
        );
      dma.saetTilstand('fejl');
      let r = await req('POST', 'frister/dmastatus/send', 'virksomhed', { tilsynIds: [ankerId] });
      expect(r.statusCode).toBe(200);
      expect(json<{ resultater: unknown[] }>(r).resultater).toEqual([
        { tilsynId: ankerId, status: 'Fejl', besked: DMA_STANDARD_FEJL.aarsag },
      ]);
      expect(await antal()).toBe(1);

      dma.saetTilstand('timeout');
      r = await req('POST', 'frister/dmastatus/send', 'virksomhed', { tilsynIds: [ankerId] });
      expect(json<{ resultater: { status: string; besked: string }[] }>(r).resultater[0]).toMatchObject({
        status: 'Fejl',
        besked: 'DMA svarede ikke i tide',
      });
      expect(await antal()).toBe(2);

      dma.saetTilstand('ok');
      r = await req('POST', 'frister/dmastatus/send', 'virksomhed', { tilsynIds: [ankerId] });
      expect(json<{ resultater: { status: string }[] }>(r).resultater[0]!.status).toBe('OK');
      const [rec] = await rows<{ fil: string }>(
        sql`select data->>'filIDMA' as fil from registrering where id = ${ankerId}`,
      );
      expect(rec!.fil).toBe('true');
      const log = await rows<{ notat: string }>(
        sql`select l.notat from logbog l join registrering r on r.virksomhed_id = l.virksomhed_id
            where r.id = ${ankerId} and l.notat like '%DMA%' order by l.id`,
      );
      expect(log.map((l) => l.notat).join('\n')).toMatch(
        /ikke offentliggjort på DMA[\s\S]*er offentliggjort på DMA/,
      );
      const status = json<{ raekker: DmaRaekke[] }>(await req('GET', 'frister/dmastatus', 'virksomhed'));
      expect(status.raekker.find((x) => x.tilsynId === ankerId)).toMatchObject({
        status: 'OK',
        antalForsoeg: 3,
      });
      const liste = json<Side>(
        await req('GET', 'frister/opfoelgning?filter=rapport%20afventer', 'virksomhed'),
      );
      expect(liste.items.map((i) => i.art)).toEqual(['rapport']);
    });

    it('does not send a row lacking master data; readers and other customers cannot send', async () => {
      const { raekker } = json<{ raekker: DmaRaekke[] }>(await req('GET', 'frister/dmastatus', 'virksomhed'));
      const kanIkke = raekker.find((x) => x.status === 'kanIkke')!;
      const r = await req('POST', 'frister/dmastatus/send', 'virksomhed', { tilsynIds: [kanIkke.tilsynId] });
      expect(json<{ resultater: { status: string; besked: string }[] }>(r).resultater[0]).toMatchObject({
        status: 'kanIkke',
        besked: expect.stringContaining(kanIkke.mangler[0]!),
      });
      expect(
        (await req('POST', 'frister/dmastatus/send', 'laeser', { tilsynIds: [ankerId] })).statusCode,
      ).toBe(403);
      const [andet] = await rows<{ id: number }>(
        sql`select r.id from registrering r join kunde k on k.id = r.kunde_id
            where r.art = 'tilsyn' and k.kunde_nr <> 779 and r.dato is not null limit 1`,
      );
      expect(
        (await req('POST', 'frister/dmastatus/send', 'virksomhed', { tilsynIds: [Number(andet!.id)] }))
          .statusCode,
      ).toBe(404);
      expect((await req('POST', 'frister/dmastatus/send', 'virksomhed', { tilsynIds: [] })).statusCode).toBe(
        400,
      );
    });
  });

  describe('Jupiter status', () => {
    it('groups the latest reports by error type and retries selected plants', async () => {
      // The test scale seeds no Jupiter history: three plants get one (two refused, one accepted).
      await t.database.db.execute(
        sql`insert into jupiter_indberetning (kunde_id, vandanlaeg_id, sendt, status, fejl_type_kode, fejl_type_tekst, element_status)
          select v.kunde_id, v.id, now() - interval '3 days', x.status, x.kode, x.tekst, x.elementer::jsonb
          from (select id, kunde_id, row_number() over (order by id) as n from virksomhed
                where type = 3 and not slettet and kunde_id = (select id from kunde where kunde_nr = 779)) v
          join (values
            (1, 'Fejl', 'KOORDINATFEJL', 'Koordinat ligger uden for Danmark', '[{"element":"Anlæg","felt":"koordinat","status":"Fejl","besked":"Uden for Danmark"}]'),
            (2, 'Fejl', 'VALIDERINGSFEJL', 'Manglende obligatoriske felter', '[{"element":"Anlæg","felt":"jupiterVandtypeId","status":"Fejl","besked":"Vandtype skal angives"}]'),
            (3, 'OK', null, null, '[]')
          ) as x(n, status, kode, tekst, elementer) on x.n = v.n`,
      );
      const r = await req('GET', 'frister/jupiterstatus', 'vand');
      expect(r.statusCode).toBe(200);
      const s = json<{
        grupper: { fejlTypeKode: string | null; antal: number }[];
        raekker: { vandanlaegId: number; status: string }[];
      }>(r);
      expect(s.grupper.filter((g) => g.fejlTypeKode !== null).length).toBeGreaterThanOrEqual(2);
      expect(s.grupper.reduce((n, g) => n + g.antal, 0)).toBe(s.raekker.length);
      const fejl = s.raekker.filter((x) => x.status === 'Fejl').slice(0, 2);
      const foer = await rows<{ n: number }>(sql`select count(*)::int as n from jupiter_indberetning`);
      const igen = await req('POST', 'frister/jupiterstatus/igen', 'vand', {
        vandanlaegIds: fejl.map((f) => f.vandanlaegId),
      });
      expect(igen.statusCode).toBe(200);
      const res = json<{ resultater: { vandanlaegId: number; status: string; besked: string | null }[] }>(
        igen,
      );
      expect(res.resultater.map((x) => x.vandanlaegId)).toEqual(fejl.map((f) => f.vandanlaegId));
      for (const x of res.resultater) {
        if (x.status === 'OK') expect(x.besked).toBeNull();
        else expect(x.besked).toMatch(/\S/);
      }
      const efter = await rows<{ n: number }>(sql`select count(*)::int as n from jupiter_indberetning`);
      // A plant not ready for Jupiter is refused before sending (no row); the others get one each.
      const sendt = res.resultater.filter((x) => !x.besked?.startsWith('Vandanlægget er ikke klar')).length;
      expect(Number(efter[0]!.n) - Number(foer[0]!.n)).toBe(sendt);
      expect(
        (
          await req('POST', 'frister/jupiterstatus/igen', 'laeser', {
            vandanlaegIds: [fejl[0]!.vandanlaegId],
          })
        ).statusCode,
      ).toBe(403);
      const [andet] = await rows<{ id: number }>(
        sql`select v.id from virksomhed v join kunde k on k.id = v.kunde_id
            where v.type = 3 and k.kunde_nr <> 779 limit 1`,
      );
      expect(
        (await req('POST', 'frister/jupiterstatus/igen', 'vand', { vandanlaegIds: [Number(andet!.id)] }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('notifications', () => {
    it('produces each state once and keeps read marks per user', async () => {
      const skive = await t.kundeId(779);
      const antalRaekker = async () =>
        Number(
          (
            await rows<{ n: number }>(
              sql`select count(*)::int as n from notifikation where kunde_id = ${skive} and noegle is not null`,
            )
          )[0]!.n,
        );
      await producerNotifikationer(t.database.db, skive, new Date());
      const efterFoerste = await antalRaekker();
      expect(efterFoerste).toBeGreaterThanOrEqual(2);
      await producerNotifikationer(t.database.db, skive, new Date());
      expect(await antalRaekker()).toBe(efterFoerste);

      const liste = json<{ id: number; notifikationType: number; link: string | null; laest: boolean }[]>(
        await req('GET', 'notification/list', 'virksomhed'),
      );
      const produceret = liste.find((n) => n.link === '/frister/dmastatus')!;
      expect(produceret.notifikationType).toBe(1);
      const { ulaeste } = json<{ ulaeste: number }>(await req('GET', 'notification/antal', 'virksomhed'));
      expect(ulaeste).toBe(liste.filter((n) => !n.laest).length);
      const r = await req('POST', 'notification/laest', 'virksomhed', { ids: [produceret.id] });
      expect(json<{ ulaeste: number }>(r).ulaeste).toBe(ulaeste - 1);
      const igen = json<{ id: number; laest: boolean }[]>(
        await req('GET', 'notification/list', 'virksomhed'),
      );
      expect(igen.find((n) => n.id === produceret.id)?.laest).toBe(true);
      // Another user's marks are their own.
      const admin = json<{ id: number; laest: boolean }[]>(await req('GET', 'notification/list', 'admin'));
      expect(admin.find((n) => n.id === produceret.id)?.laest).toBe(false);
      const alle = await req('POST', 'notification/laest', 'virksomhed', {});
      expect(json<{ ulaeste: number }>(alle).ulaeste).toBe(0);
      // Another customer's notification is not found.
      const [andet] = await rows<{ id: number }>(
        sql`select id from notifikation where kunde_id <> ${skive} and type = 1 limit 1`,
      );
      expect(
        (await req('POST', 'notification/laest', 'virksomhed', { ids: [Number(andet!.id)] })).statusCode,
      ).toBe(404);
    });
  });

  describe('deadlines by the rules (issue 29)', () => {
    const typeId = (kode: string) => Number(idsAf('dmalookup/tilsynsTyper', [kode])[0]);
    const kategoriId = (kode: string) => Number(idsAf('dmalookup/tilsynsKategorier', [kode])[0]);
    /** An inspection of `virksomhedId` in Skive, dated and typed as the case needs. */
    const nytTilsyn = async (
      virksomhedId: number,
      titel: string,
      dato: string,
      data: Record<string, unknown>,
      art = 'tilsyn',
    ) => {
      const [r] = await rows<{ id: number }>(
        sql`insert into registrering (kunde_id, virksomhed_id, art, titel, dato, data)
          values (${await t.kundeId(779)}, ${virksomhedId}, ${art}, ${titel}, ${dato}::date, ${JSON.stringify(data)}::jsonb)
          returning id`,
      );
      return Number(r!.id);
    };
    const fysisk = { tilsynstypeId: typeId('FYSISK'), tilsynskategoriId: kategoriId('BASIS') };
    const ankerVirksomhed = async () =>
      Number(
        (
          await rows<{ id: number }>(sql`select virksomhed_id as id from registrering where id = ${ankerId}`)
        )[0]!.id,
      );
    const raekker = async (query: string, user = 'virksomhed') =>
      json<Side>(await req('GET', `frister/opfoelgning?${query}`, user)).items.map((i) => ({
        tekst: i.tekst,
        frist: i.frist,
        dageTilbage: i.dageTilbage,
        status: i.status,
      }));
    const efterTekst = <T extends { tekst: string }>(a: T[]) =>
      [...a].sort((x, y) => x.tekst.localeCompare(y.tekst));

    afterEach(() => {
      nu = null;
    });

    it('tilsynetsFrister: on 28-11-2026 an inspection of 15-09-2026 has its report and DMA deadlines only where the order puts them', async () => {
      nu = new Date('2026-11-28T11:00:00Z');
      const anker = await ankerVirksomhed();
      const skive = await t.kundeId(779);
      const udenfor = await t.forsteVirksomhed(
        skive,
        1,
        sql`coalesce(basis->>'omfattetAfAktivtTilsyn', 'false') <> 'true'`,
      );
      const anlaeg = await t.forsteVirksomhed(skive, 3);
      await nytTilsyn(anker, 'Regeltest fysisk', '2026-09-15', fysisk);
      await nytTilsyn(anker, 'Regeltest administrativt', '2026-09-15', {
        tilsynstypeId: typeId('ADMINISTRATIVT'),
        tilsynskategoriId: kategoriId('PRIORITERET'),
      });
      const oevrigt = await nytTilsyn(anker, 'Regeltest øvrigt', '2026-09-15', {
        ...fysisk,
        tilsynskategoriId: kategoriId('OEVRIGE'),
      });
      await nytTilsyn(udenfor.id, 'Regeltest uden for regelmæssigt tilsyn', '2026-09-15', fysisk);
      await nytTilsyn(anlaeg.id, 'Regeltest vandanlæg', '2026-09-15', {}, 'VandanlaegTilsyn');

      // By hand: 15-09-2026 + 2 months = Sunday 15-11-2026 → Monday 16-11-2026, 12 days ago;
      // + 4 months = Friday 15-01-2027, 48 days on (2 left of November, 31 of December, 15).
      expect(efterTekst(await raekker('filter=Regeltest&take=50'))).toEqual([
        {
          tekst: 'Indberet tilsynet til DMA senest 15-01-2027',
          frist: '2027-01-15',
          dageTilbage: 48,
          status: 'god tid',
        },
        {
          tekst: 'Offentliggør på DMA senest 15-01-2027',
          frist: '2027-01-15',
          dageTilbage: 48,
          status: 'god tid',
        },
        {
          tekst: 'Rapport til virksomhed senest 16-11-2026',
          frist: '2026-11-16',
          dageTilbage: -12,
          status: 'overskredet',
        },
      ]);
      // The water plant's inspection has none of the order's deadlines.
      expect(await raekker('filter=Regeltest&take=50', 'vand')).toEqual([]);
      // The DMA status shows the øvrigt tilsyn without a deadline.
      const dmaStatus = json<{ raekker: DmaRaekke[] }>(await req('GET', 'frister/dmastatus', 'virksomhed'));
      expect(dmaStatus.raekker.find((r) => r.tilsynId === oevrigt)?.dmaFrist).toBeNull();
      expect(dmaStatus.raekker.find((r) => r.tilsynTitel === 'Regeltest fysisk')?.dmaFrist).toBe(
        '2027-01-15',
      );
    });

    it('lukkedage: report deadlines on 05-06-2026, 24-12-2026 and 31-12-2026 move to 08-06-2026, 28-12-2026 and 04-01-2027', async () => {
      nu = new Date('2026-11-28T11:00:00Z');
      const anker = await ankerVirksomhed();
      await nytTilsyn(anker, 'Lukkedagstest grundlovsdag', '2026-04-05', fysisk);
      await nytTilsyn(anker, 'Lukkedagstest juleaften', '2026-10-24', fysisk);
      await nytTilsyn(anker, 'Lukkedagstest nytårsaften', '2026-10-31', fysisk);
      await nytTilsyn(anker, 'Lukkedagstest december', '2026-12-15', fysisk);
      const alle = await raekker('filter=Lukkedagstest&take=50');
      const frister = (start: string) =>
        alle
          .filter((r) => r.tekst.startsWith(start))
          .map((r) => r.frist)
          .sort();
      // 05-04 + 2 months = Friday 05-06 (Grundlovsdag) → Monday 08-06-2026; 24-10 + 2 = Thursday 24-12,
      // then Christmas and a Sunday → Monday 28-12-2026; 31-10 + 2 = Thursday 31-12, then New Year's
      // Day and a weekend → Monday 04-01-2027; 15-12 + 2 = Monday 15-02-2027.
      expect(frister('Rapport')).toEqual(['2026-06-08', '2026-12-28', '2027-01-04', '2027-02-15']);
      expect(alle.map((r) => r.tekst)).toContain('Rapport til virksomhed senest 08-06-2026');
      // DMA: 05-04 + 4 = Wednesday 05-08-2026; 24-10 + 4 = Wednesday 24-02-2027; 31-10 + 4 = 28-02-2027
      // (no 31st), a Sunday → 01-03-2027; 15-12 + 4 = 15-04-2027, after the confirmation of 01-04-2027.
      expect(frister('Offentliggør')).toEqual(['2026-08-05', '2027-02-24', '2027-03-01', '2027-04-01']);
    });

    it("brugerbetaling: on 28-11-2026 the invoicing row reads 'senest 30-11-2026', 2 days left, Snart", async () => {
      nu = new Date('2026-11-28T11:00:00Z');
      const rad = async () =>
        (await raekker('filteredColumns=art:aarlig&take=50')).find((r) => r.tekst.startsWith('Fakturering'));
      expect(await rad()).toEqual({
        tekst: 'Fakturering af brugerbetaling for afregningsåret 1. november–31. oktober senest 30-11-2026',
        frist: '2026-11-30',
        dageTilbage: 2,
        status: 'snart',
      });
      // 23:30 UTC is already Sunday 29-11-2026 in Denmark: 1 day left.
      nu = new Date('2026-11-28T23:30:00Z');
      expect((await rad())?.dageTilbage).toBe(1);
      // In December the next settlement year's: Tuesday 30-11-2027.
      nu = new Date('2026-12-01T11:00:00Z');
      expect((await rad())?.frist).toBe('2027-11-30');
    });

    it('the SQL applies the rules: every inspection of the customer has exactly the rows and dates they give', async () => {
      nu = new Date('2026-11-28T11:00:00Z');
      const liste = new Map<string, string>();
      for (let start = 0; ; start += 500) {
        const side = json<Side>(
          await req(
            'GET',
            `frister/opfoelgning?visOpfyldte=true&filteredColumns=art:rapport%7Cdma&take=500&start=${start}`,
            'laeser',
          ),
        );
        for (const i of side.items) liste.set(i.noegle, i.frist);
        if (start + 500 >= side.totalCount) break;
      }
      const tilsyn = await rows<{
        id: number;
        dato: string;
        type: number;
        basis: Record<string, unknown>;
        data: Record<string, unknown>;
      }>(
        sql`select r.id, r.dato::text as dato, v.type, v.basis, r.data
          from registrering r join virksomhed v on v.id = r.virksomhed_id and not v.slettet
          where r.kunde_id = ${await t.kundeId(779)} and r.art = 'tilsyn' and not r.slettet
            and r.dato is not null and v.type in (1, 2)`,
      );
      const forventet = new Map<string, string>();
      for (const r of tilsyn) {
        const f = tilsynetsFrister(tilsynsFakta(Number(r.type), r.basis, r.data));
        if (f.rapport) forventet.set(`rapport:${r.id}`, rapportFrist(r.dato));
        if (f.dma) forventet.set(`dma:${r.id}`, dmaFrist(r.dato));
      }
      expect(forventet.size).toBeGreaterThan(50);
      expect(liste).toEqual(forventet);
    });
  });
});
