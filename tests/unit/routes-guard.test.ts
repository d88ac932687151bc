import { describe, expect, it } from 'vitest';
import { type GuardInput, guard, resolveNavigation } from '../../src/app/routes/guard';
import { ressourcerFor } from '../../src/contract/roles';
import { DEMO_BRUGERE } from '../../src/server/db/demo-brugere';
import { expectedRules, readRoutesTsv, rulesHold, sampleUrl } from './routes-spec';

const rows = readRoutesTsv();

const ressourcerOf = (username: string) =>
  ressourcerFor(DEMO_BRUGERE.find((b) => b.username === username)?.roller ?? []);

/** A logged-in, loaded user without a stored target. */
const as = (username: string, url: string, extra: Partial<GuardInput> = {}): GuardInput => ({
  url,
  hasToken: true,
  activeUserLoaded: true,
  ressourcer: ressourcerOf(username),
  ...extra,
});
const anonymous = (url: string): GuardInput => ({
  url,
  hasToken: false,
  activeUserLoaded: false,
  ressourcer: new Set(),
});

describe('guard without a token', () => {
  it.each(['/login', '/swecologin', '/stslogin?userid=abc', '/stslogin', '/stserror', '/logout', '/LOGIN/'])(
    '%s is reachable',
    (url) => {
      const r = guard(anonymous(url));
      expect(r.decision.kind).toBe('allow');
      expect(r.requestedRoute).toBe(url);
    },
  );

  it.each(['/', '/virksomheder', '/admin', '/404', '/ingenadgang', '/nope', '/virksomheder/abc'])(
    '%s redirects to login',
    (url) => {
      const r = guard(anonymous(url));
      expect(r.decision).toEqual({ kind: 'redirect', to: '/login', reason: 'login' });
      expect(r.requestedRoute).toBe(url);
      // the URL asked for is handed on, to come back to after the sign-in
      expect(r.signInTarget).toBe(url);
    },
  );

  it('hands on a shared link with its whole layout, through resolveNavigation too', () => {
    const link = '/vandanlaeg/3/maengder?v=1&t=/virksomheder/12/stamoplysninger&t=/vandanlaeg/3/maengder&f=1';
    const r = resolveNavigation(anonymous(link));
    expect(r.redirects).toEqual(['/login']);
    expect(r.signInTarget).toBe(link);
    expect(r.requestedRoute).toBe(link);
    // the login page itself asks for nothing
    expect(resolveNavigation(anonymous('/login')).signInTarget).toBeNull();
  });

  it('hands the stslogin view its userid', () => {
    const d = guard(anonymous('/stslogin?userid=sts%2042')).decision;
    expect(d).toMatchObject({ kind: 'allow', params: { userid: 'sts 42' }, path: '/stslogin?userid=sts+42' });
  });
});

describe('guard with a token', () => {
  it('loads the active user first', () => {
    expect(guard(as('vand', '/vandanlaeg', { activeUserLoaded: false })).decision).toEqual({
      kind: 'loadUser',
    });
    expect(guard(as('vand', '/nope', { activeUserLoaded: false })).decision).toEqual({ kind: 'loadUser' });
    // with a token, nothing is handed on for after a sign-in
    expect(guard(as('vand', '/vandanlaeg', { activeUserLoaded: false })).signInTarget).toBeNull();
  });

  it.each(['/nope', '/virksomheder/abc', '/vandanlaeg/1/ukendt', '/admin/frasebibliotek/1/2'])(
    '%s redirects to /404',
    (url) => {
      expect(guard(as('admin', url)).decision).toEqual({ kind: 'redirect', to: '/404', reason: '404' });
      expect(resolveNavigation(as('admin', url)).decision).toMatchObject({
        kind: 'allow',
        route: { name: 'notfound' },
      });
    },
  );

  it('a tab shown only with a further right refuses a link to it without that right', () => {
    // The status tabs of /frister and the map links: their calls refuse the others (spec 000 §2.3).
    expect(guard(as('kommuneadmin', '/frister/jupiterstatus')).decision).toMatchObject({
      to: '/ingenadgang',
    });
    expect(guard(as('vand', '/frister/dmastatus')).decision).toMatchObject({ to: '/ingenadgang' });
    expect(guard(as('virksomhed', '/frister/opfoelgning')).decision.kind).toBe('allow');
    expect(guard(as('vand', '/frister/jupiterstatus')).decision.kind).toBe('allow');
    expect(guard(as('kommuneadmin', '/frister/dmastatus')).decision.kind).toBe('allow');
  });

  it('refuses with /ingenadgang before applying a redirect', () => {
    expect(guard(as('laeser', '/admin')).decision).toEqual({
      kind: 'redirect',
      to: '/ingenadgang',
      reason: 'ingenadgang',
    });
    expect(guard(as('vand', '/virksomheder')).decision).toMatchObject({ to: '/ingenadgang' });
    expect(guard(as('kommuneadmin', '/systemadmin/kundemoduler')).decision).toMatchObject({
      to: '/ingenadgang',
    });
    expect(resolveNavigation(as('laeser', '/admin')).decision).toMatchObject({
      route: { name: 'ingenadgang' },
    });
  });

  it.each([
    ['/virksomheder/5', '/virksomheder/5/stamoplysninger'],
    ['/landbrug/5/', '/landbrug/5/stamoplysninger'],
    ['/affaldstilsyn/5', '/affaldstilsyn/5/affaldstilsyn'],
    ['/vandanlaeg/5', '/vandanlaeg/5/stamoplysninger'],
    ['/planlaegningsperioder/5', '/planlaegningsperioder/5/oversigt'],
    ['/Admin', '/admin/frasebibliotek'],
    ['/validering', '/validering/vandproever'],
    ['/fakturering', '/fakturering/fakturaforslagliste'],
    ['/rapport', '/rapport/tilsyn'],
    ['/frister/', '/frister/opfoelgning'],
  ])('redirects %s to %s', (url, to) => {
    expect(guard(as('admin', url)).decision).toEqual({ kind: 'redirect', to, reason: 'redirect' });
    expect(resolveNavigation(as('admin', url))).toMatchObject({
      decision: { kind: 'allow', path: to },
      redirects: [to],
      requestedRoute: url,
    });
  });

  it('allows with the canonical spelling of the path', () => {
    expect(guard(as('kommuneadmin', '/admin/jupiterCertifikat/')).decision).toMatchObject({
      kind: 'allow',
      route: { name: 'admin-jupitercertifikat' },
      path: '/admin/JupiterCertifikat',
    });
    expect(guard(as('admin', '/VIRKSOMHEDER?side=2')).decision).toMatchObject({
      path: '/virksomheder?side=2',
      search: '?side=2',
    });
  });

  it('hand-written cases', () => {
    const final = (username: string, url: string) => {
      const d = resolveNavigation(as(username, url)).decision;
      return d.kind === 'allow' ? d.route.name : d.kind;
    };
    expect(final('laeser', '/admin')).toBe('ingenadgang');
    expect(final('vand', '/vandanlaeg/1/maengder')).toBe('vandanlaeg-maengder');
    expect(final('vand', '/virksomheder')).toBe('ingenadgang');
    expect(final('vand', '/validering')).toBe('validering-vandproever');
    expect(final('laeser', '/virksomheder/9')).toBe('virksomhed-stamoplysninger');
    expect(final('oekonomi', '/fakturering/gebyrtyper/3')).toBe('fakturering-gebyrtyper');
    expect(final('multi', '/fakturering/gebyrtyper')).toBe('ingenadgang');
    expect(final('admin', '/systemadmin/kundemoduler')).toBe('kundemoduler');
  });
});

describe('every demo user on every route', () => {
  it.each(DEMO_BRUGERE.map((b) => b.username))('%s is let in or refused as the TSV says', (username) => {
    for (const row of rows) {
      const url = sampleUrl(row.path);
      const decision = guard(as(username, url)).decision;
      const allowed = rulesHold(expectedRules(rows, row), ressourcerOf(username));
      if (!allowed) expect(decision, `${username} ${url}`).toMatchObject({ reason: 'ingenadgang' });
      else expect(['allow', 'redirect'], `${username} ${url}`).toContain(decision.kind);
      if (decision.kind === 'redirect' && allowed) expect(decision.reason, url).toBe('redirect');
    }
  });
});
