import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fordel, forskelLinjer, medProfil, pakke } from '../bench/profil';

/** The benches' --profil (issue 32): self time per package, per call, API beside direct. */
describe('bench profile summary', () => {
  it('names a frame by its package, node module, project file or generated code', () => {
    expect(pakke({ functionName: 'x', url: 'file:///w/node_modules/drizzle-orm/sql/sql.js' })).toBe(
      'drizzle-orm',
    );
    expect(
      pakke({ functionName: 'x', url: '/w/node_modules/.pnpm/@x/y/node_modules/@fastify/ajv/index.js' }),
    ).toBe('@fastify/ajv');
    expect(pakke({ functionName: 'emit', url: 'node:events' })).toBe('node:events');
    expect(pakke({ functionName: 'anonymous3', url: '' })).toBe('(genereret kode)');
    expect(pakke({ functionName: '(garbage collector)', url: '' })).toBe('(garbage collector)');
    expect(pakke({ functionName: 'f', url: `file://${path.join(process.cwd(), 'src/server/app.ts')}` })).toBe(
      path.join('src', 'server', 'app.ts'),
    );
  });

  it('adds up self time per package from the samples, and prints per call the largest differences first', () => {
    const profil = {
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '' } },
        { id: 2, callFrame: { functionName: 'q', url: '/w/node_modules/pg/lib/client.js' } },
        { id: 3, callFrame: { functionName: 'send', url: '/w/node_modules/fastify/lib/reply.js' } },
        { id: 4, callFrame: { functionName: '(idle)', url: '' } },
      ],
      samples: [2, 3, 2, 4, 3],
      timeDeltas: [100, 50, 100, 1000, 50],
    };
    const api = fordel(profil);
    expect(Object.fromEntries(api)).toEqual({ pg: 200, fastify: 100, '(idle)': 1000 });
    const direkte = fordel({ ...profil, samples: [2, 2, 4], timeDeltas: [100, 100, 10] });
    // 2 API calls, 4 direct: pg 100 µs against 50, fastify 50 against 0; idle is not CPU.
    const linjer = forskelLinjer({ fordeling: api, kald: 2 }, { fordeling: direkte, kald: 4 });
    expect(linjer[0]).toMatch(/API +150 µs, direkte +50 µs/);
    expect(linjer.slice(2, 4).map((l) => l.trim().split(/\s+/))).toEqual([
      ['500', '3', '498', '(idle)'],
      ['100', '50', '50', 'pg'],
    ]);
  });

  it('profiles the main thread while the work runs', async () => {
    const { svar, fordeling } = await medProfil(async () => {
      const t0 = performance.now();
      let x = 0;
      while (performance.now() - t0 < 50) x += Math.sqrt(x + 1);
      return x > 0;
    });
    expect(svar).toBe(true);
    const iAlt = [...fordeling.values()].reduce((a, b) => a + b, 0);
    expect(iAlt).toBeGreaterThan(30_000);
  });
});
