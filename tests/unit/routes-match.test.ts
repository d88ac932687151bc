import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPath, matchRoute, toPattern } from '../../src/app/routes/match';
import { findRoute, ROUTES } from '../../src/app/routes/route-table';
import { readRoutesTsv, sampleParams, sampleUrl, tsvParams } from './routes-spec';

const rows = readRoutesTsv();

describe('matchRoute', () => {
  it.each(rows)('$path resolves from a hand-written URL, with and without optional params', (row) => {
    for (const withOptional of [true, false]) {
      const match = matchRoute(sampleUrl(row.path, withOptional));
      expect(match?.route.path).toBe(row.path);
      expect(match?.params).toEqual(sampleParams(row.path, withOptional));
    }
  });

  it('is case-insensitive (notifications link to /admin/jupiterCertifikat)', () => {
    expect(matchRoute('/admin/jupiterCertifikat')?.route.name).toBe('admin-jupitercertifikat');
    expect(matchRoute('/admin/brugeradministration')?.route.name).toBe('admin-brugeradministration');
    expect(matchRoute('/VANDANLAEG/42/Indtag/7')).toMatchObject({
      route: { name: 'vandanlaeg-indtag' },
      params: { id: '42', boringid: '7' },
    });
  });

  it('tolerates a trailing slash and ignores query and hash', () => {
    expect(matchRoute('/virksomheder/5/')).toMatchObject({
      route: { name: 'virksomhed-detalje' },
      params: { id: '5' },
    });
    expect(matchRoute('/virksomheder?side=2#top')?.route.name).toBe('virksomheder');
    expect(matchRoute('/')?.route.name).toBe('home');
  });

  it('decodes params', () => {
    expect(matchRoute('/validering/kontaktpersoner/12/S%C3%B8ren%20%C3%98%2F1')?.params).toEqual({
      jupiterkontaktpersonid: '12',
      kontaktpersonnavn: 'Søren Ø/1',
    });
  });

  it('reads /stslogin?userid= from the query', () => {
    expect(matchRoute('/stslogin?userid=a%20b')).toMatchObject({
      route: { name: 'stslogin' },
      params: { userid: 'a b' },
    });
    expect(matchRoute('/stslogin')).toMatchObject({ route: { name: 'stslogin' }, params: {} });
    expect(matchRoute('/stslogin?userid=')?.params).toEqual({});
  });

  it('matches nothing for unknown paths and invalid params', () => {
    for (const url of [
      '/nope',
      '/virksomheder/abc',
      '/virksomheder/0',
      '/virksomheder/5/ukendt',
      '/vandanlaeg/1/indtag/2/3',
      '/validering/kontaktpersoner/Hans', // a name needs the contact person id before it
      '/validering/kontaktpersoner/1/%E0%A4%A', // malformed escape
      '/admin//frasebibliotek',
    ]) {
      expect(matchRoute(url), url).toBeNull();
    }
  });
});

describe('buildPath', () => {
  it('writes paths as the spec writes them', () => {
    expect(buildPath('vandanlaeg-indtag', { id: 42, boringid: 7 })).toBe('/vandanlaeg/42/indtag/7');
    expect(buildPath('/vandanlaeg/:id/indtag/:boringid?', { id: '42' })).toBe('/vandanlaeg/42/indtag');
    expect(buildPath('vandanlaeg-indtag', { id: 42, boringid: null })).toBe('/vandanlaeg/42/indtag');
    expect(buildPath('admin-brugeradministration')).toBe('/admin/BrugerAdministration');
    expect(buildPath('home')).toBe('/');
    expect(buildPath('notfound')).toBe('/404');
    expect(
      buildPath('validering-kontaktpersoner', { jupiterkontaktpersonid: 12, kontaktpersonnavn: 'Søren Ø/1' }),
    ).toBe('/validering/kontaktpersoner/12/S%C3%B8ren%20%C3%98%2F1');
    expect(buildPath('stslogin', { userid: 'a b' })).toBe('/stslogin?userid=a+b');
    expect(buildPath('stslogin')).toBe('/stslogin');
  });

  it('refuses params the route does not accept', () => {
    expect(() => buildPath('virksomhed-detalje')).toThrow();
    expect(() => buildPath('virksomhed-detalje', { id: 'abc' })).toThrow();
    expect(() => buildPath('virksomhed-detalje', { id: 5, tilsynid: 3 })).toThrow();
    expect(() => buildPath('validering-kontaktpersoner', { kontaktpersonnavn: 'Hans' })).toThrow();
    // @ts-expect-error route names are checked at compile time
    expect(() => buildPath('virksomhed-nope')).toThrow();
  });

  it('converts optional params to path-to-regexp v8 groups', () => {
    expect(toPattern('/vandanlaeg/:id/indtag/:boringid?')).toBe('/vandanlaeg/:id/indtag{/:boringid}');
    expect(toPattern('/validering/kontaktpersoner/:jupiterkontaktpersonid?/:kontaktpersonnavn?')).toBe(
      '/validering/kontaktpersoner{/:jupiterkontaktpersonid}{/:kontaktpersonnavn}',
    );
    expect(toPattern('/stslogin?userid=')).toBe('/stslogin');
  });

  it('round-trips every route with any valid params (property)', () => {
    const id = fc.bigInt({ min: 1n, max: 10n ** 15n - 1n }).map(String);
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 });
    const withParams = fc.constantFrom(...ROUTES).chain((route) => {
      const params = tsvParams(route.path);
      const arbs = params.map((p) => {
        const value = p.name === 'kontaktpersonnavn' || p.name === 'userid' ? text : id;
        return p.optional ? fc.option(value, { nil: undefined }) : value;
      });
      return fc.tuple(fc.constant(route), fc.tuple(...arbs)).map(([r, values]) => {
        const out: Record<string, string> = {};
        params.forEach((p, i) => {
          const v = values[i];
          if (v !== undefined) out[p.name] = v;
        });
        return [r, out] as const;
      });
    });
    fc.assert(
      fc.property(withParams, ([route, params]) => {
        fc.pre(route.params.safeParse(params).success); // e.g. a name without the id before it
        // A path value of '.' or '..' cannot travel in a URL (every parser removes the segment):
        // buildPath leaves it out, as the next test shows.
        fc.pre(
          Object.entries(params).every(([k, v]) => route.query.includes(k) || (v !== '.' && v !== '..')),
        );
        const url = buildPath(route, params);
        const back = matchRoute(url);
        expect(back?.route.name).toBe(route.name);
        expect(back?.params).toEqual(params);
        expect(findRoute(route.name)).toBe(route);
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves out a path value of '.' or '..', which no URL can carry, as an absent optional value", () => {
    const route = findRoute('validering-kontaktpersoner')!;
    for (const navn of ['.', '..']) {
      const url = buildPath(route, { jupiterkontaktpersonid: '7', kontaktpersonnavn: navn });
      expect(url).toBe('/validering/kontaktpersoner/7');
      expect(matchRoute(url)?.params).toEqual({ jupiterkontaktpersonid: '7' });
    }
    expect(buildPath(route, { jupiterkontaktpersonid: '7', kontaktpersonnavn: '.x' })).toBe(
      '/validering/kontaktpersoner/7/.x',
    );
  });
});
