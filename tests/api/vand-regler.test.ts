import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RapportSvar } from '../../src/contract/rapport';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import { VALIDERING_STATUS } from '../../src/contract/validering';
import { LINJE_STATUS, type Maengde } from '../../src/contract/vand-data';
import { EKSPORTERET_TIL, IMPORTERET_FRA } from '../../src/contract/vand-regler';
import { queryRows } from '../../src/server/db/client';
import { oppumpetMaengde, pejling } from '../../src/server/db/schema';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';
import { EKSEMPEL_FELTER } from '../helpers/vand-eksempel';

/**
 * The water rules of issue 29 through the API on both databases, each on a case computed by hand
 * (docs/decisions.md, 'Water data by the rules'): the line loss with imports and exports on the
 * form's calculator, a stored period, its line-loss call and the report's SQL; and the water reports
 * counting approved data unless the user filters by validation status.
 */

const json = <T>(r: { body: string }) => JSON.parse(r.body) as T;
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const undvig = (s: string) => s.replace(/[\\|(),]/g, (c) => `\\${c}`);

describe.each(dbTargets())('water data by the rules (issue 29) on %s', (target) => {
  let t: TestApp;
  let vand: string;
  let laeser: string;
  let skive: number;
  let plant: number;
  let plantNavn: string;
  /** The quarter of the hand-computed case: 1 Jan – 31 Mar 2041, 31 + 28 + 31 = 90 days. */
  let periode: Maengde;

  beforeAll(async () => {
    t = await createTestApp(target);
    [vand, laeser] = await Promise.all([t.tokenFor('vand'), t.tokenFor('laeser')]);
    skive = await t.kundeId(779);
    const p = await t.forsteVirksomhed(skive, VIRKSOMHEDSTYPE.VANDANLAEG);
    plant = p.id;
    plantNavn = p.navn;
  });
  afterAll(async () => t?.close());

  /** The plant's rows of a water report in 2041. */
  const rapport = (navn: string, params: Record<string, string>, filter = '') =>
    t.kald(
      'GET',
      `/api/rapport/${navn}?${q({
        ...params,
        filter: [`anlaegsnavn:equals(${undvig(plantNavn)})`, filter].filter(Boolean).join(','),
      })}`,
      laeser,
    );
  const i2041 = 'startdato:between(01-01-2041|31-12-2041)';

  const nyUdveksling = async (retning: string, dato: string, periodeTil: string, maengde: number) => {
    const r = await t.kald('POST', '/api/ImportEksportVandmaengder', vand, {
      virksomhedId: plant,
      retning,
      titel: 'Nabo Vandværk',
      dato,
      periodeTil,
      maengde,
    });
    expect(r.statusCode, r.body).toBe(201);
  };

  describe('ledningstab = oppumpet + importeret − eksporteret − eget forbrug − filterskylning − leveret', () => {
    it("is the form's calculator's answer", async () => {
      const r = await t.kald(
        'POST',
        '/api/OppumpedeVandmaengder/OppumpedeMaengderBeregnedeFelter',
        laeser,
        EKSEMPEL_FELTER,
      );
      expect(r.statusCode, r.body).toBe(200);
      // 10.000 + 500 − 1.200 − 300 − 150 − (5.000 + 3.000) = 850 m³;
      // put into the network 10.000 + 500 − 1.200 − 300 − 150 = 8.850; 850 ÷ 8.850 = 9,60 %
      expect(json(r)).toEqual({
        vandmaengdeOppumpet: 10_000,
        samletLeveretVandmaengde: 8_000,
        importeret: 500,
        eksporteret: 1_200,
        ledningstab: 850,
        ledningstabProcent: 9.6,
      });
    });

    it('answers a negative import with a Danish 400', async () => {
      const r = await t.kald('POST', '/api/OppumpedeVandmaengder/OppumpedeMaengderBeregnedeFelter', laeser, {
        vandmaengdeOppumpet: 10_000,
        importeret: -5,
      });
      expect(r.statusCode).toBe(400);
      expect(json<{ errors: Record<string, string[]> }>(r).errors.importeret).toEqual([
        'Importeret vand må ikke være negativ',
      ]);
    });

    it("counts the plant's import and export records in a stored period, in the API and in the report", async () => {
      const r = await t.kald('POST', '/api/OppumpedeVandmaengder', vand, {
        virksomhedId: plant,
        startdato: '2041-01-01',
        slutdato: '2041-03-31',
        vandmaengdeOppumpet: 10_000,
        vandvaerketsEgetForbrug: 300,
        filterskylning: 150,
        forsyning: [
          { status: LINJE_STATUS.CREATED, jupiterForsyningsartId: 1, maengde: 5_000 },
          { status: LINJE_STATUS.CREATED, jupiterForsyningsartId: 2, maengde: 3_000 },
        ],
      });
      expect(r.statusCode, r.body).toBe(201);
      periode = json(r);
      // No records yet: 10.000 − 300 − 150 − 8.000 = 1.550 m³
      expect(periode.ledningstab).toBe(1_550);

      // 500 m³ imported in February and 1.200 m³ exported in March: both inside the quarter.
      await nyUdveksling(IMPORTERET_FRA, '2041-02-01', '2041-02-28', 500);
      await nyUdveksling(EKSPORTERET_TIL, '2041-03-01', '2041-03-31', 1_200);
      const liste = json<Maengde[]>(await t.kald('GET', `/api/OppumpedeVandmaengder/list/${plant}`, laeser));
      // 10.000 + 500 − 1.200 − 300 − 150 − 8.000 = 850 m³
      expect(liste.find((m) => m.id === periode.id)).toMatchObject({
        importeret: 500,
        eksporteret: 1_200,
        samletLeveretVandmaengde: 8_000,
        ledningstab: 850,
      });
      const lt = json(await t.kald('GET', `/api/OppumpedeVandmaengder/ledningstab/${periode.id}`, laeser));
      expect(lt).toMatchObject({ ledningstab: 850, ledningstabProcent: 9.6 });

      // The report's SQL computes the same figure. The period awaits validation, so it shows only
      // when the user asks for pending data, and then marked as such.
      const kolonner = {
        kolonner:
          'startdato,vandmaengdeOppumpet,importeret,eksporteret,vandvaerketsEgetForbrug,filterskylning,samletLeveretVandmaengde,ledningstab',
      };
      const standard = json<RapportSvar>(await rapport('vandoppumpet', kolonner, i2041));
      expect(standard.totalCount).toBe(0);
      const afventer = json<RapportSvar>(
        await rapport('vandoppumpet', kolonner, `${i2041},valideringsstatus:equals(Afventer validering)`),
      );
      expect(afventer.kolonner.at(-1)).toBe('valideringsstatus');
      expect(afventer.items).toEqual([
        {
          startdato: '2041-01-01',
          vandmaengdeOppumpet: 10_000,
          importeret: 500,
          eksporteret: 1_200,
          vandvaerketsEgetForbrug: 300,
          filterskylning: 150,
          samletLeveretVandmaengde: 8_000,
          ledningstab: 850,
          valideringsstatus: 'Afventer validering',
        },
      ]);

      // Approved in the validation queue: now the default view counts it.
      const g = await t.kald('PUT', `/api/OppumpedeVandmaengderValidering/Godkend/${skive}`, vand, {
        poster: [{ id: periode.id, version: periode.version }],
      });
      expect(g.statusCode, g.body).toBe(200);
      const godkendt = json<RapportSvar>(
        await rapport('vandoppumpet', { kolonner: 'startdato,ledningstab' }, i2041),
      );
      expect(godkendt.kolonner).toEqual(['startdato', 'ledningstab']);
      expect(godkendt.items).toEqual([{ startdato: '2041-01-01', ledningstab: 850 }]);
    });

    it('counts a record across several periods by the days it shares with each, in the API and the SQL alike', async () => {
      // A yearly import of 3.650 m³ (365 days): 3.650 × 90 ÷ 365 = 900 m³ falls in the quarter.
      await nyUdveksling(IMPORTERET_FRA, '2041-01-01', '2041-12-31', 3_650);
      const liste = json<Maengde[]>(await t.kald('GET', `/api/OppumpedeVandmaengder/list/${plant}`, laeser));
      // imported 500 + 900 = 1.400; 10.000 + 1.400 − 1.200 − 300 − 150 − 8.000 = 1.750 m³
      expect(liste.find((m) => m.id === periode.id)).toMatchObject({ importeret: 1_400, ledningstab: 1_750 });
      const svar = json<RapportSvar>(
        await rapport('vandoppumpet', { kolonner: 'startdato,importeret,ledningstab' }, i2041),
      );
      expect(svar.items).toEqual([{ startdato: '2041-01-01', importeret: 1_400, ledningstab: 1_750 }]);
    });
  });

  describe('the water reports count approved data; pending entries only with the status filter, marked', () => {
    beforeAll(async () => {
      // A wrong reading awaiting validation: after a meter change the readings give −5.000 m³. The
      // API refuses a negative quantity; such entries come from reporters' own systems (and the seed).
      await t.database.db.insert(oppumpetMaengde).values({
        kundeId: skive,
        vandanlaegId: plant,
        startdato: '2041-04-01',
        slutdato: '2041-06-30',
        maalerstandStart: 90_000,
        maalerstandSlut: 85_000,
        vandmaengdeOppumpet: -5_000,
        status: VALIDERING_STATUS.AFVENTER,
      });
    });

    it('never shows the pending negative quantity in the default view or its chart', async () => {
      const params = { kolonner: 'aarstal,totalVandmaengdeOppumpet,antal' };
      // Default: the approved 10.000 m³ of the first quarter only.
      const standard = json<RapportSvar>(await rapport('vandoppumpet', params, i2041));
      expect(standard.kolonner).toEqual(['aarstal', 'totalVandmaengdeOppumpet', 'antal']);
      expect(standard.items).toEqual([{ aarstal: 2041, totalVandmaengdeOppumpet: 10_000, antal: 1 }]);
      const graf = json<{ punkter: { maaned: string; vaerdi: number }[] }>(
        await t.kald(
          'GET',
          `/api/rapport/vandoppumpet/tidsserie?${q({ filter: `anlaegsnavn:equals(${undvig(plantNavn)}),${i2041}` })}`,
          laeser,
        ),
      );
      expect(graf.punkter).toEqual([{ maaned: '2041-01-01', vaerdi: 10_000 }]);

      // Filtered by status: both, each group marked (10.000 approved; −5.000 awaiting validation).
      const begge = json<RapportSvar>(
        await rapport(
          'vandoppumpet',
          params,
          `${i2041},valideringsstatus:equals(Godkendt|Afventer validering)`,
        ),
      );
      expect(begge.kolonner).toEqual(['aarstal', 'valideringsstatus', 'totalVandmaengdeOppumpet', 'antal']);
      expect(begge.items).toEqual([
        {
          aarstal: 2041,
          valideringsstatus: 'Afventer validering',
          totalVandmaengdeOppumpet: -5_000,
          antal: 1,
        },
        { aarstal: 2041, valideringsstatus: 'Godkendt', totalVandmaengdeOppumpet: 10_000, antal: 1 },
      ]);
    });

    it('marks pending rows in the export, and states the approved-only filter above the default one', async () => {
      const eksport = (filter: string, format: 'csv' | 'xlsx' = 'csv') =>
        t.app.inject({
          method: 'GET',
          url: `/api/rapport/vandoppumpet/eksport?${q({
            kolonner: 'startdato,vandmaengdeOppumpet',
            filter: `anlaegsnavn:equals(${undvig(plantNavn)}),${i2041}${filter}`,
            sortByColumn: 'startdato',
            format,
          })}`,
          headers: { authorization: `Bearer ${laeser}` },
        });
      const linjer = async (filter: string) => {
        const r = await eksport(filter);
        expect(r.statusCode, r.body).toBe(200);
        return Papa.parse<string[]>(r.rawPayload.toString('utf8').slice(1), { delimiter: ';' }).data.filter(
          (l) => l.length > 1,
        );
      };
      expect(await linjer('')).toEqual([
        ['Startdato', 'Oppumpet (m³)'],
        ['01-01-2041', '10000,00'],
      ]);
      expect(await linjer(',valideringsstatus:equals(Afventer validering|Godkendt)')).toEqual([
        ['Startdato', 'Oppumpet (m³)', 'Valideringsstatus'],
        ['01-01-2041', '10000,00', 'Godkendt'],
        ['01-04-2041', '-5000,00', 'Afventer validering'],
      ]);
    });

    it('does the same for water levels: a pending negative depth shows only when asked for, marked', async () => {
      const [it0] = await queryRows<{ id: number; dgu: string }>(
        t.database.db,
        sql`SELECT i.id, b.dgu_nr AS dgu FROM indtag i JOIN boring b ON b.id = i.boring_id
            WHERE b.vandanlaeg_id = ${plant} ORDER BY i.id LIMIT 1`,
      );
      await t.database.db.insert(pejling).values({
        kundeId: skive,
        vandanlaegId: plant,
        indtagId: Number(it0!.id),
        pejletidspunkt: new Date('2041-05-02T13:00:00Z'),
        vandstandUnderTerraen: -4.2,
        grundvandskote: 50,
        situation: 0,
        status: VALIDERING_STATUS.AFVENTER,
      });
      const params = { kolonner: 'pejletidspunkt,vandstandUnderTerraen' };
      const i2041p = 'pejletidspunkt:between(01-01-2041|31-12-2041)';
      expect(json<RapportSvar>(await rapport('boringpejling', params, i2041p)).totalCount).toBe(0);
      const afventer = json<RapportSvar>(
        await rapport('boringpejling', params, `${i2041p},valideringsstatus:equals(Afventer validering)`),
      );
      expect(afventer.items).toEqual([
        {
          // The reading's time of day in Danish time (13:00 UTC is 15:00 in May; issue 30).
          pejletidspunkt: '2041-05-02 15:00:00',
          vandstandUnderTerraen: -4.2,
          valideringsstatus: 'Afventer validering',
        },
      ]);
    });

    it('answers an unknown validation status with a Danish 400', async () => {
      const r = await rapport('vandoppumpet', {}, 'valideringsstatus:equals(Forkastet)');
      expect(r.statusCode).toBe(400);
      expect(json<{ errors: { filter: string[] } }>(r).errors.filter.join(' ')).toMatch(/Valideringsstatus/);
    });
  });
});
