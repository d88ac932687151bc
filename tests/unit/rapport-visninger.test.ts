import { describe, expect, it } from 'vitest';
import {
  gemVisning,
  laesVisninger,
  MAKS_VISNINGER,
  navnFejl,
  rapportensVisninger,
  sletVisning,
} from '../../src/app/features/rapport/visninger';

describe("a user's saved report views", () => {
  it('reads what it can from the settings and leaves the rest out', () => {
    expect(laesVisninger(null)).toEqual([]);
    expect(laesVisninger({ rapportVisninger: 'noget' })).toEqual([]);
    expect(
      laesVisninger({
        rapportVisninger: [
          { rapport: 'vandoppumpet', navn: 'Skive 2025', soeg: '?filter=x' },
          { navn: '' },
          7,
        ],
      }),
    ).toEqual([{ rapport: 'vandoppumpet', navn: 'Skive 2025', soeg: '?filter=x' }]);
  });

  it('replaces a view of the same report and name, keeps others, and sorts in Danish order', () => {
    let alle = gemVisning([], { rapport: 'vandoppumpet', navn: 'Årets tal', soeg: '?a' });
    alle = gemVisning(alle, { rapport: 'vandoppumpet', navn: 'Aabenraa', soeg: '?b' });
    alle = gemVisning(alle, { rapport: 'boringpejling', navn: 'Årets tal', soeg: '?c' });
    alle = gemVisning(alle, { rapport: 'vandoppumpet', navn: ' årets TAL ', soeg: '?d' });
    expect(rapportensVisninger(alle, 'vandoppumpet')).toEqual([
      { rapport: 'vandoppumpet', navn: 'Aabenraa', soeg: '?b' },
      { rapport: 'vandoppumpet', navn: 'årets TAL', soeg: '?d' },
    ]);
    expect(sletVisning(alle, 'vandoppumpet', 'Aabenraa').map((v) => v.soeg)).toEqual(['?c', '?d']);
  });

  it('checks the name and keeps at most the newest views', () => {
    expect(navnFejl('  ')).toBe('Giv visningen et navn');
    expect(navnFejl('x'.repeat(81))).toBe('Navnet må højst være 80 tegn');
    expect(navnFejl('Min visning')).toBeNull();
    let alle: ReturnType<typeof gemVisning> = [];
    for (let i = 0; i < MAKS_VISNINGER + 5; i++)
      alle = gemVisning(alle, { rapport: 'r', navn: `v${i}`, soeg: '' });
    expect(alle).toHaveLength(MAKS_VISNINGER);
    expect(alle[0]!.navn).toBe('v5');
  });
});
