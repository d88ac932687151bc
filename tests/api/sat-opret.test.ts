import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAT_RAEKKETYPE } from '../../src/contract/entitet';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import { type OpretFraCvrSvar, satVirksomhedSchema } from '../../src/contract/sat';
import type { Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/client';
import { CvrSimulator } from '../../src/server/integrations/cvr';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);
const I_DAG = new Date('2026-11-15T10:00:00Z');

describe.each(dbTargets())('creating SAT companies on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let skive: number;
  let herning: number;
  let p2025: number;
  let p2026: number;
  /** Units of Skive's register that are no SAT company yet, and one of a neighbouring municipality. */
  let nyePNr: string[];
  let udenforPNr: string;

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, user ? tok[user] : undefined, body);
  const rows = <T>(q: SQL) => queryRows<T>(t.database.db, q);
  const antalSat = async () =>
    Number(
      (
        await rows<{ n: number }>(
          sql`SELECT count(*) AS n FROM virksomhed WHERE type = ${SAT_RAEKKETYPE} AND NOT slettet`,
        )
      )[0]!.n,
    );
  const pNrIPeriode = async (periode: number) =>
    (
      await rows<{ p_nr: string }>(
        sql`SELECT v.p_nr FROM virksomhed v JOIN sat_virksomhed s ON s.virksomhed_id = v.id
            WHERE s.sat_tilsynsperiode_id = ${periode} AND NOT v.slettet ORDER BY v.id`,
      )
    ).map((r) => r.p_nr);

  const gyldig = (ekstra: Record<string, unknown> = {}) => ({
    virksomhedsnavn: 'Skive Genbrug ApS',
    cvrNr: '10000009',
    pNr: '1000000123',
    satTilsynsperiodeId: p2026,
    udvalgtDato: '2026-03-01',
    deadlineDato: '2026-12-31',
    risikoscore: 3.2,
    udvaelgelsesmetode: 'Kommunens eget valg',
    erLandbrug: false,
    adresse: 'Havnevej 2, 7800 Skive',
    ...ekstra,
  });
  const fraCvr = (body: unknown, kunde = skive, periode = p2026, user = 'affald') =>
    req(
      'POST',
      `SATVirksomhed/OpretSATVirksomhederFraCVR?KundeId=${kunde}&satTilsynsperiodeId=${periode}`,
      user,
      body,
    );

  beforeAll(async () => {
    t = await createTestApp(target, {}, () => I_DAG);
    for (const u of ['affald', 'virksomhed']) tok[u] = await t.tokenFor(u);
    skive = await t.kundeId(779);
    herning = await t.kundeId(657);
    const perioder = await rows<{ id: number; aar: number }>(
      sql`SELECT id, aar FROM sat_tilsynsperiode WHERE kunde_id = ${skive}`,
    );
    p2025 = perioder.find((p) => Number(p.aar) === 2025)!.id;
    p2026 = perioder.find((p) => Number(p.aar) === 2026)!.id;
    const cvr = new CvrSimulator(null as unknown as Db);
    const soeg = (medUdenforKommune: boolean) =>
      cvr.soeg({
        kommunekode: 779,
        medUdenforKommune,
        medKendte: false,
        virksomhedsType: 1,
        brancheKoder: [],
      });
    const brugte = new Set(
      (await rows<{ p_nr: string }>(sql`SELECT p_nr FROM virksomhed WHERE p_nr IS NOT NULL`)).map(
        (r) => r.p_nr,
      ),
    );
    nyePNr = (await soeg(false)).enheder
      .filter((e) => !brugte.has(e.pNr))
      .slice(0, 3)
      .map((e) => e.pNr);
    udenforPNr = (await soeg(true)).enheder.find((e) => e.kommunekode !== 779)!.pNr;
  });
  afterAll(async () => t?.close());

  describe('manually', () => {
    it('validates with warnings, then creates (201) with a log entry', async () => {
      // The P-number of a 2025 SAT company: a warning, not an error, in 2026.
      const [gammel] = await pNrIPeriode(p2025);
      const v = await req(
        'POST',
        'SATVirksomhed/ValidateOpretSATVirksomhed',
        'affald',
        gyldig({ pNr: gammel }),
      );
      expect(v.statusCode, v.body).toBe(200);
      expect(json(v)).toEqual({
        gyldig: true,
        advarsler: ['P-nummeret er også udvalgt i perioden Affaldstilsyn 2025'],
      });
      // The P-number of an ordinary company of the customer.
      const firma = await t.forsteVirksomhed(skive, VIRKSOMHEDSTYPE.VIRKSOMHED, sql`p_nr IS NOT NULL`);
      const vf = await req(
        'POST',
        'SATVirksomhed/ValidateOpretSATVirksomhed',
        'affald',
        gyldig({ pNr: firma.pNr }),
      );
      expect(json(vf).advarsler).toEqual([`P-nummeret tilhører virksomheden ${firma.navn}`]);
      const ingen = await req('POST', 'SATVirksomhed/ValidateOpretSATVirksomhed', 'affald', gyldig());
      expect(json(ingen)).toEqual({ gyldig: true, advarsler: [] });

      const foer = await antalSat();
      const r = await req('POST', 'SATVirksomhed/OpretSATVirksomhedManuelt', 'affald', gyldig());
      expect(r.statusCode, r.body).toBe(201);
      const sat = satVirksomhedSchema.parse(json(r));
      expect(sat).toMatchObject({
        virksomhedsnavn: 'Skive Genbrug ApS',
        pNr: '1000000123',
        satTilsynsperiode: 'Affaldstilsyn 2026',
        fraSatListe: false,
        satVirksomhedKanAendres: true,
        satStatus: 'Udvalgt',
        adresse: 'Havnevej 2, 7800 Skive',
        satResult: null,
      });
      expect(await antalSat()).toBe(foer + 1);
      const [log] = await rows<{ notat: string }>(
        sql`SELECT notat FROM logbog WHERE virksomhed_id = ${sat.id}`,
      );
      expect(log!.notat).toBe('SAT-virksomhed oprettet manuelt');
      expect((await req('GET', `satvirksomhed/${sat.id}`, 'affald')).statusCode).toBe(200);

      // The same P-number again in the period: refused by both calls.
      for (const sti of ['ValidateOpretSATVirksomhed', 'OpretSATVirksomhedManuelt']) {
        const igen = await req('POST', `SATVirksomhed/${sti}`, 'affald', gyldig());
        expect(igen.statusCode).toBe(400);
        expect(json(igen).errors.pNr).toEqual(['P-nummeret er allerede udvalgt i perioden']);
      }
      expect(await antalSat()).toBe(foer + 1);
    });

    it('answers 400 with a Danish message per field, 403 without the right', async () => {
      const fejl = async (ændring: Record<string, unknown>) => {
        for (const sti of ['ValidateOpretSATVirksomhed', 'OpretSATVirksomhedManuelt']) {
          const r = await req(
            'POST',
            `SATVirksomhed/${sti}`,
            'affald',
            gyldig({ pNr: '1000000999', ...ændring }),
          );
          expect(r.statusCode, r.body).toBe(400);
        }
        const r = await req('POST', 'SATVirksomhed/ValidateOpretSATVirksomhed', 'affald', gyldig(ændring));
        return json(r).errors as Record<string, string[]>;
      };
      const foer = await antalSat();
      expect((await fejl({ pNr: '123' })).pNr).toEqual(['P-nummeret skal være 10 cifre og begynde med 1']);
      expect((await fejl({ cvrNr: '12345678' })).cvrNr).toEqual([
        'CVR-nummeret skal være 8 cifre og gyldigt (modulus 11)',
      ]);
      expect((await fejl({ deadlineDato: '2026-02-01' })).deadlineDato).toEqual([
        'Deadline må ikke ligge før udvalgt dato',
      ]);
      expect((await fejl({ satTilsynsperiodeId: 999_999 })).satTilsynsperiodeId).toEqual([
        'Tilsynsperioden findes ikke hos kunden',
      ]);
      expect((await fejl({ risikoscore: -1 })).risikoscore).toEqual(['Skal være mindst 0']);
      expect((await fejl({ virksomhedsnavn: '' })).virksomhedsnavn).toEqual(['Feltet er påkrævet']);
      expect(await antalSat()).toBe(foer);
      expect(
        (await req('POST', 'SATVirksomhed/ValidateOpretSATVirksomhed', 'virksomhed', gyldig())).statusCode,
      ).toBe(403);
      expect(
        (await req('POST', 'SATVirksomhed/OpretSATVirksomhedManuelt', 'virksomhed', gyldig())).statusCode,
      ).toBe(403);
    });
  });

  describe('from the company register', () => {
    it('sorts the P-numbers in a dry run without writing anything, then creates the new ones once', async () => {
      const [findesPNr] = await pNrIPeriode(p2026);
      const linjer = [
        {
          pNr: nyePNr[0]!,
          risikoscore: 4.1,
          udvaelgelsesmetode: 'Risikobaseret',
          deadlineDato: '2026-12-01',
        },
        { pNr: nyePNr[1]! },
        { pNr: nyePNr[0]! },
        { pNr: findesPNr! },
        { pNr: udenforPNr },
        { pNr: '1999999999' },
      ];
      const foer = await antalSat();
      const logFoer = (await rows<{ n: number }>(sql`SELECT count(*) AS n FROM logbog`))[0]!.n;
      const proeve = await fraCvr({ linjer, proevekoersel: true });
      expect(proeve.statusCode, proeve.body).toBe(200);
      const p = json(proeve) as OpretFraCvrSvar;
      expect(p.proevekoersel).toBe(true);
      expect(p.nye.map((e) => e.pNr)).toEqual([nyePNr[0], nyePNr[1]]);
      expect(p.nye.every((e) => e.satVirksomhedId === null && e.navn && e.kommune === 'Skive')).toBe(true);
      expect(p.findes.map((e) => e.pNr)).toEqual([findesPNr]);
      expect(p.findes[0]!.satVirksomhedId).toEqual(expect.any(Number));
      expect(p.udenforKommune.map((e) => e.pNr)).toEqual([udenforPNr]);
      expect(p.udenforKommune[0]!.kommune).not.toBe('Skive');
      expect(p.ukendte.map((e) => e.pNr)).toEqual(['1999999999']);
      expect(await antalSat()).toBe(foer);
      expect((await rows<{ n: number }>(sql`SELECT count(*) AS n FROM logbog`))[0]!.n).toBe(logFoer);

      const r = await fraCvr({ linjer, udvalgtDato: '2026-04-01' });
      expect(r.statusCode, r.body).toBe(200);
      const s = json(r) as OpretFraCvrSvar;
      expect(s.proevekoersel).toBe(false);
      expect(s.nye.map((e) => e.pNr)).toEqual([nyePNr[0], nyePNr[1]]);
      expect(await antalSat()).toBe(foer + 2);
      const ny = json(await req('GET', `satvirksomhed/${s.nye[0]!.satVirksomhedId}`, 'affald'));
      expect(ny).toMatchObject({
        pNr: nyePNr[0],
        satTilsynsperiodeId: p2026,
        udvalgtDato: '2026-04-01',
        deadlineDato: '2026-12-01',
        risikoscore: 4.1,
        udvaelgelsesmetode: 'Risikobaseret',
        fraSatListe: false,
      });
      // Without a line deadline: the period's end.
      const ny2 = json(await req('GET', `satvirksomhed/${s.nye[1]!.satVirksomhedId}`, 'affald'));
      expect(ny2.deadlineDato).toBe('2026-12-31');
      const [log] = await rows<{ notat: string }>(
        sql`SELECT notat FROM logbog WHERE virksomhed_id = ${s.nye[0]!.satVirksomhedId}`,
      );
      expect(log!.notat).toBe('SAT-virksomhed oprettet fra CVR');

      // The same lines again: nothing new, the two are there now.
      const igen = json(await fraCvr({ linjer })) as OpretFraCvrSvar;
      expect(igen.nye).toEqual([]);
      expect(igen.findes.map((e) => e.pNr).sort()).toEqual([nyePNr[0], nyePNr[1], findesPNr].sort());
      expect(await antalSat()).toBe(foer + 2);
    });

    it('marks companies from Miljøstyrelsen’s list as not changeable', async () => {
      const r = await fraCvr({ linjer: [{ pNr: nyePNr[2]! }], fraSatListe: true, udvalgtDato: '2026-02-01' });
      expect(r.statusCode, r.body).toBe(200);
      const id = (json(r) as OpretFraCvrSvar).nye[0]!.satVirksomhedId!;
      const sat = json(await req('GET', `satvirksomhed/${id}`, 'affald'));
      expect(sat).toMatchObject({ fraSatListe: true, satVirksomhedKanAendres: false });
      const [log] = await rows<{ notat: string }>(sql`SELECT notat FROM logbog WHERE virksomhed_id = ${id}`);
      expect(log!.notat).toBe('SAT-virksomhed oprettet fra Miljøstyrelsens liste');
    });

    it('leaves a SAT company’s unit free to become an ordinary company (company CVR search)', async () => {
      // The seed takes SAT companies from the register's units of the municipality.
      const [sat] = await rows<{ p_nr: string; landbrug: boolean }>(
        sql`SELECT v.p_nr, s.er_landbrug AS landbrug FROM virksomhed v
              JOIN sat_virksomhed s ON s.virksomhed_id = v.id
            WHERE v.kunde_id = ${skive} AND v.type = ${SAT_RAEKKETYPE} AND NOT s.er_landbrug
              AND NOT EXISTS (SELECT 1 FROM virksomhed o WHERE o.p_nr = v.p_nr AND o.type <> ${SAT_RAEKKETYPE})
            ORDER BY v.id LIMIT 1`,
      );
      tok.admin = await t.tokenFor('admin');
      const r = await req(
        'GET',
        `Virksomhed/LookupVirksomhederFraCvr?kommuneId=779&virksomhedsType=1&soegeTekst=${sat!.p_nr}`,
        'admin',
      );
      expect(r.statusCode, r.body).toBe(200);
      const enhed = json(r).items.find((e: { pNr: string }) => e.pNr === sat!.p_nr);
      expect(enhed).toMatchObject({ findesIListen: false, virksomhedId: null });
    });

    it('refuses another customer (404), another customer’s period and bad lines (400), no right (403)', async () => {
      const body = { linjer: [{ pNr: nyePNr[0]! }], proevekoersel: true };
      expect((await fraCvr(body, herning)).statusCode).toBe(404);
      const [fremmed] = await rows<{ id: number }>(
        sql`SELECT id FROM sat_tilsynsperiode WHERE kunde_id = ${herning}`,
      );
      const periode = await fraCvr(body, skive, fremmed!.id);
      expect(periode.statusCode).toBe(400);
      expect(json(periode).errors.satTilsynsperiodeId).toEqual(['Tilsynsperioden findes ikke hos kunden']);
      const tom = await fraCvr({ linjer: [] });
      expect(tom.statusCode).toBe(400);
      expect(json(tom).errors.linjer).toEqual(['Angiv mindst ét P-nummer']);
      const daarlig = await fraCvr({ linjer: [{ pNr: '99' }] });
      expect(daarlig.statusCode).toBe(400);
      expect(JSON.stringify(json(daarlig).errors)).toContain(
        'P-nummeret skal være 10 cifre og begynde med 1',
      );
      expect((await fraCvr(body, skive, p2026, 'virksomhed')).statusCode).toBe(403);
    });
  });
});
