import { describe, expect, it } from 'vitest';
import {
  BATCH_HANDLINGER,
  BATCH_I_OEKONOMI,
  BATCH_STATUSSER,
  batchKanUdfoere,
  batchStatusAf,
  batchStatusserFor,
  FAKTURA_HANDLINGER,
  FAKTURA_I_OEKONOMI,
  FAKTURA_LIVSORDEN,
  FAKTURA_STATUSSER,
  type FakturaHandling,
  type FakturaStatus,
  KREDITNOTA_START,
  KREDITNOTA_TAELLER,
  kanUdfoere,
  naesteStatus,
  resultatAf,
  statusserFor,
} from '../../src/contract/faktura-status';

/**
 * The invoice's life written out by hand, every act × every status (null: forbidden). The table in
 * src/contract/faktura-status.ts must say exactly this; a change to it must change this too.
 */
const FORVENTET: Record<FakturaStatus, Record<FakturaHandling, FakturaStatus | null>> = {
  forslag: { godkend: 'godkendt', annuller: null, overfoer: null, overfoerFejlet: null, krediter: null },
  godkendt: {
    godkend: null,
    annuller: 'forslag',
    overfoer: 'overfoert',
    overfoerFejlet: 'fejlet',
    krediter: null,
  },
  fejlet: {
    godkend: null,
    annuller: 'forslag',
    overfoer: 'overfoert',
    overfoerFejlet: 'fejlet',
    krediter: null,
  },
  overfoert: { godkend: null, annuller: null, overfoer: null, overfoerFejlet: null, krediter: 'krediteret' },
  krediteret: { godkend: null, annuller: null, overfoer: null, overfoerFejlet: null, krediter: null },
};

describe('fakturaens overgange', () => {
  for (const s of FAKTURA_STATUSSER)
    for (const h of FAKTURA_HANDLINGER)
      it(`${h} fra ${s} → ${FORVENTET[s][h] ?? 'forbudt'}`, () => {
        expect(naesteStatus(s, h)).toBe(FORVENTET[s][h]);
        expect(kanUdfoere(s, h)).toBe(FORVENTET[s][h] !== null);
      });

  it('en overført faktura kan kun krediteres, og en krediteret er endelig', () => {
    expect(FAKTURA_HANDLINGER.filter((h) => kanUdfoere('overfoert', h))).toEqual(['krediter']);
    expect(FAKTURA_HANDLINGER.filter((h) => kanUdfoere('krediteret', h))).toEqual([]);
  });

  it('de forbudte overgange: intet går tilbage fra økonomisystemet, intet springer godkendelsen over', () => {
    for (const s of FAKTURA_I_OEKONOMI) {
      expect(kanUdfoere(s, 'annuller')).toBe(false);
      expect(kanUdfoere(s, 'overfoer')).toBe(false);
      expect(kanUdfoere(s, 'godkend')).toBe(false);
    }
    expect(kanUdfoere('forslag', 'overfoer')).toBe(false);
    expect(kanUdfoere('forslag', 'krediter')).toBe(false);
    expect(kanUdfoere('godkendt', 'krediter')).toBe(false);
    expect(kanUdfoere('fejlet', 'krediter')).toBe(false);
  });

  it('statusserne for en handling er dem, serverens SQL betinger med', () => {
    expect(statusserFor('godkend')).toEqual(['forslag']);
    expect(statusserFor('annuller')).toEqual(['godkendt', 'fejlet']);
    expect(statusserFor('overfoer')).toEqual(['godkendt', 'fejlet']);
    expect(statusserFor('overfoerFejlet')).toEqual(['godkendt', 'fejlet']);
    expect(statusserFor('krediter')).toEqual(['overfoert']);
  });

  it('hver handling fører til én og samme status, uanset hvorfra', () => {
    for (const h of FAKTURA_HANDLINGER) {
      const til = new Set(statusserFor(h).map((s) => naesteStatus(s, h)));
      expect(til.size, h).toBe(1);
      expect(resultatAf(h)).toBe([...til][0]);
    }
    expect(resultatAf('overfoer')).toBe('overfoert');
    expect(resultatAf('annuller')).toBe('forslag');
  });

  it('kreditnotaen fødes godkendt og tæller fra godkendelsen; økonomisystemet har overførte og krediterede', () => {
    expect(KREDITNOTA_START).toBe('godkendt');
    expect([...KREDITNOTA_TAELLER].sort()).toEqual(['fejlet', 'godkendt', 'overfoert']);
    expect([...FAKTURA_I_OEKONOMI].sort()).toEqual(['krediteret', 'overfoert']);
  });

  it('livsordenen rummer hver status én gang', () => {
    expect([...FAKTURA_LIVSORDEN].sort()).toEqual([...FAKTURA_STATUSSER].sort());
    expect(FAKTURA_LIVSORDEN.indexOf('fejlet')).toBeLessThan(FAKTURA_LIVSORDEN.indexOf('overfoert'));
  });
});

describe('batchens status og handlinger', () => {
  const FORVENTET_BATCH: Record<(typeof BATCH_STATUSSER)[number], string[]> = {
    godkendt: ['overfoer', 'annuller'],
    fejlet: ['overfoer', 'annuller'],
    overfoert: ['krediter'],
    delvist: ['krediter'],
    annulleret: [],
    krediteret: [],
  };
  for (const s of BATCH_STATUSSER)
    it(`en batch i ${s} tilbyder ${FORVENTET_BATCH[s].join(', ') || 'intet'}`, () => {
      expect(BATCH_HANDLINGER.filter((h) => batchKanUdfoere(s, h))).toEqual(FORVENTET_BATCH[s]);
    });

  it('listernes filtre', () => {
    expect(batchStatusserFor('overfoer')).toEqual(['godkendt', 'fejlet']);
    expect(batchStatusserFor('annuller')).toEqual(['godkendt', 'fejlet']);
    expect(batchStatusserFor('krediter')).toEqual(['overfoert', 'delvist']);
    expect(BATCH_I_OEKONOMI).toEqual(['overfoert', 'delvist', 'krediteret']);
  });

  it('batchens status følger af fakturaernes', () => {
    expect(batchStatusAf([])).toBe('annulleret');
    expect(batchStatusAf(['godkendt', 'godkendt'])).toBe('godkendt');
    expect(batchStatusAf(['godkendt', 'fejlet'])).toBe('fejlet');
    expect(batchStatusAf(['overfoert', 'fejlet'])).toBe('delvist');
    expect(batchStatusAf(['overfoert', 'godkendt'])).toBe('delvist');
    expect(batchStatusAf(['overfoert', 'krediteret'])).toBe('overfoert');
    expect(batchStatusAf(['krediteret', 'krediteret'])).toBe('krediteret');
    // Every batch status a batch can reach from its invoices offers what the table says.
    for (const s of FAKTURA_STATUSSER) expect(BATCH_STATUSSER).toContain(batchStatusAf([s]));
  });
});
