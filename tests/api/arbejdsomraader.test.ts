import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARBEJDSOMRAADE_KONFLIKT,
  ARBEJDSOMRAADE_LAYOUT_MAKS,
  ARBEJDSOMRAADE_NAVN_MAKS,
  type Arbejdsomraade,
  arbejdsomraadeSchema,
  navnOptaget,
} from '../../src/contract/arbejdsomraader';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

const MORGEN = 'v=1&t=/validering/vandproever&t=/virksomheder&w=r60-40(0,1)&f=1';
const RAPPORT = 'v=1&t=/rapport/vandoppumpet?kolonner=anlaeg,maengde&filter=aar%3D2025&f=0';

/**
 * Named workspaces (issue 34): saved per user and customer, listed in Danish order, one start layout,
 * names unique per user regardless of case (Danish 400), renames and deletes from the version seen
 * (409), and no other user's or customer's workspace reachable (404).
 */
describe.each(dbTargets())('named workspaces on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, tok[user], body);
  const opret = async (user: string, navn: string, layout = MORGEN, start?: boolean) => {
    const r = await req('POST', 'arbejdsomraader', user, { navn, layout, start });
    expect(r.statusCode, r.body).toBe(201);
    return arbejdsomraadeSchema.parse(json(r));
  };
  const liste = async (user: string) => {
    const r = await req('GET', 'arbejdsomraader', user);
    expect(r.statusCode).toBe(200);
    return arbejdsomraadeSchema.array().parse(json(r));
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    for (const u of ['vand', 'virksomhed', 'laeser']) tok[u] = await t.tokenFor(u);
    // The same user in two customers.
    tok.adminSkive = await t.tokenFor('admin', 779);
    tok.adminHerning = await t.tokenFor('admin', 657);
  });
  afterAll(async () => t?.close());

  it('saves a layout under a name and gives it back, in the list and by id', async () => {
    const ny = await opret('vand', 'Morgenvalidering');
    expect(ny).toMatchObject({ navn: 'Morgenvalidering', layout: MORGEN, start: false });
    expect(ny.version).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(ny.aendret))).toBe(false);
    const en = await req('GET', `arbejdsomraader/${ny.id}`, 'vand');
    expect(en.statusCode).toBe(200);
    expect(json(en)).toEqual(ny);
    expect((await liste('vand')).map((a) => a.navn)).toContain('Morgenvalidering');
    // A report's filters travel inside its tile's path.
    const rapport = await opret('vand', 'Oppumpet 2025', RAPPORT);
    expect(rapport.layout).toBe(RAPPORT);
  });

  it('trims the name and lists the workspaces in Danish order (Æ, Ø, Å last)', async () => {
    for (const navn of ['Ørsted-tjek', 'aftenrunde', 'Åbne sager', 'Boringer']) await opret('laeser', navn);
    const trimmet = await opret('laeser', '  Zebra  ');
    expect(trimmet.navn).toBe('Zebra');
    expect((await liste('laeser')).map((a) => a.navn)).toEqual([
      'aftenrunde',
      'Boringer',
      'Zebra',
      'Ørsted-tjek',
      'Åbne sager',
    ]);
  });

  it('refuses a name the user has already used, in any case, with a Danish 400', async () => {
    await opret('virksomhed', 'Tilsyn i dag');
    const r = await req('POST', 'arbejdsomraader', 'virksomhed', { navn: 'TILSYN I DAG', layout: MORGEN });
    expect(r.statusCode).toBe(400);
    expect(json(r).errors.navn).toEqual([navnOptaget('TILSYN I DAG')]);
    expect(json(r).errors.navn[0]).toBe("Der findes allerede et arbejdsområde med navnet 'TILSYN I DAG'");
    // Another user may use the same name.
    await opret('vand', 'Tilsyn i dag');
  });

  it('bounds the name and checks the layout, in Danish', async () => {
    const cases: [unknown, string, string][] = [
      [{ navn: '', layout: MORGEN }, 'navn', 'Navnet er påkrævet'],
      [{ navn: '   ', layout: MORGEN }, 'navn', 'Navnet er påkrævet'],
      [
        { navn: 'x'.repeat(ARBEJDSOMRAADE_NAVN_MAKS + 1), layout: MORGEN },
        'navn',
        `Navnet må højst være ${ARBEJDSOMRAADE_NAVN_MAKS} tegn`,
      ],
      [{ navn: 'a\nb', layout: MORGEN }, 'navn', 'Navnet indeholder ugyldige tegn'],
      [{ layout: MORGEN }, 'navn', 'Navnet er påkrævet'],
      [{ navn: 'Uden layout' }, 'layout', 'Layoutet er påkrævet'],
      [{ navn: 'Tomt', layout: '' }, 'layout', 'Layoutet er påkrævet'],
      [{ navn: 'Ingen felter', layout: 'v=1&f=0' }, 'layout', 'Layoutet skal have mindst ét felt (t)'],
      [
        { navn: 'Ingen version', layout: 't=/virksomheder' },
        'layout',
        'Layoutet mangler sin formatversion (v)',
      ],
      [{ navn: 'Relativ', layout: 'v=1&t=virksomheder' }, 'layout', 'Hvert felts sti skal begynde med /'],
      [
        { navn: 'Fokus', layout: 'v=1&t=/virksomheder&f=3' },
        'layout',
        'Det fokuserede felt (f) findes ikke i layoutet',
      ],
      [
        { navn: 'Langt', layout: `v=1&t=/${'a'.repeat(ARBEJDSOMRAADE_LAYOUT_MAKS)}` },
        'layout',
        `Layoutet må højst være ${ARBEJDSOMRAADE_LAYOUT_MAKS} tegn`,
      ],
      [{ navn: 'Mange', layout: `v=1${'&t=/'.repeat(25)}` }, 'layout', 'Layoutet må højst have 24 felter'],
      [{ navn: 'Start', layout: MORGEN, start: 'ja' }, 'start', 'Start skal være ja eller nej'],
    ];
    for (const [body, felt, besked] of cases) {
      const r = await req('POST', 'arbejdsomraader', 'virksomhed', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(r).errors[felt], JSON.stringify(body)).toContain(besked);
    }
    const ord = await req('GET', 'arbejdsomraader/abc', 'virksomhed');
    expect(ord.statusCode).toBe(400);
    const uden = await req('DELETE', 'arbejdsomraader/1', 'virksomhed');
    expect(uden.statusCode).toBe(400);
    expect(json(uden).errors.version).toEqual(['version skal sendes med (den version du har slettet)']);
  });

  it('renames from the version seen; a stale version answers 409 and changes nothing', async () => {
    const a = await opret('vand', 'Eftermiddag');
    const r = await req('PUT', `arbejdsomraader/${a.id}`, 'vand', {
      navn: 'Eftermiddagsrunde',
      layout: a.layout,
      start: a.start,
      version: a.version,
    });
    expect(r.statusCode, r.body).toBe(200);
    const omdoebt = arbejdsomraadeSchema.parse(json(r));
    expect(omdoebt.navn).toBe('Eftermiddagsrunde');
    expect(omdoebt.version).not.toBe(a.version);
    const gammel = await req('PUT', `arbejdsomraader/${a.id}`, 'vand', {
      navn: 'Noget tredje',
      layout: a.layout,
      version: a.version,
    });
    expect(gammel.statusCode).toBe(409);
    expect(json(gammel).message).toBe(ARBEJDSOMRAADE_KONFLIKT);
    expect(json(await req('GET', `arbejdsomraader/${a.id}`, 'vand')).navn).toBe('Eftermiddagsrunde');
    // Renaming to its own name in another case is no clash; to another's name is.
    const sig = await req('PUT', `arbejdsomraader/${a.id}`, 'vand', {
      navn: 'EFTERMIDDAGSRUNDE',
      layout: a.layout,
      version: omdoebt.version,
    });
    expect(sig.statusCode).toBe(200);
    const kollision = await req('PUT', `arbejdsomraader/${a.id}`, 'vand', {
      navn: 'morgenvalidering',
      layout: a.layout,
      version: json(sig).version,
    });
    expect(kollision.statusCode).toBe(400);
    expect(json(kollision).errors.navn).toEqual([navnOptaget('morgenvalidering')]);
  });

  it('keeps at most one start layout per user and customer', async () => {
    const a = await opret('adminSkive', 'Start A', MORGEN, true);
    expect(a.start).toBe(true);
    const b = await opret('adminSkive', 'Start B');
    const r = await req('PUT', `arbejdsomraader/${b.id}`, 'adminSkive', {
      navn: b.navn,
      layout: b.layout,
      start: true,
      version: b.version,
    });
    expect(r.statusCode, r.body).toBe(200);
    const efter = await liste('adminSkive');
    expect(efter.filter((x) => x.start).map((x) => x.navn)).toEqual(['Start B']);
    // A's mark was taken away, so the version A's holder saw is stale now.
    const gammelA = await req('PUT', `arbejdsomraader/${a.id}`, 'adminSkive', {
      navn: a.navn,
      layout: a.layout,
      start: true,
      version: a.version,
    });
    expect(gammelA.statusCode).toBe(409);
    // A new workspace saved as start takes the mark too.
    await opret('adminSkive', 'Start C', MORGEN, true);
    expect((await liste('adminSkive')).filter((x) => x.start).map((x) => x.navn)).toEqual(['Start C']);
    // The same user's start layout in another customer is its own.
    await opret('adminHerning', 'Herning start', MORGEN, true);
    expect((await liste('adminSkive')).filter((x) => x.start).map((x) => x.navn)).toEqual(['Start C']);
  });

  it('deletes from the version seen: stale 409, then 204, then 404', async () => {
    const a = await opret('vand', 'Midlertidig');
    const omdoebt = json(
      await req('PUT', `arbejdsomraader/${a.id}`, 'vand', {
        navn: 'Midlertidig 2',
        layout: MORGEN,
        version: a.version,
      }),
    ) as Arbejdsomraade;
    const gammel = await req('DELETE', `arbejdsomraader/${a.id}?version=${a.version}`, 'vand');
    expect(gammel.statusCode).toBe(409);
    expect(json(gammel).message).toBe(ARBEJDSOMRAADE_KONFLIKT);
    const r = await req('DELETE', `arbejdsomraader/${a.id}?version=${omdoebt.version}`, 'vand');
    expect(r.statusCode).toBe(204);
    expect((await req('GET', `arbejdsomraader/${a.id}`, 'vand')).statusCode).toBe(404);
    expect((await liste('vand')).some((x) => x.id === a.id)).toBe(false);
    const igen = await req('DELETE', `arbejdsomraader/${a.id}?version=${omdoebt.version}`, 'vand');
    expect(igen.statusCode).toBe(404);
  });

  it("answers 404 to another user's or another customer's workspace, and lists only one's own", async () => {
    const egen = await opret('vand', 'Kun min');
    const fremmed = 'virksomhed';
    const svar = [
      await req('GET', `arbejdsomraader/${egen.id}`, fremmed),
      await req('PUT', `arbejdsomraader/${egen.id}`, fremmed, {
        navn: 'Overtaget',
        layout: MORGEN,
        version: egen.version,
      }),
      await req('DELETE', `arbejdsomraader/${egen.id}?version=${egen.version}`, fremmed),
    ];
    for (const r of svar) {
      expect(r.statusCode).toBe(404);
      expect(json(r).message).toBe('Arbejdsområdet blev ikke fundet');
    }
    expect((await liste(fremmed)).some((x) => x.id === egen.id)).toBe(false);
    expect(json(await req('GET', `arbejdsomraader/${egen.id}`, 'vand')).navn).toBe('Kun min');
    // The same user in another customer: the workspace belongs to the customer it was made in.
    const skive = await opret('adminSkive', 'Skive-layout');
    expect((await req('GET', `arbejdsomraader/${skive.id}`, 'adminHerning')).statusCode).toBe(404);
    expect((await liste('adminHerning')).map((x) => x.navn)).toEqual(['Herning start']);
  });

  it('answers 401 without a token', async () => {
    const r = await t.kald('GET', '/api/arbejdsomraader');
    expect(r.statusCode).toBe(401);
  });
});
