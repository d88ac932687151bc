import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOekonomiSimulator, type OekonomiFakturaInput } from '../../src/server/integrations/oekonomi';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const faktura = (noegle: string, art: 'faktura' | 'kredit' = 'faktura'): OekonomiFakturaInput => ({
  noegle,
  kundeNr: 779,
  debitor: { navn: 'Testfirma ApS', betalerTypeKode: 'CVR', cvrNr: '12345678', betalingsReference: null },
  fordringstype: 'Brugerbetaling for miljøtilsyn',
  art,
  ...(art === 'kredit' ? { krediterer: 'F-0000001' } : {}),
  linjer: [{ tekst: '2 t à 433,41 kr.', beloebOere: 86_682 }],
});

/**
 * The economy simulator of the running app keeps its invoices in the database (issue 31): after a
 * restart (a new simulator on the same database) a retry of a key answers the invoice it made before,
 * and a new invoice never gets a number used before.
 */
describe.each(dbTargets())('the economy simulator across a restart on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  it('answers the same invoice for a key after a restart and never reuses a number', async () => {
    const foer = createOekonomiSimulator({ db: t.database.db });
    const a = await foer.opretFaktura(faktura('genstart-1'));
    const k = await foer.opretFaktura(faktura('genstart-k', 'kredit'));
    expect(a.ok && k.ok).toBe(true);
    const efter = createOekonomiSimulator({ db: t.database.db });
    // A new invoice first: in memory it got F-0000001 again, the number of another invoice.
    const b = await efter.opretFaktura(faktura('genstart-2'));
    const nr = (s: typeof a) => (s.ok ? s.fakturanummer : s.aarsag);
    expect([nr(a), nr(k)]).not.toContain(nr(b));
    // A retry of a key sent before the restart answers that invoice; nothing doubles.
    expect(await efter.opretFaktura(faktura('genstart-1'))).toEqual(a);
    const numre = (await efter.fakturaer(779)).map((f) => f.fakturanummer);
    expect(new Set(numre).size).toBe(numre.length);
    expect(numre).toEqual(expect.arrayContaining([nr(a), nr(k), nr(b)]));
  });
});
