import { describe, expect, it } from 'vitest';
import { fridageSomPgArrays } from '../../src/server/frister/arbejdsdage';
import { manglendeStamdata } from '../../src/server/frister/dma-status';
import {
  createDmaSimulator,
  DMA_STANDARD_FEJL,
  type DmaTilsynsrapport,
  dmaAfvisning,
  pNrKendtIDma,
} from '../../src/server/integrations/dma';

const rapport = (
  patch: Partial<DmaTilsynsrapport['tilsyn']> = {},
  pNr = '1000000001',
): DmaTilsynsrapport => ({
  noegle: 'tilsyn-1',
  kommuneNr: '779',
  virksomhed: { navn: 'Smed A/S', cvrNr: '12345678', pNr, chrNr: null },
  tilsyn: {
    dato: '2025-03-15',
    titel: 'Basistilsyn',
    tilsynstypeId: 1,
    tilsynskategoriId: 1,
    miljoeForholdIds: [3],
    varslet: true,
    ...patch,
  },
});

describe('the DMA simulator', () => {
  it('knows a P-number unless its digit sum is divisible by 11', () => {
    expect(pNrKendtIDma('1000000001')).toBe(true);
    expect(pNrKendtIDma('1000000055')).toBe(false);
  });

  it('refuses with the reasons DMA gives, deterministically', () => {
    expect(dmaAfvisning(rapport(), '2026-11-24')).toBeNull();
    expect(dmaAfvisning(rapport({}, '1000000055'), '2026-11-24')).toEqual({
      kode: 'PNR_UKENDT',
      aarsag: 'P-nummer 1000000055 er ukendt i DMA',
    });
    expect(dmaAfvisning(rapport({ miljoeForholdIds: [] }), '2026-11-24')?.kode).toBe('MILJOEFORHOLD_MANGLER');
    expect(dmaAfvisning(rapport({ dato: '2026-12-01' }), '2026-11-24')?.kode).toBe('DATO_FREMTID');
    expect(dmaAfvisning(rapport({ tilsynstypeId: null }), '2026-11-24')?.kode).toBe('TILSYNSTYPE_MANGLER');
  });

  it('publishes once per key, refuses in fejl and never answers in timeout', async () => {
    const sim = createDmaSimulator({ idag: () => '2026-11-24' });
    const a = await sim.indberetTilsyn(rapport());
    const b = await sim.indberetTilsyn(rapport());
    expect(a).toEqual(b);
    expect(a.ok).toBe(true);
    expect(sim.offentliggjort().size).toBe(1);
    sim.saetTilstand('fejl');
    expect(await sim.indberetTilsyn(rapport())).toEqual({ ok: false, ...DMA_STANDARD_FEJL });
    sim.saetTilstand('timeout');
    const svar = await Promise.race([
      sim.indberetTilsyn({ ...rapport(), noegle: 'tilsyn-2' }),
      new Promise((r) => setTimeout(() => r('intet svar'), 20)),
    ]);
    expect(svar).toBe('intet svar');
    // The unanswered report was published all the same: a resend answers it, not a second one.
    sim.saetTilstand('ok');
    await sim.indberetTilsyn({ ...rapport(), noegle: 'tilsyn-2' });
    expect(sim.offentliggjort().size).toBe(2);
  });
});

describe('DMA master data', () => {
  it('names each missing field by its label', () => {
    const basis = {
      virksomhedsGruppeId: 3,
      hovedaktivitet: 'Autoværksted',
      miljoemyndighedId: 779,
      dmaMyndighedstyperId: 1,
    };
    expect(manglendeStamdata({ cvrNr: '12345678', pNr: '1000000001', basis })).toEqual([]);
    expect(
      manglendeStamdata({ cvrNr: '12345678', pNr: null, basis: { ...basis, hovedaktivitet: ' ' } }),
    ).toEqual(['P-nummer', 'Hovedaktivitet']);
  });
});

describe('closed days for the SQL', () => {
  it('maps weekends and holidays to the next working day', () => {
    const { dage, naeste } = fridageSomPgArrays();
    const d = dage.slice(1, -1).split(',');
    const n = naeste.slice(1, -1).split(',');
    const til = (iso: string) => n[d.indexOf(iso)];
    expect(til('2025-04-18')).toBe('2025-04-22'); // Good Friday → after Easter Monday
    expect(til('2025-05-17')).toBe('2025-05-19'); // Saturday → Monday
    expect(til('2024-12-25')).toBe('2024-12-27');
    expect(d).not.toContain('2025-05-15');
    expect(d).not.toContain('2024-04-26'); // Great Prayer Day abolished from 2024
    expect(d).toContain('2023-05-05');
    // Grundlovsdag, 24 and 31 December are closed days for a deadline (issue 29).
    expect(til('2026-06-05')).toBe('2026-06-08');
    expect(til('2026-12-24')).toBe('2026-12-28');
    expect(til('2026-12-31')).toBe('2027-01-04');
  });
});
