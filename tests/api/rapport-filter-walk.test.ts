import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAPPORTER } from '../../src/contract/rapporter';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/**
 * The bad-input walk through report filters (issue 31): every filterable column of every report, with
 * every class of value (decimals, beyond int4 and int8, signs, exponents, text, empty, huge), under
 * each key it takes. No answer may be a 5xx; a value its column cannot hold is a Danish 400.
 */
/** The value classes per column type (a number column also gets a date, a date column a number). */
const VAERDIER: Record<string, string[]> = {
  tal: [
    '-1,5',
    '2147483648',
    '-9223372036854775809',
    '99999999999999999999999999999999999999',
    '1e5',
    '01-01-2026',
  ],
  dato: ['31-02-2026', '01-01-0000', '2147483648'],
  tekst: ['1,5', '2147483648'],
  valg: ['1,5', '2147483648'],
  bool: ['2147483648'],
};
/** The keys tried per column type: the type's own and one it refuses. */
const NOEGLER: Record<string, string[]> = {
  tal: ['equals', 'between'],
  dato: ['between', 'equals'],
  tekst: ['equals', 'contains', 'between'],
  valg: ['equals', 'between'],
  bool: ['equals', 'between'],
};

describe.each(dbTargets())('report filters with every value class on %s', (target) => {
  let t: TestApp;
  const tokens: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
    for (const u of ['laeser', 'vand', 'virksomhed', 'admin', 'okonomi'])
      tokens.push(await t.tokenFor(u).catch(() => ''));
  });
  afterAll(async () => t?.close());

  it('answers no 5xx for any filter value on any report column', async () => {
    const fejl: string[] = [];
    let antal = 0;
    for (const [navn, def] of Object.entries(RAPPORTER)) {
      // The first user who may read the report.
      const obligatorisk = (def.obligatoriskeFiltre ?? []).map((o) => o.standard);
      const url = (filter?: string) =>
        `/api/rapport/${navn}?take=1&filter=${encodeURIComponent([...obligatorisk, ...(filter ? [filter] : [])].join(','))}`;
      let token = '';
      for (const k of tokens.filter(Boolean)) {
        const r = await t.kald('GET', url(), k);
        if (r.statusCode === 200) {
          token = k;
          break;
        }
      }
      expect(token, `nobody reads ${navn}`).not.toBe('');
      for (const k of def.kolonner.filter((x) => x.filter)) {
        for (const v of VAERDIER[k.type] ?? []) {
          for (const filter of (NOEGLER[k.type] ?? []).map((n) =>
            n === 'between' ? `${k.navn}:between(${v}|${v})` : `${k.navn}:${n}(${v})`,
          )) {
            const r = await t.kald('GET', url(filter), token);
            antal += 1;
            if (r.statusCode >= 500) fejl.push(`${navn} ${filter}: ${r.statusCode}`);
            else if (r.statusCode === 400 && !/[æøåÆØÅ]|skal|kan ikke|værdi|Filteret|højst|tal/.test(r.body))
              fejl.push(`${navn} ${filter}: 400 without a Danish message: ${r.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(fejl).toEqual([]);
    expect(antal).toBeGreaterThan(400);
  }, 600_000);
});
