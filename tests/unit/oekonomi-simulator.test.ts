import { describe, expect, it } from 'vitest';
import { createOekonomiSimulator, type OekonomiFakturaInput } from '../../src/server/integrations/oekonomi';

const faktura = (
  noegle: string,
  debitor: Partial<OekonomiFakturaInput['debitor']> = {},
): OekonomiFakturaInput => ({
  noegle,
  kundeNr: 779,
  debitor: {
    navn: 'Testfirma ApS',
    betalerTypeKode: 'CVR',
    cvrNr: '12345678',
    betalingsReference: null,
    ...debitor,
  },
  fordringstype: 'Brugerbetaling for miljøtilsyn',
  art: 'faktura',
  linjer: [{ tekst: '2 t à 381,00 kr.', beloebOere: 76_200 }],
});

describe('the economy-system simulator', () => {
  it('keeps one invoice per key: a repeat answers the same number', async () => {
    const s = createOekonomiSimulator();
    const a = await s.opretFaktura(faktura('1'));
    const b = await s.opretFaktura(faktura('1'));
    expect(a).toEqual({ ok: true, fakturanummer: 'F-0000001' });
    expect(b).toEqual(a);
    expect(await s.opretFaktura(faktura('2'))).toEqual({ ok: true, fakturanummer: 'F-0000002' });
    expect(await s.fakturaer(779)).toHaveLength(2);
    expect(await s.fakturaer(657)).toHaveLength(0);
  });

  it('refuses a debtor it cannot bill, in Danish, and stores nothing', async () => {
    const s = createOekonomiSimulator();
    expect(await s.opretFaktura(faktura('1', { betalerTypeKode: null }))).toEqual({
      ok: false,
      aarsag: 'Debitor mangler betalertype',
    });
    expect(
      await s.opretFaktura(faktura('2', { betalerTypeKode: 'EAN', betalingsReference: '579800000000' })),
    ).toEqual({
      ok: false,
      aarsag: 'Debitor afvist: EAN-nummeret skal være 13 cifre',
    });
    expect((await s.opretFaktura(faktura('3', { cvrNr: null }))).ok).toBe(false);
    expect(
      (await s.opretFaktura(faktura('4', { betalerTypeKode: 'CPR', betalingsReference: '123' }))).ok,
    ).toBe(false);
    expect(await s.fakturaer(779)).toHaveLength(0);
  });

  it("'fejl' refuses every call; 'timeout' stores the invoice and never answers", async () => {
    const s = createOekonomiSimulator({ tilstand: 'fejl' });
    expect((await s.opretFaktura(faktura('1'))).ok).toBe(false);
    s.saetTilstand('timeout');
    let svaret = false;
    void s.opretFaktura(faktura('2')).then(() => {
      svaret = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(svaret).toBe(false);
    expect((await s.fakturaer(779)).map((f) => f.input.noegle)).toEqual(['2']);
    s.saetTilstand('ok');
    expect(await s.opretFaktura(faktura('2'))).toEqual({ ok: true, fakturanummer: 'F-0000001' });
  });
});
