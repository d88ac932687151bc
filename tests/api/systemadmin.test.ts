import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('system administration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('lists every customer with its modules for a system admin only', async () => {
    const admin = await t.kald('GET', '/api/systemadmin/kundemoduler', await t.tokenFor('admin'));
    expect(admin.statusCode).toBe(200);
    expect(
      JSON.parse(admin.body)
        .map((k: { kundeNr: number }) => k.kundeNr)
        .sort(),
    ).toEqual([657, 779, 849]);
    const kommuneadmin = await t.kald(
      'GET',
      '/api/systemadmin/kundemoduler',
      await t.tokenFor('kommuneadmin'),
    );
    expect(kommuneadmin.statusCode).toBe(403);
  });

  it('answers the chosen error for diagnostics, in the catalogue shapes', async () => {
    const auth = await t.tokenFor('admin');
    const get = (status: number) => t.kald('GET', `/api/test/fejl/${status}`, auth);
    const r400 = await get(400);
    expect(r400.statusCode).toBe(400);
    expect(JSON.parse(r400.body)).toMatchObject({
      title: 'Afprøvning af valideringsfejl',
      errors: { felt: [expect.any(String)] },
    });
    const r403 = await get(403);
    // No stray '., ': the header's full stop goes when parts follow it (issue 31).
    expect(JSON.parse(r403.body).message).not.toContain('., ');
    expect(JSON.parse(r403.body).message.split(', ')).toEqual([
      'Der er ikke de fornødne rettigheder til denne handling',
      'Afprøvning af manglende rettighed',
      'Kræver rettigheden EKSEMPEL',
    ]);
    const r500 = await get(500);
    expect(r500.statusCode).toBe(500);
    expect(JSON.parse(r500.body)).toMatchObject({
      FejlBesked: expect.any(String),
      stackTrace: expect.any(String),
    });
    expect((await get(418)).statusCode).toBe(400);
    const vand = await t.kald('GET', '/api/test/fejl/500', await t.tokenFor('vand'));
    expect(vand.statusCode).toBe(403);
  });
});
