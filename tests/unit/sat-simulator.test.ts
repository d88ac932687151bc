import { describe, expect, it } from 'vitest';
import { AFFALDSFRAKTIONER } from '../../src/contract/sat';
import {
  createSatSimulator,
  SAT_MANGLER_PNR,
  SAT_STANDARD_FEJL,
  type SatResultatTilSat,
} from '../../src/server/integrations/sat';

const resultat = (over: Partial<SatResultatTilSat> = {}): SatResultatTilSat => ({
  kundeNr: 779,
  resultatId: 10,
  virksomhed: { pNr: '1000000001', cvrNr: '12345678', navn: 'Test ApS' },
  kategori: 'UdtrukketAfSAT',
  resultatTypeKode: 'VEJLEDNING',
  resultatTypeBemaerkning: null,
  timeantal: 1,
  udfoertDato: '2026-06-01',
  fraktioner: Object.fromEntries(AFFALDSFRAKTIONER.map((f) => [f, false])) as SatResultatTilSat['fraktioner'],
  forkerteFraktionerIMstData: false,
  forkerteFraktionerIMstDataBemaerkning: null,
  forkerteAktoererIMstData: false,
  forkerteAktoererIMstDataBemaerkning: null,
  ...over,
});

/** A clock that moves one minute per reading. */
function minutur() {
  let n = 0;
  return () => new Date(Date.UTC(2026, 0, 1, 0, n++));
}

describe('the SAT simulator', () => {
  it('creates a result once per municipality and result id, then updates it keeping the first time', async () => {
    const sim = createSatSimulator({ clock: minutur() });
    const a = await sim.overfoer(resultat());
    const b = await sim.overfoer(resultat({ timeantal: 2 }));
    expect(b.satId).toBe(a.satId);
    expect(b.oprettet).toBe(a.oprettet);
    expect(b.opdateret).not.toBe(a.opdateret);
    // The same result id in another municipality is another result.
    const c = await sim.overfoer(resultat({ kundeNr: 657 }));
    expect(c.satId).not.toBe(a.satId);
    expect(sim.resultater(779)).toHaveLength(1);
    expect(sim.resultater(779)[0]!.resultat.timeantal).toBe(2);
    await sim.slet(779, 10);
    expect(sim.resultater(779)).toEqual([]);
    expect(sim.resultater(657)).toHaveLength(1);
    // Removing what is not there is no error (a retried removal).
    await expect(sim.slet(779, 10)).resolves.toBeUndefined();
  });

  it('refuses in mode fejl with the reason given, and a result without P-number in any mode', async () => {
    const sim = createSatSimulator({ tilstand: 'fejl' });
    await expect(sim.overfoer(resultat())).rejects.toThrow(SAT_STANDARD_FEJL);
    sim.saetTilstand('fejl', 'CVR-nummeret er ophørt');
    await expect(sim.overfoer(resultat())).rejects.toThrow('CVR-nummeret er ophørt');
    await expect(sim.slet(779, 10)).rejects.toThrow('CVR-nummeret er ophørt');
    sim.saetTilstand('ok');
    await expect(
      sim.overfoer(resultat({ virksomhed: { pNr: null, cvrNr: null, navn: 'Uden P' } })),
    ).rejects.toThrow(SAT_MANGLER_PNR);
    expect(sim.resultater(779)).toEqual([]);
  });

  it('in mode timeout stores the result and never answers', async () => {
    const sim = createSatSimulator({ tilstand: 'timeout' });
    let svaret = false;
    void sim.overfoer(resultat()).then(() => {
      svaret = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(svaret).toBe(false);
    expect(sim.resultater(779)).toHaveLength(1);
  });

  it('hands out copies: changing what it returned does not change what it holds', async () => {
    const sim = createSatSimulator();
    await sim.overfoer(resultat());
    sim.resultater(779)[0]!.resultat.timeantal = 99;
    expect(sim.resultater(779)[0]!.resultat.timeantal).toBe(1);
  });
});
